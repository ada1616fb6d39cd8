package table

// Subset returns a table of the rows at the given indices of t, in that
// order: the same name and header, and rows that keep their cells, lines and
// columns, so that a message about a row of the subset names its place in
// the file. The rows share t's cells, which no one changes after parsing.
func (t *Table) Subset(rows []int) *Table {
	s := &Table{Name: t.Name, Columns: t.Columns, rows: t.rows, header: t.header, Rows: make([]Row, len(rows))}
	for i, r := range rows {
		s.Rows[i] = t.Rows[r]
	}
	return s
}
