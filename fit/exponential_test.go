package fit

import (
	"encoding/json"
	"math"
	"testing"
)

// datedCompute is a dated series: training compute doubling every six
// months from 2018, with lognormal noise (σ = 0.4), dates in years. Made by
//
//	rng = np.random.default_rng(7)
//	t = np.round(np.sort(rng.uniform(2018, 2024, 16)), 3)
//	y = 1e20 * 2 ** ((t - 2018) / 0.5) * np.exp(rng.normal(0, 0.4, t.size))
//	y = [float('%.4g' % v) for v in y]
var (
	datedYears   = []float64{2018.032, 2019.351, 2019.529, 2019.671, 2019.801, 2019.818, 2020.67, 2020.808, 2021.027, 2021.321, 2021.751, 2022.654, 2022.782, 2022.927, 2023.241, 2023.383}
	datedCompute = []float64{6.106e+19, 5.419e+20, 3.893e+20, 6.054e+20, 5.813e+20, 1.132e+21, 2.44e+21, 5.466e+21, 7.074e+21, 9.268e+21, 6.624e+21, 5.11e+22, 7.424e+22, 9.684e+22, 7.755e+22, 1.438e+23}
)

// TestExponential checks the fit against numpy's:
//
//	b, a = np.polyfit(t, np.log(y), 1)
//	doubling = np.log(2) / b; r2 = 1 - RSS/TSS of np.log(y)
//
// dated: b = 1.44171390511841, doubling 0.480779978676154 years
// (5.76935974411385 months), R² 0.980427452822124, y at 2021
// 4.60118846786025e21, B = e^b = 4.22793589178889.
// halving: x = 0..9, y = 100·2^(−x/3)·(1 ± 0.02) to six digits:
// b = −0.232261295909008, halving 2.98434217309929, A = 100.526923485272,
// R² 0.999129013826532.
func TestExponential(t *testing.T) {
	halvingX := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	halvingY := []float64{102.0, 77.7827, 64.256, 49.0, 40.4787, 30.8681, 25.5, 19.4457, 16.064, 12.25}
	tests := []struct {
		name          string
		xs, ys        []float64
		unit          string
		a, b, c, r2   float64
		time          float64
		halving       bool
		text, formula string
	}{
		{"dated compute", datedYears, datedCompute, "years", 4.60118846786025e21, 4.22793589178889, 2021, 0.980427452822124,
			0.480779978676154, false, "doubling every 5.8 months", "C = 4.60×10²¹ · 4.23ᵗ⁻²⁰²¹"},
		{"halving loss", halvingX, halvingY, "steps", 100.526923485272, math.Exp(-0.232261295909008), 0, 0.999129013826532,
			2.98434217309929, true, "halving every 3.0 steps", "C = 101 · 0.793ᵗ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Fit(Exponential, tc.xs, tc.ys)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"A", r.A, tc.a}, {"B", r.B, tc.b}, {"C", r.C, tc.c}, {"R²", r.R2, tc.r2}} {
				if !near(c.got, c.want, 1e-9) {
					t.Errorf("%s = %.15g, numpy %.15g", c.what, c.got, c.want)
				}
			}
			if got := r.Eval(tc.c); !near(got, tc.a, 1e-12) {
				t.Errorf("Eval(C) = %g, want A = %g", got, tc.a)
			}
			if got := r.Formula("C", "t"); got != tc.formula {
				t.Errorf("formula %q, want %q", got, tc.formula)
			}
			d, err := TrendDoubling(tc.xs, tc.ys, tc.unit, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !near(d.Estimate.Estimate, tc.time, 1e-9) || d.Halving != tc.halving || d.HasSE {
				t.Errorf("doubling %+v, want %.15g (halving %v) without SE", d, tc.time, tc.halving)
			}
			if got := d.Text(); got != tc.text {
				t.Errorf("text %q, want %q", got, tc.text)
			}
		})
	}
}

// TestTrendDoublingBootstrap: the bootstrap's standard error of the
// doubling time is near the delta method's, ln 2 / b² · SE(b), which numpy
// gives as 0.018155085503716 years for the dated series (SE(b) from
// statsmodels' OLS formula: sqrt(RSS/(n−2) / Σ(t − t̄)²)); the interval
// holds the estimate; the same seed gives the same numbers and another
// seed others.
func TestTrendDoublingBootstrap(t *testing.T) {
	d, err := TrendDoubling(datedYears, datedCompute, "years", 2000, 42)
	if err != nil {
		t.Fatal(err)
	}
	if !d.HasSE || math.Abs(d.SE-0.018155085503716)/0.018155085503716 > 0.3 {
		t.Errorf("SE %g, want within 30%% of the delta method's 0.01816", d.SE)
	}
	if lo, hi := d.CI95[0], d.CI95[1]; !(lo < d.Estimate.Estimate && d.Estimate.Estimate < hi) || hi-lo > 0.15 || hi-lo < 0.03 {
		t.Errorf("95%% interval [%g, %g] around %g", lo, hi, d.Estimate.Estimate)
	}
	again, _ := TrendDoubling(datedYears, datedCompute, "years", 2000, 42)
	other, _ := TrendDoubling(datedYears, datedCompute, "years", 2000, 43)
	if again != d {
		t.Errorf("same seed: %+v, then %+v", d, again)
	}
	if other.SE == d.SE {
		t.Errorf("seeds 42 and 43 gave the same SE %g", d.SE)
	}
	b, err := json.Marshal(d.JSON())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["unit"] != "years" || m["estimate"] != d.Estimate.Estimate || m["se"] != d.SE || len(m["ci95"].([]any)) != 2 || m["halving"] != nil {
		t.Errorf("JSON %s", b)
	}
	if got, want := d.Text(), "doubling every 5.8 months ["+Number(12*d.CI95[0], 2)+", "+Number(12*d.CI95[1], 2)+"]"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}

func TestExponentialErrors(t *testing.T) {
	tests := []struct {
		name   string
		xs, ys []float64
		want   string
	}{
		{"y at 0", []float64{1, 2, 3}, []float64{1, 0, 2}, "an exponential fit needs y values above 0 (it is a straight line in log y), but y is 0"},
		{"one x", []float64{2020, 2020}, []float64{1, 2}, "an exponential fit needs at least 2 points at different x values, and has 1 (2 points, some at the same x)"},
		{"flat", []float64{1, 2, 3}, []float64{5, 5, 5}, "all 3 y values are 5: there is no trend to fit"},
	}
	for _, tc := range tests {
		_, err := TrendDoubling(tc.xs, tc.ys, "", 10, 1)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func near(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Abs(want)
}

// BenchmarkTrendDoubling: the dated series with 1,000 resamples.
func BenchmarkTrendDoubling(b *testing.B) {
	for b.Loop() {
		if _, err := TrendDoubling(datedYears, datedCompute, "years", 1000, 1); err != nil {
			b.Fatal(err)
		}
	}
}
