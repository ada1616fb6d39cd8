package table

// A JSON Lines log a program wrote puts every line's keys in one order
// with one spacing, so each cell stands a fixed number of columns past
// the text of the cells before it: `{"run":"r0","step":1,"loss":2.5}`
// has "step"'s value 17 columns past the end of "r0". A table of such
// rows (keyed) learns those distances from its first row and keeps no
// positions for the rows that keep them, where it would otherwise keep
// every cell's column for each of ten million rows (36 bytes a row, and
// the copying of their growing arrays). A row that differs (a key more or
// less, another order, spaces) is odd and keeps its own (odd.go).

// absentCell marks a column the first row of a keyed table did not have:
// a plain row has no cell there either (its column is 0).
const absentCell = -1

// learn sets the distances of a keyed table from row, its first: each
// cell's column less the length of the cells' text before it.
func (s *rowStore) learn(row Row) {
	s.offsets = make([]int, s.width)
	at := 0
	for c := range s.offsets {
		s.offsets[c] = absentCell
		if c < len(row.Cells) && c < len(row.Cols) && row.Cols[c] > 0 {
			s.offsets[c] = row.Cols[c] - at
			at += len(row.Cells[c])
		}
	}
}

// plainKeyed reports whether row's cells stand where the table's first
// row's distances put them (see learn), on row's line, so that pos can
// work their columns out.
func (s *rowStore) plainKeyed(row Row) bool {
	if row.Lines != nil || len(row.Cols) != len(row.Cells) || len(row.Cells) > s.width {
		return false
	}
	at := 0
	for c := range s.width {
		text, col := "", 0
		if c < len(row.Cells) {
			text, col = row.Cells[c], row.Cols[c]
		}
		off := absentCell
		if c < len(s.offsets) {
			off = s.offsets[c]
		}
		if off == absentCell {
			if col != 0 || text != "" {
				return false
			}
			continue
		}
		if col != off+at {
			return false
		}
		at += len(text)
	}
	return true
}

// keyedCol is the column of a plain row r's cell c in a keyed table: its
// distance past the cells before it, or 0 for a cell the row lacks.
func (s *rowStore) keyedCol(r, c int) int {
	if c >= len(s.offsets) || s.offsets[c] == absentCell {
		return 0
	}
	col := s.offsets[c]
	if c > 0 {
		col += s.cellEnd(r, c-1)
	}
	return col
}

// widenKeyed extends a keyed table's distances to w columns: the rows so
// far lack the new ones.
func (s *rowStore) widenKeyed(w int) {
	if s.offsets == nil {
		return // no row yet: the first one sets them
	}
	for len(s.offsets) < w {
		s.offsets = append(s.offsets, absentCell)
	}
}
