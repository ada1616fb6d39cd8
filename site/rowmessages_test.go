package site

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// evalRow is a row of an evaluation log written as Parquet.
type evalRow struct {
	Step int64   `parquet:"step"`
	Acc  float64 `parquet:"acc"`
	Lo   float64 `parquet:"lo"`
	Hi   float64 `parquet:"hi"`
}

// TestRowMessagesParquet: each kind of message about rows names the rows
// of a Parquet file as rows ("row 2 of e.parquet", "rows 1, 3"), not as
// lines the file does not have.
func TestRowMessagesParquet(t *testing.T) {
	// lineNumber matches a line number of the Parquet file in a message:
	// "e.parquet:2", "on line 2", "lines 1, 2".
	lineNumber := regexp.MustCompile(`e\.parquet:\d|\blines? \d`)
	pq := parquetOf(t, []evalRow{{3000, 41.2, 40, 43}, {1000, 47.9, 49, 46}, {2000, 51.3, 50, 53}})
	tests := []struct {
		name string
		spec string
		want string // a text the message holds
	}{
		{"unsorted rows", "data: e.parquet\nx: step\ny: acc\n",
			`row 3 of content/p/e.parquet: the line's rows are not in order of x "step" (row 3 has x 2000 after 1000 on row 2)`},
		{"percent under fraction", "data: e.parquet\nx: step\ny: {field: acc, format: fraction}\nconnect: rows\n",
			`(41.2 in row 1, 47.9 in row 2 and 51.3 in row 3)`},
		{"outside the axis range", "data: e.parquet\nx: {field: step, min: 1500}\ny: acc\nconnect: rows\n",
			`row 2 of content/p/e.parquet: 1 row lies outside the x axis range`},
		{"interval outside", "data: e.parquet\nx: step\ny: {field: acc, low: lo, high: hi}\nconnect: rows\ntype: scatter\n",
			`on row 2 (49 in column "lo", 46 in column "hi")`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, map[string]string{"content/p/index.md": chartMD(tc.spec), "content/p/e.parquet": pq})
			s, err := Load(root, Options{})
			var got []string
			if err != nil {
				got = append(got, err.Error())
			} else {
				for _, w := range s.Warnings {
					got = append(got, w.Error())
				}
			}
			if !slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, tc.want) }) {
				t.Errorf("no message holds %q; got:\n%s", tc.want, strings.Join(got, "\n"))
			}
			for _, m := range got {
				if lineNumber.MatchString(m) {
					t.Errorf("a message names a line of the Parquet file: %s", m)
				}
			}
		})
	}
}
