package law

import (
	"strings"

	"github.com/scalesite/scalesite/internal/plaintex"
)

// Precedences of written pieces, loosest first: a piece is put in
// parentheses where its precedence is too loose for its place.
const (
	precSum = iota + 1
	precProduct
	precUnary
	precPower
	precAtom
)

// piece is part of a law as written: its text, its precedence and, for a
// negation, its text after the minus (so that a + −b is written a − b).
type piece struct {
	s    string
	prec int
	neg  string
}

// writer writes an expression as Unicode text.
type writer struct {
	value func(symbol string) (string, bool)
}

// Text writes the law for a legend or a table in Unicode mathematics:
// Greek names as letters (alpha_N as α_N, D_0 as D₀), · for *, powers as
// superscripts where Unicode has every character's superscript form
// (N⁻ᵅ, C⁰·⁵) and as ^(…) elsewhere, and no parentheses that the
// precedence of the operations makes unnecessary. value, when not nil,
// gives the text of a symbol's value (a fitted constant: "1.82",
// "−0.35"); symbols for which it returns false are written by name.
func (l *Law) Text(value func(symbol string) (string, bool)) string {
	w := writer{value: value}
	return w.name(l.Response) + " = " + w.write(l.rhs.root).s
}

// Text writes the expression as Law.Text writes a law's right side.
func (e *Expr) Text(value func(symbol string) (string, bool)) string {
	w := writer{value: value}
	return w.write(e.root).s
}

func (w *writer) minus() string { return "−" }

func (w *writer) paren(s string) string { return "(" + s + ")" }

// inside returns p's text, in parentheses when its precedence is below min.
func (w *writer) inside(p piece, min int) string {
	if p.prec < min {
		return w.paren(p.s)
	}
	return p.s
}

// negated is a piece written with a minus in front of body.
func (w *writer) negated(body piece) piece {
	s := w.inside(body, precProduct)
	if body.neg != "" {
		s = w.paren(body.s) // −(−x), never −−x
	}
	return piece{s: w.minus() + s, prec: precUnary, neg: s}
}

// write writes n.
func (w *writer) write(n *node) piece {
	switch n.kind {
	case kNum:
		return w.number(n.text)
	case kSym:
		if w.value != nil {
			if v, ok := w.value(n.text); ok {
				return w.valued(v)
			}
		}
		p := piece{s: w.name(n.text), prec: precAtom}
		if strings.Contains(p.s, "_") {
			p.prec = precPower // (α_N)², not α_N²
		}
		return p
	case kNeg:
		return w.negated(w.write(n.args[0]))
	case kAdd, kSub:
		a, b := w.write(n.args[0]), w.write(n.args[1])
		op := " + "
		if n.kind == kSub {
			op = " " + w.minus() + " "
		}
		right := w.inside(b, precProduct)
		if b.neg != "" { // a + −b is a − b; a − −b is a + b
			right = b.neg
			if n.kind == kAdd {
				op = " " + w.minus() + " "
			} else {
				op = " + "
			}
		} else if n.kind == kAdd {
			right = b.s // + is associative: a + (b − c) is a + b − c
		}
		return piece{s: a.s + op + right, prec: precSum}
	case kMul:
		a, b := w.write(n.args[0]), w.write(n.args[1])
		op := " · "
		right := w.inside(b, precProduct)
		if b.neg != "" {
			right = w.paren(b.s)
		}
		return piece{s: w.inside(a, precProduct) + op + right, prec: precProduct}
	case kDiv:
		a, b := w.write(n.args[0]), w.write(n.args[1])
		right := w.inside(b, precUnary)
		if b.neg != "" {
			right = w.paren(b.s)
		}
		return piece{s: w.inside(a, precProduct) + "/" + right, prec: precProduct}
	case kPow:
		return w.power(n)
	case kCall:
		return w.call(n)
	}
	return piece{}
}

// power writes base^exponent: as superscripts when
// the exponent is a single value or symbol, maybe negated, whose every
// character has a superscript form, else as ^(…).
func (w *writer) power(n *node) piece {
	base := w.write(n.args[0])
	b := w.inside(base, precAtom)
	if base.neg != "" {
		b = w.paren(base.s)
	}
	e := w.write(n.args[1])
	simple := e.prec == precAtom || (e.neg != "" && !strings.ContainsAny(e.neg, " (/"))
	if simple && !strings.ContainsAny(e.s, " _(/") {
		if sup, ok := plaintex.Superscript(e.s); ok {
			return piece{s: b + sup, prec: precPower}
		}
	}
	if simple && !strings.ContainsAny(e.s, " _(/") && e.neg == "" {
		return piece{s: b + "^" + e.s, prec: precPower}
	}
	return piece{s: b + "^(" + e.s + ")", prec: precPower}
}

// call writes a function call: log₁₀(x), √x, |x|.
func (w *writer) call(n *node) piece {
	args := make([]string, len(n.args))
	first := w.write(n.args[0])
	for i, a := range n.args {
		args[i] = w.write(a).s
	}
	inner := strings.Join(args, ", ")
	switch n.fn {
	case fnSqrt:
		return piece{s: "√" + w.inside(first, precAtom), prec: precUnary}
	case fnAbs:
		return piece{s: "|" + inner + "|", prec: precAtom}
	case fnLog10:
		return piece{s: "log₁₀(" + inner + ")", prec: precAtom}
	case fnLog2:
		return piece{s: "log₂(" + inner + ")", prec: precAtom}
	}
	return piece{s: n.text + "(" + inner + ")", prec: precAtom}
}

// valued is the piece for a symbol's value as the caller wrote it.
func (w *writer) valued(v string) piece {
	for _, m := range []string{"-", "−"} {
		if rest, ok := strings.CutPrefix(v, m); ok {
			return w.negated(w.valued(rest))
		}
	}
	p := piece{s: v, prec: precAtom}
	if strings.ContainsAny(v, "×·/ +") || strings.Contains(v, `\times`) {
		p.prec = precProduct
	}
	return p
}

// number writes a number as written in the law, 1e-3 as 1×10⁻³.
func (w *writer) number(text string) piece {
	mant, exp, ok := strings.Cut(strings.ToLower(text), "e")
	if !ok {
		return piece{s: text, prec: precAtom}
	}
	exp = strings.TrimPrefix(exp, "+")
	exp = strings.TrimLeft(exp, "0")
	if strings.HasPrefix(exp, "-") {
		exp = "-" + strings.TrimLeft(exp[1:], "0")
	}
	if exp == "" || exp == "-" {
		exp = "0"
	}
	sup, _ := plaintex.Superscript(exp)
	return piece{s: mant + "×10" + sup, prec: precProduct}
}

// name writes a symbol: Greek names as letters, the part after the first
// underscore as a subscript (α_N, D₀).
func (w *writer) name(sym string) string {
	base, sub, hasSub := strings.Cut(sym, "_")
	if base == "" { // _x: no base to hang a subscript on
		base, sub, hasSub = sym, "", false
	}
	s := greek(base)
	if !hasSub {
		return s
	}
	if sup, ok := plaintex.Subscript(greek(sub)); ok && sub != "" {
		return s + sup
	}
	return s + "_" + greek(sub)
}

func greek(s string) string {
	if g, ok := plaintex.Greek(s); ok {
		return g
	}
	return s
}
