package render

import (
	"fmt"
	"strconv"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The listings, the home page's list of pages and each tag's, are cut into
// pages of listSize entries (scalesite.yaml), numbered from the oldest:
// page/1/ under the listing's address (/page/1/, /tags/x/page/1/) holds
// its listSize oldest entries, page/2/ the next listSize, and so on; the
// listing's own address (/, /tags/x/), its first page, holds the newest
// rest: from listSize to 2·listSize−1 entries once the listing has
// listSize, so that it is never nearly empty, and every entry while it has
// fewer. Each page lists its entries newest first.
//
// Why cut: a listing of 10,000 pages in one file is 9 MB of HTML, which no
// browser shows quickly and which the live preview would make again,
// compress and compare whenever one entry's title changed; cut, each file
// is some 40 KB, and a change to one entry makes its page of each listing
// again, and no other (each is keyed by the LinkSums of its own entries:
// listingKey).
//
// Why from the oldest (Hugo numbers from the newest, so that its page n
// shows other entries after every new page): a page/n/ once full shows the
// same entries for the life of the site, so a link to it, a search
// engine's or a reader's, stays true; and a new page changes the first
// page of the home listing and of its tags' and no other, but for making
// one new full page/n/ each listSize new pages (and relinking the one
// before it), where Hugo's numbering makes every page of each listing
// again.

// listSize is how many entries each page of a listing shows.
func (r *renderer) listSize() int {
	if n := r.site.Config.ListSize; n > 0 {
		return n
	}
	return site.DefaultListSize
}

// feedPages are the pages the feed carries: the newest feedSize.
func (r *renderer) feedPages() []*site.Page {
	n := r.site.Config.FeedSize
	if n <= 0 {
		n = site.DefaultFeedSize
	}
	return r.site.Pages[:min(n, len(r.site.Pages))]
}

// listing is one listing cut into pages: its address (r.url of its
// folder) and its entries, newest first. Its pages are numbered as above:
// 0 is the first page, at the listing's address, and n ≥ 1 is page/n/,
// full, n = 1 the oldest.
type listing struct {
	dir   string // "" for the home page, "tags/x"
	pages []*site.Page
}

// full is how many full pages (page/1/ … page/full/) the listing has
// besides its first: none while it has fewer than 2·size entries.
func (l listing) full(size int) int {
	return max(0, len(l.pages)/size-1)
}

// count is how many pages the listing takes: its full pages and its
// first, which says there are none when it has no entries.
func (l listing) count(size int) int {
	return l.full(size) + 1
}

// slug is the folder of the listing's page n, as r.url takes it.
func (l listing) slug(n int) string {
	if n == 0 {
		return l.dir
	}
	if l.dir == "" {
		return "page/" + strconv.Itoa(n)
	}
	return l.dir + "/page/" + strconv.Itoa(n)
}

// outputPath is the file of the listing's page n.
func (l listing) outputPath(n int) string {
	if s := l.slug(n); s != "" {
		return s + "/index.html"
	}
	return "index.html"
}

// bounds are the indexes in l.pages (newest first) of the entries the
// listing's page n shows: l.pages[from:to].
func (l listing) bounds(n, size int) (from, to int) {
	total := len(l.pages)
	if n == 0 {
		return 0, total - l.full(size)*size
	}
	return total - n*size, total - (n-1)*size
}

// entries are the pages the listing's page n shows, newest first.
func (l listing) entries(n, size int) []*site.Page {
	from, to := l.bounds(n, size)
	return l.pages[from:to]
}

// pageOf is the page of a listing of total entries that shows its entry
// at index i (newest first): 0, the first, or the full page n.
func pageOf(i, total, size int) int {
	n := (total-1-i)/size + 1 // counted from the oldest
	if n > max(0, total/size-1) {
		return 0
	}
	return n
}

// pager is where the listing's page n stands among its pages. A full page
// says nothing that changes with the entries newer than its own (its
// number, its entries counted from the oldest, its older neighbour), but
// for its newer neighbour when it is the newest full page: it stays as it
// is while pages are added.
func (r *renderer) pager(l listing, n int) *layout.Pager {
	size := r.listSize()
	from, to := l.bounds(n, size)
	total := len(l.pages)
	pg := &layout.Pager{Number: n, Count: l.count(size), Total: total, From: total - to + 1, To: total - from}
	switch full := l.full(size); {
	case n == 0:
		if full > 0 {
			pg.Older = r.url(l.slug(full))
		}
	case n == full:
		pg.Newer = r.url(l.slug(0))
	default:
		pg.Newer = r.url(l.slug(n + 1))
	}
	if n > 1 {
		pg.Older = r.url(l.slug(n - 1))
	}
	return pg
}

// homeListing is the listing of the home page: every page.
func (r *renderer) homeListing() listing { return listing{pages: r.site.Pages} }

// tagListing is the listing of a tag's page: its pages.
func tagListing(g tagGroup) listing { return listing{dir: "tags/" + g.Slug, pages: g.Pages} }

// homePage renders page n of the home listing: index.html, with the
// prose of content/index.md, for the first (0); page/n/index.html, the
// list alone, for the others.
func (r *renderer) homePage(n int) (output.File, error) {
	l := r.homeListing()
	key, list := r.homeKey(n)
	return r.rr.cachedList(l.outputPath(n), key, list, func() ([]byte, error) { return r.renderHome(l, n) })
}

func (r *renderer) renderHome(l listing, n int) ([]byte, error) {
	d := &layout.Page{Site: r.data, Kind: "home", Title: r.site.Config.Title, Description: r.site.Config.Description,
		URL: r.url(l.slug(n)), Canonical: r.absURL(r.url(l.slug(n))), Pager: r.pager(l, n)}
	var fonts mathFonts
	if h := r.site.Home; h != nil && n == 0 {
		hb, err := r.homeBody()
		if err != nil {
			return nil, atPage(h.Path, err)
		}
		content, err := r.content(hb)
		if err != nil {
			return nil, atPage(h.Path, err)
		}
		d.Content, d.Charts, d.Code = content, len(h.Charts), h.Code
		d.ChartScripts = chartScripts(hb.Charts)
		d.Math, d.Card = h.Math, r.card(hb)
		fonts.addBody(hb)
		if h.Description != "" {
			d.Description = h.Description
		}
	}
	for _, p := range l.entries(n, r.listSize()) {
		d.Pages = append(d.Pages, r.listedLink(p))
		d.Math = d.Math || p.TitleHTML != ""
		fonts.add(p.TitleHTML)
	}
	if d.Math {
		d.MathFonts = fonts.urls(r.site.Config.BasePath)
	}
	b, err := r.theme.execute("home", d)
	if err != nil {
		return nil, fmt.Errorf("rendering %s: %w", l.outputPath(n), err)
	}
	return b, nil
}

// tagPage renders page n of tag g's listing.
func (r *renderer) tagPage(g tagGroup, n int) (output.File, error) {
	l := tagListing(g)
	key, list := r.tagPageKey(g, n)
	f, err := r.rr.cachedList(l.outputPath(n), key, list, func() ([]byte, error) {
		d := &layout.Page{Site: r.data, Kind: "tag", Title: g.Name, URL: r.url(l.slug(n)),
			Canonical:   r.absURL(r.url(l.slug(n))),
			Description: fmt.Sprintf("Pages tagged %s on %s.", g.Name, r.site.Config.Title), Pager: r.pager(l, n)}
		var fonts mathFonts
		for _, p := range l.entries(n, r.listSize()) {
			d.Pages = append(d.Pages, r.listedLink(p))
			d.Math = d.Math || p.TitleHTML != ""
			fonts.add(p.TitleHTML)
		}
		d.MathFonts = fonts.urls(r.site.Config.BasePath)
		return r.theme.execute("tag", d)
	})
	if err != nil {
		return f, fmt.Errorf("rendering the page of tag %q: %w", g.Name, err)
	}
	return f, nil
}

// listingJobs are the work of rendering each page of the home listing
// and of each tag's.
func (r *renderer) listingPageJobs(groups []tagGroup) []func() (output.File, error) {
	size := r.listSize()
	var jobs []func() (output.File, error)
	for n := range r.homeListing().count(size) {
		jobs = append(jobs, func() (output.File, error) { return r.homePage(n) })
	}
	for _, g := range groups {
		for n := range tagListing(g).count(size) {
			jobs = append(jobs, func() (output.File, error) { return r.tagPage(g, n) })
		}
	}
	return jobs
}

// listingSitemap adds to the sitemap, through entry, the slug of each full
// page of the listing l, page/1/ first (the caller lists the first page
// with its own).
func (r *renderer) listingSitemap(l listing, entry func(slug string, pages []*site.Page)) {
	size := r.listSize()
	for n := 1; n <= l.full(size); n++ {
		entry(l.slug(n), l.entries(n, size))
	}
}
