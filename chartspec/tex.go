package chartspec

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// Chart text (titles, axis names, labels, notes, legend titles, series
// names) is drawn as plain text, so each value passes through plaintex:
// $\alpha_N$ is read once, here, and the canvas, the exports and the HTML
// around the chart all carry the same Unicode. What Unicode has no
// characters for (a subscript in a superscript, a fraction) is written in a
// linear form, N^(−α_N), with a warning (tex-linear-form) at the file,
// line and column of the TeX; what is not TeX plain text can stand for is
// an error there, naming the key.

// chartText reads a text value (p.text) and writes its formulas as plain
// text.
func (p *parser) chartText(e entry) (string, diag.Pos, bool) {
	s, pos, ok := p.text(e, "text")
	return p.chartTextOf(s, pos, e, ok), pos, ok
}

// chartTextOf converts s, the text of e read at pos (ok: it was text), as
// chartText does.
func (p *parser) chartTextOf(s string, pos diag.Pos, e entry, ok bool) string {
	if !ok {
		return s
	}
	return p.plain(s, e.key, tokenOf(e.val), pos)
}

// seriesKey converts a series name written as a key (colors, style) or an
// entry (order, fit series), so that it matches the series' name as read
// from the data, converted the same way.
func (p *parser) seriesKey(s string, tk *token.Token, pos diag.Pos) string {
	return p.plain(s, "series name", tk, pos)
}

func tokenOf(n ast.Node) *token.Token {
	if n == nil {
		return nil
	}
	return n.GetToken()
}

// plain converts s, the text of the scalar tk (standing at pos) under key,
// and reports what cannot be converted.
func (p *parser) plain(s, key string, tk *token.Token, pos diag.Pos) string {
	out, notes, err := plaintex.Linear(s)
	if err == nil {
		for _, n := range notes {
			p.warns = append(p.warns, diag.Warnf(diag.TeXLinearForm, texPos(s, n.Offset, texShift(s, tk, pos), pos), "%s", LinearMessage(key, s, n)))
		}
		return out
	}
	var e *plaintex.Error
	if !errors.As(err, &e) {
		p.errorf(pos, "%s: %v", key, err)
		return s
	}
	p.errorf(texPos(s, e.Offset, texShift(s, tk, pos), pos), "%s", TeXMessage(key, s, e))
	return s
}

// TeXMessage is the message about TeX in chart text that plain text cannot
// hold: the key (or column) it stood under, the text, and what to write.
// The loader says the same of series names read from data.
func TeXMessage(key, text string, e *plaintex.Error) string {
	return key + ": " + quoteTeX(text) + " is drawn as plain text, which cannot hold " + quoteTeX(e.TeX) + ": " + e.Reason
}

// LinearMessage is the warning about TeX in chart text that Unicode has
// no characters for, drawn in a linear form. The loader says the same of
// series names read from data.
func LinearMessage(key, text string, n plaintex.Note) string {
	return key + ": " + quoteTeX(text) + " is drawn as plain text, and Unicode has no characters for " + quoteTeX(n.TeX) + ": it is drawn as " + quoteTeX(n.Form)
}

// quoteTeX quotes TeX for a message with its backslashes as written
// (diag.Visible): "lpha", not "\alpha" as diag.Quote would write it,
// cut to diag.MaxQuoted characters.
func quoteTeX(s string) string {
	if r := []rune(s); len(r) > diag.MaxQuoted {
		s = string(r[:diag.MaxQuoted]) + "…"
	}
	return `"` + diag.Visible(s) + `"`
}

// texShift is how many columns the text s of the scalar tk (standing at
// pos) starts after pos: 1 after an opening quote, 0 for a plain scalar;
// -1 where byte offsets of s are not columns of the source (a block
// scalar, escapes that make the text differ from the source, more than
// one line).
func texShift(s string, tk *token.Token, pos diag.Pos) int {
	if pos.Col == 0 || tk == nil || strings.ContainsRune(s, '\n') {
		return -1
	}
	switch tk.Type {
	case token.DoubleQuoteType, token.SingleQuoteType:
		if o := strings.TrimSpace(tk.Origin); o != "" && len(o) != len(s)+2 {
			return -1 // escapes: the text is not the source
		}
		return 1
	case token.StringType:
		return 0
	}
	return -1
}

// texPos is where byte off of a scalar's text s stands: on the scalar's
// line, off characters in after shift (texShift), or the scalar's start
// pos where shift is -1.
func texPos(s string, off, shift int, pos diag.Pos) diag.Pos {
	if shift < 0 {
		return pos
	}
	pos.Col += shift + utf8.RuneCountInString(s[:off])
	return pos
}
