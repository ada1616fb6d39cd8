package fit

import (
	"math"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/internal/plaintex"
)

// Formula writes the fitted law with its constants, y and x standing for
// the variables: "L = 2.57 · C⁻⁰·⁰⁴⁸", "L = 1.69 + 406 · N⁻⁰·³⁴",
// "y = 0.310 + 0.0520 · log₁₀ x", "y = 2.10 + 0.500 · x". Constants have
// three significant digits, trailing zeros kept (1.696 is 1.70: the zero is
// a digit the fit vouches for); minus signs are U+2212 and large or small
// constants are written m×10ⁿ.
//
// Exponents are written as superscripts, with two significant digits,
// trailing zeros kept (0.498 is C⁰·⁵⁰, as Chinchilla's a = 0.50):
// papers quote scaling exponents so (Kaplan et al.'s α_N = 0.076,
// Chinchilla's a = 0.50), their uncertainty lies in the second digit, and
// a run of small superscript digits is hard to read (S⁻⁰·⁰⁷⁶³⁵). A
// superscript has no full stop, so the decimal point is a raised dot; the
// multiplication dot between constant and variable gets spaces around it
// to tell the two apart. The fit's exact constants are in the chart's
// option (scalesiteFit) and tooltip.
func (r Result) Formula(y, x string) string {
	var b strings.Builder
	b.WriteString(y)
	b.WriteString(" = ")
	switch r.Kind {
	case PowerLaw:
		b.WriteString(Number(r.A, 3))
		b.WriteString(" · ")
		b.WriteString(x)
		b.WriteString(power(r.B))
	case PowerLawC:
		b.WriteString(Number(r.C, 3))
		term(&b, r.A, x+power(r.B))
	case LogLinear:
		b.WriteString(Number(r.A, 3))
		term(&b, r.B, "log₁₀ "+x)
	case Linear:
		b.WriteString(Number(r.A, 3))
		term(&b, r.B, x)
	case Exponential:
		b.WriteString(r.exponentialFormula(x))
	case IsoFLOPCurve:
		b.WriteString(Number(r.A, 3))
		term(&b, r.B, "log₁₀ "+x)
		term(&b, r.C, "(log₁₀ "+x+")²")
	}
	return b.String()
}

// term writes " + k·v" or " − |k|·v".
func term(b *strings.Builder, k float64, v string) {
	if k < 0 {
		b.WriteString(" − ")
		k = -k
	} else {
		b.WriteString(" + ")
	}
	b.WriteString(Number(k, 3))
	b.WriteString(" · ")
	b.WriteString(v)
}

// power writes an exponent as superscripts, to two significant digits with
// trailing zeros kept (Formula says why); one too large or small for plain
// decimals is written ^(m×10ⁿ) on the line.
func power(e float64) string {
	a := math.Abs(e)
	if e == 0 || math.IsNaN(e) || math.IsInf(e, 0) || a < 1e-3 || a >= 1e4 {
		return "^(" + Number(e, 2) + ")"
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(e, 'e', 1, 64), 64)
	digits := max(0, 1-int(math.Floor(math.Log10(math.Abs(r)))))
	s := strconv.FormatFloat(r, 'f', digits, 64)
	if sup, ok := plaintex.Superscript(s); ok {
		return sup
	}
	return "^" + s
}

// R2Text is the fit's R² for a legend: "R² 0.998"; "R² > 0.999" when it
// rounds to 1 without being exactly 1.
func (r Result) R2Text() string {
	switch {
	case r.R2 == 1:
		return "R² 1"
	case r.R2 >= 0.9995:
		return "R² > 0.999"
	}
	return "R² " + strconv.FormatFloat(r.R2, 'f', 3, 64)
}

// Number writes v with sig significant digits as a reader writes a
// constant: 2.57, 0.0476, 406, 1.70, 1.50×10¹³, 2.20×10⁻⁵; trailing zeros
// kept, since they are significant; minus as U+2212.
func Number(v float64, sig int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	neg := v < 0
	s := strconv.FormatFloat(math.Abs(v), 'e', sig-1, 64)
	mant, es, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(es)
	var out string
	if exp >= -3 && exp < 4 {
		r, _ := strconv.ParseFloat(s, 64)
		out = strconv.FormatFloat(r, 'f', max(0, sig-1-exp), 64)
	} else {
		pow, _ := plaintex.Superscript(strconv.Itoa(exp))
		out = mant + "×10" + pow
	}
	if neg {
		out = "−" + out
	}
	return out
}
