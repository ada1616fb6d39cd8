package table

import (
	"sync"
	"unsafe"
)

// Reading a long log is two jobs of about the same size: lexing its text
// into rows (finding lines, checking the syntax, working out where each
// cell stands) and adding the rows to the table, which the panels drawn
// from it read as it grows (StreamColumns). The second must be done in
// order on the caller's goroutine; the first depends on nothing it does.
// So a reader lexes its input a block at a time into rowBatches on a
// goroutine of its own (rowsAhead), a block or two ahead of the table,
// and the caller adds each batch's rows: the same rows in the same order,
// with the other core doing the lexing. A few blocks are in memory at
// once, never the input.

// rowBatch is a block of rows lexed ahead of the table they go to.
type rowBatch struct {
	// text is the input the block's rows were lexed from (JSON Lines),
	// or their cells' copied (CSV): their cells are slices of it (or
	// strings of their own, unescaped), valid until the batch is filled
	// again. held counts the bytes copied.
	text  []byte
	held  int
	rows  []batchRow
	cells []string // every row's cells, one row after another
	cols  []int    // the column of each cell
	lines []int    // the line of each cell of a row with Lines
	// named are the columns first named in the block (JSON Lines).
	named []namedColumn
	// events are the rows of a block of event records (events.go), in
	// place of rows: their tags are spans of text.
	events []eventRow
}

// batchRow is a row of a rowBatch.
type batchRow struct {
	line int
	end  int // its cells end at this index of cells (and cols)
	// lines is where its lines end in lines: no further than the row
	// before's for a row without Lines.
	lines int
	// read is the bytes of the input the reader counts for the row: up
	// to its end (JSON Lines) or its start (CSV).
	read int64
}

// namedColumn is a column a JSON Lines log names first in a batch,
// before the row with index row (len(rows): after the last), at line and
// col.
type namedColumn struct {
	row       int
	name      string
	line, col int
}

// reset empties b for filling again, its arrays kept.
func (b *rowBatch) reset() {
	b.text, b.held = b.text[:0], 0
	b.rows, b.cells, b.cols, b.lines = b.rows[:0], b.cells[:0], b.cols[:0], b.lines[:0]
	clear(b.named) // the names are strings the table keeps: hold none here
	b.named = b.named[:0]
	b.events = b.events[:0]
}

// add appends row, whose reader counts read bytes of the input for it,
// to b: its cells, columns and lines are copied, the text the cells are
// slices of is not.
func (b *rowBatch) add(row Row, read int64) {
	b.cells = append(b.cells, row.Cells...)
	b.ended(row, read)
}

// addCopy is add copying the cells' text too, into b's text: the reader
// reuses its own. A row that does not fit in text's room is copied into
// a new array, larger, which the next ones share: the rows copied before
// keep the old one.
func (b *rowBatch) addCopy(row Row, read int64) {
	n := 0
	for _, c := range row.Cells {
		n += len(c)
	}
	if len(b.text)+n > cap(b.text) {
		b.text = make([]byte, 0, max(2*cap(b.text), n, 4096))
	}
	for _, c := range row.Cells {
		if c == "" {
			b.cells = append(b.cells, "")
			continue
		}
		at := len(b.text)
		b.text = append(b.text, c...) // within cap: never reallocated
		b.cells = append(b.cells, unsafe.String(&b.text[at], len(c)))
	}
	b.held += n
	b.ended(row, read)
}

// ended appends row's columns and lines and the row itself, its cells
// appended.
func (b *rowBatch) ended(row Row, read int64) {
	b.cols = append(b.cols, row.Cols...)
	b.lines = append(b.lines, row.Lines...)
	b.rows = append(b.rows, batchRow{line: row.Line, end: len(b.cells), lines: len(b.lines), read: read})
}

// row is row i of b, its slices b's own.
func (b *rowBatch) row(i int) Row {
	from, lines := 0, 0
	if i > 0 {
		from, lines = b.rows[i-1].end, b.rows[i-1].lines
	}
	r := b.rows[i]
	row := Row{Line: r.line, Cells: b.cells[from:r.end:r.end], Cols: b.cols[from:r.end:r.end]}
	if r.lines > lines {
		row.Lines = b.lines[lines:r.lines:r.lines]
	}
	return row
}

// spareBatches are the batches of reads that ended, for the next read's:
// a site's thousands of small inline tables each fill one batch, whose
// arrays grown from nothing row by row were a fifth of what a cold build
// of 10,000 pages allocated. A batch larger than a small table's
// (keepBatch) is left to the collector instead, so that the batches of a
// long log, megabytes each, are not kept here.
var spareBatches = sync.Pool{New: func() any { return &rowBatch{} }}

// Bounds of the batches spareBatches keeps: the text, and the cells, of
// a few thousand rows.
const (
	spareText  = 64 << 10
	spareCells = 8 << 10
)

// spare gives b back to spareBatches, unless it is too large: its
// strings cleared, so that it keeps no text of its last read alive.
func spare(b *rowBatch) {
	if b == nil || cap(b.text) > spareText || cap(b.cells) > spareCells || cap(b.cols) > spareCells ||
		cap(b.lines) > spareCells || cap(b.rows) > spareCells || cap(b.events) > spareCells {
		return
	}
	clear(b.cells[:cap(b.cells)])
	clear(b.named[:cap(b.named)])
	b.reset()
	spareBatches.Put(b)
}

// rowsAhead hands over the batches fill lexes (or decodes, of event
// files), lexed on a goroutine of
// its own once the first shows there is more than one. fill fills an
// empty batch with the next block's rows and reports whether more are to
// come; the batches are handed over in order.
type rowsAhead struct {
	fill func(*rowBatch) bool
	// first is the batch fill made before any goroutine started, and
	// more what it reported.
	first *rowBatch
	more  bool
	full  chan *rowBatch // nil when no goroutine was started
	free  chan *rowBatch
	stop  chan struct{}
	done  chan struct{}
	fault any // what fill panicked with on the goroutine
	held  *rowBatch
}

// newRowsAhead lexes the first batch with fill, and when it reports more
// to come, starts lexing the rest ahead, up to batches batches (the one
// being added to the table counted): a short input costs no goroutine.
// A reader of StreamColumns takes the rows a StreamRows block at a time,
// and takes about as long to as lexing them: the batches should hold a
// block of rows or more, so that the lexing goes on meanwhile. Batches
// below 2 lex every batch as it is asked for, on the caller's goroutine
// (the tests compare the two). Close ends the lexing.
func newRowsAhead(fill func(*rowBatch) bool, batches int) *rowsAhead {
	a := &rowsAhead{fill: fill, first: spareBatches.Get().(*rowBatch)}
	a.more = fill(a.first)
	if a.more && batches >= 2 {
		a.full, a.free = make(chan *rowBatch, batches), make(chan *rowBatch, batches)
		a.stop, a.done = make(chan struct{}), make(chan struct{})
		for range batches - 1 {
			a.free <- &rowBatch{}
		}
		go a.lex()
	}
	return a
}

// lex fills batches and hands them over until fill reports no more, or
// Close.
func (a *rowsAhead) lex() {
	defer close(a.done)
	defer close(a.full)
	defer func() {
		// A panic lexing is the caller's, as lexing in its loop would
		// have made it.
		a.fault = recover()
	}()
	for more := true; more; {
		var b *rowBatch
		select {
		case b = <-a.free:
		case <-a.stop:
			return
		}
		b.reset()
		more = a.fill(b)
		select {
		case a.full <- b:
		case <-a.stop:
			return
		}
	}
}

// next returns the next batch, or false after the last. The batch next
// returned before is filled again: its rows must be added by then.
func (a *rowsAhead) next() (*rowBatch, bool) {
	if b := a.first; b != nil {
		a.first, a.held = nil, b
		return b, true
	}
	if a.full == nil { // lexed as asked for
		if !a.more {
			return nil, false
		}
		b := a.held
		b.reset()
		a.more = a.fill(b)
		return b, true
	}
	if a.held != nil {
		a.free <- a.held
		a.held = nil
	}
	b, ok := <-a.full
	if !ok {
		<-a.done
		if a.fault != nil {
			panic(a.fault)
		}
		return nil, false
	}
	a.held = b
	return b, true
}

// Close stops the lexing and waits for its goroutine to end: once it
// returns, fill is not running and the input is no more read. The
// batches are then given back (spare): no row next returned may be read
// after Close.
func (a *rowsAhead) Close() {
	if a.full == nil {
		spare(a.first)
		spare(a.held)
		a.first, a.held = nil, nil
		return
	}
	select {
	case <-a.stop:
		return // closed already
	default:
	}
	close(a.stop)
	for b := range a.full { // the goroutine may wait to hand a batch over
		spare(b)
	}
	<-a.done
	spare(a.first)
	spare(a.held)
	a.first, a.held = nil, nil
	for {
		select {
		case b := <-a.free:
			spare(b)
		default:
			return
		}
	}
}
