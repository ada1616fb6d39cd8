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
	s.drop, s.dropping = nil, make([]bool, len(columns))
	for c, name := range columns {
		if !slices.Contains(keep, name) {
			s.drop = append(s.drop, c)
			s.dropping[c] = true
		}
	}
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
