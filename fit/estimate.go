package fit

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Estimate is a fitted or derived quantity with, when the fit was
// bootstrapped, its standard error and 95% percentile interval.
type Estimate struct {
	Estimate float64
	// SE and CI95 are set when HasSE: the standard deviation of the
	// bootstrap replicates (n − 1 in the denominator, as numpy's
	// std(ddof=1)) and their 2.5th and 97.5th percentiles (numpy's default,
	// linear interpolation).
	SE    float64
	CI95  [2]float64
	HasSE bool
}

// Summarize is the estimate est with the standard error and percentile
// interval of the replicates; replicates that are not finite (a refit that
// failed) are left out. With fewer than two finite replicates it is est
// alone.
func Summarize(est float64, replicates []float64) Estimate {
	vs := make([]float64, 0, len(replicates))
	for _, v := range replicates {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			vs = append(vs, v)
		}
	}
	if len(vs) < 2 {
		return Estimate{Estimate: est}
	}
	mean := 0.0
	for _, v := range vs {
		mean += v
	}
	mean /= float64(len(vs))
	ss := 0.0
	for _, v := range vs {
		ss += (v - mean) * (v - mean)
	}
	slices.Sort(vs)
	return Estimate{
		Estimate: est,
		SE:       math.Sqrt(ss / float64(len(vs)-1)),
		CI95:     [2]float64{Percentile(vs, 2.5), Percentile(vs, 97.5)},
		HasSE:    true,
	}
}

// Percentile is the q-th percentile (0 ≤ q ≤ 100) of sorted values by
// linear interpolation between the closest ranks, as numpy.percentile's
// default method.
func Percentile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	pos := q / 100 * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	if lo >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	frac := pos - float64(lo)
	return sorted[lo] + frac*(sorted[lo+1]-sorted[lo])
}

// Resample fills idx with a bootstrap resample of the rows 0..len(idx)-1:
// len(idx) rows drawn with replacement. Replicate rep of a fit seeded with
// seed always draws the same rows, whichever goroutine draws it and in
// whatever order, so a bootstrap run on every core gives the same bytes.
func Resample(idx []int, seed uint64, rep int) {
	r := rand.New(rand.NewPCG(seed, uint64(rep)))
	n := len(idx)
	for i := range idx {
		idx[i] = r.IntN(n)
	}
}
