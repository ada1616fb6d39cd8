package chart

// The writers of the option's parts as go-echarts declares them: text
// styles, titles, legend, aria, tooltip, grids, data zooms and
// axes. chartjson.go describes the whole.

import (
	"reflect"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"
)

// allZero reports whether *v is its type's zero value: the check that a
// go-echarts value sets no field but those written by hand, made on a
// copy with those fields cleared.
func allZero[T any](v *T) bool { return reflect.ValueOf(v).Elem().IsZero() }

// The writers of go-echarts' types follow. Each writes the fields in the
// order of the struct, with its tags' names and omitempty, and first
// checks that no other field is set; a value with one is written by
// encoding/json instead.

func (e *jsonEnc) textStyle(t *opts.TextStyle) {
	r := *t
	r.Color, r.FontStyle, r.FontWeight, r.FontFamily, r.FontSize = "", "", "", "", 0
	if !allZero(&r) {
		e.marshal(t)
		return
	}
	e.open()
	e.optStr("color", t.Color)
	e.optStr("fontStyle", t.FontStyle)
	e.optStr("fontWeight", t.FontWeight)
	e.optStr("fontFamily", t.FontFamily)
	e.optInt("fontSize", t.FontSize)
	e.close()
}

func (e *jsonEnc) title(t *opts.Title) {
	r := *t
	r.Show, r.Title, r.TitleStyle, r.Subtitle, r.SubtitleStyle = nil, "", nil, "", nil
	r.TextAlign, r.Left, r.Top, r.Right, r.Bottom = "", "", "", "", ""
	if !allZero(&r) {
		e.marshal(t)
		return
	}
	e.open()
	e.optBool("show", t.Show)
	e.optStr("text", t.Title)
	if t.TitleStyle != nil {
		e.key("textStyle")
		e.textStyle(t.TitleStyle)
	}
	e.optStr("subtext", t.Subtitle)
	if t.SubtitleStyle != nil {
		e.key("subtextStyle")
		e.textStyle(t.SubtitleStyle)
	}
	e.optStr("textAlign", t.TextAlign)
	e.optStr("left", t.Left)
	e.optStr("top", t.Top)
	e.optStr("right", t.Right)
	e.optStr("bottom", t.Bottom)
	e.close()
}

func (e *jsonEnc) legend(l *opts.Legend) {
	r := *l
	r.Type, r.Show, r.Left, r.Top, r.Right, r.Bottom, r.Orient = "", nil, "", "", "", "", ""
	if !allZero(&r) {
		e.marshal(l)
		return
	}
	e.open()
	e.optStr("type", l.Type)
	e.optBool("show", l.Show)
	e.optStr("left", l.Left)
	e.optStr("top", l.Top)
	e.optStr("right", l.Right)
	e.optStr("bottom", l.Bottom)
	e.optStr("orient", l.Orient)
	e.close()
}

func (e *jsonEnc) aria(a *opts.Aria) {
	r := *a
	r.Enabled, r.Label = nil, nil
	if !allZero(&r) {
		e.marshal(a)
		return
	}
	e.open()
	e.optBool("enabled", a.Enabled)
	if l := a.Label; l != nil {
		e.key("label")
		e.ariaLabel(l)
	}
	e.close()
}

func (e *jsonEnc) ariaLabel(l *opts.AriaLabel) {
	r := *l
	r.Enabled, r.Description = nil, ""
	if !allZero(&r) {
		e.marshal(l)
		return
	}
	e.open()
	e.optBool("enabled", l.Enabled)
	e.optStr("description", l.Description)
	e.close()
}

// tooltip writes the tooltip with Confine (extras.go: tooltipJSON).
func (e *jsonEnc) tooltip(t *opts.Tooltip) {
	r := *t
	r.Show, r.Trigger, r.TriggerOn, r.Enterable, r.Formatter, r.ValueFormatter, r.Position = nil, "", "", nil, "", "", ""
	r.BorderColor, r.BackgroundColor = "", ""
	if !allZero(&r) {
		e.marshal(tooltipJSON{*t, true})
		return
	}
	e.open()
	e.optBool("show", t.Show)
	e.optStr("trigger", t.Trigger)
	e.optStr("triggerOn", t.TriggerOn)
	e.optBool("enterable", t.Enterable)
	e.optStr("formatter", string(t.Formatter))
	e.optStr("valueFormatter", string(t.ValueFormatter))
	e.optStr("position", string(t.Position))
	e.optStr("borderColor", t.BorderColor)
	e.optStr("backgroundColor", t.BackgroundColor)
	e.key("confine")
	e.bool(true)
	e.close()
}

func (e *jsonEnc) grid(g *opts.Grid) {
	r := *g
	r.Show, r.Left, r.Top, r.Right, r.Bottom, r.Width, r.Height, r.ContainLabel = nil, "", "", "", "", "", "", nil
	if !allZero(&r) {
		e.marshal(g)
		return
	}
	e.open()
	e.optBool("show", g.Show)
	e.optStr("left", g.Left)
	e.optStr("top", g.Top)
	e.optStr("right", g.Right)
	e.optStr("bottom", g.Bottom)
	e.optStr("width", g.Width)
	e.optStr("height", g.Height)
	e.optBool("containLabel", g.ContainLabel)
	e.close()
}

// dataZoom writes an inside zoom with the wheel settings (extras.go:
// zoomJSON).
func (e *jsonEnc) dataZoom(z *opts.DataZoom) {
	r := *z
	r.Type, r.Start, r.End, r.Orient, r.Throttle, r.XAxisIndex, r.YAxisIndex, r.LabelFormatter, r.FilterMode = "", 0, 0, "", 0, nil, nil, "", ""
	if !allZero(&r) {
		e.marshal(newZoomJSON(*z))
		return
	}
	e.open()
	e.key("type")
	e.str(z.Type)
	e.optFloat("start", float64(z.Start), 32)
	e.optFloat("end", float64(z.End), 32)
	e.optStr("orient", z.Orient)
	e.optFloat("throttle", float64(z.Throttle), 32)
	e.optAny("xAxisIndex", z.XAxisIndex)
	e.optAny("yAxisIndex", z.YAxisIndex)
	e.optStr("labelFormatter", z.LabelFormatter)
	e.optStr("filterMode", z.FilterMode)
	e.key("zoomOnMouseWheel")
	e.str(zoomOnMouseWheel)
	e.key("moveOnMouseMove")
	e.bool(moveOnMouseMove)
	e.key("moveOnMouseWheel")
	e.bool(moveOnMouseWheel)
	e.close()
}

// axisParts are the parts of an x or a y axis, which go-echarts declares
// in different orders.
type axisParts struct {
	show, alignTicks, inverse, scale  types.Bool
	position, typ, name, nameLocation string
	nameGap, splitNumber, gridIndex   int
	data, min, max                    any
	minInterval, maxInterval          float64
	splitLine                         *opts.SplitLine
	axisLine                          *opts.AxisLine
	axisLabel                         *opts.AxisLabel
}

func (e *jsonEnc) xAxis(x *opts.XAxis, m scaleMark) {
	r := *x
	r.Show, r.AlignTicks, r.Position, r.Type, r.Name, r.NameLocation, r.NameGap, r.Inverse = nil, nil, "", "", "", "", 0, nil
	r.Data, r.SplitNumber, r.Scale, r.Min, r.Max, r.MinInterval, r.MaxInterval, r.GridIndex = nil, 0, nil, nil, nil, 0, 0, 0
	r.SplitLine, r.AxisLine, r.AxisLabel = nil, nil, nil
	if !allZero(&r) {
		e.marshal(xAxisJSON{*x, m})
		return
	}
	a := axisParts{x.Show, x.AlignTicks, x.Inverse, x.Scale, x.Position, x.Type, x.Name, x.NameLocation, x.NameGap, x.SplitNumber, x.GridIndex,
		x.Data, x.Min, x.Max, x.MinInterval, x.MaxInterval, x.SplitLine, x.AxisLine, x.AxisLabel}
	e.open()
	e.optBool("show", a.show)
	e.optBool("alignTicks", a.alignTicks)
	e.optStr("position", a.position)
	e.optStr("type", a.typ)
	e.optStr("name", a.name)
	e.optStr("nameLocation", a.nameLocation)
	e.optInt("nameGap", a.nameGap)
	e.axisRange(&a)
	e.optInt("gridIndex", a.gridIndex)
	e.splitLine(a.splitLine)
	e.axisLine(a.axisLine)
	e.axisLabel(a.axisLabel)
	e.scaleMark(m)
	e.close()
}

func (e *jsonEnc) yAxis(y *opts.YAxis, m scaleMark) {
	r := *y
	r.Show, r.AlignTicks, r.Position, r.Type, r.Name, r.NameLocation, r.NameGap, r.Inverse = nil, nil, "", "", "", "", 0, nil
	r.Data, r.SplitNumber, r.Scale, r.Min, r.Max, r.MinInterval, r.MaxInterval, r.GridIndex = nil, 0, nil, nil, nil, 0, 0, 0
	r.SplitLine, r.AxisLine, r.AxisLabel = nil, nil, nil
	if !allZero(&r) {
		e.marshal(yAxisJSON{*y, m})
		return
	}
	a := axisParts{y.Show, y.AlignTicks, y.Inverse, y.Scale, y.Position, y.Type, y.Name, y.NameLocation, y.NameGap, y.SplitNumber, y.GridIndex,
		y.Data, y.Min, y.Max, y.MinInterval, y.MaxInterval, y.SplitLine, y.AxisLine, y.AxisLabel}
	e.open()
	e.optStr("name", a.name)
	e.optBool("alignTicks", a.alignTicks)
	e.optStr("position", a.position)
	e.optStr("nameLocation", a.nameLocation)
	e.optInt("nameGap", a.nameGap)
	e.optStr("type", a.typ)
	e.optBool("show", a.show)
	e.axisRange(&a)
	e.optInt("gridIndex", a.gridIndex)
	e.splitLine(a.splitLine)
	e.axisLabel(a.axisLabel)
	e.axisLine(a.axisLine)
	e.scaleMark(m)
	e.close()
}

// axisRange writes the fields from inverse to maxInterval, which both
// axes declare in the same order.
func (e *jsonEnc) axisRange(a *axisParts) {
	e.optBool("inverse", a.inverse)
	e.optAny("data", a.data)
	e.optInt("splitNumber", a.splitNumber)
	e.optBool("scale", a.scale)
	e.optAny("min", a.min)
	e.optAny("max", a.max)
	e.optFloat("minInterval", a.minInterval, 64)
	e.optFloat("maxInterval", a.maxInterval, 64)
}

func (e *jsonEnc) scaleMark(m scaleMark) {
	if m.ScalesiteLog {
		e.key("scalesiteLog")
		e.bool(true)
	}
	e.optStr("scalesiteUnit", m.Unit)
	e.optStr("scalesiteTickUnit", m.TickUnit)
	e.optStr("scalesiteTitle", m.Title)
}

func (e *jsonEnc) splitLine(s *opts.SplitLine) {
	if s == nil {
		return
	}
	e.key("splitLine")
	r := *s
	r.Show = nil
	if !allZero(&r) {
		e.marshal(s)
		return
	}
	e.open()
	e.optBool("show", s.Show)
	e.close()
}

func (e *jsonEnc) axisLine(l *opts.AxisLine) {
	if l == nil {
		return
	}
	e.key("axisLine")
	r := *l
	r.Show, r.OnZero = nil, nil
	if !allZero(&r) {
		e.marshal(l)
		return
	}
	e.open()
	e.optBool("show", l.Show)
	e.optBool("onZero", l.OnZero)
	e.close()
}

func (e *jsonEnc) axisLabel(l *opts.AxisLabel) {
	if l == nil {
		return
	}
	e.key("axisLabel")
	r := *l
	r.Show, r.Interval, r.Inside, r.Rotate, r.Margin, r.Formatter, r.ShowMinLabel, r.ShowMaxLabel = nil, "", nil, 0, 0, "", nil, nil
	r.HideOverlap, r.Color, r.FontWeight, r.FontSize = nil, "", "", 0
	if !allZero(&r) {
		e.marshal(l)
		return
	}
	e.open()
	e.optBool("show", l.Show)
	e.optStr("interval", l.Interval)
	e.optBool("inside", l.Inside)
	e.optFloat("rotate", l.Rotate, 64)
	e.optFloat("margin", l.Margin, 64)
	e.optStr("formatter", string(l.Formatter))
	e.key("showMinLabel")
	e.boolPtr(l.ShowMinLabel)
	e.key("showMaxLabel")
	e.boolPtr(l.ShowMaxLabel)
	e.optBool("hideOverlap", l.HideOverlap)
	e.optStr("color", l.Color)
	e.optStr("fontWeight", l.FontWeight)
	e.optInt("fontSize", l.FontSize)
	e.close()
}
