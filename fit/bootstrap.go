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
func bootstrap(obj *objective, q []float64, o LawOptions) (replicates [][]float64, failed int) {
	n, k := len(obj.target), len(q)
	m := precondition(obj, q)
	replicates = make([][]float64, o.Bootstrap)
	parallel(o.Bootstrap, o.Workers, func(next func() (int, bool)) {
		rows := make([]int, n)
		w := &whitening{e: obj.evaluator(rows), q0: q, m: m, q: make([]float64, k), g: make([]float64, k)}
		start, g0 := make([]float64, k), make([]float64, k)
		for r, ok := next(); ok; r, ok = next() {
			Resample(rows, o.Seed, r)
			w.scale = 1
			f0 := w.value(start, g0)
			if norm := floats.Norm(g0, 2); norm > 0 && !math.IsInf(norm, 0) {
				w.scale = norm
				floats.Scale(norm, g0)
			}
			c := refine(w.value, start, r, bootstrapIterations, &optimize.Location{F: f0, Gradient: g0})
			p := obj.consts(w.at(c.q), nil)
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

// whitening is the objective of a bootstrap refit in the coordinates it
// is searched in: u, with constants q = q̂ + s·M·u, q̂ the full fit's
// optimum, M = L⁻ᵀ for LLᵀ its Gauss–Newton matrix there (see
// precondition), and s the length of the gradient at u = 0 (at q̂).
//
// With M the resample's objective curves about equally in every
// direction, and L-BFGS needs a few iterations where it needs dozens on
// constants as entangled as a law's offset, scale and exponent. With s,
// L-BFGS's first step, of length 1 along the gradient, is the Newton step
// of an objective whose Hessian is about the identity.
type whitening struct {
	e     *evaluator
	q0, m []float64 // q̂, and M (k×k, row-major)
	scale float64   // s
	q, g  []float64 // scratch: constants and gradient in q
}

// at is the constants q = q̂ + s·M·u.
func (w *whitening) at(u []float64) []float64 {
	k := len(u)
	for i := range k {
		v := 0.0
		for j, uj := range u {
			v += w.m[i*k+j] * uj
		}
		w.q[i] = w.q0[i] + w.scale*v
	}
	return w.q
}

// value is the objective at u and, when gu is not nil, its gradient
// s·Mᵀ·∇f(q).
func (w *whitening) value(u, gu []float64) float64 {
	if gu == nil {
		return w.e.value(w.at(u), nil)
	}
	f := w.e.value(w.at(u), w.g)
	k := len(u)
	for j := range k {
		v := 0.0
		for i, g := range w.g {
			v += w.m[i*k+j] * g
		}
		gu[j] = w.scale * v
	}
	return f
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
