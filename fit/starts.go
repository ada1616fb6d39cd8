package fit

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// The grid of starting points: at most gridPoints values of each constant
// and about maxGrid points in all (fewer values per constant when a law
// has many); the optimiser runs from the best refineStarts of them.
const (
	gridPoints   = 5
	maxGrid      = 4096
	refineStarts = 16
)

// param is how a constant is searched: as its logarithm when log (a
// constant whose range of starts is above 0, other than an exponent, as
// Hoffmann et al. searched A = e^a), else in units of the largest
// magnitude in its range, so that every searched constant is of order 1
// whatever the data's units; and from which starting values (in the
// searched units).
type param struct {
	log  bool
	unit float64
	grid []float64
}

// parametrize chooses how each constant is searched from its start range
// or, without one, its role.
func parametrize(o LawOptions, y []float64) []param {
	k := len(o.Names)
	per := gridPoints
	for per > 1 && math.Pow(float64(per), float64(k)) > maxGrid {
		per--
	}
	ps := make([]param, k)
	for j, name := range o.Names {
		role := Other
		if j < len(o.Roles) {
			role = o.Roles[j]
		}
		rng, given := o.Start[name]
		if !given {
			rng = defaultRange(role, y)
		}
		p := param{log: role != Exponent && rng[0] > 0, unit: 1}
		if p.log {
			rng = [2]float64{math.Log(rng[0]), math.Log(rng[1])}
		} else if u := max(math.Abs(rng[0]), math.Abs(rng[1])); u > 0 {
			p.unit = u
			rng = [2]float64{rng[0] / u, rng[1] / u}
		}
		p.grid = spaced(rng, per)
		ps[j] = p
	}
	return ps
}

// defaultRange is the range of starting points of a constant of the role
// that start does not give. An exponent runs over [0, 2] (Hoffmann et
// al.'s grid); a scale over decades, from 1e-2 to 1e12 (searched in log,
// so taken to be positive); an offset over [0, min y] when every response
// is above 0, else over the responses' range; any other constant over
// [−1, 1].
func defaultRange(role Role, y []float64) [2]float64 {
	switch role {
	case Exponent:
		return [2]float64{0, 2}
	case Scale:
		return [2]float64{1e-2, 1e12}
	case Offset:
		lo, hi := slices.Min(y), slices.Max(y)
		if lo > 0 {
			return [2]float64{0, lo}
		}
		return [2]float64{lo, hi}
	}
	return [2]float64{-1, 1}
}

// spaced is n evenly spaced values from rng[0] to rng[1] (their middle
// when n is 1 or the range is a point).
func spaced(rng [2]float64, n int) []float64 {
	if n == 1 || rng[0] == rng[1] {
		return []float64{(rng[0] + rng[1]) / 2}
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = rng[0] + (rng[1]-rng[0])*float64(i)/float64(n-1)
	}
	return v
}

// gridPoint fills q with point index of the grid, the last constant
// varying fastest.
func gridPoint(ps []param, index int, q []float64) {
	for j := len(ps) - 1; j >= 0; j-- {
		g := ps[j].grid
		q[j] = g[index%len(g)]
		index /= len(g)
	}
}

// search evaluates the objective on the grid of starting points, runs the
// optimiser from the best of them, and returns the best optimum. The
// grid is split among o.Workers goroutines by index, so the result does
// not depend on their number.
func search(obj *objective, o LawOptions) (best candidate, starts, refined int, err error) {
	starts = 1
	for _, p := range obj.params {
		starts *= len(p.grid)
	}
	fs := make([]float64, starts)
	parallel(starts, o.Workers, func(next func() (int, bool)) {
		e := obj.evaluator(nil)
		q := make([]float64, len(obj.params))
		for i, ok := next(); ok; i, ok = next() {
			gridPoint(obj.params, i, q)
			fs[i] = e.value(q, nil)
		}
	})
	cands := make([]candidate, 0, starts)
	for i, f := range fs {
		if !math.IsInf(f, 1) {
			cands = append(cands, candidate{f: f, index: i})
		}
	}
	if len(cands) == 0 {
		return best, starts, 0, noFiniteStart(obj, o.Names, starts)
	}
	slices.SortFunc(cands, better)
	cands = cands[:min(len(cands), refineStarts)]
	parallel(len(cands), o.Workers, func(next func() (int, bool)) {
		e := obj.evaluator(nil)
		for i, ok := next(); ok; i, ok = next() {
			q := make([]float64, len(obj.params))
			gridPoint(obj.params, cands[i].index, q)
			c := refine(e.value, q, cands[i].index, refineIterations, nil)
			if c.stalled {
				c.converged = e.stationary(c.q)
			}
			cands[i] = c
		}
	})
	best = slices.MinFunc(cands, better)
	if math.IsInf(best.f, 1) {
		return best, starts, len(cands), noFiniteStart(obj, o.Names, starts)
	}
	return best, starts, len(cands), nil
}

// parallel runs work on workers goroutines (at most n), which share the
// indices 0..n-1 through next; each index goes to exactly one of them.
func parallel(n, workers int, work func(next func() (int, bool))) {
	workers = max(1, min(workers, n))
	var mu sync.Mutex
	i := 0
	next := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if i >= n {
			return 0, false
		}
		i++
		return i - 1, true
	}
	if workers == 1 {
		work(next)
		return
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { work(next) })
	}
	wg.Wait()
}

// noFiniteStart is the error when the objective is infinite at every grid
// point: it names the rows whose prediction fails at the grid point where
// the fewest fail.
func noFiniteStart(obj *objective, names []string, starts int) error {
	q := make([]float64, len(obj.params))
	var bad []int
	var at []float64
	negative := false
	for s := range starts {
		gridPoint(obj.params, s, q)
		p := obj.consts(q, nil)
		var rows []int
		neg := false
		for i := range obj.target {
			pred := obj.m.Predict(p, i, nil)
			if math.IsNaN(pred) || math.IsInf(pred, 0) || obj.log && pred <= 0 {
				rows = append(rows, i)
				neg = neg || pred <= 0
			}
		}
		if at == nil || len(rows) < len(bad) {
			bad, at, negative = rows, p, neg
		}
	}
	var where strings.Builder
	for j, name := range names {
		if j > 0 {
			where.WriteString(", ")
		}
		fmt.Fprintf(&where, "%s = %.4g", name, at[j])
	}
	msg := "no starting point gives a finite objective"
	switch {
	case obj.log && negative:
		msg += fmt.Sprintf(": the law predicts 0 or less, whose logarithm is undefined, at %s (at %s, the starting point where fewest points fail); give start ranges where the law stays above 0, or fit in linear space", pointList(bad), where.String())
	case len(bad) > 0:
		msg += fmt.Sprintf(": the law's value is not a finite number at %s (at %s, the starting point where fewest points fail); give start ranges where it is", pointList(bad), where.String())
	default:
		msg += "; give start ranges for the constants"
	}
	return &LawError{Msg: msg, Consts: names, Rows: bad}
}
