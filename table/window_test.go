package table

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// TestWindowLongInput reads a log far larger than the window's buffers,
// with lines beyond ASCII and lines longer than the buffers among plain
// ones, through readers that hand over bytes in several sizes, and checks
// each cell's column (counted in characters, from the bytes the window
// kept) against one counted from the line itself. The window's array is
// reused and replaced many times over.
func TestWindowLongInput(t *testing.T) {
	var src strings.Builder
	src.WriteString("run,note,loss\n")
	type cell struct{ line, col int }
	var want [][3]cell
	for i := range 30_000 {
		note := fmt.Sprint(i)
		switch {
		case i%997 == 0:
			note = strings.Repeat("ü", 40_000) // longer than the 64 KB buffers
		case i%13 == 0:
			note = "émile " + note
		}
		line := fmt.Sprintf("r%d,%s,%d.25\n", i%5, note, i)
		var cols [3]cell
		at := 0
		for c, text := range strings.SplitN(strings.TrimSuffix(line, "\n"), ",", 3) {
			cols[c] = cell{i + 2, utf8.RuneCountInString(line[:at]) + 1}
			at += len(text) + 1
		}
		want = append(want, cols)
		src.WriteString(line)
	}
	readers := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"halves":   iotest.HalfReader,
		"data+eof": iotest.DataErrReader,
	}
	for name, wrap := range readers {
		t.Run(name, func(t *testing.T) {
			tab, err := ReadCSV(wrap(strings.NewReader(src.String())), int64(src.Len()), file("f.csv"), ',')
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != len(want) {
				t.Fatalf("%d rows, want %d", tab.Len(), len(want))
			}
			for r, cols := range want {
				for c, w := range cols {
					if p := tab.Pos(r, c); p.Line != w.line || p.Col != w.col {
						t.Fatalf("Pos(%d, %d) = %d:%d, want %d:%d", r, c, p.Line, p.Col, w.line, w.col)
					}
				}
			}
		})
	}
}
