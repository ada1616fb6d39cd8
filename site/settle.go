package site

import "github.com/scalesite/scalesite/diag"

// Settle makes a site Scan made into the one Load and Lighten would have
// made, once the live preview's streamed start-up has loaded each of its
// pages (LoadPage), rendered it and kept it light: pages are those pages
// by path, the light forms to keep (Page.Lightened) and the home page in
// full, and warnings what loading each raised. The drafts Scan left out
// are loaded for their warnings, as Load loads them. Settled, the site is
// one Reload reads again only what a change affects of; its pages are the
// values given, so that a renderer that keyed them by pointer still knows
// them. It reports the problems Load's assembling would (two pages at one
// address), which Scan reported already.
func (s *Site) Settle(pages map[string]*Page, warnings map[string]diag.List) error {
	drafts := s.skippedDrafts
	s.loaded = make(map[string]loadedPage, len(pages)+len(drafts))
	for f, p := range pages {
		s.loaded[f] = loadedPage{page: p, warnings: warnings[f]}
	}
	var errs diag.List
	for i, lp := range loadPages(s, drafts, &errs) {
		if lp.page != nil {
			lighten(lp.page)
		}
		s.loaded[drafts[i]] = lp
	}
	s.streaming, s.caches = false, nil
	errs.Add(s.assemble())
	return errs.Sort().Err()
}
