package fit

import (
	"math"
	"reflect"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
)

// syntheticPowerLaw is y = 3·x^−0.3 with a deterministic log-space noise
// of standard deviation 0.05 (a scaled sine, so that numpy can make the
// same points).
func syntheticPowerLaw(n int) (xs, ys []float64) {
	for i := range n {
		x := math.Pow(10, 1+float64(i)/200)
		noise := 0.05 * math.Sin(float64(i)*12.9898) * math.Sqrt(3)
		xs = append(xs, x)
		ys = append(ys, 3*math.Pow(x, -0.3)*math.Pow(10, noise))
	}
	return xs, ys
}

// TestBootstrapKindPowerLawSE checks the bootstrap's standard error of a
// power law's exponent against least squares' own on 1,000 points, where
// the two agree. The references are numpy's:
//
//	i = np.arange(1000); x = 10**(1 + i/200)
//	y = 3 * x**-0.3 * 10**(0.05*np.sin(i*12.9898)*np.sqrt(3))
//	X, Y = np.log10(x), np.log10(y); b, a = np.polyfit(X, Y, 1)
//	res = Y - (a + b*X); s2 = res@res/(len(X)-2)
//	se = np.sqrt(s2/((X-X.mean())@(X-X.mean())))
//	# b = -0.3000863890736386, 10**a = 3.0043697589079428, se = 0.0013434237432268297
func TestBootstrapKindPowerLawSE(t *testing.T) {
	const (
		wantB  = -0.3000863890736386
		wantA  = 3.0043697589079428
		wantSE = 0.0013434237432268297
	)
	xs, ys := syntheticPowerLaw(1000)
	r, err := Fit(PowerLaw, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	c := BootstrapKind(r, xs, ys, 2000, 7)
	if math.Abs(c[1].Estimate-wantB) > 1e-12 || math.Abs(c[0].Estimate-wantA)/wantA > 1e-12 {
		t.Errorf("A, B = %v, %v, want numpy's %v, %v", c[0].Estimate, c[1].Estimate, wantA, wantB)
	}
	if !c[1].HasSE || math.Abs(c[1].SE-wantSE)/wantSE > 0.25 {
		t.Errorf("SE of B = %v, want within 25%% of least squares' %v", c[1].SE, wantSE)
	}
	if lo, hi := c[1].CI95[0], c[1].CI95[1]; !(lo < wantB && wantB < hi) || hi-lo > 6*wantSE {
		t.Errorf("95%% interval of B = [%v, %v], want about ±2 SE around %v", lo, hi, wantB)
	}
	if c[2].HasSE {
		t.Errorf("a power law's C has an SE %v; it is no constant of the law", c[2].SE)
	}
}

// TestBootstrapKindLinearSE checks a line's slope SE against the
// textbook formula s/√Σ(x−x̄)², computed here from the fit's residuals.
func TestBootstrapKindLinearSE(t *testing.T) {
	var xs, ys []float64
	for i := range 1500 {
		x := float64(i) / 100
		xs = append(xs, x)
		ys = append(ys, 2+0.5*x+0.3*math.Sin(float64(i)*78.233)*math.Sqrt(2))
	}
	r, err := Fit(Linear, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	var rss, sxx, mean float64
	for _, x := range xs {
		mean += x / float64(len(xs))
	}
	for i, x := range xs {
		d := ys[i] - r.A - r.B*x
		rss += d * d
		sxx += (x - mean) * (x - mean)
	}
	want := math.Sqrt(rss / float64(len(xs)-2) / sxx)
	c := BootstrapKind(r, xs, ys, 2000, 1)
	if math.Abs(c[1].SE-want)/want > 0.25 {
		t.Errorf("SE of the slope = %v, want within 25%% of %v", c[1].SE, want)
	}
}

// TestBootstrapKindDeterministic bootstraps every kind twice and wants
// the same numbers; the intervals must hold
// the constants the points were made from.
func TestBootstrapKindDeterministic(t *testing.T) {
	tests := []struct {
		kind    string
		f       func(x float64) float64
		x0, x1  float64
		a, b, c float64 // the truth; NaN: not a constant of the law
	}{
		{PowerLaw, func(x float64) float64 { return 5 * math.Pow(x, -0.2) }, 1e3, 1e9, 5, -0.2, math.NaN()},
		{PowerLawC, func(x float64) float64 { return 1.7 + 400*math.Pow(x, -0.34) }, 1e6, 1e10, 400, -0.34, 1.7},
		{LogLinear, func(x float64) float64 { return 0.3 + 0.05*math.Log10(x) }, 1, 1e6, 0.3, 0.05, math.NaN()},
		{Linear, func(x float64) float64 { return 2 - 0.5*x }, 0, 10, 2, -0.5, math.NaN()},
		{Exponential, func(x float64) float64 { return 3 * math.Pow(2, x-2020) }, 2015, 2025, 3, 2, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			var xs, ys []float64
			for i := range 60 {
				u := float64(i) / 59
				x := tt.x0 + u*(tt.x1-tt.x0)
				if tt.kind != Linear && tt.kind != Exponential {
					x = tt.x0 * math.Pow(tt.x1/tt.x0, u)
				}
				xs = append(xs, x)
				ys = append(ys, tt.f(x)*(1+0.01*math.Sin(float64(i)*12.9898)))
			}
			r, err := Fit(tt.kind, xs, ys)
			if err != nil {
				t.Fatal(err)
			}
			c := BootstrapKind(r, xs, ys, 400, 3)
			if again := BootstrapKind(r, xs, ys, 400, 3); !reflect.DeepEqual(c, again) {
				t.Errorf("two bootstraps differ:\n%v\n%v", c, again)
			}
			for j, want := range []float64{tt.a, tt.b, tt.c} {
				if math.IsNaN(want) {
					continue
				}
				if e := c[j]; !e.HasSE || e.CI95[0] > want || e.CI95[1] < want {
					t.Errorf("constant %d: %v [%v, %v] does not hold the true %v", j, e.Estimate, e.CI95[0], e.CI95[1], want)
				}
			}
			if none := BootstrapKind(r, xs, ys, 0, 3); none[1].HasSE || none[1].Estimate != r.B {
				t.Errorf("without resamples: %+v, want the estimate %v alone", none[1], r.B)
			}
		})
	}
}

// BenchmarkBootstrapKindPowerLawC is a powerlaw+c fit of 30 points with
// 1,000 resamples, each refitted by variable projection: the dearest of
// the kinds' bootstraps.
func BenchmarkBootstrapKindPowerLawC(b *testing.B) {
	var xs, ys []float64
	for i := range 30 {
		x := math.Pow(10, 6+4*float64(i)/29)
		xs = append(xs, x)
		ys = append(ys, (1.7+400*math.Pow(x, -0.3))*(1+0.01*math.Sin(float64(i)*12.9898)))
	}
	stop := benchcpu.Start(b)
	for b.Loop() {
		r, err := Fit(PowerLawC, xs, ys)
		if err != nil {
			b.Fatal(err)
		}
		BootstrapKind(r, xs, ys, 1000, 1)
	}
	stop()
}
