package site

import (
	"iter"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// where returns the rows of t that the panel's `where` keeps, as a table of
// their own: the same header, and rows that keep their line numbers, so that
// every later message still names the right line of the file. The rows kept
// are exactly the rows drawn (or reported as left out).
//
// A column that is not in the table, or a filter that keeps no row, is an
// error; a value that no row of the table has (while others do) is a
// warning, since it is most likely a typo in one value of a list.
func (l *pageLoader) where(t *table.Table, conds []chartspec.Cond, tname string, errs *diag.List) *table.Table {
	if len(conds) == 0 {
		return t
	}
	cols := make([]int, len(conds))
	bad := false
	for i, c := range conds {
		cols[i] = t.Index(c.Column.Name)
		if cols[i] < 0 {
			errs.Add(diag.Errorf(c.Column.Pos, "where column %q is not in %s (its columns: %s)%s",
				c.Column.Name, tname, diag.QuoteList(t.Columns, 8), diag.DidYouMean(c.Column.Name, t.Columns)))
			bad = true
		}
	}
	if bad {
		return t
	}
	if f := t.Filtered(); f != nil {
		return l.whereFiltered(t, f, conds, cols, tname, errs)
	}
	keep, hits := whereRows(t, conds, cols)
	found := whereFound{hits: hits, kept: len(keep), rows: t.Len(), cells: func(i int) iter.Seq[string] { return columnCells(t, cols[i]) }}
	if !l.whereMessages(conds, found, tname, errs) {
		return t
	}
	return t.Subset(keep)
}

// whereRows are the rows of t that conds, on the columns cols, keep, and
// how many rows of t each value of each condition matches.
func whereRows(t *table.Table, conds []chartspec.Cond, cols []int) (keep []int, hits [][]int) {
	hits = make([][]int, len(conds)) // rows of the whole table each value matches
	for i, c := range conds {
		hits[i] = make([]int, len(c.Any))
	}
	for r := range t.Len() {
		all := true
		for i, c := range conds {
			cell := cellAt(t, r, cols[i])
			any := false
			for k, m := range c.Any {
				if matchCell(m, &cell) {
					hits[i][k]++
					any = true
				}
			}
			all = all && any
		}
		if all {
			keep = append(keep, r)
		}
	}
	return keep, hits
}

// whereFound is what a where found in a table, for its messages: the rows
// each value of each condition matches (whereRows' hits), how many rows
// it keeps of how many, and the cells of each condition's column.
type whereFound struct {
	hits       [][]int
	kept, rows int
	cells      func(cond int) iter.Seq[string]
}

// whereMessages adds what found says of conds: a warning for each value
// no row has, or, when the where keeps no row, an error saying why. It
// reports whether the where keeps a row.
func (l *pageLoader) whereMessages(conds []chartspec.Cond, found whereFound, tname string, errs *diag.List) bool {
	warnings, err := whereProblems(conds, found, tname)
	for _, w := range warnings {
		l.warn(w)
	}
	if err != nil {
		errs.Add(err)
		return false
	}
	return true
}

// whereProblems are whereMessages' warnings and error.
func whereProblems(conds []chartspec.Cond, found whereFound, tname string) (warnings []*diag.Error, err *diag.Error) {
	// Values no row has: the reason for an empty panel, or a warning.
	var missed []string
	for i, c := range conds {
		for k, m := range c.Any {
			if found.hits[i][k] > 0 {
				continue
			}
			msg := "no row of " + tname + " has " + describe(c.Column.Name, m) + " (" + present(found.cells(i), m) + ")"
			missed = append(missed, msg)
			if found.kept > 0 {
				warnings = append(warnings, diag.Warnf(diag.WhereKeepsNone, m.Pos, "%s: this value of where keeps nothing", msg))
			}
		}
	}
	if found.kept > 0 {
		return warnings, nil
	}
	at := conds[0].Column.Pos
	var why string
	switch {
	case found.rows == 0:
		why = tname + " has a header but no rows"
	case len(missed) > 0:
		why = strings.Join(missed, "; ")
	default:
		why = "no row has " + describeWhere(conds) + " at once"
	}
	return warnings, diag.Errorf(at, "where keeps none of the %d rows of %s, so the chart would be empty: %s", found.rows, tname, why)
}

// columnCells are the cells of column col of t, row by row.
func columnCells(t *table.Table, col int) iter.Seq[string] {
	return func(yield func(string) bool) {
		for r := range t.Len() {
			if !yield(t.Cell(r, col)) {
				return
			}
		}
	}
}

// warn adds a warning once: a chart's where is checked again for every
// panel that inherits it.
func (l *pageLoader) warn(w *diag.Error) {
	for _, e := range l.warnings {
		if e.Pos == w.Pos && e.Msg == w.Msg {
			return
		}
	}
	l.warnings = append(l.warnings, w)
}

// matches reports whether a cell passes every test of m.
func matches(m chartspec.Match, cell string) bool {
	c := textCell(cell)
	return matchCell(m, &c)
}

// matchCell reports whether cell passes every test of m.
func matchCell(m chartspec.Match, cell *whereCell) bool {
	for _, t := range m.Tests {
		if !test(t, cell) {
			return false
		}
	}
	return true
}

// whereCell is a cell as a where's tests read it: its number, read once
// for every test, and its text, which a column held as numbers
// (table.Table.Numeric) formats only when a test compares text.
type whereCell struct {
	num  bool // it reads as a number, not a missing one
	v    float64
	text string
	// t, r and c are the cell whose text is not read yet; t is nil once
	// text is.
	t    *table.Table
	r, c int
}

// cellAt is row r's cell in column c of t.
func cellAt(t *table.Table, r, c int) whereCell {
	if !t.Numeric(c) {
		return textCell(t.Cell(r, c))
	}
	v, missing, ok := t.NumberAt(r, c)
	return whereCell{num: ok && !missing, v: v, t: t, r: r, c: c}
}

// textCell is a cell of the given text.
func textCell(cell string) whereCell {
	cell = strings.TrimSpace(cell)
	v, missing, ok := table.Number(cell)
	return whereCell{num: ok && !missing, v: v, text: cell}
}

// Text is the cell's text, without the spaces around it.
func (c *whereCell) Text() string {
	if c.t != nil {
		c.text, c.t = strings.TrimSpace(c.t.Cell(c.r, c.c)), nil
	}
	return c.text
}

// test compares a cell with one value. Values that read as numbers are
// compared as numbers when the cell reads as one too (6e18 matches
// 6000000000000000000 and 6E+18); otherwise = and != compare the text, and
// the ordering operators fail (a blank or NA cell is never "> 1e9").
func test(t chartspec.Test, cell *whereCell) bool {
	num, v := cell.num && t.IsNum, cell.v
	switch t.Op {
	case chartspec.OpEq:
		if num {
			return v == t.Num
		}
		return cell.Text() == t.Value
	case chartspec.OpNe:
		if num {
			return v != t.Num
		}
		return cell.Text() != t.Value
	}
	if !num {
		return false
	}
	switch t.Op {
	case chartspec.OpLt:
		return v < t.Num
	case chartspec.OpLe:
		return v <= t.Num
	case chartspec.OpGt:
		return v > t.Num
	case chartspec.OpGe:
		return v >= t.Num
	}
	return false
}

// describeWhere writes a where for a message: each condition's values
// joined by "or", the conditions by "and".
func describeWhere(conds []chartspec.Cond) string {
	parts := make([]string, len(conds))
	for i, c := range conds {
		alts := make([]string, len(c.Any))
		for k, m := range c.Any {
			alts[k] = describe(c.Column.Name, m)
		}
		parts[i] = strings.Join(alts, " or ")
	}
	return strings.Join(parts, " and ")
}

// describe writes a condition for a message: task "Modular arithmetic",
// params >= 1e9.
func describe(col string, m chartspec.Match) string {
	in := " in column " + diag.Quote(col)
	if m.Equality() && !m.Tests[0].IsNum {
		return diag.Quote(m.Text) + in
	}
	// A number or a comparison (">= 1e9") as written, cut and escaped but
	// not quoted, which would make it read as text.
	text := diag.Quote(m.Text)
	text = text[1 : len(text)-1]
	if m.Equality() {
		return text + in
	}
	return "a value " + text + in
}

// present describes the values a column has (its cells), for a message
// about a value it lacks: the distinct values, or for numbers compared by
// size their range; with the one the author probably meant.
func present(cells iter.Seq[string], m chartspec.Match) string {
	var vals []string
	seen := map[string]bool{}
	lo, hi, nums := 0.0, 0.0, 0
	for c := range cells {
		c = strings.TrimSpace(c)
		if v, missing, ok := table.Number(c); ok && !missing {
			if nums == 0 || v < lo {
				lo = v
			}
			if nums == 0 || v > hi {
				hi = v
			}
			nums++
		}
		if !seen[c] {
			seen[c] = true
			vals = append(vals, c)
		}
	}
	if len(vals) == 0 {
		return "it has no rows"
	}
	if !m.Equality() && nums > 0 {
		return "its numbers run from " + shortNumber(lo) + " to " + shortNumber(hi)
	}
	const show = 12
	list := make([]string, 0, min(len(vals), show))
	for i, v := range vals {
		if i == show {
			break
		}
		list = append(list, diag.Quote(v))
	}
	s := "its values: " + strings.Join(list, ", ")
	if len(vals) > show {
		s += ", … (" + strconv.Itoa(len(vals)) + " in all)"
	}
	if m.Equality() {
		if near := nearest(m.Text, vals); near != "" {
			s += " — did you mean " + diag.Quote(near) + "?"
		}
	}
	return s
}

// nearest is the value the author probably meant: the same but for case and
// spaces, or a close spelling.
func nearest(want string, vals []string) string {
	fold := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }
	for _, v := range vals {
		if fold(v) == fold(want) {
			return v
		}
	}
	if s := diag.Suggest(want, vals); s != want {
		return s
	}
	return ""
}
