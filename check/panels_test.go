package check

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// panelsSpec is a chart of n scatter panels whose y axis runs from lo to
// hi written out in full (format: plain): the longer its numbers, the
// more of each panel its tick labels take. columns 0 leaves the key out.
func panelsSpec(n, columns int, lo, hi string) string {
	spec := "type: scatter\n"
	if columns > 0 {
		spec += fmt.Sprintf("columns: %d\n", columns)
	}
	spec += "data: |\n  a,b\n  1," + lo + "\n  2," + hi + "\nx: a\ny: {field: b, format: plain}\npanels:\n"
	for i := range n {
		spec += fmt.Sprintf("  - {title: P%d}\n", i+1)
	}
	return spec
}

// drawnAt is what the page draws of chart c at width px, read from its
// whole Scene (not from NarrowPanels' own reading): the panels in the
// first row (those level with the first) and the narrowest plot.
func drawnAt(t *testing.T, c *site.Chart, width int) (columns, panel int, plot float64) {
	t.Helper()
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eng.Scene(chart.OptionBytes(chart.Option(c)), width, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Clips) != len(c.Spec.Panels) {
		t.Fatalf("the Scene at %d px has %d plots for %d panels", width, len(s.Clips), len(c.Spec.Panels))
	}
	plot = math.Inf(1)
	for i, r := range s.Clips {
		if math.Abs(r.Y-s.Clips[0].Y) < 1 {
			columns++
		}
		if r.W < plot {
			panel, plot = i, r.W
		}
	}
	return columns, panel, plot
}

// TestNarrowPanels: the warning is the page's layout, measured: for
// columns 1 to 4 (and 5 and 6 set past the parser, which the page draws as
// 4), at a wide screen's, a tablet's and a phone's chart width, a warning
// comes exactly when a plot the Scene draws is narrower than minPlotWidth,
// at the widest width it is, and says that plot's width and the panels in
// its row as the Scene has them.
func TestNarrowPanels(t *testing.T) {
	const short, long, longer = "1", "1000000000000000", "100000000000000000000" // 1e15, 1e20
	tests := []struct {
		name           string
		panels, cols   int
		setCols        int    // columns set on the parsed spec, past the parser's limit
		digits         string // the y axis' tick labels, as long as this
		want           string // the warning's width name; "" for none
		wantDrawnCols  int    // panels in the row the warning is about
		wantSuggestion string // "set columns: k" or "shorten"
	}{
		{name: "one column", panels: 4, cols: 1, digits: short},
		{name: "two columns", panels: 4, cols: 2, digits: short},
		{name: "three columns", panels: 4, cols: 3, digits: short},
		{name: "four columns", panels: 4, cols: 4, digits: short},
		{name: "the default row of eight panels", panels: 8, digits: short},
		{name: "five columns, drawn as four", panels: 6, cols: 4, setCols: 5, digits: short},
		{name: "six columns, drawn as four: no 200 px panels", panels: 6, cols: 4, setCols: 6, digits: short},
		{name: "long ticks in one column", panels: 4, cols: 1, digits: long},
		{name: "long ticks in two columns", panels: 4, cols: 2, digits: long},
		{name: "long ticks in three columns: the tablet's row", panels: 4, cols: 3, digits: long,
			want: "on a tablet", wantDrawnCols: 3, wantSuggestion: "set columns: 2 (or fewer)"},
		{name: "long ticks in four columns: the wide screen's row", panels: 4, cols: 4, digits: long,
			want: "on a wide screen", wantDrawnCols: 4, wantSuggestion: "set columns: 2 (or fewer)"},
		{name: "six columns of long ticks, drawn as four", panels: 6, cols: 4, setCols: 6, digits: long,
			want: "on a wide screen", wantDrawnCols: 4, wantSuggestion: "set columns: 2 (or fewer)"},
		{name: "ticks too long even for a phone's one column", panels: 2, cols: 1, digits: longer,
			want: "on a phone", wantDrawnCols: 1, wantSuggestion: "shorten its y axis' tick labels"},
	}
	widths := map[string]int{"on a wide screen": scene.DesktopWidth, "on a tablet": scene.TabletWidth, "on a phone": scene.PhoneWidth}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{"scalesite.yaml": withConfig,
				"content/p.md": page(panelsSpec(tc.panels, tc.cols, tc.digits, strings.Replace(tc.digits, "1", "9", 1)))})
			c := s.Body(s.Pages[0]).Charts[0]
			if tc.setCols > 0 {
				c.Spec.Columns = tc.setCols
			}
			got := NarrowPanels(c)
			// the widths at which the Scene draws a plot too narrow
			var narrowAt []string
			for _, name := range []string{"on a wide screen", "on a tablet", "on a phone"} {
				if _, _, plot := drawnAt(t, c, widths[name]); plot < minPlotWidth {
					narrowAt = append(narrowAt, name)
				}
			}
			if tc.want == "" {
				if len(got) > 0 || len(narrowAt) > 0 {
					t.Fatalf("NarrowPanels = %v (the Scene's plots too narrow %v), want no warning", got, narrowAt)
				}
				return
			}
			if len(narrowAt) == 0 || narrowAt[0] != tc.want {
				t.Fatalf("the Scene's plots are too narrow %v, want first %s: the case does not test what it says", narrowAt, tc.want)
			}
			cols, panel, plot := drawnAt(t, c, widths[tc.want])
			if cols != tc.wantDrawnCols {
				t.Errorf("the Scene draws %d panels in a row %s, want %d", cols, tc.want, tc.wantDrawnCols)
			}
			row := "one panel a row"
			if cols > 1 {
				row = fmt.Sprintf("%d panels side by side", cols)
			}
			want := fmt.Sprintf(`content/p.md:6: panel "P%d"'s plot is drawn %d px wide %s (%s in a chart %s px wide), too narrow to read its ticks: %s`,
				panel+1, int(math.Floor(plot)), tc.want, row, diag.Thousands(widths[tc.want]), tc.wantSuggestion)
			if len(got) != 1 || !strings.HasPrefix(got[0].Error(), want) {
				t.Errorf("NarrowPanels = %v\nwant one warning starting %q", got, want)
			}
		})
	}
}

// TestNarrowPanelsSuggestion: the columns a warning suggests leave every
// plot room at every width, as the Scene draws them.
func TestNarrowPanelsSuggestion(t *testing.T) {
	s := load(t, map[string]string{"scalesite.yaml": withConfig,
		"content/p.md": page(panelsSpec(4, 4, "1000000000000000", "9000000000000000"))})
	c := s.Body(s.Pages[0]).Charts[0]
	got := NarrowPanels(c)
	if len(got) != 1 || !strings.Contains(got[0].Error(), "set columns: 2 (or fewer)") {
		t.Fatalf("NarrowPanels = %v, want one warning suggesting columns: 2", got)
	}
	for _, k := range []int{2, 3} {
		c.Spec.Columns = k
		roomy := true
		for _, w := range []int{scene.DesktopWidth, scene.TabletWidth, scene.PhoneWidth} {
			_, _, plot := drawnAt(t, c, w)
			roomy = roomy && plot >= minPlotWidth
		}
		if roomy != (k == 2) {
			t.Errorf("columns: %d leaves every plot room: %v, want %v", k, roomy, k == 2)
		}
		if warned := len(NarrowPanels(c)) > 0; warned == roomy {
			t.Errorf("columns: %d: warned %v, every plot roomy %v", k, warned, roomy)
		}
	}
}

// TestColumnsPastTheLimit: columns the page would not draw (5 and 6 of
// the issue) are drawn as the page draws them, and check's width warning
// speaks of the panels drawn, not of those asked for.
func TestColumnsPastTheLimit(t *testing.T) {
	for _, cols := range []int{chartspec.MaxColumns + 1, 6} {
		dir := sitetest.New(t, map[string]string{"scalesite.yaml": withConfig,
			"content/p.md": page(panelsSpec(cols, cols, "1", "9"))})
		s, err := site.Load(dir, site.Options{})
		if err != nil {
			t.Fatalf("columns: %d: %v", cols, err)
		}
		c := s.Body(s.Pages[0]).Charts[0]
		if c.Spec.Columns != chartspec.MaxColumns {
			t.Errorf("columns: %d: drawn %d a row, want %d", cols, c.Spec.Columns, chartspec.MaxColumns)
		}
		if ws := NarrowPanels(c); len(ws) > 0 {
			t.Errorf("columns: %d: warned %v about panels the page does not draw", cols, ws)
		}
	}
}

// TestMaxColumnsIsDrawn holds chartspec.MaxColumns to the theme's layout:
// in the widest chart box, a chart asking for more panels in a row than
// MaxColumns gets MaxColumns, and one asking for MaxColumns gets them all.
func TestMaxColumnsIsDrawn(t *testing.T) {
	n := chartspec.MaxColumns + 2
	s := load(t, map[string]string{"scalesite.yaml": withConfig,
		"content/p.md": page(panelsSpec(n, chartspec.MaxColumns, "1", "9"))})
	c := s.Body(s.Pages[0]).Charts[0]
	if cols, _, _ := drawnAt(t, c, scene.DesktopWidth); cols != chartspec.MaxColumns {
		t.Errorf("columns: %d is drawn %d side by side at %d px", chartspec.MaxColumns, cols, scene.DesktopWidth)
	}
	c.Spec.Columns = chartspec.MaxColumns + 1
	if cols, _, _ := drawnAt(t, c, scene.DesktopWidth); cols != chartspec.MaxColumns {
		t.Errorf("columns: %d is drawn %d side by side at %d px, want chartspec.MaxColumns = %d: the limit and the layout disagree",
			chartspec.MaxColumns+1, cols, scene.DesktopWidth, chartspec.MaxColumns)
	}
	c.Spec.Columns = 0
	if cols, _, _ := drawnAt(t, c, scene.DesktopWidth); cols != chartspec.MaxColumns {
		t.Errorf("%d panels without columns are drawn %d side by side, want chartspec.MaxColumns = %d", n, cols, chartspec.MaxColumns)
	}
}
