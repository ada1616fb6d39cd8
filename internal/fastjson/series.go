package fastjson

// The writers of a series with its item styles, labels and emphasis, as
// go-echarts declares them; they follow the conventions of option.go.

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

func (e *Enc) ItemStyle(s *opts.ItemStyle) {
	r := *s
	r.Color, r.BorderColor, r.BorderWidth, r.Opacity = "", "", 0, nil
	if !allZero(&r) {
		e.Marshal(s)
		return
	}
	e.Open()
	e.OptStr("color", s.Color)
	e.OptStr("borderColor", s.BorderColor)
	e.OptFloat("borderWidth", float64(s.BorderWidth), 32)
	if s.Opacity != nil {
		e.Key("opacity")
		e.Float(float64(*s.Opacity), 32)
	}
	e.Close()
}

func (e *Enc) Label(l *opts.Label) {
	r := *l
	r.Show, r.Color, r.FontWeight, r.FontSize, r.LineHeight, r.Position, r.Formatter = nil, "", "", 0, 0, "", ""
	if !allZero(&r) {
		e.Marshal(l)
		return
	}
	e.Open()
	e.OptBool("show", l.Show)
	e.OptStr("color", l.Color)
	e.OptStr("fontWeight", l.FontWeight)
	e.OptFloat("fontSize", float64(l.FontSize), 32)
	e.OptFloat("lineHeight", float64(l.LineHeight), 32)
	e.OptStr("position", l.Position)
	e.OptStr("formatter", l.Formatter)
	e.Close()
}

func (e *Enc) Emphasis(m *opts.Emphasis) {
	r := *m
	r.Label, r.ItemStyle, r.Focus = nil, nil, ""
	if !allZero(&r) {
		e.Marshal(m)
		return
	}
	e.Open()
	if m.Label != nil {
		e.Key("label")
		e.Label(m.Label)
	}
	if m.ItemStyle != nil {
		e.Key("itemStyle")
		e.ItemStyle(m.ItemStyle)
	}
	e.OptStr("focus", m.Focus)
	e.Close()
}

// Series writes a series wrapped by whole, with extra's members: the
// fields of charts.SingleSeries up to Emphasis. Its LabelLayout and
// LineStyle are not written: scalesite's wrapper has fields of those names,
// which hide them from encoding/json, and writes them in extra.
func (e *Enc) Series(s *charts.SingleSeries, whole func() any, extra func(*Enc)) {
	r := *s
	r.Name, r.Type, r.Id, r.Stack, r.XAxisIndex, r.YAxisIndex = "", "", "", "", 0, 0
	r.Step, r.Smooth, r.ConnectNulls, r.ShowSymbol, r.Symbol, r.Color, r.SymbolSize, r.Data = nil, nil, nil, nil, "", "", nil, nil
	r.ItemStyle, r.Label, r.Emphasis = nil, nil, nil
	r.LabelLayout, r.LineStyle = nil, nil // the wrapper's fields of those names hide them
	if !allZero(&r) {
		e.Marshal(whole())
		return
	}
	e.Open()
	e.OptStr("name", s.Name)
	e.OptStr("type", s.Type)
	e.OptStr("id", s.Id)
	e.OptStr("stack", s.Stack)
	e.OptInt("xAxisIndex", s.XAxisIndex)
	e.OptInt("yAxisIndex", s.YAxisIndex)
	e.OptAny("step", s.Step)
	e.OptBool("smooth", s.Smooth)
	e.OptBool("connectNulls", s.ConnectNulls)
	e.OptBool("showSymbol", s.ShowSymbol)
	e.OptStr("symbol", s.Symbol)
	e.OptStr("color", s.Color)
	e.OptAny("symbolSize", s.SymbolSize)
	e.OptAny("data", s.Data)
	if s.ItemStyle != nil {
		e.Key("itemStyle")
		e.ItemStyle(s.ItemStyle)
	}
	if s.Label != nil {
		e.Key("label")
		e.Label(s.Label)
	}
	if s.Emphasis != nil {
		e.Key("emphasis")
		e.Emphasis(s.Emphasis)
	}
	extra(e)
	e.Close()
}
