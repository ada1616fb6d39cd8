package fit

import "math"

// bootstrap refits the law to o.Bootstrap resamples of the rows, each
// from the full fit's optimum q, on o.Workers goroutines. Resample r's
// constants are replicates[r] whichever goroutine fits it, so the result
// does not depend on their number; a refit that fails gives NaNs and
// counts in failed.
func bootstrap(obj *objective, q []float64, o LawOptions) (replicates [][]float64, failed int) {
	n := len(obj.target)
	replicates = make([][]float64, o.Bootstrap)
	parallel(o.Bootstrap, o.Workers, func(next func() (int, bool)) {
		rows := make([]int, n)
		e := obj.evaluator(rows)
		for r, ok := next(); ok; r, ok = next() {
			Resample(rows, o.Seed, r)
			c := refine(e, q, r, bootstrapIterations)
			p := obj.consts(c.q, nil)
			if math.IsInf(c.f, 1) || !finite(p...) {
				for j := range p {
					p[j] = math.NaN()
				}
			}
			replicates[r] = p
		}
	})
	for _, p := range replicates {
		if len(p) > 0 && math.IsNaN(p[0]) {
			failed++
		}
	}
	return replicates, failed
}
