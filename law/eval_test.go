package law

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
)

const (
	chinchilla = "L = E + A / N^alpha + B / D^beta"
	kaplan     = "L = ((N_c / N)^(alpha_N / alpha_D) + D_c / D)^alpha_D"
)

func mustBind(t testing.TB, src string, vars ...string) *Model {
	t.Helper()
	l, err := Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	m, err := l.Bind(vars)
	if err != nil {
		t.Fatalf("Bind(%q, %v): %v", src, vars, err)
	}
	return m
}

// The references are numpy's:
//
//	E,A,B,a,b=1.817,477.9,2142.,0.3473,0.3671
//	E+A/N**a+B/D**b                      # N,D = 4e8,8e9 and 7e10,1.4e12
//	Nc,Dc,aN,aD=8.8e13,5.4e13,0.076,0.103
//	((Nc/N)**(aN/aD)+Dc/D)**aD           # N,D = 1e9,2e10 and 3e7,1e12
//	x=2.5; np.exp(-0.7*(x-1.2))
//	np.log(x)+np.log10(x)+np.log2(x)+np.sqrt(x)+abs(-x)
//	min(x,3.0)*max(x,1.0)
//	1/(1+np.exp(-1.3*(x-2.0)))
func TestEval(t *testing.T) {
	tests := []struct {
		law    string
		vars   []string
		consts []float64
		at     []float64
		want   float64
	}{
		{chinchilla, []string{"N", "D"}, []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, []float64{4e8, 8e9}, 2.804761271256883},
		{chinchilla, []string{"N", "D"}, []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, []float64{7e10, 1.4e12}, 1.9732843500854844},
		{kaplan, []string{"N", "D"}, []float64{8.8e13, 0.076, 0.103, 5.4e13}, []float64{1e9, 2e10}, 2.4945560962602644},
		{kaplan, []string{"N", "D"}, []float64{8.8e13, 0.076, 0.103, 5.4e13}, []float64{3e7, 1e12}, 3.1014178300206034},
		{"y = exp(-k*(x - x0))", []string{"x"}, []float64{0.7, 1.2}, []float64{2.5}, 0.40252422403363597},
		{"y = log(x) + log10(x) + log2(x) + sqrt(x) + abs(c - x)", []string{"x"}, []float64{0}, []float64{2.5}, 6.717297665517745},
		{"y = min(x, c) * max(x, 1)", []string{"x"}, []float64{3}, []float64{2.5}, 6.25},
		{"acc = 1 / (1 + exp(-k * (L - L0)))", []string{"L"}, []float64{1.3, 2}, []float64{2.5}, 0.6570104626734988},
		{"y = -x^2 + c", []string{"x"}, []float64{1}, []float64{3}, -8},
		{"y = x + 2^3^c", []string{"x"}, []float64{2}, []float64{0}, 512},
		{"y = x^c", []string{"x"}, []float64{3}, []float64{-2}, -8},
		{"y = (x - c)^2", []string{"x"}, []float64{5}, []float64{2}, 9},
		{"y = c - -x", []string{"x"}, []float64{5}, []float64{2}, 7},
		{"y = c / x / 2", []string{"x"}, []float64{12}, []float64{3}, 2},
	}
	for _, tt := range tests {
		m := mustBind(t, tt.law, tt.vars...)
		got := m.Eval(tt.consts, tt.at)
		if math.Abs(got-tt.want) > 1e-14*math.Abs(tt.want) {
			t.Errorf("%s at %v %v = %.17g, want %.17g", tt.law, tt.consts, tt.at, got, tt.want)
		}
		grad := make([]float64, len(tt.consts))
		if g := m.EvalGrad(tt.consts, tt.at, grad); g != got {
			t.Errorf("%s: EvalGrad's value %.17g differs from Eval's %.17g", tt.law, g, got)
		}
	}
}

// TestGradient checks EvalGrad against central finite differences at
// random points, for the Chinchilla and Kaplan laws and every operation.
func TestGradient(t *testing.T) {
	tests := []struct {
		law  string
		vars []string
		// lo and hi bound the random constants, then the variables.
		lo, hi []float64
	}{
		{chinchilla, []string{"N", "D"}, []float64{1, 100, 0.2, 100, 0.2, 1e7, 1e9}, []float64{3, 1000, 0.5, 3000, 0.5, 1e11, 1e12}},
		{kaplan, []string{"N", "D"}, []float64{1e13, 0.05, 0.08, 1e13, 1e7, 1e9}, []float64{1e14, 0.1, 0.12, 1e14, 1e11, 1e12}},
		{"y = a + b - c * d / e", []string{"d"}, []float64{-2, -2, -2, 1, 1}, []float64{2, 2, 2, 2, 3}},
		{"y = -(a * x)^2", []string{"x"}, []float64{0.5, 1}, []float64{2, 3}},
		{"y = x^(a*b) + a^x", []string{"x"}, []float64{0.5, 0.5, 1}, []float64{2, 2, 3}},
		{"y = a^3 + (-a)^2 + x", []string{"x"}, []float64{0.5, 0}, []float64{2, 1}},
		{"y = exp(a * x)", []string{"x"}, []float64{-1, 0.5}, []float64{1, 2}},
		{"y = log(a * x) + log10(a + x) + log2(a / x)", []string{"x"}, []float64{0.5, 1}, []float64{2, 3}},
		{"y = sqrt(a * x)", []string{"x"}, []float64{0.5, 1}, []float64{2, 3}},
		{"y = abs(a - x) * b", []string{"x"}, []float64{-3, 1, 0}, []float64{-1, 2, 0.5}},
		{"y = min(a, x) + max(b * x, a)", []string{"x"}, []float64{0, 0, 0.1}, []float64{3, 3, 3}},
		{"y = a * x / b", []string{"x"}, []float64{1, 1, 1}, []float64{2, 2, 2}},
		{"y = 1 / (1 + exp(-k * (x - x0)))", []string{"x"}, []float64{0.5, -1, -2}, []float64{2, 1, 2}},
		// Too long for the stack: its scratch space comes from the pool.
		{"y = " + strings.Repeat("a * exp(b * x) + c / (x + 1)^b + ", 8) + "a", []string{"x"}, []float64{0.5, -1, 1, 1}, []float64{2, 1, 2, 3}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range tests {
		m := mustBind(t, tt.law, tt.vars...)
		nc := len(m.Constants())
		for range 20 {
			p := make([]float64, len(tt.lo))
			for i := range p {
				if tt.lo[i] > 0 && tt.hi[i]/tt.lo[i] > 100 {
					p[i] = tt.lo[i] * math.Pow(tt.hi[i]/tt.lo[i], rng.Float64()) // log-uniform
				} else {
					p[i] = tt.lo[i] + (tt.hi[i]-tt.lo[i])*rng.Float64()
				}
			}
			consts, vars := p[:nc], p[nc:]
			grad := make([]float64, nc)
			m.EvalGrad(consts, vars, grad)
			for j := range consts {
				want := centralDifference(m, consts, vars, j)
				if math.Abs(grad[j]-want) > 1e-6*math.Max(math.Abs(want), 1e-8) {
					t.Errorf("%s at %v %v: ∂/∂%s = %.10g, finite differences %.10g", tt.law, consts, vars, m.consts[j], grad[j], want)
				}
			}
		}
	}
}

// centralDifference is ∂Eval/∂consts[j] by Richardson-extrapolated central
// differences, accurate to about 1e-10 relative on smooth laws.
func centralDifference(m *Model, consts, vars []float64, j int) float64 {
	c := append([]float64(nil), consts...)
	d := func(h float64) float64 {
		c[j] = consts[j] + h
		up := m.Eval(c, vars)
		c[j] = consts[j] - h
		down := m.Eval(c, vars)
		return (up - down) / (2 * h)
	}
	h := 1e-4 * math.Max(math.Abs(consts[j]), 1e-3)
	return (4*d(h/2) - d(h)) / 3
}

func TestDomain(t *testing.T) {
	tests := []struct {
		law    string
		consts []float64
		x      float64
		span   string // the operation reported, "" when in the domain
		want   string
	}{
		{"y = a + log(x - c)", []float64{1, 3}, 2, "log(x - c)", "log(x - c) is the logarithm of -1 here, and a logarithm needs a positive value"},
		{"y = log10(x) + log2(c)", []float64{0}, 1, "log2(c)", "log2(c) is the logarithm of 0 here"},
		{"y = a * sqrt(x)", []float64{1}, -4, "sqrt(x)", "sqrt(x) is the square root of -4 here, and a square root needs a value ≥ 0"},
		{"y = a / (x - 1)", []float64{1}, 1, "a / (x - 1)", "a / (x - 1) divides by zero here"},
		{"y = (x - a)^b", []float64{3, 0.5}, 2, "(x - a)^b", "(x - a)^b raises -1 to the power 0.5 here, and a negative number has no real power that is not a whole number"},
		{"y = x^-a", []float64{0.5}, 0, "x^-a", "x^-a raises 0 to the negative power -0.5 here, a division by zero"},
		{"y = x^a", []float64{2}, -3, "", ""},
		{"y = a + log(x)", []float64{1}, 2, "", ""},
		{"y = log(x) + log(a - x)", []float64{1}, 2, "log(a - x)", "the logarithm of -1"},
	}
	for _, tt := range tests {
		m := mustBind(t, tt.law, "x")
		off, n, msg, ok := m.Domain(tt.consts, []float64{tt.x})
		if ok != (tt.span == "") {
			t.Errorf("%s at x=%v: ok=%v (%q)", tt.law, tt.x, ok, msg)
			continue
		}
		if ok {
			continue
		}
		if got := tt.law[off : off+n]; got != tt.span || !strings.Contains(msg, tt.want) {
			t.Errorf("%s at x=%v: %q %q, want %q %q", tt.law, tt.x, got, msg, tt.span, tt.want)
		}
	}
}

func TestRoles(t *testing.T) {
	tests := []struct {
		law  string
		vars []string
		want string // constant:role, in order
	}{
		{chinchilla, []string{"N", "D"}, "E:offset A:scale alpha:exponent B:scale beta:exponent"},
		{kaplan, []string{"N", "D"}, "N_c:scale alpha_N:exponent alpha_D:exponent D_c:scale"},
		{"y = a * x^-b - c", []string{"x"}, "a:scale b:exponent c:offset"},
		{"y = log(x - x0) * k + k", []string{"x"}, "x0:other k:other"},
		{"y = a^x + a", []string{"x"}, "a:other"},
		{"y = c * (x + d)", []string{"x"}, "c:scale d:other"},
		{"y = a * exp(-k * x) + log(b * x) + exp(x^e)", []string{"x"}, "a:scale k:other b:other e:exponent"},
	}
	for _, tt := range tests {
		m := mustBind(t, tt.law, tt.vars...)
		var got []string
		for i, r := range m.Roles() {
			got = append(got, m.Constants()[i]+":"+r.String())
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: roles %s, want %s", tt.law, strings.Join(got, " "), tt.want)
		}
	}
}

func TestBindErrors(t *testing.T) {
	tests := []struct {
		law    string
		vars   []string
		offset int
		want   []string
	}{
		{chinchilla, []string{"N", "M"}, -1, []string{`"M" is not a symbol of the law "L = E + A / N^alpha + B / D^beta"; its symbols are E, A, N, alpha, B, D, beta`}},
		{chinchilla, []string{"N", "D", "betta"}, -1, []string{`"betta" is not a symbol`, `did you mean "beta"?`}},
		{chinchilla, []string{"N", "L"}, 0, []string{"L is the law's response"}},
		{chinchilla, []string{"N", "N"}, -1, []string{"N is bound twice"}},
		{"y = a * x", []string{"a", "x"}, 0, []string{"has no constant to fit"}},
		{"y = a * x", nil, 0, []string{"has no variable", "where: {SYMBOL: COLUMN}"}},
	}
	for _, tt := range tests {
		l, err := Parse(tt.law)
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Bind(tt.vars)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s bound to %v: %v, want a *Error", tt.law, tt.vars, err)
			continue
		}
		if e.Offset != tt.offset {
			t.Errorf("%s bound to %v: offset %d, want %d", tt.law, tt.vars, e.Offset, tt.offset)
		}
		for _, w := range tt.want {
			if !strings.Contains(e.Msg, w) {
				t.Errorf("%s bound to %v: %q, want it to say %q", tt.law, tt.vars, e.Msg, w)
			}
		}
	}
}

func TestCompileDerived(t *testing.T) {
	law := mustBind(t, chinchilla, "N", "D")
	e, err := ParseExpr("beta / (alpha + beta)")
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.Compile(law.Constants())
	if err != nil {
		t.Fatal(err)
	}
	consts := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}
	grad := make([]float64, 5)
	got := m.EvalGrad(consts, nil, grad)
	s := 0.3473 + 0.3671
	if want := 0.3671 / s; math.Abs(got-want) > 1e-15 {
		t.Errorf("a = %v, want %v", got, want)
	}
	want := []float64{0, 0, -0.3671 / (s * s), 0, 0.3473 / (s * s)}
	for i := range grad {
		if math.Abs(grad[i]-want[i]) > 1e-14 {
			t.Errorf("∂a/∂%s = %v, want %v", law.Constants()[i], grad[i], want[i])
		}
	}
	e, _ = ParseExpr("alpha / (alpha + betta)")
	_, err = e.Compile(law.Constants())
	var le *Error
	if !errors.As(err, &le) || le.Offset != 17 || le.Len != 5 || !strings.Contains(le.Msg, `betta is not a constant of the law; its constants are E, A, alpha, B, beta — did you mean "beta"?`) {
		t.Errorf("Compile with betta: %v", err)
	}
	// A derived quantity may be a constant alone.
	e, _ = ParseExpr("alpha")
	m, err = e.Compile(law.Constants())
	if err != nil {
		t.Fatal(err)
	}
	if v := m.EvalGrad(consts, nil, grad); v != 0.3473 || grad[2] != 1 || grad[0] != 0 {
		t.Errorf("alpha = %v, gradient %v", v, grad)
	}
}

// TestConcurrent evaluates one Model from many goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	m := mustBind(t, chinchilla, "N", "D")
	consts := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}
	want := m.Eval(consts, []float64{4e8, 8e9})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			grad := make([]float64, 5)
			for range 1000 {
				if got := m.EvalGrad(consts, []float64{4e8, 8e9}, grad); got != want {
					t.Errorf("concurrent EvalGrad = %v, want %v", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestEvalAllocates(t *testing.T) {
	m := mustBind(t, kaplan, "N", "D")
	consts, vars, grad := []float64{8.8e13, 0.076, 0.103, 5.4e13}, []float64{1e9, 2e10}, make([]float64, 4)
	m.EvalGrad(consts, vars, grad)
	if n := testing.AllocsPerRun(100, func() {
		m.Eval(consts, vars)
		m.EvalGrad(consts, vars, grad)
		m.Domain(consts, vars)
	}); n != 0 {
		t.Errorf("%v allocations per evaluation, want 0", n)
	}
}

// BenchmarkEvalGrad is one row of the Chinchilla law with its gradient, the
// fitter's inner step.
func BenchmarkEvalGrad(b *testing.B) {
	m := mustBind(b, chinchilla, "N", "D")
	consts, grad := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}, make([]float64, 5)
	vars := []float64{4e8, 8e9}
	defer benchcpu.Start(b)()
	for b.Loop() {
		m.EvalGrad(consts, vars, grad)
	}
}

func BenchmarkEval(b *testing.B) {
	m := mustBind(b, chinchilla, "N", "D")
	consts := []float64{1.817, 477.9, 0.3473, 2142, 0.3671}
	vars := []float64{4e8, 8e9}
	defer benchcpu.Start(b)()
	for b.Loop() {
		m.Eval(consts, vars)
	}
}
