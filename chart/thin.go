package chart

import (
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// ScatterCells is how many cells each axis of a panel is cut into when a
// large scatter series is thinned: about one cell per half marker (the
// 7 px markers of a crowded scatter) of a plot on a wide screen, so that
// the picture looks the same and a series keeps at most 257² points inside
// its extent, which the static figure draws in seconds (at 1,024 a random
// cloud of 300,000 points kept 250,000 and took two minutes and 1 GiB).
const ScatterCells = 256

// thinSpan is how many panel widths, on each side of the panel's extent, the
// thinning grid reaches: a point further out shares the border cell. The
// extent a chart thins over holds every point (PanelExtent), so none: only
// a caller's narrower extent leaves points outside. So the grid has
// thinSpanCells cells along each axis, whatever the data.
const (
	thinSpan      = 0
	thinSpanCells = (2*thinSpan+1)*ScatterCells + 1
)

// MaxThinnedScatter is the most points a thinned scatter series keeps: one
// plain point and one point with a label or an interval in each cell of the
// grid, and one point whose position is not a number: 132,099. It bounds
// the marks of a scatter series in the chart and its static figure,
// whatever the data; a cloud without labels keeps at most 66,049.
const MaxThinnedScatter = 2*thinSpanCells*thinSpanCells + 1

// thinScatter keeps, of a large scatter series, the first point that falls
// in each cell of a ScatterCells × ScatterCells grid over the panel's
// extent (ext: x and y bounds, on screen: log10 on a log axis), so that a
// cloud of 300,000 points is drawn from the ones that can be told apart
// and the page and its static figure stay light. It is the scatter's
// counterpart of LTTB for lines: what is kept looks the same at screen
// resolution.
//
// Every point is thinned, whatever the data: duplicates fall in one cell,
// an axis of zero extent (every x the same) is one cell wide, points
// outside ext share the grid's border cells (see thinSpan), and points whose
// position is not a number share one. A point with a label drawn beside it
// or an interval (in notes) is kept unless another such point was kept in its cell, so
// that a plain point never hides one. The result holds at most
// MaxThinnedScatter points, in their order; a series of at most
// chartspec.ScatterThinAbove points is returned as it is.
func thinScatter(pts []site.Point, notes *site.Notes, ext [4]float64, logX, logY bool) []site.Point {
	if len(pts) <= chartspec.ScatterThinAbove {
		return pts
	}
	gx, gy := newThinAxis(ext[0], ext[1], logX), newThinAxis(ext[2], ext[3], logY)
	seen := make(map[uint64]struct{}, ScatterCells*4)
	out := make([]site.Point, 0, min(len(pts), ScatterCells*ScatterCells/8))
	for _, p := range pts {
		cx, okx := gx.cell(p.X)
		cy, oky := gy.cell(p.Y)
		key := uint64(thinSpanCells * thinSpanCells) // the cell of points that are not a number
		if okx && oky {
			key = uint64(cx)*thinSpanCells + uint64(cy)
		}
		if (notes.Label(p) != "" && !notes.NameOnly(p)) || notes.Bounds(p) != nil {
			key |= 1 << 62 // the grid of labelled points and intervals
		}
		if _, ok := seen[key]; !ok {
			seen[key] = struct{}{}
			out = append(out, p)
		}
	}
	if len(out) == len(pts) {
		return pts
	}
	return out
}

// thinAxis maps a value to its column (or row) of the thinning grid. On an
// extent whose width overflows a float64 the screen positions are halved,
// so that no difference of two of them overflows; an extent of zero is one
// cell wide rather than a reason to keep every point.
type thinAxis struct {
	lo, span float64 // screen positions, times scale: the extent's low end and width
	scale    float64 // 1, or ½ on an extent wider than a float64
	log      bool
}

func newThinAxis(lo, hi float64, log bool) thinAxis {
	a := thinAxis{scale: 1, log: log}
	if math.IsInf(screen(hi, log)-screen(lo, log), 0) {
		a.scale = 0.5
	}
	a.lo = screen(lo, log) * a.scale
	a.span = screen(hi, log)*a.scale - a.lo
	if !(a.span > 0) || math.IsInf(a.span, 0) {
		a.span = 0
	}
	return a
}

// cell is v's index along the axis, from 0 to thinSpanCells-1, and false
// when v's position is not a number (NaN, or a value a log axis cannot show).
func (a thinAxis) cell(v float64) (int, bool) {
	s := screen(v, a.log) * a.scale
	if math.IsNaN(s) || math.IsInf(s, 0) || math.IsNaN(a.lo) || math.IsInf(a.lo, 0) {
		return 0, false
	}
	t := 0.0 // the position in extents from lo: 0 to 1 inside
	switch {
	case a.span > 0:
		t = (s - a.lo) / a.span
	case s > a.lo:
		t = 1
	case s < a.lo:
		t = -1 // a zero extent: the points on it share one cell, the rest its neighbours'
	}
	c := math.Floor(t * ScatterCells)
	c = max(-thinSpan*ScatterCells, min(c, (thinSpan+1)*ScatterCells))
	return int(c) + thinSpan*ScatterCells, true
}
