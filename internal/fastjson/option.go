package fastjson

// The writers of the option's parts as go-echarts declares them: text
// styles, titles, legend, aria, tooltip, grids, data zooms and
// axes.

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
//
// The writers of a type a caller wraps in a struct of its own (the
// go-echarts value embedded, then the caller's fields, which encoding/json
// writes after the embedded ones) take whole, the wrapper, to be written
// by encoding/json when the value sets a field they do not write, and
// extra, which writes the wrapper's own members before the object closes.

func (e *Enc) TextStyle(t *opts.TextStyle) {
	r := *t
	r.Color, r.FontStyle, r.FontWeight, r.FontFamily, r.FontSize = "", "", "", "", 0
	if !allZero(&r) {
		e.Marshal(t)
		return
	}
	e.Open()
	e.OptStr("color", t.Color)
	e.OptStr("fontStyle", t.FontStyle)
	e.OptStr("fontWeight", t.FontWeight)
	e.OptStr("fontFamily", t.FontFamily)
	e.OptInt("fontSize", t.FontSize)
	e.Close()
}

func (e *Enc) Title(t *opts.Title) {
	r := *t
	r.Show, r.Title, r.TitleStyle, r.Subtitle, r.SubtitleStyle = nil, "", nil, "", nil
	r.TextAlign, r.Left, r.Top, r.Right, r.Bottom = "", "", "", "", ""
	if !allZero(&r) {
		e.Marshal(t)
		return
	}
	e.Open()
	e.OptBool("show", t.Show)
	e.OptStr("text", t.Title)
	if t.TitleStyle != nil {
		e.Key("textStyle")
		e.TextStyle(t.TitleStyle)
	}
	e.OptStr("subtext", t.Subtitle)
	if t.SubtitleStyle != nil {
		e.Key("subtextStyle")
		e.TextStyle(t.SubtitleStyle)
	}
	e.OptStr("textAlign", t.TextAlign)
	e.OptStr("left", t.Left)
	e.OptStr("top", t.Top)
	e.OptStr("right", t.Right)
	e.OptStr("bottom", t.Bottom)
	e.Close()
}

func (e *Enc) Legend(l *opts.Legend) {
	r := *l
	r.Type, r.Show, r.Left, r.Top, r.Right, r.Bottom, r.Orient = "", nil, "", "", "", "", ""
	if !allZero(&r) {
		e.Marshal(l)
		return
	}
	e.Open()
	e.OptStr("type", l.Type)
	e.OptBool("show", l.Show)
	e.OptStr("left", l.Left)
	e.OptStr("top", l.Top)
	e.OptStr("right", l.Right)
	e.OptStr("bottom", l.Bottom)
	e.OptStr("orient", l.Orient)
	e.Close()
}

// tooltip writes the tooltip with Confine (extras.go: tooltipJSON).
// Tooltip writes a tooltip wrapped by whole, with extra's members.
func (e *Enc) Tooltip(t *opts.Tooltip, whole func() any, extra func(*Enc)) {
	r := *t
	r.Show, r.Trigger, r.TriggerOn, r.Enterable, r.Formatter, r.ValueFormatter, r.Position = nil, "", "", nil, "", "", ""
	r.BorderColor, r.BackgroundColor = "", ""
	if !allZero(&r) {
		e.Marshal(whole())
		return
	}
	e.Open()
	e.OptBool("show", t.Show)
	e.OptStr("trigger", t.Trigger)
	e.OptStr("triggerOn", t.TriggerOn)
	e.OptBool("enterable", t.Enterable)
	e.OptStr("formatter", string(t.Formatter))
	e.OptStr("valueFormatter", string(t.ValueFormatter))
	e.OptStr("position", string(t.Position))
	e.OptStr("borderColor", t.BorderColor)
	e.OptStr("backgroundColor", t.BackgroundColor)
	extra(e)
	e.Close()
}

func (e *Enc) Grid(g *opts.Grid) {
	r := *g
	r.Show, r.Left, r.Top, r.Right, r.Bottom, r.Width, r.Height, r.ContainLabel = nil, "", "", "", "", "", "", nil
	if !allZero(&r) {
		e.Marshal(g)
		return
	}
	e.Open()
	e.OptBool("show", g.Show)
	e.OptStr("left", g.Left)
	e.OptStr("top", g.Top)
	e.OptStr("right", g.Right)
	e.OptStr("bottom", g.Bottom)
	e.OptStr("width", g.Width)
	e.OptStr("height", g.Height)
	e.OptBool("containLabel", g.ContainLabel)
	e.Close()
}

// DataZoom writes a data zoom wrapped by whole, with extra's members.
func (e *Enc) DataZoom(z *opts.DataZoom, whole func() any, extra func(*Enc)) {
	r := *z
	r.Type, r.Start, r.End, r.Orient, r.Throttle, r.XAxisIndex, r.YAxisIndex, r.LabelFormatter, r.FilterMode = "", 0, 0, "", 0, nil, nil, "", ""
	if !allZero(&r) {
		e.Marshal(whole())
		return
	}
	e.Open()
	e.Key("type")
	e.Str(z.Type)
	e.OptFloat("start", float64(z.Start), 32)
	e.OptFloat("end", float64(z.End), 32)
	e.OptStr("orient", z.Orient)
	e.OptFloat("throttle", float64(z.Throttle), 32)
	e.OptAny("xAxisIndex", z.XAxisIndex)
	e.OptAny("yAxisIndex", z.YAxisIndex)
	e.OptStr("labelFormatter", z.LabelFormatter)
	e.OptStr("filterMode", z.FilterMode)
	extra(e)
	e.Close()
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

// XAxis writes an x axis wrapped by whole, with extra's members.
func (e *Enc) XAxis(x *opts.XAxis, whole func() any, extra func(*Enc)) {
	r := *x
	r.Show, r.AlignTicks, r.Position, r.Type, r.Name, r.NameLocation, r.NameGap, r.Inverse = nil, nil, "", "", "", "", 0, nil
	r.Data, r.SplitNumber, r.Scale, r.Min, r.Max, r.MinInterval, r.MaxInterval, r.GridIndex = nil, 0, nil, nil, nil, 0, 0, 0
	r.SplitLine, r.AxisLine, r.AxisLabel = nil, nil, nil
	if !allZero(&r) {
		e.Marshal(whole())
		return
	}
	e.axis(&axisParts{x.Show, x.AlignTicks, x.Inverse, x.Scale, x.Position, x.Type, x.Name, x.NameLocation, x.NameGap, x.SplitNumber, x.GridIndex,
		x.Data, x.Min, x.Max, x.MinInterval, x.MaxInterval, x.SplitLine, x.AxisLine, x.AxisLabel}, xAxisOrder, extra)
}

// YAxis writes a y axis wrapped by whole, with extra's members.
func (e *Enc) YAxis(y *opts.YAxis, whole func() any, extra func(*Enc)) {
	r := *y
	r.Show, r.AlignTicks, r.Position, r.Type, r.Name, r.NameLocation, r.NameGap, r.Inverse = nil, nil, "", "", "", "", 0, nil
	r.Data, r.SplitNumber, r.Scale, r.Min, r.Max, r.MinInterval, r.MaxInterval, r.GridIndex = nil, 0, nil, nil, nil, 0, 0, 0
	r.SplitLine, r.AxisLine, r.AxisLabel = nil, nil, nil
	if !allZero(&r) {
		e.Marshal(whole())
		return
	}
	e.axis(&axisParts{y.Show, y.AlignTicks, y.Inverse, y.Scale, y.Position, y.Type, y.Name, y.NameLocation, y.NameGap, y.SplitNumber, y.GridIndex,
		y.Data, y.Min, y.Max, y.MinInterval, y.MaxInterval, y.SplitLine, y.AxisLine, y.AxisLabel}, yAxisOrder, extra)
}

// The members of an axis in the order go-echarts declares them, which is
// the order encoding/json writes them in; "range" stands for the fields
// from inverse to maxInterval (axisRange), which both declare alike.
var (
	xAxisOrder = [...]string{"show", "alignTicks", "position", "type", "name", "nameLocation", "nameGap", "range", "gridIndex", "splitLine", "axisLine", "axisLabel"}
	yAxisOrder = [...]string{"name", "alignTicks", "position", "nameLocation", "nameGap", "type", "show", "range", "gridIndex", "splitLine", "axisLabel", "axisLine"}
)

// axis writes the members of a in order, then extra's.
func (e *Enc) axis(a *axisParts, order [12]string, extra func(*Enc)) {
	e.Open()
	for _, m := range order {
		switch m {
		case "show":
			e.OptBool("show", a.show)
		case "alignTicks":
			e.OptBool("alignTicks", a.alignTicks)
		case "position":
			e.OptStr("position", a.position)
		case "type":
			e.OptStr("type", a.typ)
		case "name":
			e.OptStr("name", a.name)
		case "nameLocation":
			e.OptStr("nameLocation", a.nameLocation)
		case "nameGap":
			e.OptInt("nameGap", a.nameGap)
		case "range":
			e.axisRange(a)
		case "gridIndex":
			e.OptInt("gridIndex", a.gridIndex)
		case "splitLine":
			e.splitLine(a.splitLine)
		case "axisLine":
			e.axisLine(a.axisLine)
		case "axisLabel":
			e.axisLabel(a.axisLabel)
		}
	}
	extra(e)
	e.Close()
}

// axisRange writes the fields from inverse to maxInterval, which both
// axes declare in the same order.
func (e *Enc) axisRange(a *axisParts) {
	e.OptBool("inverse", a.inverse)
	e.OptAny("data", a.data)
	e.OptInt("splitNumber", a.splitNumber)
	e.OptBool("scale", a.scale)
	e.OptAny("min", a.min)
	e.OptAny("max", a.max)
	e.OptFloat("minInterval", a.minInterval, 64)
	e.OptFloat("maxInterval", a.maxInterval, 64)
}

func (e *Enc) splitLine(s *opts.SplitLine) {
	if s == nil {
		return
	}
	e.Key("splitLine")
	r := *s
	r.Show = nil
	if !allZero(&r) {
		e.Marshal(s)
		return
	}
	e.Open()
	e.OptBool("show", s.Show)
	e.Close()
}

func (e *Enc) axisLine(l *opts.AxisLine) {
	if l == nil {
		return
	}
	e.Key("axisLine")
	r := *l
	r.Show, r.OnZero = nil, nil
	if !allZero(&r) {
		e.Marshal(l)
		return
	}
	e.Open()
	e.OptBool("show", l.Show)
	e.OptBool("onZero", l.OnZero)
	e.Close()
}

func (e *Enc) axisLabel(l *opts.AxisLabel) {
	if l == nil {
		return
	}
	e.Key("axisLabel")
	r := *l
	r.Show, r.Interval, r.Inside, r.Rotate, r.Margin, r.Formatter, r.ShowMinLabel, r.ShowMaxLabel = nil, "", nil, 0, 0, "", nil, nil
	r.HideOverlap, r.Color, r.FontWeight, r.FontSize = nil, "", "", 0
	if !allZero(&r) {
		e.Marshal(l)
		return
	}
	e.Open()
	e.OptBool("show", l.Show)
	e.OptStr("interval", l.Interval)
	e.OptBool("inside", l.Inside)
	e.OptFloat("rotate", l.Rotate, 64)
	e.OptFloat("margin", l.Margin, 64)
	e.OptStr("formatter", string(l.Formatter))
	e.Key("showMinLabel")
	e.BoolPtr(l.ShowMinLabel)
	e.Key("showMaxLabel")
	e.BoolPtr(l.ShowMaxLabel)
	e.OptBool("hideOverlap", l.HideOverlap)
	e.OptStr("color", l.Color)
	e.OptStr("fontWeight", l.FontWeight)
	e.OptInt("fontSize", l.FontSize)
	e.Close()
}
