package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
	"github.com/scalesite/scalesite/law"
)

// BenchmarkChinchilla is the speed goal: Hoffmann et al.'s law on
// 240 points from a grid of starts, plus 1,000 bootstrap refits, within 2 s
// of CPU.
func BenchmarkChinchilla(b *testing.B) {
	n, d, l := chinchillaSurface(240, chinchillaTruth, 0.01, 3)
	m := chinchillaModel(n, d)
	o := LawOptions{Names: chinchillaNames, Roles: chinchillaRoles, Loss: Huber, Log: true, Bootstrap: 1000, Seed: 1}
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := FitLaw(m, l, o); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}

// BenchmarkOneVar is the other goal: a one-variable law with 1,000
// resamples within 0.1 s of CPU.
func BenchmarkOneVar(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 1))
	var x, y []float64
	for i := range 30 {
		v := math.Pow(10, 6+4*float64(i)/29)
		x = append(x, v)
		y = append(y, (1.7+400*math.Pow(v, -0.3))*math.Exp(0.01*r.NormFloat64()))
	}
	m := oneVarModel(x)
	o := LawOptions{Names: []string{"E", "A", "alpha"}, Roles: []Role{Offset, Scale, Exponent}, Loss: Huber, Log: true, Bootstrap: 1000, Seed: 1}
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := FitLaw(m, y, o); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}

// BenchmarkChinchillaLaw is BenchmarkChinchilla with the law parsed and
// evaluated by package law, as a site fits it.
func BenchmarkChinchillaLaw(b *testing.B) {
	n, d, l := chinchillaSurface(240, chinchillaTruth, 0.01, 3)
	parsed, err := law.Parse("L = E + A / N^alpha + B / D^beta")
	if err != nil {
		b.Fatal(err)
	}
	m, err := parsed.Bind([]string{"N", "D"})
	if err != nil {
		b.Fatal(err)
	}
	roles := make([]Role, 0, 5)
	for _, r := range m.Roles() {
		roles = append(roles, Role(r))
	}
	o := LawOptions{Names: m.Constants(), Roles: roles, Loss: Huber, Log: true, Bootstrap: 1000, Seed: 1}
	model := m.Rows([][]float64{n, d})
	stop := benchcpu.Start(b)
	for b.Loop() {
		if _, err := FitLaw(model, l, o); err != nil {
			b.Fatal(err)
		}
	}
	stop()
}
