package render

import (
	"fmt"
	"strconv"

	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The listings, the home page's list of pages and each tag's, are cut into
// pages of listSize entries (scalesite.yaml), newest first, as Hugo cuts
// them: page 1 at the listing's own address (/, /tags/x/), page n at
// page/n/ under it (/page/2/, /tags/x/page/2/). Why: a listing of 10,000
// pages in one file is 9 MB of HTML, which no browser shows quickly and
// which the live preview would make again, compress and compare whenever
// one entry's title changed; cut, each file is some 40 KB, and a change
// to one entry makes its page of each listing again, and no other (each
// is keyed by the LinkSums of its own entries: listingKey).

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
// folder) and its entries, newest first.
type listing struct {
	dir   string // "" for the home page, "tags/x"
	pages []*site.Page
}

// count is how many pages the listing takes, size entries each: one at
// least, which says there are none.
func (l listing) count(size int) int {
	return max(1, (len(l.pages)+size-1)/size)
}

// slug is the folder of the listing's n-th page, as r.url takes it.
func (l listing) slug(n int) string {
	if n == 1 {
		return l.dir
	}
	if l.dir == "" {
		return "page/" + strconv.Itoa(n)
	}
	return l.dir + "/page/" + strconv.Itoa(n)
}

// outputPath is the file of the listing's n-th page.
func (l listing) outputPath(n int) string {
	if s := l.slug(n); s != "" {
		return s + "/index.html"
	}
	return "index.html"
}

// entries are the pages the listing's n-th page shows.
func (l listing) entries(n, size int) []*site.Page {
	from := min((n-1)*size, len(l.pages))
	return l.pages[from:min(from+size, len(l.pages))]
}

// pager is where the listing's n-th page stands among its pages.
func (r *renderer) pager(l listing, n int) *layout.Pager {
	size := r.listSize()
	pg := &layout.Pager{Number: n, Count: l.count(size), Total: len(l.pages)}
	if n > 1 {
		pg.Newer = r.url(l.slug(n - 1))
	}
	if n < pg.Count {
		pg.Older = r.url(l.slug(n + 1))
	}
	return pg
}

// listingKey is the key a Renderer keeps the listing's n-th page by: the
// LinkSums of its entries, its place among the listing's pages and the
// listing's length (internal/rebuild). A title changed makes again the
// one page of each listing that shows the entry; a page added or dated
// anew shifts the entries after it, and makes again each page they shift
// across.
func (r *renderer) listingKey(l listing, n int) string {
	size := r.listSize()
	return linkKey(r, l.entries(n, size)...) + "\x00" + strconv.Itoa(n) + "/" + strconv.Itoa(len(l.pages))
}

// homeListing is the listing of the home page: every page.
func (r *renderer) homeListing() listing { return listing{pages: r.site.Pages} }

// tagListing is the listing of a tag's page: its pages.
func tagListing(g tagGroup) listing { return listing{dir: "tags/" + g.Slug, pages: g.Pages} }

// homePage renders the n-th page of the home listing: index.html, with
// the prose of content/index.md, for the first; page/n/index.html, the
// list alone, for the others.
func (r *renderer) homePage(n int) (output.File, error) {
	l := r.homeListing()
	key := r.listingKey(l, n)
	if n == 1 {
		key = rebuild.PagesKey(r.site.Home) + key
	}
	return r.rr.cached(l.outputPath(n), key, func() ([]byte, error) { return r.renderHome(l, n) })
}

func (r *renderer) renderHome(l listing, n int) ([]byte, error) {
	d := &layout.Page{Site: r.data, Kind: "home", Title: r.site.Config.Title, Description: r.site.Config.Description,
		URL: r.url(l.slug(n)), Canonical: r.absURL(r.url(l.slug(n))), Pager: r.pager(l, n)}
	if h := r.site.Home; h != nil && n == 1 {
		content, err := r.content(h)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Path, err)
		}
		d.Content, d.Charts, d.Code = content, len(h.Charts), h.Code
		d.Math, d.Card = h.Math, r.card(h)
		if h.Description != "" {
			d.Description = h.Description
		}
	}
	for _, p := range l.entries(n, r.listSize()) {
		d.Pages = append(d.Pages, r.link(p))
	}
	b, err := r.theme.execute("home", d)
	if err != nil {
		return nil, fmt.Errorf("rendering %s: %w", l.outputPath(n), err)
	}
	return b, nil
}

// tagPage renders the n-th page of tag g's listing.
func (r *renderer) tagPage(g tagGroup, n int) (output.File, error) {
	l := tagListing(g)
	f, err := r.rr.cached(l.outputPath(n), g.Name+"\x00"+r.listingKey(l, n), func() ([]byte, error) {
		d := &layout.Page{Site: r.data, Kind: "tag", Title: g.Name, URL: r.url(l.slug(n)),
			Canonical:   r.absURL(r.url(l.slug(n))),
			Description: fmt.Sprintf("Pages tagged %s on %s.", g.Name, r.site.Config.Title), Pager: r.pager(l, n)}
		for _, p := range l.entries(n, r.listSize()) {
			d.Pages = append(d.Pages, r.link(p))
		}
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
	for n := 1; n <= r.homeListing().count(size); n++ {
		jobs = append(jobs, func() (output.File, error) { return r.homePage(n) })
	}
	for _, g := range groups {
		for n := 1; n <= tagListing(g).count(size); n++ {
			jobs = append(jobs, func() (output.File, error) { return r.tagPage(g, n) })
		}
	}
	return jobs
}

// listingSitemap adds to the sitemap, through entry, the pages of the
// listing l after its first (the caller lists the first with its own).
func (r *renderer) listingSitemap(l listing, entry func(path string, pages []*site.Page)) {
	size := r.listSize()
	for n := 2; n <= l.count(size); n++ {
		entry(r.url(l.slug(n)), l.entries(n, size))
	}
}
