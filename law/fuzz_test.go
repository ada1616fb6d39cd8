package law

import (
	"errors"
	"testing"
)

// FuzzParse checks that no text makes Parse or ParseExpr panic, that every
// error lies within the text, and that a law that parses binds, evaluates,
// differentiates and writes itself without panicking.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		chinchilla, kaplan, "y = -x^2", "y = 2^3^c + x", "acc = 1 / (1 + exp(-k * (L - L0)))",
		"y = min(a, x) + max(log10(x), sqrt(abs(a)))", "L = α + A·N^−β", "L = 1e999", "L = (((x", "L = x**2",
		"y = a / (x - x)", "y = (-x)^a + log(-x)", "y = x^-a", "= x", "L = E + tanh(N)", "\xff = x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		check := func(err error) {
			if err == nil {
				return
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: error %v is not a *Error", src, err)
			}
			if e.Offset < 0 || e.Len < 0 || e.Offset+e.Len > len(src) || e.Msg == "" {
				t.Fatalf("%q: error at %d+%d outside the text: %s", src, e.Offset, e.Len, e.Msg)
			}
		}
		consts := []float64{1.5, -0.5, 2, 0, 3e8, -7, 0.25, 1e-3}
		eval := func(m *Model) {
			c := make([]float64, len(m.Constants()))
			for i := range c {
				c[i] = consts[i%len(consts)]
			}
			v := make([]float64, len(m.Variables()))
			for i := range v {
				v[i] = consts[(i+3)%len(consts)]
			}
			a := m.Eval(c, v)
			b := m.EvalGrad(c, v, make([]float64, len(c)))
			if a != b && !(a != a && b != b) {
				t.Fatalf("%q: Eval %v, EvalGrad %v", src, a, b)
			}
			cols := make([][]float64, len(v))
			for i := range v {
				cols[i] = []float64{v[i]}
			}
			if len(v) > 0 {
				if r := m.Rows(cols).EvalGrad(0, c, make([]float64, len(c))); r != b && !(r != r && b != b) {
					t.Fatalf("%q: Rows.EvalGrad %v, Model.EvalGrad %v", src, r, b)
				}
			}
			if off, n, msg, ok := m.Domain(c, v); !ok && (off < 0 || off+n > len(src) || n <= 0 || msg == "") {
				t.Fatalf("%q: Domain at %d+%d: %q", src, off, n, msg)
			}
			m.Roles()
		}
		if l, err := Parse(src); err != nil {
			check(err)
		} else {
			l.Text(func(string) (string, bool) { return "-1.5", true })
			syms := l.Symbols()
			if len(syms) >= 2 {
				m, err := l.Bind(syms[:1])
				check(err)
				if err == nil {
					eval(m)
				}
			}
		}
		if e, err := ParseExpr(src); err != nil {
			check(err)
		} else {
			e.Text(nil)
			m, err := e.Compile(e.Symbols())
			if err != nil {
				t.Fatalf("%q: Compile over its own symbols: %v", src, err)
			}
			eval(m)
		}
	})
}
