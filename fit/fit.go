// Package fit fits the curves of scaling charts to data at build time: a
// power law, a power law with an irreducible term (Kaplan's and
// Chinchilla's saturating law), a straight line on a log x axis, a
// straight line, and an exponential trend with its doubling time
// (exponential.go); and isoFLOP curves, Hoffmann et al.'s Approach 2
// (isoflop.go).
//
// Fits are least squares in the space the law is linear in, and report R²
// in that space: a power law is a straight line on log-log axes and is
// fitted there; a power law with a constant term is fitted in the data's
// own units by variable projection (for each exponent the two linear
// constants have a closed form, and only the exponent is searched).
package fit

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/optimize"
	"gonum.org/v1/gonum/stat"
)

// The kinds of fit.
const (
	// PowerLaw is y = A·x^B, fitted as a straight line in log-log space.
	PowerLaw = "powerlaw"
	// PowerLawC is y = C + A·x^B: a power law that levels off at C.
	PowerLawC = "powerlaw+c"
	// LogLinear is y = A + B·log10(x): a straight line on a log x axis.
	LogLinear = "loglinear"
	// Linear is y = A + B·x.
	Linear = "linear"
)

// Kinds lists the kinds of fit, in the order messages give them.
var Kinds = []string{PowerLaw, PowerLawC, LogLinear, Linear, Exponential}

// Result is a fitted curve.
type Result struct {
	Kind string
	// The constants, by kind:
	//   powerlaw    y = A·x^B
	//   powerlaw+c  y = C + A·x^B
	//   loglinear   y = A + B·log10(x)
	//   linear      y = A + B·x
	//   exponential y = A·B^(x − C) (exponential.go)
	//   isoflop     y = A + B·u + C·u², u = log10 x (isoflop.go)
	A, B, C float64
	// R2 is the coefficient of determination in the space the fit was done
	// in: of log10(y) against log10(x) for a power law, of y otherwise.
	R2 float64
	// N is the number of points fitted.
	N int
}

// Eval is the fitted curve at x: NaN where it is not defined (x ≤ 0 for
// the kinds with a logarithm or a power of x).
func (r Result) Eval(x float64) float64 {
	switch r.Kind {
	case PowerLaw:
		if x <= 0 {
			return math.NaN()
		}
		return r.A * math.Pow(x, r.B)
	case PowerLawC:
		if x <= 0 {
			return math.NaN()
		}
		return r.C + r.A*math.Pow(x, r.B)
	case LogLinear:
		if x <= 0 {
			return math.NaN()
		}
		return r.A + r.B*math.Log10(x)
	case Linear:
		return r.A + r.B*x
	case Exponential:
		return r.A * math.Exp(math.Log(r.B)*(x-r.C))
	case IsoFLOPCurve:
		return Parabola{P0: r.A, P1: r.B, P2: r.C}.Eval(x)
	}
	return math.NaN()
}

// MinPoints is the fewest points, at different x values, that a fit of the
// kind needs: two for the laws with two constants; four for powerlaw+c,
// whose three constants three points would always meet exactly.
func MinPoints(kind string) int {
	if kind == PowerLawC {
		return 4
	}
	return 2
}

// Known reports whether kind is one of Kinds.
func Known(kind string) bool { return slices.Contains(Kinds, kind) }

// Error is why a fit failed. Point is the index of the point at fault (a
// value a logarithm cannot take), or -1; Axis says which of its values,
// "x" or "y".
type Error struct {
	Msg   string
	Point int
	Axis  string
}

func (e *Error) Error() string { return e.Msg }

func errorf(point int, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Point: point}
}

// Fit fits a curve of the kind to the points (xs[i], ys[i]). Every value
// must be finite; the error says what a fit of this kind needs that the
// points do not have.
func Fit(kind string, xs, ys []float64) (Result, error) {
	if !Known(kind) {
		return Result{}, errorf(-1, "unknown kind of fit %q: use %s or %s", kind, strings.Join(Kinds[:len(Kinds)-1], ", "), Kinds[len(Kinds)-1])
	}
	if len(xs) != len(ys) {
		return Result{}, errorf(-1, "%d x values but %d y values", len(xs), len(ys))
	}
	for i := range xs {
		if math.IsNaN(xs[i]) || math.IsInf(xs[i], 0) || math.IsNaN(ys[i]) || math.IsInf(ys[i], 0) {
			return Result{}, errorf(i, "point %d is not a finite number", i+1)
		}
	}
	logX := kind != Linear && kind != Exponential
	logY := kind == PowerLaw || kind == Exponential
	for i := range xs {
		if logX && xs[i] <= 0 {
			e := errorf(i, "a %s fit needs x values above 0 (it takes their logarithm), but x is %g", kind, xs[i])
			e.Axis = "x"
			return Result{}, e
		}
		if logY && ys[i] <= 0 {
			e := errorf(i, "a %s fit needs y values above 0 (it is a straight line on log-log axes), but y is %g: use powerlaw+c, which allows any y", kind, ys[i])
			if kind == Exponential {
				e = errorf(i, "an exponential fit needs y values above 0 (it is a straight line in log y), but y is %g", ys[i])
			}
			e.Axis = "y"
			return Result{}, e
		}
	}
	need := MinPoints(kind)
	if d := distinct(xs); d < need {
		what := fmt.Sprintf("has %d", len(xs))
		if d != len(xs) {
			what = fmt.Sprintf("has %d (%d points, some at the same x)", d, len(xs))
		}
		article := "a"
		if kind == Exponential {
			article = "an"
		}
		return Result{}, errorf(-1, "%s %s fit needs at least %d points at different x values, and %s", article, kind, need, what)
	}
	if allEqual(ys) {
		return Result{}, errorf(-1, "all %d y values are %g: there is no trend to fit", len(ys), ys[0])
	}
	var r Result
	var err error
	switch kind {
	case PowerLaw:
		r, err = powerLaw(xs, ys)
	case PowerLawC:
		r, err = powerLawC(xs, ys, 0)
	case LogLinear:
		r, err = line(apply(xs, math.Log10), ys)
	case Linear:
		r, err = line(xs, ys)
	case Exponential:
		r, err = exponential(xs, ys)
	}
	if err != nil {
		return Result{}, err
	}
	r.Kind, r.N = kind, len(xs)
	if !finite(r.A, r.B, r.C, r.R2) {
		return Result{}, errorf(-1, "the %s fit did not converge: the values are too large or too small to fit in floating point", kind)
	}
	r.R2 = min(max(r.R2, 0), 1)
	return r, nil
}

// line fits y = A + B·x by least squares.
func line(xs, ys []float64) (Result, error) {
	a, b := stat.LinearRegression(xs, ys, nil, false)
	if !finite(a, b) {
		return Result{}, errorf(-1, "the fit did not converge: the values are too large or too small to fit in floating point")
	}
	return Result{A: a, B: b, R2: rSquared(xs, ys, a, b)}, nil
}

// powerLaw fits log10(y) = log10(A) + B·log10(x).
func powerLaw(xs, ys []float64) (Result, error) {
	r, err := line(apply(xs, math.Log10), apply(ys, math.Log10))
	if err != nil {
		return r, err
	}
	r.A = math.Pow(10, r.A)
	if r.A == 0 || math.IsInf(r.A, 0) {
		return Result{}, errorf(-1, "the powerlaw fit did not converge: its constant is beyond floating point")
	}
	return r, nil
}

// rSquared is 1 − RSS/TSS of y = a + b·x, or 1 when the line is exact.
func rSquared(xs, ys []float64, a, b float64) float64 {
	mean := stat.Mean(ys, nil)
	var rss, tss float64
	for i := range xs {
		d := ys[i] - a - b*xs[i]
		rss += d * d
		m := ys[i] - mean
		tss += m * m
	}
	return r2(rss, tss)
}

func r2(rss, tss float64) float64 {
	if rss == 0 || tss == 0 {
		return 1
	}
	return 1 - rss/tss
}

// powerLawC fits y = C + A·x^B by variable projection. With u = ln(x) − m
// (m the mean of ln x, so that the powers stay in range), y = C + A'·e^(B·u)
// is linear in C and A' for each B: RSS(B) is a function of B alone, which
// is searched on a grid of exponents of both signs and then refined.
//
// As B → 0 the law becomes y = C + A + A·B·ln x, a straight line on a log
// x axis (A and C running off to infinity): a best exponent at the small
// end of the grid means the data cannot tell one, and is reported.
//
// near, when not 0, is an exponent the fit is expected near (the full
// fit's, for a bootstrap refit): the grid is then 16 exponents from half
// to twice it, and the whole grid only when the best of those is at an
// end.
func powerLawC(xs, ys []float64, near float64) (Result, error) {
	u := apply(xs, math.Log)
	m := stat.Mean(u, nil)
	span := 0.0
	for i := range u {
		u[i] -= m
		span = max(span, math.Abs(u[i]))
	}
	// |B|·span bounds the largest power: e^60 ≈ 10^26 between the middle
	// and an end of the data is as steep as a law can usefully be.
	bmax := min(10, 60/span)
	bmin := min(1e-3, 0.01/span)
	z := make([]float64, len(u))
	rss := func(b float64) (float64, float64, float64) {
		for i := range u {
			z[i] = math.Exp(b * u[i])
		}
		c, a := stat.LinearRegression(z, ys, nil, false)
		var s float64
		for i := range z {
			d := ys[i] - c - a*z[i]
			s += d * d
		}
		if math.IsNaN(s) {
			s = math.Inf(1)
		}
		return s, a, c
	}
	bestOf := func(grid []float64) (int, float64) {
		best, bestF := -1, math.Inf(1)
		for k, b := range grid {
			if f, _, _ := rss(b); f < bestF {
				best, bestF = k, f
			}
		}
		return best, bestF
	}
	var grid []float64
	best, bestF := -1, math.Inf(1)
	if a := math.Abs(near); a/2 > bmin && 2*a < bmax {
		const steps = 16
		for k := range steps {
			grid = append(grid, near*math.Pow(4, float64(k)/(steps-1)-0.5))
		}
		slices.Sort(grid) // ascending, as the refinement's bracket wants
		if best, bestF = bestOf(grid); best <= 0 || best >= steps-1 {
			best = -1
		}
	}
	if best < 0 {
		// The whole grid: 120 exponents log-spaced from bmin to bmax on
		// each side.
		const steps = 120
		grid = make([]float64, 0, 2*steps)
		for k := steps - 1; k >= 0; k-- {
			grid = append(grid, -bmin*math.Pow(bmax/bmin, float64(k)/(steps-1)))
		}
		for k := range steps {
			grid = append(grid, bmin*math.Pow(bmax/bmin, float64(k)/(steps-1)))
		}
		best, bestF = bestOf(grid)
	}
	if best < 0 {
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: no exponent gives a finite error")
	}
	tss := 0.0
	mean := stat.Mean(ys, nil)
	for _, y := range ys {
		tss += (y - mean) * (y - mean)
	}
	switch b := grid[best]; {
	case math.Abs(b) <= bmin*1.0001:
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: the points lie on a straight line on a log x axis, so the exponent cannot be told (it runs to 0 and the constants to infinity); use fit: loglinear, or powerlaw")
	case math.Abs(b) >= bmax*0.9999:
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: the best exponent runs off past %.3g; the points do not follow a power law with a constant term", b)
	}
	// Refine between the grid's neighbours of the best exponent.
	lo, hi := grid[best-1], grid[best+1]
	prob := optimize.Problem{Func: func(v []float64) float64 {
		b := v[0]
		if b <= lo || b >= hi {
			return math.Inf(1)
		}
		f, _, _ := rss(b)
		return f
	}}
	settings := &optimize.Settings{Converger: &optimize.FunctionConverge{Absolute: 1e-14 * max(tss, 1e-300), Relative: 1e-12, Iterations: 60}, MajorIterations: 500}
	b := grid[best]
	res, err := optimize.Minimize(prob, []float64{b}, settings, &optimize.NelderMead{SimplexSize: (hi - lo) / 4})
	if err != nil || res == nil {
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: refining the exponent failed (%v)", err)
	}
	if res.F <= bestF {
		b = res.X[0]
	}
	f, a, c := rss(b)
	if !finite(f, a, c) {
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: the constants are beyond floating point")
	}
	// A' = A·e^(B·m): back to x's own units.
	aa := a * math.Exp(-b*m)
	if aa == 0 && a != 0 || math.IsInf(aa, 0) {
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: its constant A is beyond floating point")
	}
	if a == 0 {
		return Result{}, errorf(-1, "the powerlaw+c fit did not converge: the points show no trend")
	}
	return Result{A: aa, B: b, C: c, R2: r2(f, tss)}, nil
}

func apply(vs []float64, f func(float64) float64) []float64 {
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = f(v)
	}
	return out
}

func distinct(vs []float64) int {
	s := slices.Clone(vs)
	slices.Sort(s)
	return len(slices.Compact(s))
}

func allEqual(vs []float64) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
