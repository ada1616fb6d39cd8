package render

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// TestIncrementalRenders counts what a change renders again.
func TestIncrementalRenders(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"scalesite.yaml":  "title: T\nstaticFigures: true\n",
		"content/a.md":    "---\ntitle: A\ndate: 2025-01-03\ntags: [x]\n---\nA.\n",
		"content/b.md":    "---\ntitle: B\ndate: 2025-01-02\ntags: [y]\n---\n```chart\ndata: b.csv\nx: n\ny: v\n```\n",
		"content/c.md":    "---\ntitle: C\ndate: 2025-01-01\n---\nC.\n",
		"content/d.md":    "---\ntitle: D\n---\n```chart\ndata: data/shared.csv\nx: n\ny: v\n```\n",
		"content/b.csv":   "n,v\n1,2\n2,3\n",
		"data/shared.csv": "n,v\n1,2\n",
	})
	s, rr := loadRenderer(t, dir, true)
	held := map[string][]byte{} // the files as the preview holds them
	render := func(s *site.Site) {
		t.Helper()
		out, err := rr.Render(s)
		if err != nil {
			t.Fatal(err)
		}
		held = holdFiles(t, held, out)
	}
	render(s)
	// 4 pages, home, 404, 2 tag pages, the tags index, the search page.
	if got := rr.Renders(); got != 10 {
		t.Fatalf("first render: %d renders, want 10", got)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		file    string
		body    string
		renders int // pages rendered again
	}{
		{"nothing changed", "", "", 0},
		{"a page's body", "content/c.md", "---\ntitle: C\ndate: 2025-01-01\n---\nC, longer.\n", 1},
		{"a page's title: the page, its two neighbours (links), home", "content/c.md", "---\ntitle: See\ndate: 2025-01-01\n---\nC.\n", 4},
		{"a page's tags: the page, home, old and new tag pages, tags index", "content/a.md", "---\ntitle: A\ndate: 2025-01-03\ntags: [z]\n---\nA.\n", 5},
		{"a data file beside a page", "content/b.csv", "n,v\n1,2\n2,4\n", 1},
		{"a site-wide data file", "data/shared.csv", "n,v\n1,5\n", 1},
	}
	for _, tt := range tests {
		var changed []string
		if tt.file != "" {
			write(tt.file, tt.body)
			changed = []string{tt.file}
		}
		n, err := s.Reload(changed)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		before := rr.Renders()
		render(n)
		if got := rr.Renders() - before; got != tt.renders {
			t.Errorf("%s: %d pages rendered again, want %d", tt.name, got, tt.renders)
		}
		s = n
	}
	// The result equals a full build of the same files.
	full, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Render(full)
	if len(want.Files) != len(held) {
		t.Fatalf("%d files incrementally, %d in a full build", len(held), len(want.Files))
	}
	for _, f := range want.Files {
		wb := f.Data
		if f.Src != "" {
			wb = []byte(f.Src)
		}
		if b, ok := held[f.Path]; !ok || string(b) != string(wb) {
			t.Errorf("%s differs from a full build", f.Path)
		}
	}
}

// holdFiles is held, the files of the last Render as a caller holds them,
// with out's: the files it made with their bytes, the others as held
// (failing when held lacks one), and none it does not list. A file copied
// as it is is held as its source's path.
func holdFiles(t *testing.T, held map[string][]byte, out *output.Output) map[string][]byte {
	t.Helper()
	next := make(map[string][]byte, len(out.Files))
	for _, f := range out.Files {
		switch b, ok := held[f.Path]; {
		case f.Src != "":
			next[f.Path] = []byte(f.Src)
		case f.Data != nil:
			next[f.Path] = f.Data
		case ok:
			next[f.Path] = b
		default:
			t.Fatalf("%s is handed back without bytes, and not held", f.Path)
		}
	}
	return next
}
