package chart

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

func TestThinScatter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cloud := func(n int) []site.Point {
		pts := make([]site.Point, n)
		for i := range pts {
			// Log-uniform x over 6 decades, a noisy power law in y.
			x := math.Pow(10, 6+6*rng.Float64())
			pts[i] = site.Point{X: x, Y: 10 * math.Pow(x, -0.1) * (1 + 0.3*rng.NormFloat64()*0.1), Row: int32(i + 2)}
		}
		return pts
	}
	extent := func(pts []site.Point) [4]float64 {
		e := [4]float64{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
		for _, p := range pts {
			e[0], e[1] = min(e[0], p.X), max(e[1], p.X)
			e[2], e[3] = min(e[2], p.Y), max(e[3], p.Y)
		}
		return e
	}

	var notes site.Notes
	small := cloud(chartspec.ScatterThinAbove)
	if got := thinScatter(small, &notes, extent(small), true, false); len(got) != len(small) {
		t.Errorf("a scatter of %d points was thinned to %d", len(small), len(got))
	}

	big := cloud(300000)
	big[1000] = notes.With(big[1000], "GPT-3", nil)
	ext := extent(big)
	got := thinScatter(big, &notes, ext, true, false)
	if len(got) >= len(big)/2 || len(got) > (ScatterCells+1)*(ScatterCells+1)+1 {
		t.Fatalf("300,000 points thinned to %d", len(got))
	}
	// No two kept unlabelled points share a cell, the labelled one is kept,
	// and every cell that held a point still holds one.
	cell := func(p site.Point) [2]int {
		wx := (math.Log10(ext[1]) - math.Log10(ext[0])) / ScatterCells
		wy := (ext[3] - ext[2]) / ScatterCells
		return [2]int{int(math.Floor((math.Log10(p.X) - math.Log10(ext[0])) / wx)), int(math.Floor((p.Y - ext[2]) / wy))}
	}
	kept := map[[2]int]bool{}
	labelled := false
	lastRow := 0
	for _, p := range got {
		if int(p.Row) <= lastRow {
			t.Fatal("thinning changed the order of the points")
		}
		lastRow = int(p.Row)
		if notes.Label(p) != "" {
			labelled = true
			continue
		}
		if kept[cell(p)] {
			t.Fatalf("two kept points share cell %v", cell(p))
		}
		kept[cell(p)] = true
	}
	if !labelled {
		t.Error("the labelled point was thinned away")
	}
	for _, p := range big {
		if notes.Label(p) == "" && !kept[cell(p)] {
			t.Fatalf("cell %v held a point and is now empty", cell(p))
		}
	}

	// Points outside the extent (a spec's narrower axis range) are thinned
	// on the grid's outer cells, not dropped: every such cell keeps one.
	narrow := ext
	narrow[1] = math.Pow(10, 9)
	outCells := map[[2]int]bool{}
	for _, p := range big {
		if p.X > narrow[1] && notes.Label(p) == "" {
			outCells[cellIn(p, narrow, true)] = true
		}
	}
	keptOut := map[[2]int]bool{}
	for _, p := range thinScatter(big, &notes, narrow, true, false) {
		if p.X > narrow[1] && notes.Label(p) == "" {
			c := cellIn(p, narrow, true)
			if keptOut[c] {
				t.Fatalf("two kept points outside the range share cell %v", c)
			}
			keptOut[c] = true
		}
	}
	if len(keptOut) != len(outCells) {
		t.Errorf("outside the range, %d cells held points and %d still do", len(outCells), len(keptOut))
	}
}

// cellIn is the cell of the thinning grid that p falls in, computed
// directly (not by thinAxis), for points a test places where the halving of
// thinAxis changes no rounding.
func cellIn(p site.Point, ext [4]float64, logX bool) [2]int {
	x, x0, x1 := p.X, ext[0], ext[1]
	if logX {
		x, x0, x1 = math.Log10(x), math.Log10(x0), math.Log10(x1)
	}
	cx := math.Floor((x - x0) / (x1 - x0) * ScatterCells)
	cy := math.Floor((p.Y - ext[2]) / (ext[3] - ext[2]) * ScatterCells)
	clamp := func(c float64) int { return int(max(-ScatterCells*thinSpan, min(c, ScatterCells*(thinSpan+1)))) }
	return [2]int{clamp(cx), clamp(cy)}
}

// TestThinScatterDegenerate holds thinning to a bound for data with no
// extent on an axis, duplicates, values at the ends of float64, and points
// that are not a number: every case is thinned to the points that can be
// told apart, never kept whole (as it was when an axis had no extent).
func TestThinScatterDegenerate(t *testing.T) {
	const n = 300000
	rng := rand.New(rand.NewPCG(3, 4))
	var notes site.Notes // every case's labels and intervals
	gen := func(f func(i int) site.Point) []site.Point {
		pts := make([]site.Point, n)
		for i := range pts {
			pts[i] = f(i)
			pts[i].Row = int32(i + 2)
		}
		return pts
	}
	tests := []struct {
		name       string
		pts        []site.Point
		logX, logY bool
		atMost     int // points kept
		atLeast    int
	}{
		{"identical points", gen(func(int) site.Point { return site.Point{X: 1, Y: 2} }), false, false, 1, 1},
		{"identical points on log axes", gen(func(int) site.Point { return site.Point{X: 1e6, Y: 0.5} }), true, true, 1, 1},
		{"identical zeros", gen(func(int) site.Point { return site.Point{} }), false, false, 1, 1},
		{"every x the same", gen(func(i int) site.Point { return site.Point{X: 3, Y: rng.Float64()} }), false, false, ScatterCells + 1, ScatterCells / 2},
		{"every y the same", gen(func(i int) site.Point { return site.Point{X: rng.Float64(), Y: -7} }), false, false, ScatterCells + 1, ScatterCells / 2},
		{"ten duplicated points", gen(func(i int) site.Point { return site.Point{X: float64(i % 10), Y: float64(i % 10)} }), false, false, 10, 10},
		{"ends of float64", gen(func(i int) site.Point {
			return site.Point{X: []float64{-math.MaxFloat64, math.MaxFloat64, 0}[i%3], Y: []float64{math.MaxFloat64, -math.MaxFloat64}[i%2]}
		}), false, false, 6, 6},
		{"subnormal extent", gen(func(i int) site.Point { return site.Point{X: float64(i%4) * 5e-324, Y: 1} }), false, false, 4, 4},
		{"x not a number", gen(func(i int) site.Point { return site.Point{X: math.NaN(), Y: float64(i)} }), false, false, 1, 1},
		{"one labelled point among duplicates", gen(func(i int) site.Point {
			if i == n/2 {
				return notes.With(site.Point{X: 1, Y: 1}, "GPT-3", nil)
			}
			return site.Point{X: 1, Y: 1}
		}), false, false, 2, 2},
		{"labels everywhere at one place", gen(func(i int) site.Point { return notes.With(site.Point{X: 1, Y: 1}, "m", nil) }), false, false, 1, 1},
		{"intervals at one place", gen(func(i int) site.Point { return notes.With(site.Point{X: 1, Y: 1}, "", &site.Bounds{}) }), false, false, 1, 1},
		{"random labelled cloud", gen(func(i int) site.Point { return notes.With(site.Point{X: rng.Float64(), Y: rng.Float64()}, "m", nil) }), false, false, MaxThinnedScatter, ScatterCells},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ext := [4]float64{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
			for _, p := range tt.pts {
				if !math.IsNaN(p.X) {
					ext[0], ext[1] = min(ext[0], p.X), max(ext[1], p.X)
				}
				ext[2], ext[3] = min(ext[2], p.Y), max(ext[3], p.Y)
			}
			got := thinScatter(tt.pts, &notes, ext, tt.logX, tt.logY)
			if len(got) > tt.atMost || len(got) < tt.atLeast {
				t.Fatalf("%d points thinned to %d, want %d to %d", len(tt.pts), len(got), tt.atLeast, tt.atMost)
			}
			lastRow := 0
			for _, p := range got {
				if int(p.Row) <= lastRow {
					t.Fatal("thinning changed the order of the points")
				}
				lastRow = int(p.Row)
			}
			if notes.Label(tt.pts[n/2]) == "GPT-3" && !slices.ContainsFunc(got, func(p site.Point) bool { return notes.Label(p) == "GPT-3" }) {
				t.Error("the labelled point was thinned away")
			}
		})
	}
}

// FuzzThinScatter thins a large series built from a few fuzzed values (and
// their duplicates, extremes and NaNs) over a fuzzed extent: the result is
// an ordered subsequence, within MaxThinnedScatter, and keeps a point when
// the series has one.
func FuzzThinScatter(f *testing.F) {
	f.Add(1.0, 2.0, 1.0, 1.0, 2.0, 2.0, false, false)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, false, false)
	f.Add(1e-300, 1e300, 1e-300, 1e300, 1e-300, 1e300, true, true)
	f.Add(-math.MaxFloat64, math.MaxFloat64, -math.MaxFloat64, math.MaxFloat64, -1.0, 1.0, false, false)
	f.Add(math.NaN(), 1.0, 0.0, 1.0, math.Inf(1), 1.0, false, true)
	f.Fuzz(func(t *testing.T, a, b, x0, x1, y0, y1 float64, logX, logY bool) {
		n := chartspec.ScatterThinAbove + 1000
		pts := make([]site.Point, n)
		vals := []float64{a, b, (a + b) / 2, a * 1.0000001, b}
		for i := range pts {
			pts[i] = site.Point{X: vals[i%5], Y: vals[(i/5)%5], Row: int32(i + 2)}
			if i%7 == 0 {
				pts[i].X = x0 + (x1-x0)*float64(i)/float64(n)
			}
		}
		got := thinScatter(pts, nil, [4]float64{x0, x1, y0, y1}, logX, logY)
		if len(got) == 0 || len(got) > MaxThinnedScatter {
			t.Fatalf("%d points thinned to %d", n, len(got))
		}
		last := 0
		for _, p := range got {
			if int(p.Row) <= last {
				t.Fatal("thinning changed the order of the points")
			}
			last = int(p.Row)
		}
	})
}
