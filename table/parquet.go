package table

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/scalesite/scalesite/diag"
)

// ParseParquet reads a Parquet file (a W&B run's history, a Hugging Face
// dataset, a pandas or polars export) as a table: one column per leaf
// column, named by its path joined with "." as pandas names them, one row
// per record. Booleans, integers, floats and strings are kept as text the
// way a CSV export writes them (a float in the fewest digits that read back
// as it); dates and timestamps are written in RFC 3339 (2024-03-01,
// 2024-03-01T12:00:00Z); null gives "". A nested or repeated column (a
// list, map or struct of lists) is an error naming it: the table is flat.
//
// A row's Line is its record number (1-based), and messages say "row
// 12,345 of runs.parquet"; Cols are the column numbers. Problems have no
// line (the site places them at the data: line that names the file).
//
// parquet-go trusts the sizes and offsets a file states, and a damaged or
// hostile file can make it panic (found by FuzzParquet); such a panic is
// taken for what it is, a file that cannot be read. What it would allocate
// by its pages' headers is checked before it reads them (parquetpages.go):
// a file of a few hundred bytes could otherwise ask for gigabytes.
func ParseParquet(name string, src []byte) (t *Table, err error) {
	return ParseParquetColumns(name, src, nil)
}

// ParseParquetColumns is ParseParquet keeping the text of the columns
// named in keep alone (nil: every column), as ReadColumns does of a CSV
// file; the other columns are not decoded at all, since a Parquet file
// keeps each column apart.
func ParseParquetColumns(name string, src []byte, keep []string) (t *Table, err error) {
	fail := func(format string, args ...any) error {
		return &diag.Error{Pos: diag.Pos{File: name}, Msg: fmt.Sprintf(format, args...)}
	}
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, parquetPanic(fail, r)
		}
	}()
	return readParquet(name, src, keep, fail)
}

// readParquet is ParseParquetColumns, which guards it.
func readParquet(name string, src []byte, keep []string, fail func(format string, args ...any) error) (*Table, error) {
	pf, err := parquet.OpenFile(bytes.NewReader(src), int64(len(src)), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fail("cannot be read as Parquet (%v): is it a Parquet file, written whole?", err)
	}
	schema := pf.Schema()
	if err := flatSchema(schema, ""); err != nil {
		return nil, fail("%v", err)
	}
	leaves := schema.Columns()
	if len(leaves) > MaxColumns {
		return nil, fail("%s", tooManyColumns)
	}
	t := &Table{Name: name, Columns: make([]string, len(leaves)), rows: true}
	cols := make([]int, len(leaves))
	kinds := make([]cellFormat, len(leaves))
	numbers := make([]numberKind, len(leaves))
	numeric := make([]bool, len(leaves))
	kindOf := func(c int) (numberKind, bool) { return numbers[c], numeric[c] }
	seen := make(map[string]int, len(leaves))
	for i, path := range leaves {
		t.Columns[i] = strings.Join(path, ".")
		cols[i] = i + 1
		if t.Columns[i] == "" {
			return nil, fail("column %d has no name: write the file again with a name for every column", i+1)
		}
		if j, ok := seen[t.Columns[i]]; ok {
			return nil, fail("column name %s is used twice (columns %d and %d): write the file again with a name of its own for each column", quote(t.Columns[i]), j+1, i+1)
		}
		seen[t.Columns[i]] = i
		leaf, _ := schema.Lookup(path...)
		kinds[i] = cellFormatOf(leaf.Node.Type())
		numbers[i], numeric[i] = numberKindOf(leaf.Node.Type())
		if kinds[i] == nil {
			return nil, fail("column %s holds %s values, which a chart cannot read: convert it to numbers or text", quote(t.Columns[i]), leaf.Node.Type())
		}
	}
	t.header = Row{Cells: t.Columns, Cols: cols}
	n := pf.NumRows()
	switch {
	case n > MaxRows:
		return nil, fail("has %s rows: %s", diag.Thousands(int(min(n, math.MaxInt))), tooManyRows)
	case n*int64(max(len(leaves), 1)) > MaxCells:
		return nil, fail("has %s rows of %d columns: %s", diag.Thousands(int(n)), len(leaves), tooManyCells)
	}
	if len(leaves) == 0 {
		return t, nil
	}
	// parquet-go allocates what the pages' headers say before reading
	// them: the headers are read first (parquetpages.go).
	if err := checkPages(src, pf.Metadata(), t.Columns, schema, n, fail); err != nil {
		return nil, err
	}
	t.store.holdNumbers(t.Columns, kindOf, keep)
	// Room for the rows the footer states, within MaxRows: a long log's
	// row index made once, not grown by doubling to up to twice its size.
	// A file that states more rows than it holds is refused below.
	t.store.reserve(int(n))
	r := parquetRows{t: t, kinds: kinds, leaves: leaves, schema: schema, fail: fail, rows: n}
	for _, rg := range pf.RowGroups() {
		if err := r.rowGroup(rg); err != nil {
			return nil, err
		}
	}
	t.store.trim()
	return t, nil
}

// parquetRows adds a Parquet file's rows to a table, a row group at a
// time, reading the columns the table keeps alone.
type parquetRows struct {
	t      *Table
	kinds  []cellFormat
	leaves [][]string
	schema *parquet.Schema
	fail   func(format string, args ...any) error
	rows   int64 // as the footer says
	line   int   // the rows added
	// text holds the kept cells' text of the row being added, and cells
	// and cols its row: the table copies them.
	text  []byte
	cells []string
	cols  []int
	ends  []int
}

// rowGroup adds the rows of rg: the columns the table holds as numbers
// on a goroutine of their own (numberColumns), a column at a time, and
// the others here, row by row (textRows), the two cores reading a long
// log at once. The problem it gives is the one a read of every column
// row by row would meet first: the first row's, of its first column.
func (r *parquetRows) rowGroup(rg parquet.RowGroup) error {
	t := r.t
	chunks := rg.ColumnChunks()
	if len(chunks) != len(t.Columns) {
		return r.fail("row group %s has %d columns, and the file's schema %d: the file is damaged", diag.Thousands(r.line+1), len(chunks), len(t.Columns))
	}
	columns := make([]*columnValues, len(t.Columns))
	var numeric []int
	for c := range columns {
		if !t.store.dropped(c) || t.store.numbersAt(c) != nil {
			columns[c] = &columnValues{pages: chunks[c].Pages(), buf: make([]parquet.Value, 1024)}
			defer columns[c].close()
			if t.store.numbersAt(c) != nil {
				numeric = append(numeric, c)
			}
		}
	}
	// The rows the footer leaves room for: past them, the file is damaged.
	n := max(rg.NumRows(), 0)
	within := min(n, r.rows-int64(r.line))
	first := r.line
	found := make(chan parquetProblem, 1)
	if len(numeric) > 0 {
		go func() { found <- r.numberColumns(columns, numeric, first, within) }()
		// Before the columns are closed, whatever textRows meets.
		defer func() {
			if found != nil {
				<-found
			}
		}()
	}
	p := r.textRows(columns, within)
	if len(numeric) > 0 {
		q := <-found
		found = nil
		if q.err != nil && (p.err == nil || q.row < p.row || q.row == p.row && q.col < p.col) {
			p = q
		}
	}
	switch {
	case p.err != nil:
		return p.err
	case within < n:
		return r.fail("holds more rows than its footer says (%s): the file is damaged", diag.Thousands(int(r.rows)))
	}
	return nil
}

// parquetProblem is a problem reading a row group, at the row (of the
// group) and column where a read row by row meets it.
type parquetProblem struct {
	row int64
	col int
	err error
}

// parquetPanic is the problem of a file parquet-go panicked reading.
func parquetPanic(fail func(format string, args ...any) error, v any) error {
	return fail("cannot be read as Parquet (%v): the file is damaged, or was cut short", v)
}

// textRows adds rows rows of the row group whose columns are columns
// (nil: not kept), with the text of those the table does not hold as
// numbers; it stops at the first problem.
func (r *parquetRows) textRows(columns []*columnValues, rows int64) (p parquetProblem) {
	t := r.t
	if cap(r.cells) < len(columns) {
		r.cells, r.ends = make([]string, len(columns)), make([]int, len(columns))
	}
	cells, ends := r.cells[:len(columns)], r.ends[:len(columns)]
	var i int64
	c := 0
	defer func() {
		if v := recover(); v != nil {
			p = parquetProblem{i, c, parquetPanic(r.fail, v)}
		}
	}()
	for i = range rows {
		r.line++
		b := r.text[:0]
		for c = range columns {
			if col := columns[c]; col != nil && t.store.numbersAt(c) == nil {
				v, err := col.next()
				if err != nil {
					return parquetProblem{i, c, r.fail("cannot be read past row %s (%v): the file is damaged or was cut short", diag.Thousands(r.line-1), err)}
				}
				if !v.IsNull() {
					var ok bool
					if b, ok = r.kinds[c](b, v); !ok {
						return parquetProblem{i, c, r.fail("row %s, column %s: the value is not valid %s", diag.Thousands(r.line), quote(t.Columns[c]), leafKind(r.schema, r.leaves[c]))}
					}
				}
			}
			ends[c] = len(b)
		}
		r.text = b
		// The table copies the text before b is written again.
		text := unsafe.String(unsafe.SliceData(b), len(b))
		from := 0
		for c, end := range ends {
			cells[c], from = text[from:end], end
		}
		r.cols = textCols(r.cols, cells)
		t.add(Row{Line: r.line, Cells: cells, Cols: r.cols})
	}
	return parquetProblem{}
}

// numberColumns adds rows numbers of each of the columns numeric of a
// row group whose first row follows row first, and reports the problem a
// read row by row meets first among them.
func (r *parquetRows) numberColumns(columns []*columnValues, numeric []int, first int, rows int64) parquetProblem {
	var found parquetProblem
	for _, c := range numeric {
		p := r.numberColumn(columns[c], c, first, rows)
		if p.err != nil && (found.err == nil || p.row < found.row) {
			found = p
		}
	}
	return found
}

// numberColumn adds rows numbers of column c, read from col, and
// reports the first problem.
func (r *parquetRows) numberColumn(col *columnValues, c, first int, rows int64) (p parquetProblem) {
	n := r.t.store.numbersAt(c)
	var i int64
	defer func() {
		if v := recover(); v != nil {
			p = parquetProblem{i, c, parquetPanic(r.fail, v)}
		}
	}()
	for i = range rows {
		v, err := col.next()
		if err != nil {
			return parquetProblem{i, c, r.fail("cannot be read past row %s (%v): the file is damaged or was cut short", diag.Thousands(first+int(i)), err)}
		}
		addParquetNumber(n, v)
	}
	return parquetProblem{}
}

// columnValues reads the values of one flat column chunk in order, a page
// at a time.
type columnValues struct {
	pages  parquet.Pages
	page   parquet.Page
	values parquet.ValueReader // the page's, nil between pages
	buf    []parquet.Value
	n, i   int  // buf[i:n] are yet to be read
	last   bool // the page gave its last values
}

// next is the column's next value: a row's, as a flat column holds one a
// row.
func (c *columnValues) next() (parquet.Value, error) {
	for c.i == c.n {
		if c.values == nil || c.last {
			c.release()
			page, err := c.pages.ReadPage()
			if errors.Is(err, io.EOF) {
				return parquet.Value{}, errors.New("a column holds fewer values than the row group has rows")
			}
			if err != nil {
				return parquet.Value{}, err
			}
			c.page, c.values, c.last = page, page.Values(), false
		}
		n, err := c.values.ReadValues(c.buf)
		c.n, c.i = n, 0
		switch {
		case errors.Is(err, io.EOF):
			c.last = true
		case err != nil:
			return parquet.Value{}, err
		case n == 0:
			return parquet.Value{}, errors.New("a page gives no values")
		}
	}
	c.i++
	return c.buf[c.i-1], nil
}

// release gives the page being read back to parquet-go's pool.
func (c *columnValues) release() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page, c.values = nil, nil
	}
}

func (c *columnValues) close() {
	c.release()
	c.pages.Close()
}

// flatSchema checks that every column under group is a plain one: no
// repeated field and no nested group, which a flat table cannot hold.
func flatSchema(group parquet.Node, prefix string) error {
	for _, f := range group.Fields() {
		name := prefix + f.Name()
		switch {
		case f.Repeated():
			return fmt.Errorf("column %s is a list (a repeated field): a chart reads flat columns; write one column per item, or one row per item", quote(name))
		case !f.Leaf():
			if lt := f.Type().LogicalType(); lt != nil {
				switch lt.Value.(type) {
				case *format.ListType:
					return fmt.Errorf("column %s is a list: a chart reads flat columns; write one column per item, or one row per item", quote(name))
				case *format.MapType:
					return fmt.Errorf("column %s is a map: a chart reads flat columns; write one column per key", quote(name))
				}
			}
			if err := flatSchema(f, name+"."); err != nil {
				return err
			}
		}
	}
	return nil
}

// leafKind names a column's type for a message.
func leafKind(schema *parquet.Schema, path []string) string {
	leaf, _ := schema.Lookup(path...)
	return leaf.Node.Type().String()
}

// cellFormat appends a value's text to b, or says it is not a valid
// value of its column's type.
type cellFormat func(b []byte, v parquet.Value) ([]byte, bool)

// cellFormatOf returns how a column of type typ is written as cells, or
// nil for a type the table cannot hold.
func cellFormatOf(typ parquet.Type) cellFormat {
	var logical format.LogicalTypeValue
	if lt := typ.LogicalType(); lt != nil {
		logical = lt.Value
	}
	switch lt := logical.(type) {
	case *format.TimestampType:
		unit := timeUnit(&lt.Unit)
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			return time.Unix(0, 0).Add(time.Duration(v.Int64())*unit).UTC().AppendFormat(b, time.RFC3339Nano), true
		}
	case *format.DateType:
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			return time.Unix(int64(v.Int32())*86400, 0).UTC().AppendFormat(b, time.DateOnly), true
		}
	case *format.DecimalType:
		scale := int(lt.Scale)
		return func(b []byte, v parquet.Value) ([]byte, bool) { return append(b, decimalText(v, scale)...), true }
	case *format.IntType:
		if lt.IsSigned {
			break
		}
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			if v.Kind() == parquet.Int32 {
				return strconv.AppendUint(b, uint64(v.Uint32()), 10), true
			}
			return strconv.AppendUint(b, v.Uint64(), 10), true
		}
	case *format.UUIDType:
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			u := v.ByteArray()
			if len(u) != 16 {
				return b, false
			}
			return fmt.Appendf(b, "%x-%x-%x-%x-%x", u[:4], u[4:6], u[6:8], u[8:10], u[10:]), true
		}
	case *format.Float16Type:
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			h := v.ByteArray()
			if len(h) != 2 {
				return b, false
			}
			return appendFloat(b, float64(float16(binary.LittleEndian.Uint16(h))), 32), true
		}
	}
	switch typ.Kind() {
	case parquet.Boolean:
		return func(b []byte, v parquet.Value) ([]byte, bool) { return strconv.AppendBool(b, v.Boolean()), true }
	case parquet.Int32:
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			return strconv.AppendInt(b, int64(v.Int32()), 10), true
		}
	case parquet.Int64:
		return func(b []byte, v parquet.Value) ([]byte, bool) { return strconv.AppendInt(b, v.Int64(), 10), true }
	case parquet.Int96: // Spark's and Impala's old timestamps
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			// Nanoseconds of the day in the first 8 bytes, the Julian day in the last 4.
			i := v.Int96()
			nanos := int64(i[0]) | int64(i[1])<<32
			days := int64(i[2]) - 2440588 // the Julian day of 1970-01-01
			return time.Unix(days*86400, nanos).UTC().AppendFormat(b, time.RFC3339Nano), true
		}
	case parquet.Float:
		return func(b []byte, v parquet.Value) ([]byte, bool) { return appendFloat(b, float64(v.Float()), 32), true }
	case parquet.Double:
		return func(b []byte, v parquet.Value) ([]byte, bool) { return appendFloat(b, v.Double(), 64), true }
	case parquet.ByteArray, parquet.FixedLenByteArray:
		// Text, annotated as such or not (older writers leave strings
		// plain); bytes that are not UTF-8 are no cell.
		return func(b []byte, v parquet.Value) ([]byte, bool) {
			text := v.ByteArray()
			if !utf8.Valid(text) {
				return b, false
			}
			return append(b, bytes.TrimSpace(text)...), true
		}
	}
	return nil
}

// numberKindOf says how a column of type typ is held as numbers
// (numbered.go), and whether it is: a FLOAT, a DOUBLE or a signed INT
// alone, whose text cellFormatOf writes as a number. A date, a
// timestamp, a decimal or an unsigned integer stays text.
func numberKindOf(typ parquet.Type) (numberKind, bool) {
	if lt := typ.LogicalType(); lt != nil {
		if i, ok := lt.Value.(*format.IntType); !ok || !i.IsSigned {
			return 0, false
		}
	}
	switch typ.Kind() {
	case parquet.Int32, parquet.Int64:
		return numberInt, true
	case parquet.Float:
		return numberSingle, true
	case parquet.Double:
		return numberDouble, true
	}
	return 0, false
}

// addParquetNumber adds v, a value of a column numberKindOf holds as
// numbers, to n.
func addParquetNumber(n *numberColumn, v parquet.Value) {
	switch {
	case n.kind == numberInt && v.IsNull():
		n.addInt(0, true)
	case n.kind == numberInt && v.Kind() == parquet.Int32:
		n.addInt(int64(v.Int32()), false)
	case n.kind == numberInt:
		n.addInt(v.Int64(), false)
	case n.kind == numberSingle && v.IsNull():
		n.addSingle(float32(math.NaN()))
	case n.kind == numberSingle:
		n.addSingle(v.Float())
	case v.IsNull():
		n.addFloat(math.NaN())
	default:
		n.addFloat(v.Double())
	}
}

// timeUnit is the duration of one tick of a Parquet time unit.
func timeUnit(u *format.TimeUnit) time.Duration {
	switch u.Value.(type) {
	case *format.MilliSeconds:
		return time.Millisecond
	case *format.MicroSeconds:
		return time.Microsecond
	}
	return time.Nanosecond
}

// decimalText writes a DECIMAL value, an unscaled integer (int32, int64 or
// big-endian bytes) times 10^-scale, exactly.
func decimalText(v parquet.Value, scale int) string {
	var u big.Int
	switch v.Kind() {
	case parquet.Int32:
		u.SetInt64(int64(v.Int32()))
	case parquet.Int64:
		u.SetInt64(v.Int64())
	default:
		b := v.ByteArray()
		u.SetBytes(b)
		if len(b) > 0 && b[0]&0x80 != 0 { // two's complement
			u.Sub(&u, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
		}
	}
	s := u.String()
	if scale <= 0 {
		return s
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for len(s) <= scale {
		s = "0" + s
	}
	s = s[:len(s)-scale] + "." + s[len(s)-scale:]
	if neg {
		s = "-" + s
	}
	return s
}

// float16 converts IEEE 754 half-precision bits to a float32.
func float16(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	case exp == 0:
		f := float32(frac) / (1 << 24)
		if sign != 0 {
			f = -f
		}
		return f
	}
	return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
}
