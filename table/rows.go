package table

import (
	"math"
	"unsafe"
)

// A table's rows are held compactly, because a long training log has ten
// million of them: a Row of its own per record (a slice header each for
// cells, columns and lines, a string header per cell) costs about 300
// bytes a row, most of it pointers the collector must scan. Instead the
// cells' text is copied into large chunks, a row's cells one after
// another, and each row keeps where it starts and where each cell ends;
// positions are kept only for the rows whose cell columns cannot be worked
// out from the cells themselves (see plain), which in a file a program
// wrote is none of them.

// chunkSize is the size of the chunks the cells' text is copied into. A
// row longer than that gets a chunk of its own.
const chunkSize = 1 << 20

// rowStore holds a table's rows.
type rowStore struct {
	width int // cells per row; a narrower row is padded with ""
	// chunks hold the cells' text; the last is being filled. A byte once
	// appended is never written again (a full chunk is left, not grown),
	// which is what lets Cell return strings that share it.
	chunks [][]byte
	rows   rowRefs
	// ends are span per row: where each cell ends, counted from its row's
	// start. A row of more text than a uint16 counts keeps its ends in long
	// (its rowRef's chunk has longRow set) and zeros here.
	ends cellEnds
	// span is how many of a row's cells have their ends kept: width, less
	// the columns at the end of the row whose text is not kept (drop),
	// whose ends nothing asks for (project.go).
	span int
	long map[int][]uint32
	// forgot is how many chunks from the first have been let go
	// (ForgetText): nil, their rows' text gone.
	forgot int
	// lines are the lines the rows start on.
	lines lineRuns
	// drop are the columns whose text is not kept, ascending (project.go);
	// dropping[c] says whether c is one of them, and keep names the
	// columns kept (nil: all).
	drop     []int
	dropping []bool
	keep     []string
	// The rows before unknownRows have no place kept for their cells from
	// column unknownFrom on (widenSpan): none is asked for, as their text
	// is not kept.
	unknownRows, unknownFrom int

	// col0 is the column of the first cell of a plain row, the table's
	// left margin (1 in a file of its own, more in indented inline data).
	col0 int
	// odd holds the positions of the rows that are not plain (odd.go).
	odd oddRows
	// keyed: a row is plain when its cells stand where the first row's
	// did, at offsets past the text before them (keyed.go), not as in a
	// CSV file; set by the JSON Lines reader.
	keyed   bool
	offsets []int

	// numbers are the columns held as numbers, not text (numbered.go),
	// by column; nil for none.
	numbers []*numberColumn
}

// rowRef is where a row's text starts.
type rowRef struct {
	chunk, off uint32 // chunk | longRow for a row whose ends are in long
}

// longRow marks a rowRef whose cell ends are in rowStore.long.
const longRow = 1 << 31

// add appends row to t. Every reader adds its rows through it, so that how a
// table holds its rows (a long training log has millions) is decided in one
// place. add copies what it keeps: the caller may reuse row's slices. A row
// with fewer cells than the table has columns reads as "" past its end; a
// row with more widens the table (a JSON object with a new key), and so do
// columns added to t.Columns before the next row.
func (t *Table) add(row Row) {
	s := &t.store
	s.name(t.Columns)
	if w := max(len(row.Cells), len(t.Columns)); w > s.width {
		s.widen(w)
	}
	size, kept := 0, 0 // every cell's bytes, and the kept cells'
	for i, c := range row.Cells {
		size += len(c)
		if s.drop == nil || !s.dropped(i) {
			kept += len(c)
		}
	}
	if size > math.MaxUint32 {
		panic("table: a row of more than 4 GiB") // the data limit keeps files far smaller
	}
	last := len(s.chunks) - 1
	if last < 0 || len(s.chunks[last])+kept > cap(s.chunks[last]) {
		// Chunks grow with the table, so that the thousands of small
		// inline tables of a site take no megabyte each.
		next := chunkSize
		if last >= s.forgot { // a chunk let go says nothing of the rows' size
			next = min(chunkSize, 2*cap(s.chunks[last]))
		} else if last < 0 {
			next = 512
		}
		s.chunks = append(s.chunks, make([]byte, 0, max(next, kept)))
		last++
	}
	cur := s.chunks[last]
	ref := rowRef{chunk: uint32(last), off: uint32(len(cur))}
	var long []uint32
	if size > math.MaxUint16 {
		ref.chunk |= longRow
		long = make([]uint32, 0, s.width)
	}
	at := 0 // where the cell ends, counting the cells not kept
	for i, c := range row.Cells {
		if s.drop == nil || !s.dropped(i) {
			cur = append(cur, c...) // within cap: cur is never reallocated
		}
		at += len(c)
		long = s.end(long, at, i)
	}
	for i := len(row.Cells); i < s.width; i++ {
		long = s.end(long, at, i)
	}
	if long != nil {
		if s.long == nil {
			s.long = map[int][]uint32{}
		}
		s.long[s.rows.len()] = long
	}
	s.chunks[last] = cur
	if s.keyed && s.rows.len() == 0 {
		s.learn(row)
	}
	if s.rows.len() == 0 {
		s.col0 = 1
		if len(row.Cols) > 0 && row.Cols[0] > 0 {
			s.col0 = row.Cols[0]
		}
	}
	// A line past what a uint32 counts would need a file of more than 8
	// GB, past any data limit; it is named as the last line it counts.
	s.lines.add(min(max(row.Line, 0), math.MaxUint32))
	if !s.plain(row) {
		s.odd.add(s.rows.len(), row.Line, row.Cols, row.Lines)
	}
	s.rows.add(ref)
}

// reserve makes room for rows more rows, when a reader can tell how many
// are coming: growing by appending would copy the row index several times
// over and, at its last doubling, hold twice what it needs.
func (s *rowStore) reserve(rows int) {
	s.rows.reserve(rows)
	s.ends.reserve(rows * s.span)
}

// trim gives back the room reserve set aside past the rows that came, when
// it is more than a sixteenth of them: reserve guesses from the first
// rows' size, and a log's later rows are longer (a step of seven digits,
// not three), so ten million rows were given room for thirteen.
func (s *rowStore) trim() {
	s.rows.trim()
	s.ends.trim()
}

// end records where cell c of the row being added ends: in long when the
// row is long, else in ends (nowhere past span).
func (s *rowStore) end(long []uint32, n, c int) []uint32 {
	if long != nil {
		if c < s.span {
			s.ends.add(0)
		}
		return append(long, uint32(n))
	}
	if c < s.span {
		s.ends.add(n)
	}
	return nil
}

// cellEnd is where cell c of row r ends, from the row's start; c below
// span unless the row is long.
func (s *rowStore) cellEnd(r, c int) int {
	if s.long != nil && s.rows.at(r).chunk&longRow != 0 {
		return int(s.long[r][c])
	}
	return s.ends.at(r*s.span + c)
}

// plain reports whether row's positions follow from its cells: on one line,
// the first cell at the left margin and each next one a separator past the
// end of the one before, as in a CSV file with no quotes, spaces or
// non-ASCII text around its cells. Cells with bytes beyond ASCII are not
// plain: their columns count characters.
func (s *rowStore) plain(row Row) bool {
	if s.keyed {
		return s.plainKeyed(row)
	}
	if row.Lines != nil || len(row.Cols) != len(row.Cells) || len(row.Cells) != s.width {
		return false
	}
	col := s.col0
	for i, c := range row.Cells {
		if row.Cols[i] != col {
			return false
		}
		for j := 0; j < len(c); j++ {
			if c[j] >= 0x80 {
				return false
			}
		}
		col += len(c) + 1
	}
	return true
}

// widen makes every row w cells wide, the new cells "".
func (s *rowStore) widen(w int) {
	if s.rows.len() > 0 && s.span != s.width {
		// Some columns' text is not kept: the ends of the new columns are
		// kept only up to the last kept one.
		if span := s.spanOf(w); span > s.span {
			s.widenSpan(span)
		}
	} else if s.rows.len() > 0 {
		s.widenEnds(s.width, w)
	}
	for r, long := range s.long {
		for range w - s.width {
			long = append(long, long[len(long)-1])
		}
		s.long[r] = long
	}
	// A plain row's columns are worked out from its width: the rows that
	// were plain keep the columns they had, and none for the new cells.
	// A keyed table's plain rows lack the new cells, as its distances say.
	if s.keyed {
		s.widenKeyed(w)
	} else if len(s.odd.rows) < s.rows.len() {
		var odd oddRows
		for r := range s.rows.len() {
			p, ok := s.odd.get(r)
			if !ok {
				p.cols = make([]int, s.width)
				for c := range p.cols {
					_, p.cols[c] = s.pos(r, c)
				}
			}
			odd.add(r, s.lines.line(r), p.cols, p.lines)
		}
		s.odd = odd
	}
	if s.rows.len() == 0 {
		s.span = s.spanOf(w)
	} else if s.span == s.width {
		s.span = w
	}
	s.width = w
}

// Len is the number of rows.
func (t *Table) Len() int { return t.store.rows.len() }

// Cell is the text of row r's cell in column c, trimmed; "" for a cell the
// row does not have (a JSON object without the key).
func (t *Table) Cell(r, c int) string {
	s := &t.store
	if c < 0 || c >= s.width {
		return ""
	}
	if n := s.numbersAt(c); n != nil {
		return t.numberText(n, r)
	}
	if c >= s.span {
		t.notKept(c)
	}
	ref := s.rows.at(r)
	var from, to int
	if ref.chunk&longRow == 0 {
		i := r*s.span + c
		if c > 0 {
			from = s.ends.at(i - 1)
		}
		to = s.ends.at(i)
	} else {
		if c > 0 {
			from = s.cellEnd(r, c-1)
		}
		to = s.cellEnd(r, c)
	}
	if s.drop != nil {
		if s.dropped(c) {
			t.notKept(c)
		}
		skip := s.skipped(r, c)
		from, to = from-skip, to-skip
	}
	if from == to {
		return ""
	}
	chunk := int(ref.chunk &^ longRow)
	if chunk < s.forgot {
		t.forgotten(r)
	}
	off := int(ref.off)
	text := s.chunks[chunk][off+from : off+to]
	// The bytes are never written again (see rowStore.chunks).
	return unsafe.String(unsafe.SliceData(text), len(text))
}

// ForgetText lets go of the text of the rows before row, as far as it
// does not share a chunk with a later row's: a reader that has taken what
// it needs of those rows (a panel gathering a training log's points as
// the file is read) need not hold them. Their lines and cell positions
// stay; Cell panics on a row whose text is gone, and strings it returned
// before stay valid.
func (t *Table) ForgetText(row int) {
	s := &t.store
	if row <= 0 {
		return
	}
	upTo := len(s.chunks)
	if row < s.rows.len() {
		upTo = int(s.rows.at(row).chunk &^ longRow)
	}
	for ; s.forgot < upTo; s.forgot++ {
		s.chunks[s.forgot] = nil
	}
	for _, n := range s.numbers {
		if n != nil {
			n.forget(row)
		}
	}
}

// HeldText is how many bytes of cell text the table holds: less than its
// cells' once ForgetText let some go.
func (t *Table) HeldText() int {
	n := 0
	for _, c := range t.store.chunks {
		n += len(c)
	}
	for _, c := range t.store.numbers {
		if c != nil {
			n += c.heldBytes()
		}
	}
	return n
}

// Line is the line row r starts on.
func (t *Table) Line(r int) int { return t.store.lines.line(r) }

// Row returns row r as the reader added it: its cells, their columns and,
// when they are not all on the row's line, their lines. It allocates; a
// chart reads cells with Cell.
func (t *Table) Row(r int) Row {
	s := &t.store
	row := Row{Line: t.Line(r), Cells: make([]string, s.width)}
	for c := range row.Cells {
		if s.drop == nil || !s.dropped(c) || s.numbersAt(c) != nil {
			row.Cells[c] = t.Cell(r, c)
		}
	}
	if t.rows {
		// A cell of a table without lines is placed by its column's
		// number (numbered.go).
		row.Cols = make([]int, s.width)
		for c := range row.Cols {
			row.Cols[c] = c + 1
		}
		return row
	}
	if p, ok := s.odd.get(r); ok {
		row.Cols = padded(p.cols, s.width)
		if p.lines != nil {
			row.Lines = padded(p.lines, s.width)
		}
		return row
	}
	row.Cols = make([]int, s.width)
	for c := range row.Cols {
		_, row.Cols[c] = s.pos(r, c)
	}
	return row
}

// pos is the line and column of row r's cell c (column 0 when unknown).
func (s *rowStore) pos(r, c int) (line, col int) {
	line = s.lines.line(r)
	if p, ok := s.odd.get(r); ok {
		if c >= 0 && c < len(p.cols) {
			col = p.cols[c]
		}
		if c >= 0 && c < len(p.lines) && p.lines[c] != 0 {
			line = p.lines[c]
		}
		return line, col
	}
	if c < 0 || c >= s.width || c > s.span || r < s.unknownRows && c >= s.unknownFrom {
		return line, 0 // past span: a column not kept, whose place is not
	}
	if s.keyed {
		return line, s.keyedCol(r, c)
	}
	col = s.col0
	if c > 0 {
		// Each cell before c takes its length and a separator.
		col += s.cellEnd(r, c-1) + c
	}
	return line, col
}

// padded returns s extended with zeros to n entries.
func padded(s []int, n int) []int {
	out := make([]int, n)
	copy(out, s)
	return out
}

// Subset returns a table of the rows at the given indices of t, in that
// order: the same name and header, and rows that keep their cells, lines and
// columns, so that a message about a row of the subset names its place in
// the file. The subset shares t's cell text, which no one changes.
func (t *Table) Subset(rows []int) *Table {
	sub := &Table{Name: t.Name, Columns: t.Columns, rows: t.rows, header: t.header}
	from, to := &t.store, &sub.store
	to.width, to.span, to.col0, to.drop, to.dropping, to.keep = from.width, from.span, from.col0, from.drop, from.dropping, from.keep
	to.unknownFrom = from.unknownFrom
	if from.unknownRows > 0 {
		to.unknownRows = len(rows) // which rows they were is not kept: none has a place there
	}
	to.keyed, to.offsets, to.forgot = from.keyed, from.offsets, from.forgot
	if from.numbers != nil {
		to.numbers = make([]*numberColumn, len(from.numbers))
		for c, n := range from.numbers {
			if n != nil {
				to.numbers[c] = n.subset(rows)
			}
		}
	}
	// Full chunks: a row added to the subset would start a chunk of its own.
	to.chunks = make([][]byte, len(from.chunks))
	for i, c := range from.chunks {
		to.chunks[i] = c[:len(c):len(c)]
	}
	to.rows.reserve(len(rows))
	to.ends.reserve(len(rows) * from.span)
	for i, r := range rows {
		to.rows.add(from.rows.at(r))
		to.ends.copyRange(&from.ends, r*from.span, (r+1)*from.span)
		to.lines.add(from.lines.line(r))
		if p, ok := from.odd.get(r); ok {
			to.odd.add(i, from.lines.line(r), p.cols, p.lines)
		}
		if l, ok := from.long[r]; ok {
			if to.long == nil {
				to.long = map[int][]uint32{}
			}
			to.long[i] = l
		}
	}
	return sub
}
