package table

import (
	"strconv"
	"strings"
	"unicode"
)

// Numbers as papers and model cards write them. A results table pasted from
// a paper says "70M", "1.4B" and "1,024"; making the researcher rewrite each
// cell as 7e7 is busywork, and a rewrite by hand is where typos come from.
//
// The suffixes read are the magnitudes of model sizes, token counts and
// FLOPs, attached to the number with no space:
//
//	k, K  10³    M  10⁶    B, G  10⁹    T  10¹²
//
// Lower-case m is refused: in SI it is milli (10⁻³), in finance and many
// spreadsheets it is million, and a chart that guessed wrong would be off by
// a factor of 10⁹ without a word. Lower-case b and t are refused too (bits,
// tonnes), and so is P: no model size is written in peta. Hint explains each.
// The value is computed from the text (1.4B is exactly 1.4e9), never as
// 1.4 × 1e9 in floating point.
//
// Thousands separators are read when they are commas between groups of
// exactly three digits: "1,024", "-1,234,567.5". "1,5" stays refused (a
// decimal comma), and so do other separators ("1 000", "1'000", "1.000.000"),
// which some locales use for decimals.

// suffixExp is the power of ten of each accepted magnitude suffix.
func suffixExp(c byte) int {
	switch c {
	case 'k', 'K':
		return 3
	case 'M':
		return 6
	case 'B', 'G':
		return 9
	case 'T':
		return 12
	}
	return 0
}

// written rewrites a number in one of the spellings above in e-notation (or
// plain digits), as strconv.ParseFloat reads it; ok is false for anything
// else, including plain decimals, which need no rewriting.
func written(s string) (string, bool) {
	if fixed, ok := suffixed(s); ok {
		return fixed, true
	}
	if strings.IndexByte(s, ',') >= 0 {
		if fixed, ok := thousands(s); ok {
			// thousands accepts one kind of separator per number, so a comma
			// means every separator is a comma, and the rest is ".digits".
			return fixed, true
		}
	}
	return "", false
}

// suffixed rewrites "2.9B" as "2.9e9": a decimal without exponent, then one
// accepted suffix.
func suffixed(s string) (string, bool) {
	n := len(s)
	if n < 2 {
		return "", false
	}
	exp := suffixExp(s[n-1])
	if exp == 0 || decimalPrefix(s[:n-1], false) != n-1 {
		return "", false
	}
	return sci(s[:n-1], exp), true
}

// magnitudeHint explains a magnitude Number does not read: s is the cell,
// fixed its value in e-notation and short its spelling with a suffix that
// is read (see magnitude).
func magnitudeHint(s, fixed, short string) string {
	n := decimalPrefix(s, false)
	m, suffix := s[:n], strings.TrimSpace(s[n:])
	switch {
	case suffix == "m" && isNumber(m+"M"):
		return "a lower-case m is milli (10⁻³) in SI units but million in many tables, so " + quote(s) + " is ambiguous; write " +
			m + "M for " + m + " million, or " + sci(m, -3) + " for " + m + " thousandths"
	case !isNumber(short):
		return "write " + fixed
	case suffix == "b":
		return "write " + short + " (a capital B means billion; b can mean bits)"
	case len(suffix) == 1 && suffixExp(suffix[0]) != 0:
		return "write " + m + suffix + " with no space before the " + suffix
	}
	return "write " + short + " or " + fixed
}

// unitAdvice completes "write the number alone, 12, and ..." for a cell
// that carries a unit ("12 ms", "1e21 FLOPs").
func unitAdvice(unit string) string {
	if unit == "" || len(unit) > 20 || strings.ContainsAny(unit, "\"'{}[]:#,") || strings.IndexFunc(unit, notPrint) >= 0 {
		return "give the axis its unit (unit: ...)"
	}
	return "set unit: " + unit + " on the axis"
}

// notPrint reports a character a message must not show as it is.
func notPrint(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }

// exponentSuffix rewrites "2e3M" (an exponent and then a suffix, which
// Number does not read) as one exponent: "2e9".
func exponentSuffix(s string) (string, bool) {
	m, n := decimalPrefix(s, false), decimalPrefix(s, true)
	if n <= m || n != len(s)-1 || suffixExp(s[n]) == 0 {
		return "", false
	}
	e, err := strconv.Atoi(strings.TrimPrefix(s[m+1:n], "+"))
	if err != nil || e > 10000 || e < -10000 {
		return "", false
	}
	return sci(s[:m], e+suffixExp(s[n])), true
}
