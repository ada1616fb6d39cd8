package pipeline

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// countingSource is the build's pageSource, noting the pages it loads.
type countingSource struct {
	*pageSource
	mu     sync.Mutex
	loaded []string
}

func (c *countingSource) Load(p *site.Page) (*site.Page, *site.Body, error) {
	c.mu.Lock()
	c.loaded = append(c.loaded, p.Path)
	c.mu.Unlock()
	return c.pageSource.Load(p)
}

// TestRebuildLoadsOnlyWhatChanged builds a site again after each edit, and
// checks which pages the build loaded: none that the last
// build's state says are unchanged, with their neighbours' links as they
// were (the key Stream hands the state must be the one it recorded).
func TestRebuildLoadsOnlyWhatChanged(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // this test's manifests only
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	files := maps.Clone(goodSite)
	// Newest first: audio, runs, older, oldest.
	files["content/older.md"] = "---\ntitle: Older\ndate: 2024-06-01\n---\nAn older page.\n"
	files["content/oldest.md"] = "---\ntitle: Oldest\ndate: 2023-01-01\n---\nThe oldest page.\n"
	writeSite(t, src, files)
	runs := goodSite["content/runs.md"]
	all := []string{"content/audio/index.md", "content/index.md", "content/older.md", "content/oldest.md", "content/runs.md"}
	for _, st := range []struct {
		name  string
		write map[string]string
		want  []string // the pages loaded, sorted
	}{
		{"first build", nil, all},
		{"nothing changed", nil, []string{"content/index.md"}}, // the home page is always loaded
		{"a page's body changed", map[string]string{"content/runs.md": strings.Replace(runs, "Loss falls with compute.", "Loss falls.", 1)},
			[]string{"content/index.md", "content/runs.md"}},
		{"its title changed", map[string]string{"content/runs.md": strings.Replace(runs, "title: Runs", "title: Runs, renamed", 1)},
			[]string{"content/audio/index.md", "content/index.md", "content/older.md", "content/runs.md"}},
		{"a data file changed", map[string]string{"data/runs.csv": "model,flops,loss\na,1e18,3.2\na,1e19,2.8\nb,1e18,3.0\nb,1e19,2.6\n"},
			[]string{"content/index.md", "content/runs.md"}},
		{"the config changed", map[string]string{"scalesite.yaml": "title: Renamed\nbaseURL: https://u.github.io/repo/\n"}, all},
	} {
		writeSite(t, src, st.write)
		if got := buildCounting(t, src, dest); !slices.Equal(got, st.want) {
			t.Errorf("%s: loaded %v, want %v", st.name, got, st.want)
		}
	}
}

// buildCounting builds src into dest and returns the pages the build
// loaded, sorted.
func buildCounting(t *testing.T, src, dest string) []string {
	t.Helper()
	var cs *countingSource
	_, err := run(Options{Source: src, Dest: dest}, output.Options{}.Begin, func(ps *pageSource) render.PageSource {
		cs = &countingSource{pageSource: ps}
		return cs
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(cs.loaded)
	return cs.loaded
}

// TestBuildPrunesStore: a build and a check prune the store as they start
// (a temporary file an interrupted run left two hours ago goes); the
// preview does not, so that no save waits on a walk of the folder.
func TestBuildPrunesStore(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "site")
	writeSite(t, src, goodSite)
	preview := func(t *testing.T) {
		pv, h := NewPreview(src, site.Options{}), &held{}
		for _, changed := range [][]string{nil, {"content/runs.md"}} {
			if _, err := pv.Update(changed, h.take); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name   string
		run    func(t *testing.T)
		pruned bool
	}{
		{"build", func(t *testing.T) {
			if _, err := Run(Options{Source: src, Dest: filepath.Join(t.TempDir(), "public")}); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"check", func(t *testing.T) {
			if _, _, err := Render(src, site.Options{}); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"preview", preview, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cache := t.TempDir()
			t.Setenv("XDG_CACHE_HOME", cache)
			temp := filepath.Join(cache, "scalesite", "figures", "ab", ".new-123")
			if err := os.MkdirAll(filepath.Dir(temp), 0o755); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(temp, nil, 0o600)
			past := time.Now().Add(-2 * time.Hour)
			os.Chtimes(temp, past, past)
			tc.run(t)
			if _, err := os.Stat(temp); (err != nil) != tc.pruned {
				t.Errorf("the temporary file two hours old: removed %t, want %t", err != nil, tc.pruned)
			}
		})
	}
}
