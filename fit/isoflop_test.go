package fit

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

// isoflopRuns is content/format/trends/isoflop-runs.csv (compute, params, loss):
// nine sizes per budget on a Chinchilla-shaped surface with 0.25% noise;
// its generate.py says how it was made.
const isoflopRuns = `6e+18,3.22e+07,3.2929
6e+18,4.96e+07,3.2139
6e+18,7.63e+07,3.1514
6e+18,1.18e+08,3.1095
6e+18,1.81e+08,3.1027
6e+18,2.79e+08,3.1039
6e+18,4.29e+08,3.1294
6e+18,6.61e+08,3.2015
6e+18,1.02e+09,3.2927
1e+19,4.05e+07,3.1843
1e+19,6.24e+07,3.0888
1e+19,9.61e+07,3.0172
1e+19,1.48e+08,3.0131
1e+19,2.28e+08,2.9857
1e+19,3.51e+08,3.0006
1e+19,5.41e+08,3.0265
1e+19,8.32e+08,3.0815
1e+19,1.28e+09,3.1725
3e+19,6.66e+07,2.9563
3e+19,1.03e+08,2.8681
3e+19,1.58e+08,2.8203
3e+19,2.43e+08,2.7895
3e+19,3.74e+08,2.7770
3e+19,5.77e+08,2.7885
3e+19,8.88e+08,2.8222
3e+19,1.37e+09,2.8587
3e+19,2.11e+09,2.9545
6e+19,9.1e+07,2.8122
6e+19,1.4e+08,2.7533
6e+19,2.16e+08,2.7219
6e+19,3.32e+08,2.6801
6e+19,5.12e+08,2.6744
6e+19,7.88e+08,2.6869
6e+19,1.21e+09,2.7198
6e+19,1.87e+09,2.7455
6e+19,2.88e+09,2.8230
1e+20,1.15e+08,2.7287
1e+20,1.77e+08,2.6878
1e+20,2.72e+08,2.6404
1e+20,4.19e+08,2.6116
1e+20,6.45e+08,2.5979
1e+20,9.93e+08,2.6183
1e+20,1.53e+09,2.6379
1e+20,2.35e+09,2.6799
1e+20,3.63e+09,2.7189
3e+20,1.88e+08,2.5747
3e+20,2.9e+08,2.5246
3e+20,4.47e+08,2.4903
3e+20,6.88e+08,2.4554
3e+20,1.06e+09,2.4487
3e+20,1.63e+09,2.4687
3e+20,2.51e+09,2.4832
3e+20,3.87e+09,2.5208
3e+20,5.96e+09,2.5595`

func readRuns(t testing.TB, text string) (cs, xs, ys []float64) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		f := strings.Split(line, ",")
		var v [3]float64
		for i := range v {
			var err error
			if v[i], err = strconv.ParseFloat(f[i], 64); err != nil {
				t.Fatal(err)
			}
		}
		cs, xs, ys = append(cs, v[0]), append(xs, v[1]), append(ys, v[2])
	}
	return cs, xs, ys
}

// TestIsoFLOP checks the parabolas, minima and power law against numpy:
//
//	for c in budgets:
//	    g = d[d['compute'] == c]; u = np.log10(g['params'])
//	    p2, p1, p0 = np.polyfit(u, g['loss'], 2)
//	    xstar = 10 ** (-p1 / (2 * p2)); ystar = p0 - p1 ** 2 / (4 * p2)
//	a, lk = np.polyfit(np.log10(C), np.log10(xstar), 1)   # k = 10 ** lk
//	r2 = 1 - RSS / TSS of np.log10(xstar)
func TestIsoFLOP(t *testing.T) {
	cs, xs, ys := readRuns(t, isoflopRuns)
	want := []struct{ c, p0, p1, p2, x, y float64 }{
		{6e+18, 27.0167542279901, -5.78565952264355, 0.34983380537371, 185846518.412015, 3.0954981931441},
		{1e+19, 26.4482821790212, -5.60933579907812, 0.335250707547301, 232210641.726188, 2.98476114947949},
		{3e+19, 25.607932468992, -5.32297880821374, 0.310241337440666, 379115071.472251, 2.77562421952197},
		{6e+19, 21.3594362477097, -4.29223441039498, 0.246537856518818, 507015162.037701, 2.67744102198609},
		{1e+20, 19.4361148318418, -3.8149527124696, 0.21620459687888, 664587650.02628, 2.60730498172974},
		{3e+20, 19.0428045306878, -3.66946686611602, 0.202937880131065, 1098657478.94375, 2.45523217501527},
	}
	r, err := FitIsoFLOP(cs, xs, ys, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Minima) != len(want) || len(r.Parabolas) != len(want) || len(r.Skipped) != 0 {
		t.Fatalf("%d minima, %d parabolas, skipped %q; want %d and none", len(r.Minima), len(r.Parabolas), r.Skipped, len(want))
	}
	for i, w := range want {
		p, m := r.Parabolas[i], r.Minima[i]
		if p.Compute != w.c || m.Compute != w.c || p.N != 9 {
			t.Errorf("budget %d: %g (%d runs), want %g (9)", i, p.Compute, p.N, w.c)
		}
		for _, c := range []struct {
			what      string
			got, want float64
		}{{"p0", p.P0, w.p0}, {"p1", p.P1, w.p1}, {"p2", p.P2, w.p2}, {"x*", m.X, w.x}, {"y*", m.Y, w.y}} {
			if !near(c.got, c.want, 1e-8) {
				t.Errorf("budget %g: %s = %.15g, numpy %.15g", w.c, c.what, c.got, c.want)
			}
		}
		if got := p.Eval(m.X); !near(got, m.Y, 1e-12) {
			t.Errorf("budget %g: parabola at its minimum %g, want %g", w.c, got, m.Y)
		}
	}
	if !near(r.A.Estimate, 0.453728567718706, 1e-9) || !near(r.K.Estimate, 0.554700607417006, 1e-8) || !near(r.R2, 0.999400979386974, 1e-9) {
		t.Errorf("x* = %.15g·C^%.15g (R² %.15g), numpy 0.554700607417006·C^0.453728567718706 (R² 0.999400979386974)", r.K.Estimate, r.A.Estimate, r.R2)
	}
	// as fit.json writes them: minima [{"compute", "x", "y"}], constants a and k
	b, err := json.Marshal(r.Minima[:1])
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `[{"compute":6000000000000000000,"x":185846518.41200325,"y":3.0954981931441`; !strings.HasPrefix(got, want) {
		t.Errorf("minima as JSON %s, want it to start %s", got, want)
	}
	if ps := r.Parameters(); len(ps) != 2 || ps["a"] != r.A || ps["k"] != r.K {
		t.Errorf("parameters %+v", ps)
	}
	if r.A.HasSE || r.K.HasSE {
		t.Errorf("intervals without a bootstrap: %+v %+v", r.A, r.K)
	}
	if _, _, ok := r.Band(1e24); ok {
		t.Errorf("a band without a bootstrap")
	}
}

// TestIsoFLOPBootstrap compares the bootstrap with numpy's over the same
// data (4000 replicates, rows resampled within each budget, replicates
// whose parabola opens downwards or has under 3 sizes left out: 7 of
// 4000): SE(a) 0.01627, a's 95% interval [0.41336, 0.47005], x*(1e24)'s
// band [2.772e10, 5.059e10]. The random draws differ, so the numbers agree
// to the bootstrap's own noise.
func TestIsoFLOPBootstrap(t *testing.T) {
	cs, xs, ys := readRuns(t, isoflopRuns)
	r, err := FitIsoFLOP(cs, xs, ys, 4000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !r.A.HasSE || math.Abs(r.A.SE-0.01627)/0.01627 > 0.15 {
		t.Errorf("SE(a) = %g, numpy 0.01627", r.A.SE)
	}
	if math.Abs(r.A.CI95[0]-0.41336) > 0.006 || math.Abs(r.A.CI95[1]-0.47005) > 0.006 {
		t.Errorf("a's interval [%g, %g], numpy [0.41336, 0.47005]", r.A.CI95[0], r.A.CI95[1])
	}
	if r.Failed > 40 {
		t.Errorf("%d of 4000 replicates failed, numpy 7", r.Failed)
	}
	lo, hi, ok := r.Band(1e24)
	if !ok || math.Abs(lo-2.772e10)/2.772e10 > 0.08 || math.Abs(hi-5.059e10)/5.059e10 > 0.08 {
		t.Errorf("band at 1e24 [%g, %g], numpy [2.772e10, 5.059e10]", lo, hi)
	}
	if opt := r.Optimum(1e24); !(lo < opt && opt < hi) {
		t.Errorf("the optimum %g at 1e24 lies outside its band [%g, %g]", opt, lo, hi)
	}
	// the band widens away from the data
	inLo, inHi, _ := r.Band(3e19)
	if inHi/inLo >= hi/lo {
		t.Errorf("band at 3e19 [%g, %g] no narrower than at 1e24 [%g, %g]", inLo, inHi, lo, hi)
	}
	again, _ := FitIsoFLOP(cs, xs, ys, 4000, 1)
	if again.A != r.A || again.K != r.K || again.Failed != r.Failed {
		t.Errorf("the same seed gave %+v, then %+v", r.A, again.A)
	}
}

// TestIsoFLOPSkipped: budgets that cannot give a minimum are left out and
// named; too few left is an error naming them.
func TestIsoFLOPSkipped(t *testing.T) {
	type runs = [3][]float64 // compute, x, y
	good := func(c, xOpt float64) runs {
		var r runs
		for _, u := range []float64{-0.5, -0.25, 0, 0.25, 0.5} {
			r[0], r[1], r[2] = append(r[0], c), append(r[1], xOpt*math.Pow(10, u)), append(r[2], 2+u*u)
		}
		return r
	}
	tests := []struct {
		name    string
		runs    []runs
		skipped []string
		err     string
	}{
		{"two sizes", []runs{good(1e18, 1e8), good(1e19, 3e8), {{1e20, 1e20}, {1e9, 2e9}, {2, 2.1}}},
			[]string{"the budget 1e+20: its runs are at 2 different sizes, and a parabola needs 3"}, ""},
		{"opens downwards", []runs{good(1e18, 1e8), good(1e19, 3e8), {{1e20, 1e20, 1e20}, {1e9, 2e9, 4e9}, {2, 2.1, 2}}},
			[]string{"the budget 1e+20: its parabola opens downwards (loss has no minimum over its sizes)"}, ""},
		// np.polyfit(np.log10([1e9, 2e9, 4e9]), [2.3, 2.1, 2.0], 2): minimum at 5.66e9
		{"minimum outside", []runs{good(1e18, 1e8), good(1e19, 3e8), {{1e20, 1e20, 1e20}, {1e9, 2e9, 4e9}, {2.3, 2.1, 2.0}}},
			[]string{"the budget 1e+20: its minimum, at x = 5.66e+09, lies outside the sizes run (1e+09 to 4e+09); run sizes beyond it"}, ""},
		{"one budget left", []runs{good(1e18, 1e8), {{1e20, 1e20}, {1e9, 2e9}, {2, 2.1}}}, nil,
			"an isoFLOP fit needs the minima of at least 2 compute budgets for its power law, and has 1 (the budget 1e+20: its runs are at 2 different sizes, and a parabola needs 3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var cs, xs, ys []float64
			for _, r := range tc.runs {
				cs, xs, ys = append(cs, r[0]...), append(xs, r[1]...), append(ys, r[2]...)
			}
			r, err := FitIsoFLOP(cs, xs, ys, 0, 1)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var skipped []string
			for _, s := range r.Skipped {
				skipped = append(skipped, s.String())
			}
			if strings.Join(skipped, "|") != strings.Join(tc.skipped, "|") {
				t.Errorf("skipped %q, want %q", r.Skipped, tc.skipped)
			}
			// the two good budgets: x* = 1e8 at 1e18 and 3e8 at 1e19
			if len(r.Minima) != 2 || !near(r.Minima[0].X, 1e8, 1e-9) || !near(r.A.Estimate, math.Log10(3), 1e-9) {
				t.Errorf("minima %+v, a = %g; want 1e8 and 3e8, a = log10 3", r.Minima, r.A.Estimate)
			}
		})
	}
	if _, err := FitIsoFLOP([]float64{1, -1}, []float64{1, 1}, []float64{1, 1}, 0, 1); err == nil || !strings.Contains(err.Error(), "run 2 has compute -1") {
		t.Errorf("negative compute: %v", err)
	}
}

// BenchmarkIsoFLOPBootstrap: the guide's 54 runs with 1,000 resamples.
func BenchmarkIsoFLOPBootstrap(b *testing.B) {
	cs, xs, ys := readRuns(b, isoflopRuns)
	for b.Loop() {
		if _, err := FitIsoFLOP(cs, xs, ys, 1000, 1); err != nil {
			b.Fatal(err)
		}
	}
}
