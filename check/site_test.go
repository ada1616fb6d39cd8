package check

import (
	"slices"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

// Site returns the warnings about s, sorted by file and line: those of
// each page (Page) and those of the site as a whole (SiteWide), as a
// build adds them.
func Site(s *site.Site) diag.List {
	var out diag.List
	for _, b := range bodies(s) {
		out = append(out, Page(b, s.Config)...)
	}
	out = append(out, SiteWide(s)...)
	return out.Sort()
}

// bodies is the body of each page of s that has one loaded, the home page
// last.
func bodies(s *site.Site) []*site.Body {
	var out []*site.Body
	for _, p := range append(slices.Clone(s.Pages), s.Home) {
		if p != nil && s.Body(p) != nil {
			out = append(out, s.Body(p))
		}
	}
	return out
}
