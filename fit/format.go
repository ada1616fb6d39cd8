package fit

import (
	"math"
	"strconv"
	"strings"
)

// Formula writes the fitted law with its constants, y and x standing for
// the variables: "L = 2.57·C^−0.0476", "L = 1.69 + 406·N^−0.34",
// "y = 0.31 + 0.052·log₁₀ x", "y = 2.1 + 0.5·x". Constants have three
// significant digits and exponents four; minus signs are U+2212 and large
// or small constants are written m×10ⁿ.
func (r Result) Formula(y, x string) string {
	var b strings.Builder
	b.WriteString(y)
	b.WriteString(" = ")
	switch r.Kind {
	case PowerLaw:
		b.WriteString(Number(r.A, 3))
		b.WriteString("·")
		b.WriteString(x)
		b.WriteString("^")
		b.WriteString(Number(r.B, 4))
	case PowerLawC:
		b.WriteString(Number(r.C, 3))
		term(&b, r.A, x+"^"+Number(r.B, 4))
	case LogLinear:
		b.WriteString(Number(r.A, 3))
		term(&b, r.B, "log₁₀ "+x)
	case Linear:
		b.WriteString(Number(r.A, 3))
		term(&b, r.B, x)
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
	b.WriteString("·")
	b.WriteString(v)
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

var superscripts = strings.NewReplacer("0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹", "-", "⁻")

// Number writes v with sig significant digits as a reader writes a
// constant: 2.57, 0.0476, 406, 1.5×10¹³, 2.2×10⁻⁵; trailing zeros dropped,
// minus as U+2212.
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
		out = trimZeros(strconv.FormatFloat(r, 'f', max(0, sig-1-exp), 64))
	} else {
		out = trimZeros(mant) + "×10" + superscripts.Replace(strconv.Itoa(exp))
	}
	if neg {
		out = "−" + out
	}
	return out
}

func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	return strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
}
