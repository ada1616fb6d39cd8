package chart

// The writers of the option's series (with their item styles, labels and
// emphasis), of scalesite's own series and marks, and of its chart
// metadata. They follow the conventions of the go-echarts writers in
// chartjson_option.go.

import (
	"slices"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

func (e *jsonEnc) itemStyle(s *opts.ItemStyle) {
	r := *s
	r.Color, r.BorderColor, r.BorderWidth, r.Opacity = "", "", 0, nil
	if !allZero(&r) {
		e.marshal(s)
		return
	}
	e.open()
	e.optStr("color", s.Color)
	e.optStr("borderColor", s.BorderColor)
	e.optFloat("borderWidth", float64(s.BorderWidth), 32)
	if s.Opacity != nil {
		e.key("opacity")
		e.float(float64(*s.Opacity), 32)
	}
	e.close()
}

func (e *jsonEnc) label(l *opts.Label) {
	r := *l
	r.Show, r.Color, r.FontWeight, r.FontSize, r.LineHeight, r.Position, r.Formatter = nil, "", "", 0, 0, "", ""
	if !allZero(&r) {
		e.marshal(l)
		return
	}
	e.open()
	e.optBool("show", l.Show)
	e.optStr("color", l.Color)
	e.optStr("fontWeight", l.FontWeight)
	e.optFloat("fontSize", float64(l.FontSize), 32)
	e.optFloat("lineHeight", float64(l.LineHeight), 32)
	e.optStr("position", l.Position)
	e.optStr("formatter", l.Formatter)
	e.close()
}

func (e *jsonEnc) emphasis(m *opts.Emphasis) {
	r := *m
	r.Label, r.ItemStyle, r.Focus = nil, nil, ""
	if !allZero(&r) {
		e.marshal(m)
		return
	}
	e.open()
	if m.Label != nil {
		e.key("label")
		e.label(m.Label)
	}
	if m.ItemStyle != nil {
		e.key("itemStyle")
		e.itemStyle(m.ItemStyle)
	}
	e.optStr("focus", m.Focus)
	e.close()
}

// allSeries writes the series with their extras (extras.go: seriesJSON),
// and scalesite's own series in the place of theirs.
func (e *jsonEnc) allSeries(ss charts.MultiSeries, extras []seriesExtra) {
	e.openArr()
	for i := range ss {
		e.elem()
		var ex seriesExtra
		if i < len(extras) {
			ex = extras[i]
		}
		switch own := ex.own.(type) {
		case nil:
			e.series(&ss[i], &ex)
		case customSeries:
			e.customSeries(&own)
		default:
			e.marshal(own)
		}
	}
	e.closeArr()
}

func (e *jsonEnc) series(s *charts.SingleSeries, ex *seriesExtra) {
	r := *s
	r.Name, r.Type, r.Id, r.Stack, r.XAxisIndex, r.YAxisIndex = "", "", "", "", 0, 0
	r.Step, r.Smooth, r.ConnectNulls, r.ShowSymbol, r.Symbol, r.Color, r.SymbolSize, r.Data = nil, nil, nil, nil, "", "", nil, nil
	r.ItemStyle, r.Label, r.Emphasis = nil, nil, nil
	r.LabelLayout, r.LineStyle = nil, nil // the extras' fields of those names hide them
	if !allZero(&r) {
		e.marshal(newSeriesJSON(*s, *ex))
		return
	}
	e.open()
	e.optStr("name", s.Name)
	e.optStr("type", s.Type)
	e.optStr("id", s.Id)
	e.optStr("stack", s.Stack)
	e.optInt("xAxisIndex", s.XAxisIndex)
	e.optInt("yAxisIndex", s.YAxisIndex)
	e.optAny("step", s.Step)
	e.optBool("smooth", s.Smooth)
	e.optBool("connectNulls", s.ConnectNulls)
	e.optBool("showSymbol", s.ShowSymbol)
	e.optStr("symbol", s.Symbol)
	e.optStr("color", s.Color)
	e.optAny("symbolSize", s.SymbolSize)
	e.optAny("data", s.Data)
	if s.ItemStyle != nil {
		e.key("itemStyle")
		e.itemStyle(s.ItemStyle)
	}
	if s.Label != nil {
		e.key("label")
		e.label(s.Label)
	}
	if s.Emphasis != nil {
		e.key("emphasis")
		e.emphasis(s.Emphasis)
	}
	e.optStr("labelLayout", ex.labelLayout)
	if len(ex.lineStyle) > 0 {
		e.key("lineStyle")
		e.anyMap(ex.lineStyle)
	}
	if d := ex.derived; d != nil {
		if d.Fit != nil {
			e.key("scalesiteFit")
			e.fitMark(d.Fit)
		}
		if d.Silent {
			e.key("silent")
			e.bool(true)
		}
	}
	e.close()
}

func (e *jsonEnc) fitMark(m *fitMark) {
	e.open()
	e.key("role")
	e.str(m.Role)
	e.optStr("type", m.Type)
	e.key("a")
	e.float(m.A, 64)
	e.key("b")
	e.float(m.B, 64)
	e.key("c")
	e.float(m.C, 64)
	e.key("r2")
	e.float(m.R2, 64)
	e.optInt("n", m.N)
	e.optStr("series", m.Series)
	e.close()
}

func (e *jsonEnc) customSeries(c *customSeries) {
	e.open()
	e.key("type")
	e.str(c.Type)
	e.key("id")
	e.str(c.ID)
	e.key("name")
	e.str(c.Name)
	e.key("xAxisIndex")
	e.int(c.XAxisIndex)
	e.key("yAxisIndex")
	e.int(c.YAxisIndex)
	e.key("renderItem")
	e.str(c.RenderItem)
	e.key("encode")
	if c.Encode == nil {
		e.null()
	} else {
		keys := make([]string, 0, len(c.Encode))
		for k := range c.Encode {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.open()
		for _, k := range keys {
			e.strKey(k)
			e.any(c.Encode[k])
		}
		e.close()
	}
	e.key("data")
	if c.Data == nil {
		e.null()
	} else {
		e.raw(c.Data)
	}
	e.key("itemStyle")
	e.anyMap(c.ItemStyle)
	e.key("z")
	e.int(c.Z)
	e.key("silent")
	e.bool(c.Silent)
	e.key("clip")
	e.bool(c.Clip)
	e.key("tooltip")
	e.anyMap(c.Tooltip)
	e.close()
}

func (e *jsonEnc) meta(m *chartMeta) {
	e.open()
	e.key("columns")
	e.int(m.Columns)
	e.key("panels")
	e.int(m.Panels)
	e.optInt("height", m.Height)
	e.key("rowHeight")
	e.int(m.RowHeight)
	e.optStr("legendTitle", m.LegendTitle)
	e.optInt("legendTitleIndex", m.LegendTitleIndex)
	e.optStr("xTitle", m.XTitle)
	e.optStr("yTitle", m.YTitle)
	e.optInt("labels", m.Labels)
	e.close()
}
