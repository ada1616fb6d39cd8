package chart

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// Fitted curves and frontiers are series the renderer derives from the
// data: a dashed line per fit (the fitted formula and R² are its legend
// name, and so its tooltip's title), a dotted one where it is extrapolated
// past the data, and a staircase through the frontier's points with a ring
// over each of them. They are never downsampled: a fit line has
// fitSamples points whatever the data has.

const (
	// fitSamples is how many points draw a fit over the data's x range,
	// evenly spaced in axis space (in log10 x on a log axis).
	fitSamples = 100
	// neutralColor draws what belongs to no one series: a fit over all
	// points and the frontier. The site script lifts it on a dark page, as
	// every series colour, to 3:1 contrast.
	neutralColor = "#3d444d"
)

// The roles of derived series (scalesiteFit.role in the option).
const (
	roleFit            = "fit"
	roleExtrapolation  = "extrapolation"
	roleFrontier       = "frontier"
	roleFrontierPoints = "frontier-points"
)

// fitMark tells the site script and tests what a derived series is, and a
// fit's constants; ECharts ignores it.
type fitMark struct {
	Role string `json:"role"`
	// A fit's law and constants, as the fit package defines them.
	Type string  `json:"type,omitempty"`
	A    float64 `json:"a"`
	B    float64 `json:"b"`
	C    float64 `json:"c"`
	R2   float64 `json:"r2"`
	N    int     `json:"n,omitempty"`
	// Series is the series fitted, as the data spells it ("" for a fit over
	// all points or the frontier).
	Series string `json:"series,omitempty"`
}

// seriesDerived holds the keys of a derived series that go-echarts'
// SingleSeries has no field for; the option carries them on the series.
type seriesDerived struct {
	Fit    *fitMark `json:"scalesiteFit,omitempty"`
	Silent bool     `json:"silent,omitempty"`
	// Z and Smooth are a smoothed line's pair (smooth.go).
	Z      int         `json:"z,omitempty"`
	Smooth *smoothMark `json:"scalesiteSmooth,omitempty"`
}

// hasDerived reports whether the chart draws a fit or a frontier: their
// names (the formulas) are in the legend, so it is shown.
func hasDerived(c *site.Chart) bool {
	for i, p := range c.Spec.Panels {
		if len(c.Panels[i].Fits) > 0 || p.Frontier.Dir != "" {
			return true
		}
	}
	return false
}

// fitSeries builds the derived series of panel i: its fits, their
// extrapolations, its frontier and the frontier's rings; and the bands of
// its extrapolated fits by law, drawn with the marks (aux; bands numbers
// the chart's bands so far, to give each an id).
func fitSeries(c *site.Chart, i int, styles map[string]SeriesStyle, names *fitNames, bands int) ([]charts.SingleSeries, []seriesExtra, []auxSeries) {
	p := c.Spec.Panels[i]
	data := c.Panels[i]
	logX, logY := p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog
	var out []charts.SingleSeries
	var extras []seriesExtra
	var aux []auxSeries
	seen := fitsBefore(c, i, styles)
	for _, f := range data.Fits {
		color := fitColor(p, f, styles)
		name := fitName(c, i, f, names)
		// fits sharing a colour (one series fitted in several panels) differ
		// in dash, as their legend entries do in name
		dash := fitDashes[seen[color]%len(fitDashes)]
		seen[color]++
		mark := &fitMark{Role: roleFit, Type: f.Kind, A: f.A, B: f.B, C: f.C, R2: f.R2, N: f.N, Series: f.Series}
		for _, st := range fitStrands(f, p) {
			ss, ex := fitLine(name, st.main, i, color, logX, logY, map[string]any{"color": color, "width": 2, "type": dash})
			ex.derived = &seriesDerived{Fit: mark}
			out, extras = append(out, ss), append(extras, ex)
			if len(st.ext) > 0 {
				em := *mark
				em.Role = roleExtrapolation
				ss, ex := fitLine(name, st.ext, i, color, logX, logY, map[string]any{"color": color, "width": 2, "type": []int{2, 3}, "opacity": 0.75})
				ex.derived = &seriesDerived{Fit: &em}
				out, extras = append(out, ss), append(extras, ex)
			}
			if a, ok := lawBand(name, st.band, st.bandNotes, i, color, logX, logY, bands+len(aux)); ok {
				aux = append(aux, a)
			}
		}
	}
	if p.Frontier.Dir != "" {
		pts := data.FrontierPoints(p.Frontier.Dir == chartspec.FrontierMax)
		items, _ := seriesData(unlabelled(pts), nil)
		line := charts.SingleSeries{
			Name: frontierName, Type: types.ChartLine, Data: items, XAxisIndex: i, YAxisIndex: i,
			ItemStyle: &opts.ItemStyle{Color: neutralColor}, ShowSymbol: optFalse, Symbol: "none",
			Step: "end", Emphasis: &opts.Emphasis{Focus: "series"},
		}
		out = append(out, line)
		extras = append(extras, seriesExtra{
			lineStyle: map[string]any{"color": neutralColor, "width": 1.5, "opacity": 0.8},
			derived:   &seriesDerived{Fit: &fitMark{Role: roleFrontier}},
		})
		// Rings a size above the data's markers; on a long frontier
		// (learning curves) smaller and thinner, so the curves still show.
		size, border := 13, float32(2)
		if len(pts) > 40 {
			size, border = 9, 1.25
		}
		rings := charts.SingleSeries{
			Name: frontierName, Type: types.ChartScatter, Data: items, XAxisIndex: i, YAxisIndex: i,
			Symbol: "circle", SymbolSize: size,
			ItemStyle: &opts.ItemStyle{Color: "transparent", BorderColor: neutralColor, BorderWidth: border},
		}
		out = append(out, rings)
		extras = append(extras, seriesExtra{derived: &seriesDerived{Fit: &fitMark{Role: roleFrontierPoints}, Silent: true}})
	}
	return out, extras, aux
}

// fitNames names the fits of one chart in the legend (fitOwner). It is
// made once per chart, so that naming F fits over S series costs O(F + S),
// not a pass over every series and every other panel's fits per fit, which
// made a chart of 3,000 fitted series take over a minute.
type fitNames struct {
	c    *site.Chart
	nums map[string]float64
	// manyStyles: the chart has more than one style key (series), so a
	// fit is named after its series.
	manyStyles bool
	// panels lists, for each fitBase, the panels that have a fit of it
	// (each panel once, in order).
	panels map[string][]int
}

func newFitNames(c *site.Chart, nums map[string]float64) *fitNames {
	n := &fitNames{c: c, nums: nums, manyStyles: len(styleNames(c)) > 1, panels: map[string][]int{}}
	for k := range c.Spec.Panels {
		if k >= len(c.Panels) {
			continue
		}
		for _, g := range c.Panels[k].Fits {
			base, _ := n.base(k, g)
			if ps := n.panels[base]; len(ps) == 0 || ps[len(ps)-1] != k {
				n.panels[base] = append(ps, k)
			}
		}
	}
	return n
}

// owner is what a fit's legend entry says before its formula: "fit"
// (or the spec's label), after the series it fits when the legend lists
// several series (and the spec's label does not name the one fit of the
// panel), then the panel it is drawn in when a fit of another panel would
// otherwise say the same: "Chinchilla fit", "Parameters fit",
// "a fit (Compute)". Two entries "fit: L = 11.6 · S⁻⁰·⁰⁷⁶" and
// "fit: L = 20.7 · S⁻⁰·⁰⁹⁶" in one legend would not say which curve is
// which; more words than that make a legend that wraps on a phone.
func (n *fitNames) owner(i int, f site.Fitted) string {
	own, series := n.base(i, f)
	if len(n.panels[own]) < 2 { // no other panel has a fit that says the same
		return own
	}
	if series {
		return own + " (" + panelName(n.c.Spec, i) + ")"
	}
	return panelName(n.c.Spec, i) + " " + own
}

// base is a fit's legend words without its panel: the spec's label or
// "fit", after the series' name where owner says (series reports it).
func (n *fitNames) base(i int, f site.Fitted) (string, bool) {
	p := n.c.Spec.Panels[i]
	what := "fit"
	if p.Fit.Label != "" {
		what = p.Fit.Label
	}
	if f.Series != "" && p.Named() && n.manyStyles && (p.Fit.Label == "" || len(n.c.Panels[i].Fits) > 1) {
		return seriesName(p, site.Series{Name: f.Series}, n.nums) + " " + what, true
	}
	return what, false
}

// panelName names panel i for a legend entry: its title, else its y
// axis' title when the panels' differ, else its x axis' title, else
// "panel N".
func panelName(sc *chartspec.Chart, i int) string {
	p := sc.Panels[i]
	switch {
	case p.Title != "":
		return p.Title
	case !sharedTitle(sc, false) && axisName(p.Y) != "":
		return axisName(p.Y)
	case !sharedTitle(sc, true) && axisName(p.X) != "":
		return axisName(p.X)
	}
	return "panel " + strconv.Itoa(i+1)
}

// fitDashes are the dashes of fit lines: the first fit of a colour gets the
// first, the next fit of that colour (in another panel) the second, ...
var fitDashes = [][]int{{7, 4}, {12, 3, 3, 3}, {4, 4}, {10, 2, 2, 2, 2, 2}}

// fitsBefore counts, per colour, the fits drawn in the panels before panel i.
func fitsBefore(c *site.Chart, i int, styles map[string]SeriesStyle) map[string]int {
	seen := map[string]int{}
	for k := 0; k < i && k < len(c.Panels); k++ {
		p := c.Spec.Panels[k]
		for _, f := range c.Panels[k].Fits {
			seen[fitColor(p, f, styles)]++
		}
	}
	return seen
}

// fitColor is the colour of a fit: its series' colour, or neutral for a fit
// over several series.
func fitColor(p chartspec.Panel, f site.Fitted, styles map[string]SeriesStyle) string {
	if f.Series != "" || (p.Fit.Over == chartspec.FitOverSeries && !p.Named()) {
		if st, ok := styles[StyleKey(p, site.Series{Name: f.Series})]; ok {
			return st.Color
		}
	}
	return neutralColor
}

// frontierName is the frontier's legend entry (its line and its rings).
const frontierName = "Frontier"

// fitLine is one drawn stretch of a fit: a line without markers. Its
// points have markers nobody sees until the pointer is on one, so that
// the tooltip names the fit and reads its value anywhere along it.
func fitLine(name string, pts []site.Point, grid int, color string, logX, logY bool, lineStyle map[string]any) (charts.SingleSeries, seriesExtra) {
	if logY {
		pts = append([]site.Point(nil), pts...)
		for k := range pts {
			if pts[k].Y <= 0 {
				pts[k].Y = math.NaN()
			}
		}
	}
	items, _ := seriesData(pts, nil)
	ss := charts.SingleSeries{
		Name: name, Type: types.ChartLine, Data: items, XAxisIndex: grid, YAxisIndex: grid,
		Symbol: "circle", SymbolSize: 6, ShowSymbol: optTrue,
		ItemStyle: &opts.ItemStyle{Color: color, Opacity: opts.Float(0)},
		Emphasis:  &opts.Emphasis{Focus: "series", ItemStyle: &opts.ItemStyle{Color: color, Opacity: opts.Float(1)}},
	}
	return ss, seriesExtra{lineStyle: lineStyle}
}

// fitCurve samples a fit over the x range of its points, and past it to
// extrapolate (if that lies outside the range), evenly in axis space. A
// value a log y axis cannot show (≤ 0) is a gap.
func fitCurve(f site.Fitted, extrapolate *float64, logX bool) (main, ext []site.Point) {
	conv, back := identity, identity
	if logX {
		conv, back = log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	lo, hi := conv(f.Lo), conv(f.Hi)
	sample := func(a, b float64, n int) []site.Point {
		pts := make([]site.Point, n)
		for k := range pts {
			t := float64(k) / float64(n-1)
			x := back(a + (b-a)*t)
			switch k {
			case 0:
				x = back(a)
			case n - 1:
				x = back(b)
			}
			pts[k] = site.Point{X: x, Y: f.Eval(x)}
		}
		return pts
	}
	main = sample(lo, hi, fitSamples)
	if extrapolate != nil && (!logX || *extrapolate > 0) {
		e := conv(*extrapolate)
		span := hi - lo
		n := func(d float64) int {
			if span <= 0 {
				return fitSamples / 2
			}
			return min(fitSamples, max(10, int(math.Round(fitSamples*d/span))))
		}
		switch {
		case e > hi:
			ext = sample(hi, e, n(e-hi))
		case e < lo:
			ext = sample(e, lo, n(lo-e))
		}
	}
	for _, pts := range [][]site.Point{main, ext} {
		for k := range pts {
			if y := pts[k].Y; math.IsInf(y, 0) {
				pts[k].Y = math.NaN()
			}
		}
	}
	return main, ext
}

func identity(v float64) float64 { return v }

// unlabelled copies points without their labels: the frontier draws no
// labels of its own.
func unlabelled(pts []site.Point) []site.Point {
	out := make([]site.Point, len(pts))
	for i, pt := range pts {
		out[i] = site.Point{X: pt.X, Y: pt.Y, Row: pt.Row}
	}
	return out
}

// fitExtent widens a panel's data extent to its fitted curves, the
// extrapolated parts included, so that the axes show them whole (bounds the
// spec sets still win).
func fitExtent(p chartspec.Panel, data site.Panel, xlo, xhi, ylo, yhi float64) (float64, float64, float64, float64) {
	logY := p.Y.Scale == chartspec.ScaleLog
	for _, f := range data.Fits {
		for _, st := range fitStrands(f, p) {
			fitExtentOf(st, logY, &xlo, &xhi, &ylo, &yhi)
		}
	}
	return xlo, xhi, ylo, yhi
}

// fitStrands are the curves a fit draws: one along the data's x range
// (and past it) for a law of x, one along each series fitted for a fit
// by law (lawfit.go).
func fitStrands(f site.Fitted, p chartspec.Panel) []lawStrand {
	if f.Law != nil {
		return lawStrands(f, p)
	}
	main, ext := fitCurve(f, p.Fit.Extrapolate, p.X.Scale == chartspec.ScaleLog)
	return []lawStrand{{main: main, ext: ext}}
}

// fitExtentOf widens an extent to a strand's curves.
func fitExtentOf(st lawStrand, logY bool, xlo, xhi, ylo, yhi *float64) {
	for _, pts := range [][]site.Point{st.main, st.ext} {
		for _, pt := range pts {
			if math.IsNaN(pt.Y) || (logY && pt.Y <= 0) {
				continue
			}
			*xlo, *xhi = min(*xlo, pt.X), max(*xhi, pt.X)
			*ylo, *yhi = min(*ylo, pt.Y), max(*yhi, pt.Y)
		}
	}
}

// symbols2 are the letters a fit's formula in panel i writes for y and x:
// the spec's response and variable (fit: {variable: N}), else the symbol
// each axis stands for (axisSymbol), or y and x when those are not letters
// or are the same.
func symbols2(sc *chartspec.Chart, i int) (y, x string) {
	p := sc.Panels[i]
	y, x = axisSymbol(sc, i, false), axisSymbol(sc, i, true)
	if p.Fit.Response != "" {
		y = p.Fit.Response
	}
	if p.Fit.Variable != "" {
		x = p.Fit.Variable
	}
	if y == "" || x == "" || y == x {
		return "y", "x"
	}
	return y, x
}

// axisSymbol is the letter that stands for panel i's x axis (or y) in a
// formula, following the panel's variable: a lone letter its title names
// ("Parameters N", "Tokens (D)", "Parameters $N$"); else, when another
// panel plots the same column under another title (L(N) and L(D) over one
// column scale), its title's first letter, capitalised; else its column's
// (loss and compute give L = a · Cᵇ). "" when that is not a letter.
func axisSymbol(sc *chartspec.Chart, i int, isX bool) string {
	axis := func(p chartspec.Panel) chartspec.Axis {
		if isX {
			return p.X
		}
		return p.Y
	}
	a := axis(sc.Panels[i])
	if s := titleSymbol(a.Title); s != "" {
		return s
	}
	name := a.Field.Name
	for k, q := range sc.Panels {
		if b := axis(q); k != i && b.Field.Name == a.Field.Name && b.Title != a.Title && a.Title != "" {
			name = a.Title
			break
		}
	}
	r, _ := utf8.DecodeRuneInString(name)
	if !unicode.IsLetter(r) {
		return ""
	}
	return string(unicode.ToUpper(r))
}

// titleSymbol is the last word of an axis title that is a lone letter,
// parentheses and punctuation around it aside: "N" of "Parameters N" or
// "Tokens (D)". The words a, A and I are English, not symbols.
func titleSymbol(title string) string {
	words := strings.Fields(title)
	for k := len(words) - 1; k >= 0; k-- {
		w := strings.Trim(words[k], "()[],.;:")
		r, size := utf8.DecodeRuneInString(w)
		if size == len(w) && size > 0 && unicode.IsLetter(r) && w != "a" && w != "A" && w != "I" {
			return w
		}
	}
	return ""
}
