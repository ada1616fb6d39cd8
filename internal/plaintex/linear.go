package plaintex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The linear forms Linear writes where Unicode has no characters for a
// construct: what a researcher would type in a plain-text e-mail.
// N^{-\alpha_N} is N^(−α_N), \frac{a}{b} is a/b, \sqrt{x+1} is √(x+1),
// \hat{x} is x̂ (a combining accent), \mathbb{R} is ℝ.

// Linear is convert for text that must be drawn whatever valid TeX it
// holds: where Unicode has no characters for a construct (a subscript
// inside a superscript, N^{-\alpha_N}; a fraction; a root) it writes a
// readable linear form instead (N^(−α_N), a/b, √(x)) and returns a Note
// for each, so that the caller can say so. TeX that is not valid, or that
// plain text cannot stand for at all, is still an error.
func Linear(s string) (string, []Note, error) {
	var notes []Note
	out, err := convert(s, &notes)
	return out, notes, err
}

// Formula converts the TeX of one formula, written without its dollar
// signs (a formula of a page's Markdown), as Linear converts one.
func Formula(tex string) (string, []Note, error) {
	var notes []Note
	m := mathParser{src: tex, end: len(tex), notes: &notes}
	out, err := m.run()
	return out, notes, err
}

// Note is a construct Linear wrote in a linear form.
type Note struct {
	// Offset is where in the converted string the construct starts (bytes).
	Offset int
	// TeX is the construct as written ("^{-\alpha_N}"), Form as drawn
	// ("^(−α_N)").
	TeX, Form string
}

// linearArg writes what a script or a command applies to, in parentheses
// unless it is one character or one word of letters and digits.
func linearArg(s string) string {
	if utf8.RuneCountInString(s) <= 1 || atomic(s) {
		return s
	}
	return "(" + s + ")"
}

// atomic reports whether s reads as one thing without parentheses: letters
// and digits (sub- and superscript ones too) only, with an underscore of a
// linear subscript (α_N).
func atomic(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != '_' && !unicode.Is(unicode.Mn, r) {
			return false
		}
	}
	return true
}

// accents are the accents written as a combining character after each
// letter.
var accents = map[string]string{
	"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305",
	"tilde": "\u0303", "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307",
	"ddot": "\u0308", "check": "\u030c", "breve": "\u0306", "acute": "\u0301", "grave": "\u0300",
}

// letterStyles are the alphabets Unicode has letters for.
var letterStyles = map[string]map[rune]string{
	"mathbb": {'R': "ℝ", 'N': "ℕ", 'Z': "ℤ", 'Q': "ℚ", 'C': "ℂ", 'E': "𝔼", 'P': "ℙ", 'H': "ℍ", '1': "𝟙"},
	"mathcal": {'A': "𝒜", 'B': "ℬ", 'C': "𝒞", 'D': "𝒟", 'E': "ℰ", 'F': "ℱ", 'G': "𝒢", 'H': "ℋ", 'I': "ℐ",
		'J': "𝒥", 'K': "𝒦", 'L': "ℒ", 'M': "ℳ", 'N': "𝒩", 'O': "𝒪", 'P': "𝒫", 'Q': "𝒬", 'R': "ℛ",
		'S': "𝒮", 'T': "𝒯", 'U': "𝒰", 'V': "𝒱", 'W': "𝒲", 'X': "𝒳", 'Y': "𝒴", 'Z': "𝒵"},
}

// linearCommand writes the command name (its backslash at at, m.i after
// its name) in a linear form, noting it; ok is false for a command with
// none, which stays an error.
func (m *mathParser) linearCommand(at int, name string) (s string, ok bool, err error) {
	from := m.noted()
	arg := func() (string, error) {
		m.skipSpaces()
		if m.i >= m.end {
			return "", m.errAt(at, m.src[at:m.i], "\\%s needs an argument after it: \\%s{x}", name, name)
		}
		a, _, err := m.argument()
		return a, err
	}
	switch {
	case name == "frac" || name == "dfrac" || name == "tfrac" || name == "cfrac":
		num, err := arg()
		if err != nil {
			return "", true, err
		}
		den, err := arg()
		if err != nil {
			return "", true, err
		}
		s = linearArg(num) + "/" + linearArg(den)
	case name == "binom":
		n, err := arg()
		if err != nil {
			return "", true, err
		}
		k, err := arg()
		if err != nil {
			return "", true, err
		}
		s = "C(" + n + ", " + k + ")"
	case name == "sqrt":
		index := ""
		if m.skipSpaces(); m.i < m.end && m.src[m.i] == '[' {
			close := strings.IndexByte(m.src[m.i:m.end], ']')
			if close < 0 {
				return "", true, m.errAt(at, m.src[at:m.end], "\\sqrt[ is never closed: add ] after the root's index")
			}
			inner := mathParser{src: m.src, i: m.i + 1, end: m.i + close, notes: m.notes}
			idx, err := inner.run()
			if err != nil {
				return "", true, err
			}
			if sup, ok := Superscript(idx); ok {
				index = sup
			} else {
				index = "(" + idx + ")"
			}
			m.i += close + 1
		}
		x, err := arg()
		if err != nil {
			return "", true, err
		}
		s = index + "√" + linearArg(x)
	case accents[name] != "":
		x, err := arg()
		if err != nil {
			return "", true, err
		}
		var b strings.Builder
		for _, r := range x {
			b.WriteRune(r)
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteString(accents[name])
			}
		}
		// A letter with a combining accent is a glyph: no note.
		return b.String(), true, nil
	case name == "mathbb" || name == "mathcal" || name == "mathscr" || name == "mathfrak" || name == "bold" || name == "pmb":
		x, err := arg()
		if err != nil {
			return "", true, err
		}
		letters := letterStyles[name]
		if name == "mathscr" {
			letters = letterStyles["mathcal"]
		}
		var b strings.Builder
		all := true
		for _, r := range x {
			if l, ok := letters[r]; ok {
				b.WriteString(l)
				continue
			}
			all = all && !unicode.IsLetter(r)
			b.WriteRune(r)
		}
		if all {
			return b.String(), true, nil
		}
		s = b.String()
	default:
		return "", false, nil
	}
	m.note(from, at, s)
	return s, true, nil
}
