package pipeline

import (
	"bytes"
	"maps"
	"path/filepath"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// TestRebuildNoticesEventFiles: a page whose chart reads a folder of
// TensorBoard event files is kept while the folder is unchanged, and loaded
// again when an event file changes or a run is added.
func TestRebuildNoticesEventFiles(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // this test's manifests only
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	events := func(values ...float64) string {
		var b bytes.Buffer
		w := tfevents.NewWriter(&b, 1.7e9)
		for i, v := range values {
			w.Event(int64(i), 1.7e9+float64(i), tfevents.Scalar{Tag: "loss", Value: v})
		}
		return b.String()
	}
	files := maps.Clone(goodSite)
	files["content/tb.md"] = "---\ntitle: TB\n---\n```chart\ndata: runs\nwhere: {tag: loss}\nseries: run\nx: step\ny: value\n```\n"
	files["content/runs/a/events.out.tfevents.1"] = events(3, 2.5)
	writeSite(t, src, files)
	for _, st := range []struct {
		name  string
		write map[string]string
		want  []string // the pages loaded, sorted
	}{
		{"first build", nil, nil},
		{"nothing changed", nil, []string{"content/index.md"}},
		{"a step logged", map[string]string{"content/runs/a/events.out.tfevents.1": events(3, 2.5, 2.25)},
			[]string{"content/index.md", "content/tb.md"}},
		{"a run added", map[string]string{"content/runs/b/events.out.tfevents.1": events(4)},
			[]string{"content/index.md", "content/tb.md"}},
		{"a note beside the runs", map[string]string{"content/runs/README.txt": "notes"}, []string{"content/index.md"}},
	} {
		writeSite(t, src, st.write)
		got := buildCounting(t, src, dest)
		if st.want != nil && !slices.Equal(got, st.want) {
			t.Errorf("%s: loaded %v, want %v", st.name, got, st.want)
		}
	}
}
