package site

import (
	"strings"
	"testing"
)

// TestLinearRangeErrors (issue 32): a linear axis whose values span more
// than a float64 can subtract (-1.7e308 to 1.7e308) or, not 0, less than
// ECharts can divide by (1e-320 to 3e-320) is an error naming the rows and the
// fix; values merely extreme (1e300 to 3e300, 1e-300 to 3e-300, 1.7e308
// alone, subnormals on a log axis or beside larger values) load.
func TestLinearRangeErrors(t *testing.T) {
	tests := []struct {
		name string
		csv  string
		spec string
		want string // the error's start; "" when the chart loads
	}{
		{
			name: "range overflows",
			csv:  "x,y\n1,-1.7e308\n2,1.7e308\n",
			spec: "data: runs.csv\nx: x\ny: y\n",
			want: `content/p/runs.csv:3: the y values of column "y" run from -1.7e308 (line 2) to 1.7e308 (line 3), a range of more than 1.8e308: a linear axis draws a range of at most 1.6e308 (the largest number is about 1.8e308, and the axis adds a margin); write the column in units of 1e308 (1.7e308 becomes 1.7) and say so in the axis title, e.g. "y (×10³⁰⁸)", or use scale: log`,
		},
		{
			name: "range of subnormals",
			csv:  "x,y\n1,1e-320\n2,2e-320\n3,3e-320\n",
			spec: "data: runs.csv\nx: x\ny: y\n",
			want: `content/p/runs.csv:4: the y values of column "y" run from 1e-320 (line 2) to 3e-320 (line 4), a range of 2e-320: a linear axis needs a range of at least 1e-300 (the chart divides its length by the range, which below that is past the largest number); write the column in units of 1e-320 (3e-320 becomes 3) and say so in the axis title, e.g. "y (×10⁻³²⁰)", or use scale: log`,
		},
		{
			name: "x range overflows",
			csv:  "x,y\n-1e308,1\n1e308,2\n",
			spec: "data: runs.csv\nx: x\ny: y\n",
			want: `content/p/runs.csv:3: the x values of column "x" run from -1e308 (line 2) to 1e308 (line 3)`,
		},
		{name: "huge but drawable", csv: "x,y\n1,1e300\n2,3e300\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "near the largest, one value", csv: "x,y\n1,1.7e308\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "near the largest, a span of 1e308", csv: "x,y\n1,7e307\n2,1.7e308\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "near the largest, a span of 1.6e308", csv: "x,y\n1,1e307\n2,1.7e308\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "a span past 1.6e308", csv: "x,y\n1,-1e307\n2,1.6e308\n", spec: "data: runs.csv\nx: x\ny: y\n",
			want: `content/p/runs.csv:3: the y values of column "y" run from -1e307 (line 2) to 1.6e308 (line 3), a range of 1.7e308:`},
		{name: "tiny but drawable", csv: "x,y\n1,1e-300\n2,3e-300\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "normal but past what ECharts divides by", csv: "x,y\n1,1e-307\n2,4e-307\n", spec: "data: runs.csv\nx: x\ny: y\n",
			want: `content/p/runs.csv:3: the y values of column "y" run from 1e-307 (line 2) to 4e-307 (line 3), a range of 3e-307: a linear axis needs a range of at least 1e-300`},
		{name: "subnormal beside zero's neighbours", csv: "x,y\n1,1e-320\n2,1\n", spec: "data: runs.csv\nx: x\ny: y\n"},
		{name: "subnormals on a log axis", csv: "x,y\n1,1e-320\n2,3e-320\n", spec: "data: runs.csv\nx: x\ny: {field: y, scale: log}\n"},
		{name: "one subnormal", csv: "x,y\n1,1e-320\n", spec: "data: runs.csv\nx: x\ny: y\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/p/runs.csv": tc.csv, "content/p/index.md": chartMD(tc.spec)}
			if tc.want == "" {
				load(t, files, Options{})
				return
			}
			got := loadErr(t, files)
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Errorf("errors:\n%s\nwant one starting\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}
