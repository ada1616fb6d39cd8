package chart

import (
	"math"
	"strings"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
)

// Every axis is drawn as an ECharts value axis. A log axis plots log10 of
// the values: ECharts' own log axis labels only every tenth decade past ten
// decades, cannot label 2 and 5 inside a decade, and zooms linearly in value
// space, so the point under the cursor flies off the plot. Over exponents,
// zoom and pan are exact in log space, and the ticks are chosen in the
// browser (layout.js) from the visible range and the axis' length in
// pixels. Tick labels and tooltips are written back as the original
// numbers.

// axisPad is how far an axis without bounds reaches past its data, as a
// fraction of the data's span on screen: markers never sit on the frame.
const axisPad = 0.04

// axisRange is the drawn range of an axis in axis space (log10 for a log
// axis): the spec's bounds where it sets them, else the data's range plus
// axisPad on each side, but not past zero for data on one side of it.
func axisRange(a chartspec.Axis, lo, hi float64) (float64, float64) {
	log := a.Scale == chartspec.ScaleLog
	conv := func(v float64) float64 {
		if log {
			return log10(v)
		}
		return v
	}
	if lo > hi { // no data
		lo, hi = 1, 10
		if !log {
			lo, hi = 0, 1
		}
	}
	dlo, dhi := conv(lo), conv(hi)
	span := dhi - dlo
	pad := span * axisPad
	if span == 0 {
		pad = 0.5 // half a decade
		if !log {
			pad = math.Max(math.Abs(dlo)*0.1, 0.5)
		}
	}
	// The padded ends are arbitrary and rounded; a bound the spec sets is
	// kept exact, so that a tick at it (2×10⁹ at max: 2e9) is on the axis.
	rlo, rhi := round12(dlo-pad), round12(dhi+pad)
	// Near the largest float64 (1.7e308) the pad may overflow: the axis
	// then ends at the largest number, never at Infinity, which no chart
	// can draw (the loader lets no range through whose span overflows).
	rlo, rhi = math.Max(rlo, -math.MaxFloat64), math.Min(rhi, math.MaxFloat64)
	// The pad never crosses zero on a linear axis: steps, losses and counts
	// that start at 0 do not get an axis from -2,000 (a value no row can
	// have, labelled as if it could).
	if !log && span > 0 {
		if dlo >= 0 && rlo < 0 {
			rlo = 0
		}
		if dhi <= 0 && rhi > 0 {
			rhi = 0
		}
	}
	if a.Min != nil && (!log || *a.Min > 0) {
		rlo = conv(*a.Min)
	}
	if a.Max != nil && (!log || *a.Max > 0) {
		rhi = conv(*a.Max)
	}
	if rhi <= rlo { // only one bound set, beyond the data
		if a.Min != nil {
			rhi = round12(rlo + math.Max(span, 1))
		} else {
			rlo = round12(rhi - math.Max(span, 1))
		}
	}
	return rlo, rhi
}

// log10 is math.Log10, right for subnormals too: math.Log10 reads 1e-320
// as 10^-307.95. A subnormal is scaled by 2^64 (exactly) first.
func log10(v float64) float64 {
	if v > 0 && v < 0x1p-1022 {
		return math.Log10(v*0x1p64) - 64*math.Log10(2)
	}
	return math.Log10(v)
}

// round12 drops float noise past 12 significant digits, so options (and
// golden files) carry 2.5, not 2.4999999999999996.
func round12(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	mag := math.Pow(10, 11-math.Floor(math.Log10(math.Abs(v))))
	if math.IsInf(mag, 0) || math.IsInf(v*mag, 0) {
		// |v| below about 1e-297: 10^(11-e) is past the largest float64,
		// and v*mag would be NaN; v holds no noise worth the rounding
		return v
	}
	return math.Round(v*mag) / mag
}

// axisFormat is the tick format token of an axis.
func axisFormat(a chartspec.Axis, years bool) string {
	f := a.Format
	if f == "" || f == chartspec.FormatAuto {
		if years && a.Scale != chartspec.ScaleLog {
			return chartspec.FormatYear
		}
		return chartspec.FormatAuto
	}
	return f
}

// axisName is an axis' title, with its unit when the ticks do not carry it.
func axisName(a chartspec.Axis) string {
	if a.Title != "" {
		return chartspec.TitleWithUnit(a.Title, a.Unit)
	}
	if len(a.Fields) > 0 {
		// A list of columns without a title: the columns, as the legend
		// tells the series apart.
		return chartspec.TitleWithUnit(strings.Join(a.FieldNames(), ", "), a.Unit)
	}
	return chartspec.TitleWithUnit(a.Field.Name, a.Unit)
}

// axisOptions are the parts of an x or y axis that both share.
type axisOptions struct {
	name     string
	min, max float64
	format   string
	log      bool
}

func newAxisOptions(a chartspec.Axis, lo, hi float64, years bool) axisOptions {
	rlo, rhi := axisRange(a, lo, hi)
	return axisOptions{name: axisName(a), min: rlo, max: rhi, format: axisFormat(a, years), log: a.Scale == chartspec.ScaleLog}
}

func (o axisOptions) label() *opts.AxisLabel {
	// The site script replaces the token with the formatter and sets the
	// labelled values (customValues) from the visible range.
	size := 12
	if o.log {
		size = 13 // exponents are superscripts: a size up keeps them legible
	}
	return &opts.AxisLabel{Show: optTrue, Formatter: types.FuncStr(formatPrefix + o.format), FontSize: size}
}

func (o axisOptions) xAxis(grid int) opts.XAxis {
	return opts.XAxis{
		Type: "value", Name: o.name, NameLocation: "middle", NameGap: 28, GridIndex: grid,
		Min: o.min, Max: o.max, AxisLabel: o.label(), SplitLine: &opts.SplitLine{Show: optTrue},
		AxisLine: axisLine(),
	}
}

// axisLine keeps each axis line on the plot's edge: ECharts would draw it
// across the plot at the other axis' zero, which on a log axis is 1.
func axisLine() *opts.AxisLine {
	return &opts.AxisLine{Show: optTrue, OnZero: optFalse}
}

func (o axisOptions) yAxis(grid int) opts.YAxis {
	return opts.YAxis{
		Type: "value", Name: o.name, NameLocation: "middle", NameGap: 44, GridIndex: grid,
		Min: o.min, Max: o.max, AxisLabel: o.label(), SplitLine: &opts.SplitLine{Show: optTrue},
		AxisLine: axisLine(),
	}
}
