// Package plaintex writes the TeX that researchers put in chart text
// ($\alpha_N$, $L(N)$, $C^{0.5}$, $6ND$) as the plain Unicode text a chart
// can draw: a canvas, a legend, a CSV header and alt text hold no
// typesetting, only characters. What Unicode has no glyph for (a fraction,
// a subscript letter, a subscript inside a superscript) is an error saying
// what to write instead (convert with no notes), or a readable linear form with a note
// the caller turns into a warning (Linear: N^(−α_N), a/b), so that a
// figure never shows a stray $ or \ and valid TeX is never refused.
//
// Linear is the one converter of chart text: every key of a chart spec that
// holds text and every series name read from a data column passes through
// it (and a page's title, for its plain form), so the
// canvas, the exports and the HTML around the chart all read the same
// characters.
//
// Formulas are found by the rule the page's Markdown uses for inline math
// (markdown/math.go, as Pandoc reads them), so that a title reads like the
// prose beside it:
//
//   - an opening $ has a non-space right after it, and the next $ closes it
//     if it has a non-space right before it and no digit after it; a $ that
//     opens no formula is a dollar sign ("$5M", "$5 and $10"); a formula
//     holds no backtick;
//   - \$ is a dollar sign, inside a formula or out;
//   - $$…$$ is read as $…$: a chart has no display math.
//
// A $ that opens no formula but is followed by TeX ($\alpha_N with its
// closing $ forgotten) is an error, not a dollar sign: the author meant a
// formula.
package plaintex

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/internal/texdelim"
)

// Error is TeX that plain text cannot hold, or a formula left open.
type Error struct {
	// Offset is where in the converted string the problem starts (bytes).
	Offset int
	// TeX is what was written there, as the author wrote it: "\frac",
	// "_N", "$\alpha_N".
	TeX string
	// Reason says why it cannot be drawn and what to write instead.
	Reason string
}

func (e *Error) Error() string { return fmt.Sprintf("%q: %s", e.TeX, e.Reason) }

// convert returns s with each formula written as plain Unicode text and
// each \$ as a dollar sign (Split cuts the prose), text outside formulas
// left as it is; what Unicode has no characters for is an error. With
// notes it is Linear.
func convert(s string, notes *[]Note) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	segs, err := Split(s)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, seg := range segs {
		if !seg.Formula {
			b.WriteString(seg.Text)
			continue
		}
		m := mathParser{src: s, i: seg.Offset, end: seg.Offset + len(seg.Text), notes: notes}
		text, err := m.run()
		if err != nil {
			return "", err
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// closer returns where the formula opened before from ends: the first $
// (or $$) not escaped by a backslash. ok is false when the opening $ is a
// dollar sign: a space right after it, or texdelim's rule (the one pages'
// Markdown follows) finds no closing $ for it.
func closer(s string, from, open int) (int, bool) {
	if from >= len(s) || isSpace(s[from]) {
		return 0, false
	}
	i, ok := texdelim.Closer(s[from:], "$$"[:open], false)
	if !ok || i <= 0 {
		return 0, false
	}
	return from + i, true
}

// looksLikeTeX reports whether what follows an unclosed $ (up to the next
// $) holds a command, a ^ or a _: a formula whose closing $ was forgotten,
// not a price. It returns that text, up to the first space after the TeX.
func looksLikeTeX(s string, from int) (string, bool) {
	rest := s[from:]
	if k := strings.IndexByte(rest, '$'); k >= 0 {
		rest = rest[:k]
	}
	for k := 0; k < len(rest); k++ {
		c := rest[k]
		if c == '^' || c == '_' || (c == '\\' && k+1 < len(rest) && isLetter(rest[k+1])) {
			end := strings.IndexAny(rest[k:], " \t\n")
			if end < 0 {
				return rest, true
			}
			return rest[:k+end], true
		}
	}
	return "", false
}

func isSpace(c byte) bool  { return texdelim.IsSpace(c) }
func isLetter(c byte) bool { return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }

// cut shortens TeX quoted in a message.
func cut(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:40]) + "…"
}

// mathParser converts one formula, src[i:end].
type mathParser struct {
	src    string
	i, end int
	// text is set inside \text{…}: spaces are kept as written and - is a
	// hyphen.
	text bool
	// notes is set by Linear: what Unicode has no characters for is
	// written in a linear form and noted here, instead of an error.
	notes *[]Note
}

// note records a linear form written for src[at:m.i], dropping the notes
// of what it holds (from: how many there were before it), so that
// N^{-\alpha_N} is one note, not two.
func (m *mathParser) note(from, at int, form string) {
	*m.notes = append((*m.notes)[:from], Note{Offset: at, TeX: cut(m.src[at:m.i]), Form: form})
}

// noted is how many notes there are so far.
func (m *mathParser) noted() int {
	if m.notes == nil {
		return 0
	}
	return len(*m.notes)
}

func (m *mathParser) errAt(at int, tex, format string, args ...any) error {
	return &Error{Offset: at, TeX: cut(tex), Reason: fmt.Sprintf(format, args...)}
}

// run converts the rest of the formula.
func (m *mathParser) run() (string, error) {
	var b strings.Builder
	for m.i < m.end {
		if err := m.item(&b); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// item converts one thing (a character, a command, a group, a script) and
// writes it to b.
func (m *mathParser) item(b *strings.Builder) error {
	c := m.src[m.i]
	switch {
	case c == '^' || c == '_':
		at := m.i
		m.i++
		from := m.noted()
		arg, argTeX, err := m.argument()
		if err != nil {
			return err
		}
		if arg == "" {
			return m.errAt(at, m.src[at:m.i], "a %s needs something after it, like %s2", scriptWord(c), string(c))
		}
		out, bad, ok := script(arg, c == '^')
		if ok && m.noted() > from {
			// What the script holds was written linearly: so is the script.
			ok = false
		}
		if !ok && m.notes != nil {
			out = string(c) + linearArg(arg)
			m.note(from, at, out)
		} else if !ok {
			return m.errAt(at, string(c)+argTeX, "%s", scriptReason(c, bad, argTeX))
		}
		b.WriteString(out)
	case c == '{':
		inner, _, err := m.group()
		if err != nil {
			return err
		}
		b.WriteString(inner)
	case c == '}':
		return m.errAt(m.i, "}", "this } closes no {: remove it, or write \\} for a brace")
	case c == '\\':
		s, err := m.command()
		if err != nil {
			return err
		}
		b.WriteString(s)
	case isSpace(c):
		for m.i < m.end && isSpace(m.src[m.i]) {
			m.i++
		}
		if m.text {
			b.WriteByte(' ')
			return nil
		}
		// Spaces between symbols are kept as one, so that "L = 11.6" reads
		// as written; none at the formula's ends.
		if b.Len() > 0 && m.i < m.end {
			b.WriteByte(' ')
		}
	case c == '-' && !m.text:
		b.WriteString("−")
		m.i++
	case c == '\'' && !m.text:
		b.WriteString("′")
		m.i++
	case c == '~':
		b.WriteString("\u00a0")
		m.i++
	default:
		_, size := utf8.DecodeRuneInString(m.src[m.i:m.end])
		b.WriteString(m.src[m.i : m.i+size])
		m.i += size
	}
	return nil
}

// group reads a {…} group at m.i and returns it converted and as written.
func (m *mathParser) group() (string, string, error) {
	at := m.i
	depth := 0
	close := -1
	for k := m.i; k < m.end; k++ {
		switch m.src[k] {
		case '\\':
			k++
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth == 0 {
			close = k
			break
		}
	}
	if close < 0 {
		return "", "", m.errAt(at, m.src[at:m.end], "this { is never closed: add a } before the formula's closing $")
	}
	inner := mathParser{src: m.src, i: at + 1, end: close, text: m.text, notes: m.notes}
	s, err := inner.run()
	if err != nil {
		return "", "", err
	}
	m.i = close + 1
	return s, m.src[at:m.i], nil
}

// argument reads what a script, or a command taking one, applies to: one
// character, one command, or a group. Spaces before it are skipped.
func (m *mathParser) argument() (string, string, error) {
	for m.i < m.end && isSpace(m.src[m.i]) {
		m.i++
	}
	if m.i >= m.end {
		return "", "", nil
	}
	at := m.i
	switch c := m.src[m.i]; {
	case c == '{':
		return m.group()
	case c == '\\':
		s, err := m.command()
		return s, m.src[at:m.i], err
	case c == '}' || c == '^' || c == '_':
		return "", "", nil
	}
	var b strings.Builder
	if err := m.item(&b); err != nil {
		return "", "", err
	}
	return b.String(), m.src[at:m.i], nil
}

// command converts the command at m.i (a backslash and a name, or a
// backslash and one other character).
func (m *mathParser) command() (string, error) {
	at := m.i
	m.i++ // the backslash
	if m.i >= m.end {
		return "", m.errAt(at, `\`, `a \ ends the formula: write \backslash for a backslash, or remove it`)
	}
	if !isLetter(m.src[m.i]) {
		c, size := utf8.DecodeRuneInString(m.src[m.i:m.end])
		m.i += size
		if s, ok := symbolCommands[c]; ok {
			return s, nil
		}
		if c == '\\' && m.notes != nil {
			// A line break: text drawn on one line goes on with a space.
			// TeX's spaces around it are one.
			m.skipSpaces()
			m.note(m.noted(), at, " ")
			if at > 0 && isSpace(m.src[at-1]) {
				return "", nil
			}
			return " ", nil
		}
		return "", m.errAt(at, `\`+string(c), "%s", unsupported(`\`+string(c)))
	}
	start := m.i
	for m.i < m.end && isLetter(m.src[m.i]) {
		m.i++
	}
	name := m.src[start:m.i]
	tex := `\` + name
	if s, ok := symbols[name]; ok {
		// TeX's space after a name ends the name: $\alpha N$ is αN. Before
		// a relation or a sign the author's space is kept: $\sigma = 1$.
		if m.ordinaryNext() {
			m.skipSpaces()
		}
		return s, nil
	}
	if s, ok := operators[name]; ok {
		// A relation gets the spaces the author gave it on its left on its
		// right too: $a \times b$ is "a × b", $a\times b$ "a×b".
		if at == 0 || !isSpace(m.src[at-1]) {
			m.skipSpaces()
		}
		return s, nil
	}
	if functions[name] {
		// \log N: TeX's space between a function and its argument, kept
		// where the author wrote it and added where they did not (\log{N}).
		if m.i < m.end && !isSpace(m.src[m.i]) && m.src[m.i] != '_' && m.src[m.i] != '^' && m.src[m.i] != '(' && m.src[m.i] != '[' {
			return name + " ", nil
		}
		return name, nil
	}
	if textCommands[name] {
		m.skipSpaces()
		if m.i >= m.end || m.src[m.i] != '{' {
			return "", m.errAt(at, tex, "%s takes its text in braces: %s{min}", tex, tex)
		}
		inner := mathParser{src: m.src, i: m.i, end: m.end, text: m.text || strings.HasPrefix(name, "text"), notes: m.notes}
		s, _, err := inner.group()
		if err != nil {
			return "", err
		}
		m.i = inner.i
		return s, nil
	}
	if ignored[name] {
		m.skipSpaces()
		return "", nil
	}
	if m.notes != nil {
		if s, ok, err := m.linearCommand(at, name); ok || err != nil {
			return s, err
		}
	}
	return "", m.errAt(at, tex, "%s", unsupported(tex))
}

// ordinaryNext reports whether what follows the spaces at m.i is a letter,
// a digit or a symbol command: what TeX sets right beside a symbol.
func (m *mathParser) ordinaryNext() bool {
	k := m.i
	for k < m.end && isSpace(m.src[k]) {
		k++
	}
	if k >= m.end {
		return true
	}
	c := m.src[k]
	if c == '\\' {
		j := k + 1
		for j < m.end && isLetter(m.src[j]) {
			j++
		}
		_, sym := symbols[m.src[k+1:j]]
		return sym
	}
	return isLetter(c) || ('0' <= c && c <= '9') || c >= utf8.RuneSelf
}

func (m *mathParser) skipSpaces() {
	if m.text {
		return
	}
	for m.i < m.end && isSpace(m.src[m.i]) {
		m.i++
	}
}

// unsupported says why a command cannot be drawn as text and, for the
// common ones, what to write instead.
func unsupported(tex string) string {
	if s, ok := instead[tex]; ok {
		return tex + " has no plain-text form: " + s
	}
	return tex + " is not a command scalesite can write as plain text (it writes Greek letters, \\times, \\cdot, \\approx, \\sim, \\propto, \\le, \\ge, \\pm, \\infty, \\log, \\mathrm{…}, \\text{…}, ^ and _ where Unicode has the characters); write the text itself instead, or put the formula in the page's prose, which typesets it"
}

// instead is advice for the commands researchers most often write that
// plain text has no form for.
var instead = map[string]string{
	`\frac`:     "write a/b instead: $a/b$",
	`\dfrac`:    "write a/b instead: $a/b$",
	`\tfrac`:    "write a/b instead: $a/b$",
	`\sqrt`:     "write √ and the argument in parentheses instead: $√(N)$ or $N^{1/2}$ as $N^{0.5}$",
	`\hat`:      "write the letter with its accent in Unicode (x̂), or a word: $x_{pred}$",
	`\bar`:      "write the letter with its accent in Unicode (x̄), or a word: $x_{mean}$",
	`\tilde`:    "write the letter with its accent in Unicode (x̃)",
	`\overline`: "write the letter with its accent in Unicode (x̄)",
	`\mathcal`:  "write the plain letter ($L$) or its Unicode form (ℒ)",
	`\mathbb`:   "write the Unicode letter (ℝ, ℕ, 𝔼) instead",
	`\\`:        "a chart's text is one line: split it between title and subtitle",
	`\binom`:    "write C(n, k) instead",
}

func scriptWord(c byte) string {
	if c == '^' {
		return "superscript ^"
	}
	return "subscript _"
}

func scriptReason(c byte, bad rune, argTeX string) string {
	if c == '^' {
		return fmt.Sprintf("%q has no superscript form in Unicode, so ^%s cannot be drawn as plain text (superscripts exist for 0–9, + − = ( ), a decimal point written ·, and most letters); write the power on the line instead: end the formula before the ^, as in $C$^%s", string(bad), argTeX, argTeX)
	}
	return fmt.Sprintf("%q has no subscript form in Unicode, so _%s cannot be drawn as plain text (subscripts exist only for 0–9, + − = ( ) and a e h i j k l m n o p r s t u v x); write the subscript on the line instead: end the formula before the _, as in $\\alpha$_%s, which shows α_%s, or pick a subscript that has a form", string(bad), argTeX, strings.Trim(argTeX, "{}"), strings.Trim(argTeX, "{}"))
}

// script writes text as superscript (sup) or subscript characters. bad is
// the first character without such a form.
func script(text string, sup bool) (out string, bad rune, ok bool) {
	table := subscripts
	if sup {
		table = superscripts
	}
	var b strings.Builder
	for _, r := range text {
		if unicode.IsSpace(r) {
			continue
		}
		s, ok := table[r]
		if !ok {
			return "", r, false
		}
		b.WriteRune(s)
	}
	return b.String(), 0, true
}

// Superscript writes text in superscript characters (−0.076 as ⁻⁰·⁰⁷⁶,
// 21 as ²¹), the one table the fit formulas and number-named series use
// too; ok is false when a character has no superscript form.
func Superscript(text string) (string, bool) {
	out, _, ok := script(text, true)
	return out, ok
}

// Subscript writes text in subscript characters (0 as ₀, c has none); ok
// is false when a character has no subscript form.
func Subscript(text string) (string, bool) {
	out, _, ok := script(text, false)
	return out, ok
}

// Greek returns the Greek letter a TeX command names (alpha as α, Omega as
// Ω), so that a name written in ASCII can be shown as the letter.
func Greek(name string) (string, bool) {
	s, ok := symbols[name]
	if !ok {
		return "", false
	}
	if r, _ := utf8.DecodeRuneInString(s); !unicode.Is(unicode.Greek, r) {
		return "", false // infty, sum: not letters
	}
	return s, true
}
