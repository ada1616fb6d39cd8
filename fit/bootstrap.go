package fit

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// bootstrap refits the law to o.Bootstrap resamples of the rows, each
// from the full fit's optimum q, on o.Workers goroutines. Resample r's
// constants are replicates[r] whichever goroutine fits it, so the result
// does not depend on their number; a refit that fails gives NaNs and
// counts in failed.
//
// The refits search a whitened copy of the constants, z with
// q = q̂ + Mz, M = L⁻ᵀ, LLᵀ being the Gauss–Newton matrix of the full fit at its
// optimum q̂ (see precondition): a resample's objective then curves about
// equally in every direction, and L-BFGS needs a few iterations where it
// needs dozens on constants as entangled as a law's offset, scale and
// exponent.
func bootstrap(obj *objective, q []float64, o LawOptions) (replicates [][]float64, failed int) {
	n, k := len(obj.target), len(q)
	m := precondition(obj, q)
	replicates = make([][]float64, o.Bootstrap)
	parallel(o.Bootstrap, o.Workers, func(next func() (int, bool)) {
		rows := make([]int, n)
		e := obj.evaluator(rows)
		qz := make([]float64, k)
		gq := make([]float64, k)
		// at is q̂ + Mz, M = L⁻ᵀ.
		at := func(z []float64) []float64 {
			for i := range k {
				v := q[i]
				for j, zj := range z {
					v += m[i*k+j] * zj
				}
				qz[i] = v
			}
			return qz
		}
		whitened := func(z, gz []float64) float64 {
			if gz == nil {
				return e.value(at(z), nil)
			}
			// ∂f/∂z = Mᵀ ∂f/∂q.
			f := e.value(at(z), gq)
			for j := range k {
				v := 0.0
				for i, g := range gq {
					v += m[i*k+j] * g
				}
				gz[j] = v
			}
			return f
		}
		// The first step of L-BFGS is of length 1 along the gradient: in
		// units u = z/|g(0)| it is the Newton step of the whitened
		// objective, whose Hessian is about the identity.
		start := make([]float64, k)
		g0 := make([]float64, k)
		z := make([]float64, k)
		scale := 1.0
		scaled := func(u, gu []float64) float64 {
			for j, v := range u {
				z[j] = scale * v
			}
			f := whitened(z, gu)
			for j := range gu {
				gu[j] *= scale
			}
			return f
		}
		for r, ok := next(); ok; r, ok = next() {
			Resample(rows, o.Seed, r)
			f0 := whitened(start, g0)
			scale = 1
			if norm := floats.Norm(g0, 2); norm > 0 && !math.IsInf(norm, 0) {
				scale = norm
			}
			floats.Scale(scale, g0)
			c := refine(scaled, start, r, bootstrapIterations, &optimize.Location{F: f0, Gradient: g0})
			floats.Scale(scale, c.q)
			p := obj.consts(at(c.q), nil)
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

// precondition is M = L⁻ᵀ (k×k, row-major), L being the lower Cholesky
// factor of the Gauss–Newton matrix
// JᵀWJ of the objective at the searched constants q, W weighting each row
// by ψ(r)/r (1 for squared loss; for Huber's, 1 within δ and δ/|r|
// beyond: the curvature of the quadratic that touches the loss at r). It
// is the identity when that matrix is not positive definite, and the
// refits then search q itself.
func precondition(obj *objective, q []float64) []float64 {
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
	m := mat.NewDense(k, k, nil)
	var chol mat.Cholesky
	var l, inv mat.TriDense
	if ok := chol.Factorize(h); ok {
		chol.LTo(&l)
		ok = inv.InverseTri(&l) == nil
		if ok {
			m.Copy(inv.T())
		}
	}
	if m.Norm(1) == 0 || !finite(m.RawMatrix().Data...) {
		for i := range k {
			m.Set(i, i, 1)
		}
	}
	return m.RawMatrix().Data
}
