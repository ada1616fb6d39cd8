package chart

import (
	"math"
	"math/rand/v2"
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
			pts[i] = site.Point{X: x, Y: 10 * math.Pow(x, -0.1) * (1 + 0.3*rng.NormFloat64()*0.1), Row: i + 2}
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

	small := cloud(chartspec.ScatterThinAbove)
	if got := thinScatter(small, extent(small), true, false); len(got) != len(small) {
		t.Errorf("a scatter of %d points was thinned to %d", len(small), len(got))
	}

	big := cloud(300000)
	big[1000].Label = "GPT-3"
	ext := extent(big)
	got := thinScatter(big, ext, true, false)
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
		if p.Row <= lastRow {
			t.Fatal("thinning changed the order of the points")
		}
		lastRow = p.Row
		if p.Label != "" {
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
		if p.Label == "" && !kept[cell(p)] {
			t.Fatalf("cell %v held a point and is now empty", cell(p))
		}
	}

	// Points outside the axis range (a spec's min or max) are kept: they
	// are clipped when drawn, not thinned.
	narrow := ext
	narrow[1] = math.Pow(10, 9)
	out := 0
	for _, p := range big {
		if p.X > narrow[1] {
			out++
		}
	}
	if got := thinScatter(big, narrow, true, false); len(got) < out {
		t.Errorf("kept %d points, fewer than the %d outside the range", len(got), out)
	}
}
