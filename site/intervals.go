package site

import (
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// Bounds is the interval a point's values lie in, read from the axis'
// low and high columns (or value ± err), in data units. A side is NaN when
// its axis has no interval or the row leaves it blank.
type Bounds struct {
	XLo, XHi, YLo, YHi float64
}

// HasX reports whether the point has an interval on the x axis.
func (b *Bounds) HasX() bool { return b != nil && !math.IsNaN(b.XLo) }

// HasY reports whether the point has an interval on the y axis.
func (b *Bounds) HasY() bool { return b != nil && !math.IsNaN(b.YLo) }

// intervals reads the interval columns of a panel, row by row.
type intervals struct {
	x, y axisInterval
	low  lowCells // low and high cells ≤ 0 on a log axis, by column
}

// axisInterval is the interval columns of one axis (-1 where not set).
type axisInterval struct {
	name        string // "x" or "y"
	ax          *chartspec.Axis
	lo, hi, err int
	// reversed and outside collect the rows whose low is above their high,
	// and whose value lies outside its interval; below the rows whose
	// value − err is 0 or less on a log axis.
	reversed, outside, below []int
}

// intervalColumns finds the interval columns of sp in the table, through
// column (which reports a missing one); nil when neither axis has one.
func intervalColumns(sp *chartspec.Panel, column func(chartspec.Field, string) int) *intervals {
	if !sp.X.HasInterval() && !sp.Y.HasInterval() {
		return nil
	}
	iv := &intervals{x: axisInterval{name: "x", ax: &sp.X}, y: axisInterval{name: "y", ax: &sp.Y}}
	for _, a := range []*axisInterval{&iv.x, &iv.y} {
		a.lo = column(a.ax.Low, a.name+" low")
		a.hi = column(a.ax.High, a.name+" high")
		a.err = column(a.ax.Err, a.name+" err")
	}
	return iv
}

// bounds reads the interval of row r, whose values are x and y; nil when
// the row has none. Cells that are not numbers are added to errs.
func (iv *intervals) bounds(t *table.Table, r int, x, y float64, errs *diag.List) *Bounds {
	if iv == nil {
		return nil
	}
	b := Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: math.NaN(), YHi: math.NaN()}
	b.XLo, b.XHi = iv.x.at(t, r, x, errs, &iv.low)
	b.YLo, b.YHi = iv.y.at(t, r, y, errs, &iv.low)
	if math.IsNaN(b.XLo) && math.IsNaN(b.YLo) {
		return nil
	}
	return &b
}

// at reads the interval of value v in row r.
func (a *axisInterval) at(t *table.Table, r int, v float64, errs *diag.List, low *lowCells) (lo, hi float64) {
	nan := math.NaN()
	switch {
	case a.err >= 0:
		e, ok := number(t, r, a.err, &chartspec.Axis{}, errs, low)
		if !ok {
			return nan, nan
		}
		if e < 0 {
			errs.Add(diag.Errorf(t.Pos(r, a.err), "%s in column %q is an error below 0: err is the half-width of the interval, value ± err",
				numberText(t.Cell(r, a.err)), t.Columns[a.err]))
			return nan, nan
		}
		lo, hi = v-e, v+e
		if a.ax.Scale == chartspec.ScaleLog && lo <= 0 {
			a.below = append(a.below, r)
			return nan, nan
		}
		return lo, hi
	case a.lo >= 0 && a.hi >= 0:
		l, okl := number(t, r, a.lo, a.ax, errs, low)
		h, okh := number(t, r, a.hi, a.ax, errs, low)
		if !okl || !okh {
			return nan, nan
		}
		if l > h {
			a.reversed = append(a.reversed, r)
			return nan, nan
		}
		if v < l || v > h {
			a.outside = append(a.outside, r)
		}
		return l, h
	}
	return nan, nan
}

// errors gives the problems that stop the build: a log axis cannot show an
// interval reaching 0 or below; a low above its high is a mix-up.
func (iv *intervals) errors(t *table.Table) diag.List {
	if iv == nil {
		return nil
	}
	out := iv.low.errors(t)
	for _, a := range []*axisInterval{&iv.x, &iv.y} {
		if len(a.reversed) > 0 {
			r := a.reversed[0]
			out.Add(diag.Errorf(t.Pos(r, a.lo), "the low end of the %s interval is above its high end on %s (%s in column %q, %s in column %q): are low and high swapped?",
				a.name, rowLines(t, a.reversed), numberText(t.Cell(r, a.lo)), t.Columns[a.lo], numberText(t.Cell(r, a.hi)), t.Columns[a.hi]))
		}
		if len(a.below) > 0 {
			r := a.below[0]
			out.Add(diag.Errorf(t.Pos(r, a.err), "the %s interval reaches 0 or below on %s (%s − %s, column %q), which the log axis (scale: log at %s) cannot show: use scale: linear, or low and high columns that stay above 0",
				a.name, rowLines(t, a.below), shortNumber(iv.value(t, r, a)), numberText(t.Cell(r, a.err)), t.Columns[a.err], a.ax.Pos))
		}
	}
	return out
}

// value is the axis value of row r, for a message.
func (iv *intervals) value(t *table.Table, r int, a *axisInterval) float64 {
	col := t.Index(a.ax.Field.Name)
	if col < 0 {
		return math.NaN()
	}
	v, _, _ := t.NumberAt(r, col)
	return v
}

// warnings are what is drawn but looks like a mistake: values outside
// their own interval.
func (iv *intervals) warnings(t *table.Table, at diag.Pos) diag.List {
	if iv == nil {
		return nil
	}
	var out diag.List
	for _, a := range []*axisInterval{&iv.x, &iv.y} {
		if len(a.outside) == 0 {
			continue
		}
		n := len(a.outside)
		lines := make([]int, n)
		for i, r := range a.outside {
			lines[i] = t.Line(r)
		}
		out.Add(diag.Warnf(diag.OutsideInterval, t.LinePos(lines[0]),
			"%d %s of the chart at %s %s a %s value outside its own interval (columns %q and %q) on %s: check that low and high are the interval's ends",
			n, diag.Plural(n, "row", "rows"), at, diag.Plural(n, "has", "have"), a.name, t.Columns[a.lo], t.Columns[a.hi], t.LinesText(lines)))
	}
	return out
}

// rowLines lists the lines of rows for a message: "line 2", "lines 2, 4".
func rowLines(t *table.Table, rows []int) string {
	lines := make([]int, len(rows))
	for i, r := range rows {
		lines[i] = t.Line(r)
	}
	return t.LinesText(lines)
}
