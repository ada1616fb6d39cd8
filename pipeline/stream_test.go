package pipeline

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// TestScanMatchesLoad checks that a build, which scans the site and loads
// each page as it streams it (site.Scan, site.Site.LoadPage), writes
// exactly the files, byte for byte, that the same stream makes of the
// whole site loaded at once (the live preview's way after a change to its
// config: site.Load, render.Render).
func TestScanMatchesLoad(t *testing.T) {
	syn := t.TempDir()
	synth.Write(t, syn, 60, 20)
	for _, tt := range []struct{ name, src string }{{"demo", ".."}, {"synthetic", syn}} {
		t.Run(tt.name, func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "public")
			rep, err := Run(Options{Source: tt.src, Dest: dest})
			if err != nil {
				t.Fatal(err)
			}
			s, err := site.Load(tt.src, site.Options{})
			if err != nil {
				t.Fatal(err)
			}
			out, err := render.Render(s)
			if err != nil {
				t.Fatal(err)
			}
			got := siteFiles(t, dest)
			if len(got) != len(out.Files) || rep.Files != len(out.Files) {
				t.Errorf("the build wrote %d files (reported %d), Render makes %d", len(got), rep.Files, len(out.Files))
			}
			for _, f := range out.Files {
				want := f.Data
				if f.Src != "" {
					continue // copied files: compared by presence
				}
				b, ok := got[f.Path]
				switch {
				case !ok:
					t.Errorf("%s: not written by the build", f.Path)
				case !bytes.Equal(b, want):
					t.Errorf("%s: the build wrote %d bytes that differ from Render's %d", f.Path, len(b), len(want))
				}
			}
		})
	}
}

// TestStreamHoldsFewPages checks what makes a build's memory independent of
// the site's size: at any moment, only a few pages are loaded in full and
// not yet written.
func TestStreamHoldsFewPages(t *testing.T) {
	src := t.TempDir()
	// Ten times the pages the workers may hold at once (80 on two cores):
	// a build that loads ahead of what it writes holds far more than
	// bound. A fixed 400 pages cost the fast suite 27 CPU seconds.
	bound := 3*runtime.GOMAXPROCS(0) + 2
	pages := 10 * bound
	synth.Write(t, src, pages, 10)
	s, err := site.Scan(src, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr, err := render.NewStreamRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	held, most, loads := 0, 0, 0
	load := loadFunc(func(p *site.Page) (*site.Page, *site.Body, error) {
		full, body, _, err := s.LoadPage(p)
		mu.Lock()
		held++
		loads++
		most = max(most, held)
		mu.Unlock()
		return full, body, err
	})
	emitted := 0
	emit := func(f output.File) {
		mu.Lock()
		defer mu.Unlock()
		emitted++
		if strings.HasPrefix(f.Path, "page-") && strings.HasSuffix(f.Path, "/index.html") {
			held--
		}
	}
	out, _, err := rr.Stream(s, load, emit, render.StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if loads != pages || emitted != len(out.Files) {
		t.Errorf("loaded %d pages of %d, emitted %d files of %d", loads, pages, emitted, len(out.Files))
	}
	t.Logf("at most %d pages held in full", most)
	// Each worker holds the page it loads and at most the neighbours
	// waiting for it.
	if most > bound {
		t.Errorf("up to %d pages were held in full at once, want at most %d of %d", most, bound, pages)
	}
	for _, f := range out.Files {
		if f.Data != nil {
			t.Errorf("%s: the Output of Stream keeps the file's bytes", f.Path)
			break
		}
	}
}

// loadFunc is a render.PageSource that loads every page: no last build.
type loadFunc func(p *site.Page) (*site.Page, *site.Body, error)

func (f loadFunc) Load(p *site.Page) (*site.Page, *site.Body, error) { return f(p) }
func (loadFunc) Cached(*site.Page) *site.Page                        { return nil }
func (loadFunc) Keep(*site.Page, string) ([]output.File, bool)       { return nil, false }
func (loadFunc) Rendered(*site.Page, string, []output.File)          {}
