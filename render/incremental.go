package render

import (
	"fmt"
	"strings"
	"sync"

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
	cache   map[string]cachedFile // by output path; nil: remember nothing
	used    map[string]bool       // output paths of the call in progress
	links   map[*site.Page]string // linkKey of each page, computed once
	renders int
}

type cachedFile struct {
	key  string
	data []byte
}

// NewRenderer loads the theme of s.
func NewRenderer(s *site.Site) (*Renderer, error) {
	rr, err := NewStreamRenderer(s)
	if err != nil {
		return nil, err
	}
	rr.cache, rr.links = map[string]cachedFile{}, map[*site.Page]string{}
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
	rr.used = map[string]bool{}
	rr.mu.Unlock()
}

// end forgets the files the last call did not produce (deleted pages), and
// the link keys of pages no longer in the site.
func (rr *Renderer) end(s *site.Site) {
	if rr.cache == nil {
		return
	}
	rr.mu.Lock()
	for p := range rr.cache {
		if !rr.used[p] {
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
	rr.used = nil
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
	rr.used[path] = true
	c, ok := rr.cache[path]
	rr.mu.Unlock()
	if ok && c.key == key {
		return File{Path: path, Data: c.data}, nil
	}
	b, err := render()
	if err != nil {
		return File{}, err
	}
	rr.mu.Lock()
	rr.cache[path] = cachedFile{key: key, data: b}
	rr.renders++
	rr.mu.Unlock()
	return File{Path: path, Data: b}, nil
}

// cachedData is cached for files that are not pages (the feed, the
// sitemap): they are kept, but not counted as renders.
func (rr *Renderer) cachedData(path, key string, render func() ([]byte, error)) ([]byte, error) {
	if rr.cache == nil {
		return render()
	}
	rr.mu.Lock()
	rr.used[path] = true
	c, ok := rr.cache[path]
	rr.mu.Unlock()
	if ok && c.key == key {
		return c.data, nil
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	rr.mu.Lock()
	rr.cache[path] = cachedFile{key: key, data: b}
	rr.mu.Unlock()
	return b, nil
}

// pagesKey identifies a list of loaded pages. A reload makes new *site.Page
// values for what it read again and keeps the others, so equal keys mean the
// same content.
func pagesKey(pages ...*site.Page) string {
	if len(pages) == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(len(pages) * 14)
	for _, p := range pages {
		fmt.Fprintf(&b, "%p,", p)
	}
	return b.String()
}

// linkKey identifies what listings show of pages (title, date, tags, chart
// titles...): a page whose body alone changed leaves it the same, so the
// home page and tag pages listing it need not be rendered again.
func linkKey(r *renderer, pages ...*site.Page) string {
	if r.rr.cache == nil {
		return "" // nothing is remembered, so nothing needs a key
	}
	var b strings.Builder
	for _, p := range pages {
		if p == nil {
			continue
		}
		r.rr.mu.Lock()
		k, ok := r.rr.links[p]
		r.rr.mu.Unlock()
		if !ok {
			k = fmt.Sprintf("%v\x00", r.link(p))
			r.rr.mu.Lock()
			r.rr.links[p] = k
			r.rr.mu.Unlock()
		}
		b.WriteString(k)
	}
	return b.String()
}
