package chartspec

import (
	"strings"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// Axis units: `unit` names what an axis' values count (x: {field: flops,
// unit: FLOPs}). Tooltips write it after every value ("3.1 × 10²³ FLOPs");
// tick labels carry it only when it is short (TickUnit), since a long unit
// repeated on every tick crowds the axis: the axis title carries a long one
// instead, in parentheses, unless the title already names it.
//
// unit: "%" is another way to write format: percent, which already puts a
// percent sign on ticks and tooltips.

// MaxTickUnit is the longest unit, in characters, written on every tick:
// "ms", "GB", "s", "h", "GPU" fit; "FLOPs" and "tokens" go in the title.
const MaxTickUnit = 3

// maxUnit bounds a unit: it is a word or symbol, not a sentence.
const maxUnit = 24

// unitValue is `unit` as one level of the spec wrote it.
type unitValue struct {
	text string
	pos  diag.Pos
	set  bool // written, possibly to nothing (unit: ~ drops an inherited one)
}

// unit reads `unit`.
func (p *parser) unit(e entry) unitValue {
	s, pos, ok := p.text(e, `a unit written after the values, like FLOPs, tokens or ms`)
	if !ok {
		return unitValue{}
	}
	s = p.plain(strings.TrimSpace(s), e.key, tokenOf(e.val), pos)
	switch {
	case strings.ContainsAny(s, "\n\r\t"):
		p.errorf(pos, "unit must be one short line, like FLOPs or ms")
		return unitValue{}
	case utf8.RuneCountInString(s) > maxUnit:
		p.errorf(pos, "unit %q is too long for a unit (at most %d characters): put a description in the axis title", s, maxUnit)
		return unitValue{}
	case strings.EqualFold(s, "percent"), s == "pct":
		p.errorf(pos, `unit %q: write format: percent for values already in percent (45 → 45%%), or format: fraction for fractions (0.45 → 45%%)`, s)
		return unitValue{}
	}
	return unitValue{text: s, pos: pos, set: true}
}

// resolveUnit sets the axis' Unit once the levels are merged: "%" becomes
// format: percent.
func (p *parser) resolveUnit(ax *Axis, a *axisLayer, name string) {
	u := a.unit.text
	if u != "%" {
		ax.Unit = u
		return
	}
	switch ax.Format {
	case FormatAuto:
		ax.Format = FormatPercent
	case FormatPercent, FormatFraction:
	default:
		p.errorf(a.unit.pos, `%s has unit "%%" and format: %s: a percent sign goes with format: percent (45 → 45%%) or format: fraction (0.45 → 45%%); remove one of the two`, name, ax.Format)
	}
}

// TickUnit is the unit written on each tick label: the axis' unit when it
// is at most MaxTickUnit characters and one word, else "".
func TickUnit(unit string) string {
	if unit == "" || strings.ContainsRune(unit, ' ') || utf8.RuneCountInString(unit) > MaxTickUnit {
		return ""
	}
	return unit
}

// TitleWithUnit is an axis title with its unit, for an axis whose ticks do
// not carry it: "Training compute (FLOPs)". A title that already names the
// unit ("Training FLOPs", "Tokens seen (B)") is left as it is.
func TitleWithUnit(title, unit string) string {
	if unit == "" || TickUnit(unit) != "" || title == "" || strings.Contains(strings.ToLower(title), strings.ToLower(unit)) {
		return title
	}
	return title + " (" + unit + ")"
}
