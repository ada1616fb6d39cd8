package site

import (
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/par"
)

// The live preview holds a whole site for as long as it runs, but needs a
// page in full only while rendering it: once rendered, a page can be made
// light (Lighten), and loaded in full again (Refill) when it is to be
// rendered again because a neighbour's link changed. A page that is read
// again (Reload) is loaded in full anyway.

// IsLight reports whether p was made light (Lighten, Page.Light): it has
// no parsed body to render.
func (p *Page) IsLight() bool { return p.Doc == nil }

// Lighten makes every page of s but the home page light, in place: the
// same *Page values keep what listings, the search index, the feed and
// Reload need (front matter, headings, flags, each chart's id, title,
// point count and data files, the page's images and bibliography) and
// drop their Markdown, parsed tree, data and references. It returns how
// many pages it made light.
//
// The pages are changed in place so that a renderer that keys what it
// rendered by *Page still knows them. Lighten must not run while s, or a
// site that shares its pages (the one Reload made it from), is being
// rendered.
func (s *Site) Lighten() int {
	n := 0
	for _, lp := range s.loaded {
		p := lp.page
		if p == nil || p == s.Home || p.IsLight() {
			continue
		}
		lighten(p)
		n++
	}
	return n
}

// lighten makes p light in place (Lightened).
func lighten(p *Page) { *p = *p.Lightened() }

// Lightened returns p as Lighten leaves it: its light form (Light),
// keeping the inputs Reload checks (Page.uses). The live preview's
// streamed start-up keeps it in p's place.
func (p *Page) Lightened() *Page {
	l := p.Light()
	l.Images = p.Images
	for i, c := range l.Charts {
		c.DataFiles = p.Charts[i].DataFiles
	}
	return l
}

// Refill loads again in full the pages at the given indexes of s.Pages
// (light ones, which are to be rendered again) and puts them in their
// place in s: new *Page values, as Reload makes for a page it reads again.
// A page whose file now has a problem fails the whole: the change that
// made it is seen, and reloaded, next.
func (s *Site) Refill(indexes []int) error {
	if len(indexes) == 0 {
		return nil
	}
	c := s.buildCaches()
	full := make([]*Page, len(indexes))
	errs := make([]error, len(indexes))
	par.For(len(indexes), 0, func(j int) {
		l := s.pageLoader(c)
		full[j], errs[j] = l.load(s.Pages[indexes[j]].Path)
	})
	var list diag.List
	for _, err := range errs {
		list.Add(err)
	}
	if err := list.Sort().Err(); err != nil {
		return err
	}
	for j, i := range indexes {
		old := s.Pages[i]
		s.Pages[i] = full[j]
		if lp, ok := s.loaded[old.Path]; ok && lp.page == old {
			lp.page = full[j]
			s.loaded[old.Path] = lp
		}
	}
	return nil
}
