package plaintex

import "strings"

// Readable is the plain form of text whose formulas are typeset elsewhere
// (a page's title, a chart's title): as Linear writes it, linear forms and
// all, or, where plaintex has no form for a command KaTeX knows
// (\overbrace), each such formula's TeX as written. It never fails: the
// text is shown typeset, and its plain form only stands in for it where
// HTML cannot go (<title>, alt text, the CSV's header).
func Readable(s string) string {
	if out, _, err := Linear(s); err == nil {
		return out
	}
	segs, err := Split(s)
	if err != nil {
		return s
	}
	var b strings.Builder
	for _, seg := range segs {
		b.WriteString(ReadableFormula(seg))
	}
	return b.String()
}

// ReadableFormula is a segment's plain form (see Readable): prose as it
// is, a formula as Formula writes it, or its TeX as written.
func ReadableFormula(seg Segment) string {
	if !seg.Formula {
		return seg.Text
	}
	if out, _, err := Formula(seg.Text); err == nil {
		return out
	}
	return seg.Text
}
