package render

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// optionExtras adds the ECharts options that go-echarts v2.6.7 has no field
// for. Everything still passes through encoding/json: no raw JSON, no code.
type optionExtras struct {
	charts.BaseConfigurationVisitor
	titles      []opts.Title // the chart's title, the legend's, then one per panel
	logX, logY  []bool       // per panel: the axis plots log10 of its values
	unitX       []unitMark   // per panel: the axis' unit and title (units.go)
	unitY       []unitMark
	series      []seriesExtra
	axisTooltip bool
	meta        chartMeta
}

// chartMeta tells the site script how to lay the chart out for the width it
// gets. It is removed from the option before ECharts sees it.
type chartMeta struct {
	Columns   int `json:"columns"`
	Panels    int `json:"panels"`
	Height    int `json:"height,omitempty"` // the spec's height, if set
	RowHeight int `json:"rowHeight"`
	// LegendTitle is shown above the legend, by the title at
	// LegendTitleIndex.
	LegendTitle      string `json:"legendTitle,omitempty"`
	LegendTitleIndex int    `json:"legendTitleIndex,omitempty"`
	// XTitle and YTitle are the axis titles all panels share: written once
	// per column under the bottom panel and once per row beside the first.
	XTitle string `json:"xTitle,omitempty"`
	YTitle string `json:"yTitle,omitempty"`
	// Labels is the most labelled points of any panel: a crowded panel is
	// drawn taller on a wide screen, so that more labels find room.
	Labels int `json:"labels,omitempty"`
}

func (v optionExtras) VisitTitleOpt(opts.Title) any { return v.titles }

// VisitTooltipOpt keeps the tooltip inside the chart, so it never runs off a
// phone's screen.
func (optionExtras) VisitTooltipOpt(t opts.Tooltip) any {
	return struct {
		opts.Tooltip
		Confine bool `json:"confine"`
	}{t, true}
}

// scaleMark tells the site script that an axis plots log10 of its values,
// so its ticks, labels and tooltips are written as the original numbers.
type scaleMark struct {
	ScalesiteLog bool `json:"scalesiteLog,omitempty"`
	unitMark
}

func (v optionExtras) VisitXAxis(xs []opts.XAxis) any {
	type axis struct {
		opts.XAxis
		scaleMark
	}
	out := make([]axis, len(xs))
	for i, x := range xs {
		out[i] = axis{x, scaleMark{i < len(v.logX) && v.logX[i], markUnit(v.unitX, i, x.Name)}}
	}
	return out
}

func (v optionExtras) VisitYAxis(ys []opts.YAxis) any {
	type axis struct {
		opts.YAxis
		scaleMark
	}
	out := make([]axis, len(ys))
	for i, y := range ys {
		out[i] = axis{y, scaleMark{i < len(v.logY) && v.logY[i], markUnit(v.unitY, i, y.Name)}}
	}
	return out
}

// VisitSeriesOpt adds the dash patterns and the label placer.
func (v optionExtras) VisitSeriesOpt(ss charts.MultiSeries) any {
	type series struct {
		charts.SingleSeries
		LabelLayout string         `json:"labelLayout,omitempty"`
		LineStyle   map[string]any `json:"lineStyle,omitempty"`
		*seriesDerived
	}
	out := make([]series, len(ss))
	for i, s := range ss {
		out[i] = series{SingleSeries: s}
		if i < len(v.series) {
			out[i].LabelLayout = v.series[i].labelLayout
			out[i].LineStyle = v.series[i].lineStyle
			out[i].seriesDerived = v.series[i].derived
		}
	}
	return withOwn(out, v.series)
}

// VisitDataZooms makes inside zoom wait for Ctrl (or a pinch) on the wheel:
// a page of charts must still scroll when the reader scrolls over one.
func (optionExtras) VisitDataZooms(zs []opts.DataZoom) any {
	type zoom struct {
		opts.DataZoom
		ZoomOnMouseWheel string `json:"zoomOnMouseWheel"`
		MoveOnMouseMove  bool   `json:"moveOnMouseMove"`
		MoveOnMouseWheel bool   `json:"moveOnMouseWheel"`
	}
	out := make([]zoom, len(zs))
	for i, z := range zs {
		out[i] = zoom{z, "ctrl", true, false}
	}
	return out
}

// Visit sets the top-level keys: a transparent background, so the page's
// light or dark colours show through, and the layout hints.
func (v optionExtras) Visit(m map[string]any) {
	m["backgroundColor"] = "transparent"
	m["animation"] = false
	m["scalesite"] = v.meta
}
