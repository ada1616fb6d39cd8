package site

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestIntervals(t *testing.T) {
	const runs = "m,x,y,lo,hi,sd\na,1,10,9,11,0.5\na,2,20,,,\na,3,30,28,33,2\n"
	s := load(t, map[string]string{
		"content/p/runs.csv": runs,
		"content/p/index.md": chartMD(
			"data: runs.csv\nx: x\ny: {field: y, low: lo, high: hi}\n",
			"data: runs.csv\nx: {field: x, err: sd}\ny: y\n",
		),
	}, Options{})
	p := body(t, s, "content/p/index.md")
	ser := p.Charts[0].Panels[0].Series[0]
	pts := ser.Points
	if b := ser.Notes.Bounds(pts[0]); !b.HasY() || b.HasX() || b.YLo != 9 || b.YHi != 11 {
		t.Errorf("point 1 bounds %+v, want y 9 to 11 only", b)
	}
	if ser.Notes.Bounds(pts[1]) != nil {
		t.Errorf("point 2 (blank low and high) bounds %+v, want none", ser.Notes.Bounds(pts[1]))
	}
	if b := ser.Notes.Bounds(pts[2]); b.YLo != 28 || b.YHi != 33 {
		t.Errorf("point 3 bounds %+v, want 28 to 33", b)
	}
	ser = p.Charts[1].Panels[0].Series[0]
	pts = ser.Points
	if b := ser.Notes.Bounds(pts[0]); !b.HasX() || b.HasY() || b.XLo != 0.5 || b.XHi != 1.5 || !math.IsNaN(b.YLo) {
		t.Errorf("err bounds %+v, want x 0.5 to 1.5 (x ± sd)", b)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestIntervalWarnings(t *testing.T) {
	s := load(t, map[string]string{
		"content/p/runs.csv": "x,y,lo,hi\n1,10,11,12\n2,20,19,21\n3,30,31,32\n",
		"content/p/index.md": chartMD("data: runs.csv\nx: x\ny: {field: y, low: lo, high: hi}\n"),
	}, Options{})
	want := `content/p/runs.csv:2: 2 rows of the chart at content/p/index.md:7:1 have a y value outside its own interval (columns "lo" and "hi") on lines 2, 4: check that low and high are the interval's ends`
	if len(s.Warnings) != 1 || s.Warnings[0].Error() != want {
		t.Errorf("warnings %v,\nwant %s", s.Warnings, want)
	}
}

func TestIntervalErrors(t *testing.T) {
	tests := []struct {
		name, csv, spec string
		want            []string
	}{
		{
			name: "a missing column",
			csv:  "x,y,lo,hi\n1,2,1,3\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, low: low, high: hi}\n",
			want: []string{`content/p/index.md:9:20: y low column "low" is not in content/p/runs.csv (its columns: "x", "y", "lo", "hi") — did you mean "lo"?`},
		},
		{
			name: "not a number",
			csv:  "x,y,sd\n1,2,n/a?\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, err: sd}\n",
			want: []string{`content/p/runs.csv:2:5: "n/a?" in column "sd" is not a number`},
		},
		{
			name: "a negative error",
			csv:  "x,y,sd\n1,2,-0.1\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, err: sd}\n",
			want: []string{`content/p/runs.csv:2:5: -0.1 in column "sd" is an error below 0: err is the half-width of the interval, value ± err`},
		},
		{
			name: "low above high",
			csv:  "x,y,lo,hi\n1,2,3,1\n2,3,2,4\n3,4,5,2\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, low: lo, high: hi}\n",
			want: []string{`content/p/runs.csv:2:5: the low end of the y interval is above its high end on lines 2, 4 (3 in column "lo", 1 in column "hi"): are low and high swapped?`},
		},
		{
			name: "err reaching below 0 on a log axis",
			csv:  "x,y,sd\n1,0.2,0.3\n2,0.5,0.1\n3,0.1,0.1\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, err: sd, scale: log}\n",
			want: []string{`content/p/runs.csv:2:7: the y interval reaches 0 or below on lines 2, 4 (0.2 − 0.3, column "sd"), which the log axis (scale: log at content/p/index.md:9:4) cannot show: use scale: linear, or low and high columns that stay above 0`},
		},
		{
			name: "a low end at 0 on a log axis",
			csv:  "x,y,lo,hi\n1,0.2,0,0.3\n",
			spec: "data: runs.csv\nx: x\ny: {field: y, low: lo, high: hi, scale: log}\n",
			want: []string{`content/p/runs.csv:2:7: 0 in column "lo" cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at content/p/index.md:9:4)`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadErr(t, map[string]string{"content/p/runs.csv": tc.csv, "content/p/index.md": chartMD(tc.spec)})
			slices.Sort(got)
			if len(got) != len(tc.want) {
				t.Fatalf("%d errors, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("error %d:\n got %s\nwant %s", i, got[i], tc.want[i])
				}
			}
		})
	}
}
