package pipeline

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// TestRebuildMatchesFreshBuild edits a site step by step, rebuilding over
// the last output each time (which keeps what did not change, see
// cache.go), and checks after each step that the output and the warnings
// are exactly those of a fresh build of the same site into a new folder.
func TestRebuildMatchesFreshBuild(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // this test's manifests only
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	base := maps.Clone(goodSite)
	base["content/older.md"] = "---\ntitle: Older\ndate: 2024-06-01\n---\nAn older page.\n"
	// A page with a warning: a row left out for a missing value.
	base["content/gaps.md"] = "---\ntitle: Gaps\ndate: 2024-01-01\n---\n```chart\ndata: data/gaps.csv\nx: n\ny: loss\n```\n"
	base["data/gaps.csv"] = "n,loss\n1,3.0\n2,\n3,2.5\n"
	writeSite(t, src, base)

	steps := []struct {
		name   string
		write  map[string]string
		remove []string
	}{
		{name: "first build"},
		{name: "nothing changed"},
		{name: "a data file changed", write: map[string]string{"data/runs.csv": "model,flops,loss\na,1e18,3.2\na,1e19,2.8\nb,1e18,3.0\nb,1e19,2.6\n"}},
		{name: "a page's body changed", write: map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2024-06-01\n---\nAn older page, edited.\n"}},
		{name: "a neighbour's title changed", write: map[string]string{"content/runs.md": "---\ntitle: Runs, renamed\ndate: 2025-01-02\n---\nLoss falls with compute.\n\n```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\n```\n"}},
		{name: "a page moved in the order", write: map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2025-02-15\n---\nAn older page, edited.\n"}},
		{name: "a page added", write: map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\ntags: [fresh]\n---\nNew page.\n"}},
		{name: "a page removed", remove: []string{"content/older.md"}},
		{name: "the config changed", write: map[string]string{"scalesite.yaml": "title: Renamed site\nbaseURL: https://u.github.io/repo/\n"}},
		{name: "a static file changed", write: map[string]string{"static/robots.txt": "User-agent: *\nDisallow:\n"}},
		{name: "the warning's data fixed", write: map[string]string{"data/gaps.csv": "n,loss\n1,3.0\n2,2.7\n3,2.5\n"}},
	}
	var kept os.FileInfo // a page's HTML before "nothing changed"
	for i, st := range steps {
		if st.name == "nothing changed" {
			kept, _ = os.Stat(filepath.Join(dest, "gaps", "index.html"))
		}
		writeSite(t, src, st.write)
		for _, f := range st.remove {
			if err := os.Remove(filepath.Join(src, f)); err != nil {
				t.Fatal(err)
			}
		}
		got, err := Run(Options{Source: src, Dest: dest})
		if err != nil {
			t.Fatalf("step %d (%s): %v", i, st.name, err)
		}
		fresh := filepath.Join(root, "fresh", st.name)
		want, err := Run(Options{Source: src, Dest: fresh})
		if err != nil {
			t.Fatalf("step %d (%s), fresh build: %v", i, st.name, err)
		}
		assertSameFiles(t, st.name, snapshot(t, dest), snapshot(t, fresh))
		if st.name == "nothing changed" {
			// The page was kept, not written again: its warning came from
			// the manifest.
			if now, err := os.Stat(filepath.Join(dest, "gaps", "index.html")); err != nil || !os.SameFile(kept, now) || !kept.ModTime().Equal(now.ModTime()) {
				t.Errorf("%s: gaps/index.html was written again", st.name)
			}
			// Its warnings, the loader's and check's (it has no
			// description), came from the manifest too.
			var loader, checked bool
			for _, w := range got.Warnings {
				if w.Pos.File == "data/gaps.csv" && strings.Contains(w.Msg, "missing values") {
					loader = true
				}
				if w.Pos.File == "content/gaps.md" && strings.Contains(w.Msg, "has no description") {
					checked = true
				}
			}
			if !loader || !checked {
				t.Errorf("%s: the kept page's warnings (loader's %v, check's %v) are not all printed: %v", st.name, loader, checked, got.Warnings)
			}
		}
		if !slices.EqualFunc(got.Warnings, want.Warnings, func(a, b *diag.Error) bool { return *a == *b }) {
			t.Errorf("%s: warnings\n got %v\nwant %v", st.name, got.Warnings, want.Warnings)
		}
		if got.Pages != want.Pages || got.Charts != want.Charts || got.Points != want.Points || got.Files != want.Files {
			t.Errorf("%s: report %d pages, %d charts, %d points, %d files; a fresh build's %d, %d, %d, %d",
				st.name, got.Pages, got.Charts, got.Points, got.Files, want.Pages, want.Charts, want.Points, want.Files)
		}
	}
}

// assertSameFiles checks two snapshots hold the same files, byte for byte.
func assertSameFiles(t *testing.T, step string, got, want map[string][]byte) {
	t.Helper()
	for p, b := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s missing from the rebuilt output", step, p)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s: %s differs from a fresh build's", step, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s left in the rebuilt output", step, p)
		}
	}
}
