package chart

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/scalesite/scalesite/site"
)

// optionExtras holds the ECharts options that go-echarts v2.6.7 has no
// field for. They are written with the go-echarts values they belong to
// (chartjson.go), as the JSON of the wrapper types below: no code, and no
// text that is not escaped.
//
// Besides these, every option has a transparent background (so the page's
// light or dark colours show through), no animation, and the layout hints
// (chartMeta, the top-level key "scalesite").
type optionExtras struct {
	logX, logY  []bool     // per panel: the axis plots log10 of its values
	unitX       []unitMark // per panel: the axis' unit and title (units.go)
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
	// TeXTitle and TeXSubtitle are the title and subtitle typeset (when
	// one holds a formula: site/charttitle.go), each drawn in the box
	// measured for it (chartlayout.js frame) instead of by ECharts.
	TeXTitle    *site.TeXLine `json:"texTitle,omitempty"`
	TeXSubtitle *site.TeXLine `json:"texSubtitle,omitempty"`
	// Raw says that the line and scatter series of a chart with a log axis
	// carry their points' values as they are (appendPoints), not in axis
	// space: the page's layout puts them there (chartlayout.js expandRaw).
	Raw bool `json:"raw,omitempty"`
}

// tooltipJSON keeps the tooltip inside the chart, so it never runs off a
// phone's screen.
type tooltipJSON struct {
	opts.Tooltip
	Confine bool `json:"confine"`
}

// scaleMark tells the site script that an axis plots log10 of its values,
// so its ticks, labels and tooltips are written as the original numbers.
type scaleMark struct {
	ScalesiteLog bool `json:"scalesiteLog,omitempty"`
	unitMark
}

// xAxisJSON and yAxisJSON are an axis with its marks.
type xAxisJSON struct {
	opts.XAxis
	scaleMark
}

type yAxisJSON struct {
	opts.YAxis
	scaleMark
}

// seriesJSON is a series with the dash patterns, the label placer and what
// a fit or a frontier says of itself.
type seriesJSON struct {
	charts.SingleSeries
	LabelLayout string         `json:"labelLayout,omitempty"`
	LineStyle   map[string]any `json:"lineStyle,omitempty"`
	*seriesDerived
}

func newSeriesJSON(s charts.SingleSeries, ex seriesExtra) seriesJSON {
	return seriesJSON{SingleSeries: s, LabelLayout: ex.labelLayout, LineStyle: ex.lineStyle, seriesDerived: ex.derived}
}

// zoomJSON makes inside zoom wait for Ctrl (or a pinch) on the wheel: a
// page of charts must still scroll when the reader scrolls over one.
type zoomJSON struct {
	opts.DataZoom
	ZoomOnMouseWheel string `json:"zoomOnMouseWheel"`
	MoveOnMouseMove  bool   `json:"moveOnMouseMove"`
	MoveOnMouseWheel bool   `json:"moveOnMouseWheel"`
}

const (
	zoomOnMouseWheel = "ctrl"
	moveOnMouseMove  = true
	moveOnMouseWheel = false
)

func newZoomJSON(z opts.DataZoom) zoomJSON {
	return zoomJSON{z, zoomOnMouseWheel, moveOnMouseMove, moveOnMouseWheel}
}
