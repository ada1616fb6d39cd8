package serve

import (
	"bytes"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// The first build is streamed in (pipeline.Preview.Start): the server
// serves each file as soon as it is made, the home page first, made from
// the pages' front matter before any page is loaded. A request for a file
// not made yet has its page made next (pipeline.Preview.Hurry) and waits
// for it, or for the end of the start-up, which settles it as any request
// is (a 404, or the error page). When the listings are made, the early home
// page is replaced, and the browsers showing it reload. A start-up that
// fails withdraws what it served: there is no good site yet, and every
// request gets the error page until a save fixes it.

// Start starts a server for the command: it returns once the home page can
// be served, or the first build has ended, and builds the rest of the site
// in the background. Errors are New's.
func Start(opts Options) (*Server, error) {
	s := newServer(opts)
	if err := s.begin(); err != nil {
		return nil, err
	}
	return s, nil
}

// begin is Start's work for a new server s.
func (s *Server) begin() error {
	s.building.Lock() // before any rebuild the watcher asks for
	first := make(chan struct{})
	var once sync.Once
	served := func() { once.Do(func() { close(first) }) }
	go func() {
		defer s.state.notify() // after building is unlocked, as rebuild does
		defer s.building.Unlock()
		defer served()
		s.start(true, served)
	}()
	<-first
	return s.fatal()
}

// start is the first build, or the first after one that failed, under
// building: the site streamed in. served, when not nil, is called once the
// home page is served. It reports whether the build succeeded; announce is
// rebuild's.
func (s *Server) start(announce bool, served func()) bool {
	s.mu.Lock()
	retry := s.attempts > 0
	s.attempts++
	s.starting, s.added, s.restated = true, make(chan struct{}), nil
	s.mu.Unlock()
	var files siteFiles
	u, err := s.preview.Start(func(f output.File) {
		s.add(f)
		if f.Path == "index.html" && served != nil {
			served()
		}
	}, func(out *output.Output, _ []int, _ []string, _ bool) bool {
		s.mu.RLock()
		held := s.files
		s.mu.RUnlock()
		var ok bool
		files, _, _, _, ok = newSiteFiles(out, held, false)
		return ok
	})
	if err != nil {
		s.mu.Lock()
		s.files, s.err, s.errShown = siteFiles{}, err, false
		s.mu.Unlock()
		if announce {
			s.announceError()
		}
		// The requests still waiting get the error page, with the error
		// once it is announced.
		s.mu.Lock()
		s.starting = false
		close(s.added)
		s.mu.Unlock()
		return false
	}
	s.mu.Lock()
	s.starting = false
	close(s.added)
	reload := s.restated
	if retry {
		reload = []string{"*"} // the browsers show the error page
	}
	s.site, s.files, s.err, s.shownErr, s.restated = u.Site, files, nil, nil, nil
	s.builds++
	s.mu.Unlock()
	for _, w := range u.Site.Warnings {
		s.logf("%s\n", w.Warning())
	}
	if len(reload) > 0 {
		s.hub.broadcast(event{Type: "change", Reload: reload})
	}
	// Loading the site took more than is kept of it: hand that back to
	// the system now, not over the next minutes.
	debug.FreeOSMemory()
	return true
}

// add serves a file the start-up made, and wakes the requests waiting for
// one. A page handed again (the early home page, once the listings are
// made) that differs is noted for the browsers to reload.
func (s *Server) add(f output.File) {
	var sf *servedFile
	if f.Src != "" {
		sf = &servedFile{File: f, live: -1}
	} else {
		sf = storeFile(f, noLater)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.files[f.Path]; ok && strings.HasSuffix(f.Path, ".html") && old.Src == "" && f.Src == "" && !bytes.Equal(old.raw(), f.Data) {
		s.restated = append(s.restated, pageURL(f.Path))
	}
	s.files[f.Path] = sf
	close(s.added)
	s.added = make(chan struct{})
}

// find looks up the file a request asks for (siteFiles.lookup), and the
// site's 404 page and file limit. While the site is streamed in, a file
// not made yet has its page made next and is waited for, until it is
// made, the start-up ends, or the request goes.
func (s *Server) find(r *http.Request) (f *servedFile, redirect string, ok bool, notFound *servedFile, found bool, limit sitefs.Limit) {
	hurried := false
	for {
		s.mu.RLock()
		f, redirect, ok = s.files.lookup(r.URL.Path)
		notFound, found = s.files["404.html"]
		limit = site.DefaultLimits.FileLimit()
		if s.site != nil {
			limit = s.site.Config.Limits.FileLimit()
		}
		starting, added := s.starting, s.added
		s.mu.RUnlock()
		if ok || redirect != "" || !starting {
			return
		}
		if !hurried {
			s.preview.Hurry(r.URL.Path)
			hurried = true
			if s.waiting != nil {
				s.waiting(r.URL.Path)
			}
		}
		select {
		case <-added:
		case <-r.Context().Done():
			return
		}
	}
}
