package e2e

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// axisInfo is what the browser reports of one axis: its type and scale as
// the option gives them, its range in axis space (exponents on a log axis),
// the labelled tick values the site script set (axis space) with the texts
// its formatter gives them, and the tick labels drawn on the canvas, in
// reading order, with the numbers they read as.
type axisInfo struct {
	Type       string     `json:"type"`
	Log        bool       `json:"log"`
	Min        *float64   `json:"min"`
	Max        *float64   `json:"max"`
	Custom     []float64  `json:"custom"`
	CustomText []string   `json:"customText"`
	Drawn      []string   `json:"drawn"`
	Values     []*float64 `json:"values"`
}

// seriesInfo is one series as the chart instance holds it.
type seriesInfo struct {
	Name      string            `json:"name"`
	Type      string            `json:"type"`
	Data      []json.RawMessage `json:"data"`
	Labels    bool              `json:"labels"`
	XAxis     int               `json:"xAxis"`
	YAxis     int               `json:"yAxis"`
	Color     string            `json:"color"`
	LineColor string            `json:"lineColor"`
	Symbol    string            `json:"symbol"`
	Dash      json.RawMessage   `json:"dash"`
	// Derived marks a series scalesite drew from the data: a fit or a
	// frontier (fit_test.go checks those).
	Derived bool `json:"derived"`
	// Aux marks error bars, bands and reference marks (marks_test.go).
	Aux bool `json:"aux"`
	// Smooth is the series' scalesiteSmooth role: "smoothed" or "raw" for
	// the pair a smoothed line is drawn as (chart/smooth.go), else "".
	Smooth string `json:"smooth"`
}

// chartInfo is what the browser reports of one chart instance.
type chartInfo struct {
	ID           string       `json:"id"`
	X            []axisInfo   `json:"x"`
	Y            []axisInfo   `json:"y"`
	Series       []seriesInfo `json:"series"`
	LegendShown  bool         `json:"legendShown"`
	Legend       []string     `json:"legend"`
	Drawn        bool         `json:"drawn"`
	Formatter    string       `json:"formatter"`
	Width        float64      `json:"width"`
	AnimationOff bool         `json:"animationOff"`
}

// chartsJS collects, for every chart on the page, what ECharts itself holds
// and drew: the axes (readJS's scalesiteRead.num reads the drawn labels as
// numbers), the series with all their points, the legend.
const chartsJS = readJS + `return Object.entries(window.scalesite.charts).map(([id, c]) => {
  const o = c.getOption(), m = c.getModel();
  const axes = kind => (o[kind] || []).map((a, i) => {
    const am = m.getComponent(kind, i);
    const view = c.getViewOfComponentModel(am);
    const labels = [];
    if (view && view.group) view.group.traverse(e => {
      if (e.type !== 'text' || typeof e.anid !== 'string' || e.anid.indexOf('label_') !== 0 || e.ignore || e.invisible) return;
      if (!e.style || e.style.text == null || String(e.style.text) === '') return;
      const r = e.getBoundingRect().clone(); const tr = e.getComputedTransform(); if (tr) r.applyTransform(tr);
      labels.push({t: String(e.style.text), at: kind === 'xAxis' ? r.x + r.width / 2 : -(r.y + r.height / 2)});
    });
    labels.sort((p, q) => p.at - q.at);
    const al = a.axisLabel || {};
    const custom = Array.isArray(al.customValues) ? al.customValues : null;
    return {type: a.type, log: a.scalesiteLog === true,
      min: typeof a.min === 'number' ? a.min : null, max: typeof a.max === 'number' ? a.max : null,
      custom, customText: custom && typeof al.formatter === 'function' ? custom.map(v => String(al.formatter(v))) : null,
      drawn: labels.map(l => l.t), values: labels.map(l => {
        // a short unit on the ticks ("200 ms") follows the number after a no-break space
        const unit = typeof a.scalesiteTickUnit === 'string' && a.scalesiteTickUnit ? a.scalesiteTickUnit : '';
        let t = l.t;
        if (unit && t.endsWith(unit)) t = t.slice(0, -unit.length).replace(/[\u00a0 ]$/, '');
        return scalesiteRead.num(t);
      })};
  });
  const cv = c.getDom().querySelector('canvas');
  let drawn = false;
  if (cv) {
    const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
    for (let i = 3; i < d.length; i += 4 * 97) { if (d[i] !== 0) { drawn = true; break; } }
  }
  const lg = (o.legend || [])[0];
  const legendShown = !!lg && lg.show !== false;
  return {
    id, x: axes('xAxis'), y: axes('yAxis'),
    series: o.series.map((s, i) => ({name: s.name, type: s.type, data: s.data, labels: !!(s.label && s.label.show),
      xAxis: s.xAxisIndex || 0, yAxis: s.yAxisIndex || 0, color: String(c.getVisual({seriesIndex: i}, 'color')),
      lineColor: s.lineStyle && s.lineStyle.color != null ? String(s.lineStyle.color) : '',
      symbol: s.symbol == null ? '' : String(s.symbol),
      dash: s.lineStyle && s.lineStyle.type != null ? s.lineStyle.type : null, derived: !!s.scalesiteFit,
      smooth: s.scalesiteSmooth ? String(s.scalesiteSmooth.role) : '',
      aux: !s.scalesiteSmooth && typeof s.id === 'string' && s.id.indexOf('scalesite-') === 0})),
    legendShown, legend: legendShown ? m.getComponent('legend').getData().map(d => d.get('name')) : [],
    drawn, formatter: typeof o.tooltip[0].formatter, width: c.getWidth(), animationOff: o.animation === false,
  };
});`

// TestDemoSiteInChromium builds the demo site, serves it, and checks every
// page's charts against their specs and data in a real browser.
func TestDemoSiteInChromium(t *testing.T) {
	b := newBrowser(t)
	root, _ := filepath.Abs("..")
	base := demoServer(t)
	s, err := site.Load(root, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages := append([]*site.Page{}, s.Pages...)
	if s.Home != nil {
		pages = append(pages, s.Home)
	}
	numeric := 0 // charts whose series are named by numbers
	for _, p := range pages {
		for _, c := range s.Body(p).Charts {
			if _, ok := chart.NumericNames(c); ok {
				numeric++
			}
		}
		t.Run(p.Path, func(t *testing.T) {
			t.Parallel()
			tb := b.window(t)
			url := base + "/" + p.Slug
			if p.Slug != "" {
				url += "/"
			}
			if err := chromedp.Run(tb.ctx, chromedp.Navigate(url)); err != nil {
				t.Fatalf("%s: %v", url, err)
			}
			var charts []chartInfo
			if len(p.Charts) > 0 {
				if err := chromedp.Run(tb.ctx, tb.waitCharts(len(p.Charts)), tb.waitSettled()); err != nil {
					t.Fatalf("%s: %v", url, err)
				}
				if err := tb.evalJSON(chartsJS, &charts); err != nil {
					t.Fatalf("%s: reading the charts: %v", url, err)
				}
			}
			name := p.Slug
			if name == "" {
				name = "home"
			}
			tb.saveScreenshot(t, "demo-"+strings.ReplaceAll(name, "/", "-"))
			if len(charts) != len(p.Charts) {
				t.Fatalf("%d chart instances, want %d", len(charts), len(p.Charts))
			}
			for _, c := range s.Body(p).Charts {
				checkChart(t, c, findChart(charts, c.ID))
			}
			if f := tb.foreignRequests(base); len(f) > 0 {
				t.Errorf("the page asked other hosts: %v", f)
			}
			if len(tb.dialogs) > 0 {
				t.Errorf("dialogs opened: %v", tb.dialogs)
			}
		})
	}
	// The demo must exercise the legend's number names (6×10¹⁸).
	if numeric == 0 {
		t.Errorf("no chart of the demo site has series named by numbers")
	}
}

func findChart(charts []chartInfo, id string) *chartInfo {
	for i := range charts {
		if charts[i].ID == id {
			return &charts[i]
		}
	}
	return nil
}

// checkChart compares one chart instance with its spec and data.
func checkChart(t *testing.T, c *site.Chart, got *chartInfo) {
	t.Helper()
	if got == nil {
		t.Errorf("%s: no ECharts instance", c.ID)
		return
	}
	if !got.Drawn {
		t.Errorf("%s: the canvas is blank", c.ID)
	}
	if got.Formatter != "function" {
		t.Errorf("%s: tooltip formatter is %s, want the site script's function", c.ID, got.Formatter)
	}
	if !got.AnimationOff {
		t.Errorf("%s: animation is on, want it off", c.ID)
	}
	sc := c.Spec
	got, derived := withoutDerived(got)
	got = withoutMarks(got)
	if len(got.X) != len(sc.Panels) || len(got.Y) != len(sc.Panels) {
		t.Errorf("%s: %d x and %d y axes, want %d of each (one per panel)", c.ID, len(got.X), len(got.Y), len(sc.Panels))
		return
	}
	minLabels := 3 // the site script (chartlayout.js) asks for 3 labels, 2 below 500 px
	if got.Width < 500 {
		minLabels = 2
	}
	for i, p := range sc.Panels {
		// the range to cover is chart's (data, intervals, marks, fits);
		// what is checked here is that the browser shows that range,
		// padded as the axes promise
		xlo, xhi, ylo, yhi := chart.PanelExtent(c, i)
		checkAxis(t, fmt.Sprintf("%s panel %d x", c.ID, i), p.X, got.X[i], xlo, xhi, minLabels)
		checkAxis(t, fmt.Sprintf("%s panel %d y", c.ID, i), p.Y, got.Y[i], ylo, yhi, minLabels)
	}

	// Series: in numeric order when named by numbers, named as a reader
	// writes the number; every point of the data, or a downsampled subset of
	// a long line; each name one colour, marker and dash in every panel.
	nums, numeric := chart.NumericNames(c)
	styles := expectedStyles(t, c)
	target := sc.LineTarget(c.LongLines()) // the chart's lines share a point budget
	var wantLegend []string
	k := 0
	for i, p := range sc.Panels {
		panel := slices.Clone(c.Panels[i].Series)
		if numeric {
			slices.SortStableFunc(panel, func(a, b site.Series) int { return cmp.Compare(nums[a.Name], nums[b.Name]) })
		}
		panel = specOrder(sc, panel)
		for _, s := range panel {
			if k >= len(got.Series) {
				t.Errorf("%s: only %d series drawn", c.ID, len(got.Series))
				return
			}
			g := got.Series[k]
			k++
			// A named panel's series (a series column, or a list of y
			// columns named as site/wide.go names them) carry their own
			// names; a lone series is named after its y axis. The mean of a
			// group of runs says how many (site.Series.RunsText).
			name := s.Name
			switch {
			case !p.Named() && p.Y.Title != "":
				name = p.Y.Title
			case !p.Named():
				name = p.Y.Field.Name
			case numeric && !writtenName(s.Name):
				name = legendNumber(nums[s.Name])
			}
			if s.Runs != nil {
				name += " (" + s.RunsText() + ")"
			}
			// A smoothed line is drawn as a pair of one name: the smoothed
			// line, then the raw one, which is what is checked against the
			// data below.
			var smoothed *seriesInfo
			if g.Smooth == "smoothed" {
				smoothed = &g
				if k >= len(got.Series) || got.Series[k].Smooth != "raw" {
					t.Errorf("%s: smoothed series %q without its raw line after it", c.ID, g.Name)
					return
				}
				g = got.Series[k]
				k++
			} else if g.Smooth != "" {
				t.Errorf("%s: series %d (%q) is a %s line without its smoothed partner before it", c.ID, k-1, g.Name, g.Smooth)
			}
			if wantSmooth := p.Type == chartspec.TypeLine && p.Smooth.On() && g.Type == "line"; wantSmooth != (smoothed != nil) {
				t.Errorf("%s series %q: smoothed = %v, want %v", c.ID, name, smoothed != nil, wantSmooth)
			}
			if smoothed != nil {
				checkSmoothed(t, fmt.Sprintf("%s series %q", c.ID, name), *smoothed, g, name)
			}
			if g.Name != name {
				t.Errorf("%s: series %d named %q, want %q", c.ID, k-1, g.Name, name)
			}
			if !slices.Contains(wantLegend, name) {
				wantLegend = append(wantLegend, name)
			}
			drawnType := seriesType(sc, p, s.Name) // the panel's, or the series' style's
			if g.Type != drawnType || g.XAxis != i || g.YAxis != i {
				t.Errorf("%s series %q: a %s on axes %d/%d, want a %s on axes %d/%d", c.ID, name, g.Type, g.XAxis, g.YAxis, drawnType, i, i)
			}
			// Labels are shown when the spec asks for them and a point of
			// the series is to carry one (label: {only: frontier} names
			// the others in tooltips only).
			wantLabels := false
			for _, pt := range s.Points {
				wantLabels = wantLabels || (p.Label.Name != "" && s.Notes.Label(pt) != "" && !s.Notes.NameOnly(pt))
			}
			if wantLabels != g.Labels {
				t.Errorf("%s series %q: labels shown = %v, want %v", c.ID, name, g.Labels, wantLabels)
			}
			pointTarget := 0
			if p.Type == chartspec.TypeLine && target > 0 {
				pointTarget = target
			}
			want, notes, rel := s.Points, s.Notes, 0.0
			if s.Runs != nil {
				want, notes = groupedPoints(p, s)
				rel = groupPrecision
			}
			checkPointsWithin(t, fmt.Sprintf("%s series %q", c.ID, name), want, notes, g.Data, pointTarget,
				p.X.Scale == chartspec.ScaleLog, p.Y.Scale == chartspec.ScaleLog, rel)
			checkStyle(t, fmt.Sprintf("%s series %q", c.ID, name), styles[chart.StyleKey(p, s)], g, drawnType == chartspec.TypeLine)
		}
	}
	if k != len(got.Series) {
		t.Errorf("%s: %d series drawn, want %d", c.ID, len(got.Series), k)
	}
	legend := !sc.Legend.Hide
	if legend {
		legend = len(derived) > 0 // a fit's formula is in the legend
		for i, p := range sc.Panels {
			legend = legend || p.Named() || len(c.Panels[i].Series) > 1
		}
	}
	got.Legend = slices.DeleteFunc(slices.Clone(got.Legend), func(n string) bool { return slices.Contains(derived, n) })
	switch {
	case legend != got.LegendShown:
		t.Errorf("%s: legend shown = %v, want %v", c.ID, got.LegendShown, legend)
	case legend && !slices.Equal(got.Legend, wantLegend):
		t.Errorf("%s: legend %q, want %q", c.ID, got.Legend, wantLegend)
	}
}

// groupPrecision is the relative error allowed in the mean of a group of
// runs and its band: the page writes them to 7 significant digits, far
// below a pixel, to keep long grouped runs light (chart/band.go).
const groupPrecision = 1e-6

// groupedPoints is what a grouped series draws of its means: on a line
// panel the line's points leave their band to the band series drawn
// beside it (an aux series), so they carry no interval. notes are the
// points' labels and intervals.
func groupedPoints(p chartspec.Panel, s site.Series) (pts []site.Point, notes *site.Notes) {
	if p.Type != chartspec.TypeLine {
		return s.Points, s.Notes
	}
	notes = &site.Notes{}
	pts = slices.Clone(s.Points)
	for i := range pts {
		pts[i] = notes.With(pts[i], s.Notes.Label(pts[i]), nil)
	}
	return pts, notes
}

// checkSmoothed checks the smoothed line of a pair against its raw line:
// the same name and axes, and a point at each of the raw line's x's (the
// page's slider recomputes its y's from the raw points, smooth_test.go).
func checkSmoothed(t *testing.T, what string, sm, raw seriesInfo, name string) {
	t.Helper()
	if sm.Name != name || raw.Name != name {
		t.Errorf("%s: the smoothed pair is named %q and %q, want %q for both", what, sm.Name, raw.Name, name)
	}
	if sm.Type != raw.Type || sm.XAxis != raw.XAxis || sm.YAxis != raw.YAxis {
		t.Errorf("%s: the smoothed line is a %s on axes %d/%d, its raw line a %s on %d/%d", what, sm.Type, sm.XAxis, sm.YAxis, raw.Type, raw.XAxis, raw.YAxis)
	}
	if len(sm.Data) != len(raw.Data) {
		t.Errorf("%s: the smoothed line has %d points, its raw line %d", what, len(sm.Data), len(raw.Data))
		return
	}
	for i := range sm.Data {
		a, errA := decodeAnyPoint(sm.Data[i])
		b, errB := decodeAnyPoint(raw.Data[i])
		if errA != nil || errB != nil {
			t.Errorf("%s: point %d: %v %v", what, i, errA, errB)
			return
		}
		if a.ax != b.ax {
			t.Errorf("%s: smoothed point %d at x %v, its raw point at %v", what, i, a.ax, b.ax)
			return
		}
	}
}

// decodeAnyPoint reads a data item of either form, [X, Y] or the log
// panels' [X, Y, x, y].
func decodeAnyPoint(raw json.RawMessage) (drawnPoint, error) {
	p, err := decodePoint(raw, false)
	if err != nil {
		return decodePoint(raw, true)
	}
	return p, nil
}

// near compares floats to a relative tolerance (absolute near zero).
func near(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// checkAxis checks one axis against its spec: a value axis (over log10 of
// the values for a log scale, marked scalesiteLog); the spec's bounds
// exactly (as exponents on a log axis), else the data with a little room;
// tick labels chosen by the site script for the range, drawn as the
// formatter writes them, reading as the numbers they stand at: powers of
// ten or 1-2-5 values on a log axis, evenly spaced round steps on a linear
// one.
func checkAxis(t *testing.T, what string, a chartspec.Axis, got axisInfo, lo, hi float64, minLabels int) {
	t.Helper()
	log := a.Scale == chartspec.ScaleLog
	if got.Type != "value" || got.Log != log {
		t.Errorf("%s: a %q axis with scalesiteLog %v, want a \"value\" axis with scalesiteLog %v (scale %s)", what, got.Type, got.Log, log, a.Scale)
		return
	}
	if got.Min == nil || got.Max == nil {
		t.Errorf("%s: no min or max in the option", what)
		return
	}
	conv := func(v float64) float64 {
		if log {
			return math.Log10(v)
		}
		return v
	}
	amin, amax := *got.Min, *got.Max
	if !(amin < amax) {
		t.Errorf("%s: range [%g, %g] is empty", what, amin, amax)
		return
	}
	dlo, dhi := conv(lo), conv(hi)
	span := dhi - dlo
	hasData := lo <= hi && !math.IsInf(dlo, 0) && !math.IsNaN(dlo)
	switch {
	case a.Min != nil:
		if !near(amin, conv(*a.Min), 1e-9) {
			t.Errorf("%s: min %v, want the spec's %v (%v in axis space)", what, amin, *a.Min, conv(*a.Min))
		}
	case hasData && a.Max == nil && !log && dlo >= 0 && amin == 0 && dlo-0.04*span <= 1e-9*span:
		// data all zero or more: the margin stops at zero (issue 20)
	case hasData && a.Max == nil:
		if !(amin < dlo) || (span > 0 && amin < dlo-0.1*span) {
			t.Errorf("%s: min %v, want a little below the data's %v (%v in axis space)", what, amin, lo, dlo)
		}
	}
	switch {
	case a.Max != nil:
		if !near(amax, conv(*a.Max), 1e-9) {
			t.Errorf("%s: max %v, want the spec's %v (%v in axis space)", what, amax, *a.Max, conv(*a.Max))
		}
	case hasData && a.Min == nil && !log && dhi <= 0 && amax == 0 && dhi+0.04*span >= -1e-9*span:
		// data all zero or less: the margin stops at zero (issue 20)
	case hasData && a.Min == nil:
		if !(amax > dhi) || (span > 0 && amax > dhi+0.1*span) {
			t.Errorf("%s: max %v, want a little above the data's %v (%v in axis space)", what, amax, hi, dhi)
		}
	}

	// The ticks the site script chose, and what was drawn of them. The
	// tick chooser (ticks.js) wants minLabels labels, and falls back to as
	// many as fit when there is no room for them, but 2 at least.
	if len(got.Custom) < 2 {
		t.Errorf("%s: %d labelled ticks %v, want ≥ 2", what, len(got.Custom), got.Custom)
	}
	if !slices.IsSorted(got.Custom) {
		t.Errorf("%s: ticks %v out of order", what, got.Custom)
	}
	for _, v := range got.Custom {
		if v < amin-1e-9 || v > amax+1e-9 {
			t.Errorf("%s: tick %v outside the range [%v, %v]", what, v, amin, amax)
		}
	}
	if !slices.Equal(got.Drawn, got.CustomText) {
		t.Errorf("%s: tick labels drawn %q, want those of the ticks set, %q (at %v in axis space, range [%v, %v])",
			what, got.Drawn, got.CustomText, got.Custom, amin, amax)
		return
	}
	format := a.Format
	if format == "" {
		format = chartspec.FormatAuto
	}
	raw := make([]float64, len(got.Custom))
	for i, v := range got.Custom {
		raw[i] = v
		if log {
			raw[i] = math.Pow(10, v)
		}
		text := got.Drawn[i]
		if got.Values[i] == nil {
			t.Errorf("%s: tick label %q does not read as a number", what, text)
			continue
		}
		read := *got.Values[i]
		if format == chartspec.FormatPercent {
			read *= 100 // 45% stands for 45
		}
		if !near(read, raw[i], 1e-6) {
			t.Errorf("%s: tick label %q reads %v, but stands at %v", what, text, read, raw[i])
		}
		if log {
			if utf8.RuneCountInString(text) > 9 {
				t.Errorf("%s: log tick %q is written out in full", what, text)
			}
			av := math.Abs(raw[i])
			if (format == chartspec.FormatAuto || format == chartspec.FormatPow) && av != 0 && (av < 0.01*(1-1e-9) || av >= 1e4*(1-1e-9)) &&
				!strings.ContainsAny(text, "⁰¹²³⁴⁵⁶⁷⁸⁹") {
				t.Errorf("%s: log tick %q at %v, want it written as a power of ten", what, text, raw[i])
			}
		}
	}
	if len(raw) < 2 {
		return
	}
	if log {
		checkLogTicks(t, what, raw, amin, amax, minLabels)
	} else {
		checkLinearTicks(t, what, raw, a.Format == chartspec.FormatYear)
	}
}

// mantissa splits v > 0 into m×10^e with 1 ≤ m < 10.
func mantissa(v float64) (m float64, e int) {
	e = int(math.Floor(math.Log10(v)))
	m = v / math.Pow(10, float64(e))
	if m >= 10-1e-9 {
		m /= 10
		e++
	}
	if m < 1-1e-9 {
		m *= 10
		e--
	}
	return m, e
}

// isStep reports whether d is a round step: 1, 2, 2.5 or 5 times a power
// of ten.
func isStep(d float64) bool {
	if !(d > 0) {
		return false
	}
	m, _ := mantissa(d)
	for _, s := range []float64{1, 2, 2.5, 5} {
		if math.Abs(m-s) < 1e-6 {
			return true
		}
	}
	return false
}

// checkLogTicks: over a span of decades wide enough to hold enough of them
// (ticks.js: 1.5 decades or more with minLabels whole powers in view), the
// labels are powers of ten, k decades apart; within a narrower span they
// are m×10ⁿ for whole m (1-2-5, 1-2-3-5 or every digit), or, narrower still,
// evenly spaced round steps of the values themselves. An end of the axis
// left bare by those may get one round value more (ticks.js coverEnds: 1.5
// below 2 3 4), so the rule holds for the ticks with that end dropped.
func checkLogTicks(t *testing.T, what string, raw []float64, lo, hi float64, minLabels int) {
	t.Helper()
	n := len(raw)
	problem := logTicksProblem(raw, lo, hi, minLabels)
	for _, r := range [][2]int{{1, n}, {0, n - 1}, {1, n - 1}} {
		if problem == "" || r[1]-r[0] < 2 {
			break
		}
		if logTicksProblem(raw[r[0]:r[1]], lo, hi, minLabels) == "" {
			problem = ""
		}
	}
	if problem != "" {
		t.Errorf("%s: %s", what, problem)
	}
}

// decadeSteps are the decades between labels ticks.js may choose: 1 to 4,
// more only when 4 would be more than one label per 80 px.
var decadeSteps = []int{1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100}

func logTicksProblem(raw []float64, lo, hi float64, minLabels int) string {
	powers := true
	var exps []int
	for _, v := range raw {
		m, e := mantissa(v)
		exps = append(exps, e)
		if math.Abs(m-1) > 1e-9 {
			powers = false
		}
	}
	if powers {
		step := exps[1] - exps[0]
		for i := 2; i < len(exps); i++ {
			if exps[i]-exps[i-1] != step {
				return fmt.Sprintf("log ticks %v are powers of ten, but not evenly spaced", raw)
			}
		}
		if !slices.Contains(decadeSteps, step) {
			return fmt.Sprintf("log ticks %v are %d decades apart, want 1 to 4 (or 5, 6, 8, 10, ... on a crowded axis)", raw, step)
		}
		return ""
	}
	// ticks.js labels decades only over 1.5 decades or more holding
	// minLabels whole powers of ten
	whole := int(math.Floor(hi+1e-9) - math.Ceil(lo-1e-9) + 1)
	if hi-lo >= 1.5 && whole >= minLabels {
		return fmt.Sprintf("log ticks %v over %.2f decades (%d whole powers of ten), want powers of ten only", raw, hi-lo, whole)
	}
	digits := true
	for _, v := range raw {
		m, _ := mantissa(v)
		if math.Abs(m-math.Round(m)) > 1e-6 {
			digits = false
		}
	}
	if digits {
		return ""
	}
	d := raw[1] - raw[0]
	for i := 2; i < len(raw); i++ {
		if !near(raw[i]-raw[i-1], d, 1e-6) {
			return fmt.Sprintf("log ticks %v are neither m×10ⁿ for whole m nor evenly spaced", raw)
		}
	}
	if !isStep(d) {
		return fmt.Sprintf("log ticks %v step by %v, want 1, 2, 2.5 or 5 times a power of ten", raw, d)
	}
	return ""
}

// checkLinearTicks: evenly spaced, by 1, 2, 2.5 or 5 times a power of ten
// (whole steps for years), each a multiple of the step.
func checkLinearTicks(t *testing.T, what string, raw []float64, years bool) {
	t.Helper()
	d := raw[1] - raw[0]
	for i := 2; i < len(raw); i++ {
		if !near(raw[i]-raw[i-1], d, 1e-6) {
			t.Errorf("%s: ticks %v are not evenly spaced", what, raw)
			return
		}
	}
	if !isStep(d) || (years && d != math.Trunc(d)) {
		t.Errorf("%s: ticks %v step by %v, want 1, 2, 2.5 or 5 times a power of ten", what, raw, d)
		return
	}
	for _, v := range raw {
		if q := v / d; math.Abs(q-math.Round(q)) > 1e-6 {
			t.Errorf("%s: tick %v is not a multiple of the step %v", what, v, d)
			return
		}
	}
}

// drawnPoint is one point of a series as the option carries it: axis-space
// coordinates, the original values (the same on a chart with no log axis),
// its label, and whether it is a gap.
type drawnPoint struct {
	ax, ay, x, y float64
	label        string
	gap          bool
	interval     map[string][2]float64 // the point's interval, for the tooltip
}

// decodePoint reads one data item: [X, Y], [X, Y, x, y] on a panel with a
// log axis, [X, "-"] for a gap, or {name, value} for a labelled point.
func decodePoint(raw json.RawMessage, orig bool) (drawnPoint, error) {
	var p drawnPoint
	var vals []json.RawMessage
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		var item struct {
			Name     string                `json:"name"`
			Value    []json.RawMessage     `json:"value"`
			Interval map[string][2]float64 `json:"interval"`
		}
		if err := json.Unmarshal(raw, &item); err != nil {
			return p, err
		}
		p.label, vals, p.interval = item.Name, item.Value, item.Interval
		if p.label == "" && p.interval == nil {
			return p, fmt.Errorf("an item with an empty name: %s", raw)
		}
	} else if err := json.Unmarshal(raw, &vals); err != nil {
		return p, err
	}
	if len(vals) == 2 && string(vals[1]) == `"-"` {
		p.gap = true
		return p, json.Unmarshal(vals[0], &p.ax)
	}
	want := 2
	if orig {
		want = 4
	}
	if len(vals) != want {
		return p, fmt.Errorf("%s has %d values, want %d", raw, len(vals), want)
	}
	f := make([]float64, len(vals))
	for i, v := range vals {
		if err := json.Unmarshal(v, &f[i]); err != nil {
			return p, fmt.Errorf("%s: %v", raw, err)
		}
	}
	p.ax, p.ay, p.x, p.y = f[0], f[1], f[0], f[1]
	if orig {
		p.x, p.y = f[2], f[3]
	}
	return p, nil
}

// matches reports whether a drawn point is the data point pt: the original
// values exactly (y within rel of it when rel > 0), at log10 of them on a
// log axis.
func (d drawnPoint) matches(pt site.Point, notes *site.Notes, logX, logY bool, rel float64) bool {
	at := func(v float64, log bool) float64 {
		if log {
			return math.Log10(v)
		}
		return v
	}
	if !near(d.ax, at(pt.X, logX), 1e-9) {
		return false
	}
	if math.IsNaN(pt.Y) || d.gap {
		return math.IsNaN(pt.Y) && d.gap
	}
	return d.x == pt.X && within(d.y, pt.Y, rel) && near(d.ay, at(pt.Y, logY), max(1e-9, rel)) && d.label == notes.Label(pt) && d.intervalOf(notes.Bounds(pt), rel)
}

// within reports whether a is b to a relative error of rel (exactly when
// rel is 0).
func within(a, b, rel float64) bool {
	return a == b || math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

func (d drawnPoint) String() string {
	if d.gap {
		return fmt.Sprintf("gap at %v", d.ax)
	}
	s := fmt.Sprintf("(%v, %v) at (%v, %v)", d.x, d.y, d.ax, d.ay)
	if d.label != "" {
		s += " " + strconv.Quote(d.label)
	}
	return s
}

// checkPoints compares a drawn series with its data: every point in order;
// or, for a line longer than target (0: no downsampling), about target of
// them in order, keeping the ends, the lowest and highest point, every
// labelled point and every gap. notes are want's labels and intervals.
func checkPoints(t *testing.T, what string, want []site.Point, notes *site.Notes, raw []json.RawMessage, target int, logX, logY bool) {
	t.Helper()
	checkPointsWithin(t, what, want, notes, raw, target, logX, logY, 0)
}

// checkPointsWithin is checkPoints for y values written to a precision:
// rel is the relative error allowed in y and its interval (0: exact).
func checkPointsWithin(t *testing.T, what string, want []site.Point, notes *site.Notes, raw []json.RawMessage, target int, logX, logY bool, rel float64) {
	t.Helper()
	orig := logX || logY
	got := make([]drawnPoint, len(raw))
	for i, r := range raw {
		p, err := decodePoint(r, orig)
		if err != nil {
			t.Errorf("%s: point %d: %v", what, i, err)
			return
		}
		got[i] = p
	}
	if target == 0 || len(want) <= target {
		if len(got) != len(want) {
			t.Errorf("%s: %d points, want the data's %d", what, len(got), len(want))
			return
		}
		for i := range want {
			if !got[i].matches(want[i], notes, logX, logY, rel) {
				t.Errorf("%s: point %d is %v, want %+v", what, i, got[i], want[i])
				return
			}
		}
		return
	}
	segs, gaps, labels := 0, 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, pt := range want {
		if math.IsNaN(pt.Y) {
			gaps++
			continue
		}
		if i == 0 || math.IsNaN(want[i-1].Y) {
			segs++
		}
		if notes.Label(pt) != "" {
			labels++
		}
		lo, hi = min(lo, pt.Y), max(hi, pt.Y)
	}
	if most := target + 4*segs + labels; len(got) > most || len(got) < target/2 {
		t.Errorf("%s: %d of the data's %d points drawn, want about %d (%d to %d)", what, len(got), len(want), target, target/2, most)
	}
	j := 0
	for i, d := range got {
		for j < len(want) && !d.matches(want[j], notes, logX, logY, rel) {
			j++
		}
		if j == len(want) {
			t.Errorf("%s: drawn point %d, %v, is not the next point of the data", what, i, d)
			return
		}
		j++
	}
	if !got[0].matches(want[0], notes, logX, logY, rel) || !got[len(got)-1].matches(want[len(want)-1], notes, logX, logY, rel) {
		t.Errorf("%s: downsampled from %d points without its first and last", what, len(want))
	}
	gotGaps, gotLabels, gotLo, gotHi := 0, 0, false, false
	for _, d := range got {
		switch {
		case d.gap:
			gotGaps++
		default:
			if d.label != "" {
				gotLabels++
			}
			gotLo, gotHi = gotLo || within(d.y, lo, rel), gotHi || within(d.y, hi, rel)
		}
	}
	if gotGaps != gaps || gotLabels != labels || !gotLo || !gotHi {
		t.Errorf("%s: downsampled to %d points keeping %d of %d gaps, %d of %d labelled points, the lowest %v and the highest %v",
			what, len(got), gotGaps, gaps, gotLabels, labels, gotLo, gotHi)
	}
}

var superscript = strings.NewReplacer("0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹", "-", "⁻")

// legendNumber is how the legend writes a series named by a number: plainly
// from 0.001 up to 100,000, else as m×10ⁿ with three significant digits
// at most (10ⁿ when m is 1).
func legendNumber(v float64) string {
	if a := math.Abs(v); a == 0 || (a >= 1e-3 && a < 1e5) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	m, e, _ := strings.Cut(strconv.FormatFloat(v, 'e', 2, 64), "e")
	m = strings.TrimSuffix(strings.TrimRight(m, "0"), ".")
	n, _ := strconv.Atoi(e)
	pow := "10" + superscript.Replace(strconv.Itoa(n))
	switch m {
	case "1":
		return pow
	case "-1":
		return "-" + pow
	}
	return m + "×" + pow
}

func TestLegendNumber(t *testing.T) {
	for v, want := range map[float64]string{
		6e18: "6×10¹⁸", 1e19: "10¹⁹", 3e21: "3×10²¹", 1024: "1024", 256: "256", 0.5: "0.5",
		2.5e-5: "2.5×10⁻⁵", 1.2345e20: "1.23×10²⁰", 9.999e20: "10²¹", 1e5: "10⁵", -6e18: "-6×10¹⁸",
	} {
		if got := legendNumber(v); got != want {
			t.Errorf("legendNumber(%v) = %q, want %q", v, got, want)
		}
	}
}

// seriesLook is how a series must look: chart's choice (Spec is the
// colour the spec gave it, as the renderer resolved it, if any).
type seriesLook struct {
	Color, Spec, Symbol string
	Dash                []int
}

// expectedStyles is the look the renderer gave each series of a chart: the
// browser must draw exactly that. Spec colours are kept as given (a colour
// word becomes the palette's version of its hue).
func expectedStyles(t *testing.T, c *site.Chart) map[string]seriesLook {
	t.Helper()
	looks := map[string]seriesLook{}
	for name, st := range chart.SeriesStyles(c) {
		l := seriesLook{Color: st.Color, Symbol: st.Symbol, Dash: st.Dash}
		spec, ok := c.Spec.Colors[name]
		if !ok {
			for k, n := range c.SeriesNames() {
				if n == name && k < len(c.Spec.ColorList) {
					spec, ok = c.Spec.ColorList[k], true
				}
			}
		}
		if ok {
			l.Spec = st.Color
			if strings.HasPrefix(spec, "#") && !strings.EqualFold(spec, st.Color) {
				t.Errorf("%s: series %q has colour %s in the spec but %s in the option", c.ID, name, spec, st.Color)
			}
		}
		looks[name] = l
	}
	return looks
}

// checkStyle compares a drawn series' colour, marker and dash with its look.
// A hex colour from the spec that does not reach 3:1 against the light page
// is drawn as a colour that does (the site script's fixColors).
func checkStyle(t *testing.T, what string, want seriesLook, got seriesInfo, line bool) {
	t.Helper()
	col := strings.ToLower(got.Color)
	switch {
	case col == strings.ToLower(want.Color):
	case want.Spec != "" && strings.HasPrefix(want.Spec, "#") && contrastOnWhite(want.Spec) < 3 && contrastOnWhite(col) >= 3:
	default:
		t.Errorf("%s: colour %s, want %s", what, got.Color, want.Color)
	}
	if line && !strings.EqualFold(got.LineColor, got.Color) {
		t.Errorf("%s: line colour %s, marker colour %s, want both %s", what, got.LineColor, got.Color, want.Color)
	}
	if got.Symbol != want.Symbol {
		t.Errorf("%s: marker %q, want %q", what, got.Symbol, want.Symbol)
	}
	if !line {
		return
	}
	var dash []int
	if len(got.Dash) > 0 && string(got.Dash) != "null" && string(got.Dash) != `"solid"` {
		if err := json.Unmarshal(got.Dash, &dash); err != nil {
			t.Errorf("%s: line type %s, want a dash pattern %v", what, got.Dash, want.Dash)
			return
		}
	}
	if !slices.Equal(dash, want.Dash) {
		t.Errorf("%s: dash %v, want %v", what, dash, want.Dash)
	}
}

// contrastOnWhite is the WCAG 2.x contrast ratio of a #rrggbb (or #rgb)
// colour against #ffffff; 0 for anything else.
func contrastOnWhite(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 6 || err != nil {
		return 0
	}
	lin := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	l := 0.2126*lin(v>>16&255) + 0.7152*lin(v>>8&255) + 0.0722*lin(v&255)
	return 1.05 / (l + 0.05)
}
