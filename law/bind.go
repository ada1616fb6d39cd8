package law

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/scalesite/scalesite/diag"
)

// Role is what a constant does in a law, which tells a fitter where to
// start looking for it and whether to search it in log space. The values
// mirror package fit's: Other, Offset, Scale, Exponent.
type Role int

const (
	// Other is a constant in any other place, or in places of different
	// kinds: log(N - N_0)'s N_0.
	Other Role = iota
	// Offset is a constant only ever added to the law: Chinchilla's E.
	Offset
	// Scale is a constant only ever a factor or a divisor: Chinchilla's A
	// and B, Kaplan's N_c and D_c.
	Scale
	// Exponent is a constant only ever in exponents: α, β, α_N/α_D.
	Exponent
)

func (r Role) String() string {
	switch r {
	case Offset:
		return "offset"
	case Scale:
		return "scale"
	case Exponent:
		return "exponent"
	}
	return "other"
}

// Model is a law compiled for evaluation: its variables bound to columns,
// its other symbols constants. A Model is safe for concurrent use; its
// methods allocate nothing once warm (each goroutine's scratch space is
// pooled).
type Model struct {
	consts, vars []string
	roles        []Role
	tape
	pool sync.Pool // of *workspace
}

// Bind compiles the law with the named symbols as variables (columns, in
// the order given, as Eval's vars) and every other symbol a constant (in
// order of first appearance, as Eval's consts). Errors are *Error: a name
// the law does not have (Offset -1: the caller places it at its binding),
// the response bound, a symbol bound twice, a law left without a constant
// or without a variable.
func (l *Law) Bind(vars []string) (*Model, error) {
	e := l.rhs
	src := e.src
	for i, v := range vars {
		switch {
		case v == l.Response:
			return nil, &Error{Offset: l.respPos, Len: len(v), Symbol: v, Msg: fmt.Sprintf("%s is the law's response, the quantity it predicts (y's field); bind only the symbols right of =, such as %s", v, strings.Join(e.symbols, ", "))}
		case !slices.Contains(e.symbols, v):
			return nil, &Error{Offset: -1, Symbol: v, Msg: fmt.Sprintf("%s is not a symbol of the law %s; its symbols are %s%s", diag.Quote(v), strings.TrimSpace(src), strings.Join(e.symbols, ", "), didYouMean(v, e.symbols))}
		case slices.Contains(vars[:i], v):
			return nil, &Error{Offset: -1, Symbol: v, Msg: fmt.Sprintf("%s is bound twice: bind each variable to one column", v)}
		}
	}
	var consts []string
	for _, s := range e.symbols {
		if !slices.Contains(vars, s) {
			consts = append(consts, s)
		}
	}
	text := strings.TrimSpace(src[l.respPos:])
	switch {
	case len(consts) == 0:
		return nil, errAt(src, l.respPos, len(src), "", fmt.Sprintf("the law %s has no constant to fit: every symbol (%s) is bound to a column; leave the constants out of where", text, strings.Join(vars, ", ")))
	case len(vars) == 0:
		return nil, errAt(src, l.respPos, len(src), "", fmt.Sprintf("the law %s has no variable: bind at least one of its symbols (%s) to a column in where, as where: {%s: params}", text, strings.Join(e.symbols, ", "), e.symbols[len(e.symbols)-1]))
	}
	return newModel(e, consts, vars), nil
}

// Compile compiles the expression as a function of constants, the
// constants of a fitted law in their order (Model.Constants), so that a
// quantity derived from them is evaluated, with its gradient, from the
// same vector the fit gives. Errors are *Error: a symbol that is not one
// of the constants.
func (e *Expr) Compile(constants []string) (*Model, error) {
	var missing []string
	var first *node
	walk(e.root, func(n *node) {
		if n.kind == kSym && !slices.Contains(constants, n.text) && !slices.Contains(missing, n.text) {
			missing = append(missing, n.text)
			if first == nil {
				first = n
			}
		}
	})
	if first != nil {
		return nil, errAt(e.src, first.pos, first.end, first.text, fmt.Sprintf("%s is not a constant of the law; its constants are %s%s", first.text, strings.Join(constants, ", "), didYouMean(first.text, constants)))
	}
	return newModel(e, slices.Clone(constants), nil), nil
}

func newModel(e *Expr, consts, vars []string) *Model {
	slot := make(map[string]int32, len(consts)+len(vars))
	for i, s := range consts {
		slot[s] = int32(i)
	}
	for i, s := range vars {
		slot[s] = int32(len(consts) + i)
	}
	m := &Model{consts: consts, vars: vars, roles: roles(e.root, consts)}
	m.tape = compile(e, slot, len(consts), len(vars))
	return m
}

// Constants returns the names of the constants, in Eval's order.
func (m *Model) Constants() []string { return slices.Clone(m.consts) }

// Variables returns the names of the variables, in Eval's order.
func (m *Model) Variables() []string { return slices.Clone(m.vars) }

// Roles returns each constant's role, in Eval's order.
func (m *Model) Roles() []Role { return slices.Clone(m.roles) }

// context is where in a law an occurrence of a symbol stands, for Roles.
type context uint8

const (
	inSum      context = iota // only +, - and signs above it
	inProduct                 // an operand of * or / (through signs)
	inExponent                // somewhere in an exponent
	inOther
)

// roles classifies each constant by the places it stands in.
func roles(root *node, consts []string) []Role {
	out := make([]Role, len(consts))
	seen := make([]bool, len(consts))
	var visit func(n *node, c context)
	visit = func(n *node, c context) {
		sub := func(inside context) context {
			if c == inExponent {
				return inExponent
			}
			return inside
		}
		switch n.kind {
		case kSym:
			i := slices.Index(consts, n.text)
			if i < 0 {
				return
			}
			r := [...]Role{inSum: Offset, inProduct: Scale, inExponent: Exponent, inOther: Other}[c]
			if seen[i] && out[i] != r {
				r = Other
			}
			out[i], seen[i] = r, true
		case kNeg:
			visit(n.args[0], c)
		case kAdd, kSub:
			inner := sub(inOther)
			if c == inSum {
				inner = inSum
			}
			visit(n.args[0], inner)
			visit(n.args[1], inner)
		case kMul, kDiv:
			visit(n.args[0], sub(inProduct))
			visit(n.args[1], sub(inProduct))
		case kPow:
			visit(n.args[0], sub(inOther))
			visit(n.args[1], inExponent)
		case kCall:
			for _, a := range n.args {
				visit(a, sub(inOther))
			}
		}
	}
	visit(root, inSum)
	return out
}

// workspace is one goroutine's scratch space for a Model's tape.
type workspace struct {
	v, pa, pb, adj []float64
}

func (m *Model) get() *workspace {
	if w, ok := m.pool.Get().(*workspace); ok {
		return w
	}
	w := &workspace{
		v:   make([]float64, m.nslots),
		pa:  make([]float64, len(m.code)),
		pb:  make([]float64, len(m.code)),
		adj: make([]float64, m.nslots),
	}
	copy(w.v[m.lit0:], m.lits)
	return w
}

// load copies the constants and variables into w's slots.
func (m *Model) load(w *workspace, consts, vars []float64) {
	if len(consts) != len(m.consts) || len(vars) != len(m.vars) {
		panic(fmt.Sprintf("law: evaluated with %d constants and %d variables; the model has %d (%s) and %d (%s)",
			len(consts), len(vars), len(m.consts), strings.Join(m.consts, ", "), len(m.vars), strings.Join(m.vars, ", ")))
	}
	copy(w.v, consts)
	copy(w.v[len(consts):], vars)
}

// Eval returns the law's value at the constants consts and the variables
// vars (in the orders of Constants and Variables).
func (m *Model) Eval(consts, vars []float64) float64 {
	w := m.get()
	m.load(w, consts, vars)
	r := m.forward(w.v)
	m.pool.Put(w)
	return r
}

// EvalGrad returns the law's value as Eval does and writes its exact
// gradient with respect to the constants into grad (len(consts) long), by
// reverse-mode differentiation of the tape.
func (m *Model) EvalGrad(consts, vars, grad []float64) float64 {
	if len(grad) != len(m.consts) {
		panic(fmt.Sprintf("law: gradient of length %d for %d constants", len(grad), len(m.consts)))
	}
	w := m.get()
	m.load(w, consts, vars)
	r := m.forwardGrad(w.v, w.pa, w.pb)
	m.reverse(w, grad)
	m.pool.Put(w)
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
	w := m.get()
	defer m.pool.Put(w)
	m.load(w, consts, vars)
	i, msg := m.check(w.v)
	if i < 0 {
		return 0, 0, "", true
	}
	s := m.spans[i]
	return s.pos, s.end - s.pos, msg, false
}

// isInteger reports whether y is a whole number, the only powers a
// negative number has.
func isInteger(y float64) bool { return y == math.Trunc(y) && !math.IsInf(y, 0) }
