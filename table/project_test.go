package table

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// TestReadCSVColumns reads files for some of their columns and checks that
// every kept cell, every row's line and every cell's position (of kept
// columns and dropped ones) are what ReadCSV gives, that a dropped cell
// panics, and that the dropped text is not held. Past the first column
// after the last kept one, the ends of cells are not held either (a
// tenth of a long log's table), so a cell's column there is unknown (0).
func TestReadCSVColumns(t *testing.T) {
	long := strings.Repeat("z", 70_000)
	tests := []struct {
		name string
		src  string
		keep []string
	}{
		{"a log, the last columns dropped", "run,step,loss,val,lr\nr0,1,3.5,,1e-3\nr0,2,3.25,3.4,1e-3\nr1,1,4,,2e-3\n", []string{"run", "step", "loss"}},
		{"the first and middle dropped", "a,b,c,d\n11,2,333,4\n5,66,7,88\n", []string{"b", "d"}},
		{"quoted, non-ASCII and multi-line cells", "a,b,c\n\"x, y\",β,3\n\"two\nlines\", 4 ,ü\n5,6,7\n", []string{"c"}},
		{"blank lines and a long row", "a,b,c\n\n1,2,3\n\n4," + long + ",6\n7,8,9\n", []string{"a", "c"}},
		{"nothing kept", "a,b\n1,2\n", []string{}},
		{"a long row, the last columns dropped", "a,b,c,d\n1,2,3,4\n5," + long + ",7,8\n9,10,11,12\n", []string{"a", "b"}},
		{"the first kept, a row quoted", "a,b,c,d\n\"x, y\",2,3,4\n1,2,3,4\n5, 6,7,8\n", []string{"a"}},
		{"a name not in the header", "a,b\n1,2\n", []string{"b", "q"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			all, err := ReadCSV(strings.NewReader(tc.src), int64(len(tc.src)), file("f.csv"), ',')
			if err != nil {
				t.Fatal(err)
			}
			some, err := ReadCSVColumns(strings.NewReader(tc.src), int64(len(tc.src)), file("f.csv"), ',', tc.keep)
			if err != nil {
				t.Fatal(err)
			}
			checkColumns(t, all, some, tc.keep)
		})
	}
}

// checkColumns compares some, a table read for the columns in keep, with
// all, the same file read whole (see TestReadCSVColumns).
func checkColumns(t *testing.T, all, some *Table, keep []string) {
	t.Helper()
	tc := struct{ keep []string }{keep}
	{
		{
			if some.Len() != all.Len() || !slices.Equal(some.Columns, all.Columns) {
				t.Fatalf("%d rows, columns %q; want %d, %q", some.Len(), some.Columns, all.Len(), all.Columns)
			}
			known := 0 // the columns whose positions are kept: to the one after the last kept
			for c, name := range all.Columns {
				if slices.Contains(tc.keep, name) {
					known = c + 1
				}
			}
			// A row that is not plain keeps its columns' places (odd.go).
			// Nor are they known in rows before a kept column was first
			// named behind dropped ones (widenSpan).
			unknown := func(r, c int, p diag.Pos) diag.Pos {
				late := r < some.store.unknownRows && c >= some.store.unknownFrom
				if _, odd := some.store.odd.get(r); (c > known || late) && !odd {
					p.Col = 0
				}
				return p
			}
			held, kept := 0, 0
			for _, c := range some.store.chunks {
				held += len(c)
			}
			for r := range all.Len() {
				if some.Line(r) != all.Line(r) {
					t.Errorf("Line(%d) = %d, want %d", r, some.Line(r), all.Line(r))
				}
				for c, name := range all.Columns {
					if got, want := some.Pos(r, c), unknown(r, c, all.Pos(r, c)); got != want {
						t.Errorf("Pos(%d, %d) = %v, want %v", r, c, got, want)
					}
					if !slices.Contains(tc.keep, name) {
						continue
					}
					kept += len(all.Cell(r, c))
					if got, want := some.Cell(r, c), all.Cell(r, c); got != want {
						t.Errorf("Cell(%d, %d) = %q, want %q", r, c, got, want)
					}
				}
				wantRow := all.Row(r)
				for c, name := range all.Columns {
					if !slices.Contains(tc.keep, name) {
						wantRow.Cells[c] = ""
					}
					wantRow.Cols[c] = unknown(r, c, diag.Pos{Col: wantRow.Cols[c]}).Col
				}
				if got := some.Row(r); got.Line != wantRow.Line || !slices.Equal(got.Cells, wantRow.Cells) || !slices.Equal(got.Cols, wantRow.Cols) || !slices.Equal(got.Lines, wantRow.Lines) {
					t.Errorf("Row(%d) = %+v, want %+v", r, got, wantRow)
				}
			}
			if held != kept {
				t.Errorf("%d bytes of text held, want the kept cells' %d", held, kept)
			}
			for c, name := range all.Columns {
				if !slices.Contains(tc.keep, name) && all.Len() > 0 {
					checkPanics(t, func() { some.Cell(0, c) })
				}
			}
		}
	}
}

func checkPanics(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Error("no panic for a cell of a dropped column")
		}
	}()
	f()
}

// TestReadJSONLColumns reads JSON Lines for some of their columns, as
// TestReadCSVColumns reads CSV: keys first named on a later line, kept or
// not, behind columns kept or not, lines of another layout, and a long one.
func TestReadJSONLColumns(t *testing.T) {
	long := strings.Repeat("z", 70_000)
	tests := []struct {
		name string
		src  string
		keep []string
	}{
		{"a log, the last columns dropped, one named late", `{"run":"r0","step":1,"loss":3.5,"lr":1e-3}
{"run":"r0","step":2,"loss":3.25,"val":3.4,"lr":1e-3}
{"run":"r1","step":1,"loss":4,"lr":2e-3}
`, []string{"run", "step", "loss"}},
		{"a kept column named late, behind dropped ones", `{"a":1,"b":22,"c":333}
{"a":4,"b":5,"c":6}
{"a":7,"b":8,"c":9,"d":10}
{"a":11,"b":12,"c":13,"e":14,"d":15}
`, []string{"a", "d"}},
		{"the first and middle dropped, spaces", "{\"a\": 11, \"b\": 2, \"c\": 333, \"d\": 4}\n{\"a\":5,\"b\":66,\"c\":7,\"d\":88}\n", []string{"b", "d"}},
		{"a long row, blank lines, non-ASCII", "{\"a\":1,\"b\":\"x\",\"c\":3}\n\n{\"a\":4,\"b\":\"" + long + "\",\"c\":6,\"e\":1}\n{\"a\":\"β\",\"b\":\"y\",\"c\":9}\n", []string{"a", "c"}},
		{"nothing kept", "{\"a\":1,\"b\":2}\n", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			all, err := ReadJSONL("f.jsonl", strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			some, err := ReadColumns("f.jsonl", strings.NewReader(tc.src), int64(len(tc.src)), tc.keep)
			if err != nil {
				t.Fatal(err)
			}
			checkColumns(t, all, some, tc.keep)
		})
	}
}

// TestReadColumnsOtherKinds: a file other than CSV, TSV or JSON Lines is
// read whole.
func TestReadColumnsOtherKinds(t *testing.T) {
	src := []byte("[{\"a\": 1, \"b\": 2}]\n")
	tab, err := ReadColumns("f.json", bytes.NewReader(src), int64(len(src)), []string{"a"})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Cell(0, tab.Index("b")) != "2" {
		t.Errorf("b = %q, want 2", tab.Cell(0, tab.Index("b")))
	}
}
