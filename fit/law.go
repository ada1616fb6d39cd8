package fit

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/law"
)

// Model is a law with constants to fit, evaluated at the rows of a data
// set. FitLaw calls Predict from several goroutines at once, so it must
// only read shared state.
type Model interface {
	// NumConsts is the number of constants.
	NumConsts() int
	// Predict is the law's response for data row row at constants p; when
	// grad is not nil (len NumConsts) it receives ∂response/∂p.
	Predict(p []float64, row int, grad []float64) float64
}

// Role is what a constant does in a law, as package law finds it. It
// chooses the constant's default starting points and whether it is
// searched in log space.
type Role = law.Role

// The roles of a constant (law.Other and the rest).
const (
	Other    = law.Other
	Offset   = law.Offset
	Scale    = law.Scale
	Exponent = law.Exponent
)

// The losses a law can be fitted with.
const (
	// Huber is Huber's loss (scipy.special.huber): r²/2 where |r| ≤ δ,
	// δ(|r| − δ/2) beyond, so that outliers count linearly.
	Huber = "huber"
	// Squared is r²/2, half the residual sum of squares, the cost of
	// scipy.optimize.least_squares.
	Squared = "squared"
)

// DefaultDelta is Huber's δ when LawOptions.Delta is 0: Hoffmann et al.'s.
const DefaultDelta = 1e-3

// LawOptions says how FitLaw fits a law.
type LawOptions struct {
	// Names are the constants' names, in the order of the Model's
	// constants, for messages and Start.
	Names []string
	// Roles are the constants' roles (Other where missing).
	Roles []Role
	// Loss is Huber or Squared (the default).
	Loss string
	// Delta is Huber's δ (DefaultDelta when 0).
	Delta float64
	// Log fits residuals of log(response): r = log y − log prediction;
	// otherwise r = y − prediction.
	Log bool
	// Start holds ranges [lo, hi] for the grid of starting points, by
	// constant name; constants not named get defaults by role.
	Start map[string][2]float64
	// Bootstrap is the number of bootstrap refits (none when 0).
	Bootstrap int
	// Seed seeds the bootstrap's resamples.
	Seed uint64
	// Workers is the number of goroutines (GOMAXPROCS when 0). The result
	// is the same whatever the number.
	Workers int
}

// LawFit is a fitted law.
type LawFit struct {
	// Consts are the fitted constants, in the Model's order.
	Consts []float64
	// Params are Consts with their bootstrap standard errors and 95%
	// percentile intervals when the fit was bootstrapped.
	Params []Estimate
	// Objective is the minimised sum of the loss over the points; R2 is
	// 1 − RSS/TSS in the space the residuals are taken in (of log y when
	// Log).
	Objective, R2 float64
	// N is the number of points.
	N int
	// Converged reports that the optimiser stopped because the objective
	// stopped falling (by 1e-11 of itself in an iteration) or, where its
	// line search could go no further, because the gradient is negligible
	// against its rows' terms; not at its iteration limit nor stuck on a
	// slope. Iterations is the number of its iterations from the best
	// start.
	Converged  bool
	Iterations int
	// Starts is the number of grid points the objective was evaluated at;
	// Refined is the number of the best of them the optimiser was run
	// from.
	Starts, Refined int
	// Replicates are the bootstrap refits' constants, one vector per
	// resample (NaN where a refit failed), for quantities derived from
	// the constants; Failed counts the failed refits.
	Replicates [][]float64
	Failed     int
}

// LawError is why a law could not be fitted: the message, in a
// researcher's words, and the constants (by name) and data rows (0-based)
// at fault, if any.
type LawError struct {
	Msg    string
	Consts []string
	Rows   []int
}

func (e *LawError) Error() string { return e.Msg }

// FitLaw fits the constants of the law m to the responses y (one per row
// of m's data), as Hoffmann et al. fitted Chinchilla's: it evaluates the
// objective (the sum of the loss of the residuals) on a grid of starting
// points, from o.Start's ranges or each constant's role, runs L-BFGS with
// the model's exact gradient from the best few of them, checks that the
// data determine every constant, and bootstraps the fit when
// o.Bootstrap > 0. The same input gives the same result, bit for bit, on
// any number of workers.
func FitLaw(m Model, y []float64, o LawOptions) (LawFit, error) {
	k := m.NumConsts()
	if len(o.Names) != k {
		return LawFit{}, &LawError{Msg: fmt.Sprintf("the law has %d constants but %d names", k, len(o.Names))}
	}
	if len(o.Roles) != 0 && len(o.Roles) != k {
		return LawFit{}, &LawError{Msg: fmt.Sprintf("the law has %d constants but %d roles", k, len(o.Roles))}
	}
	for j, name := range o.Names {
		if slices.Index(o.Names, name) != j {
			return LawFit{}, &LawError{Msg: fmt.Sprintf("the constant %s is named twice", name), Consts: []string{name}}
		}
	}
	if err := checkOptions(&o); err != nil {
		return LawFit{}, err
	}
	if len(y) < k+1 {
		return LawFit{}, &LawError{Msg: fmt.Sprintf("%d points cannot determine %d constants (%s): a fit needs at least %d points, one more than its constants", len(y), k, strings.Join(o.Names, ", "), k+1), Consts: o.Names}
	}
	target, err := targets(y, o.Log)
	if err != nil {
		return LawFit{}, err
	}
	obj := objective{m: m, target: target, huber: o.Loss == Huber, delta: o.Delta, log: o.Log, params: parametrize(o, y)}

	best, starts, refined, err := search(&obj, o)
	if err != nil {
		return LawFit{}, err
	}
	p := obj.consts(best.q, nil)
	if err := checkDetermined(&obj, p, o.Names); err != nil {
		return LawFit{}, err
	}
	r := LawFit{
		Consts:     p,
		Objective:  best.f,
		R2:         obj.r2(p),
		N:          len(y),
		Converged:  best.converged,
		Iterations: best.iterations,
		Starts:     starts,
		Refined:    refined,
	}
	if o.Bootstrap > 0 {
		r.Replicates, r.Failed = bootstrap(&obj, best.q, o)
	}
	r.Params = make([]Estimate, k)
	col := make([]float64, len(r.Replicates))
	for j := range k {
		for b, rep := range r.Replicates {
			col[b] = rep[j]
		}
		r.Params[j] = Summarize(p[j], col)
	}
	return r, nil
}

// checkOptions fills in the defaults of o and checks the rest.
func checkOptions(o *LawOptions) error {
	switch o.Loss {
	case "":
		o.Loss = Squared
	case Huber, Squared:
	default:
		return &LawError{Msg: fmt.Sprintf("unknown loss %q: use %s or %s", o.Loss, Huber, Squared)}
	}
	if o.Delta == 0 {
		o.Delta = DefaultDelta
	}
	if !(o.Delta > 0) || math.IsInf(o.Delta, 0) {
		return &LawError{Msg: fmt.Sprintf("Huber's delta must be a number above 0, not %g", o.Delta)}
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Bootstrap < 0 {
		return &LawError{Msg: fmt.Sprintf("bootstrap must be 0 or more resamples, not %d", o.Bootstrap)}
	}
	for _, name := range slices.Sorted(maps.Keys(o.Start)) {
		if !slices.Contains(o.Names, name) {
			return &LawError{Msg: fmt.Sprintf("start gives a range for %q, which is not a constant of the law (its constants are %s)", name, strings.Join(o.Names, ", ")), Consts: []string{name}}
		}
		r := o.Start[name]
		if !finite(r[0], r[1]) || r[0] > r[1] {
			return &LawError{Msg: fmt.Sprintf("the start range of %s, [%g, %g], must be two finite numbers, the lower first", name, r[0], r[1]), Consts: []string{name}}
		}
	}
	return nil
}

// targets are the values the residuals are taken from: y, or log y.
func targets(y []float64, log bool) ([]float64, error) {
	t := make([]float64, len(y))
	var bad []int
	for i, v := range y {
		if !finite(v) {
			return nil, &LawError{Msg: fmt.Sprintf("point %d's response is %g, not a finite number", i+1, v), Rows: []int{i}}
		}
		t[i] = v
		if log {
			if v <= 0 {
				bad = append(bad, i)
			}
			t[i] = math.Log(v)
		}
	}
	if len(bad) > 0 {
		return nil, &LawError{Msg: fmt.Sprintf("a fit in log space takes the logarithm of the response, which is 0 or below at %s: fit in linear space or leave these points out", pointList(bad)), Rows: bad}
	}
	return t, nil
}

// pointList names rows (0-based) as the 1-based points a researcher
// counts, the first few of them.
func pointList(rows []int) string {
	const most = 8
	var b strings.Builder
	if len(rows) == 1 {
		b.WriteString("point ")
	} else {
		b.WriteString("points ")
	}
	diag.WriteFirst(&b, len(rows), most, " and %d more", func(i int) string { return strconv.Itoa(rows[i] + 1) })
	return b.String()
}

// candidate is a point of the search: internal constants q, objective f,
// and, once refined, how the optimiser ended.
type candidate struct {
	q          []float64
	f          float64
	index      int
	converged  bool
	stalled    bool
	iterations int
}

// better orders candidates by objective, then by grid index, so that ties
// break the same way on every run.
func better(a, b candidate) int {
	if c := cmp.Compare(a.f, b.f); c != 0 {
		return c
	}
	return cmp.Compare(a.index, b.index)
}
