package table

import (
	"fmt"
	"slices"
)

// A table read for some of its columns (ReadCSVColumns) keeps the text of
// those alone. Its cells' ends still count every cell, kept or not, so
// that a kept cell's column in its line is worked out as for any other
// table; a kept cell's text starts as many bytes before its end-counted
// start as the dropped cells before it took.

// keepOnly makes the store keep the text of the columns named in keep
// alone, of a table of columns; before any row is added.
func (s *rowStore) keepOnly(columns, keep []string) {
	s.keep = keep
	s.drop, s.dropping = nil, nil
	s.name(columns)
}

// name marks the columns past those named so far whose text is not kept,
// when the store keeps some columns alone: a JSON Lines log names a key
// first on any line.
func (s *rowStore) name(columns []string) {
	if s.keep == nil {
		return
	}
	for c := len(s.dropping); c < len(columns); c++ {
		drop := !slices.Contains(s.keep, columns[c])
		s.dropping = append(s.dropping, drop)
		if drop {
			s.drop = append(s.drop, c)
		}
	}
}

// spanOf is how many of w columns have their cells' ends kept: all but
// the columns at the end whose text is not kept.
func (s *rowStore) spanOf(w int) int {
	for w > 0 && s.dropped(w-1) {
		w--
	}
	return w
}

// widenSpan keeps the cells' ends of the first span columns of each row,
// where the rows so far kept fewer (a column whose text is kept named after
// rows were added, behind columns whose text is not): their ends for the
// columns in between were never kept, and stand at the last kept one, so
// that those cells read as empty and, with no place known, at column 0
// (unknownRows, unknownFrom).
func (s *rowStore) widenSpan(span int) {
	s.widenEnds(s.span, span)
	// Column span's place is known still: it stands past the ends kept.
	if s.unknownRows == 0 {
		s.unknownFrom = s.span + 1
	}
	s.unknownFrom = min(s.unknownFrom, s.span+1)
	s.unknownRows = s.rows.len()
	s.span = span
}

// widenEnds widens the cells' ends kept for each row from from columns
// to to: each new column ends where the row's last kept one does, so that
// its cell reads as empty.
func (s *rowStore) widenEnds(from, to int) {
	var ends cellEnds
	ends.reserve(s.rows.len() * to)
	for r := range s.rows.len() {
		ends.copyRange(&s.ends, r*from, (r+1)*from)
		last := 0
		if from > 0 {
			last = s.ends.at((r+1)*from - 1)
		}
		for range to - from {
			ends.add(last)
		}
	}
	s.ends = ends
}

// dropped reports whether the text of column c is not kept. It is asked
// of every cell of every row added, twice: a lookup, not a search.
func (s *rowStore) dropped(c int) bool {
	return c < len(s.dropping) && s.dropping[c]
}

// skipped is how many bytes of row r before cell c's text were not kept:
// the lengths of its dropped cells before c.
func (s *rowStore) skipped(r, c int) int {
	n := 0
	for _, d := range s.drop {
		if d >= c {
			break
		}
		from := 0
		if d > 0 {
			from = s.cellEnd(r, d-1)
		}
		n += s.cellEnd(r, d) - from
	}
	return n
}

// notKept panics for a cell of a column whose text the table did not
// keep: the caller asked for columns it then did not name.
func (t *Table) notKept(c int) {
	panic(fmt.Sprintf("table: column %q of %s was not kept (ReadColumns)", t.Columns[c], t.Name))
}
