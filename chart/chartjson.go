package chart

import (
	"bytes"
	"encoding/json"
	"slices"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/scalesite/scalesite/internal/fastjson"
	"github.com/scalesite/scalesite/site"
)

// A chart's option is built from go-echarts' types (chart.go) and written
// as JSON here, once, into one buffer: the bytes encoding/json would write
// for the go-echarts chart (ch.JSON(), with the optionExtras visitor; see
// TestOptionJSONMatchesEncodingJSON) but without reflection, and escaped
// for a <script type="application/json"> element as encoding/json escapes
// (<, > and & as \u003c, \u003e and \u0026; U+2028 and U+2029 as \u2028
// and \u2029). The go-echarts values are written by internal/fastjson
// (whose doc says why it is kept: a profile pays for it), which hands a
// value with a field it does not write to encoding/json, so that no option
// is lost; scalesite's own parts (extras.go) are written below.
//
// The option reaches layouts/chart.html as layout.Chart's Option, a map of its
// top-level keys whose values are the written JSON (*optionPart, a
// json.Marshaler): {{.Option}} in a site's own chart.html encodes it as
// before, while the built-in chart.html (fastlayout.Figure)
// and {{.OptionJSON}} write the text as it is, without encoding it again.

// optionJSON is a chart's option written as JSON: an object of the parts.
type optionJSON struct {
	text  []byte       // never changed once written
	parts []optionPart // in the order of text
}

// optionPart is the value of one top-level key of an option.
type optionPart struct {
	key    string
	lo, hi int // the value's bytes in whole.text
	whole  *optionJSON
}

// MarshalJSON returns the part's JSON (a copy: the caller may keep it).
func (p *optionPart) MarshalJSON() ([]byte, error) { return bytes.Clone(p.whole.text[p.lo:p.hi]), nil }

// optionMap is the option as chartData.Option holds it.
func (o *optionJSON) optionMap() map[string]any {
	m := make(map[string]any, len(o.parts))
	for i := range o.parts {
		m[o.parts[i].key] = &o.parts[i]
	}
	return m
}

// OptionBytes is the JSON of an option map: the text Option wrote,
// or (for a map it did not make) what encoding/json writes.
func OptionBytes(m map[string]any) []byte {
	if o := wholeOption(m); o != nil {
		return o.text
	}
	b, err := json.Marshal(m)
	if err != nil {
		return []byte("null")
	}
	return b
}

// wholeOption returns the option whose parts m holds, all of them and
// nothing else, or nil.
func wholeOption(m map[string]any) *optionJSON {
	var o *optionJSON
	for _, v := range m {
		p, ok := v.(*optionPart)
		if !ok {
			return nil
		}
		o = p.whole
		break
	}
	if o == nil || len(m) != len(o.parts) {
		return nil
	}
	for i := range o.parts {
		p := &o.parts[i]
		if v, ok := m[p.key].(*optionPart); !ok || v != p {
			return nil
		}
	}
	return o
}

// echartsOption is a chart's ECharts option as go-echarts types, with what
// go-echarts has no field for (optionExtras), before it is written.
type echartsOption struct {
	titles  []opts.Title // the chart's title, the legend's, then one per panel
	legend  opts.Legend
	tooltip opts.Tooltip
	xAxes   []opts.XAxis
	yAxes   []opts.YAxis
	zooms   []opts.DataZoom
	series  charts.MultiSeries
	ex      optionExtras
}

// echartsColors is the colour list go-echarts writes into every option
// (its default theme's palette), written once.
var echartsColors = sync.OnceValue(func() []byte {
	b, err := json.Marshal(charts.NewScatter().Colors)
	if err != nil {
		panic(err)
	}
	return b
})

// write writes the option. The top-level keys are in sorted order, as
// encoding/json writes a map; the keys of the values in the order of the
// go-echarts structs' fields.
func (o *echartsOption) write() *optionJSON {
	size := 2048 + 256*len(o.titles)
	for _, s := range o.series {
		size += 512
		if d, ok := s.Data.(pointsData); ok {
			size += 24 * len(d.points)
		}
	}
	e := &fastjson.Enc{B: make([]byte, 0, size)}
	out := &optionJSON{parts: make([]optionPart, 0, 14)}
	e.Open()
	part := func(key string, write func()) {
		e.Key(key)
		lo := len(e.B)
		write()
		e.ScriptSafe(lo)
		out.parts = append(out.parts, optionPart{key: key, lo: lo, hi: len(e.B), whole: out})
	}
	part("animation", func() { e.Bool(false) })
	part("backgroundColor", func() { e.Str("transparent") })
	part("color", func() { e.Raw(echartsColors()) })
	if len(o.zooms) > 0 {
		part("dataZoom", func() {
			e.OpenArr()
			for i := range o.zooms {
				e.Elem()
				z := &o.zooms[i]
				e.DataZoom(z, func() any { return newZoomJSON(*z) }, zoomExtra)
			}
			e.CloseArr()
		})
	}
	part("legend", func() { e.Legend(&o.legend) })
	part("scalesite", func() { writeMeta(e, &o.ex.meta) })
	part("series", func() { writeSeries(e, o.series, o.ex.series) })
	part("title", func() {
		if o.titles == nil {
			e.Null()
			return
		}
		e.OpenArr()
		for i := range o.titles {
			e.Elem()
			e.Title(&o.titles[i])
		}
		e.CloseArr()
	})
	part("tooltip", func() { e.Tooltip(&o.tooltip, func() any { return tooltipJSON{o.tooltip, true} }, tooltipExtra) })
	part("xAxis", func() {
		e.OpenArr()
		for i := range o.xAxes {
			e.Elem()
			x, m := &o.xAxes[i], scaleMark{i < len(o.ex.logX) && o.ex.logX[i], markUnit(o.ex.unitX, i, o.xAxes[i].Name)}
			e.XAxis(x, func() any { return xAxisJSON{*x, m} }, m.write)
		}
		e.CloseArr()
	})
	part("yAxis", func() {
		e.OpenArr()
		for i := range o.yAxes {
			e.Elem()
			y, m := &o.yAxes[i], scaleMark{i < len(o.ex.logY) && o.ex.logY[i], markUnit(o.ex.unitY, i, o.yAxes[i].Name)}
			e.YAxis(y, func() any { return yAxisJSON{*y, m} }, m.write)
		}
		e.CloseArr()
	})
	e.Close()
	out.text = e.B
	return out
}

// jsonData is JSON the renderer wrote itself (error bars and bands,
// marks.go), escaped as encoding/json escapes: it is written into the
// option as it is.
type jsonData []byte

// MarshalJSON returns d: encoding/json (tests, fallbacks) writes it as it is.
func (d jsonData) MarshalJSON() ([]byte, error) { return d, nil }

// AppendJSON appends d (fastjson.Appender).
func (d jsonData) AppendJSON(b []byte) []byte { return append(b, d...) }

// AppendJSON appends the points as MarshalJSON writes them
// (fastjson.Appender).
func (d pointsData) AppendJSON(b []byte) []byte { return appendPoints(b, d.points, d.notes) }

// tooltipExtra writes tooltipJSON's own member.
func tooltipExtra(e *fastjson.Enc) {
	e.Key("confine")
	e.Bool(true)
}

// zoomExtra writes zoomJSON's own members.
func zoomExtra(e *fastjson.Enc) {
	e.Key("zoomOnMouseWheel")
	e.Str(zoomOnMouseWheel)
	e.Key("moveOnMouseMove")
	e.Bool(moveOnMouseMove)
	e.Key("moveOnMouseWheel")
	e.Bool(moveOnMouseWheel)
}

// write writes the mark's members, as an axis' (xAxisJSON, yAxisJSON).
func (m scaleMark) write(e *fastjson.Enc) {
	if m.ScalesiteLog {
		e.Key("scalesiteLog")
		e.Bool(true)
	}
	e.OptStr("scalesiteUnit", m.Unit)
	e.OptStr("scalesiteTickUnit", m.TickUnit)
	e.OptStr("scalesiteTitle", m.Title)
}

// writeSeries writes the series with their extras (extras.go: seriesJSON),
// and scalesite's own series in the place of theirs.
func writeSeries(e *fastjson.Enc, ss charts.MultiSeries, extras []seriesExtra) {
	e.OpenArr()
	for i := range ss {
		e.Elem()
		var ex seriesExtra
		if i < len(extras) {
			ex = extras[i]
		}
		switch own := ex.own.(type) {
		case nil:
			s := &ss[i]
			e.Series(s, func() any { return newSeriesJSON(*s, ex) }, ex.write)
		case customSeries:
			writeCustomSeries(e, &own)
		default:
			e.Marshal(own)
		}
	}
	e.CloseArr()
}

// write writes seriesJSON's own members.
func (ex *seriesExtra) write(e *fastjson.Enc) {
	e.OptStr("labelLayout", ex.labelLayout)
	if len(ex.lineStyle) > 0 {
		e.Key("lineStyle")
		e.AnyMap(ex.lineStyle)
	}
	if d := ex.derived; d != nil {
		if d.Fit != nil {
			e.Key("scalesiteFit")
			writeFitMark(e, d.Fit)
		}
		if d.Silent {
			e.Key("silent")
			e.Bool(true)
		}
		if d.Z != 0 {
			e.Key("z")
			e.Int(d.Z)
		}
		if m := d.Smooth; m != nil {
			e.Key("scalesiteSmooth")
			writeSmoothMark(e, m)
		}
	}
}

func writeSmoothMark(e *fastjson.Enc, m *smoothMark) {
	e.Open()
	e.Key("role")
	e.Str(m.Role)
	e.Key("method")
	e.Str(m.Method)
	if m.Weight != 0 {
		e.Key("weight")
		e.Float(m.Weight, 64)
	}
	e.OptInt("window", m.Window)
	e.Key("stride")
	e.Float(m.Stride, 64)
	if m.Step != 0 {
		e.Key("step")
		e.Float(m.Step, 64)
	}
	e.Key("partner")
	e.Int(m.Partner)
	e.Close()
}

func writeFitMark(e *fastjson.Enc, m *fitMark) {
	e.Open()
	e.Key("role")
	e.Str(m.Role)
	e.OptStr("type", m.Type)
	e.Key("a")
	e.Float(m.A, 64)
	e.Key("b")
	e.Float(m.B, 64)
	e.Key("c")
	e.Float(m.C, 64)
	e.Key("r2")
	e.Float(m.R2, 64)
	e.OptInt("n", m.N)
	e.OptStr("series", m.Series)
	e.Close()
}

func writeCustomSeries(e *fastjson.Enc, c *customSeries) {
	e.Open()
	e.Key("type")
	e.Str(c.Type)
	e.Key("id")
	e.Str(c.ID)
	e.Key("name")
	e.Str(c.Name)
	e.Key("xAxisIndex")
	e.Int(c.XAxisIndex)
	e.Key("yAxisIndex")
	e.Int(c.YAxisIndex)
	e.Key("renderItem")
	e.Str(c.RenderItem)
	e.Key("encode")
	if c.Encode == nil {
		e.Null()
	} else {
		keys := make([]string, 0, len(c.Encode))
		for k := range c.Encode {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.Open()
		for _, k := range keys {
			e.StrKey(k)
			e.Any(c.Encode[k])
		}
		e.Close()
	}
	e.Key("data")
	if c.Data == nil {
		e.Null()
	} else {
		e.Raw(c.Data)
	}
	e.Key("itemStyle")
	e.AnyMap(c.ItemStyle)
	e.Key("z")
	e.Int(c.Z)
	e.Key("silent")
	e.Bool(c.Silent)
	e.Key("clip")
	e.Bool(c.Clip)
	e.Key("tooltip")
	e.AnyMap(c.Tooltip)
	e.Close()
}

func writeMeta(e *fastjson.Enc, m *chartMeta) {
	e.Open()
	e.Key("columns")
	e.Int(m.Columns)
	e.Key("panels")
	e.Int(m.Panels)
	e.OptInt("height", m.Height)
	e.Key("rowHeight")
	e.Int(m.RowHeight)
	e.OptStr("legendTitle", m.LegendTitle)
	e.OptInt("legendTitleIndex", m.LegendTitleIndex)
	e.OptStr("xTitle", m.XTitle)
	e.OptStr("yTitle", m.YTitle)
	e.OptInt("labels", m.Labels)
	writeTeXLine(e, "texTitle", m.TeXTitle)
	writeTeXLine(e, "texSubtitle", m.TeXSubtitle)
	if m.Raw {
		e.Key("raw")
		e.Bool(true)
	}
	e.Close()
}

// writeTeXLine writes a typeset title line as the key k, when there is one:
// {html, w, a, d, text} (its markup, its width, ascent and descent in px,
// and its plain form).
func writeTeXLine(e *fastjson.Enc, k string, l *site.TeXLine) {
	if l == nil {
		return
	}
	e.Key(k)
	e.Open()
	e.Key("html")
	e.Str(l.HTML)
	e.Key("w")
	e.Float(l.Width, 64)
	e.Key("a")
	e.Float(l.Ascent, 64)
	e.Key("d")
	e.Float(l.Descent, 64)
	e.OptStr("text", l.Text)
	e.Close()
}
