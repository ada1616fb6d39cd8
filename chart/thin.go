package chart

import (
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// ScatterCells is how many cells each axis of a panel is cut into when a
// large scatter series is thinned: about one cell per pixel of a plot on a
// wide screen.
const ScatterCells = 1024

// thinScatter keeps, of a large scatter series, the first point that falls
// in each cell of a ScatterCells × ScatterCells grid over the panel's
// extent (ext: x and y bounds, on screen: log10 on a log axis), so that a
// cloud of 300,000 points is drawn from the ones that can be told apart
// and the page stays light. It is the scatter's counterpart of LTTB for
// lines: what is kept looks the same at screen resolution.
//
// Labelled points, points with an interval, and points outside ext are
// always kept. A series of at most chartspec.ScatterThinAbove points is returned as
// it is.
func thinScatter(pts []site.Point, ext [4]float64, logX, logY bool) []site.Point {
	if len(pts) <= chartspec.ScatterThinAbove {
		return pts
	}
	x0, x1 := screen(ext[0], logX), screen(ext[1], logX)
	y0, y1 := screen(ext[2], logY), screen(ext[3], logY)
	wx, wy := (x1-x0)/ScatterCells, (y1-y0)/ScatterCells
	if !(wx > 0) || !(wy > 0) || math.IsInf(wx, 0) || math.IsInf(wy, 0) {
		return pts
	}
	seen := make(map[uint32]bool, ScatterCells*4)
	out := make([]site.Point, 0, min(len(pts), ScatterCells*ScatterCells/8))
	for _, p := range pts {
		cx := math.Floor((screen(p.X, logX) - x0) / wx)
		cy := math.Floor((screen(p.Y, logY) - y0) / wy)
		inside := cx >= 0 && cx <= ScatterCells && cy >= 0 && cy <= ScatterCells
		if p.Label != "" || p.Bounds != nil || !inside {
			out = append(out, p)
			continue
		}
		cell := uint32(cx)*(ScatterCells+1) + uint32(cy)
		if !seen[cell] {
			seen[cell] = true
			out = append(out, p)
		}
	}
	if len(out) == len(pts) {
		return pts
	}
	return out
}
