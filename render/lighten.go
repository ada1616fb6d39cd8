package render

import "github.com/scalesite/scalesite/site"

// The live preview of a large site keeps little of it: the served files
// compressed (serve), each page light once it is rendered
// (site.Site.Lighten), and a Renderer that remembers the keys of what it
// rendered but not the bytes. A page whose neighbours' links change is
// rendered again, so it is loaded again in full first: Stale says which.

// SetLean makes rr keep, of each file it renders, only the key it was
// rendered for, not its bytes: Render then hands back the files it
// renders with their bytes, and those it did not render again without
// (Data nil, Size their length; the feed, sitemap, search index and CSV
// files with Size 0 too), for the caller to keep from the last call. A
// Render that fails leaves the caller without files rr counts as made:
// make a new Renderer then.
func (rr *Renderer) SetLean() {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	rr.lean = true
	for _, c := range rr.cache {
		c.data = nil
	}
}

// Stale returns the indexes in s.Pages of the pages that the next Render
// of s would render again (their own page, or a neighbour's link, is not
// what it was), among those for which need reports true (light pages, say:
// those must be loaded in full before Render). A Renderer that remembers
// nothing returns every page need accepts.
func (rr *Renderer) Stale(s *site.Site, need func(*site.Page) bool) []int {
	var stale []int
	if d, ok := rr.delta(s); ok {
		// The next Render patches the last: it makes again only the
		// pages that changed, and the neighbours of those whose link
		// changed. (The home page is never light.)
		for _, i := range d.pages(len(s.Pages)) {
			if need(s.Pages[i]) {
				stale = append(stale, i)
			}
		}
		return stale
	}
	r := &renderer{site: s, theme: rr.theme, md: rr.md, rr: rr}
	for i, p := range s.Pages {
		if !need(p) {
			continue
		}
		if rr.cache == nil {
			stale = append(stale, i)
			continue
		}
		// Its charts' data files (renderer.dataFiles), which a light page
		// has no data to write, are keyed by the page too (csvKey), and
		// made by the same calls: they are as current as the page.
		if !rr.holds(p.Slug+"/index.html", r.pageKey(i)) {
			stale = append(stale, i)
		}
	}
	return stale
}

// holds reports whether rr has the file at path as rendered for key.
func (rr *Renderer) holds(path, key string) bool {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	c, ok := rr.cache[path]
	return ok && c.key == key
}
