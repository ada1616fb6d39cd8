package table

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"
	"weak"
)

// TestStreamColumns reads a log, as CSV and as JSON Lines, as
// StreamColumns hands it over, a block of rows at a time, letting each
// block's text go once read: every cell and position it sees is
// ReadColumns', the blocks' text is collected while later rows are still
// to come (weak pointers into it go nil), a cell read before stays valid,
// and a row let go panics on Cell with a message naming it.
func TestStreamColumns(t *testing.T) {
	const rows = 4*StreamRows + 123
	var csvLog, jsonLog strings.Builder
	csvLog.WriteString("run,step,lr,loss\n")
	for i := range rows {
		fmt.Fprintf(&csvLog, "r%d,%d,1e-4,%d.25\n", i/50_000, i+1, i%977)
		fmt.Fprintf(&jsonLog, `{"run": "r%d", "step": %d, "lr": 1e-4, "loss": %d.25}`+"\n", i/50_000, i+1, i%977)
	}
	tests := []struct {
		name, src string
		calls     int // the CSV header is handed over alone, before any row
	}{
		{"runs.csv", csvLog.String(), 1 + rows/StreamRows},
		{"runs.jsonl", jsonLog.String(), rows / StreamRows},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			testStreamColumns(t, tc.name, tc.src, rows, tc.calls)
		})
	}
}

// testStreamColumns is TestStreamColumns for the log src, of rows rows,
// named name; each should be called calls times.
func testStreamColumns(t *testing.T, name, src string, rows, calls int) {
	keep := []string{"run", "step", "loss"}
	whole, err := ReadColumns(name, strings.NewReader(src), int64(len(src)), keep)
	if err != nil {
		t.Fatal(err)
	}
	var (
		seen, called int
		kept         string // a cell read from the second block, kept past ForgetText
		firstBlock   []weak.Pointer[byte]
		gone         bool // the first block's text was collected before the end
	)
	streamed, err := StreamColumns(name, strings.NewReader(src), int64(len(src)), keep, func(tb *Table, read int64) {
		called++
		if read < 0 || read > int64(len(src)) || tb.Len() > 0 && read == 0 {
			t.Errorf("call %d: read %d bytes of %d", called, read, len(src))
		}
		for r := seen; r < tb.Len(); r++ {
			for _, c := range []int{0, 1, 3} {
				if got, want := tb.Cell(r, c), whole.Cell(r, c); got != want {
					t.Fatalf("row %d column %d: %q, want %q", r, c, got, want)
				}
				if got, want := tb.Pos(r, c), whole.Pos(r, c); got != want {
					t.Fatalf("row %d column %d at %v, want %v", r, c, got, want)
				}
			}
			if seen == 0 && r < 1000 {
				firstBlock = append(firstBlock, weak.Make(unsafe.StringData(tb.Cell(r, 1))))
			}
		}
		if seen == StreamRows {
			kept = tb.Cell(StreamRows+7, 3)
		}
		if tb.Len() > 2*StreamRows && !gone {
			runtime.GC()
			gone = true
			for _, w := range firstBlock {
				gone = gone && w.Value() == nil
			}
		}
		seen = tb.Len()
		tb.ForgetText(tb.Len())
		if held := tb.HeldText(); held != 0 {
			t.Errorf("after ForgetText of every row, %d bytes of text held", held)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if called != calls {
		t.Errorf("each called %d times, want %d", called, calls)
	}
	if len(firstBlock) == 0 || !gone {
		t.Errorf("the first block's text was still held two blocks on (%d weak pointers)", len(firstBlock))
	}
	if want := whole.Cell(StreamRows+7, 3); kept != want {
		t.Errorf("a cell read before its text was let go reads %q, want %q", kept, want)
	}
	if streamed.Len() != rows {
		t.Fatalf("%d rows, want %d", streamed.Len(), rows)
	}
	for r := seen; r < rows; r++ { // the last rows, after the last call
		if got, want := streamed.Cell(r, 3), whole.Cell(r, 3); got != want {
			t.Fatalf("row %d: %q, want %q", r, got, want)
		}
	}
	if got, want := streamed.Pos(5, 3), whole.Pos(5, 3); got != want {
		t.Errorf("a row let go is at %v, want %v", got, want)
	}
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, "row 5 of "+name+" was let go") {
			t.Errorf("Cell of a row let go panicked with %q", msg)
		}
	}()
	streamed.Cell(5, 3)
}

// TestStreamJSONLKeyNamedLate streams JSON Lines logs that name a key
// first on a later line: each is first called once every kept key is
// named (never, for a key no line names), the rows before read "" in
// its column, a key named after the text was let go (kept or not) widens
// the table, and every cell and position is ReadJSONLColumns'.
func TestStreamJSONLKeyNamedLate(t *testing.T) {
	const rows = 3*StreamRows + 5
	var b strings.Builder
	for i := range rows {
		b.WriteString(`{"step": ` + fmt.Sprint(i+1))
		if i >= StreamRows+10 { // loss is named in the second block
			fmt.Fprintf(&b, `, "loss": %d.5`, i%13)
		}
		if i%1000 == 999 { // a key not kept, first named in the first block
			b.WriteString(`, "val": 2.5`)
		}
		if i >= 2*StreamRows+3 { // a key not kept, named after text was let go
			b.WriteString(`, "lr": 1e-4`)
		}
		if i == 2*StreamRows+4 { // kept, named after text was let go
			b.WriteString(`, "run": "r1"`)
		}
		b.WriteString("}\n")
	}
	src := b.String()
	tests := []struct {
		keep  []string
		first int // the rows each is first handed; 0 for never
	}{
		{[]string{"step"}, StreamRows},
		{[]string{"step", "loss"}, 2 * StreamRows},
		{[]string{"loss", "run", "step"}, 3 * StreamRows},
		{[]string{"step", "seed"}, 0},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.keep, ","), func(t *testing.T) {
			whole, err := ReadJSONLColumns("log.jsonl", strings.NewReader(src), tc.keep)
			if err != nil {
				t.Fatal(err)
			}
			// same checks rows [from, tb.Len()) of tb against whole, in
			// the kept columns tb names so far.
			same := func(tb *Table, from int) {
				for _, name := range tc.keep {
					c := tb.Index(name)
					if c < 0 {
						continue
					}
					if c != whole.Index(name) {
						t.Fatalf("column %q is %d, read whole %d", name, c, whole.Index(name))
					}
					for r := from; r < tb.Len(); r++ {
						if got, want := tb.Cell(r, c), whole.Cell(r, c); got != want {
							t.Fatalf("row %d column %q: %q, want %q", r, name, got, want)
						}
						if got, want := tb.Pos(r, c), whole.Pos(r, c); got != want {
							t.Fatalf("row %d column %q at %v, want %v", r, name, got, want)
						}
					}
				}
			}
			first, seen := 0, 0
			streamed, err := StreamJSONLColumns("log.jsonl", strings.NewReader(src), int64(len(src)), tc.keep, func(tb *Table, _ int64) {
				if first == 0 {
					first = tb.Len()
					for _, name := range tc.keep {
						if tb.Index(name) < 0 {
							t.Errorf("each handed %d rows before %q was named", tb.Len(), name)
						}
					}
				}
				same(tb, seen)
				seen = tb.Len()
				tb.ForgetText(tb.Len())
			})
			if err != nil {
				t.Fatal(err)
			}
			if first != tc.first {
				t.Errorf("each first handed %d rows, want %d", first, tc.first)
			}
			if !slices.Equal(streamed.Columns, whole.Columns) || streamed.Len() != rows {
				t.Fatalf("%d rows of columns %q, want %d of %q", streamed.Len(), streamed.Columns, rows, whole.Columns)
			}
			same(streamed, seen)
			for _, name := range tc.keep { // the rows let go keep their places
				if c := whole.Index(name); c >= 0 {
					for r := range seen {
						if got, want := streamed.Pos(r, c), whole.Pos(r, c); got != want {
							t.Fatalf("row %d column %q at %v, want %v", r, name, got, want)
						}
					}
				}
			}
		})
	}
}

// TestForgetTextThenAdd adds rows after every row's text was let go, the
// chunk being filled with it: they start a chunk of full size (not one
// sized by the chunk let go), and read back.
func TestForgetTextThenAdd(t *testing.T) {
	tb := &Table{Name: "t.csv", Columns: []string{"a", "b"}}
	tb.add(Row{Line: 2, Cells: []string{"x", "1"}, Cols: []int{1, 3}})
	tb.ForgetText(tb.Len())
	for i := range 100 {
		tb.add(Row{Line: 3 + i, Cells: []string{"y", fmt.Sprint(i)}, Cols: []int{1, 3}})
	}
	if got := tb.Cell(100, 1); got != "99" {
		t.Errorf("the last row's cell reads %q, want 99", got)
	}
	if n := len(tb.store.chunks); n != 2 {
		t.Errorf("%d chunks after 100 rows following the text let go, want 2", n)
	}
	if c := cap(tb.store.chunks[1]); c != chunkSize {
		t.Errorf("the chunk after one let go holds %d bytes, want %d", c, chunkSize)
	}
}
