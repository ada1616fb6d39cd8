package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/scalesite/scalesite/internal/tfevents"
)

// TestJSONLBlocks reads logs lexed in blocks of a few bytes, ahead on a
// goroutine and not: the table, every cell's and column name's place, the
// rows and bytes each is handed, and the messages are those of the log
// read as one block, whatever the blocks cut.
func TestJSONLBlocks(t *testing.T) {
	lines := func(n int, line func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(line(i))
		}
		return b.String()
	}
	plain := func(i int) string {
		return fmt.Sprintf(`{"run": "r%d", "step": %d, "loss": %d.5}`+"\n", i/7, i+1, i%13)
	}
	tests := []struct {
		name, src string
		in        func(src string) io.Reader // the input; strings.NewReader(src) when nil
	}{
		{"plain", lines(40, plain), nil},
		{"a bad line mid-file", lines(40, func(i int) string {
			if i == 23 {
				return `{"run": "r3", "step": 24, "loss": NaN}` + "\n"
			}
			return plain(i)
		}), nil},
		{"a key first named late", lines(40, func(i int) string {
			if i >= 29 {
				return fmt.Sprintf(`{"step": %d, "val": {"loss": %d}, "run": "r"}`+"\n", i+1, i)
			}
			return plain(i)
		}), nil},
		{"a bad line names a key", lines(30, func(i int) string {
			if i == 11 {
				return `{"run": "r1", "new": 2, "step": [1]}` + "\n"
			}
			return plain(i)
		}), nil},
		{"CRLF, blank lines and a BOM", "\ufeff" + strings.ReplaceAll(lines(30, func(i int) string {
			if i%9 == 4 {
				return "  \n\n"
			}
			return plain(i)
		}), "\n", "\r\n"), nil},
		{"the last line without a newline", strings.TrimSuffix(lines(25, plain), "\n"), nil},
		{"the last line a CR without a newline", lines(25, plain) + `{"step": 99}` + "\r", nil},
		{"a line longer than the blocks", lines(20, func(i int) string {
			if i == 9 {
				return fmt.Sprintf(`{"step": 10, "note": %q}`+"\n", strings.Repeat("long ", 200))
			}
			return plain(i)
		}), nil},
		{"beyond ASCII", lines(30, func(i int) string {
			return fmt.Sprintf(`{"lauf": "é%d", "schritt": %d, "ü": "ß"}`+"\n", i, i)
		}), nil},
		{"a NUL byte mid-file", lines(20, plain) + "{\"a\x00\": 1}\n" + lines(5, plain), nil},
		{"too many problems", lines(maxErrors+20, func(i int) string { return fmt.Sprintf(`{"step": %d, "x": y}`+"\n", i) }), nil},
		{"a read error mid-file", lines(30, plain), func(src string) io.Reader {
			return io.MultiReader(strings.NewReader(src[:len(src)/2]), iotest.ErrReader(errors.New("the disk went away")))
		}},
		{"a read error after a whole line", lines(30, plain), func(src string) io.Reader {
			cut := strings.LastIndexByte(src[:len(src)/2], '\n') + 1
			return io.MultiReader(strings.NewReader(src[:cut]), iotest.ErrReader(errors.New("the disk went away")))
		}},
		{"a byte at a time", lines(30, plain), func(src string) io.Reader {
			return iotest.OneByteReader(strings.NewReader(src))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			if in == nil {
				in = func(src string) io.Reader { return strings.NewReader(src) }
			}
			for _, keep := range [][]string{nil, {"step"}} {
				want := readInBlocks(in(tc.src), len(tc.src)+1, false, keep)
				for _, block := range []int{1, 5, 16, 61, 256} {
					for _, overlap := range []bool{false, true} {
						got := readInBlocks(in(tc.src), block, overlap, keep)
						if got != want {
							t.Fatalf("keeping %q, in blocks of %d bytes (ahead: %v):\n%s\nread as one block:\n%s", keep, block, overlap, got, want)
						}
					}
				}
			}
		})
	}
}

// checkBlocks reads src lexed ahead in blocks of a few bytes, and
// compares what it reads with src read as one block.
func checkBlocks(t *testing.T, src []byte) {
	want := readInBlocks(bytes.NewReader(src), len(src)+1, false, nil)
	if got := readInBlocks(bytes.NewReader(src), 7, true, nil); got != want {
		t.Fatalf("in blocks of 7 bytes, lexed ahead:\n%s\nread as one block:\n%s", got, want)
	}
}

// readInBlocks reads the log r as readJSONL does, lexed in blocks of
// block bytes, ahead when overlap is set, keeping keep and handed over
// at every row; it returns what each saw and the table (columns, the
// places of their names, every cell and its place), or the error.
func readInBlocks(r io.Reader, block int, overlap bool, keep []string) string {
	x := newJSONLLexer("log.jsonl", r)
	x.block = block
	var b strings.Builder
	tab, err := x.table(keep, func(t *Table, read int64) {
		fmt.Fprintf(&b, "%d rows, %d bytes, %q\n", t.Len(), read, t.Columns)
	}, 1, overlap)
	if err != nil {
		return b.String() + err.Error()
	}
	for c := range tab.Columns {
		fmt.Fprintf(&b, "%q@%v ", tab.Columns[c], tab.Pos(-1, c))
	}
	for r := range tab.Len() {
		fmt.Fprintf(&b, "\n%d:", tab.Line(r))
		for c := range tab.Columns {
			cell := "-" // a column not kept
			if keep == nil || tab.Columns[c] == keep[0] {
				cell = tab.Cell(r, c)
			}
			fmt.Fprintf(&b, " %q@%v", cell, tab.Pos(r, c))
		}
	}
	return b.String()
}

// TestAheadEnds reads logs lexed ahead on a goroutine, as JSON Lines, as
// CSV and as a TensorBoard event file, to the end, to a problem that
// stops the reading, and until a reader of the rows panics: the input is
// read on the lexing goroutine, which is gone, not waiting, once the read
// returns or its panic goes on up. An event file read ahead gives the
// rows and the problem it gives decoded as the rows are asked for.
func TestAheadEnds(t *testing.T) {
	const rows = StreamRows + 500 // StreamCSVColumns hands rows over every StreamRows
	var jsonLog, csvLog, events bytes.Buffer
	csvLog.WriteString("step,loss\n")
	w := tfevents.NewWriter(&events, 1.7e9)
	for i := range rows {
		fmt.Fprintf(&jsonLog, `{"step": %d, "loss": %d.25}`+"\n", i, i%17)
		fmt.Fprintf(&csvLog, "%d,%d.25\n", i, i%17)
		w.Event(int64(i), 1.7e9+float64(i), tfevents.Scalar{Tag: "loss", Value: float64(i%17) + 0.25})
	}
	if w.Err() != nil {
		t.Fatal(w.Err())
	}
	eventsRead := func(r io.Reader, each func(*Table, int64), batches int) (*Table, error) {
		f := EventFile{Run: "r", Name: "runs/r/events.out.tfevents.0", Open: func() (io.ReadCloser, error) { return io.NopCloser(r), nil }}
		// Batches of a few rows: the decoding is far from done at the first.
		return streamEvents("runs", []EventFile{f}, EventsRead{Each: each}, batches, 8)
	}
	read := map[string]func(r io.Reader, each func(*Table, int64)){
		"jsonl": func(r io.Reader, each func(*Table, int64)) {
			x := newJSONLLexer("log.jsonl", r)
			x.block = 64 // a line or two: the lexing is far from done at the first row
			x.table(nil, each, 1, true)
		},
		"csv": func(r io.Reader, each func(*Table, int64)) {
			readCSVLines(r, 0, file("log.csv"), ',', nil, csvHow{plain: true, ahead: true, rows: 2}, each)
		},
		"events": func(r io.Reader, each func(*Table, int64)) {
			src, _ := r.(*lexedReader).r.(*strings.Reader)
			tab, err := eventsRead(r, each, eventsAhead)
			// Decoded as asked for, from the start: the same rows, the
			// same problem.
			src.Seek(0, io.SeekStart)
			want, wantErr := eventsRead(src, nil, 1)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("decoded ahead: %v\nas asked for: %v", err, wantErr)
			}
			if err == nil && fmt.Sprint(rowsOf(tab)) != fmt.Sprint(rowsOf(want)) {
				t.Errorf("decoded ahead, %d rows; as asked for, %d rows, not the same", tab.Len(), want.Len())
			}
		},
	}
	damagedEvents := events.String()
	mid := len(damagedEvents) / 2
	damagedEvents = damagedEvents[:mid] + string(damagedEvents[mid]^1) + damagedEvents[mid+1:]
	for _, format := range []string{"jsonl", "csv", "events"} {
		src := jsonLog.String()
		problems := []struct{ name, src string }{
			{"a bad line mid-file", strings.Replace(src, "3.25", "3.25.5\"", 1)},
			{"a NUL byte mid-file", src[:len(src)/2] + "\x00" + src[len(src)/2:]},
		}
		switch format {
		case "csv":
			src = csvLog.String()
			problems[0].src = strings.Replace(src, "3.25", "3.25.5\"", 1)
			problems[1].src = src[:len(src)/2] + "\x00" + src[len(src)/2:]
		case "events":
			src = events.String()
			problems = []struct{ name, src string }{
				{"a damaged record mid-file", damagedEvents},
				{"the last record cut short", src[:len(src)-3]},
			}
		}
		tests := []struct {
			name, src string
			panics    bool // each panics once handed StreamRows rows, the lexing well under way
		}{
			{"to the end", src, false},
			{problems[0].name, problems[0].src, false},
			{problems[1].name, problems[1].src, false},
			{"a reader of the rows panics", src, true},
		}
		for _, tc := range tests {
			t.Run(format+"/"+tc.name, func(t *testing.T) {
				in := &lexedReader{r: strings.NewReader(tc.src)}
				func() {
					defer func() {
						if r := recover(); (r != nil) != tc.panics {
							t.Errorf("recovered %v", r)
						}
					}()
					read[format](in, func(tb *Table, _ int64) {
						if tc.panics && tb.Len() == StreamRows {
							panic("a panel's own fault")
						}
					})
				}()
				if in.ahead == 0 {
					t.Errorf("none of %d reads was on the lexing goroutine", in.reads)
				}
				if n := lexers(t); n != 0 {
					t.Errorf("%d lexing goroutines waiting after the read returned", n)
				}
			})
		}
	}
}

// lexedReader is r, counting its reads, and those on a goroutine lexing
// ahead (rowsAhead.lex).
type lexedReader struct {
	r            io.Reader
	reads, ahead int
}

func (l *lexedReader) Read(p []byte) (int, error) {
	stack := make([]byte, 64<<10)
	stack = stack[:runtime.Stack(stack, false)]
	l.reads++
	if bytes.Contains(stack, []byte("table.(*rowsAhead).lex")) {
		l.ahead++
	}
	return l.r.Read(p)
}

// TestRowsAheadPanic: a panic lexing ahead is the caller's, with its
// value, once the batches before are handed over; its goroutine ends.
func TestRowsAheadPanic(t *testing.T) {
	n := 0
	a := newRowsAhead(func(b *rowBatch) bool {
		n++
		if n == 4 {
			panic("the lexer's own fault")
		}
		b.add(Row{Line: n}, 0)
		return true
	}, 2)
	defer a.Close()
	got := 0
	defer func() {
		if r := recover(); r != "the lexer's own fault" {
			t.Errorf("recovered %v, want the lexer's panic", r)
		}
		if got != 3 {
			t.Errorf("%d batches handed over before the panic, want 3", got)
		}
		if n := lexers(t); n != 0 {
			t.Errorf("%d lexing goroutines after the panic", n)
		}
	}()
	for b, ok := a.next(); ok; b, ok = a.next() {
		if b.rows[0].line != got+1 {
			t.Fatalf("batch %d holds line %d", got+1, b.rows[0].line)
		}
		got++
	}
}

// lexers counts the goroutines lexing ahead (rowsAhead.lex) that wait,
// found by their stacks (one running, perhaps just after closing its done
// channel, is not waiting).
func lexers(t *testing.T) int {
	var stacks bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&stacks, 2); err != nil {
		t.Fatal(err)
	}
	n := 0
	for g := range strings.SplitSeq(stacks.String(), "\n\n") {
		head, _, _ := strings.Cut(g, "\n")
		if strings.Contains(g, "table.(*rowsAhead).lex") && !strings.Contains(head, "[running") && !strings.Contains(head, "[runnable") {
			n++
		}
	}
	return n
}
