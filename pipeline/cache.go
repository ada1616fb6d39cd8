package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/scalesite/scalesite/check"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/fastjson"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// This file is the build's half of the rebuild rules, which
// internal/rebuild states in full for both mechanisms: what a build keeps
// for the next in the output's manifest (output.Writer.SetState), and the
// site key, the one key of it that needs a *site.Site. A rebuild does not
// load or render again a page that has not changed: its file, the files it
// reads (data, bibliography, images), its neighbours' links, and everything
// every page depends on (the config, the theme, the scalesite program
// itself) are as they were when the last build wrote it, and its files in
// the output folder are untouched since. For each page the state keeps
// the checksums of its inputs (rebuild.FileSum), the key of its
// neighbours' links (the one render gives Stream, hexadecimal here), its
// summary for the listings, its warnings, and the files it wrote: its
// HTML and its charts' files (CSV, fit, static figure, social card), which
// go with it.

// stateVersion changes whenever buildState's form or meaning does. (2: the
// links key became render's neighboursKey, the Renderer's own; 3: warnings
// carry their names; 4: a summary's headings carry their typeset markup,
// their text the plain form of their TeX; 5: a chart's summary says
// whether it has fits.)
const stateVersion = 5

type buildState struct {
	Version int                  `json:"version"`
	Site    string               `json:"site"` // siteKey
	Pages   map[string]pageState `json:"pages"`
}

type pageState struct {
	Source   string            `json:"source"`           // the page file's rebuild.FileSum
	Inputs   map[string]string `json:"inputs,omitempty"` // site file → rebuild.FileSum
	Links    string            `json:"links"`            // what it shows of its neighbours (neighbours' key)
	Summary  site.Summary      `json:"summary"`
	Warnings []diag.Error      `json:"warnings,omitempty"`
	Files    []string          `json:"files"` // its HTML, then its charts' CSV files
}

// pageSource is render.PageSource for a build: pages are loaded with
// site.Site.LoadPage, or kept from the last build when the state it left
// says they are unchanged.
type pageSource struct {
	s       *site.Site
	w       *output.Writer
	old     *buildState // nil when nothing can be kept
	siteKey string
	sources map[string][32]byte // page file → SHA-256, as Scan read it

	mu   sync.Mutex
	sums map[string]string // input file → SHA-256 ("" when unreadable)
	// next is each page's pageState for the next build, as JSON: written
	// as each page is rendered, on the stream's goroutines, so that the
	// state (state) is joined, not encoded, at the end of the build.
	next     map[string][]byte
	pending  map[string]diag.List // warnings of pages loaded, not yet rendered
	warnings diag.List
}

// newPageSource is the page source of a build writing with w, which keeps
// pages from the build w's folder holds; with w nil (a check), it keeps
// none. Both start by pruning the store (diskcache.Store.Prune), if due.
func newPageSource(s *site.Site, opts site.Options, w *output.Writer) *pageSource {
	diskcache.Open().Prune(time.Now()) // the one place the store is pruned
	// The source loads pages and reads sums through the site, but never
	// its pages: held here, the pages as Scan made them would stay in
	// memory beside the loaded ones for the whole build.
	bare := *s
	bare.Pages = nil
	ps := &pageSource{s: &bare, w: w, siteKey: siteKey(s, opts), sources: make(map[string][32]byte, len(s.Pages)),
		sums: map[string]string{}, next: make(map[string][]byte, len(s.Pages)), pending: map[string]diag.List{}}
	for _, p := range s.Pages {
		ps.sources[p.Path] = p.SourceSum
	}
	if w == nil {
		return ps // a render into memory: nothing to keep
	}
	var old buildState
	if b := w.State(); b != nil && json.Unmarshal(b, &old) == nil && old.Version == stateVersion && old.Site == ps.siteKey {
		ps.old = &old
	}
	return ps
}

// Load loads p in full, and holds its warnings until it is rendered: the
// loader's, and check's about the page (check.Page), which needs the page
// in full and so runs here, while the build has it.
func (ps *pageSource) Load(p *site.Page) (*site.Page, *site.Body, error) {
	full, body, warn, err := ps.s.LoadPage(p)
	if err == nil && body != nil {
		warn = append(slices.Clip(warn), check.Page(body, ps.s.Config)...)
	}
	ps.mu.Lock()
	ps.warnings = append(ps.warnings, warn...)
	ps.pending[p.Path] = warn
	ps.mu.Unlock()
	return full, body, err
}

// Cached is p as the last build loaded it, from its state, when p's file
// and inputs are unchanged.
func (ps *pageSource) Cached(p *site.Page) *site.Page {
	if ps.old == nil {
		return nil
	}
	st, ok := ps.old.Pages[p.Path]
	if !ok || st.Source != hex.EncodeToString(p.SourceSum[:]) {
		return nil
	}
	for f, sum := range st.Inputs {
		if ps.sum(f) != sum {
			return nil
		}
	}
	return site.Summarized(p, st.Summary)
}

// Keep keeps p's files from the last build when its neighbours' links are
// unchanged and its files untouched; the warnings its loading raised then
// are raised again.
func (ps *pageSource) Keep(p *site.Page, links string) ([]output.File, bool) {
	st := ps.old.Pages[p.Path]
	if st.Links != hex.EncodeToString([]byte(links)) {
		return nil, false
	}
	sizes, ok := ps.w.Keep(st.Files)
	if !ok {
		return nil, false
	}
	files := make([]output.File, len(st.Files))
	for i, f := range st.Files {
		files[i] = output.File{Path: f, Size: sizes[i]}
	}
	b := pageJSON(st)
	ps.mu.Lock()
	ps.next[p.Path] = b
	for i := range st.Warnings {
		w := st.Warnings[i]
		ps.warnings = append(ps.warnings, &w)
	}
	ps.mu.Unlock()
	return files, true
}

// Rendered records what the next build needs to keep p.
func (ps *pageSource) Rendered(p *site.Page, links string, files []output.File) {
	src := ps.sources[p.Path]
	st := pageState{Source: hex.EncodeToString(src[:]), Links: hex.EncodeToString([]byte(links)), Summary: p.Summary()}
	for _, f := range p.Inputs() {
		if st.Inputs == nil {
			st.Inputs = map[string]string{}
		}
		st.Inputs[f] = ps.sum(f)
	}
	for _, f := range files {
		st.Files = append(st.Files, f.Path)
	}
	ps.mu.Lock()
	pending := ps.pending[p.Path]
	delete(ps.pending, p.Path)
	ps.mu.Unlock()
	for _, w := range pending {
		st.Warnings = append(st.Warnings, *w)
	}
	b := pageJSON(st)
	ps.mu.Lock()
	ps.next[p.Path] = b
	ps.mu.Unlock()
}

// pageJSON is st as json.Marshal writes it; nil if it cannot be (state
// then leaves none).
func pageJSON(st pageState) []byte {
	b, err := json.Marshal(st)
	if err != nil {
		return nil
	}
	return b
}

// state is the state this build leaves for the next: json.Marshal of its
// buildState, the pages' states joined as Rendered and Keep wrote them
// (at 10,000 pages, encoding them here was 0.2 s of a build's end, on one
// core); nil when a page's could not be written.
func (ps *pageSource) state() []byte {
	return stateJSON(ps.siteKey, ps.next)
}

// stateJSON is json.Marshal(buildState{stateVersion, siteKey, pages})
// for the pages' states already written by json.Marshal.
func stateJSON(siteKey string, pages map[string][]byte) []byte {
	paths := slices.Sorted(maps.Keys(pages))
	size := len(siteKey) + 64
	for p, b := range pages {
		if b == nil {
			return nil
		}
		size += len(p) + len(b) + 8
	}
	b := make([]byte, 0, size)
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, stateVersion, 10)
	b = append(b, `,"site":`...)
	b = fastjson.AppendString(b, siteKey)
	b = append(b, `,"pages":{`...)
	for i, p := range paths {
		if i > 0 {
			b = append(b, ',')
		}
		b = fastjson.AppendString(b, p)
		b = append(b, ':')
		b = append(b, pages[p]...)
	}
	return append(b, "}}"...)
}

// sum is the rebuild.FileSum of the site file f, once per build: as the pages'
// loading read it, or else read for it; "" when it cannot be read (the
// page that reads it is then loaded, and reports why).
func (ps *pageSource) sum(f string) string {
	ps.mu.Lock()
	s, ok := ps.sums[f]
	ps.mu.Unlock()
	if ok {
		return s
	}
	if h, read := ps.s.ReadSum(f); read {
		s = hex.EncodeToString(h[:]) // a page of this build read it
	} else if h, err := ps.s.InputSum(f); err == nil {
		s = hex.EncodeToString(h[:]) // a file, or a folder of event files
	}
	ps.mu.Lock()
	ps.sums[f] = s
	ps.mu.Unlock()
	return s
}

// siteKey is a checksum of what every page of s depends on: this program
// (diskcache.ProgramID, as the figure and fit caches name it),
// the config, the theme's files, the options, and the site-wide facts the
// layouts show (render.Facts: whether there are tags, whether there is a
// search page).
func siteKey(s *site.Site, opts site.Options) string {
	h := sha256.New()
	h.Write([]byte(diskcache.ProgramID()))
	cfg, _ := s.Files.ReadFile(site.ConfigFile, s.Config.Limits.FileLimit())
	fmt.Fprintf(h, "config %d %s\n", len(cfg), cfg)
	fmt.Fprintf(h, "settings %+v %+v\n", s.Config, opts)
	if s.Theme != nil {
		_ = fs.WalkDir(s.Theme, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(s.Theme, p)
			fmt.Fprintf(h, "theme %s %d %v\n", p, len(b), err)
			h.Write(b)
			return nil
		})
	}
	facts := render.Facts(s)
	fmt.Fprintf(h, "tags %t search %t\n", facts.HasTags, facts.Search)
	return hex.EncodeToString(h.Sum(nil))
}
