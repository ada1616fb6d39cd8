package site

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/table"
)

// longLog is a CSV log of rows rows (step, loss, acc), with the cells
// bad[row] in place of the loss.
func longLog(rows int, bad map[int]string) string {
	var b strings.Builder
	b.WriteString("step,loss,acc\n")
	for r := range rows {
		loss := fmt.Sprint(1 + float64(r%977)/1000)
		if c, ok := bad[r]; ok {
			loss = c
		}
		fmt.Fprintf(&b, "%d,%s,0.%d\n", r+1, loss, r%10)
	}
	return b.String()
}

// TestNumbersAhead: every cell read ahead, a table long enough or not, is
// the number table.Number reads it as, row after row, and the reading
// stops when closed before the last row.
func TestNumbersAhead(t *testing.T) {
	bad := map[int]string{3: "NA", 4100: "", 9000: "abc", 70000: "-1", numbersAheadRows: "1e400"}
	for _, tt := range []struct {
		rows, read int
	}{
		{100, 100},
		{numbersAheadRows + 5000, numbersAheadRows + 5000},
		{numbersAheadRows + 5000, 3 * numberBlockRows / 2}, // closed early
		{numbersAheadRows + 5000, 0},
		{numbersAheadRows + numberBlockRows, numbersAheadRows + numberBlockRows}, // ends on a block's edge
	} {
		src := longLog(tt.rows, bad)
		tb, err := table.Read("log.csv", strings.NewReader(src), int64(len(src)))
		if err != nil {
			t.Fatal(err)
		}
		cols := []int{0, 2, 1, -1}
		a := newNumbersAhead(tb, cols)
		for r := range tt.read {
			for k, col := range cols {
				var want cellNumber
				want.v, want.missing, want.ok = table.Number(tb.Cell(r, col))
				got := a.at(tb, r, k)
				if got.ok != want.ok || got.missing != want.missing || got.v != want.v && !(math.IsNaN(got.v) && math.IsNaN(want.v)) {
					t.Fatalf("%d rows: row %d column %d read ahead as %+v, want %+v", tt.rows, r, col, got, want)
				}
			}
		}
		a.Close()
	}
}

// TestNumbersAheadErrors: a long panel, whose numbers are read ahead,
// reports its bad cells as a short one does, in every block of rows.
func TestNumbersAheadErrors(t *testing.T) {
	rows := numbersAheadRows + 3*numberBlockRows
	for _, tt := range []struct {
		name string
		bad  map[int]string
		spec string
		want []string
	}{
		{
			name: "not numbers",
			bad:  map[int]string{5: "abc", numbersAheadRows + 7: "1..2"},
			spec: "data: log.csv\nx: step\ny: loss\n",
			want: []string{
				`content/p/log.csv:7:3: "abc" in column "loss" is not a number`,
				fmt.Sprintf(`content/p/log.csv:%d:7: "1..2" in column "loss" is not a number`, numbersAheadRows+9),
			},
		},
		{
			name: "below 0 on a log axis",
			bad:  map[int]string{2: "0", numberBlockRows: "-3", numbersAheadRows + 1: "-1"},
			spec: "data: log.csv\nx: step\ny: {field: loss, scale: log}\n",
			want: []string{
				fmt.Sprintf(`content/p/log.csv:4:3: 3 values in column "loss" are 0 or below (lines 4, %d, %d)`, numberBlockRows+2, numbersAheadRows+3),
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{"content/p/log.csv": longLog(rows, tt.bad), "content/p/index.md": chartMD(tt.spec)})
			slices.Sort(got)
			slices.Sort(tt.want)
			if len(got) != len(tt.want) {
				t.Fatalf("%d errors, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], tt.want[i])
				}
			}
		})
	}
}
