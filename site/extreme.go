package site

import (
	"math"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// The range a linear axis can draw. Its ends, the pixel of each value and
// every tick are computed from max - min, in float64 in Go and in the
// browser: past maxLinearSpan that difference, padded by the axis' margin
// (4% a side, chart's axisPad: 1.6e308 × 1.08 is under 1.8e308), overflows
// to Infinity and nothing is drawn; below minLinearSpan the pixel of a
// value, the axis' length divided by the span, overflows in ECharts
// (6.1.0 draws no point of 0..1.6e-306 on a 330 px axis; 1e-300 leaves
// room for an axis of 10^5 px). A log axis plots exponents and draws every
// value above 0 that a float64 holds.
const (
	maxLinearSpan = 1.6e308
	minLinearSpan = 1e-300
)

// axisEnd is the point of a panel at one end of an axis' values.
type axisEnd struct {
	v   float64
	row int
}

// linearRangeErrors reports each linear axis of a panel whose values span a
// range its arithmetic cannot hold: more than maxLinearSpan (-1.7e308 to
// 1.7e308) or, not 0, less than minLinearSpan (1e-320 to 3e-320). The
// error names the rows at both ends, the limit, and the fix (the column
// written in other units, said in the axis title).
func linearRangeErrors(sp *chartspec.Panel, p *Panel) diag.List {
	var out diag.List
	for _, x := range []bool{true, false} {
		ax, name := &sp.Y, "y"
		if x {
			ax, name = &sp.X, "x"
		}
		if ax.Scale == chartspec.ScaleLog {
			continue
		}
		lo, hi, ok := axisEnds(p, x)
		if !ok {
			continue
		}
		if ax.Min != nil {
			lo = axisEnd{v: *ax.Min}
		}
		if ax.Max != nil {
			hi = axisEnd{v: *ax.Max}
		}
		span := hi.v - lo.v
		if span <= maxLinearSpan && (span == 0 || span >= minLinearSpan) {
			continue
		}
		at := p.rowPos(hi.row)
		if math.Abs(lo.v) > math.Abs(hi.v) {
			at.Line = lo.row
		}
		if at.Line == 0 { // both ends set by the spec's min and max
			at = ax.Pos
		}
		big := math.Max(math.Abs(lo.v), math.Abs(hi.v))
		mant, exp := decimalExponent(big)
		unit := "1e" + strconv.Itoa(exp)
		example := strconv.FormatFloat(mant, 'g', -1, 64)
		sup, _ := plaintex.Superscript(strconv.Itoa(exp))
		limit := "a linear axis draws a range of at most 1.6e308 (the largest number is about 1.8e308, and the axis adds a margin)"
		if span < minLinearSpan {
			limit = "a linear axis needs a range of at least 1e-300 (the chart divides its length by the range, which below that is past the largest number)"
		}
		spanText := shortNumber(span)
		if math.IsInf(span, 0) {
			spanText = "more than 1.8e308"
		}
		out.Add(diag.Errorf(at, "the %s values of column %q run from %s%s to %s%s, a range of %s: %s; write the column in units of %s (%s becomes %s) and say so in the axis title, e.g. %q, or use scale: log",
			name, ax.Field.Name, shortNumber(lo.v), endLine(p, lo), shortNumber(hi.v), endLine(p, hi), spanText,
			limit, unit, shortNumber(big), example, ax.Field.Name+" (×10"+sup+")"))
	}
	return out
}

// axisEnds gives the points at the smallest and largest x (or y) of a
// panel, gaps left out; ok is false when it has no point.
func axisEnds(p *Panel, x bool) (lo, hi axisEnd, ok bool) {
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if pt.Gap() {
				continue
			}
			v := pt.Y
			if x {
				v = pt.X
			}
			if !ok || v < lo.v {
				lo = axisEnd{v, int(pt.Row)}
			}
			if !ok || v > hi.v {
				hi = axisEnd{v, int(pt.Row)}
			}
			ok = true
		}
	}
	return lo, hi, ok
}

// endLine is " (line N)" (" (row N)" in a table without lines) for an end
// read from p's data, "" for a bound the spec sets.
func endLine(p *Panel, e axisEnd) string {
	if e.row == 0 {
		return ""
	}
	return " (" + p.rowText(e.row) + ")"
}

// decimalExponent splits v > 0 into m × 10^e, 1 <= m < 10, m to three
// significant digits, read from v's decimal digits: math.Log10 misreads
// subnormals (3e-320 as 10^-308).
func decimalExponent(v float64) (float64, int) {
	s := strconv.FormatFloat(v, 'e', 2, 64) // d.dde±ddd
	mant, exp, _ := strings.Cut(s, "e")
	m, _ := strconv.ParseFloat(mant, 64)
	e, _ := strconv.Atoi(exp)
	return m, e
}
