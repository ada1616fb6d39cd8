package table

import (
	"math"
	"sort"
)

// oddRows holds the positions of the rows that are not plain (see
// rowStore.plain), in the order of their rows, in two flat arrays: four
// bytes a cell and no allocation of its own a row, since in a JSON file
// every row is so (its cells stand after their keys).
type oddRows struct {
	rows []oddRow
	pos  []int32 // each odd row's columns, then its cells' lines if it has them
}

// oddRow is where one row's positions are in oddRows.pos.
type oddRow struct {
	row, start, n int32 // the row's index; its n columns start at pos[start]
	lines         bool  // n lines follow them
}

// rowPos are the positions of a row that is not plain: the column of each
// cell and, when not all stand on the row's line, each cell's line (0 for
// the row's line).
type rowPos struct {
	cols, lines []int
}

// add records the positions of row r, which starts on line and comes after
// every row added. Cells' lines are kept only when one differs from line
// (a JSON reader gives every cell's).
func (o *oddRows) add(r, line int, cols, lines []int) {
	e := oddRow{row: int32(r), start: int32(len(o.pos)), n: int32(len(cols))}
	for _, l := range lines {
		if l != 0 && l != line {
			e.lines = true
			break
		}
	}
	for _, c := range cols {
		o.pos = append(o.pos, clamp32(c))
	}
	if e.lines {
		for i := range cols {
			l := 0
			if i < len(lines) {
				l = lines[i]
			}
			o.pos = append(o.pos, clamp32(l))
		}
	}
	o.rows = append(o.rows, e)
}

// get returns the positions of row r, if it is odd.
func (o *oddRows) get(r int) (rowPos, bool) {
	k := sort.Search(len(o.rows), func(i int) bool { return int(o.rows[i].row) >= r })
	if k == len(o.rows) || int(o.rows[k].row) != r {
		return rowPos{}, false
	}
	e := o.rows[k]
	var p rowPos
	p.cols = widen32(o.pos[e.start : e.start+e.n])
	if e.lines {
		p.lines = widen32(o.pos[e.start+e.n : e.start+2*e.n])
	}
	return p, true
}

// clamp32 keeps a position in an int32; none in a data file within any
// limit comes near.
func clamp32(v int) int32 { return int32(min(max(v, 0), math.MaxInt32)) }

// widen32 copies positions out as ints.
func widen32(s []int32) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}
