package table

import (
	"math"
	"slices"
	"sort"
)

// The row store's index (rows.go) is most of what a long log costs beside
// its text: ten million rows of six cells took 12 bytes a row for where it
// starts and its line, and 12 for its cells' ends. A row's line mostly
// follows from the row before (the next line, or as many lines on as the
// rows before took), and a row of a log is short enough for its cells'
// ends to count in a byte; so lines are kept as runs and ends in bytes
// until a row needs more.

// cellEnds are the ends of the rows' cells (rowStore.ends), a byte each
// while every row's text is shorter than 256 bytes, and two once one is
// not.
type cellEnds struct {
	narrow []uint8
	wide   []uint16 // once a row's text is 256 bytes or more; narrow is nil then
}

// at is end i.
func (e *cellEnds) at(i int) int {
	if e.wide != nil {
		return int(e.wide[i])
	}
	return int(e.narrow[i])
}

// add appends n, at most a uint16.
func (e *cellEnds) add(n int) {
	if e.wide == nil && n > math.MaxUint8 {
		e.widen(0)
	}
	if e.wide != nil {
		e.wide = append(e.wide, uint16(n))
		return
	}
	e.narrow = append(e.narrow, uint8(n))
}

// reserve makes room for n more ends.
func (e *cellEnds) reserve(n int) {
	if e.wide != nil {
		e.wide = append(make([]uint16, 0, len(e.wide)+n), e.wide...)
		return
	}
	e.narrow = append(make([]uint8, 0, len(e.narrow)+n), e.narrow...)
}

// widen turns the ends into two bytes each, with room for n more.
func (e *cellEnds) widen(n int) {
	if e.wide != nil {
		return
	}
	wide := make([]uint16, len(e.narrow), max(cap(e.narrow), len(e.narrow)+n))
	for i, v := range e.narrow {
		wide[i] = uint16(v)
	}
	e.wide, e.narrow = wide, nil
}

// trim is rowStore.trim for the ends.
func (e *cellEnds) trim() {
	if n := len(e.wide); cap(e.wide)-n > n/16 {
		e.wide = slices.Clone(e.wide)
	}
	if n := len(e.narrow); cap(e.narrow)-n > n/16 {
		e.narrow = slices.Clone(e.narrow)
	}
}

// copyRange appends src's ends [from, to) to e.
func (e *cellEnds) copyRange(src *cellEnds, from, to int) {
	if src.wide != nil {
		e.widen(to - from)
		e.wide = append(e.wide, src.wide[from:to]...)
		return
	}
	if e.wide != nil {
		for _, v := range src.narrow[from:to] {
			e.wide = append(e.wide, uint16(v))
		}
		return
	}
	e.narrow = append(e.narrow, src.narrow[from:to]...)
}

// lineRuns are the lines the rows start on, as runs of rows each a
// constant number of lines after the one before: one run for a CSV file
// without blank lines or cells over several lines, one for JSON Lines, one
// for a JSON array written an object to a fixed number of lines.
type lineRuns struct {
	runs []lineRun
	rows int // rows added
}

// lineRun is a run of rows from row on: row starts on line, and each next
// row of the run step lines after the one before.
type lineRun struct {
	row        int32
	line, step uint32
}

// add records the line of the next row, at most a uint32.
func (l *lineRuns) add(line int) {
	r := l.rows
	l.rows++
	if n := len(l.runs); n > 0 {
		last := &l.runs[n-1]
		k := r - int(last.row) // rows of the run so far
		prev := int(last.line) + (k-1)*int(last.step)
		switch {
		case k == 1 && line >= prev && line-prev <= math.MaxUint32:
			last.step = uint32(line - prev)
			return
		case line == prev+int(last.step):
			return
		}
	}
	l.runs = append(l.runs, lineRun{row: int32(r), line: uint32(line)})
}

// line is the line row r starts on.
func (l *lineRuns) line(r int) int {
	k := len(l.runs) - 1
	if k > 0 && int(l.runs[k].row) > r {
		k = sort.Search(len(l.runs), func(i int) bool { return int(l.runs[i].row) > r }) - 1
	}
	run := l.runs[k]
	return int(run.line) + (r-int(run.row))*int(run.step)
}

// rowRefs are where the rows' text starts (rowStore.rows). The rows of a
// chunk follow one another, so while they do a row is kept in two bytes
// beside the first row of its block of blockRows (near); once one is not
// near (a subset's rows in another order, a row of more than 8 KB), every
// ref is packed: a chunk and an offset in 32 bits while every chunk's
// number and offset fit (2,048 chunks of a megabyte: two gigabytes of
// text), and in 64 once one does not.
type rowRefs struct {
	mode  refMode
	first []uint32 // near: each block's first ref, packed without longRow
	near  []uint16 // near: per row, nearLong | its chunk's distance | its offset
	// packed is longRow | chunk<<offBits | off per row.
	packed []uint32
	wide   []rowRef
}

// refMode is how rowRefs holds its refs; each mode holds any ref the one
// before it holds.
type refMode uint8

const (
	refsNear refMode = iota
	refsPacked
	refsWide
)

// blockRows is how many rows share a first ref in near mode.
const blockRows = 16

// A near ref is an offset from its block's first row's in that row's
// chunk, or from the start of one of the next nearChunks chunks (the
// first chunks of a table are small: a block may span four): its chunk's
// distance is the bits from nearShift, below nearLong, which is longRow.
const (
	nearLong   = 1 << 15
	nearShift  = 13
	nearChunks = 3
	nearMax    = 1<<nearShift - 1
)

// offBits are the bits of a packed offset: a chunk holds chunkSize bytes,
// or one row alone, which starts at 0.
const offBits = 20

// maxPackedChunk is one past the highest chunk number a packed ref holds,
// below longRow.
const maxPackedChunk = longRow >> offBits

// pack packs ref, or reports that it does not fit.
func pack(ref rowRef) (uint32, bool) {
	chunk := ref.chunk &^ longRow
	if ref.off >= 1<<offBits || chunk >= maxPackedChunk {
		return 0, false
	}
	return ref.chunk&longRow | chunk<<offBits | ref.off, true
}

// len is the number of refs.
func (s *rowRefs) len() int {
	switch s.mode {
	case refsNear:
		return len(s.near)
	case refsPacked:
		return len(s.packed)
	}
	return len(s.wide)
}

// at is ref r.
func (s *rowRefs) at(r int) rowRef {
	switch s.mode {
	case refsNear:
		f, v := s.first[r/blockRows], s.near[r]
		ref := rowRef{chunk: f >> offBits, off: f & (1<<offBits - 1)}
		if d := uint32(v>>nearShift) & nearChunks; d > 0 {
			ref.chunk, ref.off = ref.chunk+d, 0
		}
		ref.off += uint32(v & nearMax)
		if v&nearLong != 0 {
			ref.chunk |= longRow
		}
		return ref
	case refsPacked:
		p := s.packed[r]
		return rowRef{chunk: p&longRow | (p&^longRow)>>offBits, off: p & (1<<offBits - 1)}
	}
	return s.wide[r]
}

// nearRef is ref as a near ref of row r, whose block's first ref is kept,
// or false when it is not near it.
func (s *rowRefs) nearRef(r int, ref rowRef) (uint16, bool) {
	f := s.first[r/blockRows]
	chunk, off := ref.chunk&^longRow, ref.off
	fchunk, foff := f>>offBits, f&(1<<offBits-1)
	var v uint16
	switch {
	case chunk == fchunk && off >= foff && off-foff <= nearMax:
		v = uint16(off - foff)
	case chunk > fchunk && chunk-fchunk <= nearChunks && off <= nearMax:
		v = uint16(chunk-fchunk)<<nearShift | uint16(off)
	default:
		return 0, false
	}
	if ref.chunk&longRow != 0 {
		v |= nearLong
	}
	return v, true
}

// add appends ref.
func (s *rowRefs) add(ref rowRef) {
	if s.mode == refsNear {
		r := len(s.near)
		if r%blockRows == 0 {
			if p, ok := pack(rowRef{chunk: ref.chunk &^ longRow, off: ref.off}); ok {
				s.first = append(s.first, p)
			} else {
				s.convert(refsPacked)
			}
		}
		if s.mode == refsNear {
			if v, ok := s.nearRef(r, ref); ok {
				s.near = append(s.near, v)
				return
			}
			s.convert(refsPacked)
		}
	}
	if s.mode == refsPacked {
		if p, ok := pack(ref); ok {
			s.packed = append(s.packed, p)
			return
		}
		s.convert(refsWide)
	}
	s.wide = append(s.wide, ref)
}

// convert turns the refs of the rows added into mode, with room for one
// more.
func (s *rowRefs) convert(mode refMode) {
	n := s.len()
	c := max(n+1, cap(s.near), cap(s.packed))
	switch mode {
	case refsPacked:
		packed := make([]uint32, n, c)
		for r := range n {
			p, ok := pack(s.at(r))
			if !ok { // a near ref past the last chunk that packs
				s.convert(refsWide)
				return
			}
			packed[r] = p
		}
		s.packed = packed
	case refsWide:
		wide := make([]rowRef, n, c)
		for r := range n {
			wide[r] = s.at(r)
		}
		s.wide, s.packed = wide, nil
	}
	s.first, s.near = nil, nil
	s.mode = mode
}

// reserve makes room for n more refs.
func (s *rowRefs) reserve(n int) {
	switch s.mode {
	case refsNear:
		s.near = append(make([]uint16, 0, len(s.near)+n), s.near...)
		s.first = append(make([]uint32, 0, (len(s.near)+n)/blockRows+1), s.first...)
	case refsPacked:
		s.packed = append(make([]uint32, 0, len(s.packed)+n), s.packed...)
	default:
		s.wide = append(make([]rowRef, 0, len(s.wide)+n), s.wide...)
	}
}

// trim is rowStore.trim for the refs.
func (s *rowRefs) trim() {
	s.near, s.first = trimmed(s.near), trimmed(s.first)
	s.packed, s.wide = trimmed(s.packed), trimmed(s.wide)
}

// trimmed is s, copied when its spare room is more than a sixteenth of it.
func trimmed[S ~[]E, E any](s S) S {
	if n := len(s); cap(s)-n > n/16 {
		return slices.Clone(s)
	}
	return s
}
