package site

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
)

// Unit sanity checks: a proportion written in percent on an axis that
// reads its values as fractions (format: fraction shows 45 as 4,500%), and
// a column holding both kinds (0.45 on some rows, 45 on others, as when
// two papers' tables are joined). percentOfFractions (chart.go) is the
// third mistake: fractions under format: percent.

// unitColumn is the values one column gives one axis, over every panel that
// reads the column from the same file under the same format.
type unitColumn struct {
	axis   string // "x" or "y"
	ax     *chartspec.Axis
	file   string // the data file, or the page for inline data
	column string
	vals   []float64
	// points are the series the values come from, in order, for the
	// lines of the values a warning names (lines).
	points [][]Point
	rows   diag.Pos // the data, with Row set when its lines count rows (Panel.rows)
}

// lines is the line of each of c's values, in order: made only when c
// warns, so that a column that does not (nearly every one) keeps no copy
// of its lines.
func (c *unitColumn) lines() []int {
	lines := make([]int, 0, len(c.vals))
	for _, pts := range c.points {
		for _, pt := range pts {
			if !pt.Gap() {
				lines = append(lines, int(pt.Row))
			}
		}
	}
	return lines
}

// unitWarnings checks each column drawn on an axis that shows proportions:
// one with format: fraction or percent, or whose title has a percent sign.
// files holds each panel's data file (the page for inline data).
func unitWarnings(sc *chartspec.Chart, panels []Panel, files []string) []*diag.Error {
	type key struct {
		axis      string
		at        diag.Pos
		file, col string
	}
	var order []key
	cols := map[key]*unitColumn{}
	for i := range sc.Panels {
		if i >= len(panels) || i >= len(files) {
			break
		}
		sp := &sc.Panels[i]
		for _, name := range []string{"x", "y"} {
			ax := &sp.X
			if name == "y" {
				ax = &sp.Y
			}
			if !proportionAxis(ax) {
				continue
			}
			at := ax.FormatPos
			if at == (diag.Pos{}) {
				at = ax.Pos
			}
			for _, s := range panels[i].Series {
				col := sp.X.Field.Name
				if name == "y" {
					col = yColumnOf(sp, s.Name)
				}
				k := key{name, at, files[i], col}
				c := cols[k]
				if c == nil {
					c = &unitColumn{axis: name, ax: ax, file: files[i], column: col, rows: panels[i].rows}
					cols[k] = c
					order = append(order, k)
				}
				// room for the series at once, not a point at a time
				c.vals, c.points = slices.Grow(c.vals, len(s.Points)), append(c.points, s.Points)
				for _, pt := range s.Points {
					if pt.Gap() {
						continue
					}
					v := pt.X
					if name == "y" {
						v = pt.Y
					}
					c.vals = append(c.vals, v)
				}
			}
		}
	}
	var out []*diag.Error
	for _, k := range order {
		if w := cols[k].warning(); w != nil {
			out = append(out, w)
		}
	}
	return out
}

// proportionAxis reports whether an axis shows proportions: its format says
// so, its title carries a percent sign ("Accuracy (%)"), or its title or
// column names an accuracy or a percentage (acc, val_acc, "Top-1 accuracy").
// Other columns may well hold 0.35 and 13 side by side (parameters in
// billions), and are not checked.
func proportionAxis(ax *chartspec.Axis) bool {
	if ax.Format == chartspec.FormatFraction || ax.Format == chartspec.FormatPercent || strings.Contains(ax.Title, "%") {
		return true
	}
	for _, text := range append(ax.FieldNames(), ax.Title) {
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}) {
			switch w {
			case "acc", "accuracy", "pct", "percent", "percentage":
				return true
			}
		}
	}
	return false
}

// warning is the column's one warning, or nil: mixed kinds first, since
// they explain values over 1 under format: fraction too.
func (c *unitColumn) warning() *diag.Error {
	if fr, pc, ok := mixedKinds(c.vals); ok {
		return c.mixedWarning(fr, pc)
	}
	if c.ax.Format != chartspec.FormatFraction {
		return nil
	}
	over, ok := percentsAsFractions(c.vals)
	if !ok {
		return nil
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, i := range over {
		lo, hi = min(lo, c.vals[i]), max(hi, c.vals[i])
	}
	vals := fmt.Sprintf("%d values over 1, from %s to %s", len(over), shortNumber(lo), shortNumber(hi))
	reads := percentText(lo) + " to " + percentText(hi)
	switch {
	case len(over) == 1:
		vals = "a value over 1"
	case lo == hi:
		vals = fmt.Sprintf("%d values over 1", len(over))
	}
	if lo == hi {
		reads = percentText(lo)
	}
	return diag.Warnf(diag.FractionOfPercents, c.ax.FormatPos,
		"format: fraction shows a fraction in percent (0.45 → 45%%), but column %s of %s holds %s (%s), so the %s axis reads %s: if the values are already in percent, write format: percent; if they are fractions, divide those rows by 100",
		diag.Quote(c.column), c.file, vals, c.rowList(over, c.lines()), c.axis, reads)
}

// mixedWarning names the rows of the kind fewer rows hold: the ones most
// likely mistyped.
func (c *unitColumn) mixedWarning(fractions, percents []int) *diag.Error {
	odd, rest, oddKind, restKind := fractions, percents, "fractions", "percents"
	switch {
	case len(percents) < len(fractions),
		len(percents) == len(fractions) && c.ax.Format == chartspec.FormatFraction:
		odd, rest, oddKind, restKind = percents, fractions, restKind, oddKind
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, i := range rest {
		lo, hi = min(lo, c.vals[i]), max(hi, c.vals[i])
	}
	lines := c.lines()
	first := odd[0]
	for _, i := range odd {
		if lines[i] < lines[first] {
			first = i
		}
	}
	fix := "write every value in percent (45 for 0.45) with format: percent, or every value as a fraction with format: fraction"
	return diag.Warnf(diag.MixedUnits, diag.Pos{File: c.file, Line: lines[first], Row: c.rows.Row},
		"column %s of %s mixes fractions and percents: %s %s %s, while its other %d values are %s (%s to %s), so one kind is drawn a hundred times off: %s",
		diag.Quote(c.column), c.file, c.rowList(odd, lines), diag.Plural(len(odd), "is", "are"), oddKind, len(rest), restKind, shortNumber(lo), shortNumber(hi), fix)
}

// rowList names the rows of the values at idx, in line order, with their
// values: "0.146 on line 6 and 0.287 on line 7" ("0.146 in row 6" in a
// table without lines); the first few, then "...". all is c.lines().
func (c *unitColumn) rowList(idx, all []int) string {
	const show = 5
	lines := make([]int, len(idx))
	byLine := make(map[int]float64, len(idx))
	for i, k := range idx {
		lines[i] = all[k]
		byLine[all[k]] = c.vals[k]
	}
	lines = sortedLines(lines)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 && lines[i-1] == l {
			continue
		}
		if i == show {
			b.WriteString(", ...")
			break
		}
		switch {
		case i > 0 && i == len(lines)-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		at := diag.Pos{Line: l, Row: c.rows.Row}
		on := "on"
		if at.Row {
			on = "in"
		}
		fmt.Fprintf(&b, "%s %s %s", shortNumber(byLine[l]), on, at.LineText())
	}
	return b.String()
}

// A column counts as mixed when both kinds are substantial:
//
//   - at least minKind values of each kind;
//   - an empty stretch between them (the smallest percent over the largest
//     fraction) of at least a decade, and of at least 100 / (1.5 × s),
//     where s is the wider of the two kinds' own spreads (largest over
//     smallest): values off by a hundred whose true values span s leave a
//     gap of about 100 / s, while a real column's small percents run on
//     across the decades (0.3, 0.8, 2.5, 12, 40: a benchmark the small
//     models fail) or jump by little more than one (0.2, 0.9, 10.5, 35);
//   - and each kind, read in the other's unit, within a factor 4 of the
//     other's range: percents near zero (0.01, 0.02 among 25 to 45) are
//     small, not fractions.
//
// Two fractions among percents that no x explains (0.5 and 0.7 beside 30
// to 75) cannot be told from a model's two failures, and are named.
const (
	minKind    = 2
	kindGap    = 10  // the smallest percent over the largest fraction, at least
	gapSlack   = 1.5 // how much wider than either kind the true values may spread
	kindReach  = 4   // how far from the other kind's range one kind may read
	maxPercent = 100 // a column with a value past it is no proportion
)

// mixedKinds splits a column's values into fractions (0 < v ≤ 1) and
// percents (1 < v ≤ 100), by index, when the column holds both kinds
// substantially; ok is false otherwise. Zero is either and is ignored; a
// negative value or one past 100 means the column is no proportion.
func mixedKinds(vals []float64) (fractions, percents []int, ok bool) {
	fLo, fHi := math.Inf(1), math.Inf(-1)
	pLo, pHi := math.Inf(1), math.Inf(-1)
	nf, np := 0, 0
	for _, v := range vals {
		switch {
		case v < 0 || v > maxPercent || math.IsNaN(v):
			return nil, nil, false
		case v == 0:
		case v <= 1:
			nf++
			fLo, fHi = min(fLo, v), max(fHi, v)
		default:
			np++
			pLo, pHi = min(pLo, v), max(pHi, v)
		}
	}
	if nf < minKind || np < minKind {
		return nil, nil, false
	}
	spread := max(fHi/fLo, pHi/pLo)
	if gap := pLo / fHi; gap < kindGap || gap < 100/(gapSlack*spread) {
		return nil, nil, false
	}
	if fLo*100 < pLo/kindReach || fHi*100 > pHi*kindReach {
		return nil, nil, false
	}
	// the rows of each kind, listed only for a column that mixes them
	fractions, percents = make([]int, 0, nf), make([]int, 0, np)
	for i, v := range vals {
		switch {
		case v == 0:
		case v <= 1:
			fractions = append(fractions, i)
		default:
			percents = append(percents, i)
		}
	}
	return fractions, percents, true
}

// percentsAsFractions finds the values over 1 of a column drawn under
// format: fraction, by index, when they look like percents: ok when one
// is over 5 (the axis would read past 500%) and none lies outside -100 to
// 100. A ratio up to 5 (a speed-up of 1.8 reads 180%) passes quietly.
func percentsAsFractions(vals []float64) (over []int, ok bool) {
	most := 0.0
	for i, v := range vals {
		if math.Abs(v) > maxPercent || math.IsNaN(v) {
			return nil, false
		}
		if v > 1 {
			over = append(over, i)
		}
		most = max(most, v)
	}
	return over, most > 5
}

// percentText is v, a fraction, written in percent as the axis would show
// it: 40 → 4,000%.
func percentText(v float64) string {
	// Twelve digits: 0.45 × 100 is 45.00000000000001 in floating point.
	p, _ := strconv.ParseFloat(strconv.FormatFloat(v*100, 'g', 12, 64), 64)
	s := strconv.FormatFloat(p, 'f', -1, 64)
	if e := strings.IndexAny(s, "e"); e >= 0 || len(s) > 24 {
		return shortNumber(p) + "%"
	}
	intPart, frac, _ := strings.Cut(s, ".")
	sign := ""
	if strings.HasPrefix(intPart, "-") {
		sign, intPart = "-", intPart[1:]
	}
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return sign + b.String() + "%"
}
