package chart

import (
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/site"
)

// thinnedSeries is a series as a panel draws it (thinPanel): the points
// drawn, and the data of a thinned line's spread band (spreadOf), nil
// when it has none.
type thinnedSeries struct {
	pts    []site.Point
	spread []byte
}

// thinAheadPoints is the number of points of a panel above which its
// series are thinned on every core: below it, starting goroutines costs
// more than thinning (a long log of ten runs is ten million points, and
// thinning one run of a million is about 30 ms).
const thinAheadPoints = 1 << 18

// thinPanel thins the series of panel i of c, in the order given, for
// drawing (downsampleAt a line longer than target, thinScatter a
// scatter): each series on its own, so a panel of many long series is
// thinned on every core at once. The result is the same, in the same
// order, whichever core thinned what.
func thinPanel(c *site.Chart, i int, series []site.Series, target int) []thinnedSeries {
	p := &c.Spec.Panels[i] // not a copy: the closure below would move it to the heap
	var ext [4]float64
	if p.Type == chartspec.TypeScatter && target > 0 {
		ext[0], ext[1], ext[2], ext[3] = PanelExtent(c, i)
	}
	logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
	out := make([]thinnedSeries, len(series))
	// thin thins series k with w's scratch (lineScratch and the screen xs
	// of one line), which one goroutine holds at a time.
	type scratch struct {
		line lineScratch
		xs   []float64
	}
	thin := func(k int, w *scratch) {
		pts := series[k].Points
		switch {
		case p.Type == chartspec.TypeLine && target > 0 && len(pts) > target:
			w.xs = screenXs(pts, logX, w.xs)
			drawn := downsampleAt(pts, series[k].Notes, w.xs, target, logX, logY, &w.line)
			out[k] = thinnedSeries{pts: drawn, spread: spreadOf(pts, drawn, series[k].Notes, w.xs, target)}
		case p.Type == chartspec.TypeScatter && target > 0:
			out[k] = thinnedSeries{pts: thinScatter(pts, series[k].Notes, ext, logX, logY)}
		default:
			out[k] = thinnedSeries{pts: pts}
		}
	}
	points := 0
	for _, s := range series {
		points += len(s.Points)
	}
	workers := 0 // every core
	if points <= thinAheadPoints || target <= 0 {
		workers = 1
	}
	par.ForEach(len(series), workers, thin)
	return out
}
