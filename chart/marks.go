package chart

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// What a chart draws besides its data series: reference lines, bands and
// notes (markLine, markArea and markPoint on a series of their own in each
// panel that has any), error bars and uncertainty bands (ECharts custom
// series drawn by the site script, marks.js), and the looks the spec's
// `style` gives series.
//
// Every value is written in axis space, like the points: log10 of it on a
// log axis.

// Tokens the site script (marks.js) swaps for the custom series' drawing
// functions.
const (
	errorBarsToken = "@errorBars"
	bandToken      = "@band"
)

// markColor is the colour of reference lines, band edges and arrows: a
// grey that reads on the light and the dark page alike. markFill shades
// bands; the site script colours the texts for the page's scheme.
const (
	markColor = "#8c8c8c"
	markFill  = "rgba(140,140,140,0.16)"
)

// auxSeries is a series of scalesite's own, written as it is: the option
// of a series go-echarts has no fields for.
type auxSeries struct {
	name string
	typ  string
	opt  any
}

// appendAux adds the extra series after every data series: ECharts takes a
// legend entry's look from the first series of that name, which must be
// the data.
func appendAux(o *echartsOption, aux []auxSeries) {
	o.series = slices.Grow(o.series, len(aux))
	o.ex.series = slices.Grow(o.ex.series, len(aux))
	for _, a := range aux {
		o.series = append(o.series, charts.SingleSeries{Name: a.name, Type: a.typ})
		o.ex.series = append(o.ex.series, seriesExtra{own: a.opt})
	}
}

// axisValue is a value's place on an axis: log10 of it on a log axis.
func axisValue(v float64, log bool) float64 {
	if log {
		return logCoord(v)
	}
	return v
}

// marksExtent widens a panel's data range to take in its intervals and
// marks, so that a reference line or an error bar is not left off the
// plot. The spec's min and max still win (axisRange).
func marksExtent(p chartspec.Panel, pn site.Panel, xlo, xhi, ylo, yhi float64) (float64, float64, float64, float64) {
	logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
	addX := func(v float64) {
		if !math.IsNaN(v) && (!logX || v > 0) {
			xlo, xhi = min(xlo, v), max(xhi, v)
		}
	}
	addY := func(v float64) {
		if !math.IsNaN(v) && (!logY || v > 0) {
			ylo, yhi = min(ylo, v), max(yhi, v)
		}
	}
	for _, s := range pn.Series {
		for _, pt := range s.Points {
			bd := s.Notes.Bounds(pt)
			if bd == nil || pt.Gap() {
				continue
			}
			addX(bd.XLo)
			addX(bd.XHi)
			addY(bd.YLo)
			addY(bd.YHi)
		}
	}
	m := p.Marks
	for _, l := range m.HLines {
		addY(l.Value)
	}
	for _, l := range m.VLines {
		addX(l.Value)
	}
	for _, b := range m.Bands {
		if b.Axis == "x" {
			addX(b.Lo)
			addX(b.Hi)
		} else {
			addY(b.Lo)
			addY(b.Hi)
		}
	}
	for _, a := range m.Annotations {
		addX(a.X)
		addY(a.Y)
	}
	return xlo, xhi, ylo, yhi
}

// orderSeries puts the series the spec's `order` names first, in that
// order; the others follow in the order they had.
func orderSeries(order []chartspec.Field, ss []site.Series) []site.Series {
	if len(order) == 0 {
		return ss
	}
	byName := make(map[string][]int, len(ss)) // a name's series, in order
	for k, s := range ss {
		byName[s.Name] = append(byName[s.Name], k)
	}
	out := make([]site.Series, 0, len(ss))
	ordered := make(map[string]bool, len(order))
	for _, f := range order {
		ordered[f.Name] = true
		for _, k := range byName[f.Name] {
			out = append(out, ss[k])
		}
	}
	for _, s := range ss {
		if !ordered[s.Name] {
			out = append(out, s)
		}
	}
	return out
}

// orderNames is orderSeries for names.
func orderNames(order []chartspec.Field, names []string) []string {
	if len(order) == 0 {
		return names
	}
	has := make(map[string]bool, len(names))
	for _, n := range names {
		has[n] = true
	}
	out := make([]string, 0, len(names))
	placed := make(map[string]bool, len(names))
	for _, f := range order {
		if has[f.Name] {
			out = append(out, f.Name)
			placed[f.Name] = true
		}
	}
	for _, n := range names {
		if !placed[n] {
			out = append(out, n)
			placed[n] = true
		}
	}
	return out
}

// specColor is the colour the spec gives a series: its style's, else the
// colors mapping's.
func specColor(sc *chartspec.Chart, name string) (string, bool) {
	if st, ok := sc.Styles[name]; ok && st.Color != "" {
		return st.Color, true
	}
	v, ok := sc.Colors[name]
	return v, ok
}

// applySpecStyles lays the spec's `style` over the looks SeriesStyles
// chose, then moves any other series that now looks exactly like a styled
// one to the next marker and dash of its colour, so that series stay
// apart. names is every series, in order.
func applySpecStyles(sc *chartspec.Chart, names []string, out map[string]SeriesStyle) {
	if len(sc.Styles) == 0 {
		return
	}
	type look struct{ color, symbol, dash string }
	lookOf := func(st SeriesStyle) look {
		return look{strings.ToLower(st.Color), st.Symbol, dashKey(st.Dash)}
	}
	taken := map[look]bool{}
	for _, name := range names {
		sp, ok := sc.Styles[name]
		if !ok {
			continue
		}
		st := out[name]
		if sp.Marker != "" {
			st.Symbol = sp.Marker
		}
		if sp.DashSet {
			st.Dash = sp.Dash
		}
		st.Width, st.Draw = sp.Width, sp.Draw
		out[name] = st
		taken[lookOf(st)] = true
	}
	for _, name := range names {
		if _, styled := sc.Styles[name]; styled {
			continue
		}
		st := out[name]
		for k := 0; taken[lookOf(st)] && k < len(symbols)*len(dashes); k++ {
			st.Symbol = symbols[(slices.Index(symbols, st.Symbol)+1)%len(symbols)]
			if k%len(symbols) == len(symbols)-1 {
				st.Dash = dashes[(dashIndex(st.Dash)+1)%len(dashes)]
			}
		}
		taken[lookOf(st)] = true
		out[name] = st
	}
}

func dashKey(d []int) string {
	b, _ := json.Marshal(d)
	return string(b)
}

func dashIndex(d []int) int {
	for i, x := range dashes {
		if slices.Equal(x, d) {
			return i
		}
	}
	return 0
}

// restyle draws a series as its style says: as points in a line panel,
// as a line in a scatter panel, with or without markers, at a given width.
func restyle(ss charts.SingleSeries, ex seriesExtra, st SeriesStyle, crowd crowding) (charts.SingleSeries, seriesExtra) {
	draw := st.Draw
	if draw == "" && st.Width == 0 {
		return ss, ex
	}
	switch {
	case draw == chartspec.DrawPoints && ss.Type == types.ChartLine:
		ss.Type, ss.SymbolSize, ss.ShowSymbol = types.ChartScatter, 10, nil
		if crowd.smallMarkers {
			ss.SymbolSize = 7
		}
		ex.lineStyle, ex.dense = nil, false
	case (draw == chartspec.DrawLine || draw == chartspec.DrawBoth) && ss.Type == types.ChartScatter:
		ss.Type, ss.SymbolSize = types.ChartLine, 7
		ls := map[string]any{"color": st.Color, "width": 2}
		if st.Dash != nil {
			ls["type"] = st.Dash
		}
		ex.lineStyle = ls
	}
	switch draw {
	case chartspec.DrawLine:
		// Markers show under the pointer only: a fitted curve is a line.
		ss.ShowSymbol = optFalse
	case chartspec.DrawBoth:
		ss.ShowSymbol = optTrue
	}
	if st.Width > 0 && ex.lineStyle != nil {
		ex.lineStyle["width"] = st.Width
	}
	return ss, ex
}

// customSeries is an ECharts custom series: error bars or an uncertainty
// band, drawn by the site script's function for its token.
type customSeries struct {
	Type       string           `json:"type"`
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	XAxisIndex int              `json:"xAxisIndex"`
	YAxisIndex int              `json:"yAxisIndex"`
	RenderItem string           `json:"renderItem"`
	Encode     map[string][]int `json:"encode"`
	Data       jsonData         `json:"data"`
	ItemStyle  map[string]any   `json:"itemStyle"`
	Z          int              `json:"z"`
	Silent     bool             `json:"silent"`
	Clip       bool             `json:"clip"`
	Tooltip    map[string]any   `json:"tooltip"`
}

// intervalSeries draws the intervals of one series: a shaded band between
// the y interval's ends when the series is a line, error bars (whiskers
// with caps) for the rest (the axis' interval key can choose), the x
// interval always as bars; notes hold the intervals. k numbers the
// extra series of the chart so far, to give each an id.
func intervalSeries(p chartspec.Panel, pts []site.Point, notes *site.Notes, grid int, name string, st SeriesStyle, line bool, k int) []auxSeries {
	logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
	hasX, hasY := false, false
	for _, pt := range pts {
		hasX = hasX || notes.Bounds(pt).HasX()
		hasY = hasY || notes.Bounds(pt).HasY()
	}
	if !hasX && !hasY {
		return nil
	}
	// A line's y interval is a band around it, unless the spec asks for
	// bars; points get bars, unless it asks for a band.
	band := hasY && (p.Y.Interval == chartspec.IntervalBand || (line && p.Y.Interval != chartspec.IntervalBars))
	var out []auxSeries
	custom := func(kind, token string, data []byte, encode map[string][]int) auxSeries {
		return auxSeries{name: name, typ: "custom", opt: customSeries{
			Type: "custom", ID: "scalesite-" + kind + "-" + strconv.Itoa(k+len(out)), Name: name,
			XAxisIndex: grid, YAxisIndex: grid, RenderItem: token, Encode: encode, Data: data,
			ItemStyle: map[string]any{"color": st.Color}, Z: 1, Silent: true, Clip: true,
			Tooltip: map[string]any{"show": false},
		}}
	}
	if band {
		if data := bandData(pts, notes, logX, logY); data != nil {
			out = append(out, custom("band", bandToken, data, map[string][]int{"x": {0}, "y": {1, 2}}))
		}
	}
	if hasX || (hasY && !band) {
		if data := errorBarData(pts, notes, logX, logY, !band); data != nil {
			out = append(out, custom("bars", errorBarsToken, data, map[string][]int{"x": {0, 2, 3}, "y": {1, 4, 5}}))
		}
	}
	return out
}

// errorBarData writes one item per point with an interval: [X, Y, XLO, XHI,
// YLO, YHI] in axis space; a side without an interval has LO = HI = the
// value, and draws nothing. withY false leaves out the y intervals (a band
// shows them).
func errorBarData(pts []site.Point, notes *site.Notes, logX, logY, withY bool) []byte {
	b := []byte{'['}
	n := 0
	for _, pt := range pts {
		bd := notes.Bounds(pt)
		if bd == nil || pt.Gap() || !(bd.HasX() || (withY && bd.HasY())) {
			continue
		}
		x, y := axisValue(pt.X, logX), axisValue(pt.Y, logY)
		xlo, xhi, ylo, yhi := x, x, y, y
		if bd.HasX() {
			xlo, xhi = axisValue(bd.XLo, logX), axisValue(bd.XHi, logX)
		}
		if withY && bd.HasY() {
			ylo, yhi = axisValue(bd.YLo, logY), axisValue(bd.YHi, logY)
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '[')
		for i, v := range []float64{x, y, xlo, xhi, ylo, yhi} {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNumber(b, v)
		}
		b = append(b, ']')
	}
	if n == 0 {
		return nil
	}
	return append(b, ']')
}

// bandData writes one item per point with a y interval: [X, LO, HI, run] in
// axis space, where run numbers the stretches of consecutive points with
// an interval: the band is one polygon per run, and breaks at a gap or at a
// point without an interval.
func bandData(pts []site.Point, notes *site.Notes, logX, logY bool) []byte {
	b := []byte{'['}
	n, run, open := 0, 0, false
	for _, pt := range pts {
		bd := notes.Bounds(pt)
		if pt.Gap() || !bd.HasY() {
			if open {
				run++
				open = false
			}
			continue
		}
		open = true
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '[')
		b = appendNumber(b, axisValue(pt.X, logX))
		b = append(b, ',')
		b = appendNumber(b, axisValue(bd.YLo, logY))
		b = append(b, ',')
		b = appendNumber(b, axisValue(bd.YHi, logY))
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(run), 10)
		b = append(b, ']')
	}
	if n == 0 {
		return nil
	}
	return append(b, ']')
}

// appendInterval writes a point's interval, in data units, for the
// tooltip: ,"interval":{"x":[lo,hi],"y":[lo,hi]}.
func appendInterval(b []byte, bd *site.Bounds) []byte {
	if bd == nil || !(bd.HasX() || bd.HasY()) {
		return b
	}
	b = append(b, `,"interval":{`...)
	sep := false
	for _, side := range []struct {
		key    string
		has    bool
		lo, hi float64
	}{{"x", bd.HasX(), bd.XLo, bd.XHi}, {"y", bd.HasY(), bd.YLo, bd.YHi}} {
		if !side.has {
			continue
		}
		if sep {
			b = append(b, ',')
		}
		sep = true
		b = append(b, '"')
		b = append(b, side.key...)
		b = append(b, `":[`...)
		b = appendNumber(b, side.lo)
		b = append(b, ',')
		b = appendNumber(b, side.hi)
		b = append(b, ']')
	}
	return append(b, '}')
}

// marksSeries holds a panel's reference lines, bands and notes: a line
// series without data or name (so it has no legend entry and no legend
// click hides the marks).
type marksSeries struct {
	Type       string     `json:"type"`
	ID         string     `json:"id"`
	XAxisIndex int        `json:"xAxisIndex"`
	YAxisIndex int        `json:"yAxisIndex"`
	Data       []any      `json:"data"`
	MarkLine   *markLine  `json:"markLine,omitempty"`
	MarkArea   *markArea  `json:"markArea,omitempty"`
	MarkPoint  *markPoint `json:"markPoint,omitempty"`
}

type markLabel struct {
	Show       bool   `json:"show"`
	Position   string `json:"position,omitempty"`
	Formatter  string `json:"formatter,omitempty"`
	FontSize   int    `json:"fontSize,omitempty"`
	LineHeight int    `json:"lineHeight,omitempty"`
	// Distance is how far the text stands from its line, point or arrow.
	Distance int `json:"distance,omitempty"`
}

type markLine struct {
	Silent    bool           `json:"silent"`
	Symbol    []string       `json:"symbol"`
	Precision int            `json:"precision"`
	LineStyle map[string]any `json:"lineStyle"`
	Label     markLabel      `json:"label"`
	Emphasis  map[string]any `json:"emphasis"`
	Data      []markLineItem `json:"data"`
}

type markLineItem struct {
	Name  string     `json:"name,omitempty"`
	XAxis *float64   `json:"xAxis,omitempty"`
	YAxis *float64   `json:"yAxis,omitempty"`
	Label *markLabel `json:"label,omitempty"`
}

type markArea struct {
	Silent    bool             `json:"silent"`
	ItemStyle map[string]any   `json:"itemStyle"`
	Label     markLabel        `json:"label"`
	Emphasis  map[string]any   `json:"emphasis"`
	Data      [][2]markAreaEnd `json:"data"`
}

type markAreaEnd struct {
	Name  string     `json:"name,omitempty"`
	XAxis *float64   `json:"xAxis,omitempty"`
	YAxis *float64   `json:"yAxis,omitempty"`
	Label *markLabel `json:"label,omitempty"`
}

type markPoint struct {
	Silent   bool            `json:"silent"`
	Tooltip  map[string]any  `json:"tooltip"`
	Emphasis map[string]any  `json:"emphasis"`
	Data     []markPointItem `json:"data"`
}

type markPointItem struct {
	Name         string         `json:"name"`
	Coord        [2]float64     `json:"coord"`
	Symbol       string         `json:"symbol"`
	SymbolSize   [2]int         `json:"symbolSize"`
	SymbolOffset [2]int         `json:"symbolOffset"`
	ItemStyle    map[string]any `json:"itemStyle"`
	Label        markLabel      `json:"label"`
}

// Arrows for annotations: filled paths pointing at the note's point from
// the side its text stands on, 8 × 30 px (30 × 8 across), their tips
// arrowGap px short of the point so that a marker there stays whole.
const arrowGap = 5

var arrows = map[string]struct {
	path         string
	size, offset [2]int
}{
	chartspec.PositionTop:    {"path://M3.4,0L4.6,0L4.6,22L8,22L4,30L0,22L3.4,22Z", [2]int{8, 30}, [2]int{0, -15 - arrowGap}},
	chartspec.PositionBottom: {"path://M3.4,30L4.6,30L4.6,8L8,8L4,0L0,8L3.4,8Z", [2]int{8, 30}, [2]int{0, 15 + arrowGap}},
	chartspec.PositionLeft:   {"path://M0,3.4L0,4.6L22,4.6L22,8L30,4L22,0L22,3.4Z", [2]int{30, 8}, [2]int{-15 - arrowGap, 0}},
	chartspec.PositionRight:  {"path://M30,3.4L30,4.6L8,4.6L8,8L0,4L8,0L8,3.4Z", [2]int{30, 8}, [2]int{15 + arrowGap, 0}},
}

// markSeries returns the series that draws a panel's marks, if it has any.
func markSeries(p chartspec.Panel, grid int) []auxSeries {
	m := p.Marks
	if m.Empty() {
		return nil
	}
	logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
	at := func(v float64, log bool) *float64 {
		a := axisValue(v, log)
		return &a
	}
	ms := marksSeries{Type: "line", ID: "scalesite-marks-" + strconv.Itoa(grid), XAxisIndex: grid, YAxisIndex: grid, Data: []any{}}
	hidden := &markLabel{Show: false}
	if len(m.HLines)+len(m.VLines) > 0 {
		ml := &markLine{
			Symbol: []string{"none", "none"}, Precision: 10,
			LineStyle: map[string]any{"color": markColor, "type": "dashed", "width": 1},
			Label:     markLabel{Show: true, Position: "insideEndTop", Formatter: "{b}", FontSize: 11, LineHeight: 14},
			Emphasis:  map[string]any{"lineStyle": map[string]any{"width": 1.5}},
		}
		for _, l := range m.HLines {
			it := markLineItem{Name: l.Label, YAxis: at(l.Value, logY)}
			if l.Label == "" {
				it.Label = hidden
			}
			ml.Data = append(ml.Data, it)
		}
		for _, l := range m.VLines {
			it := markLineItem{Name: l.Label, XAxis: at(l.Value, logX)}
			if l.Label == "" {
				it.Label = hidden
			}
			ml.Data = append(ml.Data, it)
		}
		ms.MarkLine = ml
	}
	if len(m.Bands) > 0 {
		ma := &markArea{
			ItemStyle: map[string]any{"color": markFill},
			Label:     markLabel{Show: true, FontSize: 11, LineHeight: 14},
			Emphasis:  map[string]any{"disabled": true},
		}
		for _, b := range m.Bands {
			lo, hi := markAreaEnd{Name: b.Label}, markAreaEnd{}
			label := &markLabel{Show: b.Label != "", Position: "insideTopLeft"}
			if b.Axis == "x" {
				lo.XAxis, hi.XAxis = at(b.Lo, logX), at(b.Hi, logX)
				label.Position = "insideTop"
			} else {
				lo.YAxis, hi.YAxis = at(b.Lo, logY), at(b.Hi, logY)
			}
			lo.Label = label
			ma.Data = append(ma.Data, [2]markAreaEnd{lo, hi})
		}
		ms.MarkArea = ma
	}
	if len(m.Annotations) > 0 {
		mp := &markPoint{
			Tooltip:  map[string]any{"show": false},
			Emphasis: map[string]any{"disabled": true},
		}
		for _, a := range m.Annotations {
			it := markPointItem{
				Name: a.Text, Coord: [2]float64{axisValue(a.X, logX), axisValue(a.Y, logY)},
				Symbol: "circle", SymbolSize: [2]int{5, 5},
				ItemStyle: map[string]any{"color": markColor},
				Label:     markLabel{Show: true, Position: a.Position, Formatter: "{b}", FontSize: 11, LineHeight: 14, Distance: 4},
			}
			if a.Arrow {
				ar := arrows[a.Position]
				it.Symbol, it.SymbolSize, it.SymbolOffset = ar.path, ar.size, ar.offset
				it.Label.Distance = 2
			}
			mp.Data = append(mp.Data, it)
		}
		ms.MarkPoint = mp
	}
	return []auxSeries{{typ: "line", opt: ms}}
}
