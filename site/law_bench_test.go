package site

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/benchcpu"
	"github.com/scalesite/scalesite/law"
)

// benchLaw fits the law, its variables bound to vars' columns, to ys as
// a site fits a law (lawFitModel, Huber on the log, 1,000 resamples) in
// every iteration of b, and reports cpu-ms/op.
func benchLaw(b *testing.B, formula string, variables []string, vars [][]float64, ys []float64) {
	parsed, err := law.Parse(formula)
	if err != nil {
		b.Fatal(err)
	}
	m, err := parsed.Bind(variables)
	if err != nil {
		b.Fatal(err)
	}
	o := fit.LawOptions{Names: m.Constants(), Loss: fit.Huber, Log: true, Bootstrap: 1000, Seed: lawSeed}
	for _, r := range m.Roles() {
		o.Roles = append(o.Roles, fit.Role(r))
	}
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := fit.FitLaw(lawFitModel(m, vars), ys, o); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}

// BenchmarkSiteChinchillaLaw is the speed goal as a site meets it:
// Hoffmann et al.'s law on 240 points from a grid of starts, plus 1,000
// bootstrap refits, within 2 s of CPU.
func BenchmarkSiteChinchillaLaw(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 1))
	var vars [][]float64
	var ys []float64
	for range 240 {
		n, d := math.Pow(10, 7+3*r.Float64()), math.Pow(10, 9+3*r.Float64())
		vars = append(vars, []float64{n, d})
		ys = append(ys, (1.817+477.9*math.Pow(n, -0.3473)+2142*math.Pow(d, -0.3671))*math.Exp(0.01*r.NormFloat64()))
	}
	benchLaw(b, "L = E + A / N^alpha + B / D^beta", []string{"N", "D"}, vars, ys)
}

// BenchmarkSiteOneVarLaw is the other goal: a one-variable law on 30
// points with 1,000 resamples within 0.1 s of CPU.
func BenchmarkSiteOneVarLaw(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 1))
	var vars [][]float64
	var ys []float64
	for i := range 30 {
		v := math.Pow(10, 6+4*float64(i)/29)
		vars = append(vars, []float64{v})
		ys = append(ys, (1.7+400*math.Pow(v, -0.3))*math.Exp(0.01*r.NormFloat64()))
	}
	benchLaw(b, "L = E + A / N^alpha", []string{"N"}, vars, ys)
}
