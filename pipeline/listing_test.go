package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
