package site

import (
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// A panel of ten million rows spends a third of its loop reading numbers
// (table.Number of its x and y cells), which depends on nothing the loop
// does. So numbersAhead reads them on a goroutine of its own, a few blocks
// of rows ahead of the loop, which then only judges each (judged): the
// same values, errors and warnings in the same order, with the other core
// doing the parsing. A table that holds the columns as numbers (a Parquet
// file's, an event folder's: Table.Numeric) has nothing to parse, and is
// read in the loop.

// cellNumber is a cell read as table.Number reads it.
type cellNumber struct {
	v           float64
	missing, ok bool
}

// numbersAheadRows is the number of rows of a panel from which its
// numbers are read ahead: below it, a goroutine costs more than it saves.
const numbersAheadRows = 1 << 16

// numberBlockRows is the number of rows read ahead in one block, and
// numberBlocks how many blocks are held at once (a few hundred KB).
const (
	numberBlockRows = 4096
	numberBlocks    = 4
)

// numbersAhead reads the numbers of columns cols of every row of t, in
// row order, ahead of a reader that takes them row by row (at).
type numbersAhead struct {
	cols  []int
	full  chan []cellNumber
	free  chan []cellNumber
	stop  chan struct{}
	done  chan struct{}
	cur   []cellNumber // the block of rows [start, start+numberBlockRows)
	start int
	end   int // the rows read ahead end before row end
	fault any // what the reading goroutine panicked with
	// grows: the table grows while it is read (a panel loaded as its
	// file is read, streampanels.go), so the rows past end are read ahead
	// anew once asked for, while no row is being added.
	grows bool
}

// newNumbersAhead starts reading the numbers of columns cols of t's rows,
// unless t is too short to be worth it: at then reads each cell as it is
// asked for. Close stops the reading.
func newNumbersAhead(t *table.Table, cols []int) *numbersAhead {
	a := &numbersAhead{cols: cols}
	a.readFrom(t, 0)
	return a
}

// readFrom starts reading the numbers of the rows of t from row from on,
// when there are enough of them to be worth a goroutine.
func (a *numbersAhead) readFrom(t *table.Table, from int) {
	if t.Len()-from < numbersAheadRows || a.numeric(t) {
		return
	}
	a.full, a.free = make(chan []cellNumber, numberBlocks), make(chan []cellNumber, numberBlocks)
	a.stop, a.done = make(chan struct{}), make(chan struct{})
	a.start, a.end, a.cur = from-numberBlockRows, t.Len(), nil
	for range numberBlocks {
		a.free <- make([]cellNumber, numberBlockRows*len(a.cols))
	}
	go a.read(t, from)
}

// numeric reports whether t holds every column read as numbers, which
// NumberAt hands over as they are: nothing is left to read ahead.
func (a *numbersAhead) numeric(t *table.Table) bool {
	for _, c := range a.cols {
		if !t.Numeric(c) {
			return false
		}
	}
	return true
}

// read fills blocks with the numbers of t's rows in order from row from,
// until row end or Close.
func (a *numbersAhead) read(t *table.Table, from int) {
	defer close(a.done)
	defer close(a.full)
	defer func() {
		// A panic reading a cell (a column not kept) is the reader's, as
		// reading it in the loop would have made it.
		a.fault = recover()
	}()
	n := a.end
	for start := from; start < n; start += numberBlockRows {
		var b []cellNumber
		select {
		case b = <-a.free:
		case <-a.stop:
			return
		}
		rows := min(numberBlockRows, n-start)
		b = b[:rows*len(a.cols)]
		for r := range rows {
			for k, col := range a.cols {
				c := &b[r*len(a.cols)+k]
				c.v, c.missing, c.ok = t.NumberAt(start+r, col)
			}
		}
		a.full <- b
	}
}

// at is the number of row r's cell in column cols[k] of t, rows asked
// for in ascending order.
func (a *numbersAhead) at(t *table.Table, r, k int) cellNumber {
	if a.grows && r >= a.end {
		// Every row before r was taken, so the goroutine reads no more:
		// the rows added since are read ahead in their turn.
		a.Close()
		a.full, a.end = nil, r
		a.readFrom(t, r)
	}
	if a.full == nil {
		var c cellNumber
		c.v, c.missing, c.ok = t.NumberAt(r, a.cols[k])
		return c
	}
	for r >= a.start+numberBlockRows {
		if a.cur != nil {
			a.free <- a.cur[:cap(a.cur)]
		}
		b, ok := <-a.full
		if !ok {
			<-a.done
			if a.fault != nil {
				panic(a.fault)
			}
			panic("site: a number read past the last row of " + t.Name)
		}
		a.cur, a.start = b, a.start+numberBlockRows
	}
	return a.cur[(r-a.start)*len(a.cols)+k]
}

// Close stops the reading and waits for it to end.
func (a *numbersAhead) Close() {
	if a.full == nil {
		return
	}
	close(a.stop)
	for range a.full { // the goroutine may wait to hand a block over
	}
	<-a.done
}

// judged is number's verdict on cell c, row r's in column col: its value,
// or false with the error or the log axis' warning it makes.
func judged(t *table.Table, r, col int, c cellNumber, ax *chartspec.Axis, errs *diag.List, low *lowCells) (float64, bool) {
	switch {
	case c.missing:
		return 0, false
	case !c.ok:
		errs.Add(notNumber(t, r, col))
		return 0, false
	case ax.Scale == chartspec.ScaleLog && c.v <= 0:
		low.add(t, r, col, ax)
		return 0, false
	}
	return c.v, true
}
