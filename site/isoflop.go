package site

import (
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/fit"
)

// isoflopSeed seeds the bootstrap of every isoFLOP fit, so that the same
// runs give the same intervals and band on every build.
const isoflopSeed = 1

// isoflopFits fits an isoflop chart (chartspec.TypeIsoFLOP) once its two
// panels are loaded: panel 1 holds the runs, a series per compute budget
// (x the size, y the loss), panel 2 the same rows as (compute, size). Each
// budget's parabola becomes a fit of its series in panel 1; panel 2's
// series are replaced by the budget's minimum, and its fit is the power
// law through them, carrying the bootstrap's band. A budget that gives no
// minimum is an error at the chart's compute key naming it.
func isoflopFits(sc *chartspec.Chart, c *Chart) error {
	if sc.IsoFLOP == nil || len(c.Panels) != 2 {
		return nil
	}
	runs, minima := &c.Panels[0], &c.Panels[1]
	// The rows of panel 2 give each run's compute, by its row.
	computeOf := map[int]float64{}
	for _, s := range minima.Series {
		for _, pt := range s.Points {
			computeOf[int(pt.Row)] = pt.X
		}
	}
	var cs, xs, ys []float64
	seriesOf := map[float64]string{} // a budget's series in panel 1
	for _, s := range runs.Series {
		for _, pt := range drawnPoints(s.Points) {
			cv, ok := computeOf[int(pt.Row)]
			if !ok {
				continue
			}
			cs, xs, ys = append(cs, cv), append(xs, pt.X), append(ys, pt.Y)
			seriesOf[cv] = s.Name
		}
	}
	at := sc.IsoFLOP.Compute.Pos
	// each resample refits a parabola per budget: the straight lines' bound
	if most := kindRefits(fit.Linear, len(xs)); sc.IsoFLOP.Bootstrap > most {
		return diag.Errorf(at, "the isoflop fit asks for %d bootstrap resamples of %d runs, and a build may refit %d runs at most %d times: ask for %d or fewer (1,000 is usual)",
			sc.IsoFLOP.Bootstrap, len(xs), len(xs), most, most)
	}
	r, err := fit.FitIsoFLOP(cs, xs, ys, sc.IsoFLOP.Bootstrap, isoflopSeed)
	if err != nil {
		return diag.Errorf(at, "the isoflop fit: %v", err)
	}
	if len(r.Skipped) > 0 {
		var errs diag.List
		for _, s := range r.Skipped {
			errs.Add(diag.Errorf(at, "the isoflop fit: %s; or leave the budget out with where: {%s: \"!= %g\"}", s, sc.IsoFLOP.Compute.Name, s.Compute))
		}
		return errs.Err()
	}
	runs.Fits = runs.Fits[:0]
	for _, p := range r.Parabolas {
		runs.Fits = append(runs.Fits, Fitted{Series: seriesOf[p.Compute], Result: p.Curve(), Lo: p.Lo, Hi: p.Hi})
	}
	// Panel 2 draws one point per budget, its minimum, in its series.
	rowOf := map[float64]int{}
	for _, s := range minima.Series {
		for _, pt := range s.Points {
			if _, ok := rowOf[pt.X]; !ok {
				rowOf[pt.X] = int(pt.Row)
			}
		}
	}
	minima.Series = minima.Series[:0]
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, m := range r.Minima {
		minima.Series = append(minima.Series, Series{Name: seriesOf[m.Compute], Points: []Point{{X: m.Compute, Y: m.X, Row: int32(rowOf[m.Compute])}}})
		lo, hi = min(lo, m.Compute), max(hi, m.Compute)
	}
	minima.Fits = []Fitted{{
		Result:  fit.Result{Kind: fit.PowerLaw, A: r.K.Estimate, B: r.A.Estimate, R2: r.R2, N: len(r.Minima)},
		Lo:      lo,
		Hi:      hi,
		IsoFLOP: &r,
	}}
	return nil
}
