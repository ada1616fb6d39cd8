package table

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/textfile"
)

// ParseCSV parses delimited text whose first character stands at `at` (File,
// Line, Col) in its file. Inline CSV inside a Markdown page starts at some line
// and indentation, so row i's Line is at.Line + (line in src - 1) and cell
// columns are shifted by at.Col-1. For a file of its own, at = diag.Pos{File:
// name, Line: 1, Col: 1}; a zero Line or Col counts as 1.
//
// Columns are counted in characters, not bytes, as editors count them. Blank
// lines, and lines holding nothing but separators (spreadsheets export empty
// rows as ",,,"), are skipped. Spaces around cells are trimmed, so that
// "a, b" reads as "a" and "b" the way a researcher means it.
func ParseCSV(src []byte, at diag.Pos, comma rune) (*Table, error) {
	return ReadCSV(bytes.NewReader(src), int64(len(src)), at, comma)
}

// ReadCSV is ParseCSV for input read from r, size bytes long when known
// (else 0; it sizes the table's row index). It keeps of the input only the
// record being read and what encoding/csv reads ahead, so that a data file
// of hundreds of megabytes is never in memory whole, with every position
// and message as ParseCSV gives them.
func ReadCSV(r io.Reader, size int64, at diag.Pos, comma rune) (*Table, error) {
	return readCSV(r, size, at, comma, nil)
}

// ReadCSVColumns is ReadCSV keeping the text of the columns named in keep
// alone: a training log of six columns drawn as one against another need
// not hold the other four. Every row is read and checked as by ReadCSV,
// and every position and message is the same; Cell panics on a column
// not kept.
func ReadCSVColumns(r io.Reader, size int64, at diag.Pos, comma rune, keep []string) (*Table, error) {
	if keep == nil {
		keep = []string{}
	}
	return readCSV(r, size, at, comma, keep)
}

// StreamCSVColumns is ReadCSVColumns handing the table to each as it
// grows: once the header is read and after every StreamRows rows, each
// (given how many bytes of the input those took) reads the rows added so
// far and may let their text go (ForgetText), so
// that a reader gathering what it needs as the file is read never holds
// the file's text whole. The table it returns has every row, less the
// text let go; an error is ReadCSVColumns' (the rows each saw are then
// not to be trusted).
func StreamCSVColumns(r io.Reader, size int64, at diag.Pos, comma rune, keep []string, each func(t *Table, read int64)) (*Table, error) {
	if keep == nil {
		keep = []string{}
	}
	return readCSVLines(r, size, at, comma, keep, csvRead(), each)
}

// StreamRows is how many rows StreamCSVColumns and StreamJSONLColumns
// read between two calls of their each: a few megabytes of text.
const StreamRows = 1 << 16

// readCSV is ReadCSV keeping the columns in keep, or all for nil.
func readCSV(r io.Reader, size int64, at diag.Pos, comma rune, keep []string) (*Table, error) {
	return readCSVLines(r, size, at, comma, keep, csvRead(), nil)
}

// readCSVLines is readCSV, read as how says (csvblocks.go); each, when
// set, is StreamCSVColumns'.
func readCSVLines(r io.Reader, size int64, at diag.Pos, comma rune, keep []string, how csvHow, each func(*Table, int64)) (*Table, error) {
	at = normalize(at)
	in := readers.Get().(*reader)
	in.head.Reset(r)
	defer func() {
		in.head.Reset(nil)
		in.buf.Reset(nil)
		in.w.reset(nil)
		readers.Put(in)
	}()
	head, _ := in.head.Peek(textfile.Sniff)
	if err := textfile.CheckHead(head, at, textfile.DataFile); err != nil {
		return nil, err
	}
	if bytes.HasPrefix(head, bom) {
		in.head.Discard(len(bom))
		size -= int64(len(bom))
	}
	if !validComma(comma) {
		return nil, diag.Errorf(at, "cannot use %q to separate cells", comma)
	}
	w := &in.w
	w.reset(&in.head)
	p := &csvParser{w: w, at: at, comma: comma, size: size}
	in.buf.Reset(w)
	cr := csv.NewReader(&in.buf) // a large enough *bufio.Reader is used as is
	cr.Comma = comma
	cr.FieldsPerRecord = -1 // ragged rows get our own message, with the header's names
	cr.ReuseRecord = true   // the batches copy the cells
	// Trimming leading space inside encoding/csv (rather than after it) lets
	// `a, "b, c"` be quoted after the space. It must stay off when the
	// separator is itself a space (TSV): it would swallow empty cells.
	p.trim = !unicode.IsSpace(comma)
	cr.TrimLeadingSpace = p.trim

	recs := newRecords(cr, &in.buf, w, comma, p.trim)
	if !how.plain {
		recs.comma = 0
	}
	x := &csvLexer{p: p, recs: recs, rows: how.rows}
	if x.rows == 0 {
		x.rows = csvBatchRows
	}
	t := x.header()
	if t != nil {
		if keep != nil {
			t.store.keepOnly(t.Columns, keep)
		}
		if each != nil {
			each(t, int64(w.base))
		}
		x.columns = t.Columns
		batches := 1
		if how.ahead {
			batches = csvAhead
		}
		ahead := newRowsAhead(x.fill, batches)
		defer ahead.Close() // before in goes back to the pool
		for b, ok := ahead.next(); ok; b, ok = ahead.next() {
			for i := range b.rows {
				if size > 0 && t.Len() == sizeSample {
					// Where this row starts; the header is about a row.
					t.reserveRest(size, b.rows[i].read, sizeSample+1)
				}
				t.add(b.row(i))
				if each != nil && t.Len()%StreamRows == 0 {
					each(t, b.rows[i].read)
				}
			}
		}
	}
	// The lexing ended (next reported so): the input is the caller's again.
	// A NUL byte anywhere makes the file binary, whatever else is wrong:
	// read on to the end for one when parsing stopped early.
	if w.nul < 0 && !w.eof {
		io.Copy(io.Discard, w)
	}
	if w.nul >= 0 {
		line, col := w.nulPos()
		return nil, textfile.NUL(at, line, col, textfile.DataFile)
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	if t == nil {
		what := "the file"
		if inline(at) {
			what = "the inline data"
		}
		return nil, &diag.Error{Pos: diag.Pos{File: at.File, Line: at.Line}, Msg: what + " is empty: the first row must name the columns"}
	}
	t.store.trim()
	return t, nil
}

// bom is the UTF-8 byte order mark: Excel writes one at the start of "CSV
// UTF-8" files, and left in place it would become part of the first
// column's name.
var bom = []byte("\xef\xbb\xbf")

// reader is the input plumbing a CSV file is read through, kept in a pool
// because a build parses thousands of small inline tables and the buffers
// would otherwise be allocated for each: head looks at the input's start,
// buf is what encoding/csv reads the window through, w the window, its
// arrays kept from one input to the next.
type reader struct {
	head bufio.Reader
	buf  bufio.Reader
	w    window
}

var readers = sync.Pool{New: func() any {
	return &reader{head: *bufio.NewReaderSize(nil, 64<<10), buf: *bufio.NewReaderSize(nil, 64<<10)}
}}

// csvParser holds what turning encoding/csv's records into a Table needs.
type csvParser struct {
	w     *window
	size  int64 // the input's size, 0 when unknown
	at    diag.Pos
	comma rune
	trim  bool // encoding/csv trims leading space (not TSV)
	errs  problems

	cols []int // the columns of the record being added; Table.add copies them
	lead []int // per cell of the current record: spaces trimmed before it (TSV only)

	// The last column converted to characters, so that the cells of a long
	// line are converted in one pass instead of each from the line's start.
	cLine, cByte, cChar int
}

// blank trims the record's cells in place and reports whether all are empty.
func (p *csvParser) blank(rec []string) bool {
	p.lead = p.lead[:0]
	empty := true
	for i, f := range rec {
		c := strings.TrimSpace(f)
		rec[i] = c
		if !p.trim {
			// The spaces trimmed before the cell, counted from the left:
			// searching f for c could match inside a multi-byte space
			// ("\u3000\x80" trims to "\x80", a byte of U+3000 too).
			lead := 0
			if c != "" {
				lead = len(f) - len(strings.TrimLeftFunc(f, unicode.IsSpace))
			}
			p.lead = append(p.lead, lead)
		}
		if c != "" {
			empty = false
		}
	}
	return empty
}

// fieldPos returns the line (within src) and byte column of cell i of the
// record just read, past any space trimmed before it.
func (p *csvParser) fieldPos(r *records, i int) (line, col int) {
	line, col = r.FieldPos(i)
	if i < len(p.lead) && p.lead[i] > 0 {
		if b, ok := p.w.byteAt(p.offset(line, col)); ok && b == '"' {
			return line, col // a quoted cell (" 12"): its quote stands for it
		}
		col += p.lead[i]
	}
	return line, col
}

// header makes the table from the first record and checks its names.
func (p *csvParser) header(rec []string, r *records) *Table {
	t := &Table{Name: p.at.File, Columns: append([]string(nil), rec...)}
	line, _ := r.FieldPos(0)
	t.header = Row{Line: p.at.Line + line - 1, Cells: t.Columns, Cols: make([]int, len(rec))}
	for i := range rec {
		l, c := p.fieldPos(r, i)
		t.header.Cols[i] = p.col(l, c)
		if l != line {
			if t.header.Lines == nil {
				t.header.Lines = make([]int, len(rec))
			}
			t.header.Lines[i] = p.at.Line + l - 1
		}
	}

	sep := sepName(p.comma)
	if len(rec) == 1 {
		for _, other := range []rune{',', ';', '\t', '|'} {
			if other != p.comma && strings.ContainsRune(rec[0], other) {
				fix := "write " + sep + "s between cells"
				if p.comma == '\t' && other == ',' && !inline(p.at) {
					fix = "name the file .csv"
				}
				p.errs.add(&diag.Error{Pos: t.Pos(-1, 0), Msg: fmt.Sprintf(
					"the header has a single column, %s: the columns seem to be separated by %ss, not %ss; %s",
					quote(rec[0]), sepName(other), sep, fix)})
				return t
			}
		}
	}
	first := make(map[string]int, len(t.Columns)) // a name's first column: the check is linear
	for i, name := range t.Columns {
		if name == "" {
			msg := fmt.Sprintf("column %d of the header has no name: every column needs one", i+1)
			if i == len(t.Columns)-1 && i > 0 {
				msg += " (remove the " + sep + " at the end of the header)"
			}
			p.errs.add(&diag.Error{Pos: t.Pos(-1, i), Msg: msg})
			continue
		}
		if j, dup := first[name]; dup {
			p.errs.add(&diag.Error{Pos: t.Pos(-1, i), Msg: fmt.Sprintf(
				"column name %s is used twice (columns %d and %d): each column needs its own name", quote(name), j+1, i+1)})
			continue
		}
		first[name] = i
	}

	return t
}

// row appends a record to b, a row of a table of columns, or records why
// it cannot, and reports whether parsing should go on.
func (p *csvParser) row(columns []string, rec []string, r *records, b *rowBatch) bool {
	if len(rec) != len(columns) {
		return p.errs.add(p.ragged(columns, rec, r))
	}
	line, _ := r.FieldPos(0)
	row := Row{Line: p.at.Line + line - 1, Cells: rec}
	p.cols = p.cols[:0]
	for i := range rec {
		l, c := p.fieldPos(r, i)
		p.cols = append(p.cols, p.col(l, c))
		if l != line { // after a quoted cell that spans lines
			if row.Lines == nil {
				row.Lines = make([]int, len(rec))
			}
			row.Lines[i] = p.at.Line + l - 1
		}
	}
	row.Cols = p.cols
	b.addCopy(row, int64(p.w.base)) // where the row starts
	return true
}

// pos converts encoding/csv's line and byte column within src to a position
// in the file; col 0 leaves the column unknown.
func (p *csvParser) pos(line, col int) diag.Pos {
	return diag.Pos{File: p.at.File, Line: p.at.Line + line - 1, Col: p.col(line, col)}
}

// col converts a byte column within src to a character column in the file.
func (p *csvParser) col(line, col int) int {
	if col <= 0 {
		return 0
	}
	if p.w.lineHigh(line) {
		col = p.charCol(line, col)
	}
	return p.at.Col - 1 + col
}

func (p *csvParser) charCol(line, col int) int {
	start := p.w.lineStart(line)
	if start < 0 {
		return col
	}
	end := min(start+col-1, p.w.read)
	from, n := start, 1
	if p.cLine == line && start <= p.cByte && p.cByte <= end {
		from, n = p.cByte, p.cChar
	}
	n += utf8.RuneCount(p.w.bytesAt(from, end))
	p.cLine, p.cByte, p.cChar = line, end, n
	return n
}

// offset returns the input offset of a line and byte column, at most the
// input's end (as far as it is read).
func (p *csvParser) offset(line, col int) int {
	start := p.w.lineStart(line)
	if start < 0 {
		return p.w.read
	}
	return min(start+max(col, 1)-1, p.w.read)
}

// lineCol is the inverse of offset.
func (p *csvParser) lineCol(off int) (line, col int) { return p.w.lineCol(off) }

// isASCII reports whether byte columns are also character columns, which
// spares the conversion for the usual all-ASCII table. It looks at eight
// bytes at a time: the readers ask it of every line of a log.
func isASCII(b []byte) bool {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
