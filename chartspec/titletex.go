package chartspec

import (
	"strings"
	"unicode"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// A chart's title and subtitle may hold any formula the page's math
// accepts (Kaplan's "Loss $L(N)$ falls as $N^{-\alpha_N}$"): they are
// typeset by the build's KaTeX and drawn above the plot as typeset text,
// not as canvas text. So they are not converted as other chart text is
// (chartText): no linear form is warned about and no TeX plain text cannot
// hold is an error; the site typesets them and reports what KaTeX refuses.

// TeXText is chart text that holds a formula, as written, and where it
// stands, so that what KaTeX refuses in it is reported at its line and
// column.
type TeXText struct {
	Text string
	Pos  diag.Pos
	// shift is how many columns the text starts after Pos (its opening
	// quote), or -1 when byte offsets of Text are not columns of the
	// source (a block scalar, escapes).
	shift int
}

// At is where byte off of the text stands in the source: its column on the
// scalar's line, or the scalar's start where offsets are not columns.
func (t TeXText) At(off int) diag.Pos {
	if off < 0 || off > len(t.Text) {
		return t.Pos
	}
	return texPos(t.Text, off, t.shift, t.Pos)
}

// titleText reads the title or subtitle e: its plain form and, when it
// holds a formula, the text as written (TeXText) for the site to typeset.
// Text without a formula is converted as other chart text is.
func (p *parser) titleText(e entry) (string, TeXText) {
	s, pos, ok := p.text(e, "text")
	if !ok || !hasFormula(s) {
		return p.chartTextOf(s, pos, e, ok), TeXText{}
	}
	return plaintex.Readable(s), TeXText{Text: s, Pos: pos, shift: texShift(s, tokenOf(e.val), pos)}
}

// hasFormula reports whether s holds a formula by the rule chart text and
// prose share (plaintex.Split): "$5 and $10" does not. A control
// character is what YAML's double quotes made of a backslash (\a of
// \alpha), which chartText reports.
func hasFormula(s string) bool {
	if !strings.Contains(s, "$") || strings.ContainsFunc(s, unicode.IsControl) {
		return false
	}
	segs, err := plaintex.Split(s)
	if err != nil {
		return false
	}
	for _, seg := range segs {
		if seg.Formula {
			return true
		}
	}
	return false
}
