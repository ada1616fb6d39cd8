package render

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// optionExtras adds the ECharts options that go-echarts v2.6.7 has no field
// for. Everything still passes through encoding/json: no raw JSON, no code.
type optionExtras struct {
	charts.BaseConfigurationVisitor
	titles []opts.Title // the chart's title, then one per panel
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

// minorLines draws the minor ticks and grid lines that make a log axis readable.
type minorLines struct {
	MinorTick      map[string]any `json:"minorTick,omitempty"`
	MinorSplitLine map[string]any `json:"minorSplitLine,omitempty"`
}

func minor(axisType string) minorLines {
	if axisType != "log" {
		return minorLines{}
	}
	return minorLines{MinorTick: map[string]any{"show": true}, MinorSplitLine: map[string]any{"show": true, "lineStyle": map[string]any{"opacity": 0.35}}}
}

func (optionExtras) VisitXAxis(xs []opts.XAxis) any {
	type axis struct {
		opts.XAxis
		minorLines
	}
	out := make([]axis, len(xs))
	for i, x := range xs {
		out[i] = axis{x, minor(x.Type)}
	}
	return out
}

func (optionExtras) VisitYAxis(ys []opts.YAxis) any {
	type axis struct {
		opts.YAxis
		minorLines
	}
	out := make([]axis, len(ys))
	for i, y := range ys {
		out[i] = axis{y, minor(y.Type)}
	}
	return out
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
// light or dark colours show through.
func (optionExtras) Visit(m map[string]any) {
	m["backgroundColor"] = "transparent"
}
