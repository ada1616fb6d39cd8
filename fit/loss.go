package fit

import "math"

// objective is the sum of the loss of a law's residuals, as a function of
// the constants the optimiser searches (params says which of them are
// logarithms of the law's constants). It is shared by the goroutines of a
// fit and only read; each goroutine evaluates it with its own evaluator.
type objective struct {
	m      Model
	target []float64 // y, or log y when log
	huber  bool
	delta  float64
	log    bool
	params []param
}

// consts is the law's constants at the searched constants q, into dst
// when it has room.
func (o *objective) consts(q, dst []float64) []float64 {
	if cap(dst) < len(q) {
		dst = make([]float64, len(q))
	}
	dst = dst[:len(q)]
	for j, v := range q {
		if o.params[j].log {
			dst[j] = math.Exp(v)
		} else {
			dst[j] = v * o.params[j].unit
		}
	}
	return dst
}

// slope is ∂p/∂q of constant j at the law's constants p: p[j] for a
// constant searched as its logarithm, its unit otherwise.
func (o *objective) slope(j int, p []float64) float64 {
	if o.params[j].log {
		return p[j]
	}
	return o.params[j].unit
}

// residual is the residual of row i for the prediction pred: target − pred,
// or target − log pred (NaN when pred ≤ 0) in log space.
func (o *objective) residual(i int, pred float64) float64 {
	if o.log {
		if !(pred > 0) {
			return math.NaN()
		}
		return o.target[i] - math.Log(pred)
	}
	return o.target[i] - pred
}

// loss is ρ(r) and its derivative ψ(r) = ρ'(r): Huber's or r²/2.
func (o *objective) loss(r float64) (rho, psi float64) {
	if o.huber {
		if a := math.Abs(r); a > o.delta {
			return o.delta * (a - o.delta/2), math.Copysign(o.delta, r)
		}
	}
	return r * r / 2, r
}

// r2 is 1 − RSS/TSS of the residuals at the law's constants p over every
// row, in the space the residuals are taken in.
func (o *objective) r2(p []float64) float64 {
	mean := 0.0
	for _, t := range o.target {
		mean += t
	}
	mean /= float64(len(o.target))
	var rss, tss float64
	for i, t := range o.target {
		r := o.residual(i, o.m.Predict(p, i, nil))
		rss += r * r
		tss += (t - mean) * (t - mean)
	}
	return r2(rss, tss)
}

// evaluator evaluates an objective over rows (every row when nil; a
// bootstrap resample repeats rows), with the scratch space of one
// goroutine.
type evaluator struct {
	*objective
	rows        []int
	p, gp, grad []float64
}

func (o *objective) evaluator(rows []int) *evaluator {
	k := len(o.params)
	return &evaluator{objective: o, rows: rows, p: make([]float64, k), gp: make([]float64, k), grad: make([]float64, k)}
}

// value is the objective at the searched constants q and, when gq is not
// nil, its gradient with respect to q. It is +Inf where a prediction is
// not finite or, in log space, not above 0.
func (e *evaluator) value(q, gq []float64) float64 {
	p := e.consts(q, e.p)
	var g []float64
	if gq != nil {
		g = e.grad
		clear(e.gp)
	}
	f := 0.0
	n := len(e.target)
	if e.rows != nil {
		n = len(e.rows)
	}
	for k := range n {
		i := k
		if e.rows != nil {
			i = e.rows[k]
		}
		pred := e.m.Predict(p, i, g)
		r := e.residual(i, pred)
		if math.IsNaN(r) || math.IsInf(r, 0) {
			return math.Inf(1)
		}
		rho, psi := e.loss(r)
		f += rho
		if g != nil {
			// ∂r/∂pred is −1, or −1/pred in log space.
			w := -psi
			if e.log {
				w /= pred
			}
			for j, v := range g {
				e.gp[j] += w * v
			}
		}
	}
	if gq != nil {
		for j := range gq {
			gq[j] = e.gp[j] * e.slope(j, p)
		}
		if !finite(gq...) {
			return math.Inf(1)
		}
	}
	return f
}
