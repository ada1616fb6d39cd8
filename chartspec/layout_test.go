package chartspec

import (
	"fmt"
	"strings"
	"testing"
)

// TestLayoutKeys: columns, legend and downsample as researchers write them.
func TestLayoutKeys(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		columns    int
		legend     Legend
		downsample int
	}{
		{"none", ok, 0, Legend{}, 0},
		{"columns", ok + "columns: 4\n", 4, Legend{}, 0},
		{"one column", ok + "columns: 1\n", 1, Legend{}, 0},
		{"legend title", ok + "legend: FLOPs budget\n", 0, Legend{Title: "FLOPs budget"}, 0},
		{"legend title with a colon", ok + "legend: Budget: FLOPs\n", 0, Legend{Title: "Budget: FLOPs"}, 0},
		{"legend mapping", ok + "legend: {title: Model family, show: true}\n", 0, Legend{Title: "Model family"}, 0},
		{"legend off", ok + "legend: false\n", 0, Legend{Hide: true}, 0},
		{"legend show false", ok + "legend: {show: false}\n", 0, Legend{Hide: true}, 0},
		{"downsample", ok + "downsample: 500\n", 0, Legend{}, 500},
		{"downsample false", ok + "downsample: false\n", 0, Legend{}, DownsampleOff},
		{"downsample 0 keeps all", ok + "downsample: 0\n", 0, Legend{}, DownsampleOff},
		{"downsample true is the default", ok + "downsample: true\n", 0, Legend{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if c.Columns != tt.columns || c.Legend != tt.legend || c.Downsample != tt.downsample {
				t.Errorf("columns %d, legend %+v, downsample %d; want %d, %+v, %d", c.Columns, c.Legend, c.Downsample, tt.columns, tt.legend, tt.downsample)
			}
		})
	}
}

func TestLayoutKeyErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"columns zero", ok + "columns: 0\n", `content/audio.md:13:10: columns must be a whole number of panels per row from 1 to 4 (the page draws at most 4 side by side, each at least 240 px wide), not "0"`},
		{"columns text", ok + "columns: two\n", `content/audio.md:13:10: columns must be a whole number of panels per row from 1 to 4 (the page draws at most 4 side by side, each at least 240 px wide), not "two"`},
		{"columns past what a spec may ask", ok + "columns: 13\n", `content/audio.md:13:10: columns must be a whole number of panels per row from 1 to 4 (the page draws at most 4 side by side, each at least 240 px wide), not "13"`},
		{"downsample too small", ok + "downsample: 5\n", `content/audio.md:13:13: downsample must be a whole number of points per line of at least 10 (or false to keep every point), not "5"`},
		{"legend unknown key", ok + "legend: {titel: x}\n", `content/audio.md:13:10: unknown key "titel" in legend — did you mean "title"?`},
		{"legend show not a bool", ok + "legend: {show: maybe}\n", `content/audio.md:13:16: legend show must be true or false`},
		{"columns in a panel", "data: runs.csv\ny: loss\npanels:\n  - {x: a, columns: 2}\n",
			`content/audio.md:13:12: unknown key "columns" in a panel: columns is set once for the whole chart, at the top of the spec, not in a panel`},
		{"ncols", ok + "ncols: 3\n", `content/audio.md:13:1: unknown key "ncols" — did you mean "columns"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), at)
			if err == nil || err.Error() != tt.want {
				t.Errorf("got:\n%v\nwant:\n%s", err, tt.want)
			}
		})
	}
}

// TestColumnsPastThePage: columns 5 to 12 (allowed before the page's
// limit was read from its layout) still build, drawn as the page draws
// them, with a named warning at the key.
func TestColumnsPastThePage(t *testing.T) {
	for _, n := range []int{5, 6, 12} {
		c, err := Parse([]byte(ok+fmt.Sprintf("columns: %d\n", n)), at)
		if err != nil {
			t.Fatalf("columns: %d: %v", n, err)
		}
		want := fmt.Sprintf("content/audio.md:13:10: columns: %d asks for more panels side by side than the page draws (4, each at least 240 px wide): they are drawn 4 a row", n)
		if c.Columns != MaxColumns || len(c.Warnings) != 1 || c.Warnings[0].Name != "columns-past-page" || c.Warnings[0].Error() != want {
			t.Errorf("columns: %d: Columns %d, warnings %v; want %d and %q", n, c.Columns, c.Warnings, MaxColumns, want)
		}
	}
}

// TestTicksKeyExplains: scalesite has no ticks key, and says why instead of
// suggesting a look-alike key.
func TestTicksKeyExplains(t *testing.T) {
	for _, src := range []string{ok + "ticks: 5\n", "data: runs.csv\nx: {field: flops, ticks: 5}\ny: loss\n"} {
		_, err := Parse([]byte(src), at)
		if err == nil || !strings.Contains(err.Error(), "scalesite chooses the ticks itself") || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// TestLineTarget: a chart's long lines share DefaultChartPoints unless the
// spec sets downsample, one line keeps DefaultDownsample, none goes below
// MinLinePoints.
func TestLineTarget(t *testing.T) {
	for _, tc := range []struct {
		downsample, lines, want int
	}{
		{0, 0, DefaultDownsample},
		{0, 1, DefaultDownsample},
		{0, 2, 1500},
		{0, 3, 1000},
		{0, 10, 300},
		{0, 100, MinLinePoints},
		{500, 10, 500},
		{5000, 1, 5000},
		{DownsampleOff, 10, DownsampleOff},
	} {
		c := &Chart{Downsample: tc.downsample}
		if got := c.LineTarget(tc.lines); got != tc.want {
			t.Errorf("downsample %d, %d lines: LineTarget = %d, want %d", tc.downsample, tc.lines, got, tc.want)
		}
	}
}
