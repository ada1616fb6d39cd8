package table

// add appends row to t. Every reader adds its rows through it, so that how a
// table holds its rows (a long training log has millions) is decided in one
// place. The caller hands over row's slices and does not change them after.
func (t *Table) add(row Row) {
	t.Rows = append(t.Rows, row)
}
