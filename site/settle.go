package site

import (
	"sync"

	"github.com/scalesite/scalesite/diag"
)

// Settle makes a site Scan made into the one Load would have made, its
// bodies dropped (DropBodies), once the live preview's streamed start-up
// has loaded each of its pages (LoadPage) and rendered it: pages are the
// pages loading returned, by path, warnings what loading each raised, and
// home the home page's body, which the site keeps (nil for none).
// The drafts Scan left out are loaded for their warnings, as Load loads
// them. Settled, the site is one Reload reads again only what a change
// affects of. It reports the problems Load's assembling would (two pages
// at one address), which Scan reported already.
func (s *Site) Settle(pages map[string]*Page, warnings map[string]diag.List, home *Body) error {
	drafts := s.skippedDrafts
	s.loaded = make(map[string]loadedPage, len(pages)+len(drafts))
	for f, p := range pages {
		lp := loadedPage{page: p, warnings: warnings[f]}
		if home != nil && home.Page == p {
			lp.body = home
		}
		s.loaded[f] = lp
	}
	var errs diag.List
	for i, lp := range loadPages(s, drafts, &errs) {
		lp.body = nil
		s.loaded[drafts[i]] = lp
	}
	s.streaming, s.caches, s.bodyCaches = false, nil, &onceCaches{}
	errs.Add(s.assemble())
	return errs.Sort().Err()
}

// Body is the body of p that the site holds: every page's, for a site
// Load made, until DropBodies; nil for a page it holds none of (LoadBody
// loads it).
func (s *Site) Body(p *Page) *Body {
	if lp, ok := s.loaded[p.Path]; ok && lp.page == p {
		return lp.body
	}
	return nil
}

// LoadBody returns the body of p: the one the site holds, or else loaded
// from p's file as it is now. A page whose file changed since p was made
// has its change seen by Reload; its body is loaded as the file is.
func (s *Site) LoadBody(p *Page) (*Body, error) {
	if b := s.Body(p); b != nil {
		return b, nil
	}
	c := s.caches
	if c == nil {
		c = s.bodyCaches.get(s)
	}
	l := s.pageLoader(c)
	l.scanned = p
	_, b, err := l.load(p.Path)
	return b, err
}

// DropBodies lets go of the bodies s holds of its pages, but the home
// page's (which every listing change renders again), so that a site held
// for long (the live preview's) keeps in memory only what listings need;
// LoadBody loads a body again when its page is to be rendered. It returns
// how many it let go of. Pages are not changed: a site that shares them
// (the one Reload made s from) still holds its own bodies.
func (s *Site) DropBodies() int {
	n := 0
	for f, lp := range s.loaded {
		if lp.body == nil || lp.page == s.Home {
			continue
		}
		lp.body = nil
		s.loaded[f] = lp
		n++
	}
	return n
}

// onceCaches are the caches the loads of one site value share, made at
// the first: a site Reload makes has its own, as the files may have
// changed.
type onceCaches struct {
	once sync.Once
	c    *loadCaches
}

// get returns the caches, made for s at the first call; a nil o has none
// to share, and makes new ones.
func (o *onceCaches) get(s *Site) *loadCaches {
	if o == nil {
		return s.buildCaches()
	}
	o.once.Do(func() { o.c = s.buildCaches() })
	return o.c
}
