package table

import (
	"fmt"
	"math"
	"slices"
	"strings"
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

// TestNumberColumnsReadAsText checks that the columns a Parquet file and
// an event folder hold as numbers (numbered.go) read as the text their
// readers wrote before, cell by cell, and that NumberAt gives what Number
// gives of that text (the same bits, missing and ok: NaN, infinities and
// nulls, int64 past 2^53, float32), at the same positions, read whole, for
// some columns and for a subset of rows.
func TestNumberColumnsReadAsText(t *testing.T) {
	type row struct {
		I32 int32    `parquet:"i32"`
		I64 int64    `parquet:"i64"`
		F32 float32  `parquet:"f32"`
		F64 float64  `parquet:"f64"`
		OI  *int64   `parquet:"oi,optional"`
		OF  *float64 `parquet:"of,optional"`
		Run string   `parquet:"run"`
	}
	ptr := func(v int64) *int64 { return &v }
	fptr := func(v float64) *float64 { return &v }
	inf, nan := math.Inf(1), math.NaN()
	pq := writeParquet(t, []row{
		{0, 0, 0, 0, ptr(0), fptr(0), "a"},
		{-1, 1 << 53, 0.1, 0.1, ptr(1<<53 + 1), fptr(math.Copysign(0, -1)), "b"},
		{math.MaxInt32, math.MaxInt64, math.MaxFloat32, math.MaxFloat64, nil, nil, "c"},
		{math.MinInt32, math.MinInt64, math.SmallestNonzeroFloat32, math.SmallestNonzeroFloat64, ptr(-123456789012345678), fptr(nan), "d"},
		{7, 123456789012345678, float32(inf), inf, ptr(9007199254740993), fptr(-inf), "e"},
		{8, -5, float32(nan), 1e21, nil, fptr(1e-7), "f"},
		{9, 6, 16777217, 123456789.125, ptr(6), fptr(2.3456), "g"},
	})
	pqWant := [][]string{
		{"0", "0", "0", "0", "0", "0", "a"},
		{"-1", "9007199254740992", "0.1", "0.1", "9007199254740993", "-0", "b"},
		{"2147483647", "9223372036854775807", "3.4028235e+38", "1.7976931348623157e+308", "", "", "c"},
		{"-2147483648", "-9223372036854775808", "1e-45", "5e-324", "-123456789012345678", "", "d"},
		{"7", "123456789012345678", "", "", "9007199254740993", "", "e"},
		{"8", "-5", "", "1e+21", "", "1e-07", "f"},
		{"9", "6", "1.6777216e+07", "1.23456789125e+08", "6", "2.3456", "g"},
	}
	ev := eventsOf(t, func(w *tfevents.Writer) {
		w.Event(0, 1700000000.25, tfevents.Scalar{Tag: "loss", Value: 0.1}, tfevents.Scalar{Tag: "d", Value: 0.1, Enc: tfevents.TensorDoubleVal})
		w.Event(1<<53+1, nan, tfevents.Scalar{Tag: "loss", Value: nan}, tfevents.Scalar{Tag: "d", Value: 1e-300, Enc: tfevents.TensorContent64})
		w.Event(math.MaxInt64, inf, tfevents.Scalar{Tag: "loss", Value: inf}, tfevents.Scalar{Tag: "d", Value: -inf, Enc: tfevents.TensorDoubleVal})
		w.Event(-5, -inf, tfevents.Scalar{Tag: "loss", Value: 1e-45, Enc: tfevents.TensorContent32}, tfevents.Scalar{Tag: "d", Value: 1e300, Enc: tfevents.TensorDoubleVal})
		w.Event(7, 1e-300, tfevents.Scalar{Tag: "loss", Value: 16777217, Enc: tfevents.TensorFloatVal}, tfevents.Scalar{Tag: "d", Value: 5e-324, Enc: tfevents.TensorContent64})
	})
	evWant := [][]string{
		{"a", "loss", "0", "1700000000.25", "0.1"},
		{"a", "d", "0", "1700000000.25", "0.1"},
		{"a", "loss", "9007199254740993", "NaN", ""},
		{"a", "d", "9007199254740993", "NaN", "1e-300"},
		{"a", "loss", "9223372036854775807", "+Inf", ""},
		{"a", "d", "9223372036854775807", "+Inf", ""},
		{"a", "loss", "-5", "-Inf", "1e-45"},
		{"a", "d", "-5", "-Inf", "1e+300"},
		{"a", "loss", "7", "0." + strings.Repeat("0", 299) + "1", "1.6777216e+07"},
		{"a", "d", "7", "0." + strings.Repeat("0", 299) + "1", "5e-324"},
	}
	for _, tc := range []struct {
		name    string
		keep    []string
		numeric []string // the columns held as numbers
		read    func(keep []string) (*Table, error)
		want    [][]string
	}{
		{"parquet", nil, []string{"i32", "i64", "f32", "f64", "oi", "of"}, func(keep []string) (*Table, error) {
			return ParseParquetColumns("runs.parquet", pq, keep)
		}, pqWant},
		{"parquet, some columns", []string{"run", "f32", "oi"}, []string{"f32", "oi"}, func(keep []string) (*Table, error) {
			return ParseParquetColumns("runs.parquet", pq, keep)
		}, pqWant},
		{"events", nil, []string{"step", "wall_time", "value"}, func(keep []string) (*Table, error) {
			return ReadEventsColumns("tb", []EventFile{eventFile("a", "tb/a/events.out.tfevents.1", ev)}, keep)
		}, evWant},
		{"events, some columns", []string{"step", "value"}, []string{"step", "value"}, func(keep []string) (*Table, error) {
			return ReadEventsColumns("tb", []EventFile{eventFile("a", "tb/a/events.out.tfevents.1", ev)}, keep)
		}, evWant},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := tc.read(tc.keep)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != len(tc.want) {
				t.Fatalf("%d rows, want %d", tab.Len(), len(tc.want))
			}
			sub := tab.Subset([]int{3, 0})
			for c, name := range tab.Columns {
				if got, want := tab.Numeric(c), slices.Contains(tc.numeric, name); got != want {
					t.Errorf("column %s: Numeric %v, want %v", name, got, want)
				}
				if tc.keep != nil && !slices.Contains(tc.keep, name) {
					continue
				}
				for r, cells := range tc.want {
					checkNumberCell(t, tab, r, c, cells[c])
				}
				checkNumberCell(t, sub, 0, c, tc.want[3][c])
				checkNumberCell(t, sub, 1, c, tc.want[0][c])
			}
		})
	}
}

// checkNumberCell checks that row r's cell in column c reads as want,
// and NumberAt as Number of want, placed by its row and column number.
func checkNumberCell(t *testing.T, tab *Table, r, c int, want string) {
	t.Helper()
	if got := tab.Cell(r, c); got != want {
		t.Errorf("row %d, column %s: %q, want %q", r+1, tab.Columns[c], got, want)
	}
	if got, want := fmt.Sprint(tab.NumberAt(r, c)), numberText(want); got != want {
		t.Errorf("row %d, column %s: NumberAt = %s, want %s", r+1, tab.Columns[c], got, want)
	}
	if p := tab.Pos(r, c); p.Line != tab.Line(r) || p.Col != c+1 || p.Column != tab.Columns[c] || !p.Row {
		t.Errorf("row %d, column %s: Pos = %+v", r+1, tab.Columns[c], p)
	}
	if row := tab.Row(r); row.Cells[c] != want || row.Cols[c] != c+1 {
		t.Errorf("row %d, column %s: Row = %+v", r+1, tab.Columns[c], row)
	}
}

// TestNumberColumnSingles checks float32 values across their range, a
// million bit patterns, in a numberSingle column: each reads as the text
// appendFloat writes of it, and as Number reads that text.
func TestNumberColumnSingles(t *testing.T) {
	var c numberColumn
	c.kind = numberSingle
	const stride = 16411
	for bits := uint64(0); bits < 1<<32; bits += stride {
		c.addSingle(math.Float32frombits(uint32(bits)))
	}
	r := 0
	for bits := uint64(0); bits < 1<<32; bits += stride {
		f := math.Float32frombits(uint32(bits))
		want := string(appendFloat(nil, float64(f), 32))
		if got := string(c.appendText(nil, r)); got != want {
			t.Fatalf("%v: text %q, want %q", f, got, want)
		}
		if got, want := fmt.Sprint(c.number(r)), numberText(want); got != want {
			t.Fatalf("%v: number %s, want %s", f, got, want)
		}
		r++
	}
	if len(c.odd) > 0 {
		t.Logf("%d float32 values keep their own text", len(c.odd))
	}
}

// TestNumberColumnForget checks that a column lets go of the numbers of
// the rows ForgetText names, a block at a time, all of them once every row
// is named, and reads the rows added after as before: in four bytes each
// while they fit in an int32, in eight from the first that does not.
func TestNumberColumnForget(t *testing.T) {
	c := numberColumn{kind: numberInt}
	wide := 2*numberBlockLen + 10 // the first number past an int32
	value := func(r int) int64 {
		if r >= wide {
			return int64(r) << 32
		}
		return int64(r)
	}
	add := func(to int) {
		for r := c.n; r < to; r++ {
			c.addInt(value(r), r%3 == 0)
		}
	}
	check := func(from int) {
		t.Helper()
		for r := from; r < c.n; r++ {
			if v, null := c.at(r); int64(v) != value(r) || null != (r%3 == 0) {
				t.Fatalf("row %d: %d, %v", r, int64(v), null)
			}
		}
	}
	held := func(want int) {
		t.Helper()
		if got := c.heldBytes(); got != want {
			t.Errorf("%d bytes held, want %d", got, want)
		}
	}
	add(numberBlockLen + 100)
	c.forget(numberBlockLen + 50)
	held(4 * 100) // the second block's
	if !c.held(numberBlockLen+50) || c.held(numberBlockLen+49) {
		t.Errorf("held around the row forgotten: %v, %v", c.held(numberBlockLen+50), c.held(numberBlockLen+49))
	}
	check(numberBlockLen + 50)
	c.forget(c.n)
	held(0)
	add(3*numberBlockLen + 7)
	check(numberBlockLen + 100)
	held(4*(numberBlockLen-100) + 8*numberBlockLen + 8*7)
	c.forget(2 * numberBlockLen)
	held(8*numberBlockLen + 8*7)
	check(2 * numberBlockLen)
}

// numberText writes what Number reads of cell, its value as bits (every
// NaN alike), for comparing with what NumberAt reads.
func numberText(cell string) string {
	v, missing, ok := Number(cell)
	return fmt.Sprint(v, missing, ok)
}
