// Package serve is the live preview's server: HTTP, file watching and
// live-reload events. The site is loaded and rendered by the same pipeline
// as `scalesite build` (pipeline.Preview: load → render, kept in memory, no
// second renderer; streamed in at the start, the home page first, see
// startup.go); serve holds the files it hands back, serves them as
// GitHub Pages would, has the pipeline rebuild what a saved file affects,
// and tells the browser over Server-Sent Events to update its charts in
// place or reload. A bad edit leaves the last good site served and shows
// the error in the browser until it is fixed.
package serve

import (
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"maps"
	"net/http"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

//go:embed live.js
var liveJS []byte

// Options configure a Server.
type Options struct {
	Source string // the site folder
	Drafts bool
	// Bind is the host the server listens on (its --bind). Requests are
	// answered only when their Host names localhost, an IP address or this
	// host; see allowedHost.
	Bind string
	// Log receives one line per rebuild and every error; nil discards them.
	Log io.Writer
}

// Server serves one site and keeps it up to date.
type Server struct {
	opts Options
	id   string
	hub  *hub
	done chan struct{}
	// closeOnce closes done.
	closeOnce sync.Once

	// conns bound the connections Serve holds; tests shorten them.
	conns connLimits

	watching   chan struct{} // closed once Watch watches every folder
	state      *watchState   // idle or busy, and each change of state (Idle, Changed)
	errorQuiet time.Duration // see the constant; tests make it longer
	// settled, when not nil, is told of each settle (watch.go) that ends
	// with the files quiet: how many events it took and how long the
	// quiet it waited for was (0 once maxWait had passed). Tests set it
	// before Watch starts, to check the watcher's own decisions.
	settled      func(events int, wait time.Duration)
	watchingOnce sync.Once
	refusedOnce  sync.Once // the log names the first refused Host only

	// building is held for the whole of a rebuild: one at a time, and the
	// files served change only under it (and mu).
	building sync.Mutex

	// preview loads and renders the site; it is used under building.
	preview *pipeline.Preview

	mu sync.RWMutex
	// files are the files served. A rebuild that made only a few files
	// again changes the map in place, under mu: read it under mu.
	files    siteFiles
	site     *site.Site // the site served: the last good build's
	err      error      // the last build's error, nil when it succeeded
	errShown bool       // whether err was announced
	shownErr error      // the last error announced, nil after a good build
	builds   int
	attempts int // builds tried, the failed ones included
	putOff   int // builds the watcher put off for a file that may be half written
	// While the site is streamed in (startup.go): starting is set, added
	// is closed and replaced each time a file is added, and restated
	// lists the pages served that were made again since.
	starting bool
	added    chan struct{}
	restated []string
	// waiting, when not nil, is called when a request begins to wait for
	// a file the start-up has not made yet (tests).
	waiting func(urlPath string)
}

// New builds the site once, and returns when it is built (Start returns
// sooner). An error in the content does not stop the server: it serves an
// error page until the content is fixed. Only errors that make serving
// impossible (no content/ folder) are returned.
func New(opts Options) (*Server, error) {
	s := newServer(opts)
	s.Rebuild(nil)
	if err := s.fatal(); err != nil {
		return nil, err
	}
	return s, nil
}

// newServer is a server of the site opts names, with nothing built yet.
func newServer(opts Options) *Server {
	var b [8]byte
	rand.Read(b[:])
	return &Server{opts: opts, id: hex.EncodeToString(b[:]), hub: newHub(), done: make(chan struct{}),
		watching: make(chan struct{}), state: newWatchState(), errorQuiet: errorQuiet, files: siteFiles{}, conns: defaultConnLimits(),
		preview: pipeline.NewPreview(opts.Source, site.Options{Drafts: opts.Drafts, BaseURL: "/"})}
}

// fatal is the error of a first build that makes serving impossible: one
// that is not about the content. It is nil while the first build runs.
func (s *Server) fatal() error {
	s.mu.RLock()
	err, built := s.err, s.site != nil
	s.mu.RUnlock()
	if err != nil && !built {
		var list diag.List
		var one *diag.Error
		if !errors.As(err, &list) && !errors.As(err, &one) {
			return err
		}
	}
	return nil
}

// Close ends the event streams.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
}

// Builds counts the successful builds, the first included.
func (s *Server) Builds() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.builds
}

// Renders counts the pages rendered since the last full rebuild (see
// pipeline.Preview.Renders).
func (s *Server) Renders() int {
	return s.preview.Renders()
}

// currentError is the error the browsers show: the last build's, once it
// has been announced ("" when none).
func (s *Server) currentError() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.shownErr == nil {
		return ""
	}
	return s.shownErr.Error()
}

// Rebuild brings the site up to date after the given files (site-relative,
// slash-separated) changed; nil means build everything. On success the new
// site is served and the browsers are told what changed; on failure the last
// good site stays and the browsers show the error.
func (s *Server) Rebuild(changed []string) {
	s.rebuild(changed, true)
}

// rebuild is Rebuild; it reports whether the build succeeded. With announce
// false a failure is kept to itself (neither logged nor sent) until
// announceError: the watcher holds an error back while the files may still
// be being written.
func (s *Server) rebuild(changed []string, announce bool) bool {
	defer s.state.notify() // after building is unlocked: the waiters may rebuild
	start := time.Now()
	s.building.Lock()
	defer s.building.Unlock()
	s.mu.Lock()
	prevSite, old := s.site, s.files
	if prevSite == nil {
		// Nothing built yet: the site is streamed in (startup.go).
		s.mu.Unlock()
		return s.start(announce, nil)
	}
	s.attempts++
	s.mu.Unlock()

	var files siteFiles
	var made map[string][]byte
	patched := false
	var compare, removed []string // the files diff looks at, and those gone
	u, err := s.preview.Update(changed, func(out *output.Output, idx []int, gone []string, isPatched bool) bool {
		var ok bool
		if isPatched {
			files, made, ok = patchSiteFiles(out, old, idx)
			compare, removed = slices.AppendSeq(make([]string, 0, len(made)), maps.Keys(made)), gone
		} else {
			files, made, compare, removed, ok = newSiteFiles(out, old, true)
		}
		patched = isPatched
		return ok
	})
	if err != nil {
		s.mu.Lock()
		s.err, s.errShown = err, false
		s.mu.Unlock()
		if announce {
			s.announceError()
		}
		return false
	}
	next := u.Site
	e := diff(old, files, made, compare, u.Everything)
	if len(removed) > 0 && !slices.Contains(e.Reload, "*") {
		// A page removed reloads where it is open (to the 404).
		for _, p := range removed {
			if strings.HasSuffix(p, ".html") {
				e.Reload = append(e.Reload, pageURL(p))
			}
		}
		slices.Sort(e.Reload)
	}
	var later []string // the large files made, compressed once the browsers know
	for p := range made {
		if files[p].later {
			later = append(later, p)
		}
	}
	made = nil
	s.mu.Lock()
	if patched {
		// files are those made again: old (s.files) takes them in place,
		// and drops those removed.
		maps.Copy(old, files)
		for _, p := range removed {
			delete(old, p)
		}
		files = old
	}
	s.site, s.files, s.err, s.shownErr = next, files, nil, nil
	s.builds++
	s.mu.Unlock()
	if prevSite == nil || prevSite.Warnings.Error() != next.Warnings.Error() {
		for _, w := range next.Warnings {
			s.logf("%s\n", w.Warning())
		}
	}
	if prevSite != nil {
		n := len(e.Reload) + len(e.Charts)
		s.logf("rebuilt in %.1f ms: %d %s changed\n", float64(time.Since(start).Microseconds())/1000, n, plural(n, "page", "pages"))
	}
	s.hub.broadcast(e)
	s.compressLater(later)
	if u.Full {
		// Loading and rendering the whole site took several times what
		// is kept of it: hand that back to the system now, not over the
		// next minutes.
		debug.FreeOSMemory()
	}
	return true
}

// compressLater compresses the files at paths stored uncompressed by
// storeFile, now that the browsers have been told of the save, and serves
// them so: a request meanwhile has had them as they are. It runs under
// s.building, as every change of s.files by a build does.
func (s *Server) compressLater(paths []string) {
	if len(paths) == 0 {
		return
	}
	s.mu.RLock()
	stored := make([]*servedFile, len(paths))
	for i, p := range paths {
		stored[i] = s.files[p]
	}
	s.mu.RUnlock()
	done := make([]*servedFile, len(paths))
	// One core is left to the requests the browsers make on the event
	// just sent: the pages they show, served as stored meanwhile.
	par.For(len(paths), max(1, runtime.GOMAXPROCS(0)-1), func(i int) {
		f := *stored[i]
		if f.bare {
			f.body, f.gz = compactPage(f.body, f.live)
		} else {
			f.body, f.gz = compact(f.body)
		}
		f.later, f.bare = false, false
		done[i] = &f
	})
	s.mu.Lock()
	for i, p := range paths {
		if s.files[p] == stored[i] {
			s.files[p] = done[i]
		}
	}
	s.mu.Unlock()
}

// announceError logs the last build's error and shows it in the browsers,
// unless the last build succeeded or its error was shown already.
func (s *Server) announceError() {
	s.mu.Lock()
	err := s.err
	if err == nil || s.errShown {
		s.mu.Unlock()
		return
	}
	s.errShown, s.shownErr = true, err
	s.mu.Unlock()
	s.state.notify()
	s.logf("error: %s\n", strings.ReplaceAll(err.Error(), "\n", "\nerror: "))
	s.hub.broadcast(event{Type: "error", Error: err.Error()})
}

// diff says which pages a browser must reload and which can update their
// charts in place. made are the files made by this build, with their
// bytes as the renderer made them; the others are as in old. Only the
// files at the paths in compare (held by new) are compared: the others
// are as in old, but for those removed, which the caller adds. With all
// set (a full build, or a copied file changed), every page reloads.
func diff(old, new siteFiles, made map[string][]byte, compare []string, all bool) event {
	e := event{Type: "change"}
	if all {
		e.Reload = []string{"*"}
		return e
	}
	one := func(p string, f *servedFile) {
		o, ok := old[p]
		raw, isMade := made[p]
		if !isMade {
			if ok && o.Src == f.Src {
				return // not made again, or a copied file named as before
			}
		} else if ok && o.Src == "" {
			if o.Size == len(raw) && o.sum == f.sum {
				return // the same bytes (fileSum), told without decompressing o
			}
			if f.Src == "" && chart.IsDataName(p) {
				return // a chart's data file: its page's chart changed with it
			}
			if strings.HasSuffix(p, ".html") {
				if hasCharts(raw) && chartsOnly(o.raw(), raw) {
					e.Charts = append(e.Charts, pageURL(p))
				} else {
					e.Reload = append(e.Reload, pageURL(p))
				}
				return
			}
		}
		if f.Src == "" && chart.IsDataName(p) {
			// A chart's data file: its page's chart changed with it.
			return
		}
		switch p {
		case render.FeedFile, render.SitemapFile, render.RobotsFile:
			// No page loads them: a feed reader or a crawler fetches
			// them anew.
			return
		case render.SearchFile:
			// Only the search page reads the index: a title saved need
			// not reload every page open in a browser.
			e.Reload = append(e.Reload, pageURL(render.SearchSlug+"/index.html"))
			return
		}
		if !strings.HasSuffix(p, ".html") {
			// A stylesheet or script of the theme: every page may use it.
			// (Static files keep their source path: they are compared by it.)
			if ok {
				e.Reload = []string{"*"}
			}
			return
		}
		e.Reload = append(e.Reload, pageURL(p))
	}
	for _, p := range compare {
		one(p, new[p])
	}
	if slices.Contains(e.Reload, "*") {
		e.Reload, e.Charts = []string{"*"}, nil
	}
	slices.Sort(e.Reload)
	slices.Sort(e.Charts)
	return e
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, format, args...)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ServeHTTP serves the site as GitHub Pages would, plus the live-reload
// script and event stream.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSecurityHeaders(w.Header())
	if !s.allowedHost(r.Host) {
		s.refuseHost(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case LiveScriptPath:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(liveJS)
		return
	case EventsPath:
		s.serveEvents(w, r)
		return
	}
	f, redirect, ok, nf, found, limit := s.find(r)
	switch {
	case redirect != "":
		http.Redirect(w, r, redirect, http.StatusMovedPermanently)
	case ok:
		serveSiteFile(w, r, f, http.StatusOK, limit)
	case found:
		serveSiteFile(w, r, nf, http.StatusNotFound, limit)
	default:
		s.serveNotBuilt(w)
	}
}

// serveSiteFile writes one file of the site: from memory, or streamed from
// disk under limit when it is a copy of a source file.
func serveSiteFile(w http.ResponseWriter, r *http.Request, f *servedFile, status int, limit sitefs.Limit) {
	if f.Src != "" {
		serveCopied(w, r, f, status, limit)
		return
	}
	serveFile(w, r, f, status)
}

// notBuiltStyle is the not-built page's stylesheet: dark red on pale pink,
// or pale pink on dark red in the dark scheme, both far past WCAG AA.
const notBuiltStyle = "body{margin:0;background:#fff;color:#1f1f1f}" +
	"pre{margin:0;padding:1rem;white-space:pre-wrap;font:14px/1.5 monospace;background:#fff0f0;color:#5c0b0b;border-left:4px solid #c4252b}" +
	"@media (prefers-color-scheme: dark){body{background:#111418;color:#d9dde3}pre{background:#2b0d0d;color:#ffd9d9}}"

// serveNotBuilt answers while there is no good build yet (the first one
// failed): a page that shows the error and, through the live script,
// reloads itself once a save fixes it.
func (s *Server) serveNotBuilt(w http.ResponseWriter) {
	msg := "Nothing built yet."
	if e := s.currentError(); e != "" {
		msg = "scalesite could not build the site yet. Fix this and save; the page reloads by itself.\n\n" + e
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusServiceUnavailable)
	// Its colours are its own, in both schemes (e2e's TestErrorScreenContrast).
	fmt.Fprintf(w, "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"color-scheme\" content=\"light dark\"><title>scalesite: not built yet</title>"+
		"<style>%s</style></head><body><main><pre>%s</pre></main>%s</body></html>",
		notBuiltStyle,
		html.EscapeString(msg), liveTag)
}
