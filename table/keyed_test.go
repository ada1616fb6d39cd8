package table

import (
	"strings"
	"testing"
)

// TestKeyedRows reads JSON Lines whose rows keep the first row's layout
// (no positions kept) or break it (a key more or less, another order,
// spaces, an escape, a key beyond ASCII, a key first seen late), and
// checks every row's cells and positions.
func TestKeyedRows(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Row
		odd  int // rows whose positions are kept
	}{
		{name: "one layout", src: `{"run":"r0","step":1,"loss":2.5}` + "\n" + `{"run":"r10","step":200,"loss":null}` + "\n",
			want: []Row{
				{Line: 1, Cells: []string{"r0", "1", "2.5"}, Cols: []int{8, 20, 29}},
				{Line: 2, Cells: []string{"r10", "200", ""}, Cols: []int{8, 21, 32}},
			}},
		{name: "spaces, another order, a key less", src: "{\"a\": 1, \"b\": 2}\n{\"a\":1,\"b\":2}\n{\"b\": 2, \"a\": 1}\n{\"a\": 3}\n{\"a\": 44, \"b\": 5}\n",
			odd: 3,
			want: []Row{
				{Line: 1, Cells: []string{"1", "2"}, Cols: []int{7, 15}},
				{Line: 2, Cells: []string{"1", "2"}, Cols: []int{6, 12}},
				{Line: 3, Cells: []string{"1", "2"}, Cols: []int{15, 7}},
				{Line: 4, Cells: []string{"3", ""}, Cols: []int{7, 0}},
				{Line: 5, Cells: []string{"44", "5"}, Cols: []int{7, 16}},
			}},
		{name: "a key first seen late", src: "{\"a\":1}\n{\"a\":2,\"v\":9}\n{\"a\":3}\n{\"a\":4,\"v\":8}\n",
			odd: 2,
			want: []Row{
				{Line: 1, Cells: []string{"1", ""}, Cols: []int{6, 0}},
				{Line: 2, Cells: []string{"2", "9"}, Cols: []int{6, 12}},
				{Line: 3, Cells: []string{"3", ""}, Cols: []int{6, 0}},
				{Line: 4, Cells: []string{"4", "8"}, Cols: []int{6, 12}},
			}},
		{name: "an escape, a key beyond ASCII, blank lines", src: "{\"s\":\"x\",\"n\":1}\n\n{\"s\":\"\\u0041\",\"n\":2}\n{\"s\":\"é\",\"n\":3}\n{\"é\":1,\"s\":\"y\",\"n\":4}\n",
			odd: 3,
			want: []Row{
				{Line: 1, Cells: []string{"x", "1", ""}, Cols: []int{6, 14, 0}},
				{Line: 3, Cells: []string{"A", "2", ""}, Cols: []int{6, 19, 0}},
				{Line: 4, Cells: []string{"é", "3", ""}, Cols: []int{6, 14, 0}},
				{Line: 5, Cells: []string{"y", "4", "1"}, Cols: []int{12, 20, 6}},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := ReadJSONL("f.jsonl", strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != len(tc.want) {
				t.Fatalf("%d rows, want %d", tab.Len(), len(tc.want))
			}
			for r, want := range tc.want {
				checkRow(t, tab, r, want)
			}
			if got := len(tab.store.odd.rows); got != tc.odd {
				t.Errorf("positions kept for %d rows, want %d", got, tc.odd)
			}
			sub := tab.Subset([]int{len(tc.want) - 1, 0})
			checkRow(t, sub, 0, tc.want[len(tc.want)-1])
			checkRow(t, sub, 1, tc.want[0])
		})
	}
}

// TestIsASCII puts a byte beyond ASCII at each place of lines around the
// eight bytes isASCII reads at a time.
func TestIsASCII(t *testing.T) {
	for n := range 20 {
		line := []byte(strings.Repeat("a", n))
		if !isASCII(line) {
			t.Errorf("%q: not ASCII", line)
		}
		for i := range line {
			high := []byte(string(line))
			high[i] = 0x80
			if isASCII(high) {
				t.Errorf("%q: ASCII", high)
			}
		}
	}
}
