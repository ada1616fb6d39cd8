package chartspec

import (
	"strings"

	"github.com/scalesite/scalesite/diag"
)

// An axis may carry the uncertainty of its values: the columns holding each
// point's lower and upper end (low, high), or a symmetric error (err: the
// interval is value ± err). Scatter points get error bars, lines a shaded
// band.

// HasInterval reports whether the axis carries an interval.
func (a Axis) HasInterval() bool {
	return a.Err.Name != "" || (a.Low.Name != "" && a.High.Name != "")
}

// How an axis' interval is drawn (Axis.Interval); "" lets the renderer
// choose: a band around a line, bars on points.
const (
	IntervalBars = "bars"
	IntervalBand = "band"
)

var intervalKinds = []string{IntervalBars, IntervalBand}

// intervalLayer is low, high, err and interval as one level of the spec
// wrote them.
type intervalLayer struct {
	low, high, err          Field
	lowSet, highSet, errSet bool // written, possibly empty (low: ~ drops an inherited one)
	kind                    string
	kindPos                 diag.Pos
}

// intervalKey reads low, high, err or interval of an axis.
func (p *parser) intervalKey(iv *intervalLayer, e entry) {
	if e.key == "interval" {
		iv.kind, iv.kindPos = p.choice(e, intervalKinds, "unknown interval %q: an interval is drawn as bars or a band%s", intervalAlias), p.valuePos(e)
		return
	}
	s, pos, ok := p.text(e, "a column name")
	s = strings.TrimSpace(s)
	f := Field{Name: s, Pos: pos}
	if !ok {
		f = Field{Pos: pos}
	}
	switch e.key {
	case "low":
		iv.low, iv.lowSet = f, true
	case "high":
		iv.high, iv.highSet = f, true
	case "err":
		iv.err, iv.errSet = f, true
	}
}

// mergeInterval lays a panel's interval keys over the chart's. Setting err
// drops an inherited low and high, and the other way round: they are two
// ways to say the same thing.
func mergeInterval(chart, panel intervalLayer) intervalLayer {
	iv := chart
	if panel.errSet {
		iv.err, iv.errSet = panel.err, true
		if !panel.lowSet && !panel.highSet {
			iv.low, iv.high, iv.lowSet, iv.highSet = Field{}, Field{}, false, false
		}
	}
	if panel.kind != "" {
		iv.kind, iv.kindPos = panel.kind, panel.kindPos
	}
	if panel.lowSet || panel.highSet {
		if !panel.errSet {
			iv.err, iv.errSet = Field{}, false
		}
		if panel.lowSet {
			iv.low, iv.lowSet = panel.low, true
		}
		if panel.highSet {
			iv.high, iv.highSet = panel.high, true
		}
	}
	return iv
}

// resolveInterval checks the interval of a fully inherited axis: err or
// low and high, not both, low with high, and a way to draw it that fits.
func (p *parser) resolveInterval(iv *intervalLayer, name string) (low, high, err Field, kind string) {
	low, high, err, kind = iv.low, iv.high, iv.err, iv.kind
	if kind != "" && err.Name == "" && low.Name == "" && high.Name == "" {
		p.errorf(iv.kindPos, "interval: %s draws the %s axis' interval, but it has none: name its columns, e.g. %s: {field: acc, low: acc_lo, high: acc_hi} or {field: acc, err: acc_sd}", kind, name, name)
		return Field{}, Field{}, Field{}, ""
	}
	if kind == IntervalBand && name == "x" {
		p.errorf(iv.kindPos, "interval: band shades a y interval along a line; an x interval is drawn as bars")
		return Field{}, Field{}, Field{}, ""
	}
	example := name + ": {field: acc, low: acc_lo, high: acc_hi}"
	if err.Name != "" && (low.Name != "" || high.Name != "") {
		at := low
		if at.Name == "" {
			at = high
		}
		p.errorf(at.Pos, "%s has both err (line %d) and low/high: give either err, for value ± err, or low and high, the interval's two ends", name, err.Pos.Line)
		return Field{}, Field{}, Field{}, ""
	}
	switch {
	case low.Name != "" && high.Name == "":
		p.errorf(low.Pos, "%s has low but no high: name both columns of the interval, e.g. %s, or use err: for a symmetric one", name, example)
		return Field{}, Field{}, Field{}, ""
	case high.Name != "" && low.Name == "":
		p.errorf(high.Pos, "%s has high but no low: name both columns of the interval, e.g. %s, or use err: for a symmetric one", name, example)
		return Field{}, Field{}, Field{}, ""
	}
	return low, high, err, kind
}

func intervalAlias(w string) string {
	switch w {
	case "bar", "errorbars", "error_bars", "whiskers", "whisker", "points", "caps":
		return IntervalBars
	case "bands", "shade", "shaded", "area", "ribbon", "fill", "line":
		return IntervalBand
	}
	return ""
}
