package fit

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// logspace returns n values from 10^lo to 10^hi, evenly spaced in log.
func logspace(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Pow(10, lo+(hi-lo)*float64(i)/float64(n-1))
	}
	return out
}

func linspace(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	return out
}

// relErr is |got − want| relative to |want| (absolute when want is 0).
func relErr(got, want float64) float64 {
	if want == 0 {
		return math.Abs(got)
	}
	return math.Abs(got-want) / math.Abs(want)
}

// TestRecoversConstants generates points from known laws, exactly and with
// seeded noise, and checks that the fit gives the constants back: within
// 1e-6 (relative) without noise, and within the stated tolerance with it.
func TestRecoversConstants(t *testing.T) {
	tests := []struct {
		name    string
		kind    string
		xs      []float64
		a, b, c float64
		// noise: multiplicative (relative) for powerlaw, additive otherwise;
		// tol: the largest relative error of each constant allowed.
		noise, tol float64
		minR2      float64
	}{
		// Kaplan et al. 2020, L(N) = (N / 8.8e13)^-0.076 = 11.5·N^-0.076.
		{"kaplan L(N)", PowerLaw, logspace(2.9, 9.2, 24), math.Pow(8.8e13, 0.076), -0.076, 0, 0, 1e-6, 1},
		{"kaplan L(N), 1% noise", PowerLaw, logspace(2.9, 9.2, 24), math.Pow(8.8e13, 0.076), -0.076, 0, 0.01, 0.05, 0.99},
		// Kaplan L(C) = (C / 2.3e8)^-0.050, C in PF-days from 1e-9 to 30.
		{"kaplan L(C)", PowerLaw, logspace(-9, 1.5, 43), math.Pow(2.3e8, 0.05), -0.05, 0, 0, 1e-6, 1},
		{"growing power law", PowerLaw, logspace(0, 3, 10), 0.5, 1.5, 0, 0, 1e-6, 1},
		// Figure 1 of the GPT-4 report as reconstructed on the gallery page.
		{"gpt-4 L(C) = 1 + 0.26·C^-0.1257", PowerLawC, logspace(-10, -4, 13), 0.26, -0.1257, 1.0, 0, 1e-6, 1},
		{"gpt-4, noise 0.02", PowerLawC, logspace(-10, -4, 13), 0.26, -0.1257, 1.0, 0.02, 0.15, 0.99},
		// Chinchilla's parameter term: L(N) = 1.69 + 406.4·N^-0.34.
		{"chinchilla L(N)", PowerLawC, logspace(7, 11, 20), 406.4, -0.34, 1.69, 0, 1e-6, 1},
		{"chinchilla L(N), noise 0.005", PowerLawC, logspace(7, 11, 40), 406.4, -0.34, 1.69, 0.005, 0.1, 0.99},
		{"rising to a ceiling", PowerLawC, linspace(1, 50, 30), -3, -0.7, 5, 0, 1e-6, 1},
		{"loglinear", LogLinear, logspace(6, 11, 12), 0.25, 0.08, 0, 0, 1e-9, 1},
		{"loglinear, noise 0.01", LogLinear, logspace(6, 11, 60), 0.25, 0.08, 0, 0.01, 0.05, 0.95},
		{"linear", Linear, linspace(-5, 20, 8), 3.5, -0.25, 0, 0, 1e-9, 1},
		{"linear, noise 0.1", Linear, linspace(0, 100, 50), 3.5, 0.25, 0, 0.1, 0.05, 0.99},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2020, 2303))
			want := Result{Kind: tc.kind, A: tc.a, B: tc.b, C: tc.c}
			ys := make([]float64, len(tc.xs))
			for i, x := range tc.xs {
				ys[i] = want.Eval(x)
				if tc.noise > 0 {
					g := rng.NormFloat64() * tc.noise
					if tc.kind == PowerLaw {
						ys[i] *= 1 + g
					} else {
						ys[i] += g
					}
				}
			}
			got, err := Fit(tc.kind, tc.xs, ys)
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != tc.kind || got.N != len(tc.xs) {
				t.Errorf("kind %q n %d, want %q %d", got.Kind, got.N, tc.kind, len(tc.xs))
			}
			check := func(name string, g, w float64) {
				if e := relErr(g, w); e > tc.tol {
					t.Errorf("%s = %.6g, want %.6g (relative error %.2g > %g)", name, g, w, e, tc.tol)
				}
			}
			check("A", got.A, tc.a)
			check("B", got.B, tc.b)
			if tc.kind == PowerLawC {
				check("C", got.C, tc.c)
			}
			if got.R2 < tc.minR2-1e-12 || got.R2 > 1 {
				t.Errorf("R² = %v, want %v to 1", got.R2, tc.minR2)
			}
			t.Logf("%s: A=%.5g B=%.5g C=%.5g R²=%.5f", got.Formula("y", "x"), got.A, got.B, got.C, got.R2)
		})
	}
}

// TestEvalPassesThroughData: a noise-free fit evaluates to the data.
func TestEvalPassesThroughData(t *testing.T) {
	xs := logspace(-10, -4, 13)
	ys := make([]float64, len(xs))
	for i, x := range xs {
		ys[i] = 1 + 0.26*math.Pow(x, -0.1257)
	}
	r, err := Fit(PowerLawC, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range xs {
		if e := relErr(r.Eval(x), ys[i]); e > 1e-8 {
			t.Errorf("Eval(%g) = %v, want %v", x, r.Eval(x), ys[i])
		}
	}
}

func TestFitErrors(t *testing.T) {
	tests := []struct {
		name   string
		kind   string
		xs, ys []float64
		want   string // in the message
		point  int
	}{
		{"too few for powerlaw+c", PowerLawC, []float64{1, 2, 3}, []float64{3, 2, 1.5}, "needs at least 4 points at different x values, and has 3", -1},
		{"too few distinct", PowerLaw, []float64{5, 5, 5}, []float64{1, 2, 3}, "needs at least 2 points at different x values, and has 1 (3 points, some at the same x)", -1},
		{"one point", Linear, []float64{1}, []float64{1}, "needs at least 2 points", -1},
		{"x at 0 for powerlaw", PowerLaw, []float64{1, 0, 3}, []float64{3, 2, 1}, "needs x values above 0", 1},
		{"y below 0 for powerlaw", PowerLaw, []float64{1, 2, 3}, []float64{3, -2, 1}, "needs y values above 0", 1},
		{"x below 0 for loglinear", LogLinear, []float64{1, 2, -3}, []float64{3, 2, 1}, "needs x values above 0", 2},
		{"flat", Linear, []float64{1, 2, 3}, []float64{2, 2, 2}, "no trend to fit", -1},
		{"straight on log x", PowerLawC, logspace(0, 6, 12), linspace(5, 2, 12), "straight line on a log x axis", -1},
		{"NaN", Linear, []float64{1, math.NaN()}, []float64{1, 2}, "not a finite number", 1},
		{"unknown", "sigmoid", []float64{1, 2}, []float64{1, 2}, "unknown kind of fit \"sigmoid\": use powerlaw, powerlaw+c, loglinear, linear or exponential", -1},
		{"y at 0 for exponential", Exponential, []float64{1, 2, 3}, []float64{3, 0, 1}, "needs y values above 0", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Fit(tc.kind, tc.xs, tc.ys)
			if err == nil {
				t.Fatalf("no error, fitted %+v", r)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			var fe *Error
			if !errors.As(err, &fe) || fe.Point != tc.point {
				t.Errorf("error %#v, want a *fit.Error at point %d", err, tc.point)
			}
		})
	}
}

func TestMinPoints(t *testing.T) {
	for _, k := range Kinds {
		n := MinPoints(k)
		xs := logspace(0, 2, n)
		ys := make([]float64, n)
		for i, x := range xs {
			ys[i] = 2 + 3*math.Pow(x, -0.5)
		}
		if _, err := Fit(k, xs, ys); err != nil {
			t.Errorf("%s with %d points: %v", k, n, err)
		}
		if _, err := Fit(k, xs[:n-1], ys[:n-1]); err == nil {
			t.Errorf("%s with %d points: no error", k, n-1)
		}
	}
}

func TestFrontier(t *testing.T) {
	xs := []float64{1, 2, 3, 3, 4, 5, 6, math.NaN(), 7}
	ys := []float64{5, 4, 6, 3, 3, 2.5, 2.6, 0, 1}
	tests := []struct {
		max  bool
		want []int
	}{
		{false, []int{0, 1, 3, 5, 8}},
		{true, []int{0, 2}},
	}
	for _, tc := range tests {
		got := Frontier(xs, ys, tc.max)
		if len(got) != len(tc.want) {
			t.Errorf("max=%v: %v, want %v", tc.max, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("max=%v: %v, want %v", tc.max, got, tc.want)
				break
			}
		}
	}
	if got := Frontier(nil, nil, true); len(got) != 0 {
		t.Errorf("no points: %v", got)
	}
}

func TestFormula(t *testing.T) {
	tests := []struct {
		r      Result
		want   string
		wantR2 string
	}{
		{Result{Kind: PowerLaw, A: 2.5712, B: -0.04795, R2: 0.99812}, "L = 2.57 · C⁻⁰·⁰⁴⁸", "R² 0.998"},
		{Result{Kind: PowerLaw, A: 8.8e13, B: 0.076, R2: 1}, "L = 8.80×10¹³ · C⁰·⁰⁷⁶", "R² 1"},
		{Result{Kind: PowerLaw, A: 11.6, B: -0.07635, R2: 0.9}, "L = 11.6 · C⁻⁰·⁰⁷⁶", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 0.0489, B: 0.512, R2: 0.9}, "L = 0.0489 · C⁰·⁵¹", "R² 0.900"},
		// the cases: significant trailing zeros stay
		{Result{Kind: PowerLaw, A: 0.0489, B: 0.498, R2: 0.9}, "L = 0.0489 · C⁰·⁵⁰", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 4, B: -0.3018, R2: 0.9}, "L = 4.00 · C⁻⁰·³⁰", "R² 0.900"},
		{Result{Kind: PowerLawC, A: 406, B: -0.34, C: 1.696, R2: 0.9}, "L = 1.70 + 406 · C⁻⁰·³⁴", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 0.1, B: 0.0999, R2: 0.9}, "L = 0.100 · C⁰·¹⁰", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 2, B: 2, R2: 0.9}, "L = 2.00 · C²·⁰", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 2, B: -12.6, R2: 0.9}, "L = 2.00 · C⁻¹³", "R² 0.900"},
		{Result{Kind: PowerLaw, A: 2, B: 1e-5, R2: 0.9}, "L = 2.00 · C^(1.0×10⁻⁵)", "R² 0.900"},
		{Result{Kind: PowerLawC, A: 0.26, B: -0.1257, C: 1.0003, R2: 0.99991}, "L = 1.00 + 0.260 · C⁻⁰·¹³", "R² > 0.999"},
		{Result{Kind: PowerLawC, A: -3, B: 0.5, C: 5, R2: 0.5}, "L = 5.00 − 3.00 · C⁰·⁵⁰", "R² 0.500"},
		{Result{Kind: LogLinear, A: 0.31, B: 0.0523}, "L = 0.310 + 0.0523 · log₁₀ C", "R² 0.000"},
		{Result{Kind: Linear, A: -2.5e-5, B: 12345}, "L = −2.50×10⁻⁵ + 1.23×10⁴ · C", "R² 0.000"},
	}
	for _, tc := range tests {
		if got := tc.r.Formula("L", "C"); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
		if got := tc.r.R2Text(); got != tc.wantR2 {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.wantR2)
		}
	}
}
