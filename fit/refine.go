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
	convergeIterations  = 1
)

// refine runs L-BFGS with the exact gradient from q (which it leaves
// alone) and returns where it ended; init, when not nil, holds the value
// and gradient at q. A run whose line search can make no more progress is
// reported stalled, for the caller to judge with stationary.
func refine(value func(x, grad []float64) float64, q []float64, index, iterations int, init *optimize.Location) candidate {
	// The gradient comes with the value at little extra cost; keep the
	// last one for the optimiser's Grad call at the same point.
	lastX := make([]float64, len(q))
	lastG := make([]float64, len(q))
	lastF := math.NaN()
	eval := func(x []float64) {
		if lastF == lastF && slices.Equal(x, lastX) {
			return
		}
		copy(lastX, x)
		lastF = value(x, lastG)
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
		InitValues:      init,
	}
	res, err := optimize.Minimize(prob, slices.Clone(q), settings, &optimize.LBFGS{GradStopThreshold: math.NaN()})
	if res == nil {
		return candidate{q: slices.Clone(q), f: math.Inf(1), index: index}
	}
	c := candidate{q: res.X, f: res.F, index: index, iterations: res.MajorIterations}
	switch {
	case err == nil:
		c.converged = res.Status == optimize.FunctionConvergence
	case errors.Is(err, optimize.ErrLinesearcherFailure) || errors.Is(err, optimize.ErrNoProgress):
		c.stalled = true
	}
	return c
}

// stationary reports whether the gradient of the objective at q is
// negligible: each component below 1e-6 of the sum of the magnitudes of
// its rows' terms, so that what is left is the rounding of terms that
// cancel, whatever the data's units. An exact fit, every residual within
// 1e-10 of the largest target, is stationary too: its gradient is all
// rounding.
func (e *evaluator) stationary(q []float64) bool {
	k := len(q)
	p := e.consts(q, nil)
	g, mag := make([]float64, k), make([]float64, k)
	var largest, worst float64
	n := len(e.target)
	if e.rows != nil {
		n = len(e.rows)
	}
	for c := range n {
		i := c
		if e.rows != nil {
			i = e.rows[c]
		}
		pred := e.m.Predict(p, i, e.grad)
		r := e.residual(i, pred)
		largest, worst = max(largest, math.Abs(e.target[i])), max(worst, math.Abs(r))
		_, psi := e.loss(r)
		w := -psi
		if e.log {
			w /= pred
		}
		for j, v := range e.grad {
			t := w * v * e.slope(j, p)
			g[j] += t
			mag[j] += math.Abs(t)
		}
	}
	if worst <= 1e-10*largest {
		return true
	}
	for j := range k {
		if !(math.Abs(g[j]) <= 1e-6*mag[j]) {
			return false
		}
	}
	return true
}
