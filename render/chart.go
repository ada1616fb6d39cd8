package render

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/spec"
)

// Formatter tokens: the site script (themes/default/assets/format.js and
// site.js) swaps these strings for functions. Nothing from the content ever
// becomes code.
const (
	tooltipToken     = "@tooltip"
	formatPrefix     = "@"
	placeLabelsToken = "@placeLabels"
)

// Layout constants shared with the site script, which lays the panels out
// again for the width the chart gets (one column on a phone).
const (
	// denseLine is the number of points above which a line is drawn without
	// a marker on every point (markers show on hover).
	denseLine = 150
	// rowHeight is the height of one row of panels in a chart of several
	// rows, and maxColumns the panels side by side when the spec does not
	// say.
	rowHeight  = 280
	maxColumns = 4
)

// chartOption builds the ECharts option of a chart through go-echarts and
// returns it as the map that html/template JSON-encodes into the page.
func chartOption(c *site.Chart, alt string) map[string]any {
	sc := c.Spec
	n := len(sc.Panels)
	ch := charts.NewScatter() // an XY chart; each series carries its own type
	styles := SeriesStyles(c)
	nums, numeric := numericNames(c)
	if !numeric {
		nums = nil
	}
	legend := (showLegend(c) || hasDerived(c)) && !sc.Legend.Hide

	ch.SetGlobalOptions(
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(legend), Type: "plain", Bottom: "0", Left: "center"}),
		charts.WithToolboxOpts(opts.Toolbox{Show: opts.Bool(true), Right: "4", Top: "0", Feature: &opts.ToolBoxFeature{
			DataZoom:    &opts.ToolBoxFeatureDataZoom{Show: opts.Bool(true), Title: map[string]string{"zoom": "Zoom to area", "back": "Undo zoom"}, Icon: map[string]string{}},
			Restore:     &opts.ToolBoxFeatureRestore{Show: opts.Bool(true), Title: "Reset"},
			SaveAsImage: &opts.ToolBoxFeatureSaveAsImage{Show: opts.Bool(true), Type: "png", Name: c.ID, Title: "Save as PNG"},
		}}),
		charts.WithAriaOpts(&opts.Aria{Enabled: opts.Bool(true), Label: &opts.AriaLabel{Enabled: opts.Bool(true), Description: alt}}),
	)

	cols, rows := gridShape(sc)
	top := 40
	if sc.Subtitle != "" {
		top += 18
	}
	panelTitles := sc.HasPanels && hasPanelTitles(sc)
	titles := []opts.Title{{Title: sc.Title, Subtitle: sc.Subtitle, Left: "center"}}
	sharedX, sharedY := sharedTitle(sc, true), sharedTitle(sc, false)

	ex := optionExtras{meta: chartMeta{Columns: cols, Panels: n, Height: sc.Height, RowHeight: rowHeight, LegendTitle: sc.Legend.Title}}
	if legend && sc.Legend.Title != "" {
		titles = append(titles, opts.Title{Title: sc.Legend.Title, Left: "center", Bottom: "26", TitleStyle: &opts.TextStyle{FontSize: 12}})
		ex.meta.LegendTitleIndex = len(titles) - 1
	}
	axisIdx := make([]int, n)
	ch.XAxisList, ch.YAxisList = nil, nil
	for i, p := range sc.Panels {
		// A first layout for a wide screen; the site script lays the panels
		// out again for the chart's real width.
		r, k := i/cols, i%cols
		width := 100.0 / float64(cols)
		rowTop := top + r*rowHeight
		if panelTitles {
			titles = append(titles, opts.Title{Title: p.Title, Left: pct((float64(k) + 0.5) * width), Top: strconv.Itoa(rowTop), TextAlign: "center",
				TitleStyle: &opts.TextStyle{FontSize: 13, FontWeight: "normal"}})
			rowTop += 22
		}
		ch.GridList = append(ch.GridList, opts.Grid{
			Left: pct(float64(k)*width + 6), Width: pct(width - 8), Top: strconv.Itoa(rowTop + 6), Height: strconv.Itoa(rowHeight - 80),
		})
		xlo, xhi, ylo, yhi := PanelExtent(c, i)
		xo := newAxisOptions(p.X, xlo, xhi, looksLikeYears(c.Panels[i], true))
		yo := newAxisOptions(p.Y, ylo, yhi, looksLikeYears(c.Panels[i], false))
		if sharedX && r < rows-1 && i+cols < n {
			xo.name = "" // the panel below carries the shared title
		}
		if sharedY && k > 0 {
			yo.name = ""
		}
		if sharedX {
			ex.meta.XTitle = axisName(p.X)
		}
		if sharedY {
			ex.meta.YTitle = axisName(p.Y)
		}
		ch.XAxisList = append(ch.XAxisList, xo.xAxis(i))
		ch.YAxisList = append(ch.YAxisList, yo.yAxis(i))
		ex.logX = append(ex.logX, xo.log)
		ex.logY = append(ex.logY, yo.log)
		ex.unitX, ex.unitY = append(ex.unitX, axisMarkOf(p.X)), append(ex.unitY, axisMarkOf(p.Y))
		axisIdx[i] = i
	}
	ch.DataZoomList = []opts.DataZoom{
		{Type: "inside", XAxisIndex: axisIdx, FilterMode: "none"},
		{Type: "inside", YAxisIndex: axisIdx, FilterMode: "none"},
	}

	target := sc.Downsample
	if target == 0 {
		target = spec.DefaultDownsample
	}
	var aux []auxSeries // intervals and marks, drawn after every data series (marks.go)
	for i, p := range sc.Panels {
		labels, points := 0, 0
		for _, s := range c.Panels[i].Series {
			points += len(s.Points)
			for _, pt := range s.Points {
				if pt.Label != "" {
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
		var ext [4]float64
		if p.Type == spec.TypeScatter && target > 0 {
			ext[0], ext[1], ext[2], ext[3] = PanelExtent(c, i)
		}
		for _, s := range orderSeries(sc.Order, sortedSeries(c.Panels[i], nums)) {
			pts := s.Points
			switch {
			case p.Type == spec.TypeLine && target > 0:
				pts = downsample(pts, target, p.X.Scale == spec.ScaleLog, p.Y.Scale == spec.ScaleLog)
			case p.Type == spec.TypeScatter && target > 0:
				pts = thinScatter(pts, ext, p.X.Scale == spec.ScaleLog, p.Y.Scale == spec.ScaleLog)
			}
			name := seriesName(p, s, nums)
			ss, extra := series(p, pts, i, name, styles[s.Name], crowd)
			ss, extra = restyle(ss, extra, styles[s.Name], crowd)
			aux = append(aux, intervalSeries(p, pts, i, name, styles[s.Name], ss.Type == types.ChartLine, len(aux))...)
			ch.MultiSeries = append(ch.MultiSeries, ss)
			ex.series = append(ex.series, extra)
			if extra.dense {
				ex.axisTooltip = true
			}
		}
		fs, fx := fitSeries(c, i, styles, nums)
		ch.MultiSeries, ex.series = append(ch.MultiSeries, fs...), append(ex.series, fx...)
		aux = append(aux, markSeries(p, i)...)
	}
	appendAux(ch, &ex, aux)
	trigger := "item"
	if ex.axisTooltip {
		trigger = "axis" // a dense line has no markers to point at
	}
	ch.SetGlobalOptions(charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: trigger, Formatter: types.FuncStr(tooltipToken)}))
	ex.titles = titles
	ch.Accept(ex)
	ch.Validate()
	return ch.JSON()
}

// PanelExtent is the range of values panel i's axes must show when the
// spec sets no bounds: its points, their intervals, its reference lines,
// bands and notes, and its fitted curves (extrapolations included).
func PanelExtent(c *site.Chart, i int) (xlo, xhi, ylo, yhi float64) {
	p := c.Spec.Panels[i]
	xlo, xhi, ylo, yhi = c.Panels[i].Extent()
	xlo, xhi, ylo, yhi = fitExtent(p, c.Panels[i], xlo, xhi, ylo, yhi)
	return marksExtent(p, c.Panels[i], xlo, xhi, ylo, yhi)
}

// gridShape is the number of columns and rows of panels on a wide screen.
func gridShape(sc *spec.Chart) (cols, rows int) {
	n := len(sc.Panels)
	cols = sc.Columns
	if cols == 0 {
		cols = min(n, maxColumns)
	}
	cols = max(1, min(cols, n))
	return cols, (n + cols - 1) / cols
}

// chartHeight is the height a chart is first drawn at, before the site
// script fits it to its width: the spec's height for one row of panels,
// else a row height per row.
func chartHeight(sc *spec.Chart) int {
	_, rows := gridShape(sc)
	h := sc.Height
	if h == 0 {
		h = DefaultChartHeight
	}
	if rows > 1 && sc.Height == 0 {
		h = 70 + rows*rowHeight + 40
	}
	return h
}

func hasPanelTitles(sc *spec.Chart) bool {
	for _, p := range sc.Panels {
		if p.Title != "" {
			return true
		}
	}
	return false
}

// sharedTitle reports whether every panel of a chart of several panels has
// the same x (or y) axis title: then it is written once per row (or column).
func sharedTitle(sc *spec.Chart, x bool) bool {
	if len(sc.Panels) < 2 {
		return false
	}
	name := func(p spec.Panel) string {
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
func seriesName(p spec.Panel, s site.Series, nums map[string]float64) string {
	if p.Series.Name != "" {
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

func series(p spec.Panel, pts []site.Point, grid int, name string, st SeriesStyle, crowd crowding) (charts.SingleSeries, seriesExtra) {
	logX, logY := p.X.Scale == spec.ScaleLog, p.Y.Scale == spec.ScaleLog
	items, labelled := seriesData(pts, logX, logY)
	ss := charts.SingleSeries{
		Name: name, Data: items, XAxisIndex: grid, YAxisIndex: grid,
		ItemStyle: &opts.ItemStyle{Color: st.Color},
		Emphasis:  &opts.Emphasis{Focus: "series"},
		Symbol:    st.Symbol,
	}
	var ex seriesExtra
	if p.Type == spec.TypeScatter {
		ss.Type, ss.SymbolSize = types.ChartScatter, 10
		if crowd.smallMarkers {
			ss.SymbolSize = 7
		}
	} else {
		ss.Type, ss.SymbolSize, ss.ShowSymbol = types.ChartLine, 7, opts.Bool(true)
		ls := map[string]any{"color": st.Color, "width": 2}
		if st.Dash != nil {
			ls["type"] = st.Dash
		}
		ex.lineStyle = ls
		if drawn(pts) > denseLine {
			// A marker on each of thousands of points draws a solid band that
			// hides the other runs; ECharts shows the marker under the pointer.
			ss.ShowSymbol = opts.Bool(false)
			ex.dense = true
			ls["width"] = 1.5
		}
	}
	if labelled {
		// An explicit font and line height: the site script measures labels
		// with the same font to place them, and ECharts would otherwise
		// measure a label's height with a CJK glyph.
		ss.Label = &opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{b}", FontSize: 11, LineHeight: 14}
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

// seriesData encodes a series' points as JSON once, here: a page of charts
// is mostly numbers, and encoding them through reflection was the largest
// cost of rendering. Strings go through encoding/json, which escapes <, >
// and & as in any other part of the option.
//
// A point is [X, Y] in axis space (log10 on a log axis); on a chart with a
// log axis the original values follow ([X, Y, x, y]) so that tooltips show
// them exactly. A gap (Y NaN) is [X, "-"], which breaks the line.
func seriesData(points []site.Point, logX, logY bool) (json.RawMessage, bool) {
	orig := logX || logY
	size := 24
	if orig {
		size = 48
	}
	b := make([]byte, 0, size*len(points)+2)
	b = append(b, '[')
	labelled := false
	for i, pt := range points {
		if i > 0 {
			b = append(b, ',')
		}
		x := pt.X
		if logX {
			x = logCoord(x)
		}
		if math.IsNaN(pt.Y) {
			b = append(b, '[')
			b = appendNumber(b, x)
			b = append(b, `,"-"]`...)
			continue
		}
		y := pt.Y
		if logY {
			y = logCoord(y)
		}
		item := pt.Label != "" || pt.Bounds != nil // an interval goes with the point, for the tooltip
		if pt.Label != "" {
			name, _ := json.Marshal(pt.Label)
			b = append(b, `{"name":`...)
			b = append(b, name...)
			b = append(b, `,"value":`...)
			labelled = true
		} else if item {
			b = append(b, `{"value":`...)
		}
		b = append(b, '[')
		b = appendNumber(b, x)
		b = append(b, ',')
		b = appendNumber(b, y)
		if orig {
			b = append(b, ',')
			b = appendNumber(b, pt.X)
			b = append(b, ',')
			b = appendNumber(b, pt.Y)
		}
		b = append(b, ']')
		if item {
			b = appendInterval(b, pt.Bounds)
			b = append(b, '}')
		}
	}
	return append(b, ']'), labelled
}

// logCoord is a value's place on a log axis: its exponent, to 1e-10 of a
// decade (far below a pixel at any zoom a reader can reach), so the option
// carries 23.4969296481 rather than 23.496929648073216.
func logCoord(v float64) float64 {
	return math.Round(math.Log10(v)*1e10) / 1e10
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
