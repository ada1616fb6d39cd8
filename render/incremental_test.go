package render

import (
	"os"
	"path/filepath"
	"testing"

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
	if _, err := rr.Render(s); err != nil {
		t.Fatal(err)
	}
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
		if _, err := rr.Render(n); err != nil {
			t.Fatal(err)
		}
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
	got, _ := rr.Render(s)
	if len(want.Files) != len(got.Files) {
		t.Fatalf("%d files incrementally, %d in a full build", len(got.Files), len(want.Files))
	}
	for i := range want.Files {
		if want.Files[i].Path != got.Files[i].Path || string(want.Files[i].Data) != string(got.Files[i].Data) {
			t.Errorf("%s differs from a full build", want.Files[i].Path)
		}
	}
}
