package pipeline

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// TestDemoHomeListsEveryPage: the demo site (this repository's content/)
// has fewer pages than a listing shows by default, so its home page and
// tag pages are one page each, as before listings were cut into pages:
// every page listed, no pager, no page/2/.
func TestDemoHomeListsEveryPage(t *testing.T) {
	s, err := site.Load("..", site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pages) >= s.Config.ListSize {
		t.Skipf("the demo has %d pages, a listing shows %d: it is paged", len(s.Pages), s.Config.ListSize)
	}
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := Run(Options{Source: "..", Dest: dest}); err != nil {
		t.Fatal(err)
	}
	home, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(home), `<li class="post-item">`); n != len(s.Pages) {
		t.Errorf("the home page lists %d pages, the site has %d", n, len(s.Pages))
	}
	for _, markup := range []string{`class="pager"`, `<link rel="prev"`, `<link rel="next"`} {
		if strings.Contains(string(home), markup) {
			t.Errorf("the home page has %s", markup)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "page")); err == nil {
		t.Errorf("the build wrote page/, a second page of the home listing")
	}
	tags, _ := filepath.Glob(filepath.Join(dest, "tags", "*", "page"))
	if len(tags) > 0 {
		t.Errorf("the build wrote %s", tags)
	}
}

// TestPagedListingsReproducible builds a site of paged listings (40 pages
// by 7) with one worker and with several: the same files, byte for byte.
func TestPagedListingsReproducible(t *testing.T) {
	src := t.TempDir()
	synth.Write(t, src, 40, 5)
	if err := os.WriteFile(filepath.Join(src, site.ConfigFile), []byte("title: Paged\nbaseURL: /p/\nlistSize: 7\nfeedSize: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var trees []map[string][]byte
	for _, procs := range []int{1, 2} {
		dest := filepath.Join(t.TempDir(), "public")
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
				t.Fatal(err)
			}
		}()
		trees = append(trees, snapshot(t, dest))
	}
	if _, ok := trees[0]["page/6/index.html"]; !ok {
		t.Fatalf("no page/6/index.html: the home listing of 40 pages by 7 is not paged")
	}
	compareTrees(t, "GOMAXPROCS=1 and 2", trees[0], trees[1])
}
