package law

import (
	"fmt"
	"strings"
)

// stackScratch is how many numbers of scratch space an evaluation keeps on
// the goroutine's stack: enough for laws of about 25 operations, which
// covers the laws of the literature. Longer laws borrow scratch space from
// the Model's pool, which costs some 25 ns an evaluation.
const stackScratch = 128

// borrow returns scratch space of n numbers from the Model's pool, for
// tapes too long for the stack; give it back with m.pool.Put.
func (m *Model) borrow(n int) *[]float64 {
	if s, ok := m.pool.Get().(*[]float64); ok && len(*s) == n {
		return s
	}
	s := make([]float64, n)
	return &s
}

// load checks the lengths of consts and vars and copies them and the
// literals into the slots v.
func (m *Model) load(v, consts, vars []float64) {
	if len(consts) != len(m.consts) || len(vars) != len(m.vars) {
		panic(fmt.Sprintf("law: evaluated with %d constants and %d variables; the model has %d (%s) and %d (%s)",
			len(consts), len(vars), len(m.consts), strings.Join(m.consts, ", "), len(m.vars), strings.Join(m.vars, ", ")))
	}
	copy(v, consts)
	copy(v[len(consts):], vars)
	copy(v[m.lit0:], m.lits)
}

// Eval returns the law's value at the constants consts and the variables
// vars (in the orders of Constants and Variables).
func (m *Model) Eval(consts, vars []float64) float64 {
	if m.nslots <= stackScratch {
		var buf [stackScratch]float64
		return m.eval(buf[:m.nslots], consts, vars)
	}
	s := m.borrow(m.nslots)
	defer m.pool.Put(s)
	return m.eval(*s, consts, vars)
}

func (m *Model) eval(v, consts, vars []float64) float64 {
	m.load(v, consts, vars)
	return m.forward(v, 0, len(m.code))
}

// EvalGrad returns the law's value as Eval does and writes its exact
// gradient with respect to the constants into grad (len(consts) long), by
// reverse-mode differentiation of the tape.
func (m *Model) EvalGrad(consts, vars, grad []float64) float64 {
	if len(grad) != len(m.consts) {
		panic(fmt.Sprintf("law: gradient of length %d for %d constants", len(grad), len(m.consts)))
	}
	n := m.gradScratch()
	if n <= stackScratch {
		var buf [stackScratch]float64
		return m.evalGrad(buf[:n], consts, vars, grad)
	}
	s := m.borrow(n)
	defer m.pool.Put(s)
	return m.evalGrad(*s, consts, vars, grad)
}

// gradScratch is how many numbers of scratch space a gradient takes: the
// slots, their adjoints and each operation's two partial derivatives.
func (m *Model) gradScratch() int { return 2*m.nslots + 2*len(m.code) }

// split4 cuts gradient scratch space into the slots, their adjoints and
// the partial derivatives with respect to each operation's two operands.
func (m *Model) split4(s []float64) (v, adj, pa, pb []float64) {
	n, k := m.nslots, len(m.code)
	return s[:n], s[n : 2*n], s[2*n : 2*n+k], s[2*n+k:]
}

func (m *Model) evalGrad(s, consts, vars, grad []float64) float64 {
	v, adj, pa, pb := m.split4(s)
	m.load(v, consts, vars)
	m.forward(v, 0, m.split)
	r := m.forwardGrad(v, pa, pb)
	m.reverse(adj, pa, pb, grad)
	return r
}

// Domain finds the first operation whose input is outside its domain at
// consts and vars: a logarithm of a value ≤ 0, a square root of a negative
// value, a division by zero, a negative number to a non-integer power or 0
// to a negative one. ok is true when there is none; otherwise offset and
// length locate the operation in the law's text and msg says what went
// wrong with the value, so the caller can write "file:line:col: msg, at
// row R".
func (m *Model) Domain(consts, vars []float64) (offset, length int, msg string, ok bool) {
	s := m.borrow(m.nslots)
	defer m.pool.Put(s)
	m.load(*s, consts, vars)
	i, msg := m.check(*s)
	if i < 0 {
		return 0, 0, "", true
	}
	sp := m.spans[i]
	return sp.pos, sp.end - sp.pos, msg, false
}
