package fit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// refX are the x values of the scipy references below: 10^(6 + 0.4 i).
func refX() []float64 {
	x := make([]float64, 12)
	for i := range x {
		x[i] = math.Pow(10, 6+0.4*float64(i))
	}
	return x
}

var oneVarNames = []string{"E", "A", "alpha"}
var oneVarRoles = []Role{Offset, Scale, Exponent}

// The references come from scipy; the data are made in the snippet:
//
//	import numpy as np
//	from scipy.optimize import minimize, curve_fit
//	from scipy.special import huber
//	i = np.arange(12); x = 10.0 ** (6 + 0.4 * i)
//	def law(x, E, A, al): return E + A * x ** (-al)
//	y = law(x, 1.7, 400.0, 0.3) * np.exp(0.02 * np.sin(1.7 * i + 0.3))
//	def obj(p, delta=0.01):
//	    E, la, al = p
//	    return np.sum(huber(delta, np.log(y) - np.log(E + np.exp(la) * x ** (-al))))
//	r = minimize(obj, (1.0, 5.0, 0.5), method="L-BFGS-B", options=dict(ftol=1e-16, gtol=1e-12))
//	r = minimize(obj, r.x, method="Nelder-Mead", options=dict(xatol=1e-13, fatol=1e-18))
//	print(r.x[0], np.exp(r.x[1]), r.x[2], r.fun)   # Huber in log space
//	ylin = law(x, 1.7, 400.0, 0.3) + 0.05 * np.sin(1.7 * i + 0.3)
//	p, _ = curve_fit(law, x, ylin, p0=(1.7, 400, 0.3), xtol=1e-15, ftol=1e-15, gtol=1e-15)
//	print(p, 0.5 * np.sum((ylin - law(x, *p)) ** 2))   # squared, linear space
//
// (Three starts of the Huber fit agree to 3e-9.)
func TestFitLawMatchesScipy(t *testing.T) {
	tests := []struct {
		name string
		y    []float64
		o    LawOptions
		want []float64
		obj  float64
	}{
		{
			name: "huber in log space, scipy minimize",
			y:    []float64{8.087230593737052, 6.628514048390346, 5.291670833856282, 4.398810906378891, 3.855026008065891, 3.3311708126228448, 2.857265371243873, 2.5976690086619674, 2.4421373583959896, 2.2321078713195157, 2.0584265002643782, 2.0094454127478993},
			o:    LawOptions{Names: oneVarNames, Roles: oneVarRoles, Loss: Huber, Delta: 0.01, Log: true},
			want: []float64{1.706378427807604, 420.78370565723685, 0.30308471348434995},
			obj:  0.0008977255256242752,
		},
		{
			name: "squared in linear space, scipy curve_fit",
			y:    curveFitY,
			o:    LawOptions{Names: oneVarNames, Roles: oneVarRoles, Loss: Squared},
			want: curveFitWant,
			obj:  curveFitObjective,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := FitLaw(oneVarModel(refX()), tt.y, tt.o)
			if err != nil {
				t.Fatal(err)
			}
			for j, w := range tt.want {
				if math.Abs(r.Consts[j]-w) > 1e-5*math.Abs(w) {
					t.Errorf("%s = %.10g, scipy %.10g", tt.o.Names[j], r.Consts[j], w)
				}
			}
			if math.Abs(r.Objective-tt.obj) > 1e-9*tt.obj {
				t.Errorf("objective %.12g, scipy %.12g", r.Objective, tt.obj)
			}
			if !r.Converged {
				t.Errorf("not converged after %d iterations", r.Iterations)
			}
		})
	}
}

// curveFitY is the data of the squared-loss reference (ylin above), and
// curveFitWant and curveFitObjective scipy's fit.
var (
	curveFitY         = []float64{8.054348780177522, 6.5545226098109355, 5.321551550378215, 4.428685659297947, 3.835678293005385, 3.3216745418585774, 2.863995900162223, 2.5984355969952677, 2.4437207065694997, 2.2326903780375353, 2.0500112784463496, 2.010924890494821}
	curveFitWant      = []float64{1.6995223816944773, 407.70076596544953, 0.3011314979503405}
	curveFitObjective = 0.006587358544859444
)

// TestFitLawUnitsDoNotMatter fits the curve_fit reference with y in other
// units: the offset and scale follow the units, the exponent stays, and
// the fit converges whatever their size.
func TestFitLawUnitsDoNotMatter(t *testing.T) {
	for _, unit := range []float64{1e-9, 1e-6, 1e6, 1e9} {
		y := make([]float64, len(curveFitY))
		for i, v := range curveFitY {
			y[i] = v * unit
		}
		r, err := FitLaw(oneVarModel(refX()), y, LawOptions{Names: oneVarNames, Roles: oneVarRoles, Loss: Squared})
		if err != nil {
			t.Fatalf("y in units of %g: %v", unit, err)
		}
		want := []float64{curveFitWant[0] * unit, curveFitWant[1] * unit, curveFitWant[2]}
		for j, w := range want {
			if math.Abs(r.Consts[j]-w) > 1e-5*math.Abs(w) {
				t.Errorf("y in units of %g: %s = %.8g, want %.8g", unit, oneVarNames[j], r.Consts[j], w)
			}
		}
		if o := curveFitObjective * unit * unit; math.Abs(r.Objective-o) > 1e-8*o || !r.Converged {
			t.Errorf("y in units of %g: objective %.10g (want %.10g), converged %v", unit, r.Objective, o, r.Converged)
		}
	}
}

// TestFitLawChinchillaSurface recovers the constants of a synthetic
// Chinchilla surface from the default starting grid: exactly without
// noise, and within a few bootstrap standard errors with 1% noise.
func TestFitLawChinchillaSurface(t *testing.T) {
	for _, tt := range []struct {
		sigma float64
		tol   []float64 // relative, per constant
	}{
		{0, []float64{1e-6, 1e-5, 1e-5, 1e-6, 1e-6}},
		{0.01, []float64{0.02, 0.15, 0.25, 0.02, 0.03}},
	} {
		n, d, l := chinchillaSurface(240, chinchillaTruth, tt.sigma, 3)
		o := LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Log: true, Bootstrap: 100, Seed: 2}
		r, err := FitLaw(chinchillaModel(n, d), l, o)
		if err != nil {
			t.Fatal(err)
		}
		for j, w := range chinchillaTruth {
			if math.Abs(r.Consts[j]-w) > tt.tol[j]*w {
				t.Errorf("noise %g: %s = %.6g, want %.6g ± %.2g%%", tt.sigma, chinchillaNames[j], r.Consts[j], w, 100*tt.tol[j])
			}
			if tt.sigma > 0 && !(r.Params[j].CI95[0] <= w && w <= r.Params[j].CI95[1]) {
				t.Errorf("noise %g: %s's interval [%.4g, %.4g] misses %.4g", tt.sigma, chinchillaNames[j], r.Params[j].CI95[0], r.Params[j].CI95[1], w)
			}
		}
		if !r.Converged || r.Failed > 0 || len(r.Replicates) != 100 {
			t.Errorf("noise %g: converged %v, %d of %d refits failed", tt.sigma, r.Converged, r.Failed, len(r.Replicates))
		}
	}
}

// kaplanModel is Kaplan et al.'s L = ((N_c/N)^(α_N/α_D) + D_c/D)^α_D, with
// constants N_c, D_c, alpha_N, alpha_D.
func kaplanModel(n, d []float64) Model {
	ln := logs(n)
	return funcModel{4, func(p []float64, i int, g []float64) float64 {
		nc, dc, an, ad := p[0], p[1], p[2], p[3]
		lr := math.Log(nc) - ln[i]
		u := math.Exp(an / ad * lr)
		s := u + dc/d[i]
		l := math.Pow(s, ad)
		if g != nil {
			dl := ad * l / s // ∂L/∂s
			g[0] = dl * an / ad * u / nc
			g[1] = dl / d[i]
			g[2] = dl * u * lr / ad
			g[3] = dl*(-u*lr*an/(ad*ad)) + l*math.Log(s)
		}
		return l
	}}
}

func TestFitLawKaplanSurface(t *testing.T) {
	truth := []float64{8.8e13, 5.4e13, 0.076, 0.095}
	names := []string{"N_c", "D_c", "alpha_N", "alpha_D"}
	r := rand.New(rand.NewPCG(11, 1))
	var n, d []float64
	for range 120 {
		n = append(n, math.Pow(10, 6+4*r.Float64()))
		d = append(d, math.Pow(10, 8+4*r.Float64()))
	}
	m := kaplanModel(n, d)
	l := make([]float64, len(n))
	for i := range l {
		l[i] = m.Predict(truth, i, nil) * math.Exp(0.002*r.NormFloat64())
	}
	o := LawOptions{Names: names, Roles: []Role{Scale, Scale, Exponent, Exponent}, Loss: Huber, Log: true,
		Start: map[string][2]float64{"N_c": {1e11, 1e16}, "D_c": {1e11, 1e16}, "alpha_N": {0.02, 0.2}, "alpha_D": {0.02, 0.2}}}
	fitted, err := FitLaw(m, l, o)
	if err != nil {
		t.Fatal(err)
	}
	tol := []float64{0.05, 0.05, 0.01, 0.01}
	for j, w := range truth {
		if math.Abs(fitted.Consts[j]-w) > tol[j]*w {
			t.Errorf("%s = %.4g, want %.4g ± %g%%", names[j], fitted.Consts[j], w, 100*tol[j])
		}
	}
}

// TestFitLawKaplanConverges fits Kaplan's law from the default starts (no
// start ranges, as the guide's example gives none, though N_c and D_c lie
// past the default scales' 10¹²) to synthetic surfaces, exact and noisy,
// with either loss in log and linear space: every fit must converge, not
// stop at the iteration limit, and find the constants.
func TestFitLawKaplanConverges(t *testing.T) {
	truth := []float64{8.8e13, 5.4e13, 0.076, 0.095}
	for _, tt := range []struct {
		loss  string
		log   bool
		sigma float64
	}{
		{Squared, true, 0}, {Squared, true, 0.005}, {Huber, true, 0.005},
		{Squared, false, 0.005}, {Huber, false, 0.02}, {Squared, true, 0.02},
	} {
		r := rand.New(rand.NewPCG(5, 1))
		var n, d []float64
		for range 40 {
			n = append(n, math.Pow(10, 6+4*r.Float64()))
			d = append(d, math.Pow(10, 7+4*r.Float64()))
		}
		m := kaplanModel(n, d)
		l := make([]float64, len(n))
		for i := range l {
			l[i] = m.Predict(truth, i, nil) * math.Exp(tt.sigma*r.NormFloat64())
		}
		o := LawOptions{Names: []string{"N_c", "D_c", "alpha_N", "alpha_D"}, Roles: []Role{Scale, Scale, Exponent, Exponent}, Loss: tt.loss, Log: tt.log}
		f, err := FitLaw(m, l, o)
		if err != nil {
			t.Fatalf("%s, log %v, noise %g: %v", tt.loss, tt.log, tt.sigma, err)
		}
		if !f.Converged {
			t.Errorf("%s, log %v, noise %g: not converged after %d iterations at %v", tt.loss, tt.log, tt.sigma, f.Iterations, f.Consts)
		}
		if tol := 0.05 + 10*tt.sigma; math.Abs(f.Consts[3]-truth[3]) > tol*truth[3] {
			t.Errorf("%s, log %v, noise %g: alpha_D = %.4g, want %.4g", tt.loss, tt.log, tt.sigma, f.Consts[3], truth[3])
		}
	}
}

// TestFitLawDeterministic fits and bootstraps twice, on one worker and on
// four: the results must be the same to the bit.
func TestFitLawDeterministic(t *testing.T) {
	n, d, l := chinchillaSurface(120, chinchillaTruth, 0.01, 4)
	var got []string
	for _, workers := range []int{1, 4, 1} {
		o := LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Log: true, Bootstrap: 60, Seed: 9, Workers: workers}
		r, err := FitLaw(chinchillaModel(n, d), l, o)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%#v", r))
	}
	if got[0] != got[1] || got[0] != got[2] {
		t.Fatalf("the same fit differs between runs:\n%s\n%s\n%s", got[0], got[1], got[2])
	}
}

// rowsModel is m over the rows rows[i] of its data: a resample made
// explicit.
type rowsModel struct {
	m    Model
	rows []int
}

func (r rowsModel) NumConsts() int { return r.m.NumConsts() }
func (r rowsModel) Predict(p []float64, row int, grad []float64) float64 {
	return r.m.Predict(p, r.rows[row], grad)
}

// TestBootstrapRefitsMatchFullFits checks the bootstrap's refits, which
// start at the full fit's optimum and search whitened constants, against
// fits of the same resamples from the whole grid of starts.
func TestBootstrapRefitsMatchFullFits(t *testing.T) {
	n, d, l := chinchillaSurface(80, chinchillaTruth, 0.01, 6)
	m := chinchillaModel(n, d)
	o := LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Log: true, Bootstrap: 6, Seed: 4}
	r, err := FitLaw(m, l, o)
	if err != nil {
		t.Fatal(err)
	}
	for rep, got := range r.Replicates {
		rows := make([]int, len(l))
		Resample(rows, o.Seed, rep)
		y := make([]float64, len(rows))
		for i, row := range rows {
			y[i] = l[row]
		}
		one := o
		one.Bootstrap = 0
		want, err := FitLaw(rowsModel{m, rows}, y, one)
		if err != nil {
			t.Fatal(err)
		}
		for j, w := range want.Consts {
			if math.Abs(got[j]-w) > 1e-5*math.Abs(w) {
				t.Errorf("resample %d: refit %s = %.8g, fit from the grid %.8g", rep, chinchillaNames[j], got[j], w)
			}
		}
	}
}

// TestFitLawMatchesScipyChinchilla checks Chinchilla's law in Hoffmann et
// al.'s form, Huber (δ = 1e-3) in log space, against scipy on 20 points
// made in the snippet (three starts agree to 1e-6):
//
//	import numpy as np
//	from scipy.optimize import minimize
//	from scipy.special import huber, logsumexp
//	i = np.arange(20)
//	N = 10.0 ** (7 + 3 * ((i * 7) % 20) / 19)
//	D = 10.0 ** (9 + 3 * ((i * 13) % 20) / 19)
//	L = (1.8 + 480 * N ** -0.35 + 2100 * D ** -0.37) * np.exp(0.01 * np.sin(2.3 * i + 0.7))
//	def obj(p):
//	    a, b, e, al, be = p
//	    pred = logsumexp([a - al * np.log(N), b - be * np.log(D), e * np.ones_like(N)], axis=0)
//	    return np.sum(huber(1e-3, np.log(L) - pred))
//	r = minimize(obj, (6, 7.6, 0.6, 0.35, 0.37), method="L-BFGS-B", options=dict(ftol=1e-16, gtol=1e-12))
//	for _ in range(3):
//	    r = minimize(obj, r.x, method="Nelder-Mead", options=dict(xatol=1e-13, fatol=1e-19))
//	a, b, e, al, be = r.x
//	print(np.exp(e), np.exp(a), np.exp(b), al, be, r.fun)
func TestFitLawMatchesScipyChinchilla(t *testing.T) {
	n := make([]float64, 20)
	d := make([]float64, 20)
	for i := range n {
		n[i] = math.Pow(10, 7+3*float64((i*7)%20)/19)
		d[i] = math.Pow(10, 9+3*float64((i*13)%20)/19)
	}
	l := []float64{4.514336745440188, 2.67354604310013, 2.5040785873559175, 3.408689751927204, 2.598960049065442, 2.5447055071198785, 3.237782281415378, 2.542832081286406, 2.6022902866613946, 3.079556618107072, 2.507999218845085, 2.6721579230712305, 2.9371353409564716, 2.494563056294398, 2.7501953099604237, 2.8150862895244058, 2.4998001296862857, 2.834755831547147, 2.7171148297238243, 2.518964116151997}
	want := []float64{1.996918692441067, 1669.6690922910504, 8309.690839973173, 0.4302693239743913, 0.44091012254426554}
	const objective = 5.323932758740824e-05
	r, err := FitLaw(chinchillaModel(n, d), l, LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Delta: 1e-3, Log: true})
	if err != nil {
		t.Fatal(err)
	}
	for j, w := range want {
		if math.Abs(r.Consts[j]-w) > 1e-5*w {
			t.Errorf("%s = %.10g, scipy %.10g", chinchillaNames[j], r.Consts[j], w)
		}
	}
	if math.Abs(r.Objective-objective) > 1e-9*objective || !r.Converged {
		t.Errorf("objective %.12g (scipy %.12g), converged %v", r.Objective, objective, r.Converged)
	}
}
