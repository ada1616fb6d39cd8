package render

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The keys a Renderer keeps the files it made by, and makes them again
// when they change, each computed by one function here; internal/rebuild
// states every rule they serve, and the build's manifest takes the key of
// a page's neighbours (neighboursKey) and the site-wide facts (Facts) from
// here too.

// SiteFacts are what the layouts show of the site as a whole on every
// page, besides its config: whether any page has tags (the footer links
// the tags index) and whether the built-in search page exists (a page of
// the site's own at search/ takes its place). Both rebuild mechanisms go
// by them (see internal/rebuild): they are part of the build's site key,
// and a Renderer that rendered a site with other facts does not Fit.
type SiteFacts struct {
	HasTags bool
	Search  bool
}

// Facts are the SiteFacts of s.
func Facts(s *site.Site) SiteFacts {
	f := SiteFacts{Search: hasSearchPage(s)}
	for _, p := range s.Pages {
		if len(p.Tags) > 0 {
			f.HasTags = true
			break
		}
	}
	return f
}

// pageKey is the key a Renderer keeps the i-th page's file by: the page
// itself, and its neighbours through the links to them only (see
// internal/rebuild).
func (r *renderer) pageKey(i int) string {
	prev, next := r.neighbours(i)
	return pagesKey(r.site.Pages[i]) + r.neighboursKey(prev, next)
}

// pagesKey is the rebuild.PagesKey of page p, from its Key (what
// rendering it reads of the site, never where it is in memory): a page
// read again keeps its key when nothing it reads changed, and a new page
// at a freed page's address has a key of its own. A nil page (none) has
// the zero key, which no loaded page has.
func pagesKey(p *site.Page) string {
	if p == nil {
		return rebuild.PagesKey([32]byte{})
	}
	return rebuild.PagesKey(p.Key)
}

// neighbours are the i-th page's next older page prev and next newer one
// next (either may be nil).
func (r *renderer) neighbours(i int) (prev, next *site.Page) {
	if i > 0 {
		next = r.site.Pages[i-1]
	}
	if i+1 < len(r.site.Pages) {
		prev = r.site.Pages[i+1]
	}
	return prev, next
}

// neighboursKey is the key of what a page shows of its neighbours, the
// next older page prev and the next newer one next (either may be nil):
// the one key of it in both mechanisms (see internal/rebuild), the
// Renderer's (renderer.page, Stale) and the build's manifest (Stream hands
// it to PageSource.Keep and Rendered).
func (r *renderer) neighboursKey(prev, next *site.Page) string {
	return r.oneLinkKey(prev) + r.oneLinkKey(next)
}

// oneLinkKey is the key of one neighbour's link: its LinkSum, or a key of
// its own for none.
func (r *renderer) oneLinkKey(p *site.Page) string {
	if p == nil {
		return "-"
	}
	k := r.linkSum(p)
	return string(k[:])
}

// linkSum is a checksum of what listings show of one page
// (rebuild.LinkSum).
type linkSum = [16]byte

// listedPage is p's entry in listings and its LinkSum, made once per
// page by a Renderer that remembers: a save that shifts a listing makes
// again each of its pages, from the entries as they were made.
type listedPage struct {
	link layout.PageLink
	sum  linkSum
	// tags are the page's tags, one per slug as first written, each by
	// its slug's number (Renderer.tagIDs), once groupTags has asked.
	tags     []pageTag
	tagsDone bool
}

// pageTag is a tag of a page: its slug's number (Renderer.tagIDs) and
// the tag as the page writes it.
type pageTag struct {
	id   int
	name string
}

// listed is p's listedPage, made once per page by a Renderer that
// remembers (a stream renderer makes it each time it is asked).
func (r *renderer) listed(p *site.Page) *listedPage {
	if r.rr.links == nil {
		l := r.link(p)
		return &listedPage{link: l, sum: rebuild.LinkSum(l)}
	}
	r.rr.mu.Lock()
	k, ok := r.rr.links[p]
	r.rr.mu.Unlock()
	if ok {
		return k
	}
	l := r.link(p)
	k = &listedPage{link: l, sum: rebuild.LinkSum(l)}
	// The entry's markup, written once for every listing page that shows
	// it (a page dated anew shifts the entries of hundreds), and left out
	// of its sum, which the memo's address would change.
	k.link.Memo = &layout.EntryMemo{}
	r.rr.mu.Lock()
	r.rr.links[p] = k
	r.rr.mu.Unlock()
	return k
}

// linkSum is rebuild.LinkSum of p (listed).
func (r *renderer) linkSum(p *site.Page) linkSum {
	if r.rr.links == nil {
		return rebuild.LinkSum(r.link(p))
	}
	return r.listed(p).sum
}

// listedLink is p as listings show it (listed).
func (r *renderer) listedLink(p *site.Page) layout.PageLink {
	if r.rr.links == nil {
		return r.link(p)
	}
	return r.listed(p).link
}

// csvKey is the key a Renderer keeps the CSV file of p's j-th chart by:
// the page itself (see internal/rebuild).
func csvKey(p *site.Page, j int) string {
	return pagesKey(p) + strconv.Itoa(j)
}

// fitKey is the key of the fit file of p's j-th chart (chart.FitJSON):
// the chart's page, as for its CSV, and for the same reason (the file is
// a function of the page's chart and its data).
func fitKey(p *site.Page, j int) string { return csvKey(p, j) + "fit" }

// svgKey is the key of the SVG file of p's j-th chart's static figure: the
// chart's page, as for its CSV (the figure is drawn from the page's
// option, which the page's key covers, and the theme's scripts, which a
// new Renderer reads).
func svgKey(p *site.Page, j int) string { return csvKey(p, j) + "svg" }

// cardKey is the key of the social card of p's j-th chart (card.go): the
// chart's page, as for its SVG file, and for the same reasons (which
// chart the card shows is the page's front matter).
func cardKey(p *site.Page, j int) string { return csvKey(p, j) + "card" }

// homeKey is the key of page n of the home listing: its listingKey, and
// for the first page (index.html, which shows content/index.md's prose)
// the home page itself.
func (r *renderer) homeKey(n int) (string, listKey) {
	key, list := r.listingKey(r.homeListing(), n)
	if n == 0 {
		key = pagesKey(r.site.Home) + key
	}
	return key, list
}

// tagPageKey is the key of page n of tag g's listing: the tag's name and
// the listing's listingKey.
func (r *renderer) tagPageKey(g tagGroup, n int) (string, listKey) {
	key, list := r.listingKey(tagListing(g), n)
	return g.Name + "\x00" + key, list
}

// listingKey is the key a Renderer keeps the listing's page n by (pages
// numbered from the oldest, listSize entries a full page): its entries
// (listKey: their LinkSums), its number, and what its pager says that may
// change: for the first page, the listing's length and its number of full
// pages; for the newest full page, that it is (its newer neighbour is the
// first page). A full page says nothing else a new page changes. So a
// title changed makes again the one page of each listing that shows the
// entry; a page added makes again the first page, and, once in listSize
// times, the new full page and the full page before it; a page dated anew
// makes again each page the entries shift across.
func (r *renderer) listingKey(l listing, n int) (string, listKey) {
	size := r.listSize()
	list := r.links(l.entries(n, size))
	key := strconv.Itoa(n)
	switch full := l.full(size); {
	case n == 0:
		return key + "/" + strconv.Itoa(full) + "/" + strconv.Itoa(len(l.pages)), list
	case n == full:
		return key + "/newest", list
	}
	return key, list
}

// tagsIndexKey is the key of the tags index: the tags it lists, each with
// its address and count of pages.
func tagsIndexKey(tags []layout.TagLink) string { return fmt.Sprint(tags) }

// feedKey is the key of the feed: the LinkSums of the feedSize newest
// pages it shows.
func (r *renderer) feedKey() (string, listKey) { return "feed", r.links(r.feedPages()) }

// sitemapKey is the key of the sitemap: what it shows of every page
// (sameInSitemap) and the number of tags (it lists each listing page).
func (r *renderer) sitemapKey(groups []tagGroup) (string, listKey) {
	return strconv.Itoa(len(groups)), listKey{pages: r.site.Pages, same: sameInSitemap}
}

// sameInSitemap reports whether pages a and b show the same in the
// sitemap: its address and date, and its tags, whose listings it lists
// (a title saved does not make the sitemap again).
func sameInSitemap(a, b *site.Page) bool {
	return a.Slug == b.Slug && a.Date.Equal(b.Date) && slices.Equal(a.Tags, b.Tags)
}

// searchKey is the key of the search index: the key of the home page
// (pagesKey), and each page's entry (sameSearchEntry), so a page's
// content changed makes it again only when its entry changed, while the
// entries within it are kept by page (searchJSON).
func (r *renderer) searchKey() (string, listKey) {
	return pagesKey(r.site.Home), listKey{pages: r.site.Pages, same: sameSearchEntry}
}

// searchPageKey is the key of the built-in search page: whether it links
// KaTeX's stylesheet (the index holds typeset titles: searchMath).
func searchPageKey(math bool) string { return "search" + strconv.FormatBool(math) }

// constantKey is the key of a file that is the same for every site a
// Renderer fits (404.html): made once per Renderer.
const constantKey = "constant"

// listKey is the part of the key of a file that lists pages (a page of a
// listing, the feed, the sitemap, the search index) that its pages are:
// the file is kept while it lists as many pages, each the page value it
// was made from or last kept for, or one that shows the same in it
// (same: the same LinkSum, or search entry). So a save of one page of
// 10,000 walks each listing comparing pointers, and hashes nothing; a
// kept file takes a copy of the pages it lists now (cachedFile.list), so
// the next save finds the same values.
type listKey struct {
	pages []*site.Page
	same  func(a, b *site.Page) bool
}

// links is the listKey of a file that shows pages as listings do (their
// links: linkSum).
func (r *renderer) links(pages []*site.Page) listKey {
	return listKey{pages: pages, same: func(a, b *site.Page) bool { return r.linkSum(a) == r.linkSum(b) }}
}

// kept returns the cache's entry of path, marked produced by this call,
// and whether the file it holds was made for key and list (listKey).
func (rr *Renderer) kept(path, key string, list listKey) (*cachedFile, bool) {
	rr.mu.Lock()
	c := rr.cache[path]
	if c == nil {
		rr.mu.Unlock()
		return nil, false
	}
	rr.use(c)
	was := c.list
	rr.mu.Unlock()
	if c.key != key || len(was) != len(list.pages) || (was == nil) != (list.pages == nil) {
		return c, false
	}
	moved := false // a page of list is another value than was's
	for i, p := range list.pages {
		if q := was[i]; q != p {
			if !list.same(q, p) {
				return c, false
			}
			moved = true
		}
	}
	if moved {
		rr.mu.Lock()
		c.list = list.own()
		rr.mu.Unlock()
	}
	return c, true
}

// own is a copy of the pages of list for a cachedFile to keep: a patch
// changes the tags' listings in place (regroup).
func (list listKey) own() []*site.Page {
	if list.pages == nil {
		return nil
	}
	return slices.Clone(list.pages)
}
