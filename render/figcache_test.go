package render

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/scalesite/scalesite/themes"
)

// buildFigures renders the site in dir as a build does, with a Renderer of
// its own (a build starts from nothing in memory), and gives its files and
// the number of Scenes its engines computed and of social cards it drew.
func buildFigures(t *testing.T, dir string) (map[string]string, int64, int64) {
	t.Helper()
	s, rr := loadRenderer(t, dir, true)
	out, err := rr.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range out.Files {
		if f.Src == "" {
			files[f.Path] = string(f.Data)
		}
	}
	return files, rr.statics.drawn.Load(), rr.statics.cards.Load()
}

// TestFigureCacheRedrawsOnlyChanged: a rebuild draws again the Scenes of
// the charts whose inputs changed, and only those (two a chart: wide and
// narrow); a page whose prose alone changed, or a chart beside a changed
// one, is read from the cache; and what the cache gives is the figure
// drawn afresh, byte for byte.
func TestFigureCacheRedrawsOnlyChanged(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := writeSite(t, map[string]string{
		"scalesite.yaml":  "title: T\nstaticFigures: true\n",
		"content/a.md":    "---\ntitle: A\n---\nA.\n\n```chart\ndata: one.csv\nx: n\ny: v\n```\n\n```chart\ndata: two.csv\nx: n\ny: v\n```\n",
		"content/b.md":    "---\ntitle: B\n---\nB.\n\n```chart\ndata: |\n  n,v\n  1,2\n  2,5\nx: n\ny: v\n```\n",
		"content/one.csv": "n,v\n1,2\n2,3\n",
		"content/two.csv": "n,v\n1,7\n2,9\n",
	})
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	first, drawn, cards := buildFigures(t, dir)
	if drawn != 12 || cards != 2 {
		t.Fatalf("first build: %d Scenes and %d cards drawn, want 12 (3 charts, 4 widths: desktop, tablet, phone and the feed's) and 2 (a page's first chart)", drawn, cards)
	}
	tests := []struct {
		name         string
		file         string
		body         string
		drawn, cards int64
	}{
		{"nothing changed", "", "", 0, 0},
		{"one chart's data (its page has another chart)", "content/one.csv", "n,v\n1,2\n2,4\n", 4, 1},
		{"the page's other chart's data (not its card)", "content/two.csv", "n,v\n1,7\n2,8\n", 4, 0},
		{"a page's prose", "content/b.md", "---\ntitle: B\n---\nB, longer.\n\n```chart\ndata: |\n  n,v\n  1,2\n  2,5\nx: n\ny: v\n```\n", 0, 0},
		{"a chart written in its page", "content/b.md", "---\ntitle: B\n---\nB.\n\n```chart\ndata: |\n  n,v\n  1,2\n  2,6\nx: n\ny: v\n```\n", 4, 1},
	}
	for _, tt := range tests {
		if tt.file != "" {
			write(tt.file, tt.body)
		}
		if _, got, gotCards := buildFigures(t, dir); got != tt.drawn || gotCards != tt.cards {
			t.Errorf("%s: %d Scenes and %d cards drawn, want %d and %d", tt.name, got, gotCards, tt.drawn, tt.cards)
		}
	}

	// the first site again: every Scene from the cache, the same bytes as
	// drawn afresh
	write("content/one.csv", "n,v\n1,2\n2,3\n")
	write("content/two.csv", "n,v\n1,7\n2,9\n")
	write("content/b.md", "---\ntitle: B\n---\nB.\n\n```chart\ndata: |\n  n,v\n  1,2\n  2,5\nx: n\ny: v\n```\n")
	again, drawn, cards := buildFigures(t, dir)
	if drawn != 0 || cards != 0 {
		t.Errorf("the first site again: %d Scenes and %d cards drawn, want none", drawn, cards)
	}
	for name, b := range first {
		if again[name] != b {
			t.Errorf("%s: the build from the cache differs from the one drawn afresh", name)
		}
	}
}

// TestFigureCacheUnwritable: with a cache folder that cannot be written,
// the build draws every Scene and goes on.
func TestFigureCacheUnwritable(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/proc/no-cache")
	dir := writeSite(t, map[string]string{
		"scalesite.yaml": "title: T\nstaticFigures: true\n",
		"content/b.md":   "---\ntitle: B\n---\n```chart\ndata: |\n  n,v\n  1,2\n  2,5\nx: n\ny: v\n```\n",
	})
	for i := 0; i < 2; i++ {
		if _, drawn, _ := buildFigures(t, dir); drawn != 4 {
			t.Errorf("build %d: %d Scenes drawn, want 4", i+1, drawn)
		}
	}
}

// TestFigureCacheEntriesProveThemselves: entries swapped on disk, one cut
// short, one with a byte changed (Scenes and cards alike) are not served:
// the build's files are those of a fresh build, the bad entries are drawn
// again and written over, and the next build reads them all.
func TestFigureCacheEntriesProveThemselves(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := writeSite(t, map[string]string{
		"scalesite.yaml":  "title: T\nstaticFigures: true\n",
		"content/a.md":    "---\ntitle: A\n---\n```chart\ndata: one.csv\nx: n\ny: v\n```\n\n```chart\ndata: two.csv\nx: n\ny: v\n```\n",
		"content/b.md":    "---\ntitle: B\n---\n```chart\ndata: |\n  n,v\n  1,2\n  2,5\nx: n\ny: v\n```\n",
		"content/one.csv": "n,v\n1,2\n2,3\n",
		"content/two.csv": "n,v\n1,7\n2,9\n",
	})
	fresh, _, _ := buildFigures(t, dir)
	var scenes, cards []string // the entries, by what their body is
	filepath.WalkDir(filepath.Join(cache, "scalesite", "figures"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			if _, body, _ := bytes.Cut(b, []byte("\n")); bytes.HasPrefix(body, []byte("\x89PNG")) {
				cards = append(cards, p)
			} else {
				scenes = append(scenes, p)
			}
		}
		return err
	})
	if len(scenes) != 12 || len(cards) != 2 {
		t.Fatalf("%d Scene entries and %d cards, want 12 and 2", len(scenes), len(cards))
	}
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	write := func(p string, b []byte) {
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	swap := func(a, b string) {
		ba, bb := read(a), read(b)
		write(a, bb)
		write(b, ba)
	}
	swap(scenes[0], scenes[1])
	swap(cards[0], cards[1])
	cut := read(scenes[2])
	write(scenes[2], cut[:len(cut)/2])
	flip := read(scenes[3])
	flip[len(flip)-10] ^= 0x01 // in the gzip stream's last bytes: its checksum or size
	write(scenes[3], flip)
	flip = read(scenes[4])
	flip[len(flip)/2] ^= 0x20
	write(scenes[4], flip)

	got, drawn, drawnCards := buildFigures(t, dir)
	if drawn != 5 || drawnCards != 2 {
		t.Errorf("%d Scenes and %d cards drawn, want the 5 and 2 tampered with", drawn, drawnCards)
	}
	for name, b := range fresh {
		if got[name] != b {
			t.Errorf("%s: the build from the tampered cache differs from a fresh build", name)
		}
	}
	if _, drawn, drawnCards := buildFigures(t, dir); drawn != 0 || drawnCards != 0 {
		t.Errorf("the build after: %d Scenes and %d cards drawn, want none (the entries written over)", drawn, drawnCards)
	}
}

// TestFigureCacheDir: the cache lies where a new site's Pages workflow
// keeps it between runs (scaffold's FigureCacheDir, ~/.cache/scalesite/figures
// on a runner, where XDG_CACHE_HOME is unset), or under XDG_CACHE_HOME.
func TestFigureCacheDir(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("os.UserCacheDir is ~/.cache on Linux only")
	}
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", "")
	if got, want := openFigureCache(th).store.Dir(figureKind), filepath.Join(home, ".cache", "scalesite", "figures"); got != want {
		t.Errorf("without XDG_CACHE_HOME the figure cache is %s, want %s", got, want)
	}
	xdg := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", xdg)
	if got, want := openFigureCache(th).store.Dir(figureKind), filepath.Join(xdg, "scalesite", "figures"); got != want {
		t.Errorf("with XDG_CACHE_HOME the figure cache is %s, want %s", got, want)
	}
}
