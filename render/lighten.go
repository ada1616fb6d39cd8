package render

// The live preview of a large site keeps little of it: the served files
// compressed (serve), no page's body once it is rendered
// (site.Site.DropBodies), and a Renderer that remembers the keys of what
// it rendered but not the bytes. A page whose neighbours' links change is
// rendered again: its body is loaded again as it is (site.Site.LoadBody).

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
