package chart

import (
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/fastjson"
	"github.com/scalesite/scalesite/site"
)

// Formatter tokens: the site script (themes/default/assets/format.js,
// tooltip.js and site.js) swaps these strings for functions. Nothing from
// the content ever becomes code.
const (
	tooltipToken     = "@tooltip"
	formatPrefix     = "@"
	placeLabelsToken = "@placeLabels"
)

// Layout constants the site script lays the panels out with, for the
// width the chart gets (chartlayout.js frame; one column on a phone).
const (
	// denseLine is the number of points above which a line is drawn without
	// a marker on every point (markers show on hover).
	denseLine = 150
	// rowHeight is the height of one row of panels in a chart of several
	// rows.
	rowHeight = 280
)

// DefaultHeight is the height of a chart whose spec sets none, which
// check (package check) measures label room against.
const DefaultHeight = 440

// optTrue and optFalse are the go-echarts booleans (types.Bool, a *bool)
// of every option: shared, as nothing writes through them.
var (
	optTrue  = opts.Bool(true)
	optFalse = opts.Bool(false)
)

func optBool(v bool) types.Bool {
	if v {
		return optTrue
	}
	return optFalse
}

// Option builds the ECharts option of a chart through go-echarts'
// types and writes it as JSON (chartjson.go): the map layouts/chart.html
// gets as chartData.Option, of the option's top-level keys and their
// JSON.
func Option(c *site.Chart) map[string]any {
	return buildOption(c).write().optionMap()
}

// buildOption builds the option of a chart as go-echarts values, an XY
// chart whose series each carry their own type.
func buildOption(c *site.Chart) *echartsOption {
	sc := c.Spec
	n := len(sc.Panels)
	o := &echartsOption{}
	styles := SeriesStyles(c)
	nums, numeric := NumericNames(c)
	if !numeric {
		nums = nil
	}
	legend := (showLegend(c) || hasDerived(c)) && !sc.Legend.Hide

	o.legend = opts.Legend{Show: optBool(legend), Type: "plain", Bottom: "0", Left: "center"}
	// No ECharts toolbox: the figure's HTML toolbar (Save PNG, Save SVG,
	// Zoom to area, Reset zoom) does what it did, by keyboard too, and the
	// bundle is 9 KB lighter without it.
	// No aria in the option: the bundle has no aria component, and the
	// figure carries the same text as its role="img" aria-label.

	// The panels' places (grids, panel titles, which panel carries a shared
	// axis title) are the theme's to decide, for the width the chart gets
	// (chartlayout.js frame): the option says what is drawn, not where.
	cols, _ := gridShape(sc)
	panelTitles := sc.HasPanels && hasPanelTitles(sc)
	titles := []opts.Title{{Title: sc.Title, Subtitle: sc.Subtitle, Left: "center"}}
	sharedX, sharedY := sharedTitle(sc, true), sharedTitle(sc, false)

	ex := &o.ex
	ex.meta = chartMeta{Columns: cols, Panels: n, Height: sc.Height, RowHeight: rowHeight, LegendTitle: sc.Legend.Title}
	if c.TitleTeX != nil || c.SubtitleTeX != nil {
		// typeset, drawn over the chart, not by ECharts
		titles[0].Title, titles[0].Subtitle = "", ""
		ex.meta.TeXTitle, ex.meta.TeXSubtitle = c.TitleTeX, c.SubtitleTeX
	}
	if legend && sc.Legend.Title != "" {
		titles = append(titles, opts.Title{Title: sc.Legend.Title, Left: "center", Bottom: "26", TitleStyle: &opts.TextStyle{FontSize: 12}})
		ex.meta.LegendTitleIndex = len(titles) - 1
	}
	axisIdx := make([]int, n)
	ex.logX, ex.logY = make([]bool, 0, n), make([]bool, 0, n)
	ex.unitX, ex.unitY = make([]unitMark, 0, n), make([]unitMark, 0, n)
	o.xAxes, o.yAxes = make([]opts.XAxis, 0, n), make([]opts.YAxis, 0, n)
	for i, p := range sc.Panels {
		if panelTitles {
			titles = append(titles, opts.Title{Title: p.Title})
		}
		xlo, xhi, ylo, yhi := PanelExtent(c, i)
		xo := newAxisOptions(p.X, xlo, xhi, c.Panels[i].LooksLikeYears(true))
		yo := newAxisOptions(p.Y, ylo, yhi, c.Panels[i].LooksLikeYears(false))
		// a title every panel shares is the meta's: the layout writes it
		// under each column's bottom panel and beside each row's first
		if sharedX {
			xo.name = ""
			ex.meta.XTitle = axisName(p.X)
		}
		if sharedY {
			yo.name = ""
			ex.meta.YTitle = axisName(p.Y)
		}
		o.xAxes = append(o.xAxes, xo.xAxis(i))
		o.yAxes = append(o.yAxes, yo.yAxis(i))
		ex.logX = append(ex.logX, xo.log)
		ex.logY = append(ex.logY, yo.log)
		ex.meta.Raw = ex.meta.Raw || xo.log || yo.log
		ex.unitX, ex.unitY = append(ex.unitX, axisMarkOf(p.X)), append(ex.unitY, axisMarkOf(p.Y))
		axisIdx[i] = i
	}
	o.zooms = []opts.DataZoom{
		{Type: "inside", XAxisIndex: axisIdx, FilterMode: "none"},
		{Type: "inside", YAxisIndex: axisIdx, FilterMode: "none"},
	}

	// A series is one entry, a fit at most two (its curve and its band);
	// what is rarer (a smoothed pair's second entry, isoflop marks) grows
	// the lists, and appendAux grows them once for the intervals and marks.
	// Each entry is some 1.3 KB: reserving for the rare cases too tripled
	// what a cold build allocated here.
	nseries := 0
	for i := range sc.Panels {
		nseries += len(c.Panels[i].Series) + 2*len(c.Panels[i].Fits)
	}
	o.series, ex.series = make(charts.MultiSeries, 0, nseries), make([]seriesExtra, 0, nseries)
	target := sc.LineTarget(c.LongLines())
	var aux []auxSeries // intervals and marks, drawn after every data series (marks.go)
	fitNamer := newFitNames(c, nums)
	for i, p := range sc.Panels {
		labels, points := 0, 0
		for _, s := range c.Panels[i].Series {
			points += len(s.Points)
			for _, pt := range s.Points {
				if s.Notes.Label(pt) != "" && !s.Notes.NameOnly(pt) {
					labels++
				}
			}
		}
		ex.meta.Labels = max(ex.meta.Labels, labels)
		crowd := crowding{smallMarkers: points > crowdedPoints}
		if labels > crowdedLabels {
			crowd.labels = 1
		}
		if labels > 2*crowdedLabels {
			crowd.labels = 2
		}
		ordered := orderSeries(sc.Order, sortedSeries(c.Panels[i], nums))
		thinned := thinPanel(c, i, ordered, target)
		for k, s := range ordered {
			pts := thinned[k].pts
			logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
			name, st := legendName(p, s, nums), styles[StyleKey(p, s)]
			linePts, bandPts, notes := groupDrawn(p, s, pts)
			ss, extra := series(p, linePts, notes, i, name, st, crowd)
			ss, extra = restyle(ss, extra, st, crowd)
			aux = append(aux, intervalSeries(p, bandPts, notes, i, name, st, ss.Type == types.ChartLine, len(aux))...)
			if p.Type == chartspec.TypeLine && target > 0 {
				aux = append(aux, spreadSeries(thinned[k].spread, i, name, st, len(aux))...)
			}
			if smoothable(p, ss) {
				// smoothed from every row, then drawn at the rows kept
				sp := smoothedPoints(p.Smooth, s.Points)
				kept, ok := alongside(s.Points, pts, sp)
				if !ok && target > 0 {
					kept = downsample(sp, nil, target, logX, logY)
				}
				sm, smx := series(p, rounded(kept), nil, i, name, st, crowd)
				sm, smx = restyle(sm, smx, st, crowd)
				pair, pairx := smoothPair(p.Smooth, sm, smx, ss, extra, s.Points, drawn(pts), len(o.series))
				o.series, ex.series = append(o.series, pair...), append(ex.series, pairx...)
				ex.axisTooltip = true
				continue
			}
			o.series = append(o.series, ss)
			ex.series = append(ex.series, extra)
			if extra.dense {
				ex.axisTooltip = true
			}
		}
		fs, fx, fa := fitSeries(c, i, styles, fitNamer, len(aux))
		o.series, ex.series = append(o.series, fs...), append(ex.series, fx...)
		aux = append(aux, fa...)
		ms, mx, ma := isoflopMarks(c, i, styles, fitNamer, len(aux))
		o.series, ex.series, aux = append(o.series, ms...), append(ex.series, mx...), append(aux, ma...)
		aux = append(aux, markSeries(p, i)...)
	}
	appendAux(o, aux)
	trigger := "item"
	if ex.axisTooltip {
		trigger = "axis" // a dense line has no markers to point at
	}
	o.tooltip = opts.Tooltip{Show: optTrue, Trigger: trigger, Formatter: types.FuncStr(tooltipToken)}
	o.titles = titles
	return o
}

// PanelExtent is the range of values panel i's axes must show when the
// spec sets no bounds: its points, their intervals, its reference lines,
// bands and notes, and its fitted curves (extrapolations included).
func PanelExtent(c *site.Chart, i int) (xlo, xhi, ylo, yhi float64) {
	p := c.Spec.Panels[i]
	xlo, xhi, ylo, yhi = c.Panels[i].Extent()
	xlo, xhi, ylo, yhi = fitExtent(p, c.Panels[i], xlo, xhi, ylo, yhi)
	ylo, yhi = bandExtent(p, c.Panels[i], ylo, yhi)
	return marksExtent(p, c.Panels[i], xlo, xhi, ylo, yhi)
}

// gridShape is the number of columns and rows of panels on a wide screen.
func gridShape(sc *chartspec.Chart) (cols, rows int) {
	n := len(sc.Panels)
	cols = sc.Columns
	if cols == 0 {
		cols = min(n, chartspec.MaxColumns)
	}
	cols = max(1, min(cols, n))
	return cols, (n + cols - 1) / cols
}

// Height is the height a chart is first drawn at, before the site
// script fits it to its width: the spec's height for one row of panels,
// else a row height per row.
func Height(sc *chartspec.Chart) int {
	_, rows := gridShape(sc)
	h := sc.Height
	if h == 0 {
		h = DefaultHeight
	}
	if rows > 1 && sc.Height == 0 {
		h = 70 + rows*rowHeight + 40
	}
	return h
}

func hasPanelTitles(sc *chartspec.Chart) bool {
	for _, p := range sc.Panels {
		if p.Title != "" {
			return true
		}
	}
	return false
}

// sharedTitle reports whether every panel of a chart of several panels has
// the same x (or y) axis title: then it is written once per row (or column).
func sharedTitle(sc *chartspec.Chart, x bool) bool {
	if len(sc.Panels) < 2 {
		return false
	}
	name := func(p chartspec.Panel) string {
		if x {
			return axisName(p.X)
		}
		return axisName(p.Y)
	}
	first := name(sc.Panels[0])
	for _, p := range sc.Panels[1:] {
		if name(p) != first {
			return false
		}
	}
	return true
}

// showLegend: a legend is drawn when there is something to tell apart.
func showLegend(c *site.Chart) bool {
	for i, p := range c.Spec.Panels {
		if p.Named() || len(c.Panels[i].Series) > 1 {
			return true
		}
	}
	return false
}

// seriesName names a series in the legend and tooltip. A chart without a
// series column has one series, named after its y axis.
func seriesName(p chartspec.Panel, s site.Series, nums map[string]float64) string {
	if p.Named() {
		if v, ok := nums[s.Name]; ok {
			return legendNumber(s.Name, v)
		}
		return s.Name
	}
	if p.Y.Title != "" {
		return p.Y.Title
	}
	return p.Y.Field.Name
}

// seriesExtra holds what go-echarts' SingleSeries has no field for.
type seriesExtra struct {
	labelLayout string
	lineStyle   map[string]any
	dense       bool
	own         any            // a whole series of scalesite's own, written as it is (marks.go)
	derived     *seriesDerived // a fit or frontier (fit.go)
}

// series builds one drawn series. Points with a label are {name, value}
// items, so the label and the tooltip can show the name; others are arrays.
// A panel crowded with points draws smaller markers, and one crowded with
// labels smaller labels, so that more of them find room.
const (
	crowdedPoints = 60
	crowdedLabels = 40
)

type crowding struct {
	smallMarkers bool
	labels       int // 0, 1 (crowded) or 2 (twice as crowded)
}

func series(p chartspec.Panel, pts []site.Point, notes *site.Notes, grid int, name string, st SeriesStyle, crowd crowding) (charts.SingleSeries, seriesExtra) {
	items, labelled := seriesData(pts, notes)
	ss := charts.SingleSeries{
		Name: name, Data: items, XAxisIndex: grid, YAxisIndex: grid,
		ItemStyle: &opts.ItemStyle{Color: st.Color},
		Emphasis:  &opts.Emphasis{Focus: "series"},
		Symbol:    st.Symbol,
	}
	var ex seriesExtra
	if p.Type == chartspec.TypeScatter {
		ss.Type, ss.SymbolSize = types.ChartScatter, 10
		if crowd.smallMarkers {
			ss.SymbolSize = 7
		}
	} else {
		ss.Type, ss.SymbolSize, ss.ShowSymbol = types.ChartLine, 7, optTrue
		ls := map[string]any{"color": st.Color, "width": 2}
		if st.Dash != nil {
			ls["type"] = st.Dash
		}
		ex.lineStyle = ls
		if drawn(pts) > denseLine {
			// A marker on each of thousands of points draws a solid band that
			// hides the other runs; ECharts shows the marker under the pointer.
			ss.ShowSymbol = optFalse
			ex.dense = true
			ls["width"] = 1.5
		}
	}
	if labelled {
		// An explicit font and line height: the site script measures labels
		// with the same font to place them, and ECharts would otherwise
		// measure a label's height with a CJK glyph.
		ss.Label = &opts.Label{Show: optTrue, Position: "right", Formatter: "{b}", FontSize: 11, LineHeight: 14}
		switch crowd.labels {
		case 1:
			ss.Label.FontSize, ss.Label.LineHeight = 10, 12
		case 2:
			ss.Label.FontSize, ss.Label.LineHeight = 9, 11
		}
		ex.labelLayout = placeLabelsToken
	}
	return ss, ex
}

// drawn counts the points of a series that are not gaps.
func drawn(pts []site.Point) int {
	n := 0
	for _, pt := range pts {
		if !math.IsNaN(pt.Y) {
			n++
		}
	}
	return n
}

// pointsData is a series' points, written into the option as JSON when the
// option is written (chartjson.go): a page of charts is mostly numbers,
// and encoding them through reflection was the largest cost of rendering.
type pointsData struct {
	points []site.Point
	notes  *site.Notes // the points' labels and bounds
}

// MarshalJSON writes the points as the option holds them.
func (d pointsData) MarshalJSON() ([]byte, error) {
	return appendPoints(nil, d.points, d.notes), nil
}

// seriesData is a series' points, with their notes, as its option's data,
// and whether any drawn point has a label.
func seriesData(points []site.Point, notes *site.Notes) (pointsData, bool) {
	labelled := false
	for _, pt := range points {
		if notes.Label(pt) != "" && !notes.NameOnly(pt) && !math.IsNaN(pt.Y) {
			labelled = true
			break
		}
	}
	return pointsData{points, notes}, labelled
}

// appendPoints writes points as JSON. Strings are escaped as encoding/json
// escapes them (fastjson.AppendString), <, > and & included, as in any other
// part of the option.
//
// A point is [x, y], its values as they are: on a panel with a log axis
// too (chartMeta.Raw), where the page's layout (chartlayout.js expandRaw)
// makes it [X, Y, x, y], X and Y in axis space (log10, as logCoord), before
// anything draws it, so that the page carries each value once. A gap (Y
// NaN) is [x, "-"], which breaks the line. Points
// with a label are {name, value} items, so the label and the tooltip can
// show the name; a point only named (site.Notes.NameOnly) hides its label.
// notes are the points' labels and bounds.
func appendPoints(b []byte, points []site.Point, notes *site.Notes) []byte {
	if b == nil {
		b = make([]byte, 0, 24*len(points)+2)
	}
	b = append(b, '[')
	for i, pt := range points {
		if i > 0 {
			b = append(b, ',')
		}
		x := pt.X
		if math.IsNaN(pt.Y) {
			b = append(b, '[')
			b = appendNumber(b, x)
			b = append(b, `,"-"]`...)
			continue
		}
		y := pt.Y
		label, bounds := notes.Label(pt), notes.Bounds(pt)
		item := label != "" || bounds != nil // an interval goes with the point, for the tooltip
		if label != "" {
			b = append(b, `{"name":`...)
			b = fastjson.AppendString(b, label)
			b = append(b, `,"value":`...)
		} else if item {
			b = append(b, `{"value":`...)
		}
		b = append(b, '[')
		b = appendNumber(b, x)
		b = append(b, ',')
		b = appendNumber(b, y)
		b = append(b, ']')
		if item {
			b = appendInterval(b, bounds)
			if notes.NameOnly(pt) {
				// named for the tooltip, not labelled (label only:)
				b = append(b, `,"label":{"show":false}`...)
			}
			b = append(b, '}')
		}
	}
	return append(b, ']')
}

// logCoord is a value's place on a log axis: its exponent, to 1e-10 of a
// decade (far below a pixel at any zoom a reader can reach), so the option
// carries 23.4969296481 rather than 23.496929648073216.
func logCoord(v float64) float64 {
	return math.Round(log10(v)*1e10) / 1e10
}

// appendNumber writes a float in the shorter of its plain and scientific
// forms (1e+20, not 100000000000000000000): both are JSON, both read back
// as the same float64, and scaling data is full of powers of ten. The plain
// form is kept when it has at most 6 characters.
//
// Both forms are written from the shortest decimal digits that read back
// as v, found once: for a number of at most 15 significant digits between
// 1e-8 and 1e36 (data, log coordinates) by integer arithmetic, else by
// strconv. The bytes are strconv's 'f' or 'e' form
// (TestAppendNumberMatchesStrconv).
func appendNumber(b []byte, v float64) []byte {
	if v == math.Trunc(v) && v > -1e5 && v < 1e6 && (v != 0 || !math.Signbit(v)) {
		return strconv.AppendInt(b, int64(v), 10) // at most 6 characters
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.AppendFloat(b, v, 'f', -1, 64)
	}
	var buf [32]byte
	neg := math.Signbit(v)
	if digits, exp, ok := shortDigits(buf[:0], math.Abs(v)); ok {
		return appendDigits(b, neg, digits, exp)
	}
	sci := strconv.AppendFloat(buf[:0], v, 'e', -1, 64) // -d.ddde±dd
	i := len(sci) - 1
	for sci[i] != 'e' {
		i--
	}
	exp := 0
	for _, c := range sci[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if sci[i+1] == '-' {
		exp = -exp
	}
	digits := sci[:0]
	for _, c := range sci[:i] {
		if c >= '0' && c <= '9' {
			digits = append(digits, c) // in place: never ahead of c
		}
	}
	return appendDigits(b, neg, digits, exp)
}

// pow10 are the powers of ten from 10⁻⁸ to 10³⁷, pow10[i] = 10^(i-8);
// those up to 10²² are exact floats.
var pow10 = func() (p [46]float64) {
	for i := range p {
		p[i], _ = strconv.ParseFloat("1e"+strconv.Itoa(i-8), 64)
	}
	return p
}()

// shortDigits finds the shortest decimal digits of a (positive, finite)
// when 15 significant digits hold it: a is then the float nearest to
// k×10^(e-14), for k an integer and 10^e ≤ a < 10^(e+1). Floats near a are
// less than a quarter of 10^(e-14) apart, so no other decimal on that grid
// (none with 15 digits or fewer) reads back as a: k's digits, without
// trailing zeros, are a's shortest. a = d.ddd×10^exp.
func shortDigits(buf []byte, a float64) (digits []byte, exp int, ok bool) {
	if a < 1e-8 || a >= 1e36 {
		return nil, 0, false
	}
	// log10(a) from a's binary exponent (log10 2 ≈ 78913/2¹⁸), then set
	// right by the powers of ten.
	e := ((int(math.Float64bits(a)>>52) - 1023) * 78913) >> 18
	e = max(-8, min(e, 35))
	for e > -8 && a < pow10[e+8] {
		e--
	}
	for e < 35 && a >= pow10[e+9] {
		e++
	}
	// 10^e ≤ a < 10^(e+1), but for a being the float nearest 10^e, below
	// it (which makes the grid coarser, never finer).
	var k float64
	if m := 14 - e; m >= 0 {
		k = math.Round(a * pow10[m+8])
		ok = k < 1<<53 && k/pow10[m+8] == a
	} else {
		k = math.Round(a / pow10[-m+8])
		ok = k < 1<<53 && k*pow10[-m+8] == a
	}
	if !ok || k == 0 {
		return nil, 0, false
	}
	u, zeros := uint64(k), 0
	if u%1e8 == 0 {
		u, zeros = u/1e8, zeros+8
	}
	if u%1e4 == 0 {
		u, zeros = u/1e4, zeros+4
	}
	if u%1e2 == 0 {
		u, zeros = u/1e2, zeros+2
	}
	if u%10 == 0 {
		u, zeros = u/10, zeros+1
	}
	digits = strconv.AppendUint(buf, u, 10)
	return digits, len(digits) + zeros - 1 + e - 14, true
}

// appendDigits writes the number ±0.d₁d₂…×10^(exp+1) (digits without
// trailing zeros) as appendNumber does: plain when that has at most 6
// characters or is no longer than the scientific form, else scientific.
func appendDigits(b []byte, neg bool, digits []byte, exp int) []byte {
	nd := len(digits)
	plain := nd + 1 // d.ddd
	switch {
	case exp >= 0 && nd <= exp+1:
		plain = exp + 1 // ddd000
	case exp < 0:
		plain = 1 - exp + nd // 0.000ddd
	}
	sci := nd + 4 // de+dd
	if nd > 1 {
		sci++ // the point
	}
	if exp >= 100 || exp <= -100 {
		sci++
	}
	if neg {
		b = append(b, '-')
		plain++
		sci++
	}
	if plain > 6 && sci < plain {
		b = append(b, digits[0])
		if nd > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		e := exp
		if e < 0 {
			b = append(b, '-')
			e = -e
		} else {
			b = append(b, '+')
		}
		if e < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(e), 10)
	}
	switch {
	case exp >= 0 && nd <= exp+1:
		b = append(b, digits...)
		for range exp + 1 - nd {
			b = append(b, '0')
		}
	case exp >= 0:
		b = append(b, digits[:exp+1]...)
		b = append(b, '.')
		b = append(b, digits[exp+1:]...)
	default:
		b = append(b, '0', '.')
		for range -exp - 1 {
			b = append(b, '0')
		}
		b = append(b, digits...)
	}
	return b
}
