package chart

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// TestThinPanel: a panel's series thinned at once on every core (more
// than thinAheadPoints of them) or one after another (fewer) are each
// thinned as downsample and spreadOf thin it alone, in their order.
func TestThinPanel(t *testing.T) {
	long := func(n, k int) []site.Point {
		pts := line(n, func(i int) float64 { return wavy(i*(k+1)) + float64(k) })
		for i := range pts {
			pts[i].X++ // above 0, for a log x
		}
		if k%3 == 1 { // a gap, which cuts the band
			pts[n/2] = gapPoint(pts[n/2].X)
		}
		return pts
	}
	for _, tt := range []struct {
		name    string
		series  int
		points  int
		scale   string
		targets []int
	}{
		{"many long lines", 10, thinAheadPoints/8 + 1, chartspec.ScaleLinear, []int{300, 2000}},
		{"many long lines, log x", 10, thinAheadPoints/8 + 1, chartspec.ScaleLog, []int{300}},
		{"one long line", 1, thinAheadPoints + 1, chartspec.ScaleLinear, []int{300}},
		{"short lines", 4, 5000, chartspec.ScaleLinear, []int{300, 0}},
		{"lines under the target", 12, 200, chartspec.ScaleLinear, []int{300}},
	} {
		series := make([]site.Series, tt.series)
		for k := range series {
			series[k] = site.Series{Name: string(rune('a' + k)), Points: long(tt.points, k)}
		}
		panel := chartspec.Panel{Type: chartspec.TypeLine}
		panel.X.Scale = tt.scale
		c := &site.Chart{Spec: &chartspec.Chart{Panels: []chartspec.Panel{panel}}, Panels: []site.Panel{{Series: series}}}
		logX := tt.scale == chartspec.ScaleLog
		for _, target := range tt.targets {
			got := thinPanel(c, 0, series, target)
			if len(got) != len(series) {
				t.Fatalf("%s, target %d: %d series thinned, want %d", tt.name, target, len(got), len(series))
			}
			for k, s := range series {
				want, spread := s.Points, []byte(nil)
				if target > 0 && len(s.Points) > target {
					want = downsample(s.Points, s.Notes, target, logX, false)
					spread = spreadOf(s.Points, want, s.Notes, screenXs(s.Points, logX, nil), target)
				}
				same := func(a, b site.Point) bool {
					return a.X == b.X && a.Row == b.Row && (a.Y == b.Y || math.IsNaN(a.Y) && math.IsNaN(b.Y))
				}
				if !slices.EqualFunc(got[k].pts, want, same) {
					t.Errorf("%s, target %d: series %d thinned to %d points, %d alone", tt.name, target, k, len(got[k].pts), len(want))
				}
				if !bytes.Equal(got[k].spread, spread) {
					t.Errorf("%s, target %d: series %d's band is %d bytes, %d alone", tt.name, target, k, len(got[k].spread), len(spread))
				}
				if target > 0 && len(s.Points) > target && spread == nil {
					t.Errorf("%s, target %d: series %d thinned without a band", tt.name, target, k)
				}
			}
		}
	}
}
