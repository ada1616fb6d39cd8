package site

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// gapView is seriesView with gaps shown as "|x" and each point's row.
func gapView(p Panel) []string {
	var out []string
	for _, s := range p.Series {
		var b strings.Builder
		b.WriteString(s.Name + ":")
		for _, pt := range s.Points {
			if pt.Gap() {
				fmt.Fprintf(&b, " |%g@%d", pt.X, pt.Row)
				continue
			}
			fmt.Fprintf(&b, " %g,%g@%d", pt.X, pt.Y, pt.Row)
		}
		out = append(out, b.String())
	}
	return out
}

func TestGaps(t *testing.T) {
	// Inline rows start on line 9 of the page (chartMD: 4 lines of front
	// matter and intro, a blank line, the fence, "data: |", the header).
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{
			name: "a row without y breaks the line",
			spec: "data: |\n  x,y\n  1,10\n  2,NA\n  3,30\n  4,40\nx: x\ny: y\n",
			want: []string{": 1,10@9 |2@10 3,30@11 4,40@12"},
		},
		{
			name: "gaps in a row become one; a blank y is missing too",
			spec: "data: |\n  x,y\n  1,10\n  2,\n  3,NA\n  4,40\nx: x\ny: y\n",
			want: []string{": 1,10@9 |2@10 4,40@12"},
		},
		{
			name: "gaps before the first point and after the last are dropped",
			spec: "data: |\n  x,y\n  1,NA\n  2,20\n  3,30\n  4,NA\nx: x\ny: y\n",
			want: []string{": 2,20@10 3,30@11"},
		},
		{
			name: "each series has its own gaps",
			spec: "data: |\n  m,x,y\n  a,1,1\n  b,1,5\n  a,2,NA\n  b,2,6\n  a,3,3\n  b,3,NA\nx: x\ny: y\nseries: m\n",
			want: []string{"a: 1,1@9 |2@11 3,3@13", "b: 1,5@10 2,6@12"},
		},
		{
			name: "a series with no y at all is no series",
			spec: "data: |\n  m,x,y\n  a,1,NA\n  b,1,5\n  a,2,NA\n  b,2,6\nx: x\ny: y\nseries: m\n",
			want: []string{"b: 1,5@10 2,6@12"},
		},
		{
			name: "a row without x, or without a series name, is left out without a gap",
			spec: "data: |\n  m,x,y\n  a,1,1\n  a,NA,2\n  ,3,NA\n  a,4,4\nx: x\ny: y\nseries: m\n",
			want: []string{"a: 1,1@9 4,4@12"},
		},
		{
			name: "a scatter chart has no gaps",
			spec: "type: scatter\ndata: |\n  x,y\n  1,10\n  2,NA\n  3,30\nx: x\ny: y\n",
			want: []string{": 1,10@10 3,30@12"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p.md": chartMD(tc.spec)}, Options{})
			c := body(t, s, "content/p.md").Charts[0]
			if got := gapView(c.Panels[0]); !slices.Equal(got, tc.want) {
				t.Errorf("series:\n got %q\nwant %q", got, tc.want)
			}
			// The rows left out are still named, gaps or not.
			if strings.Contains(tc.spec, "NA") && (len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Msg, "left out of the chart")) {
				t.Errorf("warnings %v, want the one about rows left out", s.Warnings)
			}
		})
	}
}

func TestPointRows(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/runs.csv": "m,x,y\n\na,1,1\nb,2,2\n\"multi\nline\",3,3\na,4,4\n",
		"content/p/index.md": chartMD("data: runs.csv\nx: x\ny: y\nseries: m\n"),
	}, Options{})
	got := gapView(body(t, s, "content/p/index.md").Charts[0].Panels[0])
	want := []string{"a: 1,1@3 4,4@7", "b: 2,2@4", "multi\nline: 3,3@5"}
	if !slices.Equal(got, want) {
		t.Errorf("series:\n got %q\nwant %q", got, want)
	}
}

// loadErr loads a site that must not load and returns its problems.
func loadErr(t *testing.T, files map[string]string) []string {
	t.Helper()
	_, err := Load(sitetest.New(t, files), Options{})
	if err == nil {
		t.Fatalf("Load succeeded, want an error")
	}
	return strings.Split(err.Error(), "\n")
}

func TestLogAxisValuesPerColumn(t *testing.T) {
	// 12 rows: loss is ≤ 0 on 10 of them, flops on 2.
	var b strings.Builder
	b.WriteString("flops,loss\n")
	for i := range 12 {
		flops, loss := fmt.Sprint(i+1), fmt.Sprint(-i)
		if i == 3 || i == 7 {
			flops = "0"
		}
		if i == 2 || i == 5 {
			loss = "0.5"
		}
		fmt.Fprintf(&b, "%s,%s\n", flops, loss)
	}
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{
			name: "one error per column, at its first bad cell",
			spec: "data: runs.csv\nx: {field: flops, scale: log}\ny: {field: loss, scale: log}\n",
			want: []string{
				`content/p/runs.csv:2:3: 10 values in column "loss" are 0 or below (lines 2, 3, 5, 6, 8, 9, 10, 11 and 2 more) and cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:9:4): use a linear scale, or leave those rows out`,
				`content/p/runs.csv:5:1: 2 values in column "flops" are 0 or below (lines 5, 9) and cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:8:4): use a linear scale, or leave those rows out`,
			},
		},
		{
			name: "one per panel",
			spec: "data: runs.csv\nx: flops\ny: {field: loss, scale: log}\npanels:\n  - {title: A}\n  - {title: B, y: {field: loss, scale: log}}\n",
			want: []string{
				`content/p/runs.csv:2:3: 10 values in column "loss" are 0 or below (lines 2, 3, 5, 6, 8, 9, 10, 11 and 2 more) and cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:9:4)`,
				`content/p/runs.csv:2:3: 10 values in column "loss" are 0 or below (lines 2, 3, 5, 6, 8, 9, 10, 11 and 2 more) and cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:12:19)`,
			},
		},
		{
			name: "x and y on the same column count its rows once",
			spec: "data: runs.csv\nx: {field: flops, scale: log}\ny: {field: flops, scale: log}\n",
			want: []string{`content/p/runs.csv:5:1: 2 values in column "flops" are 0 or below (lines 5, 9)`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{"content/p/runs.csv": b.String(), "content/p/index.md": chartMD(tc.spec)})
			// Sorted by position: the order of the files' lines.
			slices.Sort(got)
			slices.Sort(tc.want)
			if len(got) != len(tc.want) {
				t.Fatalf("%d errors, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestOutsideAxisRange(t *testing.T) {
	const runs = "model,flops,loss\na,1,38.2\na,2,50\na,3,81\nb,4,90.5\nb,5,60\n"
	tests := []struct {
		name string
		spec string
		want []string
	}{
		{
			name: "rows above and below the y range",
			spec: "data: runs.csv\nx: flops\ny: {field: loss, min: 40, max: 80}\nseries: model\n",
			want: []string{`content/p/runs.csv:2: 3 rows lie outside the y axis range set at content/p/index.md:9:4 (min 40, max 80) and are not drawn: lines 2, 4, 5 (column "loss": 38.2, 81, 90.5); widen min/max or remove them`},
		},
		{
			name: "one row past an x max",
			spec: "data: runs.csv\nx: {field: flops, max: 4}\ny: loss\n",
			want: []string{`content/p/runs.csv:6: 1 row lies outside the x axis range set at content/p/index.md:8:4 (max 4) and is not drawn: line 6 (column "flops": 5); widen min/max or remove it`},
		},
		{
			name: "both axes, once each",
			spec: "data: runs.csv\nx: {field: flops, min: 2}\ny: {field: loss, max: 85}\n",
			want: []string{
				`content/p/runs.csv:2: 1 row lies outside the x axis range set at content/p/index.md:8:4 (min 2)`,
				`content/p/runs.csv:5: 1 row lies outside the y axis range set at content/p/index.md:9:4 (max 85)`,
			},
		},
		{
			name: "every row inside",
			spec: "data: runs.csv\nx: {field: flops, min: 0, max: 10}\ny: {field: loss, min: 0}\n",
		},
		{
			name: "no bounds written",
			spec: "data: runs.csv\nx: flops\ny: loss\n",
		},
		{
			name: "per panel",
			spec: "data: runs.csv\nx: flops\ny: loss\npanels:\n  - {title: A, y: {field: loss, max: 85}}\n  - {title: B}\n",
			want: []string{`content/p/runs.csv:5: 1 row lies outside the y axis range set at content/p/index.md:11:19 (max 85)`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p/runs.csv": runs, "content/p/index.md": chartMD(tc.spec)}, Options{})
			got := s.Warnings.Sort()
			if len(got) != len(tc.want) {
				t.Fatalf("%d warnings, want %d:\n%v", len(got), len(tc.want), got)
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i].Error(), w) {
					t.Errorf("warning %d:\n got %s\nwant %s", i, got[i], w)
				}
			}
		})
	}
}

func TestGapMethod(t *testing.T) {
	if !(Point{X: 1, Y: math.NaN()}).Gap() || (Point{X: 1, Y: 0}).Gap() {
		t.Error("Gap: NaN y is a gap, 0 is not")
	}
}

func TestShortNumber(t *testing.T) {
	for v, want := range map[float64]string{40: "40", 0.5: "0.5", -3: "-3", 1e9: "1e9", 3e11: "3e11", 2.5e-7: "2.5e-7", 1e21: "1e21", 123456: "123456"} {
		if got := shortNumber(v); got != want {
			t.Errorf("shortNumber(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestLineOrder checks that a line joins its points in x order (ties in row
// order, gaps at their own x) unless the spec says connect: rows, and that
// rows out of x order are named in one warning per panel.
func TestLineOrder(t *testing.T) {
	// Inline rows start on line 9 of the page.
	const fix = ": the chart at content/p.md:7:1 draws each line in x order; if the line is a path through the rows (a training trajectory), write connect: rows to keep their order"
	tests := []struct {
		name string
		spec string
		want []string
		warn string // the warning's text, "" for none
	}{
		{
			name: "rows in x order stay as they are",
			spec: "data: |\n  x,y\n  1,10\n  2,20\n  3,30\nx: x\ny: y\n",
			want: []string{": 1,10@9 2,20@10 3,30@11"},
		},
		{
			name: "ties keep row order and pass quietly",
			spec: "data: |\n  x,y\n  1,10\n  1,5\n  2,20\nx: x\ny: y\n",
			want: []string{": 1,10@9 1,5@10 2,20@11"},
		},
		{
			name: "descending rows make the same line, quietly",
			spec: "data: |\n  x,y\n  3,30\n  2,20\n  1,10\nx: x\ny: y\n",
			want: []string{": 1,10@11 2,20@10 3,30@9"},
		},
		{
			name: "an appended row is drawn at its x, not back at the end: no triangle",
			spec: "data: |\n  family,params,mmlu\n  Llama 3,8e9,66.6\n  Llama 3,70e9,79.5\n  Llama 3,405e9,85.2\n  Llama 3,8e9,66.7\nx: params\ny: mmlu\nseries: family\n",
			want: []string{"Llama 3: 8e+09,66.6@9 8e+09,66.7@12 7e+10,79.5@10 4.05e+11,85.2@11"},
			warn: `content/p.md:12: the rows of the line "Llama 3" (line 12 has x 8e9 after 4.05e11 on line 11) are not in order of x "params"` + fix,
		},
		{
			name: "a line without series",
			spec: "data: |\n  x,y\n  1,10\n  3,30\n  2,20\nx: x\ny: y\n",
			want: []string{": 1,10@9 2,20@11 3,30@10"},
			warn: `content/p.md:11: the line's rows are not in order of x "x" (line 11 has x 2 after 3 on line 10)` + fix,
		},
		{
			name: "in descending rows, the row named is the one that goes back up",
			spec: "data: |\n  x,y\n  5,50\n  4,40\n  2,20\n  3,30\n  1,10\nx: x\ny: y\n",
			want: []string{": 1,10@13 2,20@11 3,30@12 4,40@10 5,50@9"},
			warn: `content/p.md:12: the line's rows are not in order of x "x" (line 12 has x 3 after 2 on line 11)` + fix,
		},
		{
			name: "the warning names the panel and its x",
			spec: "data: |\n  x,t,y\n  1,3,10\n  2,1,20\n  3,2,30\ny: y\npanels:\n  - {x: x}\n  - {x: t}\n",
			want: []string{": 1,10@9 2,20@10 3,30@11"},
			warn: `content/p.md:11: the line's rows are not in order of x "t" (line 11 has x 2 after 1 on line 10): panel 2 of the chart at content/p.md:7:1 draws each line in x order; if the line is a path through the rows (a training trajectory), write connect: rows to keep their order`,
		},
		{
			name: "connect: x draws in x order without the warning",
			spec: "data: |\n  x,y\n  1,10\n  3,30\n  2,20\nx: x\ny: y\nconnect: x\n",
			want: []string{": 1,10@9 2,20@11 3,30@10"},
		},
		{
			name: "a gap moves with its x",
			spec: "data: |\n  x,y\n  1,10\n  3,NA\n  2,20\n  4,40\nx: x\ny: y\n",
			want: []string{": 1,10@9 2,20@11 |3@10 4,40@12"},
		},
		{
			name: "a gap before the first point in rows but inside the line in x",
			spec: "data: |\n  x,y\n  2,NA\n  1,10\n  3,30\nx: x\ny: y\n",
			want: []string{": 1,10@10 |2@9 3,30@11"},
		},
		{
			name: "a gap that lands before the first x, or beside another, is dropped",
			spec: "data: |\n  x,y\n  2,20\n  0,NA\n  3,NA\n  3.5,NA\n  4,40\nx: x\ny: y\n",
			want: []string{": 2,20@9 |3@11 4,40@13"},
		},
		{
			name: "connect: rows keeps the rows' order, without a warning",
			spec: "data: |\n  x,y\n  1,10\n  3,NA\n  3,30\n  2,20\nx: x\ny: y\nconnect: rows\n",
			want: []string{": 1,10@9 |3@10 3,30@11 2,20@12"},
		},
		{
			name: "a scatter chart keeps row order, without a warning",
			spec: "type: scatter\ndata: |\n  x,y\n  1,10\n  3,30\n  2,20\nx: x\ny: y\n",
			want: []string{": 1,10@10 3,30@11 2,20@12"},
		},
		{
			name: "series each in descending or ascending order pass quietly",
			spec: "data: |\n  m,x,y\n  a,2,1\n  a,1,1\n  b,2,1\n  b,1,1\n  c,2,1\n  c,1,1\n  d,2,1\n  d,1,1\n  e,1,1\n  e,2,1\nx: x\ny: y\nseries: m\n",
			want: []string{"a: 1,1@10 2,1@9", "b: 1,1@12 2,1@11", "c: 1,1@14 2,1@13", "d: 1,1@16 2,1@15", "e: 1,1@17 2,1@18"},
		},
		{
			name: "one warning names three series and counts the rest, when out of order",
			spec: "data: |\n  m,x,y\n  a,2,1\n  a,3,1\n  a,1,1\n  b,2,1\n  b,3,1\n  b,1,1\n  c,1,1\n  c,3,1\n  c,2,1\n  d,2,1\n  d,3,1\n  d,1,1\nx: x\ny: y\nseries: m\n",
			want: []string{"a: 1,1@11 2,1@9 3,1@10", "b: 1,1@14 2,1@12 3,1@13", "c: 1,1@15 2,1@17 3,1@16", "d: 1,1@20 2,1@18 3,1@19"},
			warn: `content/p.md:11: the rows of the lines "a" (line 11 has x 1 after 3 on line 10), "b" (line 14 has x 1 after 3 on line 13), "c" (line 17 has x 2 after 3 on line 16) and 1 more are not in order of x "x"` + fix,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p.md": chartMD(tc.spec)}, Options{})
			c := body(t, s, "content/p.md").Charts[0]
			if got := gapView(c.Panels[0]); !slices.Equal(got, tc.want) {
				t.Errorf("series:\n got %q\nwant %q", got, tc.want)
			}
			var got []string
			for _, w := range s.Warnings {
				if !strings.Contains(w.Msg, "left out of the chart") {
					got = append(got, w.Error())
				}
			}
			want := []string{}
			if tc.warn != "" {
				want = []string{tc.warn}
			}
			if len(got) != len(want) || (len(want) == 1 && got[0] != want[0]) {
				t.Errorf("warnings:\n got %q\nwant %q", got, want)
			}
		})
	}
}

// TestPercentOfFractions checks the warning about format: percent on an
// axis whose values are all fractions, given once for the format key that
// the panels share.
func TestPercentOfFractions(t *testing.T) {
	// The chart spec's first line is line 7 of the page.
	const tail = `: if the values are fractions, write format: fraction, which shows 0.45 as 45%`
	tests := []struct {
		name string
		spec string
		warn []string
	}{
		{
			name: "fractions under percent",
			spec: "data: |\n  x,y\n  1,0.25\n  2,0.6\nx: x\ny: {field: y, format: percent}\n",
			warn: []string{`content/p.md:12:23: format: percent shows a value in percent as it is (45 → 45%), but every y value of the chart lies between -1 and 1 (0.25 to 0.6), so the ticks would read 0.25% … 0.6%` + tail},
		},
		{
			name: "percentages under percent",
			spec: "data: |\n  x,y\n  1,25\n  2,60\nx: x\ny: {field: y, format: percent}\n",
		},
		{
			name: "one value above 1 is enough",
			spec: "data: |\n  x,y\n  1,0.25\n  2,1.5\nx: x\ny: {field: y, format: percent}\n",
		},
		{
			name: "all zero says nothing",
			spec: "data: |\n  x,y\n  1,0\n  2,0\nx: x\ny: {field: y, format: percent}\n",
		},
		{
			name: "fraction is what fractions want",
			spec: "data: |\n  x,y\n  1,0.25\n  2,0.6\nx: x\ny: {field: y, format: fraction}\n",
		},
		{
			name: "negative fractions on x",
			spec: "data: |\n  x,y\n  -0.5,3\n  0.5,4\nx: {field: x, format: percent}\ny: y\n",
			warn: []string{`content/p.md:11:23: format: percent shows a value in percent as it is (45 → 45%), but every x value of the chart lies between -1 and 1 (-0.5 to 0.5), so the ticks would read -0.5% … 0.5%` + tail},
		},
		{
			name: "panels sharing the chart's format count together",
			spec: "data: |\n  p,x,y\n  a,1,0.25\n  b,1,40\ny: {field: y, format: percent}\npanels:\n  - {x: x, where: {p: a}}\n  - {x: x, where: {p: b}}\n",
		},
		{
			name: "a panel's own format is judged on its own values",
			spec: "data: |\n  p,x,y\n  a,1,0.25\n  b,1,40\ny: {field: y, format: percent}\npanels:\n  - {x: x, where: {p: a}, y: {format: percent}}\n  - {x: x, where: {p: b}}\n",
			warn: []string{`content/p.md:13:39: format: percent shows a value in percent as it is (45 → 45%), but every y value of the chart lies between -1 and 1 (0.25), so the ticks would read 0.25%` + tail},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"content/p.md": chartMD(tc.spec)}, Options{})
			var got []string
			for _, w := range s.Warnings {
				got = append(got, w.Error())
			}
			if !slices.Equal(got, tc.warn) {
				t.Errorf("warnings:\n got %q\nwant %q", got, tc.warn)
			}
		})
	}
}

// shuffledSeries are the series of 1,000 points in no order.
var shuffledSeries = func() []int32 {
	of := make([]int32, 1000)
	for i := range of {
		of[i] = int32(i * 7919 % 13 % 7)
	}
	return of
}()

// groupRows is the rows (1-based) of each of n series, in order.
func groupRows(of []int32, n int) [][]int {
	rows := make([][]int, n)
	for i, k := range of {
		rows[k] = append(rows[k], i+1)
	}
	return rows
}

// TestDealPoints: each series gets its points in their order, and an
// append to one series never writes over the next one's points.
func TestDealPoints(t *testing.T) {
	pt := func(row int) Point { return Point{X: float64(row), Y: 1, Row: int32(row)} }
	tests := []struct {
		name   string
		series int
		of     []int32
		want   [][]int // rows per series
	}{
		{"one series", 1, nil, [][]int{{1, 2, 3}}},
		{"one series named", 1, []int32{0, 0, 0}, [][]int{{1, 2, 3}}},
		{"interleaved", 3, []int32{0, 1, 2, 0, 1, 2}, [][]int{{1, 4}, {2, 5}, {3, 6}}},
		{"in runs", 2, []int32{0, 0, 1, 1, 1}, [][]int{{1, 2}, {3, 4, 5}}},
		{"uneven", 3, []int32{2, 0, 2, 2, 1}, [][]int{{2}, {5}, {1, 3, 4}}},
		{"cycles", 4, []int32{3, 3, 1, 0, 2, 0, 1, 3, 2, 0}, [][]int{{4, 6, 10}, {3, 7}, {5, 9}, {1, 2, 8}}},
		{"shuffled", 7, shuffledSeries, groupRows(shuffledSeries, 7)},
	}
	for _, tt := range tests {
		rows := len(tt.of)
		if tt.of == nil {
			rows = 3
		}
		points := make([]Point, rows)
		for i := range points {
			points[i] = pt(i + 1)
		}
		series := make([]Series, tt.series)
		dealPoints(series, points, slices.Clone(tt.of))
		for k, want := range tt.want {
			var got []int
			for _, p := range series[k].Points {
				got = append(got, int(p.Row))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: series %d has rows %v, want %v", tt.name, k, got, want)
			}
		}
		for k := range series {
			series[k].Points = append(series[k].Points, pt(99))
		}
		for k, want := range tt.want {
			var got []int
			for _, p := range series[k].Points[:len(want)] {
				got = append(got, int(p.Row))
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: after an append to every series, series %d has rows %v, want %v", tt.name, k, got, want)
			}
		}
	}
}

// TestGatheredGroups: gathering deals points to the same series whether
// they come grouped (counted only) or go out of order part way (each
// point's series kept from there on).
func TestGatheredGroups(t *testing.T) {
	tests := []struct {
		name   string
		series int
		of     []int32
	}{
		{"grouped", 3, []int32{0, 0, 1, 1, 1, 2}},
		{"one series", 1, []int32{0, 0, 0}},
		{"out of order at the end", 3, []int32{0, 0, 1, 2, 2, 0}},
		{"interleaved", 3, []int32{0, 1, 2, 0, 1, 2}},
		{"shuffled", 7, shuffledSeries},
	}
	for _, tt := range tests {
		d := newGatheredPoints(len(tt.of), true, nil)
		for i, k := range tt.of {
			d.add(Point{X: float64(i + 1), Y: 1, Row: int32(i + 1)}, note{}, int(k))
		}
		series := make([]Series, tt.series)
		d.deal(series)
		want := groupRows(tt.of, tt.series)
		for k := range series {
			var got []int
			for _, p := range series[k].Points {
				got = append(got, int(p.Row))
			}
			if !slices.Equal(got, want[k]) {
				t.Errorf("%s: series %d has rows %v, want %v", tt.name, k, got, want[k])
			}
		}
		if grouped := slices.IsSorted(tt.of); d.grouped != grouped {
			t.Errorf("%s: grouped %v, want %v", tt.name, d.grouped, grouped)
		}
	}
}
