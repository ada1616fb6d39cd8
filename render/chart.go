package render

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/spec"
)

// palette gives series their colours in first-seen order. It is Tableau 10:
// distinct hues that read on both the light and the dark background.
var palette = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"}

// namedColors maps the colour words researchers use for a series to the
// palette's version of that hue, so "red" matches the other series' tones.
var namedColors = map[string]string{
	"blue": "#4e79a7", "orange": "#f28e2b", "red": "#e15759", "teal": "#76b7b2", "green": "#59a14f",
	"yellow": "#edc948", "purple": "#b07aa1", "pink": "#ff9da7", "brown": "#9c755f", "gray": "#bab0ac", "grey": "#bab0ac",
}

// Formatter tokens: the site script (themes/default/assets/format.js) swaps
// these strings for functions. Nothing from the content ever becomes code.
const (
	tooltipToken = "@tooltip"
	formatPrefix = "@"
)

// chartOption builds the ECharts option of a chart through go-echarts and
// returns it as the map that html/template JSON-encodes into the page.
func chartOption(c *site.Chart, alt string) map[string]any {
	sc := c.Spec
	n := len(sc.Panels)
	ch := charts.NewScatter() // an XY chart; each series carries its own type
	colors := seriesColors(c)

	ch.SetGlobalOptions(
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item", Formatter: types.FuncStr(tooltipToken)}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(showLegend(c)), Type: "scroll", Bottom: "0"}),
		charts.WithToolboxOpts(opts.Toolbox{Show: opts.Bool(true), Right: "8", Top: "0", Feature: &opts.ToolBoxFeature{
			DataZoom:    &opts.ToolBoxFeatureDataZoom{Show: opts.Bool(true), Title: map[string]string{"zoom": "Zoom to area", "back": "Undo zoom"}, Icon: map[string]string{}},
			Restore:     &opts.ToolBoxFeatureRestore{Show: opts.Bool(true), Title: "Reset"},
			SaveAsImage: &opts.ToolBoxFeatureSaveAsImage{Show: opts.Bool(true), Type: "png", Name: c.ID, Title: "Save as PNG"},
		}}),
		charts.WithAriaOpts(&opts.Aria{Enabled: opts.Bool(true), Label: &opts.AriaLabel{Enabled: opts.Bool(true), Description: alt}}),
	)
	ch.Colors = palette

	top := 36 // room for the toolbox above the plot
	if sc.Title != "" {
		top = 40
	}
	if sc.Subtitle != "" {
		top += 18
	}
	titles := []opts.Title{{Title: sc.Title, Subtitle: sc.Subtitle, Left: "center"}}
	if sc.HasPanels {
		top += 22
	}
	bottom := 52 // tick labels and the x axis name
	if showLegend(c) {
		bottom += 28
	}

	axisIdx := make([]int, n)
	ch.XAxisList, ch.YAxisList = nil, nil
	for i, p := range sc.Panels {
		// Each panel keeps room on its left for its y tick labels and title
		// (the next panel's must not reach into it), and on its right for
		// point labels, which are drawn to the right of their points.
		left, width := 100.0*float64(i)/float64(n), 100.0/float64(n)
		const yRoom, gap = 7.0, 2.0
		right := gap
		if p.Label.Name != "" {
			right += 7
		}
		ch.GridList = append(ch.GridList, opts.Grid{
			Left: pct(left + yRoom), Width: pct(width - yRoom - right), Top: fmt.Sprint(top), Bottom: fmt.Sprint(bottom),
		})
		if sc.HasPanels && p.Title != "" {
			titles = append(titles, opts.Title{Title: p.Title, Left: pct(left + width/2), Top: fmt.Sprint(top - 26),
				TitleStyle: &opts.TextStyle{FontSize: 14, FontWeight: "normal"}, TextAlign: "center"})
		}
		xlo, xhi, ylo, yhi := extent(c.Panels[i])
		ch.XAxisList = append(ch.XAxisList, xAxis(padLog(p.X, xlo, xhi), i))
		ch.YAxisList = append(ch.YAxisList, yAxis(padLog(p.Y, ylo, yhi), i))
		axisIdx[i] = i
	}
	ch.DataZoomList = []opts.DataZoom{
		{Type: "inside", XAxisIndex: axisIdx, FilterMode: "none"},
		{Type: "inside", YAxisIndex: axisIdx, FilterMode: "none"},
	}

	for i, p := range sc.Panels {
		for _, s := range c.Panels[i].Series {
			ch.MultiSeries = append(ch.MultiSeries, series(p, s, i, seriesName(c, p, s), colors[s.Name]))
		}
	}
	ch.Accept(optionExtras{titles: titles})
	ch.Validate()
	return ch.JSON()
}

// extent is the range of a panel's x and y values.
func extent(p site.Panel) (xlo, xhi, ylo, yhi float64) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	for _, s := range p.Series {
		for _, pt := range s.Points {
			xlo, xhi = min(xlo, pt.X), max(xhi, pt.X)
			ylo, yhi = min(ylo, pt.Y), max(yhi, pt.Y)
		}
	}
	return
}

// logPad is how far, in decades, a log axis reaches past its data when the
// spec sets no bound: ECharts would otherwise end the axis exactly on the
// outermost points, half hiding their markers and cutting their labels.
const logPad = 0.15

// padLog gives a log axis without bounds a margin around its data. The
// bounds are unlabelled (see axisLabel), so the ticks stay powers of ten.
func padLog(a spec.Axis, lo, hi float64) spec.Axis {
	if a.Scale != spec.ScaleLog || lo > hi || lo <= 0 {
		return a
	}
	if a.Min == nil {
		v := math.Pow(10, math.Log10(lo)-logPad)
		a.Min = &v
	}
	if a.Max == nil {
		v := math.Pow(10, math.Log10(hi)+logPad)
		a.Max = &v
	}
	return a
}

func pct(v float64) string { return fmt.Sprintf("%.4g%%", v) }

// showLegend: a legend is drawn when there is something to tell apart.
func showLegend(c *site.Chart) bool {
	for i, p := range c.Spec.Panels {
		if p.Series.Name != "" || len(c.Panels[i].Series) > 1 {
			return true
		}
	}
	return false
}

// seriesName names a series in the legend and tooltip. A chart without a
// series column has one series, named after its y axis.
func seriesName(c *site.Chart, p spec.Panel, s site.Series) string {
	if p.Series.Name != "" {
		return s.Name
	}
	if p.Y.Title != "" {
		return p.Y.Title
	}
	return p.Y.Field.Name
}

// seriesColors gives each series name one colour, the same in every panel,
// in first-seen order, unless the spec names colours.
//
// Series the spec gives no colour take the palette's colours in order,
// skipping those the spec gave to other series, so no two series share one.
func seriesColors(c *site.Chart) map[string]string {
	resolve := func(col string) string {
		if named, ok := namedColors[strings.ToLower(col)]; ok {
			return named
		}
		return col
	}
	var names []string
	for i := range c.Panels {
		for _, s := range c.Panels[i].Series {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	out := make(map[string]string, len(names))
	taken := map[string]bool{}
	for k, name := range names {
		if v, ok := c.Spec.Colors[name]; ok {
			out[name] = resolve(v)
		} else if k < len(c.Spec.ColorList) {
			out[name] = resolve(c.Spec.ColorList[k])
		}
		if col, ok := out[name]; ok {
			taken[strings.ToLower(col)] = true
		}
	}
	next := 0
	for _, name := range names {
		if _, ok := out[name]; ok {
			continue
		}
		col := palette[next%len(palette)]
		for tries := 0; taken[col] && tries < len(palette); tries++ {
			next++
			col = palette[next%len(palette)]
		}
		out[name] = col
		taken[col] = true
		next++
	}
	return out
}

func axisType(a spec.Axis) string {
	if a.Scale == spec.ScaleLog {
		return "log"
	}
	return "value"
}

func axisLabel(a spec.Axis) *opts.AxisLabel {
	f := a.Format
	if f == "" {
		f = spec.FormatAuto
	}
	l := &opts.AxisLabel{Show: opts.Bool(true), Formatter: types.FuncStr(formatPrefix + f), HideOverlap: opts.Bool(true)}
	// A log axis stretched to a bound between powers of ten (min: 5) would
	// label that bound (5, 2×10³) among the powers: leave it unlabelled.
	if a.Scale == spec.ScaleLog {
		l.ShowMinLabel = opts.Bool(a.Min == nil || isPowerOf10(*a.Min))
		l.ShowMaxLabel = opts.Bool(a.Max == nil || isPowerOf10(*a.Max))
	}
	return l
}

func isPowerOf10(v float64) bool {
	e := math.Round(math.Log10(v))
	return math.Abs(v-math.Pow(10, e)) <= 1e-9*v
}

func axisName(a spec.Axis) string {
	if a.Title != "" {
		return a.Title
	}
	return a.Field.Name
}

func bound(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

func xAxis(a spec.Axis, grid int) opts.XAxis {
	return opts.XAxis{
		Type: axisType(a), Name: axisName(a), NameLocation: "middle", NameGap: 30, GridIndex: grid,
		Min: bound(a.Min), Max: bound(a.Max), Scale: opts.Bool(a.Min == nil && a.Max == nil),
		AxisLabel: axisLabel(a), SplitLine: &opts.SplitLine{Show: opts.Bool(true)},
	}
}

func yAxis(a spec.Axis, grid int) opts.YAxis {
	return opts.YAxis{
		Type: axisType(a), Name: axisName(a), NameLocation: "middle", NameGap: 44, GridIndex: grid,
		Min: bound(a.Min), Max: bound(a.Max), Scale: opts.Bool(a.Min == nil && a.Max == nil),
		AxisLabel: axisLabel(a), SplitLine: &opts.SplitLine{Show: opts.Bool(true)},
	}
}

// series builds one drawn series. Points with a label are {name, value}
// items, so the label and the tooltip can show the name; others are [x, y].
func series(p spec.Panel, s site.Series, grid int, name, color string) charts.SingleSeries {
	items, labelled := seriesData(s.Points)
	ss := charts.SingleSeries{
		Name: name, Data: items, XAxisIndex: grid, YAxisIndex: grid,
		ItemStyle: &opts.ItemStyle{Color: color},
		Emphasis:  &opts.Emphasis{Focus: "series"},
	}
	if p.Type == spec.TypeScatter {
		ss.Type, ss.SymbolSize = types.ChartScatter, 11
	} else {
		ss.Type, ss.Symbol, ss.SymbolSize, ss.ShowSymbol = types.ChartLine, "circle", 7, opts.Bool(true)
		ss.LineStyle = &opts.LineStyle{Color: color, Width: 2}
	}
	if labelled {
		// An explicit line height: ECharts otherwise measures a label's height
		// with a CJK glyph, which reads as a few pixels where no CJK font is
		// installed, and then sees no overlap to move labels away from.
		ss.Label = &opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{b}", FontSize: 11, LineHeight: 14}
		ss.LabelLayout = &opts.LabelLayout{MoveOverlap: "shiftY"}
		ss.LabelLine = &opts.LabelLine{Show: opts.Bool(true)}
	}
	return ss
}

// seriesData encodes a series' points as JSON once, here: a page of charts
// is mostly numbers, and encoding them through reflection was the largest
// cost of rendering. Strings go through encoding/json, which escapes <, >
// and & as in any other part of the option.
func seriesData(points []site.Point) (json.RawMessage, bool) {
	b := make([]byte, 0, 24*len(points)+2)
	b = append(b, '[')
	labelled := false
	for i, pt := range points {
		if i > 0 {
			b = append(b, ',')
		}
		if pt.Label != "" {
			name, _ := json.Marshal(pt.Label)
			b = append(b, `{"name":`...)
			b = append(b, name...)
			b = append(b, `,"value":`...)
			labelled = true
		}
		b = append(b, '[')
		b = appendNumber(b, pt.X)
		b = append(b, ',')
		b = appendNumber(b, pt.Y)
		b = append(b, ']')
		if pt.Label != "" {
			b = append(b, '}')
		}
	}
	return append(b, ']'), labelled
}

// appendNumber writes a float in the shorter of its plain and scientific
// forms (1e+20, not 100000000000000000000): both are JSON, both read back
// as the same float64, and scaling data is full of powers of ten.
func appendNumber(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	if len(b)-start <= 6 {
		return b
	}
	var e [32]byte
	sci := strconv.AppendFloat(e[:0], v, 'e', -1, 64)
	if len(sci) < len(b)-start {
		b = append(b[:start], sci...)
	}
	return b
}
