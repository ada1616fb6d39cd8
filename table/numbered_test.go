package table

import (
	"testing"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// TestNumberedTablesKeepNoPositions checks that the tables of Parquet
// files and event folders, read whole or for some columns, keep no
// positions of their own for their rows (numbered.go), read their kept
// cells back, and place a cell by its column's number.
func TestNumberedTablesKeepNoPositions(t *testing.T) {
	type row struct {
		Run  string   `parquet:"run"`
		Step int64    `parquet:"step"`
		Loss float64  `parquet:"loss"`
		Val  *float64 `parquet:"val,optional"`
	}
	val := 2.75
	pq := writeParquet(t, []row{{"r0", 1, 2.5, nil}, {"é", 2, 2.25, &val}, {"r1", 30, 0.125, nil}})
	ev := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(1, 10.5, tfevents.Scalar{Tag: "loss", Value: 2.5})
		w.Event(2, 11, tfevents.Scalar{Tag: "loss", Value: 2.25}, tfevents.Scalar{Tag: "val", Value: 2.75, Enc: tfevents.TensorDoubleVal})
	})
	read := func(keep []string) map[string]*Table {
		p, err := ParseParquetColumns("runs.parquet", pq, keep)
		if err != nil {
			t.Fatal(err)
		}
		e, err := ReadEventsColumns("tb", []EventFile{eventFile("a", "tb/a/events.out.tfevents.1", ev)}, keep)
		if err != nil {
			t.Fatal(err)
		}
		return map[string]*Table{"parquet": p, "events": e}
	}
	for _, tc := range []struct {
		name  string
		keep  []string
		cells map[string][][]string // by table: each row's cells, "-" for one not kept
	}{
		{"whole", nil, map[string][][]string{
			"parquet": {{"r0", "1", "2.5", ""}, {"é", "2", "2.25", "2.75"}, {"r1", "30", "0.125", ""}},
			"events":  {{"a", "loss", "1", "10.5", "2.5"}, {"a", "loss", "2", "11", "2.25"}, {"a", "val", "2", "11", "2.75"}},
		}},
		{"some columns", []string{"step", "loss", "value"}, map[string][][]string{
			"parquet": {{"-", "1", "2.5", "-"}, {"-", "2", "2.25", "-"}, {"-", "30", "0.125", "-"}},
			"events":  {{"-", "-", "1", "-", "2.5"}, {"-", "-", "2", "-", "2.25"}, {"-", "-", "2", "-", "2.75"}},
		}},
	} {
		for kind, tab := range read(tc.keep) {
			want := tc.cells[kind]
			if tab.Len() != len(want) {
				t.Fatalf("%s, %s: %d rows, want %d", tc.name, kind, tab.Len(), len(want))
			}
			for r, cells := range want {
				for c, cell := range cells {
					if cell == "-" {
						continue
					}
					if got := tab.Cell(r, c); got != cell {
						t.Errorf("%s, %s: row %d, column %s: %q, want %q", tc.name, kind, r+1, tab.Columns[c], got, cell)
					}
				}
			}
			// Row 2 of the Parquet file has text beyond ASCII: it is the one
			// row the store keeps positions of.
			odd := 0
			if kind == "parquet" && tc.keep == nil {
				odd = 1
			}
			if n := len(tab.store.odd.rows); n != odd {
				t.Errorf("%s, %s: %d rows keep positions, want %d", tc.name, kind, n, odd)
			}
			if p := tab.Pos(2, 2); p.Line != 3 || p.Col != 3 || p.Column != tab.Columns[2] {
				t.Errorf("%s, %s: Pos(2, 2) = %+v, want row 3, column 3", tc.name, kind, p)
			}
		}
	}
}
