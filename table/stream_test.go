package table

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"
	"weak"

	"github.com/scalesite/scalesite/diag"
)

// TestStreamCSVColumns reads a log as StreamCSVColumns hands it over, a
// block of rows at a time, letting each block's text go once read: every
// cell and position it sees is ReadCSVColumns', the blocks' text is
// collected while later rows are still to come (weak pointers into it go
// nil), a cell read before stays valid, and a row let go panics on Cell
// with a message naming it.
func TestStreamCSVColumns(t *testing.T) {
	const rows = 4*StreamRows + 123
	var src strings.Builder
	src.WriteString("run,step,lr,loss\n")
	for i := range rows {
		fmt.Fprintf(&src, "r%d,%d,1e-4,%d.25\n", i/50_000, i+1, i%977)
	}
	at := diag.Pos{File: "runs.csv", Line: 1, Col: 1}
	keep := []string{"run", "step", "loss"}
	whole, err := ReadCSVColumns(strings.NewReader(src.String()), int64(src.Len()), at, ',', keep)
	if err != nil {
		t.Fatal(err)
	}
	var (
		seen, calls int
		kept        string // a cell read from the second block, kept past ForgetText
		firstBlock  []weak.Pointer[byte]
		gone        bool // the first block's text was collected before the end
	)
	streamed, err := StreamCSVColumns(strings.NewReader(src.String()), int64(src.Len()), at, ',', keep, func(tb *Table, read int64) {
		calls++
		if read < 0 || read > int64(src.Len()) || tb.Len() > 0 && read == 0 {
			t.Errorf("call %d: read %d bytes of %d", calls, read, src.Len())
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
	if calls != 1+rows/StreamRows { // the header, then every StreamRows rows
		t.Errorf("each called %d times, want %d", calls, 1+rows/StreamRows)
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
		if !strings.Contains(msg, "row 5 of runs.csv was let go") {
			t.Errorf("Cell of a row let go panicked with %q", msg)
		}
	}()
	streamed.Cell(5, 3)
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
