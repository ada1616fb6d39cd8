package table

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/textfile"
)

// jsonlBlock is how many bytes of JSON Lines a batch of rows is lexed
// from (rowsahead.go): ten thousand lines of a log, or so, so that the
// goroutines hand few batches over (each handing over may wait for the
// other to be woken, long on a busy machine). A line longer than that is
// read whole, into a block of its own.
const jsonlBlock = 1 << 20

// jsonlAhead is how many blocks are lexed ahead at most (newRowsAhead):
// eight megabytes of text, more than a StreamRows block of a log's rows,
// and their cells.
const jsonlAhead = 8

// jsonlLexer lexes JSON Lines into batches of rows, a block of whole
// lines at a time, with every position and message as read line by line.
type jsonlLexer struct {
	// p parses each line; its table names the columns the lines named
	// so far and holds no row: the lexer's own, not the one the rows go to.
	p     *jsonParser
	r     io.Reader
	size  int64 // the input's size, 0 when not known
	block int   // bytes read into a batch (the tests make it small)
	line  int   // the number of the next line
	off   int64 // the offset in the input where carry starts
	carry []byte
	err   error // the input's error, io.EOF at its end
	rows  int   // the rows lexed so far
	named int   // the columns handed over in batches so far
}

// newJSONLLexer lexes the JSON Lines file name read from r.
func newJSONLLexer(name string, r io.Reader) *jsonlLexer {
	p := &jsonParser{t: &Table{Name: name}, index: map[string]int{}, perLine: true}
	return &jsonlLexer{p: p, r: r, block: jsonlBlock, line: 1}
}

// fill fills b with the rows of the next block of lines, and reports
// whether more are to come: not after the input's end, its error, or a
// problem that stops the reading.
func (x *jsonlLexer) fill(b *rowBatch) bool {
	if cap(b.text) > 4*x.block {
		b.text = nil // a long line's: let it go
	}
	text := x.read(b.text[:0])
	b.text = text
	base := x.off
	whole := bytes.LastIndexByte(text, '\n') + 1 // text[:whole] are whole lines
	// A block without a NUL byte spares checking each line for one, and
	// an ASCII block counting each line's characters.
	plain := bytes.IndexByte(text, 0) < 0
	ascii := isASCII(text)
	for start := 0; start < whole; {
		end := start + bytes.IndexByte(text[start:whole], '\n')
		if !x.lexLine(b, text[start:end], x.line, base+int64(end+1), plain, ascii) {
			return false
		}
		x.line++
		start = end + 1
	}
	if x.err == nil {
		x.carry = append(x.carry[:0], text[whole:]...)
		x.off = base + int64(whole)
		return true
	}
	// The input ended: its last line, if it does not end in a newline,
	// is the rest.
	if last := text[whole:]; len(last) > 0 && !x.lexLine(b, last, x.line, base+int64(len(text)), plain, ascii) {
		return false
	}
	if !errors.Is(x.err, io.EOF) {
		x.p.errs.add(&diag.Error{Pos: diag.Pos{File: x.p.t.Name, Line: x.line}, Msg: "cannot read the file: " + x.err.Error()})
	}
	return false
}

// read returns into buf the line cut at the last block's end (carry)
// and the input after it, a block's worth, and more when that holds no
// newline, to the end of a line or of the input.
func (x *jsonlLexer) read(buf []byte) []byte {
	text := slices.Grow(append(buf, x.carry...), x.block)
	searched, empty := 0, 0 // text[:searched] has no newline
	for x.err == nil {
		if len(text) == cap(text) {
			if bytes.IndexByte(text[searched:], '\n') >= 0 {
				break
			}
			searched = len(text)
			text = slices.Grow(text, len(text)) // a line longer than a block
		}
		n, err := x.r.Read(text[len(text):cap(text)])
		text = text[:len(text)+n]
		x.err = err
		if empty++; n > 0 {
			empty = 0
		} else if empty == 100 && err == nil {
			x.err = io.ErrNoProgress // as bufio gives up on such a reader
		}
	}
	return text
}

// lexLine lexes line n of the input (without its newline), which ends
// read bytes into it, adding its row to b; plain and ascii say that no
// byte of the line is a NUL, or beyond ASCII. It reports whether to read
// on.
func (x *jsonlLexer) lexLine(b *rowBatch, line []byte, n int, read int64, plain, ascii bool) bool {
	p := x.p
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if n == 1 {
		line = stripBOM(line)
	}
	at := diag.Pos{File: p.t.Name, Line: n, Col: 1}
	// Check finds a problem only in a line with a NUL byte or starting
	// with one beyond ASCII (a UTF-16 or UTF-32 byte order mark).
	if !plain || len(line) > 0 && line[0] >= utf8.RuneSelf {
		if e := textfile.Check(line, at, textfile.DataFile); e != nil {
			p.errs.add(e)
			return false // a binary or UTF-16 file: every other line would be wrong too
		}
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return true
	}
	if x.rows == MaxRows {
		p.errs.add(&diag.Error{Pos: diag.Pos{File: p.t.Name, Line: n}, Msg: tooManyRows})
		return false
	}
	before := len(b.rows) // the columns the line names come before its row
	row, ok := p.jsonlLine(line, at, ascii)
	if ok {
		b.add(row, read)
		x.rows++
	}
	for ; x.named < len(p.t.Columns); x.named++ {
		h := &p.t.header
		b.named = append(b.named, namedColumn{row: before, name: p.t.Columns[x.named], line: h.Lines[x.named], col: h.Cols[x.named]})
	}
	return ok || !p.errs.full
}
