// Package table reads the tables that charts plot: CSV, TSV and JSON files, and
// CSV written inline in a page.
//
// Every cell keeps the line and column it came from, because the errors that
// matter to a researcher ("1,000 is not a number", "log axis cannot show 0")
// are found long after parsing, by code that must still be able to say where
// the offending cell is. Cells stay text until a chart asks for a number
// (Number), so that a label column and a numeric column are read the same way.
package table

import (
	"bytes"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// Table is one data file (or one inline CSV block) as text cells with positions.
type Table struct {
	Name    string   // the file as shown in messages, e.g. "content/audio/audio.csv"
	Columns []string // header names in file order (trimmed of surrounding spaces)

	// store holds the rows (rows.go): Len, Cell, Line and Row read them.
	store rowStore

	// rows says that a Row's Line counts rows, not lines of text: the
	// table was read from a Parquet file or a folder of event files, and
	// positions in it say "row 12,345 of runs.parquet".
	rows bool

	// filtered is what an EventFilter picked the rows from, or nil
	// (eventfilter.go).
	filtered *Filtered

	// header holds where each column is named, so that an error about a
	// column as a whole (say, a log axis on a column of negative numbers)
	// can point at its name: Pos(-1, col).
	header Row
}

// Row is one record of a table, as a reader adds it and Table.Row returns it.
type Row struct {
	Line  int      // 1-based line in Name where the row starts
	Cells []string // one per column, trimmed; a JSON object without the key gives ""
	Cols  []int    // 1-based column of each cell in that line (0 when unknown, e.g. a missing JSON key)

	// Lines is the line of each cell when the row's cells do not all stand on
	// Line: after a quoted CSV cell that spans lines, or in pretty-printed JSON
	// where every key has a line of its own. It is nil in the common case so
	// that a plain row costs nothing extra; a 0 entry means Line.
	Lines []int
}

// Parse picks the parser from name's extension: .csv, .tsv (tab separated),
// .json, and the training logs' .jsonl (or .ndjson) and .parquet; anything else is an error naming the supported kinds. The extension is
// matched case-insensitively because spreadsheets on some systems export
// "RESULTS.CSV".
func Parse(name string, src []byte) (*Table, error) {
	at := diag.Pos{File: name, Line: 1, Col: 1}
	ext := strings.ToLower(path.Ext(name))
	switch ext {
	case ".csv":
		return ParseCSV(src, at, ',')
	case ".tsv", ".tab":
		return ParseCSV(src, at, '\t')
	case ".json":
		return ParseJSON(src, at)
	case ".jsonl", ".ndjson":
		return ReadJSONL(name, bytes.NewReader(src))
	case ".parquet":
		return ParseParquet(name, src)
	}
	base := path.Base(name)
	var msg string
	switch ext {
	case "":
		msg = "cannot tell what kind of data " + quote(base) + " holds: name it .csv, .tsv, .json, .jsonl or .parquet"
	case ".xlsx", ".xls", ".ods", ".numbers":
		msg = "cannot read the spreadsheet " + quote(base) + ": export it as CSV and use the .csv file"
	default:
		msg = "cannot read " + quote(base) + ": data files must be .csv, .tsv, .json, .jsonl or .parquet (or a folder of TensorBoard event files)"
	}
	return nil, &diag.Error{Pos: diag.Pos{File: name}, Msg: msg}
}

// Read is Parse for a data file read from r, size bytes long (0 when not
// known): CSV and TSV are read as they stream, so that a file of hundreds
// of megabytes is never in memory whole; other kinds are read whole first.
func Read(name string, r io.Reader, size int64) (*Table, error) {
	at := diag.Pos{File: name, Line: 1, Col: 1}
	switch strings.ToLower(path.Ext(name)) {
	case ".csv":
		return ReadCSV(r, size, at, ',')
	case ".tsv", ".tab":
		return ReadCSV(r, size, at, '\t')
	case ".jsonl", ".ndjson":
		return ReadJSONL(name, r)
	}
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(name, src)
}

// ReadColumns is Read keeping the text of the columns named in keep alone,
// of a CSV or TSV file (ReadCSVColumns), JSON Lines (ReadJSONLColumns) or
// Parquet (ParseParquetColumns); of a file of another kind, every column.
func ReadColumns(name string, r io.Reader, size int64, keep []string) (*Table, error) {
	at := diag.Pos{File: name, Line: 1, Col: 1}
	switch strings.ToLower(path.Ext(name)) {
	case ".csv":
		return ReadCSVColumns(r, size, at, ',', keep)
	case ".tsv", ".tab":
		return ReadCSVColumns(r, size, at, '\t', keep)
	case ".jsonl", ".ndjson":
		return ReadJSONLColumns(name, r, keep)
	case ".parquet":
		src, err := io.ReadAll(r)
		if err != nil {
			return nil, err
		}
		return ParseParquetColumns(name, src, keep)
	}
	return Read(name, r, size)
}

// StreamColumns is ReadColumns handing the table to each as it grows,
// for a data file Streams reads: StreamCSVColumns for a CSV or TSV file,
// StreamJSONLColumns for JSON Lines.
func StreamColumns(name string, r io.Reader, size int64, keep []string, each func(t *Table, read int64)) (*Table, error) {
	at := diag.Pos{File: name, Line: 1, Col: 1}
	switch strings.ToLower(path.Ext(name)) {
	case ".csv":
		return StreamCSVColumns(r, size, at, ',', keep, each)
	case ".jsonl", ".ndjson":
		return StreamJSONLColumns(name, r, size, keep, each)
	}
	return StreamCSVColumns(r, size, at, '\t', keep, each)
}

// Streams reports whether StreamColumns reads the data file name: a CSV,
// TSV or JSON Lines file, as Read names them.
func Streams(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".csv", ".tsv", ".tab", ".jsonl", ".ndjson":
		return true
	}
	return false
}

// Index returns the column's index, or -1. Names are matched exactly: headers
// are already trimmed, and a case-insensitive match would hide a real typo that
// the caller can report with diag.DidYouMean.
func (t *Table) Index(column string) int {
	for i, c := range t.Columns {
		if c == column {
			return i
		}
	}
	return -1
}

// Pos returns the position of cell (row, col) for messages. Row -1 is the
// header, so a problem with a whole column can point at the column's name. An
// index out of range gives the file alone rather than a panic, because
// positions are only ever used to print an error that is already on its way.
//
// In a table without lines (a Parquet file, an event folder) the position
// is a row and a column by name, which prints as "row 12,345 of
// runs.parquet, column "train_loss"".
func (t *Table) Pos(row, col int) diag.Pos {
	p := diag.Pos{File: t.Name, Row: t.rows}
	if t.rows && col >= 0 && col < len(t.Columns) {
		p.Column = t.Columns[col]
	}
	switch {
	case row == -1:
		r := &t.header
		p.Line = r.Line
		if col >= 0 && col < len(r.Cols) {
			p.Col = r.Cols[col]
			if col < len(r.Lines) && r.Lines[col] != 0 {
				p.Line = r.Lines[col]
			}
		}
	case row >= 0 && row < t.Len() && t.rows:
		// A cell is placed by its column's number (numbered.go).
		p.Line = t.store.lines.line(row)
		if col >= 0 && col < len(t.Columns) {
			p.Col = col + 1
		}
	case row >= 0 && row < t.Len():
		p.Line, p.Col = t.store.pos(row, col)
	}
	return p
}

// LinePos is the position of the row that starts at line (a Row's Line),
// for a message about the row as a whole: "data.csv:12", or "row 12,345 of
// runs.parquet". A message about a row should take its position from here,
// not build one from Line, so that it reads right for every kind of table.
func (t *Table) LinePos(line int) diag.Pos {
	return diag.Pos{File: t.Name, Line: line, Row: t.rows}
}

// LineText names a row by its Line in a message: "line 12", or "row
// 12,345" in a table without lines.
func (t *Table) LineText(line int) string { return t.LinePos(line).LineText() }

// LinesText names rows by their Lines in a message: "lines 4, 9 and 3
// more", or "rows 1, 4001" in a table without lines.
func (t *Table) LinesText(lines []int) string { return diag.LinesText(lines, t.rows) }

// RowNumbers reports whether the table's Lines count rows rather than lines
// of text (a Parquet file, a folder of event files).
func (t *Table) RowNumbers() bool { return t.rows }

// maxErrors bounds how many problems one table reports. Past a handful the
// rest are usually echoes of the first (one stray quote shifts every later
// row), and a wall of them hides the one that matters.
const maxErrors = 10

// problems collects a table's errors up to maxErrors.
type problems struct {
	list diag.List
	full bool
}

// add records e and reports whether there is room for more.
func (p *problems) add(e *diag.Error) bool {
	if p.full {
		return false
	}
	if len(p.list) == maxErrors {
		p.full = true
		p.list = append(p.list, &diag.Error{Pos: e.Pos, Msg: "too many problems in this table; fix the ones above first"})
		return false
	}
	p.list = append(p.list, e)
	return true
}

// err returns a single problem as a *diag.Error and several as a sorted
// diag.List, so that the common case prints and compares simply.
func (p *problems) err() error {
	switch len(p.list) {
	case 0:
		return nil
	case 1:
		return p.list[0]
	}
	return p.list.Sort()
}

// normalize makes at a usable origin: an unknown (zero) line or column counts
// as 1, so that positions computed from it are never 0 ("unknown") or negative.
func normalize(at diag.Pos) diag.Pos {
	at.Line = max(at.Line, 1)
	at.Col = max(at.Col, 1)
	return at
}

// inline reports whether at is the start of data written inside a page rather
// than a file of its own: such data never starts at the top-left of its file
// (front matter and the chart fence come first), and messages about it should
// not say "the file".
func inline(at diag.Pos) bool { return at.Line > 1 || at.Col > 1 }

// sizeSample is how many rows a reader reads before it guesses how many
// are to come (reserveRest).
const sizeSample = 1024

// reserveRest reserves room in t for the rows still to come of an input
// of size bytes, guessed from the bytes (read) the rows read so far took
// (rows, the header counted as one): a long log's row index is then made
// once, instead of grown by doubling to up to twice its size.
func (t *Table) reserveRest(size, read int64, rows float64) {
	if read <= 0 || read >= size {
		return
	}
	perRow := float64(read) / rows
	more := float64(size-read) / perRow * 1.05
	t.store.reserve(int(min(more, float64(size))))
}

// stripBOM drops a UTF-8 byte order mark: Excel writes one at the start of
// "CSV UTF-8" files, and left in place it would become part of the first
// column's name.
func stripBOM(src []byte) []byte {
	return bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
}

// quote writes a value from the data for a message: quoted, shortened when
// long (the message only needs enough to recognise the cell), and with
// control characters escaped (see diag.Quote).
func quote(s string) string { return diag.Quote(s) }

// columnList names the header's columns for a message, e.g. `"model",
// "flops", "acc"`, cut short for wide tables.
func columnList(cols []string) string { return diag.QuoteList(cols, 8) }

// plural returns "1 cell" or "3 cells".
func plural(n int, word string) string {
	s := strconv.Itoa(n) + " " + word
	if n != 1 {
		s += "s"
	}
	return s
}
