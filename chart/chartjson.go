package chart

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// A chart's option is built from go-echarts' types (chart.go) and written
// as JSON here, once, into one buffer: the bytes encoding/json would write
// for the go-echarts chart (ch.JSON(), with the optionExtras visitor; see
// TestOptionJSONMatchesEncodingJSON) but without reflection, and escaped
// for a <script type="application/json"> element as encoding/json escapes
// (<, > and & as \u003c, \u003e and \u0026; U+2028 and U+2029 as \u2028
// and \u2029). A go-echarts value with a field these files do not write
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
