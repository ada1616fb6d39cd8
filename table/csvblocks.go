package table

import (
	"encoding/csv"
	"errors"
	"io"

	"github.com/scalesite/scalesite/diag"
)

// csvHow is how readCSVLines reads: plain lines split by the reader
// itself (csvlines.go), else every line through encoding/csv, which the
// tests compare it with; the rows lexed ahead on a goroutine of their own
// (rowsahead.go), else as they are added; rows to a batch (0: csvBatchRows,
// the tests make it small).
type csvHow struct {
	plain, ahead bool
	rows         int
}

// csvRead is how a CSV file is read.
func csvRead() csvHow { return csvHow{plain: true, ahead: true} }

// csvBatchRows and csvBatchText bound a batch of CSV rows lexed ahead,
// a megabyte or two, so that the goroutines hand few batches over, and
// csvAhead is how many are lexed ahead at most (newRowsAhead): more
// than a StreamRows block of rows.
const (
	csvBatchRows = 16384
	csvBatchText = 1 << 20
	csvAhead     = 6
)

// csvLexer lexes a CSV input's records into batches of rows, with every
// position and message as read one record at a time.
type csvLexer struct {
	p       *csvParser
	recs    *records
	rows    int      // rows to a batch
	columns []string // the header's
}

// header reads the input as far as its header, whose table it returns:
// nil when the reading ended first (its problems are in p.errs).
func (x *csvLexer) header() *Table {
	for {
		rec, ok := x.next(true)
		if !ok {
			return nil
		}
		if rec != nil {
			return x.p.header(rec, x.recs)
		}
	}
}

// fill fills b with the next rows, and reports whether more are to come.
func (x *csvLexer) fill(b *rowBatch) bool {
	for len(b.rows) < x.rows && b.held < csvBatchText {
		rec, ok := x.next(false)
		if !ok {
			return false
		}
		if rec != nil && !x.p.row(x.columns, rec, x.recs, b) {
			return false
		}
	}
	return true
}

// next reads the next record, trimmed: nil for a blank one or one that
// is a problem (recorded in p.errs), and false when the reading ends (the
// input's end, a NUL byte, a problem that stops it). header says the
// record would be the header, which a broken one leaves nothing to check
// the rows against.
func (x *csvLexer) next(header bool) ([]string, bool) {
	p := x.p
	rec, err := x.recs.read(header)
	if err == io.EOF {
		return nil, false
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) && errors.Is(pe.Err, errNUL) || errors.Is(err, errNUL) {
			return nil, false
		}
		if !errors.As(err, &pe) {
			p.errs.add(diag.Errorf(p.at, "%v", err))
			return nil, false
		}
		return nil, p.errs.add(p.quoteError(pe)) && !header
	}
	line, _ := x.recs.FieldPos(0)
	p.w.drop(line)
	if p.blank(rec) {
		return nil, true
	}
	return rec, true
}
