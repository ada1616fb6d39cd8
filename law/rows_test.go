package law

import (
	"math"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
)

// TestRows checks that a row evaluated through Rows gives the bits
// Model.Eval and Model.EvalGrad give with the row's variables, for laws
// with and without parts that depend on the variables alone.
func TestRows(t *testing.T) {
	tests := []struct {
		law    string
		vars   []string
		consts []float64
	}{
		{chinchilla, []string{"N", "D"}, []float64{1.817, 477.9, 0.3473, 2142, 0.3671}},
		{kaplan, []string{"N", "D"}, []float64{8.8e13, 0.076, 0.103, 5.4e13}},
		{"y = a * log(N / 1e6)^2 + (N - 5)^b", []string{"N"}, []float64{0.3, 2}},
		{"y = a * (N - 5)^b", []string{"N"}, []float64{0.3, 0.5}}, // a negative base in some rows
	}
	columns := [][]float64{{4e8, 1e9, 7e10, 3, 1e7}, {8e9, 2e10, 1.4e12, 5, 1e12}}
	for _, tt := range tests {
		m := mustBind(t, tt.law, tt.vars...)
		rows := m.Rows(columns[:len(tt.vars)])
		if rows.Len() != 5 {
			t.Fatalf("Len = %d", rows.Len())
		}
		g1, g2 := make([]float64, len(tt.consts)), make([]float64, len(tt.consts))
		for i := range rows.Len() {
			vars := []float64{columns[0][i], columns[1][i]}[:len(tt.vars)]
			want := m.EvalGrad(tt.consts, vars, g1)
			got := rows.EvalGrad(i, tt.consts, g2)
			same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
			if !same(got, want) || !same(rows.Eval(i, tt.consts), m.Eval(tt.consts, vars)) {
				t.Errorf("%s row %d: Rows gives %v, Model %v", tt.law, i, got, want)
			}
			for j := range g1 {
				if !same(g1[j], g2[j]) {
					t.Errorf("%s row %d: ∂/∂%s Rows %v, Model %v", tt.law, i, m.consts[j], g2[j], g1[j])
				}
			}
		}
	}
}

func TestRowsAllocate(t *testing.T) {
	m := mustBind(t, chinchilla, "N", "D")
	rows := m.Rows([][]float64{{4e8, 1e9}, {8e9, 2e10}})
	consts, grad := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, make([]float64, 5)
	if n := testing.AllocsPerRun(100, func() {
		rows.Eval(1, consts)
		rows.EvalGrad(0, consts, grad)
	}); n != 0 {
		t.Errorf("%v allocations per evaluation, want 0", n)
	}
}

// BenchmarkRowsEvalGrad is BenchmarkEvalGrad with log N and log D worked out
// once per row, as a fitter evaluates.
func BenchmarkRowsEvalGrad(b *testing.B) {
	m := mustBind(b, chinchilla, "N", "D")
	rows := m.Rows([][]float64{{4e8}, {8e9}})
	consts, grad := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, make([]float64, 5)
	defer benchcpu.Start(b)()
	for b.Loop() {
		rows.EvalGrad(0, consts, grad)
	}
}

// BenchmarkHandWritten is the Chinchilla law and its gradient written out
// in Go with log N and log D given, as the fitter's tests write it: the
// floor the tape's evaluation is measured against.
func BenchmarkHandWritten(b *testing.B) {
	p, g := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, make([]float64, 5)
	lnN, lnD := math.Log(4e8), math.Log(8e9)
	defer benchcpu.Start(b)()
	for b.Loop() {
		tn, td := math.Exp(-p[2]*lnN), math.Exp(-p[4]*lnD)
		g[0], g[1], g[2], g[3], g[4] = 1, tn, -p[1]*tn*lnN, td, -p[3]*td*lnD
		sink = p[0] + p[1]*tn + p[3]*td
	}
}

var sink float64
