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
	fail := func(format string, args ...any) error {
		return &diag.Error{Pos: diag.Pos{File: name}, Msg: fmt.Sprintf(format, args...)}
	}
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fail("cannot be read as Parquet (%v): the file is damaged, or was cut short", r)
		}
	}()
	return readParquet(name, src, fail)
}

// readParquet is ParseParquet, which guards it.
func readParquet(name string, src []byte, fail func(format string, args ...any) error) (*Table, error) {
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
	kinds := make([]func(parquet.Value) (string, bool), len(leaves))
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
		kinds[i] = cellFormat(leaf.Node.Type())
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
	// Cells are allocated a block of rows at a time, not sized by the
	// footer's count, which a damaged file may have wrong.
	block := int(min(n, 1<<16)) * len(leaves)
	var cells []string
	buf := make([]parquet.Row, 256)
	line := 0
	for _, rg := range pf.RowGroups() {
		rows := rg.Rows()
		for {
			k, err := rows.ReadRows(buf)
			for _, rec := range buf[:k] {
				line++
				if line > int(n) {
					rows.Close()
					return nil, fail("holds more rows than its footer says (%s): the file is damaged", diag.Thousands(int(n)))
				}
				if len(cells)+len(leaves) > cap(cells) {
					cells = make([]string, 0, max(block, len(leaves)))
				}
				start := len(cells)
				cells = cells[:start+len(leaves)]
				for _, v := range rec {
					c := v.Column()
					if c < 0 || c >= len(leaves) {
						continue
					}
					if v.IsNull() {
						cells[start+c] = ""
						continue
					}
					s, ok := kinds[c](v)
					if !ok {
						rows.Close()
						return nil, fail("row %s, column %s: the value is not valid %s", diag.Thousands(line), quote(t.Columns[c]), leafKind(schema, leaves[c]))
					}
					cells[start+c] = s
				}
				t.add(Row{Line: line, Cells: cells[start : start+len(leaves) : start+len(leaves)], Cols: cols})
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				rows.Close()
				return nil, fail("cannot be read past row %s (%v): the file is damaged or was cut short", diag.Thousands(line), err)
			}
		}
		rows.Close()
	}
	return t, nil
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

// cellFormat returns how a column of type typ is written as cells, or nil
// for a type the table cannot hold.
func cellFormat(typ parquet.Type) func(parquet.Value) (string, bool) {
	var logical format.LogicalTypeValue
	if lt := typ.LogicalType(); lt != nil {
		logical = lt.Value
	}
	switch lt := logical.(type) {
	case *format.TimestampType:
		unit := timeUnit(&lt.Unit)
		return func(v parquet.Value) (string, bool) {
			return time.Unix(0, 0).Add(time.Duration(v.Int64()) * unit).UTC().Format(time.RFC3339Nano), true
		}
	case *format.DateType:
		return func(v parquet.Value) (string, bool) {
			return time.Unix(int64(v.Int32())*86400, 0).UTC().Format(time.DateOnly), true
		}
	case *format.DecimalType:
		scale := int(lt.Scale)
		return func(v parquet.Value) (string, bool) { return decimalText(v, scale), true }
	case *format.IntType:
		if lt.IsSigned {
			break
		}
		return func(v parquet.Value) (string, bool) {
			if v.Kind() == parquet.Int32 {
				return strconv.FormatUint(uint64(v.Uint32()), 10), true
			}
			return strconv.FormatUint(v.Uint64(), 10), true
		}
	case *format.UUIDType:
		return func(v parquet.Value) (string, bool) {
			b := v.ByteArray()
			if len(b) != 16 {
				return "", false
			}
			return fmt.Sprintf("%x-%x-%x-%x-%x", b[:4], b[4:6], b[6:8], b[8:10], b[10:]), true
		}
	case *format.Float16Type:
		return func(v parquet.Value) (string, bool) {
			b := v.ByteArray()
			if len(b) != 2 {
				return "", false
			}
			return formatFloat32(float16(binary.LittleEndian.Uint16(b))), true
		}
	}
	switch typ.Kind() {
	case parquet.Boolean:
		return func(v parquet.Value) (string, bool) { return strconv.FormatBool(v.Boolean()), true }
	case parquet.Int32:
		return func(v parquet.Value) (string, bool) { return strconv.FormatInt(int64(v.Int32()), 10), true }
	case parquet.Int64:
		return func(v parquet.Value) (string, bool) { return strconv.FormatInt(v.Int64(), 10), true }
	case parquet.Int96: // Spark's and Impala's old timestamps
		return func(v parquet.Value) (string, bool) {
			// Nanoseconds of the day in the first 8 bytes, the Julian day in the last 4.
			i := v.Int96()
			nanos := int64(i[0]) | int64(i[1])<<32
			days := int64(i[2]) - 2440588 // the Julian day of 1970-01-01
			return time.Unix(days*86400, nanos).UTC().Format(time.RFC3339Nano), true
		}
	case parquet.Float:
		return func(v parquet.Value) (string, bool) { return formatFloat32(v.Float()), true }
	case parquet.Double:
		return func(v parquet.Value) (string, bool) { return formatFloat64(v.Double()), true }
	case parquet.ByteArray, parquet.FixedLenByteArray:
		// Text, annotated as such or not (older writers leave strings
		// plain); bytes that are not UTF-8 are no cell. A log repeats
		// its run and tag names on every row: the first few thousand
		// distinct texts of a column are kept once, shared by their rows.
		seen := map[string]string{}
		return func(v parquet.Value) (string, bool) {
			b := v.ByteArray()
			if s, ok := seen[string(b)]; ok {
				return s, true
			}
			if !utf8.Valid(b) {
				return "", false
			}
			s := strings.TrimSpace(string(b))
			if len(seen) < maxShared {
				seen[string(b)] = s
			}
			return s, true
		}
	}
	return nil
}

// maxShared bounds how many distinct texts of one column are shared.
const maxShared = 4096

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
