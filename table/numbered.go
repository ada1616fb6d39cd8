package table

// A table without lines (a Parquet file, a folder of event files) places
// a cell by its row and its column's number, which Table.Pos works out
// from the cell's index, not by where its text stands. So its readers add
// each row with the columns the store would work out for a row of text
// (textCols): the store then takes the row for plain (rows.go) and keeps
// no positions of its own for it, where it would keep 36 bytes for each of
// ten million rows (odd.go) that no message reads.

// textCols sets cols to the columns of cells as they would stand in a line
// of text, each a separator past the one before, from column 1; it
// returns cols, grown to the cells' count.
func textCols(cols []int, cells []string) []int {
	cols = cols[:0]
	at := 1
	for _, c := range cells {
		cols = append(cols, at)
		at += len(c) + 1
	}
	return cols
}
