package site

import (
	"slices"
	"testing"
)

// TestChartsSharePoints checks that a chart drawing the very points an
// earlier chart of the page drew holds them once, and that a chart whose
// points differ anywhere (a value, a row, a series name, a prefix only)
// gets its own, right ones.
func TestChartsSharePoints(t *testing.T) {
	const runs = "run,step,loss,val\nr0,1,3,\nr0,2,2,2.5\nr1,1,4,\nr1,2,5,3\nr1,3,1,1.5\n"
	tests := []struct {
		name   string
		files  map[string]string
		specs  []string
		shared bool       // the last chart's series share the first's points
		want   [][]string // each chart's seriesView
	}{
		{
			name:   "log and linear x of the same columns",
			files:  map[string]string{"data/runs.csv": runs},
			specs:  []string{"type: line\ndata: data/runs.csv\nx: {field: step, scale: log}\ny: loss\nseries: run\n", "type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n"},
			shared: true,
			want:   [][]string{{"r0: 1,3 2,2", "r1: 1,4 2,5 3,1"}, {"r0: 1,3 2,2", "r1: 1,4 2,5 3,1"}},
		},
		{
			name:   "a scatter of the same points",
			files:  map[string]string{"data/runs.csv": runs},
			specs:  []string{"type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n", "type: scatter\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n"},
			shared: true,
			want:   [][]string{{"r0: 1,3 2,2", "r1: 1,4 2,5 3,1"}, {"r0: 1,3 2,2", "r1: 1,4 2,5 3,1"}},
		},
		{
			name:  "lines with gaps, sorted anew: each its own",
			files: map[string]string{"data/runs.csv": runs},
			specs: []string{"type: line\ndata: data/runs.csv\nx: step\ny: val\nseries: run\n", "type: line\ndata: data/runs.csv\nx: step\ny: val\nseries: run\n"},
			want:  [][]string{{"r0: 2,2.5", "r1: 2,3 3,1.5"}, {"r0: 2,2.5", "r1: 2,3 3,1.5"}},
		},
		{
			name:   "a line with a gap between points",
			files:  map[string]string{"data/runs.csv": "step,loss\n1,3\n2,NA\n3,1\n"},
			specs:  []string{"type: line\ndata: data/runs.csv\nx: step\ny: loss\nconnect: rows\n", "type: line\ndata: data/runs.csv\nx: step\ny: loss\nconnect: rows\n"},
			shared: true,
			want:   [][]string{{": 1,3 2,NaN 3,1"}, {": 1,3 2,NaN 3,1"}},
		},
		{
			name:  "another y column",
			files: map[string]string{"data/runs.csv": runs},
			specs: []string{"type: line\ndata: data/runs.csv\nx: step\ny: loss\nseries: run\n", "type: line\ndata: data/runs.csv\nx: step\ny: val\nseries: run\n"},
			want:  [][]string{{"r0: 1,3 2,2", "r1: 1,4 2,5 3,1"}, {"r0: 2,2.5", "r1: 2,3 3,1.5"}},
		},
		{
			name: "a file the same for three rows, then not",
			files: map[string]string{
				"data/a.csv": "run,step,loss\nr0,1,3\nr0,2,2\nr1,1,4\nr1,2,5\n",
				"data/b.csv": "run,step,loss\nr0,1,3\nr0,2,2\nr1,1,4\nr1,2,6\nr2,1,7\n",
			},
			specs: []string{"data: data/a.csv\nx: step\ny: loss\nseries: run\n", "data: data/b.csv\nx: step\ny: loss\nseries: run\n"},
			want:  [][]string{{"r0: 1,3 2,2", "r1: 1,4 2,5"}, {"r0: 1,3 2,2", "r1: 1,4 2,6", "r2: 1,7"}},
		},
		{
			name: "the same points under other series names",
			files: map[string]string{
				"data/a.csv": "run,step,loss\nr0,1,3\nr1,1,4\n",
				"data/b.csv": "run,step,loss\ns0,1,3\ns1,1,4\n",
			},
			specs: []string{"data: data/a.csv\nx: step\ny: loss\nseries: run\n", "data: data/b.csv\nx: step\ny: loss\nseries: run\n"},
			want:  [][]string{{"r0: 1,3", "r1: 1,4"}, {"s0: 1,3", "s1: 1,4"}},
		},
		{
			name:  "rows out of series order",
			files: map[string]string{"data/runs.csv": "run,step,loss\nr0,1,3\nr1,1,4\nr0,2,2\nr1,2,5\n"},
			specs: []string{"data: data/runs.csv\nx: step\ny: loss\nseries: run\n", "data: data/runs.csv\nx: step\ny: loss\nseries: run\n"},
			want:  [][]string{{"r0: 1,3 2,2", "r1: 1,4 2,5"}, {"r0: 1,3 2,2", "r1: 1,4 2,5"}},
		},
		{
			name:   "one series, no series column",
			files:  map[string]string{"data/runs.csv": runs},
			specs:  []string{"type: scatter\ndata: data/runs.csv\nx: step\ny: loss\n", "type: scatter\ndata: data/runs.csv\nx: step\ny: loss\ntitle: Again\n"},
			shared: true,
			want:   [][]string{{": 1,3 2,2 1,4 2,5 3,1"}, {": 1,3 2,2 1,4 2,5 3,1"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/p.md": chartMD(tc.specs...)}
			for k, v := range tc.files {
				files[k] = v
			}
			s := load(t, files, Options{})
			testSharedPoints(t, body(t, s, "content/p.md").Charts, tc.want, tc.shared)
			// And with every file counted large, each file's panels loaded
			// as it is read (streampanels.go), compared as they come.
			root := t.TempDir()
			writeFiles(t, root, files)
			s, err := Scan(root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			s.caches.tables.weakOver = 0
			_, b, _, err := s.LoadPage(page(t, s, "content/p.md"))
			if err != nil {
				t.Fatal(err)
			}
			testSharedPoints(t, b.Charts, tc.want, tc.shared)
		})
	}
}

// testSharedPoints checks each chart's series against want (seriesView),
// and whether the last chart shares the first's points.
func testSharedPoints(t *testing.T, charts []*Chart, want [][]string, wantShared bool) {
	t.Helper()
	if len(charts) != len(want) {
		t.Fatalf("%d charts, want %d", len(charts), len(want))
	}
	for i, c := range charts {
		if got := seriesView(c.Panels[0]); !slices.Equal(got, want[i]) {
			t.Errorf("chart %d series:\n got %q\nwant %q", i+1, got, want[i])
		}
	}
	first, last := charts[0].Panels[0].Series, charts[len(charts)-1].Panels[0].Series
	shared := len(first) == len(last)
	for k := range first {
		shared = shared && len(first[k].Points) > 0 && len(last[k].Points) > 0 && &first[k].Points[0] == &last[k].Points[0]
	}
	if shared != wantShared {
		t.Errorf("the last chart shares the first's points: %v, want %v", shared, wantShared)
	}
}
