package serve

import (
	"maps"
	"strings"

	"github.com/scalesite/scalesite/output"
)

// A save that moves a page in the order (its date) goes through every page
// of the site, some 60 ms at 10,000 pages. The saved page is made first,
// with its new neighbours (pipeline.Preview.UpdateFirst), and the browsers
// are told of it at once (showFirst); the rest follows with the usual
// event. Until then a request for any other file the save may make again
// waits for it (waitFirst): none is served stale as if current.

// showFirst serves the saved page's files, made ahead of the rest of the
// save, and sends the browsers a change event for that page alone. The
// files are held apart (s.first) until the save is done: a save that
// fails leaves the files served as they were.
func (s *Server) showFirst(files []output.File) {
	m := make(siteFiles, len(files))
	for _, f := range files {
		if f.Data != nil { // the others are as served
			m[f.Path] = storeFile(f, noLater)
		}
	}
	if len(files) == 0 || files[0].Data == nil {
		return // not the page itself: nothing to show
	}
	s.mu.Lock()
	s.first, s.remaking = m, make(chan struct{})
	s.mu.Unlock()
	s.hub.broadcast(event{Type: "change", Reload: []string{pageURL(files[0].Path)}})
	if s.shownFirst != nil {
		s.shownFirst()
	}
}

// takeFirst puts the files showFirst holds apart among those served, m
// (s.files), for the rest of the save, which lists them as kept. It is
// called under s.building, before the rest of the save is stored.
func (s *Server) takeFirst(m siteFiles) {
	s.mu.Lock()
	maps.Copy(m, s.first)
	s.mu.Unlock()
}

// endFirst ends what showFirst began, the save being served whole (or
// failed): the requests waiting for it go on. It is called with s.mu held.
func (s *Server) endFirst() {
	if s.remaking != nil {
		close(s.remaking)
	}
	s.first, s.remaking = nil, nil
}

// waitFirst returns, while a save is made after its page was shown
// first, the file of that page at urlPath, or a channel closed once the
// save is done: a request for any other file waits for it, but for the
// theme's assets (assets/, named by their bytes), which only a full load,
// never one page's save, makes again. Both are nil otherwise, and when f,
// the file served now at urlPath, is such an asset. It is called with
// s.mu held.
func (s *Server) waitFirst(urlPath string, f *servedFile) (*servedFile, <-chan struct{}) {
	if s.remaking == nil {
		return nil, nil
	}
	if ff, _, ok := s.first.lookup(urlPath); ok {
		return ff, nil
	}
	if f != nil && strings.HasPrefix(f.Path, "assets/") {
		return nil, nil
	}
	return nil, s.remaking
}
