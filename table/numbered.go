package table

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"unsafe"
)

// A table without lines (a Parquet file, a folder of event files) places
// a cell by its row and its column's number, which Table.Pos works out
// from the cell's index, not by where its text stands. So its readers add
// each row with the columns the store would work out for a row of text
// (textCols): the store then takes the row for plain (rows.go) and keeps
// no positions of its own for it, where it would keep 36 bytes for each of
// ten million rows (odd.go) that no message reads.
//
// Its numeric columns (a Parquet DOUBLE, FLOAT or INT, an event's step,
// wall time and value) are held as numbers, not text (numberColumn): a
// chart reads them with Table.Number as they were decoded, where writing
// each as text and parsing it back took a third of reading a long log.
// Cell writes their text when asked, the same text the reader wrote
// before, so that labels, where:, the CSV download and messages read what
// they read of any other table.

// textCols sets cols to the columns of cells as they would stand in a line
// of text, each a separator past the one before, from column 1; it
// returns cols, grown to the cells' count.
func textCols(cols []int, cells []string) []int {
	cols = cols[:0]
	at := 1
	for _, c := range cells {
		cols = append(cols, at)
		at += len(c) + 1
	}
	return cols
}

// numberKind is how a column of numbers is written as text, and what its
// flag bits say.
type numberKind uint8

const (
	// numberInt: an int64, in decimal; a flag is a null (""), as Parquet
	// writes one.
	numberInt numberKind = iota
	// numberDouble: a float64, in the fewest digits that read back as it
	// (appendFloat); NaN is "" (a null, NaN and infinities alike).
	numberDouble
	// numberSingle: a float32, written in the fewest digits that read back
	// as it; the number held is that text read as a float64 (as Number
	// reads it), and its text the float32 nearest to it (or odd's).
	numberSingle
	// numberScalar: an event's value, numberSingle unless its flag says
	// it was logged as a double (numberDouble).
	numberScalar
	// numberFixed: a float64 without exponent, in the fewest digits
	// (strconv 'f', -1), as an event's wall time is written; NaN and the
	// infinities as strconv writes them.
	numberFixed
)

// numberBlockBits sets how many numbers a block of a numberColumn holds: a
// column grows a block at a time, never copied, and ForgetText lets the
// blocks of rows taken go.
const (
	numberBlockBits = 16
	numberBlockLen  = 1 << numberBlockBits
)

// numberColumn holds the numbers of one column of a table, a row's each.
type numberColumn struct {
	kind   numberKind
	blocks []numberBlock
	n      int
	// forgot is how many rows from the first ForgetText let go.
	forgot int
	// odd are the float32 values (numberSingle, or a numberScalar
	// logged as one) whose text is not that of the float32 nearest to
	// the number held, by row; nil while there is none.
	odd map[int]float32
}

// numberBlock holds the numbers of numberBlockLen rows, from the first
// row not let go when it was made: float64 bits, or an int64 of
// numberInt, which takes four bytes while it fits in an int32 (a step,
// an epoch, a count of tokens in thousands) as every number of the block
// before it did.
type numberBlock struct {
	from   int      // the block's first number is that of its row from
	vals   []uint64 // nil while narrow holds the numbers, or once let go
	narrow []int32
	// flags are a bit per row of the block, nil while none is set.
	flags []uint64
}

// len is how many numbers the block holds.
func (k *numberBlock) len() int { return len(k.vals) + len(k.narrow) }

// add appends a row's number v (float64 bits or an int64), flagged or not.
func (c *numberColumn) add(v uint64, flag bool) {
	b, i := c.n>>numberBlockBits, c.n&(numberBlockLen-1)
	if b == len(c.blocks) {
		c.blocks = append(c.blocks, numberBlock{})
	}
	k := &c.blocks[b]
	switch {
	case k.vals == nil && k.narrow == nil:
		// A new block, or one let go before it was full (ForgetText of
		// every row so far): its rows from here on.
		k.from = i
		if c.kind == numberInt && int64(v) == int64(int32(v)) {
			k.narrow = make([]int32, 1, numberBlockLen-i)
			k.narrow[0] = int32(v)
		} else {
			k.vals = append(make([]uint64, 0, numberBlockLen-i), v)
		}
	case k.narrow != nil && int64(v) == int64(int32(v)):
		k.narrow = append(k.narrow, int32(v))
	case k.narrow != nil:
		k.vals = make([]uint64, len(k.narrow), cap(k.narrow))
		for j, n := range k.narrow {
			k.vals[j] = uint64(int64(n))
		}
		k.narrow = nil
		k.vals = append(k.vals, v)
	default:
		k.vals = append(k.vals, v)
	}
	if flag {
		if k.flags == nil {
			k.flags = make([]uint64, numberBlockLen/64)
		}
		k.flags[i/64] |= 1 << (i % 64)
	}
	c.n++
}

// addInt appends an int64 of a numberInt column, or a null.
func (c *numberColumn) addInt(v int64, null bool) { c.add(uint64(v), null) }

// addFloat appends a float64 of a numberDouble or numberFixed column, or
// a double of a numberScalar one.
func (c *numberColumn) addFloat(f float64) {
	if c.kind != numberFixed && (math.IsNaN(f) || math.IsInf(f, 0)) {
		f = math.NaN() // all of them "", as appendFloat writes them
	}
	c.add(math.Float64bits(f), c.kind == numberScalar)
}

// addSingle appends a float32 of a numberSingle or numberScalar column:
// the number its text reads as, which is what a chart reads of it.
func (c *numberColumn) addSingle(f float32) {
	var buf [32]byte
	text := appendFloat(buf[:0], float64(f), 32)
	v, missing, _ := Number(unsafe.String(unsafe.SliceData(text), len(text)))
	if missing {
		c.add(math.Float64bits(math.NaN()), false)
		return
	}
	if float32(v) != f {
		// Not seen in practice; kept so that the text is the reader's.
		if c.odd == nil {
			c.odd = map[int]float32{}
		}
		c.odd[c.n] = f
	}
	c.add(math.Float64bits(v), false)
}

// at is row r's number and flag, a row held.
func (c *numberColumn) at(r int) (uint64, bool) {
	k, i := &c.blocks[r>>numberBlockBits], r&(numberBlockLen-1)
	flag := k.flags != nil && k.flags[i/64]&(1<<(i%64)) != 0
	if k.narrow != nil {
		return uint64(int64(k.narrow[i-k.from])), flag
	}
	return k.vals[i-k.from], flag
}

// held reports whether row r's number is still held (not let go).
func (c *numberColumn) held(r int) bool { return r >= c.forgot }

// single is row r's float32, of a number v read from its text.
func (c *numberColumn) single(r int, v float64) float32 {
	if f, ok := c.odd[r]; ok {
		return f
	}
	return float32(v)
}

// appendText appends row r's text, as the reader wrote it before it held
// numbers.
func (c *numberColumn) appendText(b []byte, r int) []byte {
	bits, flag := c.at(r)
	f := math.Float64frombits(bits)
	switch c.kind {
	case numberInt:
		if flag {
			return b
		}
		return strconv.AppendInt(b, int64(bits), 10)
	case numberDouble:
		return appendFloat(b, f, 64)
	case numberScalar:
		if flag {
			return appendFloat(b, f, 64)
		}
	case numberFixed:
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	if math.IsNaN(f) {
		return b
	}
	return appendFloat(b, float64(c.single(r, f)), 32)
}

// number is row r's number as Number reads its text.
func (c *numberColumn) number(r int) (v float64, missing, ok bool) {
	bits, flag := c.at(r)
	switch c.kind {
	case numberInt:
		if flag {
			return math.NaN(), true, true
		}
		return float64(int64(bits)), false, true
	case numberFixed:
		v = math.Float64frombits(bits)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			// "NaN" is missing, and "+Inf" is no number.
			return Number(strconv.FormatFloat(v, 'f', -1, 64))
		}
		return v, false, true
	}
	v = math.Float64frombits(bits)
	if math.IsNaN(v) {
		return v, true, true
	}
	return v, false, true
}

// forget lets go of the numbers of the rows before row: of the blocks
// that hold none after it.
func (c *numberColumn) forget(row int) {
	c.forgot = max(c.forgot, min(row, c.n))
	for b := range c.blocks {
		if k := &c.blocks[b]; k.len() > 0 && (b<<numberBlockBits)+k.from+k.len() <= c.forgot {
			k.vals, k.narrow, k.flags = nil, nil, nil
		}
	}
}

// heldBytes is how many bytes the numbers held take.
func (c *numberColumn) heldBytes() int {
	n := 0
	for _, k := range c.blocks {
		n += 8*len(k.vals) + 4*len(k.narrow)
	}
	return n
}

// subset returns the column of the rows at the given indices, in order.
func (c *numberColumn) subset(rows []int) *numberColumn {
	sub := &numberColumn{kind: c.kind}
	for _, r := range rows {
		bits, flag := c.at(r)
		if f, ok := c.odd[r]; ok {
			if sub.odd == nil {
				sub.odd = map[int]float32{}
			}
			sub.odd[sub.n] = f
		}
		sub.add(bits, flag)
	}
	return sub
}

// holdNumbers makes the store hold as numbers the columns (of a table of
// columns) that kindOf says are numbers, and the text of the others named
// in keep alone (nil: all of them); before any row is added. A column
// that keep does not name is neither.
func (s *rowStore) holdNumbers(columns []string, kindOf func(c int) (numberKind, bool), keep []string) {
	text := make([]string, 0, len(columns))
	numbers := make([]*numberColumn, len(columns))
	held := false
	for c, name := range columns {
		kept := keep == nil || slices.Contains(keep, name)
		kind, numeric := kindOf(c)
		switch {
		case kept && numeric:
			numbers[c], held = &numberColumn{kind: kind}, true
		case kept:
			text = append(text, name)
		}
	}
	switch {
	case held:
		s.numbers = numbers
		s.keepOnly(columns, text)
	case keep != nil:
		s.keepOnly(columns, keep)
	}
}

// numbersAt is column c's numbers, or nil for a column of text.
func (s *rowStore) numbersAt(c int) *numberColumn {
	if c < 0 || c >= len(s.numbers) {
		return nil
	}
	return s.numbers[c]
}

// NumberAt is Number(t.Cell(r, c)), read without text from a column the
// table holds as numbers (a Parquet file's, an event folder's): a chart
// reads its x and y so.
func (t *Table) NumberAt(r, c int) (v float64, missing, ok bool) {
	if n := t.store.numbersAt(c); n != nil && r >= 0 && r < t.Len() {
		if !n.held(r) {
			t.forgotten(r)
		}
		return n.number(r)
	}
	return Number(t.Cell(r, c))
}

// Numeric reports whether column c is held as numbers, which NumberAt
// reads at no cost: a reader of its cells need not read ahead.
func (t *Table) Numeric(c int) bool { return t.store.numbersAt(c) != nil }

// numberText is the text of row r's cell in column n's, held as numbers.
func (t *Table) numberText(n *numberColumn, r int) string {
	if !n.held(r) {
		t.forgotten(r)
	}
	var buf [32]byte
	return string(n.appendText(buf[:0], r))
}

// forgotten panics for row r, whose cells ForgetText let go.
func (t *Table) forgotten(r int) {
	panic(fmt.Sprintf("table: the text of row %d of %s was let go (ForgetText)", r, t.Name))
}
