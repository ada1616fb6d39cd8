package fit

import (
	"math"
	"runtime"
)

// Constants are a fit's constants A, B and C (Result's) with their
// standard errors and 95% intervals when bootstrapped.
type Constants [3]Estimate

// BootstrapKind gives the constants of r, a fit of its kind to the points
// (xs[i], ys[i]), with the standard errors and 95% percentile intervals of
// reps refits to resamples of the points (rows drawn with Resample, seeded
// with seed, as every bootstrap of the package). Each refit is the kind's
// own: a straight line by least squares for powerlaw, loglinear, linear
// and exponential (whose origin C stays the full fit's, so A is the value
// at the same x), variable projection for powerlaw+c, searching first near the
// full fit's exponent. A resample the kind
// cannot fit (all its points at one x) is left out of the summary. With
// reps 0 the constants have no SE.
func BootstrapKind(r Result, xs, ys []float64, reps int, seed uint64) Constants {
	var c Constants
	vals := [3]float64{r.A, r.B, r.C}
	if reps <= 0 {
		for j, v := range vals {
			c[j] = Estimate{Estimate: v}
		}
		return c
	}
	var reps3 [3][]float64
	for j := range reps3 {
		reps3[j] = make([]float64, reps)
	}
	parallel(reps, runtime.GOMAXPROCS(0), func(next func() (int, bool)) {
		idx := make([]int, len(xs))
		bx, by := make([]float64, len(xs)), make([]float64, len(xs))
		for k, ok := next(); ok; k, ok = next() {
			Resample(idx, seed, k)
			for i, j := range idx {
				bx[i], by[i] = xs[j], ys[j]
			}
			q, err := refitKind(r, bx, by)
			if err != nil || !finite(q.A, q.B, q.C) {
				q.A, q.B, q.C = math.NaN(), math.NaN(), math.NaN()
			}
			reps3[0][k], reps3[1][k], reps3[2][k] = q.A, q.B, q.C
		}
	})
	for j, v := range vals {
		c[j] = Summarize(v, reps3[j])
	}
	if r.Kind != PowerLawC {
		// C is no constant of the law but an origin the fit chose (an
		// exponential's), or none at all.
		c[2] = Estimate{Estimate: r.C}
	}
	return c
}

// refitKind fits a resample the way Fit fitted the full points r came
// from, without Fit's checks of the values (the resample's values are the
// full data's, which passed them).
func refitKind(r Result, xs, ys []float64) (Result, error) {
	if distinct(xs) < MinPoints(r.Kind) {
		return Result{}, errorf(-1, "the resample's points are at too few x values")
	}
	switch r.Kind {
	case PowerLaw:
		return powerLaw(xs, ys)
	case PowerLawC:
		return powerLawC(xs, ys, r.B)
	case LogLinear:
		return line(apply(xs, math.Log10), ys)
	case Linear:
		return line(xs, ys)
	case Exponential:
		q, err := line(apply(xs, func(x float64) float64 { return x - r.C }), apply(ys, math.Log))
		q.A, q.B, q.C = math.Exp(q.A), math.Exp(q.B), r.C
		return q, err
	}
	return Result{}, errorf(-1, "a %s fit has no bootstrap of its own", r.Kind)
}
