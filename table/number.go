package table

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Number parses a cell: plain ("12"), decimal ("-3.5", ".5"), scientific
// ("3.14e+23", "1E21"), and the way papers write sizes and counts (see
// written): a magnitude suffix ("95M", "2.9B", "1.5T", "7k") or comma
// thousands separators ("1,024", "-1,234.5"). missing is true for a blank
// cell or NA / N/A / null / NaN (case-insensitive): such a point is left
// out, and the caller reports it; v is then NaN, so that a caller who
// forgets to check cannot plot it as 0. ok is false for anything else (e.g.
// "12%", "70m", "abc"); in that case Hint(cell) may explain.
//
// The grammar is checked before strconv.ParseFloat, which would also accept
// "Inf", "0x1p-2" and "1_000": a chart should not silently read those.
// Numbers too large for a float64 are not ok, and neither are numbers
// other than 0 too small for one ("1e-400"), which would read as 0.
func Number(cell string) (v float64, missing bool, ok bool) {
	if v, ok := shortDecimal(cell); ok {
		return v, false, true
	}
	s := strings.TrimSpace(cell)
	if isMissing(s) {
		return math.NaN(), true, true
	}
	if !isDecimal(s) {
		fixed, ok := written(s)
		if !ok {
			return 0, false, false
		}
		s = fixed
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || Underflows(s, v) {
		return 0, false, false
	}
	return v, false, true
}

// pow10 are the powers of ten a float64 holds exactly, 1e0 to 1e22.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// shortDecimal reads the commonest cell of a log, [-]digits[.digits] of at
// most 15 digits (a step, a loss to four places), as strconv.ParseFloat
// does, and reports whether the cell had that form. The digits make an
// integer below 2^53 and the places a power of ten a float64 holds, so one
// division, correctly rounded, is ParseFloat's result (its own exact
// case): a long log's forty million numbers are read without its general
// path.
func shortDecimal(s string) (float64, bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	var mant uint64
	digits, places, dot := 0, 0, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			mant = mant*10 + uint64(c-'0')
			digits++
			if dot {
				places++
			}
		case c == '.' && !dot && digits > 0:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 || dot && places == 0 {
		return 0, false
	}
	v := float64(mant) / pow10[places]
	if neg {
		v = -v
	}
	return v, true
}

// Underflows reports whether the decimal text s, which strconv.ParseFloat
// read as v, is a number other than 0 too small for a float64: ParseFloat
// reads "1e-400" as 0 without an error.
func Underflows(s string, v float64) bool {
	if v != 0 {
		return false
	}
	mantissa, _, _ := strings.Cut(strings.ToLower(s), "e")
	return strings.ContainsAny(mantissa, "123456789")
}

// maxHinted is the longest cell Hint looks into for a likely fix; a longer
// one is not a number written by hand, and only its start is shown.
const maxHinted = 100

// outOfRange completes a message about a cell whose number, in decimal
// text s, is out of a float64's range: " is too large: …" or " is too
// small: …". It returns "" for a number in range.
func outOfRange(s string) string {
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && math.IsInf(v, 0):
		return " is too large: the largest number allowed is about 1.8e308"
	case err == nil && Underflows(s, v):
		return " is too small: the smallest number above 0 allowed is about 5e-324; write 0 if the value is zero"
	}
	return ""
}

// isMissing reports whether s is one of the ways a table says "no value".
func isMissing(s string) bool {
	switch len(s) {
	case 0:
		return true
	case 2, 3, 4:
		return strings.EqualFold(s, "na") || strings.EqualFold(s, "n/a") ||
			strings.EqualFold(s, "nan") || strings.EqualFold(s, "null")
	}
	return false
}

// isDecimal reports whether s is [+-] digits [. digits] [(e|E) [+-] digits],
// with at least one digit before the exponent.
func isDecimal(s string) bool {
	n := decimalPrefix(s, true)
	return n > 0 && n == len(s)
}

// decimalPrefix returns the length of the longest prefix of s that is a
// number (0 if none), with an exponent only when exp is true.
func decimalPrefix(s string, exp bool) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && isDigit(s[i]); i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && isDigit(s[i]); i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if exp && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// Hint returns a short researcher-friendly explanation of why a cell is not a
// number, with the fix where obvious: "1 000" → `write 1000; …`, "45%" →
// `write 45 and set format: percent on the axis`, "70m" → `a lower-case m
// is milli …; write 70M for 70 million, …`, "1.2 bn" → `write 1.2B or
// 1.2e9`, "12 ms" → `write the number alone, 12, and set unit: ms on the
// axis`, inf → not allowed, text → `"abc" is not a number`. It returns ""
// for a number or a missing value.
//
// The cases are the ways numbers get written in papers and spreadsheets,
// which a researcher pasting a results table will have in it.
func Hint(cell string) string {
	s := strings.TrimSpace(cell)
	if _, _, ok := Number(s); ok {
		return ""
	}
	if isDecimal(s) {
		if tail := outOfRange(s); tail != "" {
			return quote(s) + tail
		}
	}
	if fixed, ok := written(s); ok {
		if tail := outOfRange(fixed); tail != "" {
			return quote(s) + tail
		}
	}
	if len(s) > maxHinted {
		return quote(s) + " is not a number"
	}
	if infinite(s) {
		return "infinite values are not allowed; leave the cell blank or write NA to leave the point out"
	}
	if fixed := minus.Replace(s); fixed != s && isNumber(fixed) {
		return "use a plain minus sign (-); write " + fixed
	}
	if t, ok := strings.CutSuffix(s, "%"); ok && isDecimal(strings.TrimSpace(t)) {
		return "write " + strings.TrimSpace(t) + " and set format: percent on the axis"
	}
	if fixed, ok := thousands(s); ok && isNumber(fixed) {
		return "write " + fixed + "; the only thousands separator read is a comma between groups of three digits"
	}
	if fixed, msg, ok := decimalComma(s); ok && isNumber(fixed) {
		return msg + "; write " + fixed
	}
	if fixed, short, ok := magnitude(s); ok && isNumber(fixed) {
		return magnitudeHint(s, fixed, short)
	}
	if fixed, ok := powerOfTen(s); ok {
		if tail := outOfRange(fixed); tail != "" {
			return quote(s) + tail
		}
		return "write " + fixed
	}
	for _, p := range placeholders {
		if strings.EqualFold(s, p) {
			return quote(s) + " is not a number: leave the cell blank or write NA for a missing value"
		}
	}
	if strings.HasPrefix(s, "#") {
		return quote(s) + " is a spreadsheet error, not a number: fix the formula, or write NA for a missing value"
	}
	for _, q := range qualifiers {
		if t, ok := strings.CutPrefix(s, q); ok && isDecimal(strings.TrimSpace(t)) {
			return "write the number alone, " + strings.TrimSpace(t) + `, without "` + strings.TrimSpace(q) + `"`
		}
	}
	for _, pm := range []string{"±", "+/-", "+-"} {
		if v, _, ok := strings.Cut(s, pm); ok && isDecimal(strings.TrimSpace(v)) {
			return "write the value alone, " + strings.TrimSpace(v) + "; an uncertainty needs a column of its own"
		}
	}
	if n := len(s); n > 2 && (s[0] == '"' || s[0] == '\'') && s[n-1] == s[0] && isDecimal(s[1:n-1]) {
		return "remove the quotes; write " + s[1:n-1]
	}
	if fixed, ok := exponentSuffix(s); ok {
		if tail := outOfRange(fixed); tail != "" {
			return quote(s) + tail
		}
		return "write " + fixed + "; a suffix like " + s[len(s)-1:] + " cannot follow an exponent"
	}
	if n := decimalPrefix(s, true); n > 0 && !isHexLiteral(s) {
		if r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s[n:])); unicode.IsLetter(r) || r == '°' {
			return "write the number alone, " + s[:n] + ", and " + unitAdvice(strings.TrimSpace(s[n:]))
		}
	}
	return quote(s) + " is not a number"
}

// minus maps the dashes that copying from a PDF or a word processor puts in
// place of a minus sign.
var minus = strings.NewReplacer("−", "-", "–", "-", "‐", "-", "‑", "-")

var placeholders = []string{"-", "--", "—", "–", "?", "none", "nil", "n.a.", "n/a.", "missing", "tbd", "...", "…", "x", "#N/A"}

var qualifiers = []string{"~", "≈", "<=", ">=", "<", ">", "≤", "≥", "approx.", "approx", "about", "ca.", "$", "€", "£"}

// isNumber reports whether a fix Hint proposes would be read: a number in
// range, so that the hint never suggests something that fails again.
func isNumber(s string) bool {
	_, missing, ok := Number(s)
	return ok && !missing
}

func isHexLiteral(s string) bool {
	_, s = splitSign(s)
	return len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x'
}

func infinite(s string) bool {
	s = strings.TrimLeft(minus.Replace(s), "+-")
	return strings.EqualFold(s, "inf") || strings.EqualFold(s, "infinity") || s == "∞"
}

// thousands rewrites a number written with thousands separators, "1,000,000"
// or "1 000" or "1'000.5", without them. Groups after the first must have
// exactly three digits, so that "1,5" (a decimal comma) is not taken for one.
func thousands(s string) (string, bool) {
	sign, body := splitSign(s)
	var b strings.Builder
	b.WriteString(sign)
	i := 0
	for i < len(body) && isDigit(body[i]) {
		i++
	}
	if i == 0 || i > 3 {
		return "", false
	}
	b.WriteString(body[:i])
	var sep rune
	groups := 0
	for i < len(body) {
		r, size := utf8.DecodeRuneInString(body[i:])
		if !strings.ContainsRune(",. _'’\u00a0\u202f\u2009", r) || sep != 0 && r != sep {
			break
		}
		if i+size+3 > len(body) || !isDigits(body[i+size:i+size+3]) || i+size+3 < len(body) && isDigit(body[i+size+3]) {
			break
		}
		sep = r
		b.WriteString(body[i+size : i+size+3])
		i += size + 3
		groups++
	}
	rest := body[i:]
	switch {
	case groups == 0:
		return "", false
	case sep == '.' && (groups < 2 || rest != ""): // "1.000" is one, and "1.000,5" is decimalComma's
		return "", false
	case rest == "":
	case rest[0] == '.' && isDigits(rest[1:]):
		b.WriteString(rest)
	default:
		return "", false
	}
	return b.String(), true
}

// decimalComma rewrites "3,5" (and "1.000,5") with a decimal point.
func decimalComma(s string) (fixed, msg string, ok bool) {
	sign, body := splitSign(s)
	whole, frac, found := strings.Cut(body, ",")
	if !found || !isDigits(frac) || whole == "" {
		return "", "", false
	}
	msg = "use a point, not a comma, for decimals"
	if strings.Contains(whole, ".") {
		groups := strings.Split(whole, ".")
		for i, g := range groups {
			if !isDigits(g) || len(g) > 3 || i > 0 && len(g) != 3 {
				return "", "", false
			}
		}
		whole = strings.Join(groups, "")
		msg = "numbers use a point for decimals and no thousands separators"
	} else if !isDigits(whole) {
		return "", "", false
	}
	return sign + whole + "." + frac, msg, true
}

// magnitude rewrites "1.2B", "130M", "7k" or "3 million" in e-notation, and
// gives the si-format spelling the researcher meant to see.
func magnitude(s string) (fixed, short string, ok bool) {
	n := decimalPrefix(s, false)
	if n == 0 {
		return "", "", false
	}
	m, suffix := s[:n], strings.TrimSpace(s[n:])
	exp := 0
	switch suffix {
	case "k", "K":
		exp = 3
	case "m", "M", "mn", "MM":
		exp = 6
	case "b", "B", "bn", "Bn", "G":
		exp = 9
	case "T":
		exp = 12
	case "P":
		exp = 15
	default:
		for i, w := range []string{"thousand", "million", "billion", "trillion"} {
			if strings.EqualFold(suffix, w) {
				exp = 3 * (i + 1)
			}
		}
	}
	if exp == 0 {
		return "", "", false
	}
	return sci(m, exp), m + string("kMBTP"[exp/3-1]), true
}

// powerOfTen rewrites "3.14×10^23", "3.14 x 10²³", "3.14\times10^{23}" and
// "10^21" in e-notation, as a researcher copies them from a paper.
func powerOfTen(s string) (string, bool) {
	for k := strings.Index(s, "10"); k >= 0; {
		head, tail := strings.TrimSpace(s[:k]), s[k+2:]
		if exp, ok := exponent(tail); ok {
			if head == "" {
				return sci("1", exp), true
			}
			for _, times := range []string{"×", "x", "X", "*", "·", "⋅", `\times`, `\cdot`} {
				if m, ok := strings.CutSuffix(head, times); ok {
					m = strings.TrimSpace(m)
					if n := decimalPrefix(m, false); n > 0 && n == len(m) {
						return sci(m, exp), true
					}
				}
			}
		}
		next := strings.Index(s[k+1:], "10")
		if next < 0 {
			break
		}
		k += 1 + next
	}
	return "", false
}

// exponent reads "^23", "^-5", "^{23}" or "²³" as the whole of s.
func exponent(s string) (int, bool) {
	var digits strings.Builder
	if t, ok := strings.CutPrefix(s, "^"); ok {
		t = strings.TrimSuffix(strings.TrimPrefix(t, "{"), "}")
		t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
		digits.WriteString(minus.Replace(t))
	} else {
		for _, r := range s {
			i := strings.IndexRune("⁰¹²³⁴⁵⁶⁷⁸⁹", r)
			switch {
			case r == '⁻':
				digits.WriteByte('-')
			case r == '⁺':
				digits.WriteByte('+')
			case i >= 0:
				// The superscripts are not contiguous in Unicode, nor of one
				// width in UTF-8: count runes to find the digit.
				digits.WriteByte(byte('0' + utf8.RuneCountInString("⁰¹²³⁴⁵⁶⁷⁸⁹"[:i])))
			default:
				return 0, false
			}
		}
	}
	d := digits.String()
	if d == "" || len(d) > 4 {
		return 0, false
	}
	e, err := strconv.Atoi(d)
	return e, err == nil
}

// sci writes m×10^exp in e-notation by moving the decimal point in the text,
// not by float arithmetic, which would turn 1.2e9 into 1.2000000000000002e9.
func sci(m string, exp int) string {
	sign, body := splitSign(m)
	if sign == "+" {
		sign = ""
	}
	whole, frac, _ := strings.Cut(body, ".")
	digits, point := whole+frac, len(whole)
	for digits != "" && digits[0] == '0' {
		digits, point = digits[1:], point-1
	}
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		return "0"
	}
	out := sign + digits[:1]
	if len(digits) > 1 {
		out += "." + digits[1:]
	}
	if e := point - 1 + exp; e != 0 {
		out += "e" + strconv.Itoa(e)
	}
	return out
}

// splitSign separates a leading + or - from the rest of s.
func splitSign(s string) (sign, rest string) {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[:1], s[1:]
	}
	return "", s
}
