package table

import (
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/scalesite/scalesite/diag"
)

// maxNesting is how deep JSONL objects may nest before the reader stops:
// a training log nests a level or two ({"train": {"loss": 2.1}}), and a
// bound keeps a hostile file from exhausting the stack.
const maxNesting = 32

// ReadJSONL reads JSON Lines, as training loops and trackers write their
// logs: one object per line, read from r as it comes rather than whole.
// Columns are the keys in first-seen order; a nested object's keys are
// flattened with "/" ({"train": {"loss": 2.1}} gives the column
// "train/loss", the way TensorBoard and W&B name their metrics, so that a
// log written either way reads the same). Values are kept as ParseJSON
// keeps them: numbers as written, strings, true and false; null and a
// missing key give "". An array is an error at its line:col. Blank lines
// are skipped, and each line's problem is reported at its line.
//
// Every cell stands on its row's line, so Row.Lines is nil.
func ReadJSONL(name string, r io.Reader) (*Table, error) {
	return readJSONL(name, r, 0, nil, nil, 0)
}

// ReadJSONLColumns is ReadJSONL keeping the text of the columns named in
// keep alone, as ReadCSVColumns does: every line is read and checked, and
// every position and message is the same; Cell panics on a column not
// kept.
func ReadJSONLColumns(name string, r io.Reader, keep []string) (*Table, error) {
	if keep == nil {
		keep = []string{}
	}
	return readJSONL(name, r, 0, keep, nil, 0)
}

// StreamJSONLColumns is ReadJSONLColumns handing the table to each as it
// grows, as StreamCSVColumns does (size is the input's, 0 when not
// known): after every StreamRows rows, each
// (given how many bytes of the input those took) reads the rows added so
// far and may let their text go (ForgetText). A log may name a key first
// on any line, so each is first called once every column in keep is
// named: a reader that looks its columns up on the first call finds them,
// and the rows before read "" in a column named after them, as read whole.
// A column of keep that no line names leaves each uncalled. The table it
// returns has every row, less the text let go; an error is
// ReadJSONLColumns' (the rows each saw are then not to be trusted).
func StreamJSONLColumns(name string, r io.Reader, size int64, keep []string, each func(t *Table, read int64)) (*Table, error) {
	if keep == nil {
		keep = []string{}
	}
	return readJSONL(name, r, size, keep, each, StreamRows)
}

// readJSONL is ReadJSONL of an input of size bytes (0 when not known:
// it sizes the table's row index) keeping the columns in keep, or all
// for nil; each, when set, is StreamJSONLColumns', called every every rows (the
// fuzz test's logs are shorter than StreamRows). The lines are lexed a
// block ahead of the table, on a goroutine of their own (rowsahead.go).
func readJSONL(name string, r io.Reader, size int64, keep []string, each func(*Table, int64), every int) (*Table, error) {
	x := newJSONLLexer(name, r)
	x.size = size
	return x.table(keep, each, every, true)
}

// table reads the table x lexes, keeping the columns in keep, or all for
// nil, and calling each every every rows as readJSONL does; overlap lexes
// ahead on a goroutine, else as the rows are asked for.
func (x *jsonlLexer) table(keep []string, each func(*Table, int64), every int, overlap bool) (*Table, error) {
	t := &Table{Name: x.p.t.Name}
	t.store.keyed = true
	if keep != nil {
		t.store.keepOnly(nil, keep)
	}
	batches := 1
	if overlap {
		batches = jsonlAhead
	}
	ahead := newRowsAhead(x.fill, batches)
	defer ahead.Close()
	named := false // every column of keep is named (StreamJSONLColumns)
	for b, ok := ahead.next(); ok; b, ok = ahead.next() {
		k := 0 // the next of b.named
		for i := range b.rows {
			for ; k < len(b.named) && b.named[k].row == i; k++ {
				t.nameColumn(b.named[k].name, b.named[k].line, b.named[k].col)
			}
			t.add(b.row(i))
			if t.Len() == sizeSample && x.size > 0 {
				t.reserveRest(x.size, b.rows[i].read, sizeSample)
			}
			if each != nil && t.Len()%every == 0 {
				named = named || t.names(keep)
				if named {
					each(t, b.rows[i].read)
				}
			}
		}
		for _, c := range b.named[k:] { // named on lines after the batch's last row
			t.nameColumn(c.name, c.line, c.col)
		}
	}
	// The lexing ended (next reported so): its problems are all found.
	if err := x.p.errs.err(); err != nil {
		return nil, err
	}
	if len(t.Columns) == 0 && t.Len() == 0 {
		return nil, &diag.Error{Pos: diag.Pos{File: t.Name, Line: 1}, Msg: "the file is empty: write one object per line, like " + example}
	}
	// Lines read before a key first appeared lack its cell: a few lines
	// of many keys after many lines of few would make a table far larger
	// than its file, so the cells it will hold are counted first.
	if t.Len()*len(t.Columns) > MaxCells {
		return nil, &diag.Error{Pos: diag.Pos{File: t.Name}, Msg: fmt.Sprintf("%s rows of %s columns: %s",
			diag.Thousands(t.Len()), diag.Thousands(len(t.Columns)), tooManyCells)}
	}
	// A row read before a key first appeared reads "" in its column
	// (Table.add).
	if x.size > 0 {
		t.store.trim() // the room reserveRest set aside past the last row
	}
	return t, nil
}

// names reports whether every column in keep is named so far.
func (t *Table) names(keep []string) bool {
	for _, name := range keep {
		if t.Index(name) < 0 {
			return false
		}
	}
	return true
}

// nameColumn adds the column name to t, a key a log names first at line
// and col.
func (t *Table) nameColumn(name string, line, col int) {
	t.Columns = append(t.Columns, name)
	t.header.Cells = t.Columns
	t.header.Cols = append(t.header.Cols, col)
	t.header.Lines = append(t.header.Lines, line)
	if t.header.Line == 0 {
		t.header.Line = line
	}
}

// jsonlLine reads one line holding one object, at at, and returns its
// row, whose slices are reused by the next line; ascii says the line is
// ASCII.
func (p *jsonParser) jsonlLine(line []byte, at diag.Pos, ascii bool) (Row, bool) {
	// The cells are slices of the line, which its batch holds until
	// Table.add copies them: a string of it is no copy (every line of a
	// long log was copied, and the garbage collected), and what outlives
	// the batch (a column's name) is cloned.
	p.src, p.s, p.i, p.at = line, unsafe.String(unsafe.SliceData(line), len(line)), 0, at
	p.cur, p.line, p.col, p.ascii = 0, 1, 1, 0
	if ascii {
		p.ascii = len(line) // pos need not look
	}
	p.ws()
	if p.peek() != '{' {
		if c := p.peek(); c >= 0 && valueKind(byte(c)) != "" {
			p.fail(p.i, "line "+itoa(at.Line)+" is "+valueKind(byte(c))+", not an object: each line of a .jsonl file must be one object, like "+example)
		} else {
			p.fail(p.i, "expected an object, like "+example+", found "+p.found())
		}
		return Row{}, false
	}
	// The batch copies the row's cells and columns: they are the line
	// before's, reused.
	row := Row{Line: at.Line, Cells: p.cells[:0], Cols: p.cols[:0]}
	p.key, p.order = 0, p.order[:0]
	ok := p.flatObject(&row, "", 1)
	p.cells, p.cols = row.Cells, row.Cols
	if !ok {
		return Row{}, false
	}
	p.last, p.order = p.order, p.last
	p.ws()
	if p.i < len(p.src) {
		p.fail(p.i, "unexpected "+p.found()+" after the object: each line of a .jsonl file holds one object")
		return Row{}, false
	}
	return row, true
}

// flatObject reads the object at p.i into row, its keys prefixed with
// prefix; a nested object's keys are prefixed with its own key and "/".
func (p *jsonParser) flatObject(row *Row, prefix string, depth int) bool {
	if depth > maxNesting {
		p.fail(p.i, "objects nested more than "+itoa(maxNesting)+" levels deep: flatten the log's keys")
		return false
	}
	p.i++ // {
	p.ws()
	if p.peek() == '}' {
		p.i++
		return true
	}
	for {
		key, keyAt, ok := p.objectKey()
		if !ok {
			return false
		}
		if key == "" {
			p.fail(keyAt, "empty key: every column needs a name")
			return false
		}
		if !p.colon(key) {
			return false
		}
		p.ws()
		valAt := p.i
		switch p.peek() {
		case '{':
			if !p.flatObject(row, prefix+key+"/", depth+1) {
				return false
			}
		case '[':
			p.fail(valAt, "the value of "+quote(prefix+key)+" is an array: a cell must be a number, a string, true, false, null or an object of those")
			return false
		default:
			v, ok := p.scalar()
			if !ok {
				return false
			}
			name := key
			if prefix != "" { // a key of a nested object (concatenating "" costs a call a cell)
				name = prefix + key
			}
			if p.src[valAt] == '"' { // a number, true or false has no space to trim
				v = strings.TrimSpace(v)
			}
			if !p.setCell(row, name, keyAt, v, valAt) {
				return false
			}
		}
		p.ws()
		if p.peek() == '}' {
			p.i++
			return true
		}
		after := "" // what comma names when there is no comma: made only then
		if p.peek() != ',' {
			after = "the value of " + quote(prefix+key)
		}
		if !p.comma('}', after) {
			return false
		}
	}
}

// setCell puts v, read at offset valAt, in row's cell for column name,
// whose key stands at keyAt, adding the column when it is new.
func (p *jsonParser) setCell(row *Row, name string, keyAt int, v string, valAt int) bool {
	t := p.t
	col, seen := p.column(name)
	if !seen {
		if len(t.Columns) == MaxColumns {
			p.fail(keyAt, tooManyColumns)
			return false
		}
		col = len(t.Columns)
		name = strings.Clone(name) // a slice of the line (jsonlLine)
		p.index[name] = col
		kp := p.pos(keyAt)
		t.nameColumn(name, kp.Line, kp.Col)
	} else if col < len(row.Cols) && row.Cols[col] != 0 {
		p.fail(keyAt, "the key "+quote(name)+" appears twice in this object")
		return false
	}
	p.order[len(p.order)-1] = col
	for len(row.Cells) <= col {
		row.Cells = append(row.Cells, "")
		row.Cols = append(row.Cols, 0)
	}
	row.Cells[col] = v
	row.Cols[col] = p.colAt(valAt)
	return true
}

// colAt is pos(off).Col, worked out at once while the line is ASCII up to
// off (the usual case, and a tenth of reading a log by pos).
func (p *jsonParser) colAt(off int) int {
	if off <= p.ascii {
		return p.at.Col + off
	}
	return p.pos(off).Col
}

// column is the column named name, if any. A log names its keys in the
// same order on every line, so the column the line before had at this
// key's place is tried first, which spares hashing the name (a tenth of
// reading a long log). The key's place is recorded for the next line
// (setCell fills it in).
func (p *jsonParser) column(name string) (int, bool) {
	k := p.key
	p.key++
	if k < len(p.last) {
		if c := p.last[k]; c < len(p.t.Columns) && p.t.Columns[c] == name {
			p.order = append(p.order, c)
			return c, true
		}
	}
	c, ok := p.index[name]
	p.order = append(p.order, c)
	return c, ok
}
