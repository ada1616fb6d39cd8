package pipeline

import (
	"errors"
	"path"
	"strings"
	"sync"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// The live preview's start-up streams the site as a build does, so that it
// answers soon and never holds every page in full: the site is scanned
// (site.Scan: the config, the file lists, each page's front matter), the
// home page is made at once from what the scan knows of the pages, and
// then each page is loaded, rendered, handed to the server and kept light,
// in the site's order or first when a browser asks for it (Hurry). The
// Renderer records the key of each file as it makes it, so that the saves
// that follow make again only what they change, as after a whole load
// (render.Renderer.Stream); the listings, made last, replace the early
// home page. Once every page is loaded the site is settled into the one a
// whole load would have made (site.Site.Settle), for Reload.

// Start is the preview's first update, streamed (see above): it hands
// each file to emit as soon as it is made, the home page first, from
// several goroutines at once, and the early home page is handed again once
// the listings are made. It then hands the whole site to take, every file
// listed without its bytes (the caller holds them from emit). Its errors
// are those a whole load (Update) reports, and on an error nothing it
// emitted is a site: the caller is to drop it, and the next Start or
// Update loads the site again.
func (p *Preview) Start(emit func(output.File), take Take) (*Update, error) {
	s, err := scan(p.source, p.opts)
	if err != nil {
		return nil, err
	}
	rr, err := render.NewRenderer(s)
	if err != nil {
		return nil, err
	}
	st := &starting{order: render.NewOrder(len(s.Pages)), index: make(map[string]int, len(s.Pages))}
	for i, pg := range s.Pages {
		st.index[pg.Slug] = i
	}
	p.mu.Lock()
	p.starting = st
	loading := p.loading
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.starting = nil
		p.mu.Unlock()
	}()
	src := &startSource{s: s, loading: loading, warnings: make(map[string]diag.List, len(s.Pages))}
	out, s, err := rr.Stream(s, src, emit, render.StreamOptions{HomeFirst: true, Order: st.order})
	if err != nil {
		return nil, err
	}
	pages := make(map[string]*site.Page, len(s.Pages)+1)
	for _, pg := range s.Pages {
		pages[pg.Path] = pg
	}
	if s.Home != nil {
		pages[s.Home.Path] = s.Home
	}
	if err := s.Settle(pages, src.warnings, src.home); err != nil {
		return nil, err
	}
	made, removed, patched := rr.Patched()
	if !take(out, made, removed, patched) {
		return nil, errors.New("pipeline: the server lacks a file the start-up handed it (a bug)")
	}
	p.mu.Lock()
	p.site, p.rr, p.pending = s, rr, nil
	p.mu.Unlock()
	return &Update{Site: s, Full: true, Everything: true}, nil
}

// starting is what a Start under way shares with Hurry.
type starting struct {
	order *render.Order
	index map[string]int // page slug → index in the scanned site's Pages
}

// Hurry has the page at the URL path urlPath (or the page whose chart
// file it is), if a Start under way has not made it yet, made next. It
// does nothing otherwise.
func (p *Preview) Hurry(urlPath string) {
	p.mu.Lock()
	st := p.starting
	p.mu.Unlock()
	if st == nil {
		return
	}
	slug := strings.Trim(path.Clean("/"+urlPath), "/")
	for _, s := range []string{slug, path.Dir(slug)} {
		if i, ok := st.index[s]; ok {
			st.order.Hurry(i)
			return
		}
	}
}

// WhileLoading has f called with each page's path before a Start loads it
// (tests hold pages back with it, to see what is served before).
func (p *Preview) WhileLoading(f func(path string)) {
	p.mu.Lock()
	p.loading = f
	p.mu.Unlock()
}

// startSource is render.PageSource for Start: every page is loaded, and
// nothing is kept from before; the warnings of each page's loading are
// kept for the settled site (site.Site.Settle).
type startSource struct {
	s       *site.Site
	loading func(path string) // nil, or WhileLoading's

	mu       sync.Mutex
	warnings map[string]diag.List // page file → its loading's warnings
	home     *site.Body           // the home page's, kept by the settled site
}

func (ss *startSource) Load(p *site.Page) (*site.Page, *site.Body, error) {
	if ss.loading != nil {
		ss.loading(p.Path)
	}
	full, body, warn, err := ss.s.LoadPage(p)
	ss.mu.Lock()
	if len(warn) > 0 {
		ss.warnings[p.Path] = warn
	}
	if p == ss.s.Home {
		ss.home = body
	}
	ss.mu.Unlock()
	return full, body, err
}

func (*startSource) Cached(*site.Page) *site.Page                  { return nil }
func (*startSource) Keep(*site.Page, string) ([]output.File, bool) { return nil, false }
func (*startSource) Rendered(*site.Page, string, []output.File)    {}
