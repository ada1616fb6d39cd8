package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestRowStore reads back, cell by cell and position by position, tables
// whose rows take each of the store's paths: plain rows over several
// chunks, a row too long for 16-bit cell ends, rows whose positions are
// kept (quoted cells, non-ASCII text, cells on lines of their own), and a
// table widened after rows were added.
func TestRowStore(t *testing.T) {
	var many strings.Builder
	many.WriteString("run,step,loss\n")
	for i := range 100_000 {
		fmt.Fprintf(&many, "r%d,%d,%d.5\n", i%7, i, i%1000)
	}
	long := strings.Repeat("x", 70_000)
	mid := strings.Repeat("y", 300)
	tests := []struct {
		name string
		src  string
		at   string // "" for a file of its own
		want []Row  // checked rows, by index in want: row i of the table
		rows []int  // the indices of want's rows; nil means 0, 1, ...
	}{
		{name: "plain rows over many chunks", src: many.String(),
			rows: []int{0, 1, 50_000, 99_999},
			want: []Row{
				{Line: 2, Cells: []string{"r0", "0", "0.5"}, Cols: []int{1, 4, 6}},
				{Line: 3, Cells: []string{"r1", "1", "1.5"}, Cols: []int{1, 4, 6}},
				{Line: 50_002, Cells: []string{"r6", "50000", "0.5"}, Cols: []int{1, 4, 10}},
				{Line: 100_001, Cells: []string{"r4", "99999", "999.5"}, Cols: []int{1, 4, 10}},
			}},
		{name: "a row longer than 65535 bytes", src: "a,b,c\n1," + long + ",3\n4,5,6\n",
			want: []Row{
				{Line: 2, Cells: []string{"1", long, "3"}, Cols: []int{1, 3, 70_004}},
				{Line: 3, Cells: []string{"4", "5", "6"}, Cols: []int{1, 3, 5}},
			}},
		{name: "kept positions", src: "a,b\n\"x, y\",2\n β,3\n\"two\nlines\", 4\n5,6\n",
			want: []Row{
				{Line: 2, Cells: []string{"x, y", "2"}, Cols: []int{1, 8}},
				{Line: 3, Cells: []string{"β", "3"}, Cols: []int{2, 4}},
				{Line: 4, Cells: []string{"two\nlines", "4"}, Cols: []int{1, 9}, Lines: []int{0, 5}},
				{Line: 6, Cells: []string{"5", "6"}, Cols: []int{1, 3}},
			}},
		{name: "a row of 300 bytes after short ones, then short ones", src: "a,b\n1,2\n3," + mid + "\n5,6\n",
			want: []Row{
				{Line: 2, Cells: []string{"1", "2"}, Cols: []int{1, 3}},
				{Line: 3, Cells: []string{"3", mid}, Cols: []int{1, 3}},
				{Line: 4, Cells: []string{"5", "6"}, Cols: []int{1, 3}},
			}},
		{name: "blank lines between rows", src: "a,b\n1,2\n\n\n3,4\n5,6\n\n7,8\n",
			want: []Row{
				{Line: 2, Cells: []string{"1", "2"}, Cols: []int{1, 3}},
				{Line: 5, Cells: []string{"3", "4"}, Cols: []int{1, 3}},
				{Line: 6, Cells: []string{"5", "6"}, Cols: []int{1, 3}},
				{Line: 8, Cells: []string{"7", "8"}, Cols: []int{1, 3}},
			}},
		{name: "inline, indented", src: "a,b\n1,2\n", at: "inline",
			want: []Row{{Line: 11, Cells: []string{"1", "2"}, Cols: []int{3, 5}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			at := file("f.csv")
			if tc.at != "" {
				at = page
			}
			tab, err := ParseCSV([]byte(tc.src), at, ',')
			if err != nil {
				t.Fatal(err)
			}
			rows := tc.rows
			if rows == nil {
				for i := range tc.want {
					rows = append(rows, i)
				}
			}
			reversed := slices.Clone(rows)
			slices.Reverse(reversed)
			sub := tab.Subset(reversed)
			for i, r := range rows {
				checkRow(t, tab, r, tc.want[i])
				checkRow(t, sub, len(rows)-1-i, tc.want[i])
			}
		})
	}
}

// checkRow compares row r of tab with want through every accessor.
func checkRow(t *testing.T, tab *Table, r int, want Row) {
	t.Helper()
	got := tab.Row(r)
	if got.Line != want.Line || !slices.Equal(got.Cells, want.Cells) || !slices.Equal(got.Cols, want.Cols) ||
		!slices.Equal(got.Lines, want.Lines) {
		t.Errorf("row %d = %+v, want %+v", r, got, want)
	}
	if tab.Line(r) != want.Line {
		t.Errorf("Line(%d) = %d, want %d", r, tab.Line(r), want.Line)
	}
	for c, cell := range want.Cells {
		if tab.Cell(r, c) != cell {
			t.Errorf("Cell(%d, %d) = %q, want %q", r, c, tab.Cell(r, c), cell)
		}
		line := want.Line
		if c < len(want.Lines) && want.Lines[c] != 0 {
			line = want.Lines[c]
		}
		if p := tab.Pos(r, c); p.Line != line || p.Col != want.Cols[c] {
			t.Errorf("Pos(%d, %d) = %d:%d, want %d:%d", r, c, p.Line, p.Col, line, want.Cols[c])
		}
	}
}

// TestRowStoreWidens adds plain rows, then a wider one, as a JSON Lines
// reader does when a key first appears late: the earlier rows keep their
// cells and columns, and read "" with no column in the new one.
func TestRowStoreWidens(t *testing.T) {
	tab := &Table{Name: "f.jsonl", Columns: []string{"a", "b"}}
	tab.add(Row{Line: 1, Cells: []string{"1", "22"}, Cols: []int{1, 3}})
	tab.add(Row{Line: 2, Cells: []string{"3", "4"}, Cols: []int{5, 9}, Lines: []int{0, 3}})
	tab.Columns = append(tab.Columns, "c")
	tab.add(Row{Line: 4, Cells: []string{"5", "6", "7"}, Cols: []int{1, 3, 5}})
	checkRow(t, tab, 0, Row{Line: 1, Cells: []string{"1", "22", ""}, Cols: []int{1, 3, 0}})
	checkRow(t, tab, 1, Row{Line: 2, Cells: []string{"3", "4", ""}, Cols: []int{5, 9, 0}, Lines: []int{0, 3, 0}})
	checkRow(t, tab, 2, Row{Line: 4, Cells: []string{"5", "6", "7"}, Cols: []int{1, 3, 5}})
	if tab.Len() != 3 || tab.Cell(0, 5) != "" || tab.Cell(0, -1) != "" {
		t.Errorf("Len %d, cells past the width %q %q", tab.Len(), tab.Cell(0, 5), tab.Cell(0, -1))
	}
}

// TestPlainRowsKeepNoPositions holds the store to its promise for the
// usual file, empty cells included: no row's positions are kept.
func TestPlainRowsKeepNoPositions(t *testing.T) {
	tab, err := ParseCSV([]byte("a,b,c,d\n1,,2,3\n1,2,,\n"), file("f.csv"), ',')
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.store.odd.rows) != 0 {
		t.Errorf("positions kept for %d plain rows", len(tab.store.odd.rows))
	}
	checkRow(t, tab, 0, Row{Line: 2, Cells: []string{"1", "", "2", "3"}, Cols: []int{1, 3, 4, 6}})
	checkRow(t, tab, 1, Row{Line: 3, Cells: []string{"1", "2", "", ""}, Cols: []int{1, 3, 5, 6}})
}

// TestLineRuns reads back the lines of rows added as each reader adds
// them: one after another, with blank lines, a fixed number apart (a JSON
// array an object to five lines), going back (a subset), and far apart.
func TestLineRuns(t *testing.T) {
	tests := []struct {
		name  string
		lines []int
		runs  int // the runs they should take
	}{
		{"one a line", []int{2, 3, 4, 5, 6}, 1},
		{"blank lines", []int{2, 3, 6, 7, 8, 10}, 3},
		{"five lines an object", []int{3, 8, 13, 18, 23}, 1},
		{"backwards", []int{9, 7, 5, 6, 1}, 4},
		{"the same line", []int{4, 4, 4, 5}, 2},
		{"far apart", []int{1, 4_000_000_000, 4_294_967_295, 0}, 3},
		{"one row", []int{7}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var l lineRuns
			for _, line := range tc.lines {
				l.add(line)
			}
			for r, want := range tc.lines {
				if got := l.line(r); got != want {
					t.Errorf("line(%d) = %d, want %d", r, got, want)
				}
			}
			if len(l.runs) != tc.runs {
				t.Errorf("%d runs, want %d: %+v", len(l.runs), tc.runs, l.runs)
			}
		})
	}
}

// TestLogRowIndex holds the store to what a long log costs beside its
// text: one run of lines, a byte for each cell's end, four bytes for
// where each row starts, and no room kept for rows that did not come.
func TestLogRowIndex(t *testing.T) {
	var b strings.Builder
	b.WriteString("run,step,train_loss,val_loss,lr,wall_time\n")
	for i := range 5000 {
		lr := "1.5e-07"
		if i >= 2000 { // later rows longer than the first the store sizes itself by
			lr = "0.000123456789"
		}
		fmt.Fprintf(&b, "r%d,%d,%d.25,,%s,%d\n", i/1000, i%1000+1, i%9, lr, i*7)
	}
	tab, err := ParseCSV([]byte(b.String()), file("runs.csv"), ',')
	if err != nil {
		t.Fatal(err)
	}
	s := &tab.store
	if len(s.lines.runs) != 1 || s.ends.wide != nil || len(s.ends.narrow) != 5000*6 {
		t.Errorf("%d runs of lines, wide ends %v, %d narrow ends; want 1, false, %d", len(s.lines.runs), s.ends.wide != nil, len(s.ends.narrow), 5000*6)
	}
	if n := s.rows.len(); s.rows.mode != refsNear || cap(s.rows.near) > n+n/8 || cap(s.rows.first) > (n+n/8)/blockRows+1 || cap(s.ends.narrow) > 6*n+6*n/8 { // the allocator rounds up
		t.Errorf("room for %d rows (mode %d, %d blocks) and %d ends kept after reading %d rows", cap(s.rows.near), s.rows.mode, cap(s.rows.first), cap(s.ends.narrow), n)
	}
	checkRow(t, tab, 4999, Row{Line: 5001, Cells: []string{"r4", "1000", "4.25", "", "0.000123456789", "34993"}, Cols: []int{1, 4, 9, 14, 15, 30}})
}

// TestRowRefsNear reads back refs kept near their block's first, and
// turns them packed at the first that is not: earlier, four chunks on, or
// further than nearMax.
func TestRowRefsNear(t *testing.T) {
	near := func() []rowRef {
		var refs []rowRef
		chunk, off := uint32(0), uint32(1<<20-600)
		for r := range 4*blockRows + 5 { // the last block's first is row 64, at chunk 12, offset 400
			ref := rowRef{chunk: chunk, off: off}
			if r%7 == 3 {
				ref.chunk |= longRow
			}
			refs = append(refs, ref)
			off += 100
			if r%5 == 4 { // a new chunk every five rows: three in a block
				chunk, off = chunk+1, 0
			}
		}
		return refs
	}
	for _, tc := range []struct {
		name string
		last rowRef // added after near()'s refs
		mode refMode
	}{
		{"next row", rowRef{chunk: 13, off: 400}, refsNear},
		{"long, at the end of the block's reach", rowRef{chunk: 15 | longRow, off: nearMax}, refsNear},
		{"at the end of the first's chunk's reach", rowRef{chunk: 12, off: 400 + nearMax}, refsNear},
		{"past the first's chunk's reach", rowRef{chunk: 12, off: 401 + nearMax}, refsPacked},
		{"past the reach", rowRef{chunk: 15, off: nearMax + 1}, refsPacked},
		{"four chunks on", rowRef{chunk: 16, off: 0}, refsPacked},
		{"an earlier row", rowRef{chunk: 12, off: 0}, refsPacked},
		{"past what packs", rowRef{chunk: maxPackedChunk, off: 0}, refsWide},
	} {
		t.Run(tc.name, func(t *testing.T) {
			refs := append(near(), tc.last)
			var s rowRefs
			s.reserve(10)
			for i, ref := range refs {
				s.add(ref)
				if i < len(refs)-1 && s.mode != refsNear {
					t.Fatalf("ref %d (%+v) turned the refs to mode %d", i, ref, s.mode)
				}
			}
			if s.mode != tc.mode {
				t.Errorf("mode %d, want %d", s.mode, tc.mode)
			}
			s.trim()
			if s.len() != len(refs) {
				t.Errorf("len %d, want %d", s.len(), len(refs))
			}
			for j, want := range refs {
				if got := s.at(j); got != want {
					t.Errorf("at(%d) = %+v, want %+v", j, got, want)
				}
			}
		})
	}
}

// TestRowRefs reads back refs as packed, and after one that does not pack
// (a chunk past the 2,048th, an offset past a megabyte) turned them wide.
func TestRowRefs(t *testing.T) {
	refs := []rowRef{
		{chunk: 0, off: 0}, {chunk: 3, off: 1<<20 - 1}, {chunk: 2047 | longRow, off: 17}, {chunk: 5, off: 9},
		{chunk: 2048, off: 1}, {chunk: 7 | longRow, off: 1 << 20}, {chunk: 1, off: 2},
	}
	var s rowRefs
	s.reserve(2)
	for i, ref := range refs {
		s.add(ref)
		if wide := s.wide != nil; wide != (i >= 4) {
			t.Errorf("after ref %d (%+v): wide %v", i, ref, wide)
		}
		for j := range i + 1 {
			if got := s.at(j); got != refs[j] {
				t.Errorf("after ref %d: at(%d) = %+v, want %+v", i, j, got, refs[j])
			}
		}
	}
	if s.len() != len(refs) {
		t.Errorf("len %d, want %d", s.len(), len(refs))
	}
}
