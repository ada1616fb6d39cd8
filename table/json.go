package table

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/textfile"
)

// ParseJSON parses an array of objects, one object per row. Columns are the
// keys in first-seen order across all objects. Values: numbers (kept as
// written in the source, e.g. "3.14e+23", so that nothing is rounded or
// re-formatted before the chart decides how to show it), strings, booleans
// ("true"/"false"), and null, which gives "" (a missing value). Row.Line is the
// line where the object starts; each cell also has its own line and column.
// A nested array or object as a value is an error at its line:col.
//
// The parser is written for this one shape instead of using encoding/json:
// the decoder's error offsets are not reliable enough to point a researcher at
// the exact character, and this grammar is small.
func ParseJSON(src []byte, at diag.Pos) (*Table, error) {
	at = normalize(at)
	if err := textfile.Check(src, at, textfile.DataFile); err != nil {
		return nil, err
	}
	src = stripBOM(src)
	p := &jsonParser{src: src, s: string(src), at: at, line: 1, col: 1}
	t := p.parse()
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	return t, nil
}

// jsonParser reads src at offset i.
type jsonParser struct {
	src  []byte
	s    string // src as a string, so that cells are slices of it, not copies
	i    int
	at   diag.Pos
	errs problems

	t     *Table
	index map[string]int // column by name

	perLine bool // reading JSON Lines, one line at a time (jsonl.go)
	// cells and cols back the Cells and Cols of a row of JSON Lines.
	cells []string
	cols  []int
	// The columns of the keys of the line before (last) and of this one
	// (order) in the order they came, and how many keys this one had so
	// far (key): see column.
	last, order []int
	key         int

	// pos's cursor: offset cur is at line and (character) col within src.
	cur, line, col int
	// ascii: src[:ascii] is ASCII, so that in a line of JSON Lines an
	// offset is its column; -1 once a byte beyond ASCII is found.
	ascii int
}

const example = `{"model": "a", "acc": 71.2}`

func (p *jsonParser) parse() *Table {
	p.ws()
	if p.i == len(p.src) {
		what := "the file"
		if inline(p.at) {
			what = "the inline data"
		}
		p.errs.add(&diag.Error{Pos: diag.Pos{File: p.at.File, Line: p.at.Line},
			Msg: what + " is empty: write an array of objects, one per row, like [" + example + "]"})
		return nil
	}
	if p.src[p.i] != '[' {
		if kind := valueKind(p.src[p.i]); kind != "" {
			p.fail(p.i, "the data must be an array of objects, one per row, like ["+example+"], but it is "+kind)
		} else {
			p.fail(p.i, "expected [ to start an array of rows, found "+p.found())
		}
		return nil
	}
	p.i++
	p.t = &Table{Name: p.at.File}
	p.index = make(map[string]int)
	for n := 1; ; n++ {
		p.ws()
		if n == 1 && p.peek() == ']' {
			p.i++
			break
		}
		if !p.element(n) {
			return nil
		}
		p.ws()
		if p.peek() == ']' {
			p.i++
			break
		}
		if !p.comma(']', "element "+itoa(n)+" of the array") {
			return nil
		}
	}
	p.ws()
	if p.i < len(p.src) {
		p.fail(p.i, "unexpected "+p.found()+" after the ] that closes the array: the data must be a single array")
		return nil
	}
	// Objects seen before a key first appeared lack its cell: Table.Cell
	// reads it as "".
	return p.t
}

// comma reads the "," between items, or explains what is there instead.
func (p *jsonParser) comma(end byte, after string) bool {
	switch p.peek() {
	case ',':
		at := p.i
		p.i++
		p.ws()
		if p.peek() == int(end) {
			p.fail(at, "remove this comma: JSON does not allow a comma after the last item")
			return false
		}
		return true
	case -1:
		p.fail(p.i, "the data ends too early: add the "+string(end)+" that closes it")
	default:
		p.fail(p.i, "expected , or "+string(end)+" after "+after+", found "+p.found())
	}
	return false
}

// element reads element n of the top-level array: one row.
func (p *jsonParser) element(n int) bool {
	c := p.peek()
	if c == '{' {
		return p.object()
	}
	start := p.i
	kind := ""
	if c >= 0 {
		kind = valueKind(byte(c))
	}
	if kind == "" || !p.value() {
		if kind == "" {
			p.fail(p.i, "expected an object for row "+itoa(n)+", like "+example+", found "+p.found())
		}
		return false
	}
	return p.errs.add(p.errorAt(start, "element "+itoa(n)+" of the array is "+kind+", not an object: each row must be an object like "+example))
}

// object reads one row.
func (p *jsonParser) object() bool {
	t := p.t
	row := Row{Line: p.pos(p.i).Line}
	p.i++ // {
	p.ws()
	if p.peek() == '}' {
		p.i++
		t.add(row)
		return true
	}
	for {
		key, keyAt, ok := p.objectKey()
		if !ok {
			return false
		}
		col := -1
		switch idx, seen := p.index[key]; {
		case key == "":
			p.errs.add(p.errorAt(keyAt, "empty key: every column needs a name"))
		case !seen:
			col = len(t.Columns)
			p.index[key] = col
			t.Columns = append(t.Columns, key)
			kp := p.pos(keyAt)
			t.header.Cells = t.Columns
			t.header.Cols = append(t.header.Cols, kp.Col)
			t.header.Lines = append(t.header.Lines, kp.Line)
			if t.header.Line == 0 {
				t.header.Line = kp.Line
			}
		case idx < len(row.Cols) && row.Cols[idx] != 0:
			p.errs.add(p.errorAt(keyAt, "the key "+quote(key)+" appears twice in this object"))
		default:
			col = idx
		}

		if !p.colon(key) {
			return false
		}
		p.ws()
		valAt := p.i
		switch c := p.peek(); c {
		case '[', '{':
			kind := valueKind(byte(c))
			if !p.value() {
				return false
			}
			if !p.errs.add(p.errorAt(valAt, "the value of "+quote(key)+" is "+kind+
				": a cell must be a number, a string, true, false or null")) {
				return false
			}
		default:
			v, ok := p.scalar()
			if !ok {
				return false
			}
			if col >= 0 {
				for len(row.Cells) <= col {
					row.Cells = append(row.Cells, "")
					row.Cols = append(row.Cols, 0)
					row.Lines = append(row.Lines, 0)
				}
				vp := p.pos(valAt)
				row.Cells[col] = strings.TrimSpace(v)
				row.Cols[col] = vp.Col
				row.Lines[col] = vp.Line
			}
		}

		p.ws()
		if p.peek() == '}' {
			p.i++
			break
		}
		if !p.comma('}', "the value of "+quote(key)) {
			return false
		}
	}
	t.add(row)
	return true
}

// value reads any value, nested ones included, for where it is not wanted
// but must be stepped over to find the next problem. Nested brackets are only
// matched, not checked in between: the value is an error already, and the
// researcher will flatten it rather than fix what is inside.
func (p *jsonParser) value() bool {
	open := p.peek()
	if open != '[' && open != '{' {
		_, ok := p.scalar()
		return ok
	}
	start := p.i
	var closers []byte // what closes each bracket open at p.i
	for p.i < len(p.src) {
		switch c := p.src[p.i]; c {
		case '"':
			if _, ok := p.str(); !ok {
				return false
			}
			continue
		case '[', '{':
			closers = append(closers, c+2) // ']' is '['+2, '}' is '{'+2
		case ']', '}':
			want := closers[len(closers)-1]
			if c != want {
				p.fail(p.i, "expected "+string(rune(want))+" to close the "+string(rune(want-2))+", found \""+string(rune(c))+"\"")
				return false
			}
			closers = closers[:len(closers)-1]
			if len(closers) == 0 {
				p.i++
				return true
			}
		}
		p.i++
	}
	p.fail(start, "this "+string(rune(open))+" is never closed")
	return false
}

// pos converts a byte offset in src to a position in the file. Offsets are
// asked for in increasing order while parsing, so it walks forward from the
// last one: that keeps a minified file, all on one line, linear in time.
func (p *jsonParser) pos(off int) diag.Pos {
	if p.perLine && p.ascii >= 0 {
		// A line of JSON Lines has no newline in it: while its bytes are
		// ASCII, characters are bytes (pos takes a tenth of reading a log
		// otherwise).
		end := min(max(off, 0), len(p.src))
		if end > p.ascii {
			if isASCII(p.src[p.ascii:end]) {
				p.ascii = end
			} else {
				p.ascii = -1
			}
		}
		if p.ascii >= 0 {
			return diag.Pos{File: p.at.File, Line: p.at.Line, Col: p.at.Col + end}
		}
	}
	if off < p.cur {
		p.cur, p.line, p.col = 0, 1, 1
	}
	for p.cur < off && p.cur < len(p.src) {
		c, size := p.src[p.cur], 1
		if c == '\n' {
			p.line++
			p.col = 1
		} else {
			if c >= utf8.RuneSelf { // count characters as utf8 does, invalid bytes one each
				_, size = utf8.DecodeRune(p.src[p.cur:])
			}
			p.col++
		}
		p.cur += size
	}
	return diag.Pos{File: p.at.File, Line: p.at.Line + p.line - 1, Col: p.at.Col + p.col - 1}
}

func (p *jsonParser) errorAt(off int, msg string) *diag.Error {
	return &diag.Error{Pos: p.pos(off), Msg: msg}
}

// fail records a syntax error, after which nothing more can be read.
func (p *jsonParser) fail(off int, msg string) { p.errs.add(p.errorAt(off, msg)) }

func itoa(n int) string { return strconv.Itoa(n) }

// objectKey reads an object's key at p.i (after any space), trimmed, and
// where it starts; a key not in double quotes is an error that says how
// JSON writes keys.
func (p *jsonParser) objectKey() (key string, at int, ok bool) {
	p.ws()
	at = p.i
	switch p.peek() {
	case '"':
	case '\'':
		p.fail(p.i, "JSON needs double quotes around keys and strings, not single quotes")
		return "", at, false
	default:
		p.fail(p.i, "expected a key in double quotes, found "+p.found())
		return "", at, false
	}
	key, ok = p.str()
	return strings.TrimSpace(key), at, ok
}

// colon reads the colon after the key key (and the space before it).
func (p *jsonParser) colon(key string) bool {
	p.ws()
	if p.peek() != ':' {
		p.fail(p.i, "expected : after the key "+quote(key)+", found "+p.found())
		return false
	}
	p.i++
	return true
}
