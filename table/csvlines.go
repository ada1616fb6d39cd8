package table

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"unsafe"
)

// A training log is millions of lines like "r3,120000,2.3456,,0.0003,42",
// and encoding/csv spends most of a long log's reading time making a
// string of each record and checking for quotes that never come. So a
// line of plain ASCII without quotes or carriage returns is split here,
// the way encoding/csv splits it (its cells, and the line and byte column
// FieldPos gives each), and every other line (a quoted cell, perhaps over
// several lines, a byte beyond ASCII, a line longer than the buffer, the
// last line without its newline) is left to encoding/csv, which reads
// from the same buffer: no message or position changes.

// records reads a CSV input's records, plain lines here and the rest
// through encoding/csv.
type records struct {
	cr    *csv.Reader
	buf   *bufio.Reader // what cr reads from
	w     *window       // under buf: the input's lines
	comma byte          // 0 when the separator is not ASCII: every line goes to cr
	trim  bool          // cr.TrimLeadingSpace

	// skipped counts the lines read here, which cr did not count: its
	// lines and FieldPos are that many short.
	skipped int
	// next is the line the next unread line is (0 when cr read last and it
	// must be found again).
	next int

	plain bool // the last record was read here
	rec   []string
	cols  []int // the byte column of each cell of a plain record
	line  int   // the line of a plain record
}

// newRecords reads through cr, which reads buf, which reads w.
func newRecords(cr *csv.Reader, buf *bufio.Reader, w *window, comma rune, trim bool) *records {
	r := &records{cr: cr, buf: buf, w: w, trim: trim}
	if comma > 0 && comma < 0x80 {
		r.comma = byte(comma)
	}
	return r
}

// read returns the next record, as csv.Reader.Read does (its cells may
// share the input's buffer until the next read unless own is set: the
// header's names are kept).
func (r *records) read(own bool) ([]string, error) {
	for r.comma != 0 {
		line := r.peekLine()
		if line == nil || !r.split(line, own) {
			break
		}
		r.buf.Discard(len(line))
		r.skipped++
		r.next++
		if len(line) == 1 { // an empty line, which encoding/csv skips too
			continue
		}
		r.plain = true
		return r.rec, nil
	}
	r.plain, r.next = false, 0
	rec, err := r.cr.Read()
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		pe.StartLine += r.skipped
		pe.Line += r.skipped
	}
	return rec, err
}

// peekLine returns the next line, with its newline, without reading it;
// nil when the buffer holds no whole line (the last line, a line longer
// than the buffer, or an error, all of which encoding/csv reads).
func (r *records) peekLine() []byte {
	b, _ := r.buf.Peek(r.buf.Buffered())
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		b, _ = r.buf.Peek(r.buf.Size())
		if nl = bytes.IndexByte(b, '\n'); nl < 0 {
			return nil
		}
	}
	if r.next == 0 {
		r.next, _ = r.w.lineCol(r.w.read - r.buf.Buffered())
	}
	return b[:nl+1]
}

// split splits line (ending in its newline, line r.next of the input)
// into r.rec and r.cols as encoding/csv would, and reports whether it
// could: false for a line with a quote, a carriage return, a NUL or a byte
// beyond ASCII. The window has looked at every byte for the last two as
// it read them; the first two are found with bytes.IndexByte, many bytes
// at a time.
func (r *records) split(line []byte, own bool) bool {
	start := r.w.read - r.buf.Buffered()
	if r.w.lineHigh(r.next) || r.w.nul >= 0 && r.w.nul < start+len(line) ||
		bytes.IndexByte(line, '"') >= 0 || bytes.IndexByte(line, '\r') >= 0 {
		return false
	}
	text := unsafe.String(unsafe.SliceData(line), len(line))
	if own {
		text = string(line)
	}
	r.rec, r.cols = r.rec[:0], r.cols[:0]
	r.line = r.next
	col := 1
	for {
		if r.trim {
			// encoding/csv's TrimLeadingSpace: a cell of spaces to the
			// end of the line stands at the newline.
			i := 0
			for i < len(text) && asciiSpace(text[i]) {
				i++
			}
			if i == len(text) {
				col--
			}
			text = text[i:]
			col += i
		}
		i := bytes.IndexByte(unsafe.Slice(unsafe.StringData(text), len(text)), r.comma)
		if i < 0 {
			r.rec = append(r.rec, text[:max(len(text)-1, 0)])
			r.cols = append(r.cols, col)
			return true
		}
		r.rec = append(r.rec, text[:i])
		r.cols = append(r.cols, col)
		text = text[i+1:]
		col += i + 1
	}
}

// asciiSpace is unicode.IsSpace for a byte below 0x80.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// FieldPos is csv.Reader.FieldPos of the last record, with its lines
// counted from the input's start.
func (r *records) FieldPos(field int) (line, column int) {
	if r.plain {
		return r.line, r.cols[field]
	}
	line, column = r.cr.FieldPos(field)
	return line + r.skipped, column
}
