package diag

import "testing"

func TestPosString(t *testing.T) {
	for _, tc := range []struct {
		pos  Pos
		want string
	}{
		{Pos{File: "a.csv"}, "a.csv"},
		{Pos{File: "a.csv", Line: 12}, "a.csv:12"},
		{Pos{File: "a.csv", Line: 12, Col: 3}, "a.csv:12:3"},
		{Pos{File: "runs.parquet", Line: 12345, Row: true}, "row 12,345 of runs.parquet"},
		{Pos{File: "runs.parquet", Line: 12345, Col: 3, Row: true}, "row 12,345 of runs.parquet, column 3"},
		{Pos{File: "runs.parquet", Line: 12345, Col: 3, Row: true, Column: "train_loss"}, `row 12,345 of runs.parquet, column "train_loss"`},
		{Pos{File: "runs.parquet", Col: 2, Row: true, Column: "val/loss"}, `runs.parquet, column "val/loss"`},
		{Pos{File: "tb", Line: 7, Row: true, Column: "a\nb"}, `row 7 of tb, column "a\nb"`},
	} {
		if got := tc.pos.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.pos, got, tc.want)
		}
	}
}

func TestLinesText(t *testing.T) {
	for _, tc := range []struct {
		lines []int
		row   bool
		want  string
	}{
		{[]int{4}, false, "line 4"},
		{[]int{4, 9}, false, "lines 4, 9"},
		{[]int{12345}, true, "row 12,345"},
		{[]int{1, 4001}, true, "rows 1, 4001"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, true, "rows 1, 2, 3, 4, 5, 6, 7, 8 and 2 more"},
	} {
		if got := LinesText(tc.lines, tc.row); got != tc.want {
			t.Errorf("LinesText(%v, %v) = %q, want %q", tc.lines, tc.row, got, tc.want)
		}
	}
	if got := (Pos{Line: 1200, Row: true}).LineText(); got != "row 1,200" {
		t.Errorf("LineText of row 1200 = %q", got)
	}
	if got := (Pos{Line: 1200}).LineText(); got != "line 1200" {
		t.Errorf("LineText of line 1200 = %q", got)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 12345: "12,345", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
