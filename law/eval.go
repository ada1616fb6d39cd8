package law

import (
	"fmt"
	"strings"
)

// An evaluation works in scratch space on the goroutine's stack when it
// fits, so that a Model needs no per-goroutine state: smallScratch numbers
// hold the gradient of a law of about 10 operations (Chinchilla's and
// Kaplan's), largeScratch one of about 25. Go zeroes the whole array on
// every call (some 15 ns for 1 KB), hence two sizes. Longer laws borrow
// scratch space from the Model's pool, which costs some 25 ns a call.
const (
	smallScratch = 48
	largeScratch = 128
)

// source is where an evaluation's variables come from: a Model's caller
// (vars) or a row of Rows (the row's slots, worked out in advance).
type source struct {
	vars []float64
	row  []float64
	rows bool
}

// evaluate runs the tape at consts and src in scratch space (see
// smallScratch) and returns the law's value and, when withGrad, writes its
// gradient with respect to the constants into grad.
func (m *Model) evaluate(consts []float64, src source, withGrad bool, grad []float64) float64 {
	n := m.nslots
	if withGrad {
		n = m.gradScratch()
	}
	switch {
	case n <= smallScratch:
		var buf [smallScratch]float64
		return m.run(buf[:n], consts, src, withGrad, grad)
	case n <= largeScratch:
		var buf [largeScratch]float64
		return m.run(buf[:n], consts, src, withGrad, grad)
	}
	s := m.borrow()
	clear(*s) // the stack's arrays come zeroed, as the adjoints must start
	r := m.run((*s)[:n], consts, src, withGrad, grad)
	m.pool.Put(s)
	return r
}

// borrow returns scratch space for any evaluation from the Model's pool,
// for tapes too long for the stack; give it back with m.pool.Put.
func (m *Model) borrow() *[]float64 {
	if s, ok := m.pool.Get().(*[]float64); ok {
		return s
	}
	s := make([]float64, m.gradScratch())
	return &s
}

// gradScratch is how many numbers of scratch space a gradient takes: the
// slots, their adjoints and each operation's two partial derivatives.
func (m *Model) gradScratch() int { return 2*m.nslots + 2*len(m.code) }

// load checks the lengths of consts and src, copies them (and the
// literals) into the slots v, and returns the first operation left to run.
func (m *Model) load(v, consts []float64, src source) int {
	if len(consts) != len(m.consts) || (!src.rows && len(src.vars) != len(m.vars)) {
		panic(fmt.Sprintf("law: evaluated with %d constants and %d variables; the model has %d (%s) and %d (%s)",
			len(consts), len(src.vars), len(m.consts), strings.Join(m.consts, ", "), len(m.vars), strings.Join(m.vars, ", ")))
	}
	// Loops rather than copy: a handful of numbers each, fewer than
	// memmove takes to start.
	for i, c := range consts {
		v[i] = c
	}
	if src.rows {
		row := v[len(consts):]
		row = row[:len(src.row)]
		for i, x := range src.row {
			row[i] = x
		}
		return m.split
	}
	copy(v[len(consts):], src.vars)
	copy(v[m.lit0:], m.lits)
	return 0
}

// run evaluates the tape in the scratch space s.
func (m *Model) run(s, consts []float64, src source, withGrad bool, grad []float64) float64 {
	v := s[:m.nslots]
	from := m.load(v, consts, src)
	if !withGrad {
		return m.forward(v, from, len(m.code))
	}
	if len(grad) != len(m.consts) {
		panic(fmt.Sprintf("law: gradient of length %d for %d constants", len(grad), len(m.consts)))
	}
	n, k := m.nslots, len(m.code)
	adj, pa, pb := s[n:2*n], s[2*n:2*n+k], s[2*n+k:2*n+2*k]
	if from < m.split {
		m.forward(v, from, m.split)
	}
	r := m.forwardGrad(v, pa, pb)
	m.reverse(adj, pa, pb, grad)
	return r
}

// Eval returns the law's value at the constants consts and the variables
// vars (in the orders of Constants and Variables).
func (m *Model) Eval(consts, vars []float64) float64 {
	return m.evaluate(consts, source{vars: vars}, false, nil)
}

// EvalGrad returns the law's value as Eval does and writes its exact
// gradient with respect to the constants into grad (len(consts) long), by
// reverse-mode differentiation of the tape.
func (m *Model) EvalGrad(consts, vars, grad []float64) float64 {
	return m.evaluate(consts, source{vars: vars}, true, grad)
}

// Domain finds the first operation whose input is outside its domain at
// consts and vars: a logarithm of a value ≤ 0, a square root of a negative
// value, a division by zero, a negative number to a non-integer power or 0
// to a negative one. ok is true when there is none; otherwise offset and
// length locate the operation in the law's text and msg says what went
// wrong with the value, so the caller can write "file:line:col: msg, at
// row R".
func (m *Model) Domain(consts, vars []float64) (offset, length int, msg string, ok bool) {
	s := m.borrow()
	defer m.pool.Put(s)
	v := (*s)[:m.nslots]
	m.load(v, consts, source{vars: vars})
	i, msg := m.check(v)
	if i < 0 {
		return 0, 0, "", true
	}
	sp := m.spans[i]
	return sp.pos, sp.end - sp.pos, msg, false
}
