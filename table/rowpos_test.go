package table

import (
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// TestRowPositions checks that positions in a table without lines (Parquet,
// an event folder) read as rows, in every way a message takes them, and
// that positions in a CSV file stay file:line:col.
func TestRowPositions(t *testing.T) {
	type row struct {
		Step int64   `parquet:"_step"`
		Loss float64 `parquet:"train/loss"`
	}
	pq, err := ParseParquet("runs.parquet", writeParquet(t, []row{{1, 2.5}, {2, 2.4}, {3, 2.3}}))
	if err != nil {
		t.Fatal(err)
	}
	src := eventsOf(t, func(w *tfevents.Writer) {
		for i := range 3 {
			w.Event(int64(i), 0, tfevents.Scalar{Tag: "loss", Value: 1})
		}
	})
	ev, err := ReadEvents("tb", []EventFile{eventFile("a", "tb/a/events.out.tfevents.1", src)})
	if err != nil {
		t.Fatal(err)
	}
	csv, err := Parse("runs.csv", []byte("_step,train/loss\n1,2.5\n2,2.4\n3,2.3\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"parquet cell", pq.Pos(2, 1).String(), `row 3 of runs.parquet, column "train/loss"`},
		{"parquet header", pq.Pos(-1, 0).String(), `runs.parquet, column "_step"`},
		{"parquet row", pq.LinePos(pq.Line(2)).String(), "row 3 of runs.parquet"},
		{"parquet subset", pq.Subset([]int{2}).Pos(0, 1).String(), `row 3 of runs.parquet, column "train/loss"`},
		{"parquet rows", pq.LinesText([]int{1, 3}), "rows 1, 3"},
		{"parquet one row", pq.LineText(3), "row 3"},
		{"events cell", ev.Pos(1, 4).String(), `row 2 of tb, column "value"`},
		{"events rows", ev.LinesText([]int{2}), "row 2"},
		{"csv cell", csv.Pos(2, 1).String(), "runs.csv:4:3"},
		{"csv row", csv.LinePos(csv.Line(2)).String(), "runs.csv:4"},
		{"csv rows", csv.LinesText([]int{2, 4}), "lines 2, 4"},
		{"csv one row", csv.LineText(4), "line 4"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
	}
	if !pq.RowNumbers() || !ev.RowNumbers() || csv.RowNumbers() {
		t.Errorf("RowNumbers: parquet %v, events %v, csv %v; want true, true, false", pq.RowNumbers(), ev.RowNumbers(), csv.RowNumbers())
	}
	if p := pq.Pos(0, 0); p.File != "runs.parquet" || p.Line != 1 || p.Col != 1 || !p.Row {
		t.Errorf("parquet Pos(0, 0) = %#v, want row 1, column 1 of runs.parquet", p)
	}
}
