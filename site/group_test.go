package site

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
)

// groupChart loads one page with one chart of spec and returns the chart
// and the site's warnings.
func groupChart(t *testing.T, spec string) (*Chart, diag.List) {
	t.Helper()
	s := load(t, map[string]string{"content/p.md": "---\ntitle: P\n---\n```chart\n" + spec + "```\n"}, Options{})
	return s.Body(page(t, s, "content/p.md")).Charts[0], s.Warnings
}

// TestMeanOfRunsMatchesNumpy: five runs logged at the same three steps;
// at each step the line is the runs' mean and the band mean ± numpy's
// std(ddof=1), to 1e-12. The values were typed into numpy:
//
//	a = np.array([...]); a.mean(), a.std(ddof=1)
func TestMeanOfRunsMatchesNumpy(t *testing.T) {
	vals := [3][5]float64{
		{0.8123, 0.7991, 0.8350, 0.8012, 0.8240},
		{2.5, 2.25, 2.125, 2.0625, 2.03125},
		{1e-3, 1.5e-3, 0.9e-3, 1.2e-3, 1.1e-3},
	}
	want := [3][2]float64{ // mean, std(ddof=1)
		{0.81432, 0.015241620648736768},
		{2.19375, 0.19059938352471134},
		{0.00114, 0.00023021728866442676},
	}
	var b strings.Builder
	b.WriteString("data: |\n  seed,step,loss\n")
	for j := range 5 {
		for k := range 3 {
			b.WriteString("  s" + string(rune('a'+j)) + "," + string(rune('1'+k)) + "," + strconv.FormatFloat(vals[k][j], 'g', -1, 64) + "\n")
		}
	}
	for _, band := range []string{"", "band: sd\n", "band: minmax\n"} {
		c, _ := groupChart(t, b.String()+"x: step\ny: loss\ngroup: seed\n"+band)
		s := c.Panels[0].Series
		if len(s) != 1 || len(s[0].Runs) != 5 || len(s[0].Points) != 3 {
			t.Fatalf("%q: %d series, want 1 of 5 runs and 3 points: %+v", band, len(s), s)
		}
		for k, pt := range s[0].Points {
			m, sd := want[k][0], want[k][1]
			lo, hi := m-sd, m+sd
			if band == "band: minmax\n" {
				lo, hi = minOf(vals[k][:]), maxOf(vals[k][:])
			}
			if pt.X != float64(k+1) || math.Abs(pt.Y-m) > 1e-12 || math.Abs(s[0].Notes.Bounds(pt).YLo-lo) > 1e-12 || math.Abs(s[0].Notes.Bounds(pt).YHi-hi) > 1e-12 {
				t.Errorf("%q step %d: mean %.17g [%.17g, %.17g], want %.17g [%.17g, %.17g]", band, k+1, pt.Y, s[0].Notes.Bounds(pt).YLo, s[0].Notes.Bounds(pt).YHi, m, lo, hi)
			}
		}
	}
}

func minOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

// TestMeanOfRunsAlignment: runs logged at different steps are each read
// at every step any of them logged, interpolated between their own steps
// on a line and never past their own ends; a scatter takes only logged
// steps; a run's repeated step counts once.
func TestMeanOfRunsAlignment(t *testing.T) {
	a := Run{Name: "a", Points: []Point{{X: 0, Y: 0}, {X: 10, Y: 10}, {X: 20, Y: 20}}}
	b := Run{Name: "b", Points: []Point{{X: 0, Y: 2}, {X: 5, Y: 4}, {X: 5, Y: 6}, {X: 15, Y: 8}}}
	var wn Notes // the wanted points' notes
	tests := []struct {
		name        string
		interpolate bool
		want        []Point // Y the mean; Bounds minmax, nil for one run
	}{
		{"line", true, []Point{
			wn.With(Point{X: 0, Y: 1}, "", &Bounds{YLo: 0, YHi: 2}),
			wn.With(Point{X: 5, Y: 5}, "", &Bounds{YLo: 5, YHi: 5}),                // a interpolated at 5, b's two 5s averaged
			wn.With(Point{X: 10, Y: 8.25}, "", &Bounds{YLo: 6.5, YHi: 10}),         // b interpolated between 5 (5) and 15 (8)
			wn.With(Point{X: 15, Y: (15 + 8) / 2.0}, "", &Bounds{YLo: 8, YHi: 15}), // a interpolated
			{X: 20, Y: 20}, // past b's end: a alone, no band
		}},
		{"scatter", false, []Point{
			wn.With(Point{X: 0, Y: 1}, "", &Bounds{YLo: 0, YHi: 2}),
			{X: 5, Y: 5},
			{X: 10, Y: 10},
			{X: 15, Y: 8},
			{X: 20, Y: 20},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var n Notes
			got := meanOfRuns([]Run{a, b}, &n, chartspec.BandMinMax, tc.interpolate, false)
			if len(got) != len(tc.want) {
				t.Fatalf("%d points %+v, want %d", len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				g := got[i]
				gb, wb := n.Bounds(g), wn.Bounds(w)
				if g.X != w.X || math.Abs(g.Y-w.Y) > 1e-12 || (gb == nil) != (wb == nil) ||
					(wb != nil && (gb.YLo != wb.YLo || gb.YHi != wb.YHi)) {
					t.Errorf("point %d: %+v %+v, want %+v %+v", i, g, gb, w, wb)
				}
			}
		})
	}
	t.Run("log y keeps the band above 0", func(t *testing.T) {
		r := []Run{{Points: []Point{{X: 1, Y: 0.01}}}, {Points: []Point{{X: 1, Y: 1}}}, {Points: []Point{{X: 1, Y: 0.02}}}}
		var n Notes
		got := meanOfRuns(r, &n, chartspec.BandSD, true, true)
		if lo := n.Bounds(got[0]).YLo; lo != 0.01 {
			t.Errorf("log y: band's low end %g, want the lowest run, 0.01 (mean − sd is below 0)", lo)
		}
	})
}

// TestGroupSeries: configurations in first-seen order, each the mean of
// its runs and keeping them; a configuration of one run warns.
func TestGroupSeries(t *testing.T) {
	spec := `data: |
  size,seed,step,loss
  small,1,1,4
  small,2,1,6
  large,1,1,3
  small,1,2,3
  small,2,2,5
  large,1,2,2
  small,3,1,
x: step
y: loss
series: size
group: seed
`
	c, warns := groupChart(t, spec)
	s := c.Panels[0].Series
	if len(s) != 2 || s[0].Name != "small" || s[1].Name != "large" {
		t.Fatalf("series %+v, want small then large", s)
	}
	if len(s[0].Runs) != 2 || s[0].Runs[0].Name != "1" || s[0].Runs[1].Name != "2" || len(s[1].Runs) != 1 {
		t.Errorf("runs %+v and %+v, want small's 1 and 2 (3 has no loss), large's 1", s[0].Runs, s[1].Runs)
	}
	if s[0].Points[0].Y != 5 || s[0].Points[1].Y != 4 || s[0].RunsText() != "mean of 2 runs" || s[1].RunsText() != "1 run" {
		t.Errorf("small's means %+v (%s), large %s", s[0].Points, s[0].RunsText(), s[1].RunsText())
	}
	var single *diag.Error
	for _, w := range warns {
		if w.Name == diag.SingleRun.Name {
			single = w
		}
	}
	if single == nil || !strings.Contains(single.Msg, `"large" has one run ("1" in column "seed")`) || single.Line != 17 {
		t.Errorf("want a single-run warning about large at the group key (page line 17), got %v", warns)
	}
}

// TestDownsampledWarningSaysBand: the warning of a thinned line says that
// a band of its range is drawn, but not for a group's mean, whose band is
// the runs' spread.
func TestDownsampledWarningSaysBand(t *testing.T) {
	var b strings.Builder
	b.WriteString("data: |\n  seed,step,loss\n")
	for seed := range 2 {
		for step := 1; step <= 600; step++ {
			b.WriteString("  " + strconv.Itoa(seed) + "," + strconv.Itoa(step) + "," + strconv.Itoa(1000-step+seed) + "\n")
		}
	}
	for _, tc := range []struct {
		spec string
		band bool
	}{
		{"x: step\ny: loss\ndownsample: 10\nwhere: {seed: 0}\n", true},
		{"x: step\ny: loss\ndownsample: 10\ngroup: seed\n", false},
	} {
		_, warns := groupChart(t, b.String()+tc.spec)
		var got *diag.Error
		for _, w := range warns {
			if w.Name == diag.Downsampled.Name {
				got = w
			}
		}
		if got == nil {
			t.Fatalf("%q: no downsampled warning in %v", tc.spec, warns)
		}
		if has := strings.Contains(got.Msg, "over a faint band"); has != tc.band {
			t.Errorf("%q: %q says a band: %v, want %v", tc.spec, got.Msg, has, tc.band)
		}
	}
}
