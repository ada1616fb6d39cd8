package site

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/law"
)

// chinchillaCSV is a synthetic Chinchilla surface L = E + A/N^α + B/D^β
// (Hoffmann et al.'s constants) over 6 model sizes × 7 token counts, with
// multiplicative noise of standard deviation noise (0: exact), seeded.
func chinchillaCSV(noise float64) string {
	const E, A, B, alpha, beta = 1.69, 406.4, 410.7, 0.34, 0.28
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("params,tokens,flops,loss\n")
	for _, n := range []float64{1e8, 3e8, 1e9, 3e9, 1e10, 3e10} {
		for _, d := range []float64{1e9, 3e9, 1e10, 3e10, 1e11, 3e11, 1e12} {
			l := E + A/math.Pow(n, alpha) + B/math.Pow(d, beta)
			l *= math.Exp(noise * r.NormFloat64())
			fmt.Fprintf(&b, "%g,%g,%g,%.6g\n", n, d, 6*n*d, l)
		}
	}
	return b.String()
}

// lawPage is a page with one chart of runs.csv (beside it) fitted by spec's fit.
func lawPage(fitSpec string) string {
	return chartMD("data: runs.csv\nseries: params\nx: {field: flops, scale: log}\ny: {field: loss, scale: log}\n" + fitSpec)
}

func loadLaw(t *testing.T, csv, fitSpec string) (*Chart, error) {
	t.Helper()
	s, err := Load(sitetest.New(t, map[string]string{"content/p/index.md": lawPage(fitSpec), "content/p/runs.csv": csv}), Options{})
	if err != nil {
		return nil, err
	}
	return s.Body(s.Pages[0]).Charts[0], nil
}

const chinchillaFit = `fit:
  law: "L = E + A / N^alpha + B / D^beta"
  where: {N: params, D: tokens}
  over: all
  loss: huber
  derive: {a: "beta / (alpha + beta)"}
`

// TestLawRecoversChinchilla fits the Chinchilla form to its own surface:
// exact data give back the constants, noisy data close to them with
// intervals that hold them.
func TestLawRecoversChinchilla(t *testing.T) {
	want := map[string]float64{"E": 1.69, "A": 406.4, "B": 410.7, "alpha": 0.34, "beta": 0.28}
	t.Run("exact", func(t *testing.T) {
		c, err := loadLaw(t, chinchillaCSV(0), chinchillaFit)
		if err != nil {
			t.Fatal(err)
		}
		fits := c.Panels[0].Fits
		if len(fits) != 1 || fits[0].Law == nil {
			t.Fatalf("fits %+v, want one fit by law", fits)
		}
		lf := fits[0].Law
		for i, name := range lf.Names {
			if got := lf.Fit.Consts[i]; math.Abs(got-want[name]) > 1e-3*math.Abs(want[name]) {
				t.Errorf("%s = %.6g, want %g", name, got, want[name])
			}
		}
		if a := lf.Derived[0]; a.Name != "a" || math.Abs(a.Estimate.Estimate-0.28/0.62) > 1e-3 {
			t.Errorf("derived %+v, want a = %.6g", a, 0.28/0.62)
		}
		if fits[0].R2 < 0.999999 || lf.Fit.N != 42 {
			t.Errorf("R² %g and n %d, want 1 and 42", fits[0].R2, lf.Fit.N)
		}
		if len(fits[0].DataSHA256) != 64 {
			t.Errorf("data SHA-256 %q", fits[0].DataSHA256)
		}
	})
	t.Run("noisy, bootstrapped", func(t *testing.T) {
		c, err := loadLaw(t, chinchillaCSV(0.01), chinchillaFit+"  bootstrap: 200\n")
		if err != nil {
			t.Fatal(err)
		}
		lf := c.Panels[0].Fits[0].Law
		for i, name := range lf.Names {
			p := lf.Fit.Params[i]
			if !p.HasSE || p.SE <= 0 {
				t.Fatalf("%s has no standard error: %+v", name, p)
			}
			// the truth within four standard errors of the estimate
			if math.Abs(p.Estimate-want[name]) > 4*p.SE {
				t.Errorf("%s = %.4g ± %.2g, want %g", name, p.Estimate, p.SE, want[name])
			}
		}
		if a := lf.Derived[0]; !a.HasSE || a.CI95[0] > 0.28/0.62 || a.CI95[1] < 0.28/0.62 {
			t.Errorf("a = %+v: its interval should hold %.4g", a.Estimate, 0.28/0.62)
		}
	})
	t.Run("per series, drawn at each series' own variables", func(t *testing.T) {
		c, err := loadLaw(t, chinchillaCSV(0), "fit: {law: \"L = E + B / D^beta\", where: {D: tokens}}\n")
		if err != nil {
			t.Fatal(err)
		}
		if n := len(c.Panels[0].Fits); n != 6 {
			t.Fatalf("%d fits, want one per model size (6)", n)
		}
		for _, f := range c.Panels[0].Fits {
			if f.Law.Fit.N != 7 || len(f.Law.Vars) != 7 || f.R2 < 0.9999 {
				t.Errorf("series %s: n %d, R² %g", f.Series, f.Law.Fit.N, f.R2)
			}
		}
	})
}

// kaplanCSV is Kaplan et al.'s L(N, D) = ((N_c/N)^(α_N/α_D) + D_c/D)^α_D
// with their constants over 5 model sizes × 6 token counts, with
// multiplicative noise of standard deviation noise, seeded.
func kaplanCSV(noise float64) string {
	const nc, dc, an, ad = 8.8e13, 5.4e13, 0.076, 0.095
	r := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	b.WriteString("params,tokens,loss\n")
	for _, n := range []float64{1e6, 1e7, 1e8, 1e9, 1e10} {
		for _, d := range []float64{2e7, 1e8, 5e8, 2.5e9, 1.2e10, 6e10} {
			l := math.Pow(math.Pow(nc/n, an/ad)+dc/d, ad) * math.Exp(noise*r.NormFloat64())
			fmt.Fprintf(&b, "%g,%g,%.8g\n", n, d, l)
		}
	}
	return b.String()
}

// TestLawRecoversKaplan fits Kaplan's form to its own surface, written as
// the paper writes it: exact data give back the constants; noisy data
// give intervals that hold them.
func TestLawRecoversKaplan(t *testing.T) {
	want := map[string]float64{"N_c": 8.8e13, "D_c": 5.4e13, "alpha_N": 0.076, "alpha_D": 0.095}
	const spec = "fit: {law: \"L = ((N_c / N)^(alpha_N / alpha_D) + D_c / D)^alpha_D\", where: {N: params, D: tokens}, over: all"
	for _, tc := range []struct {
		name  string
		noise float64
		extra string
	}{{"exact", 0, "}\n"}, {"noisy, bootstrapped", 0.005, ", bootstrap: 100}\n"}} {
		t.Run(tc.name, func(t *testing.T) {
			page := chartMD("data: runs.csv\nseries: params\nx: {field: tokens, scale: log}\ny: {field: loss, scale: log}\n" + spec + tc.extra)
			s, err := Load(sitetest.New(t, map[string]string{"content/p/index.md": page, "content/p/runs.csv": kaplanCSV(tc.noise)}), Options{})
			if err != nil {
				t.Fatal(err)
			}
			lf := s.Body(s.Pages[0]).Charts[0].Panels[0].Fits[0].Law
			if !lf.Fit.Converged {
				t.Errorf("not converged after %d iterations: the fit file would say converged: false", lf.Fit.Iterations)
			}
			for i, name := range lf.Names {
				p := lf.Fit.Params[i]
				switch {
				case tc.noise == 0 && math.Abs(p.Estimate-want[name]) > 1e-3*want[name]:
					t.Errorf("%s = %.6g, want %g", name, p.Estimate, want[name])
				case tc.noise > 0 && (!p.HasSE || p.CI95[0] > want[name] || p.CI95[1] < want[name]):
					t.Errorf("%s = %.4g, 95%% interval %.4g, want it to hold %g", name, p.Estimate, p.CI95, want[name])
				}
			}
		})
	}
}

// TestLawMatchesScipy: the site's fit of the noisy surface over all runs
// is scipy's, with the squared loss and with Huber's (δ = 1e-3) on log L.
// The references, from the CSV chinchillaCSV(0.01) writes:
//
//	d = np.genfromtxt('chin.csv', delimiter=',', names=True)
//	res = lambda p: np.log(p[0] + p[1]/d['params']**p[3] + p[2]/d['tokens']**p[4]) - np.log(d['loss'])
//	# best of a grid of starts E0 in (1, 1.5, 2), A0 = B0 in (100, 1000), alpha0, beta0 in (0.2, 0.4):
//	least_squares(res, p0, method='lm', xtol=1e-15, ftol=1e-15, gtol=1e-15)
//	least_squares(res, p0, loss='huber', f_scale=1e-3, xtol=1e-15, ftol=1e-15, gtol=1e-15)
func TestLawMatchesScipy(t *testing.T) {
	tests := []struct {
		loss      string
		want      map[string]float64
		objective float64 // scipy's cost
	}{
		{"squared", map[string]float64{"E": 1.6827691108343883, "A": 243.861691975643, "B": 494.5746844133649, "alpha": 0.311418881138622, "beta": 0.28940208182940935}, 0.002288973422048371},
		{"huber", map[string]float64{"E": 1.6963138235207864, "A": 311.5832615742528, "B": 415.58128224874037, "alpha": 0.32602230929563886, "beta": 0.2810444355089574}, 0.0003135080381952979},
	}
	for _, tc := range tests {
		t.Run(tc.loss, func(t *testing.T) {
			c, err := loadLaw(t, chinchillaCSV(0.01), "fit: {law: \"L = E + A / N^alpha + B / D^beta\", where: {N: params, D: tokens}, over: all, loss: "+tc.loss+"}\n")
			if err != nil {
				t.Fatal(err)
			}
			lf := c.Panels[0].Fits[0].Law
			for i, name := range lf.Names {
				if got, want := lf.Fit.Consts[i], tc.want[name]; math.Abs(got-want) > 1e-6*math.Abs(want) {
					t.Errorf("%s = %.12g, scipy %.12g", name, got, want)
				}
			}
			if math.Abs(lf.Fit.Objective-tc.objective) > 1e-12 {
				t.Errorf("objective %.15g, scipy's cost %.15g", lf.Fit.Objective, tc.objective)
			}
		})
	}
}

// TestLawErrors: what a law cannot be fitted with is an error at the
// place of the spec or of the data at fault, with what to do.
func TestLawErrors(t *testing.T) {
	csv := chinchillaCSV(0)
	negative := strings.Replace(csv, "\n1e+08,1e+09,", "\n-1e+08,1e+09,", 1)
	blank := strings.Replace(csv, "\n1e+08,1e+09,", "\n1e+08,,", 1)
	tests := []struct{ name, csv, fit, want string }{
		{"a blank variable", blank, "fit: {law: \"L = E + A / N^alpha + B / D^beta\", where: {N: params, D: tokens}, over: all}\n",
			`content/p/runs.csv:2:7: the fit over all points reads D from column "tokens", which is blank on this row: fill it in, or leave the row out with where`},
		{"unknown column", csv, "fit: {law: \"L = E + A / N^alpha\", where: {N: param}}\n",
			`content/p/index.md:11:46: where binds N to column "param", which is not in content/p/runs.csv (its columns: "params", "tokens", "flops", "loss") — did you mean "params"?`},
		{"a symbol not in the law", csv, "fit: {law: \"L = E + A / N^alpha\", where: {N: params, D: tokens}}\n",
			`content/p/index.md:11:54: where: "D" is not a symbol of the law "L = E + A / N^alpha"; its symbols are E, A, N, alpha`},
		{"unknown function", csv, "fit: {law: \"L = E + A / lg(N)\", where: {N: params}}\n",
			`content/p/index.md:11:25: fit law: lg is not a function a law may use`},
		{"log of a negative value", negative, "fit: {law: \"L = E + A * log(N)\", where: {N: params}, over: all, in: linear}\n",
			`content/p/index.md:11:25: the fit over all points cannot take the values of content/p/runs.csv line 2: log(N) is the logarithm of -1e+08 here, and a logarithm needs a positive value, with N = -1e+08 in column "params"; leave the row out with where, or write the law for these values`},
		{"a constant the data cannot determine", csv, "fit: {law: \"L = E + A * B / N^alpha\", where: {N: params}, over: all, in: linear}\n",
			`content/p/index.md:11:21: the fit over all points: the data cannot determine A and B separately`},
		{"derive of no constant", csv, "fit: {law: \"L = E + A / N^alpha\", where: {N: params}, over: all, derive: {k: \"alpha / gamma\"}}\n",
			`content/p/index.md:11:87: derive k: gamma is not a constant of the law; its constants are E, A, alpha`},
		{"more refits than a build may do", csv, "fit: {law: \"L = E + A / N^alpha\", where: {N: params}, over: all, bootstrap: 100000}\n",
			`content/p/index.md:11:12: the fit over all points asks for 100000 bootstrap resamples of 42 points, and a fit by law of 42 points may refit at most 20661 times in a build: ask for 20661 or fewer (1,000 is usual)`},
		{"more refits than a build may do, powerlaw+c", csv, "fit: {type: powerlaw+c, over: all, bootstrap: 100000}\n",
			`content/p/index.md:11:6: the fit over all points asks for 100000 bootstrap resamples of 42 points, and a powerlaw+c fit of 42 points may refit at most 33286 times in a build: ask for 33286 or fewer (1,000 is usual)`},
		{"start of no constant", csv, "fit: {law: \"L = E + A / N^alpha\", where: {N: params}, over: all, start: {alpah: [0, 1]}}\n",
			`content/p/index.md:11:81: start gives a range for alpah, which is not a constant of the law (its constants are E, A, alpha) — did you mean "alpha"?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadLaw(t, tc.csv, tc.fit)
			if err == nil {
				t.Fatal("no error")
			}
			got := err.Error()
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s…", got, tc.want)
			}
			sitetest.CheckMessages(t, got)
		})
	}
}

// modelRows is a bound law over rows of variables evaluated by
// Model.Eval and Model.EvalGrad, row by row: lawFitModel's reference.
type modelRows struct {
	m    *law.Model
	vars [][]float64
}

func (a modelRows) NumConsts() int { return len(a.m.Constants()) }
func (a modelRows) Predict(p []float64, row int, grad []float64) float64 {
	if grad == nil {
		return a.m.Eval(p, a.vars[row])
	}
	return a.m.EvalGrad(p, a.vars[row], grad)
}

// TestLawFitModelBits: the site's model of a law (law.Rows, prepared once)
// gives the fit, bootstrap and all, that the law evaluated row by row
// gives, to the bit.
func TestLawFitModelBits(t *testing.T) {
	parsed, err := law.Parse("L = ((N_c / N)^(alpha_N / alpha_D) + D_c / D)^alpha_D")
	if err != nil {
		t.Fatal(err)
	}
	m, err := parsed.Bind([]string{"N", "D"})
	if err != nil {
		t.Fatal(err)
	}
	var vars [][]float64
	var ys []float64
	for _, line := range strings.Split(strings.TrimSpace(kaplanCSV(0.005)), "\n")[1:] {
		var n, d, l float64
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, ",", " "), "%g %g %g", &n, &d, &l); err != nil {
			t.Fatal(err)
		}
		vars, ys = append(vars, []float64{n, d}), append(ys, l)
	}
	o := fit.LawOptions{Names: m.Constants(), Loss: fit.Huber, Log: true, Bootstrap: 50, Seed: lawSeed}
	for _, r := range m.Roles() {
		o.Roles = append(o.Roles, fit.Role(r))
	}
	got, err := fit.FitLaw(lawFitModel(m, vars), ys, o)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fit.FitLaw(modelRows{m, vars}, ys, o)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := fmt.Sprintf("%#v", got), fmt.Sprintf("%#v", want); g != w {
		t.Errorf("the fit through law.Rows differs from the law row by row:\n%s\n%s", g, w)
	}
}
