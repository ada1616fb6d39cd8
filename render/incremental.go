package render

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"sync"
	"unsafe"

	"github.com/yuin/goldmark"

	"github.com/scalesite/scalesite/render/markdown"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/themes"
)

// Renderer renders sites with one theme and remembers what it rendered, so
// that after a change to a few pages only those pages, and the pages that
// show them (their neighbours' links, the home page, their tags' pages), are
// rendered again. The live preview keeps one; a build streams through one
// made by NewStreamRenderer, which remembers nothing.
type Renderer struct {
	theme    *theme
	md       goldmark.Markdown
	themeDir string
	config   site.Config

	mu      sync.Mutex
	cache   map[string]*cachedFile // by output path; nil: remember nothing
	gen     int                    // counts the calls; see cachedFile.used
	links   map[*site.Page]linkSum // linkKey of each page, computed once
	renders int
	// lean: the cache keeps the keys of the files, not their bytes, and
	// Render hands back a file it did not render again without its bytes
	// (see SetLean in lighten.go).
	lean bool
}

type cachedFile struct {
	key  string
	data []byte // nil when lean
	size int
	used int // the last call (gen) that produced the file
}

// linkSum is a checksum of what listings show of one page.
type linkSum [16]byte

// NewRenderer loads the theme of s.
func NewRenderer(s *site.Site) (*Renderer, error) {
	rr, err := NewStreamRenderer(s)
	if err != nil {
		return nil, err
	}
	rr.cache, rr.links = map[string]*cachedFile{}, map[*site.Page]linkSum{}
	return rr, nil
}

// NewStreamRenderer loads the theme of s for a Renderer that keeps nothing
// it renders: a build's, where every file is rendered once and written.
func NewStreamRenderer(s *site.Site) (*Renderer, error) {
	th, err := loadTheme(themes.Default(), s.Theme, s.ThemeDir, s.Config.BasePath)
	if err != nil {
		return nil, err
	}
	var ext []goldmark.Extender
	if s.Config.Markdown.Unsafe {
		ext = append(ext, markdown.RawHTML)
	}
	return &Renderer{theme: th, md: markdown.New(ext...), themeDir: s.ThemeDir, config: s.Config}, nil
}

// Fits reports whether rr can render s: the same theme folder and config.
// A theme's files changing on disk needs a new Renderer too.
func (rr *Renderer) Fits(s *site.Site) bool {
	return rr.themeDir == s.ThemeDir && rr.config == s.Config
}

// Renders counts the pages (of any kind: pages, home, tags, 404) rendered
// since the Renderer was made, as opposed to taken from its memory.
func (rr *Renderer) Renders() int {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return rr.renders
}

func (rr *Renderer) begin() {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	rr.gen++
	rr.mu.Unlock()
}

// end forgets the files the last call did not produce (deleted pages), and
// the link keys of pages no longer in the site.
func (rr *Renderer) end(s *site.Site) {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	for p, c := range rr.cache {
		if c.used != rr.gen {
			delete(rr.cache, p)
		}
	}
	if len(rr.links) > 2*len(s.Pages)+16 {
		keep := make(map[*site.Page]bool, len(s.Pages))
		for _, p := range s.Pages {
			keep[p] = true
		}
		for p := range rr.links {
			if !keep[p] {
				delete(rr.links, p)
			}
		}
	}
	rr.mu.Unlock()
}

// cached returns the file at path as rendered for key, rendering it when
// the last file there was rendered for another key. It is safe for
// concurrent use.
func (rr *Renderer) cached(path, key string, render func() ([]byte, error)) (File, error) {
	if rr.cache == nil {
		b, err := render()
		rr.mu.Lock()
		rr.renders++
		rr.mu.Unlock()
		return File{Path: path, Data: b}, err
	}
	rr.mu.Lock()
	c, ok := rr.cache[path]
	if ok {
		c.used = rr.gen
	}
	rr.mu.Unlock()
	if ok && c.key == key {
		if rr.lean {
			return File{Path: path, Size: c.size}, nil
		}
		return File{Path: path, Data: c.data}, nil
	}
	b, err := render()
	if err != nil {
		return File{}, err
	}
	if b == nil {
		b = []byte{} // nil bytes mean "as last time" when lean
	}
	rr.mu.Lock()
	rr.cache[path] = rr.entry(key, b)
	rr.renders++
	rr.mu.Unlock()
	return File{Path: path, Data: b}, nil
}

// entry is what the cache keeps of a file rendered for key.
func (rr *Renderer) entry(key string, b []byte) *cachedFile {
	c := &cachedFile{key: key, data: b, size: len(b), used: rr.gen}
	if rr.lean {
		c.data = nil
	}
	return c
}

// cachedData is cached for files that are not pages (the feed, the
// sitemap): they are kept, but not counted as renders. A lean Renderer
// returns nil for a file it did not make again.
func (rr *Renderer) cachedData(path, key string, render func() ([]byte, error)) ([]byte, error) {
	if rr.cache == nil {
		return render()
	}
	rr.mu.Lock()
	c, ok := rr.cache[path]
	if ok {
		c.used = rr.gen
	}
	rr.mu.Unlock()
	if ok && c.key == key {
		return c.data, nil // nil when lean
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	if b == nil {
		b = []byte{}
	}
	rr.mu.Lock()
	rr.cache[path] = rr.entry(key, b)
	rr.mu.Unlock()
	return b, nil
}

// pagesKey identifies a list of loaded pages. A reload makes new *site.Page
// values for what it read again and keeps the others, so equal keys mean the
// same content. A long list is identified by a checksum of its pointers.
func pagesKey(pages ...*site.Page) string {
	if len(pages) == 0 {
		return ""
	}
	b := make([]byte, 0, len(pages)*13)
	for _, p := range pages {
		b = strconv.AppendUint(b, uint64(uintptr(unsafe.Pointer(p))), 16)
		b = append(b, ',')
	}
	if len(pages) <= 4 {
		return string(b)
	}
	sum := sha256.Sum256(b)
	return "#" + string(sum[:])
}

// linkKey identifies what listings show of pages (title, date, tags, chart
// titles...): a page whose body alone changed leaves it the same, so the
// home page and tag pages listing it need not be rendered again. It is a
// checksum: a listing of 10,000 pages has a key of 32 bytes, not one of
// the length of every link. A nil page (no neighbour) has a key of its own.
func linkKey(r *renderer, pages ...*site.Page) string {
	if r.rr.cache == nil {
		return "" // nothing is remembered, so nothing needs a key
	}
	if len(pages) == 1 {
		if pages[0] == nil {
			return "-"
		}
		k := r.linkSum(pages[0])
		return string(k[:])
	}
	h := sha256.New()
	rr := r.rr
	rr.mu.Lock()
	for _, p := range pages {
		if p == nil {
			continue
		}
		k, ok := rr.links[p]
		if !ok {
			rr.mu.Unlock()
			k = r.linkSum(p)
			rr.mu.Lock()
		}
		h.Write(k[:])
	}
	rr.mu.Unlock()
	return string(h.Sum(nil))
}

// linkSum is the checksum of what listings show of p, computed once per
// page.
func (r *renderer) linkSum(p *site.Page) linkSum {
	r.rr.mu.Lock()
	k, ok := r.rr.links[p]
	r.rr.mu.Unlock()
	if ok {
		return k
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%v", r.link(p)))
	copy(k[:], sum[:])
	r.rr.mu.Lock()
	r.rr.links[p] = k
	r.rr.mu.Unlock()
	return k
}
