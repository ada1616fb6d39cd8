package law

import (
	"strings"
	"unicode/utf8"

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

// writer writes an expression as Unicode text or as TeX.
type writer struct {
	value func(symbol string) (string, bool)
	tex   bool
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
	return w.name(l.Response) + " = " + w.write(l.rhs.root, false).s
}

// Text writes the expression as Law.Text writes a law's right side.
func (e *Expr) Text(value func(symbol string) (string, bool)) string {
	w := writer{value: value}
	return w.write(e.root, false).s
}

// TeX writes the law as KaTeX source for the page's table: \alpha_N,
// \frac{A}{N^{\alpha}}, \cdot, \left(…\right). value is as for Text, and
// its strings are TeX.
func (l *Law) TeX(value func(symbol string) (string, bool)) string {
	w := writer{value: value, tex: true}
	return w.name(l.Response) + " = " + w.write(l.rhs.root, false).s
}

// TeX writes the expression as Law.TeX writes a law's right side.
func (e *Expr) TeX(value func(symbol string) (string, bool)) string {
	w := writer{value: value, tex: true}
	return w.write(e.root, false).s
}

func (w *writer) minus() string {
	if w.tex {
		return "-"
	}
	return "−"
}

func (w *writer) paren(s string) string {
	if w.tex {
		return `\left(` + s + `\right)`
	}
	return "(" + s + ")"
}

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

// write writes n; exponent is true inside an exponent, where TeX writes a
// division with a slash rather than a fraction.
func (w *writer) write(n *node, exponent bool) piece {
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
		if !w.tex && strings.Contains(p.s, "_") {
			p.prec = precPower // (α_N)², not α_N²
		}
		return p
	case kNeg:
		return w.negated(w.write(n.args[0], exponent))
	case kAdd, kSub:
		a, b := w.write(n.args[0], exponent), w.write(n.args[1], exponent)
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
		a, b := w.write(n.args[0], exponent), w.write(n.args[1], exponent)
		op := " · "
		if w.tex {
			op = ` \cdot `
		}
		right := w.inside(b, precProduct)
		if b.neg != "" {
			right = w.paren(b.s)
		}
		return piece{s: w.inside(a, precProduct) + op + right, prec: precProduct}
	case kDiv:
		a, b := w.write(n.args[0], exponent), w.write(n.args[1], exponent)
		if w.tex && !exponent {
			return piece{s: `\frac{` + a.s + "}{" + b.s + "}", prec: precAtom}
		}
		right := w.inside(b, precUnary)
		if b.neg != "" {
			right = w.paren(b.s)
		}
		return piece{s: w.inside(a, precProduct) + "/" + right, prec: precProduct}
	case kPow:
		return w.power(n, exponent)
	case kCall:
		return w.call(n, exponent)
	}
	return piece{}
}

// power writes base^exponent: in TeX as ^{…}; in text as superscripts when
// the exponent is a single value or symbol, maybe negated, whose every
// character has a superscript form, else as ^(…).
func (w *writer) power(n *node, exponent bool) piece {
	base := w.write(n.args[0], exponent)
	b := w.inside(base, precAtom)
	if base.neg != "" {
		b = w.paren(base.s)
	}
	e := w.write(n.args[1], true)
	if w.tex {
		if strings.HasPrefix(base.s, `\frac`) {
			b = w.paren(base.s)
		}
		return piece{s: b + "^{" + e.s + "}", prec: precPower}
	}
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

// call writes a function call: log₁₀(x), √x, |x| in text; \log_{10}, \sqrt
// in TeX.
func (w *writer) call(n *node, exponent bool) piece {
	args := make([]string, len(n.args))
	first := w.write(n.args[0], exponent)
	for i, a := range n.args {
		args[i] = w.write(a, exponent).s
	}
	inner := strings.Join(args, ", ")
	if w.tex {
		switch n.fn {
		case fnSqrt:
			return piece{s: `\sqrt{` + inner + "}", prec: precAtom}
		case fnAbs:
			return piece{s: `\left|` + inner + `\right|`, prec: precAtom}
		}
		name := map[fn]string{fnExp: `\exp`, fnLog: `\log`, fnLog10: `\log_{10}`, fnLog2: `\log_{2}`, fnMin: `\min`, fnMax: `\max`}[n.fn]
		return piece{s: name + w.paren(inner), prec: precAtom}
	}
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

// number writes a number as written in the law, 1e-3 as 1×10⁻³ (text) or
// 1 \times 10^{-3} (TeX).
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
	if w.tex {
		return piece{s: mant + ` \times 10^{` + exp + "}", prec: precProduct}
	}
	sup, _ := plaintex.Superscript(exp)
	return piece{s: mant + "×10" + sup, prec: precProduct}
}

// name writes a symbol: Greek names as letters, the part after the first
// underscore as a subscript (α_N, D₀; TeX \alpha_{N}, D_{\mathrm{opt}}).
func (w *writer) name(sym string) string {
	base, sub, hasSub := strings.Cut(sym, "_")
	if base == "" { // _x: no base to hang a subscript on
		base, sub, hasSub = sym, "", false
	}
	if !w.tex {
		s := greek(base)
		if !hasSub {
			return s
		}
		if sup, ok := plaintex.Subscript(greek(sub)); ok && sub != "" {
			return s + sup
		}
		return s + "_" + greek(sub)
	}
	s := texName(base)
	if hasSub {
		s += "_{" + texName(sub) + "}"
	}
	return s
}

func greek(s string) string {
	if g, ok := plaintex.Greek(s); ok {
		return g
	}
	return s
}

// texName writes a name in TeX: a Greek letter's command, one character
// as it is, a word upright.
func texName(s string) string {
	if _, ok := plaintex.Greek(s); ok {
		return `\` + s
	}
	if utf8.RuneCountInString(s) <= 1 || isDigits(s) {
		return s
	}
	return `\mathrm{` + strings.ReplaceAll(s, "_", `\_`) + "}"
}

func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}
