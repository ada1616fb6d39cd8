package render

import (
	"bytes"
	"encoding/json"
	"html/template"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"
)

// A chart's option is built from go-echarts' types (chart.go) and written
// as JSON here, once, into one buffer: the bytes encoding/json would write
// for the go-echarts chart (ch.JSON(), with the optionExtras visitor; see
// TestOptionJSONMatchesEncodingJSON) but without reflection, and escaped
// for a <script type="application/json"> element as encoding/json escapes
// (<, > and & as \u003c, \u003e and \u0026; U+2028 and U+2029 as \u2028
// and \u2029). A go-echarts value with a field this file does not write
// falls back to encoding/json for that value, so that no option is lost.
//
// The option reaches layouts/chart.html as chartData.Option, a map of its
// top-level keys whose values are the written JSON (*optionPart, a
// json.Marshaler): {{.Option}} in a site's own chart.html encodes it as
// before, while the built-in chart.html (chartData.Figure, chartfast.go)
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

// OptionJSON is the chart's option as JSON ready for the page's
// <script type="application/json"> element. It is the text chartOption
// wrote when Option is still that map, and Option encoded by encoding/json
// (which escapes it the same way) otherwise.
func (d chartData) OptionJSON() template.JS { return template.JS(optionBytes(d.Option)) }

// optionBytes is the JSON of an option map: the text chartOption wrote,
// or (for a map it did not make) what encoding/json writes.
func optionBytes(m map[string]any) []byte {
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
	toolbox opts.Toolbox
	aria    *opts.Aria
	grids   []opts.Grid
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
			if d.logX || d.logY {
				size += 24 * len(d.points)
			}
		}
	}
	e := &jsonEnc{b: make([]byte, 0, size)}
	out := &optionJSON{parts: make([]optionPart, 0, 14)}
	e.open()
	part := func(key string, write func()) {
		e.key(key)
		lo := len(e.b)
		write()
		e.scriptSafe(lo)
		out.parts = append(out.parts, optionPart{key: key, lo: lo, hi: len(e.b), whole: out})
	}
	part("animation", func() { e.bool(false) })
	if o.aria != nil {
		part("aria", func() { e.aria(o.aria) })
	}
	part("backgroundColor", func() { e.str("transparent") })
	part("color", func() { e.raw(echartsColors()) })
	if len(o.zooms) > 0 {
		part("dataZoom", func() {
			e.openArr()
			for i := range o.zooms {
				e.elem()
				e.dataZoom(&o.zooms[i])
			}
			e.closeArr()
		})
	}
	if len(o.grids) > 0 {
		part("grid", func() {
			e.openArr()
			for i := range o.grids {
				e.elem()
				e.grid(&o.grids[i])
			}
			e.closeArr()
		})
	}
	part("legend", func() { e.legend(&o.legend) })
	part("scalesite", func() { e.meta(&o.ex.meta) })
	part("series", func() { e.allSeries(o.series, o.ex.series) })
	part("title", func() {
		if o.titles == nil {
			e.null()
			return
		}
		e.openArr()
		for i := range o.titles {
			e.elem()
			e.title(&o.titles[i])
		}
		e.closeArr()
	})
	part("toolbox", func() { e.toolbox(&o.toolbox) })
	part("tooltip", func() { e.tooltip(&o.tooltip) })
	part("xAxis", func() {
		e.openArr()
		for i := range o.xAxes {
			e.elem()
			e.xAxis(&o.xAxes[i], scaleMark{i < len(o.ex.logX) && o.ex.logX[i], markUnit(o.ex.unitX, i, o.xAxes[i].Name)})
		}
		e.closeArr()
	})
	part("yAxis", func() {
		e.openArr()
		for i := range o.yAxes {
			e.elem()
			e.yAxis(&o.yAxes[i], scaleMark{i < len(o.ex.logY) && o.ex.logY[i], markUnit(o.ex.unitY, i, o.yAxes[i].Name)})
		}
		e.closeArr()
	})
	e.close()
	out.text = e.b
	return out
}

// jsonData is JSON the renderer wrote itself (error bars and bands,
// marks.go), escaped as encoding/json escapes: it is written into the
// option as it is.
type jsonData []byte

// MarshalJSON returns d: encoding/json (tests, fallbacks) writes it as it is.
func (d jsonData) MarshalJSON() ([]byte, error) { return d, nil }

// jsonEnc appends JSON to b. comma is whether the next key or array
// element needs a comma before it.
type jsonEnc struct {
	b     []byte
	comma bool
}

func (e *jsonEnc) open()     { e.b = append(e.b, '{'); e.comma = false }
func (e *jsonEnc) close()    { e.b = append(e.b, '}'); e.comma = true }
func (e *jsonEnc) openArr()  { e.b = append(e.b, '['); e.comma = false }
func (e *jsonEnc) closeArr() { e.b = append(e.b, ']'); e.comma = true }

// elem starts an element of an array.
func (e *jsonEnc) elem() {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.comma = false
}

// key starts a member of an object. Keys are the constants of this file
// and of go-echarts' tags: plain ASCII, never escaped.
func (e *jsonEnc) key(k string) {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.b = append(e.b, '"')
	e.b = append(e.b, k...)
	e.b = append(e.b, '"', ':')
	e.comma = false
}

func (e *jsonEnc) raw(b []byte) { e.b = append(e.b, b...); e.comma = true }
func (e *jsonEnc) null()        { e.b = append(e.b, "null"...); e.comma = true }
func (e *jsonEnc) str(s string) { e.b = appendJSONString(e.b, s); e.comma = true }
func (e *jsonEnc) int(v int)    { e.b = strconv.AppendInt(e.b, int64(v), 10); e.comma = true }

func (e *jsonEnc) bool(v bool) {
	e.b = strconv.AppendBool(e.b, v)
	e.comma = true
}

// float writes a float64 or (bits 32) a float32 as encoding/json does; a
// value JSON cannot hold (NaN, ±Inf) as null, where encoding/json fails.
func (e *jsonEnc) float(v float64, bits int) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		e.null()
		return
	}
	e.b = appendJSONFloat(e.b, v, bits)
	e.comma = true
}

// boolPtr writes a types.Bool (*bool), null when nil.
func (e *jsonEnc) boolPtr(v types.Bool) {
	if v == nil {
		e.null()
		return
	}
	e.bool(*v)
}

// The opt* methods write a member with omitempty: not at all when empty.
func (e *jsonEnc) optStr(k, v string) {
	if v != "" {
		e.key(k)
		e.str(v)
	}
}

func (e *jsonEnc) optInt(k string, v int) {
	if v != 0 {
		e.key(k)
		e.int(v)
	}
}

func (e *jsonEnc) optFloat(k string, v float64, bits int) {
	if v != 0 {
		e.key(k)
		e.float(v, bits)
	}
}

func (e *jsonEnc) optBool(k string, v types.Bool) {
	if v != nil {
		e.key(k)
		e.bool(*v)
	}
}

func (e *jsonEnc) optAny(k string, v any) {
	if v != nil {
		e.key(k)
		e.any(v)
	}
}

// any writes a value of an interface{} field: the kinds the renderer puts
// there directly, anything else through encoding/json.
func (e *jsonEnc) any(v any) {
	switch v := v.(type) {
	case nil:
		e.null()
	case string:
		e.str(v)
	case bool:
		e.bool(v)
	case int:
		e.int(v)
	case float64:
		e.float(v, 64)
	case float32:
		e.float(float64(v), 32)
	case pointsData:
		e.b = appendPoints(e.b, v.points, v.logX, v.logY)
		e.comma = true
	case jsonData:
		e.raw(v)
	case []int:
		if v == nil {
			e.null()
			return
		}
		e.openArr()
		for _, x := range v {
			e.elem()
			e.int(x)
		}
		e.closeArr()
	case map[string]any:
		e.anyMap(v)
	default:
		e.marshal(v)
	}
}

// anyMap writes a map as encoding/json does: its keys sorted.
func (e *jsonEnc) anyMap(m map[string]any) {
	if m == nil {
		e.null()
		return
	}
	var buf [8]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.open()
	for _, k := range keys {
		e.strKey(k)
		e.any(m[k])
	}
	e.close()
}

// stringMap writes a map[string]string as encoding/json does.
func (e *jsonEnc) stringMap(m map[string]string) {
	if m == nil {
		e.null()
		return
	}
	var buf [8]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.open()
	for _, k := range keys {
		e.strKey(k)
		e.str(m[k])
	}
	e.close()
}

// strKey starts a member of an object whose key is a map's: escaped.
func (e *jsonEnc) strKey(k string) {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.b = append(appendJSONString(e.b, k), ':')
	e.comma = false
}

// marshal writes v through encoding/json, which escapes <, >, &, U+2028
// and U+2029 in strings as this file does; null if v has no JSON.
func (e *jsonEnc) marshal(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		e.null()
		return
	}
	e.raw(b)
}

// scriptSafe makes sure that what was written from lo on cannot end the
// script element: every string is escaped, so it never holds a <; should
// one be there all the same, <, > and & are escaped (JSON has them only
// in strings).
func (e *jsonEnc) scriptSafe(lo int) {
	if bytes.IndexByte(e.b[lo:], '<') < 0 {
		return
	}
	var esc []byte
	for _, c := range e.b[lo:] {
		switch c {
		case '<', '>', '&':
			esc = append(esc, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			esc = append(esc, c)
		}
	}
	e.b = append(e.b[:lo], esc...)
}

const hexDigits = "0123456789abcdef"

// htmlSafe are the ASCII characters encoding/json writes in a string as
// they are when it escapes HTML: not control characters, ", \, <, > or &.
var htmlSafe = func() (s [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		s[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return s
}()

// appendJSONString writes s as a JSON string exactly as encoding/json
// does with HTML escaping (its default): <, > and & as \u003c, \u003e and
// \u0026, U+2028 and U+2029 as \u2028 and \u2029, control characters
// escaped, invalid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if htmlSafe[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendJSONFloat writes a finite float as encoding/json does: like
// ECMAScript's Number to String, 'e' form below 1e-6 and from 1e21 on.
func appendJSONFloat(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

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

func (e *jsonEnc) toolbox(t *opts.Toolbox) {
	r := *t
	r.Show, r.Orient, r.Left, r.Top, r.Right, r.Bottom, r.Feature = nil, "", "", "", "", "", nil
	if !allZero(&r) {
		e.marshal(t)
		return
	}
	e.open()
	e.optBool("show", t.Show)
	e.optStr("orient", t.Orient)
	e.optStr("left", t.Left)
	e.optStr("top", t.Top)
	e.optStr("right", t.Right)
	e.optStr("bottom", t.Bottom)
	if f := t.Feature; f != nil {
		e.key("feature")
		e.toolboxFeature(f)
	}
	e.close()
}

func (e *jsonEnc) toolboxFeature(f *opts.ToolBoxFeature) {
	r := *f
	r.SaveAsImage, r.DataZoom, r.Restore, r.UserDefined = nil, nil, nil, nil // UserDefined is not JSON (json:"-")
	if !allZero(&r) {
		e.marshal(f)
		return
	}
	e.open()
	if s := f.SaveAsImage; s != nil {
		e.key("saveAsImage")
		e.saveAsImage(s)
	}
	if z := f.DataZoom; z != nil {
		e.key("dataZoom")
		e.zoomFeature(z)
	}
	if s := f.Restore; s != nil {
		e.key("restore")
		e.restore(s)
	}
	e.close()
}

func (e *jsonEnc) saveAsImage(s *opts.ToolBoxFeatureSaveAsImage) {
	r := *s
	r.Show, r.Type, r.Name, r.Title, r.Icon = nil, "", "", "", ""
	if !allZero(&r) {
		e.marshal(s)
		return
	}
	e.open()
	e.optBool("show", s.Show)
	e.optStr("type", s.Type)
	e.optStr("name", s.Name)
	e.optStr("title", s.Title)
	e.optStr("icon", s.Icon)
	e.close()
}

func (e *jsonEnc) zoomFeature(z *opts.ToolBoxFeatureDataZoom) {
	r := *z
	r.Show, r.YAxisIndex, r.Icon, r.Title = nil, nil, nil, nil
	if !allZero(&r) {
		e.marshal(z)
		return
	}
	e.open()
	e.optBool("show", z.Show)
	e.optAny("yAxisIndex", z.YAxisIndex)
	e.key("icon")
	e.stringMap(z.Icon)
	e.key("title")
	e.stringMap(z.Title)
	e.close()
}

func (e *jsonEnc) restore(s *opts.ToolBoxFeatureRestore) {
	r := *s
	r.Show, r.Title, r.Icon = nil, "", ""
	if !allZero(&r) {
		e.marshal(s)
		return
	}
	e.open()
	e.optBool("show", s.Show)
	e.optStr("title", s.Title)
	e.optStr("icon", s.Icon)
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
