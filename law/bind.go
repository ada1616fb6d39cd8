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
// start looking for it and whether to search it in log space (package
// fit's Role is this one).
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
// its other symbols constants. A Model is safe for concurrent use and,
// once warm, its methods allocate nothing (eval.go says how).
type Model struct {
	consts, vars []string
	roles        []Role
	tape
	pool sync.Pool // of *[]float64 scratch space, for tapes too long for the stack
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
			return nil, &Error{Offset: -1, Symbol: v, Msg: fmt.Sprintf("%s is not a symbol of the law %s; its symbols are %s%s", diag.Quote(v), diag.Quote(strings.TrimSpace(src)), strings.Join(e.symbols, ", "), didYouMean(v, e.symbols))}
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
	text := diag.Quote(strings.TrimSpace(src[l.respPos:]))
	switch {
	case len(consts) == 0:
		return nil, errAt(src, l.respPos, len(src), "", fmt.Sprintf("the law %s has no constant to fit: every symbol (%s) is bound to a column; leave the constants out of where", text, strings.Join(vars, ", ")))
	case len(vars) == 0:
		return nil, errAt(src, l.respPos, len(src), "", fmt.Sprintf("the law %s has no variable: bind at least one of its symbols (%s) to a column in where, as where: {SYMBOL: COLUMN}", text, strings.Join(e.symbols, ", ")))
	}
	return newModel(e, consts, slices.Clone(vars)), nil
}

// Compile compiles the expression as a function of constants, the
// constants of a fitted law in their order (Model.Constants), so that a
// quantity derived from them is evaluated, with its gradient, from the
// same vector the fit gives. Errors are *Error: a symbol that is not one
// of the constants.
func (e *Expr) Compile(constants []string) (*Model, error) {
	var first *node
	walk(e.root, func(n *node) {
		if first == nil && n.kind == kSym && !slices.Contains(constants, n.text) {
			first = n
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
	inCall // somewhere in a function's argument: exp(-k*x)'s k is no scale
)

// roles classifies each constant by the places it stands in.
func roles(root *node, consts []string) []Role {
	out := make([]Role, len(consts))
	seen := make([]bool, len(consts))
	var visit func(n *node, c context)
	visit = func(n *node, c context) {
		sub := func(inside context) context {
			if c == inExponent || c == inCall {
				return c
			}
			return inside
		}
		switch n.kind {
		case kSym:
			i := slices.Index(consts, n.text)
			if i < 0 {
				return
			}
			r := [...]Role{inSum: Offset, inProduct: Scale, inExponent: Exponent, inOther: Other, inCall: Other}[c]
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
				visit(a, sub(inCall))
			}
		}
	}
	visit(root, inSum)
	return out
}

// isInteger reports whether y is a whole number, the only powers a
// negative number has.
func isInteger(y float64) bool { return y == math.Trunc(y) && !math.IsInf(y, 0) }
