package fit

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// IsoFLOP fits are Hoffmann et al.'s Approach 2 (Chinchilla, 2022): the
// runs of each compute budget C trace a curve of loss against model size
// x, fitted by a parabola in log10 x whose vertex is the budget's optimum
// (x*, y*); the optima then give x* = K·C^A by least squares on log-log
// axes. The bootstrap resamples the runs within each budget and refits
// both steps, for intervals of A and K and a band around x*(C) wherever it
// is extrapolated.

// IsoFLOPCurve is the Kind of a Result that is one budget's parabola,
// y = A + B·u + C·u² with u = log10 x: an isoflop chart draws it as a fit
// of the budget's series. It is not a fit: of its own, so not in Kinds.
const IsoFLOPCurve = "isoflop"

// Curve is the parabola as a Result, for drawing.
func (p Parabola) Curve() Result {
	return Result{Kind: IsoFLOPCurve, A: p.P0, B: p.P1, C: p.P2, R2: p.R2, N: p.N}
}

// Parabola is the isoFLOP curve of one budget: y = P0 + P1·u + P2·u² with
// u = log10 x, as numpy.polyfit(u, y, 2) writes it (highest power last
// here).
type Parabola struct {
	Compute    float64
	P0, P1, P2 float64
	// Lo and Hi are the smallest and largest x of the budget's runs; N is
	// how many runs there are.
	Lo, Hi float64
	N      int
	// R2 is that of y.
	R2 float64
}

// Eval is the parabola at x (NaN for x ≤ 0).
func (p Parabola) Eval(x float64) float64 {
	if x <= 0 {
		return math.NaN()
	}
	u := math.Log10(x)
	return p.P0 + p.P1*u + p.P2*u*u
}

// Minimum is the parabola's vertex.
func (p Parabola) Minimum() Minimum {
	u := -p.P1 / (2 * p.P2)
	return Minimum{Compute: p.Compute, X: math.Pow(10, u), Y: p.P0 - p.P1*p.P1/(4*p.P2)}
}

// Minimum is a budget's optimum, as the contract's fit.json writes it.
type Minimum struct {
	Compute float64 `json:"compute"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
}

// IsoFLOP is an Approach 2 fit.
type IsoFLOP struct {
	// Parabolas and Minima are those of the budgets the power law is
	// fitted to, in order of compute.
	Parabolas []Parabola
	Minima    []Minimum
	// A and K are the power law's x* = K·C^A, with their standard errors
	// and 95% intervals when bootstrapped; R2 is that of log10 x* against
	// log10 C.
	A, K Estimate
	R2   float64
	// Skipped are the budgets left out, each with why: too few sizes for
	// a parabola, a parabola that opens downwards, or a minimum outside
	// the sizes run.
	Skipped []Skip
	// Failed is how many bootstrap replicates could not be refitted (a
	// resample with fewer than three sizes in a budget, or a parabola that
	// opens downwards); they are left out of the intervals.
	Failed int
	// reps holds each finite replicate's (log10 K, A), for Band.
	reps [][2]float64
}

// Skip is a budget an isoFLOP fit left out, and why.
type Skip struct {
	Compute float64
	Why     string
}

func (s Skip) String() string { return fmt.Sprintf("the budget %g: %s", s.Compute, s.Why) }

// Optimum is the power law's x* at compute c.
func (r IsoFLOP) Optimum(c float64) float64 {
	return r.K.Estimate * math.Pow(c, r.A.Estimate)
}

// Band is the 95% percentile band of the bootstrap replicates' x*(c): a
// prediction band for the optimum at budgets beyond the data as within.
// ok is false when the fit was not bootstrapped.
func (r IsoFLOP) Band(c float64) (lo, hi float64, ok bool) {
	if len(r.reps) < 2 || c <= 0 {
		return 0, 0, false
	}
	lc := math.Log10(c)
	vs := make([]float64, len(r.reps))
	for i, p := range r.reps {
		vs[i] = p[0] + p[1]*lc
	}
	slices.Sort(vs)
	return math.Pow(10, Percentile(vs, 2.5)), math.Pow(10, Percentile(vs, 97.5)), true
}

// FitIsoFLOP fits the runs (cs[i], xs[i], ys[i]): compute budget, size
// and loss. Budgets with fewer than three different sizes, whose parabola
// opens downwards or whose minimum lies outside the sizes run are left out
// and named in Skipped; at least two budgets must remain. With reps above
// 0 the runs are resampled within each budget reps times (seeded with
// seed) for the intervals and Band.
func FitIsoFLOP(cs, xs, ys []float64, reps int, seed uint64) (IsoFLOP, error) {
	if len(cs) != len(xs) || len(xs) != len(ys) {
		return IsoFLOP{}, errorf(-1, "%d compute values, %d x values and %d y values: the runs need all three", len(cs), len(xs), len(ys))
	}
	for i := range cs {
		if !finite(cs[i], xs[i], ys[i]) {
			return IsoFLOP{}, errorf(i, "run %d is not a finite number", i+1)
		}
		if cs[i] <= 0 || xs[i] <= 0 {
			e := errorf(i, "an isoFLOP fit needs compute and x above 0 (it takes their logarithms), but run %d has compute %g and x %g", i+1, cs[i], xs[i])
			e.Axis = "x"
			return IsoFLOP{}, e
		}
	}
	budgets := groupBudgets(cs)
	var r IsoFLOP
	var used [][]int
	for _, rows := range budgets {
		c := cs[rows[0]]
		u, y := logRows(rows, xs, ys, nil)
		if d := distinct(u); d < 3 {
			r.Skipped = append(r.Skipped, Skip{c, fmt.Sprintf("its runs are at %d different sizes, and a parabola needs 3", d)})
			continue
		}
		p, ok := parabola(u, y)
		p.Compute, p.N = c, len(rows)
		p.Lo, p.Hi = math.Pow(10, slices.Min(u)), math.Pow(10, slices.Max(u))
		if !ok {
			r.Skipped = append(r.Skipped, Skip{c, "its parabola opens downwards (loss has no minimum over its sizes)"})
			continue
		}
		m := p.Minimum()
		if m.X < p.Lo || m.X > p.Hi {
			r.Skipped = append(r.Skipped, Skip{c, fmt.Sprintf("its minimum, at x = %.3g, lies outside the sizes run (%.3g to %.3g); run sizes beyond it", m.X, p.Lo, p.Hi)})
			continue
		}
		r.Parabolas, r.Minima = append(r.Parabolas, p), append(r.Minima, m)
		used = append(used, rows)
	}
	if len(r.Minima) < 2 {
		msg := fmt.Sprintf("an isoFLOP fit needs the minima of at least 2 compute budgets for its power law, and has %d", len(r.Minima))
		for k, s := range r.Skipped {
			sep := "; "
			if k == 0 {
				sep = " ("
			}
			msg += sep + s.String()
		}
		if len(r.Skipped) > 0 {
			msg += ")"
		}
		return IsoFLOP{}, errorf(-1, "%s", msg)
	}
	lc, lx := make([]float64, len(r.Minima)), make([]float64, len(r.Minima))
	for i, m := range r.Minima {
		lc[i], lx[i] = math.Log10(m.Compute), math.Log10(m.X)
	}
	if distinct(lc) < 2 {
		return IsoFLOP{}, errorf(-1, "an isoFLOP fit needs at least 2 different compute budgets")
	}
	law, err := line(lc, lx)
	if err != nil {
		return IsoFLOP{}, err
	}
	r.R2 = min(max(law.R2, 0), 1)
	var aReps, kReps []float64
	if reps > 0 {
		aReps, kReps = make([]float64, reps), make([]float64, reps)
		for k := range reps {
			lk, a, ok := r.replicate(used, xs, ys, seed, k)
			aReps[k], kReps[k] = math.NaN(), math.NaN()
			if !ok {
				r.Failed++
				continue
			}
			aReps[k], kReps[k] = a, math.Pow(10, lk)
			r.reps = append(r.reps, [2]float64{lk, a})
		}
	}
	r.A = Summarize(law.B, aReps)
	r.K = Summarize(math.Pow(10, law.A), kReps)
	return r, nil
}

// replicate refits bootstrap replicate k: each budget's rows resampled
// (its own stream, so that budgets draw independently), its parabola and
// the power law through the minima. ok is false when a budget's resample
// cannot give a minimum.
func (r IsoFLOP) replicate(used [][]int, xs, ys []float64, seed uint64, k int) (lk, a float64, ok bool) {
	lc, lx := make([]float64, len(used)), make([]float64, len(used))
	for g, rows := range used {
		idx := make([]int, len(rows))
		Resample(idx, seed, k*len(used)+g)
		u, y := logRows(rows, xs, ys, idx)
		if distinct(u) < 3 {
			return 0, 0, false
		}
		p, ok := parabola(u, y)
		if !ok {
			return 0, 0, false
		}
		lc[g] = math.Log10(r.Parabolas[g].Compute)
		lx[g] = -p.P1 / (2 * p.P2)
	}
	b, s := stat.LinearRegression(lc, lx, nil, false)
	return b, s, finite(b, s)
}

// groupBudgets returns the rows of each compute budget, budgets in
// increasing order and rows in input order.
func groupBudgets(cs []float64) [][]int {
	byC := map[float64][]int{}
	var order []float64
	for i, c := range cs {
		if _, ok := byC[c]; !ok {
			order = append(order, c)
		}
		byC[c] = append(byC[c], i)
	}
	slices.Sort(order)
	out := make([][]int, len(order))
	for i, c := range order {
		out[i] = byC[c]
	}
	return out
}

// logRows is log10 x and y of the rows, or of rows[idx[i]] when idx is
// not nil (a bootstrap resample).
func logRows(rows []int, xs, ys []float64, idx []int) (u, y []float64) {
	u, y = make([]float64, len(rows)), make([]float64, len(rows))
	for i := range rows {
		j := rows[i]
		if idx != nil {
			j = rows[idx[i]]
		}
		u[i], y[i] = math.Log10(xs[j]), ys[j]
	}
	return u, y
}

// parabola fits y = P0 + P1·u + P2·u² by least squares (QR, on u less its
// mean for conditioning); ok is false when it does not open upwards.
func parabola(u, y []float64) (Parabola, bool) {
	n := len(u)
	m := 0.0
	for _, v := range u {
		m += v
	}
	m /= float64(n)
	design := mat.NewDense(n, 3, nil)
	for i, v := range u {
		d := v - m
		design.Set(i, 0, 1)
		design.Set(i, 1, d)
		design.Set(i, 2, d*d)
	}
	var qr mat.QR
	qr.Factorize(design)
	var q mat.VecDense
	if err := qr.SolveVecTo(&q, false, mat.NewVecDense(n, slices.Clone(y))); err != nil {
		return Parabola{}, false
	}
	q0, q1, q2 := q.AtVec(0), q.AtVec(1), q.AtVec(2)
	p := Parabola{P0: q0 - q1*m + q2*m*m, P1: q1 - 2*q2*m, P2: q2}
	var rss, tss, mean float64
	for _, v := range y {
		mean += v
	}
	mean /= float64(n)
	for i, v := range u {
		d := v - m
		e := y[i] - q0 - q1*d - q2*d*d
		rss += e * e
		tss += (y[i] - mean) * (y[i] - mean)
	}
	p.R2 = min(max(r2(rss, tss), 0), 1)
	return p, q2 > 0 && finite(q0, q1, q2)
}

// Parameters are the power law's constants by the names fit.json gives
// them: a, the exponent, and k.
func (r IsoFLOP) Parameters() map[string]Estimate {
	return map[string]Estimate{"a": r.A, "k": r.K}
}
