package fit

import (
	"errors"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"
)

// The optimiser's limits: its iterations from a grid point and from the
// full fit's optimum (a bootstrap refit, which starts close), and the
// relative change in the objective, over convergeIterations iterations in
// a row, below which it has converged.
const (
	refineIterations    = 2000
	bootstrapIterations = 500
	convergeRelative    = 1e-11
	convergeIterations  = 3
)

// refine runs L-BFGS with the exact gradient from q (which it leaves
// alone) and returns where it ended. A run whose line search can make no
// more progress has converged when the gradient there is negligible
// against the objective's terms; it is reported unconverged otherwise.
func refine(e *evaluator, q []float64, index, iterations int) candidate {
	// The gradient comes with the value at no extra cost; keep the last
	// one for the optimiser's Grad call at the same point.
	lastX := make([]float64, len(q))
	lastG := make([]float64, len(q))
	lastF := math.NaN()
	eval := func(x []float64) {
		if lastF == lastF && slices.Equal(x, lastX) {
			return
		}
		copy(lastX, x)
		lastF = e.value(x, lastG)
	}
	prob := optimize.Problem{
		Func: func(x []float64) float64 {
			eval(x)
			return lastF
		},
		Grad: func(g, x []float64) {
			eval(x)
			copy(g, lastG)
		},
	}
	settings := &optimize.Settings{
		Converger:       &optimize.FunctionConverge{Relative: convergeRelative, Iterations: convergeIterations},
		MajorIterations: iterations,
	}
	res, err := optimize.Minimize(prob, slices.Clone(q), settings, &optimize.LBFGS{})
	if res == nil {
		return candidate{q: slices.Clone(q), f: math.Inf(1), index: index}
	}
	c := candidate{q: res.X, f: res.F, index: index, iterations: res.MajorIterations}
	switch {
	case err == nil:
		c.converged = res.Status == optimize.FunctionConvergence || res.Status == optimize.GradientThreshold
	case errors.Is(err, optimize.ErrLinesearcherFailure) || errors.Is(err, optimize.ErrNoProgress):
		c.converged = stationary(e, res.X)
	}
	return c
}

// stationary reports whether the gradient of the objective at q is
// negligible: each component below 1e-6 of the objective (or of 1e-12,
// for an objective near 0), so that a step of one unit in any searched
// constant would change it by less than that.
func stationary(e *evaluator, q []float64) bool {
	g := make([]float64, len(q))
	f := e.value(q, g)
	tol := 1e-6 * max(f, 1e-12)
	for _, v := range g {
		if !(math.Abs(v) <= tol) {
			return false
		}
	}
	return true
}
