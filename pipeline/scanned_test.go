package pipeline

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"weak"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// TestBuildLetsScannedPagesGo: a page as site.Scan made it is garbage once
// its loaded page is rendered (the loaded page holds all it holds), so a
// large site's build does not keep both to its end. The home page is
// loaded after every other page is rendered: by then none of theirs may
// be reachable.
func TestBuildLetsScannedPagesGo(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := filepath.Join(t.TempDir(), "site")
	synth.Write(t, src, 12, 5)
	for name, text := range map[string]string{
		"scalesite.yaml":   "title: Synthetic benchmark\nbaseURL: /\nstaticFigures: false\n",
		"content/index.md": "---\ntitle: Home\n---\n\nThe pages.\n",
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var ws *weakSource
	_, err := run(Options{Source: src, Dest: filepath.Join(t.TempDir(), "public")}, output.Options{}.Begin, func(ps *pageSource) render.PageSource {
		ws = &weakSource{pageSource: ps, scanned: map[string]weak.Pointer[site.Page]{}}
		return ws
	})
	if err != nil {
		t.Fatal(err)
	}
	if !ws.checked {
		t.Fatal("the home page was not loaded: nothing checked")
	}
	if ws.pages != 12 {
		t.Errorf("%d pages loaded before the home page, want 12", ws.pages)
	}
	if len(ws.reachable) > 0 {
		t.Errorf("once every page was rendered, %d of %d pages as Scan made them were still reachable: %v", len(ws.reachable), ws.pages, ws.reachable)
	}
}

// weakSource is a build's page source that keeps a weak pointer to each
// page it is asked to load, and, when asked for the home page, collects
// garbage and lists the other pages still reachable.
type weakSource struct {
	*pageSource
	mu        sync.Mutex
	scanned   map[string]weak.Pointer[site.Page]
	pages     int
	checked   bool
	reachable []string
}

func (ws *weakSource) Load(p *site.Page) (*site.Page, *site.Body, error) {
	if p.Slug == "" { // the home page
		runtime.GC()
		ws.mu.Lock()
		ws.checked, ws.pages = true, len(ws.scanned)
		for path, w := range ws.scanned {
			if w.Value() != nil {
				ws.reachable = append(ws.reachable, path)
			}
		}
		ws.mu.Unlock()
	} else {
		ws.mu.Lock()
		ws.scanned[p.Path] = weak.Make(p)
		ws.mu.Unlock()
	}
	return ws.pageSource.Load(p)
}
