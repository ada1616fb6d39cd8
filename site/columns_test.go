package site

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/table"
)

// TestColumnsOf gathers the columns a page's panels read of each file,
// under both paths a panel may name it by, and every column for a file
// some panel labels its points from.
func TestColumnsOf(t *testing.T) {
	tests := []struct {
		name  string
		specs []string
		want  map[string]string // file → its columns, joined by "|"; "" every column
	}{
		{
			name:  "two charts of one file",
			specs: []string{"type: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: train_loss\nseries: run\n", "type: line\ndata: data/runs.csv\nx: step\ny: val_loss\nseries: run\n"},
			want:  map[string]string{"data/runs.csv": "run|step|train_loss|val_loss", "content/data/runs.csv": "run|step|train_loss|val_loss"},
		},
		{
			name:  "intervals, where, group",
			specs: []string{"data: a.csv\nx: n\ny: {field: acc, low: lo, high: hi}\nwhere: {split: test}\nseries: model\n", "data: a.csv\nx: {field: n, err: nerr}\ny: acc\ngroup: seed\n"},
			want:  map[string]string{"content/a.csv": "acc|hi|lo|model|n|nerr|seed|split", "a.csv": "acc|hi|lo|model|n|nerr|seed|split"},
		},
		{
			name:  "wide y",
			specs: []string{"data: a.csv\nx: step\ny: [train, val]\n"},
			want:  map[string]string{"content/a.csv": "step|train|val", "a.csv": "step|train|val"},
		},
		{
			name:  "a label reads any column",
			specs: []string{"data: a.csv\nx: n\ny: acc\n", "data: a.csv\nx: n\ny: loss\nlabel: model\n"},
			want:  map[string]string{"content/a.csv": "", "a.csv": ""},
		},
		{
			name:  "inline data and a spec that does not parse",
			specs: []string{"data: |\n  a,b\n  1,2\nx: a\ny: b\n", "x: [\n"},
			want:  map[string]string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var charts []*chartspec.Chart
			for _, src := range tc.specs {
				sc, _ := chartspec.Parse([]byte(src), diag.Pos{File: "content/p.md", Line: 5, Col: 1})
				charts = append(charts, sc)
			}
			got := columnsOf(&Page{Path: "content/p.md"}, charts)
			want := pageColumns{}
			for f, cols := range tc.want {
				want[f] = strings.ReplaceAll(cols, "|", "\x00")
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("columnsOf = %q, want %q", got, want)
			}
		})
	}
}

// TestLargeFileReadInPart loads a page whose charts draw three of a
// file's six columns, with the file counted large, and checks that the
// table was read for those columns alone and that the charts are the
// same as when it is read whole.
func TestLargeFileReadInPart(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("run,step,train_loss,val_loss,lr,wall_time\n")
	for i := range 300 {
		fmt.Fprintf(&csv, "r%d,%d,%d.5,%s,1e-3,%d\n", i/100, i%100+1, 300-i, map[bool]string{true: "2.5", false: ""}[i%10 == 0], i*3)
	}
	files := map[string]string{
		"data/runs.csv": csv.String(),
		"content/p.md": chartMD("type: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: train_loss\nseries: run\n",
			"type: line\ndata: data/runs.csv\nx: step\ny: train_loss\nseries: run\n",
			"type: line\ndata: data/runs.csv\nx: step\ny: {field: val_loss, err: lr}\nseries: run\n"),
	}
	var views [2][][]string
	for i, large := range []bool{false, true} {
		root := t.TempDir()
		writeFiles(t, root, files)
		s, err := Scan(root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if large {
			s.caches.tables.weakOver = 0
		}
		p := page(t, s, "content/p.md")
		_, b, _, err := s.LoadPage(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range b.Charts {
			views[i] = append(views[i], seriesView(c.Panels[0]))
		}
		var keys []string
		for k, e := range s.caches.tables.entries {
			if e.read && e.err == nil {
				keys = append(keys, strings.ReplaceAll(k, "\x00", "|"))
			}
		}
		slices.Sort(keys)
		want := []string{"data/runs.csv"}
		if large {
			want = []string{"data/runs.csv|lr|run|step|train_loss|val_loss"}
		}
		if !slices.Equal(keys, want) {
			t.Errorf("large %v: tables read %q, want %q", large, keys, want)
		}
	}
	if fmt.Sprint(views[0]) != fmt.Sprint(views[1]) {
		t.Errorf("read in part:\n%q\nwhole:\n%q", views[1], views[0])
	}
}

// TestPageHoldsItsLastTable loads a page whose two charts draw one large
// file (held weakly by the cache), with the collector run whenever the
// second looks the table up, and checks that the file was read once: the
// page holds the table its last chart read (pageLoader.lastTable).
func TestPageHoldsItsLastTable(t *testing.T) {
	var rows []string
	for i := range 200 {
		rows = append(rows, fmt.Sprintf(`{"run": "r%d", "step": %d, "loss": %d.5}`, i/100, i%100+1, 300-i))
	}
	files := map[string]string{
		"data/runs.json": "[" + strings.Join(rows, ",\n") + "]\n",
		"content/p.md": chartMD("type: line\ndata: data/runs.json\nx: {field: step, scale: log}\ny: loss\nseries: run\n",
			"type: line\ndata: data/runs.json\nx: step\ny: loss\nseries: run\n"),
	}
	root := t.TempDir()
	writeFiles(t, root, files)
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.caches.tables
	c.weakOver = 0
	weak, part := c.weak, c.part
	c.weak = func(v *table.Table) func() (*table.Table, bool) {
		held := weak(v)
		return func() (*table.Table, bool) {
			runtime.GC()
			return held()
		}
	}
	reads := 0
	c.part = func(files *sitefs.Root, file, cols string, limit sitefs.Limit) (*table.Table, [32]byte, int64, bool, error) {
		reads++
		return part(files, file, cols, limit)
	}
	_, b, _, err := s.LoadPage(page(t, s, "content/p.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Charts) != 2 || reads != 1 {
		t.Errorf("%d charts, the file read %d times; want 2 charts, read once", len(b.Charts), reads)
	}
}
