package fit

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/scalesite/scalesite/internal/plaintex"
)

// Exponential is y = A·B^(x − C): a straight line on a log y axis, fitted
// by least squares on ln y as Epoch AI fits its trends against date. C is
// a round x near the data (0 when the data are near 0), so that A, the
// value at x = C, stays in floating point when x is a year.
const Exponential = "exponential"

// exponential fits ln y = ln A + ln B·(x − C); R² is that of ln y.
func exponential(xs, ys []float64) (Result, error) {
	c := trendOrigin(xs)
	r, err := line(apply(xs, func(x float64) float64 { return x - c }), apply(ys, math.Log))
	if err != nil {
		return r, err
	}
	r.A, r.B, r.C = math.Exp(r.A), math.Exp(r.B), c
	if r.A == 0 || math.IsInf(r.A, 0) || r.B == 0 || math.IsInf(r.B, 0) {
		return Result{}, errorf(-1, "the exponential fit did not converge: its growth per unit of x is beyond floating point; measure x in larger units")
	}
	return r, nil
}

// trendOrigin is the C of an exponential: 0 when the data reach within
// their own span of 0, else their mean, a whole number when the span is
// one or more (2021 for runs dated 2019 to 2023).
func trendOrigin(xs []float64) float64 {
	lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
	for _, x := range xs {
		lo, hi, sum = min(lo, x), max(hi, x), sum+x
	}
	mean := sum / float64(len(xs))
	switch span := hi - lo; {
	case math.Abs(mean) <= span:
		return 0
	case span >= 1:
		return math.Round(mean)
	}
	return mean
}

// Doubling is the time an exponential trend takes to double, as the
// contract's fit.json writes it. When the trend falls it is the halving
// time (Halving set), always above 0.
type Doubling struct {
	// Estimate, SE and CI95 are in Unit: years when x is a date.
	Estimate
	Halving bool
	Unit    string
}

// TrendDoubling fits y = A·B^x to the points and gives its doubling (or
// halving) time ln 2 / |ln B| in x's units, unit naming them. With reps
// above 0 the standard error and 95% interval are those of reps bootstrap
// refits (rows resampled with Resample, seeded with seed); a replicate
// whose trend turns the other way has no finite time and is left out.
func TrendDoubling(xs, ys []float64, unit string, reps int, seed uint64) (Doubling, error) {
	r, err := Fit(Exponential, xs, ys)
	if err != nil {
		return Doubling{}, err
	}
	slope := math.Log(r.B)
	if slope == 0 {
		return Doubling{}, errorf(-1, "the exponential trend is flat: y neither doubles nor halves")
	}
	sign := 1.0
	if slope < 0 {
		sign = -1
	}
	d := Doubling{Halving: slope < 0, Unit: unit}
	lny := apply(ys, math.Log)
	var reps2 []float64
	if reps > 0 {
		reps2 = make([]float64, reps)
		idx := make([]int, len(xs))
		bx, by := make([]float64, len(xs)), make([]float64, len(xs))
		for k := range reps {
			Resample(idx, seed, k)
			for i, j := range idx {
				bx[i], by[i] = xs[j], lny[j]
			}
			reps2[k] = math.NaN()
			if _, s := stat.LinearRegression(bx, by, nil, false); s*sign > 0 {
				reps2[k] = math.Ln2 / (s * sign)
			}
		}
	}
	d.Estimate = Summarize(math.Ln2/(slope*sign), reps2)
	return d, nil
}

// JSON is the doubling time as the contract's fit.json writes it:
// {"estimate", "se", "ci95", "unit"} (se and ci95 when bootstrapped), and
// "halving": true for a falling trend.
func (d Doubling) JSON() map[string]any {
	m := map[string]any{"estimate": d.Estimate.Estimate, "unit": d.Unit}
	if d.HasSE {
		m["se"] = d.SE
		m["ci95"] = []float64{d.CI95[0], d.CI95[1]}
	}
	if d.Halving {
		m["halving"] = true
	}
	return m
}

// Text is the doubling time for a legend, with two significant digits:
// "doubling every 6.2 months [5.8, 6.7]". A time in years under two years
// is written in months; other units are written after the number as given
// ("halving every 3.0 steps").
func (d Doubling) Text() string {
	scale, unit := 1.0, d.Unit
	if unit == "years" && d.Estimate.Estimate < 2 {
		scale, unit = 12, "months"
	}
	var b strings.Builder
	if d.Halving {
		b.WriteString("halving every ")
	} else {
		b.WriteString("doubling every ")
	}
	b.WriteString(Number(d.Estimate.Estimate*scale, 2))
	if unit != "" {
		b.WriteString(" " + unit)
	}
	if d.HasSE {
		b.WriteString(" [" + Number(d.CI95[0]*scale, 2) + ", " + Number(d.CI95[1]*scale, 2) + "]")
	}
	return b.String()
}

// exponentialFormula writes y = A · Bˣ, or y = A · B^(x − C) when C is not 0,
// the exponent raised where superscript letters allow.
func (r Result) exponentialFormula(x string) string {
	exp := x
	if r.C != 0 {
		op := " − "
		if r.C < 0 {
			op = " + "
		}
		c := Number(math.Abs(r.C), 4)
		if r.C == math.Trunc(r.C) && math.Abs(r.C) < 1e6 {
			c = strconv.Itoa(int(math.Abs(r.C)))
		}
		exp = x + op + c
	}
	if sup, ok := plaintex.Superscript(strings.ReplaceAll(exp, " ", "")); ok {
		return Number(r.A, 3) + " · " + Number(r.B, 3) + sup
	}
	return Number(r.A, 3) + " · " + Number(r.B, 3) + "^(" + exp + ")"
}
