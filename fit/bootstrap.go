package fit

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// bootstrap refits the law to o.Bootstrap resamples of the rows, each
// from the full fit's optimum q, on o.Workers goroutines. Resample r's
// constants are replicates[r] whichever goroutine fits it, so the result
// does not depend on their number; a refit that fails gives NaNs and
// counts in failed.
//
// The refits search a whitened copy of the constants, z with
// q = q̂ + L⁻ᵀz, LLᵀ being the Gauss–Newton matrix of the full fit at its
// optimum q̂ (see precondition): a resample's objective then curves about
// equally in every direction, and L-BFGS needs a few iterations where it
// needs dozens on constants as entangled as a law's offset, scale and
// exponent.
func bootstrap(obj *objective, q []float64, o LawOptions) (replicates [][]float64, failed int) {
	n, k := len(obj.target), len(q)
	l := precondition(obj, q)
	replicates = make([][]float64, o.Bootstrap)
	parallel(o.Bootstrap, o.Workers, func(next func() (int, bool)) {
		rows := make([]int, n)
		e := obj.evaluator(rows)
		x := mat.NewVecDense(k, nil)
		gx := mat.NewVecDense(k, nil)
		qz := make([]float64, k)
		whitened := func(z, gz []float64) float64 {
			if l == nil {
				return e.value(z, gz)
			}
			// q = q̂ + L⁻ᵀz, and ∂f/∂z = L⁻¹ ∂f/∂q.
			x.SolveVec(l.T(), mat.NewVecDense(k, z))
			for j := range k {
				qz[j] = q[j] + x.AtVec(j)
			}
			f := e.value(qz, gz)
			if gz != nil && !math.IsInf(f, 1) {
				gx.SolveVec(l, mat.NewVecDense(k, gz))
				copy(gz, gx.RawVector().Data)
			}
			return f
		}
		start := q
		if l != nil {
			start = make([]float64, k)
		}
		for r, ok := next(); ok; r, ok = next() {
			Resample(rows, o.Seed, r)
			c := refine(whitened, start, r, bootstrapIterations)
			at := c.q
			if l != nil {
				x.SolveVec(l.T(), mat.NewVecDense(k, c.q))
				at = make([]float64, k)
				for j := range k {
					at[j] = q[j] + x.AtVec(j)
				}
			}
			p := obj.consts(at, nil)
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

// precondition is the lower Cholesky factor L of the Gauss–Newton matrix
// JᵀWJ of the objective at the searched constants q, W weighting each row
// by ψ(r)/r (1 for squared loss; for Huber's, 1 within δ and δ/|r|
// beyond: the curvature of the quadratic that touches the loss at r). It
// is nil when that matrix is not positive definite, and the refits then
// search q itself.
func precondition(obj *objective, q []float64) *mat.TriDense {
	p := obj.consts(q, nil)
	j := obj.jacobian(p)
	n, k := j.Dims()
	for i := range n {
		r := obj.residual(i, obj.m.Predict(p, i, nil))
		w := 1.0
		if _, psi := obj.loss(r); r != 0 {
			w = psi / r
		}
		sw := math.Sqrt(w)
		for c := range k {
			j.Set(i, c, j.At(i, c)*sw)
		}
	}
	h := mat.NewSymDense(k, nil)
	h.SymOuterK(1, j.T())
	var chol mat.Cholesky
	if !chol.Factorize(h) {
		return nil
	}
	var l mat.TriDense
	chol.LTo(&l)
	return &l
}
