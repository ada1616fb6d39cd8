package render

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	assertHeldIsFull(t, dir, held)
}

// assertHeldIsFull fails unless held, the files as a caller of Render
// holds them (holdFiles), are those of a full render of the site in dir.
func assertHeldIsFull(t *testing.T, dir string, held map[string][]byte) {
	t.Helper()
	full, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Render(full)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Files) != len(held) {
		t.Fatalf("%d files held, %d in a full render", len(held), len(want.Files))
	}
	for _, f := range want.Files {
		wb := f.Data
		if f.Src != "" {
			wb = []byte(f.Src)
		}
		if b, ok := held[f.Path]; !ok || string(b) != string(wb) {
			t.Errorf("%s differs from a full render", f.Path)
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

// TestStreamedSaveMade checks what a save that goes through every page
// (Stream, not a patch) tells its caller (Made): the files it made, new
// or at the last call's paths, wherever they stand in the Output, and
// those of the last call it removed; none other has bytes. A save that
// changes the files besides pages and listings (KaTeX's) tells nothing.
// Either way, what the caller holds is a full render.
func TestStreamedSaveMade(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"scalesite.yaml": "title: T\n",
		"content/a.md":   "---\ntitle: A\ndate: 2025-01-03\ntags: [x]\n---\nA.\n",
		"content/b.md":   "---\ntitle: B\ndate: 2025-01-02\ntags: [x]\n---\nB.\n",
		"content/c.md":   "---\ntitle: C\ndate: 2025-01-01\n---\nC.\n",
	})
	s, rr := loadRenderer(t, dir, false)
	rr.streamOnly = true
	out, err := rr.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	held := holdFiles(t, map[string][]byte{}, out)
	tests := []struct {
		name, file, body string
		remove           bool
		made             bool     // Made answers
		want             []string // of the pages' files, those made
		removed          []string
	}{
		// A page that gains math, the first: KaTeX's files are new.
		{name: "a page gains math", file: "content/c.md", body: "---\ntitle: C\ndate: 2025-01-01\n---\nC, $y$.\n"},
		{name: "its title too", file: "content/c.md", body: "---\ntitle: See\ndate: 2025-01-01\n---\nC, $y$.\n", made: true,
			want: []string{"b/index.html", "c/index.html", "index.html"}},
		{name: "a new page with math", file: "content/d.md", body: "---\ntitle: D\ndate: 2024-12-31\ntags: [y]\n---\nD, $z$.\n", made: true,
			want: []string{"c/index.html", "d/index.html", "index.html"}},
		{name: "a page moved", file: "content/b.md", body: "---\ntitle: B\ndate: 2024-12-30\ntags: [x]\n---\nB.\n", made: true,
			want: []string{"a/index.html", "b/index.html", "c/index.html", "d/index.html", "index.html"}},
		{name: "a page removed", file: "content/d.md", remove: true, made: true,
			want: []string{"b/index.html", "c/index.html", "index.html"}, removed: []string{"d/index.html", "tags/y/index.html"}},
	}
	for _, tt := range tests {
		if tt.remove {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(tt.file))); err != nil {
				t.Fatal(err)
			}
		} else {
			writeSiteFile(t, dir, tt.file, tt.body)
		}
		n, err := s.Reload([]string{tt.file})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		s = n
		out, err := rr.Render(s)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if _, _, patched := rr.Patched(); patched {
			t.Fatalf("%s: patched, want a stream", tt.name)
		}
		made, removed, ok := rr.Made()
		if ok != tt.made {
			t.Fatalf("%s: Made answers %v, want %v", tt.name, ok, tt.made)
		}
		if !ok {
			held = holdFiles(t, held, out)
			continue
		}
		if !slices.Equal(removed, tt.removed) {
			t.Errorf("%s: removed %q, want %q", tt.name, removed, tt.removed)
		}
		for _, p := range removed {
			delete(held, p)
		}
		var pages []string
		listed := map[string]bool{}
		for i, f := range out.Files {
			listed[f.Path] = true
			isMade := slices.Contains(made, i)
			if isMade != (f.Data != nil) {
				t.Errorf("%s: %s has bytes %v, made %v", tt.name, f.Path, f.Data != nil, isMade)
			}
			if _, ok := held[f.Path]; !ok && !isMade {
				t.Errorf("%s: %s is not made, and not held", tt.name, f.Path)
			}
			if isMade {
				held[f.Path] = f.Data
				if strings.HasSuffix(f.Path, "index.html") && !strings.HasPrefix(f.Path, "tags/") && f.Path != "search/index.html" {
					pages = append(pages, f.Path)
				}
			}
		}
		for p := range held {
			if !listed[p] {
				t.Errorf("%s: %s is held, neither listed nor removed", tt.name, p)
			}
		}
		slices.Sort(pages)
		if !slices.Equal(pages, tt.want) {
			t.Errorf("%s: made %v, want %v", tt.name, pages, tt.want)
		}
	}
	assertHeldIsFull(t, dir, held)
}
