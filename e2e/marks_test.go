package e2e

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/site"
)

// marksSite is a small site whose two charts use error bars, an
// uncertainty band, reference lines, bands, annotations and series styles,
// on linear and log axes.
var marksSite = map[string]string{
	"scalesite.yaml": "title: Marks\ndescription: Error bars, bands and reference lines.\n",
	"content/marks/index.md": "---\ntitle: Marks\ndescription: Marks in a browser.\n---\n\n" +
		"```chart\n" + `type: scatter
title: Error bars, reference lines, bands and notes
data: |
  model,params,acc,sd
  a,1e8,26,1.5
  b,1e9,31,2
  c,1e10,45,3
  d,1e11,62,2.5
  e,3e11,70,
x: {field: params, scale: log, format: si}
y: {field: acc, err: sd, title: Accuracy (%)}
hlines: [{y: 25, label: "random chance"}]
vlines: [{x: 3e9, label: "budget"}]
bands: [{y: [50, 60], label: "human range"}, {x: [2e10, 5e10]}]
annotations:
  - {x: 1e11, y: 62, text: "the largest model", arrow: true, position: left}
  - {x: 1e8, y: 40, text: "a plain note"}
` + "```\n\n" +
		"```chart\n" + `type: line
title: A band on a log axis, and a line with points
data: |
  run,tokens,loss,lo,hi
  seeds,1e9,3.5,3.4,3.6
  seeds,1e10,3.0,2.85,3.1
  seeds,1e11,2.6,2.5,2.75
  seeds,1e12,2.3,2.25,2.4
  fit,1e9,3.45,,
  fit,1e10,3.02,,
  fit,1e11,2.64,,
  fit,1e12,2.31,,
  observed,3e9,3.2,3.1,3.3
  observed,3e10,2.8,2.7,2.95
series: run
x: {field: tokens, scale: log}
y: {field: loss, scale: log, low: lo, high: hi}
style:
  fit: {dash: dashed, width: 1.5}
  observed: {draw: points, marker: diamond}
order: [observed, seeds, fit]
hlines: [2.5]
` + "```\n",
}

// marksJS reads what the charts drew of their extra series: for each
// custom series, its token's function and the elements it drew (lines of
// error bars with their ends, polygons of bands with their points); for
// each panel's marks, the lines, areas and points drawn with their texts;
// and where the axes put a few values, in pixels, to compare with.
const marksJS = `return Object.entries(window.scalesite.charts).map(([id, c]) => {
  const m = c.getModel(), o = c.getOption();
  const custom = [];
  m.eachSeries(s => {
    if (s.subType !== 'custom') return;
    const view = c.getViewOfSeriesModel(s), lines = [], polygons = [];
    view.group.traverse(e => {
      if (e.type === 'line') lines.push([e.shape.x1, e.shape.y1, e.shape.x2, e.shape.y2]);
      if (e.type === 'polygon') polygons.push(e.shape.points.map(p => [p[0], p[1]]));
    });
    custom.push({id: s.id, name: s.name, renderItem: typeof s.get('renderItem'), items: s.getData().count(), lines, polygons,
      color: String(c.getVisual({seriesIndex: s.seriesIndex}, 'color'))});
  });
  const marks = [];
  ['markLine', 'markArea', 'markPoint'].forEach(kind => m.eachComponent(kind, mm => {
    const view = c.getViewOfComponentModel(mm);
    const drawn = {kind, paths: 0, texts: [], lines: [], rects: []};
    if (view && view.group) view.group.traverse(e => {
      if (e.ignore || e.invisible) return;
      const tc = e.getTextContent && e.getTextContent();
      if (tc && !tc.ignore && !tc.invisible && tc.style && tc.style.text) drawn.texts.push(String(tc.style.text));
      if (e.type === 'ec-line' || e.type === 'line') {
        const pts = e.shape && (e.shape.x1 != null ? [e.shape.x1, e.shape.y1, e.shape.x2, e.shape.y2] : null);
        if (pts) drawn.lines.push(pts);
      }
      if (e.type === 'polygon' && e.shape && e.shape.points) {
        const xs = e.shape.points.map(p => p[0]), ys = e.shape.points.map(p => p[1]);
        drawn.rects.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
      }
      if (e.isGroup !== true && e.type !== 'text' && e.type !== 'tspan') drawn.paths++;
    });
    marks.push(drawn);
  }));
  const px = (v, axis) => axis === 'x' ? c.convertToPixel({xAxisIndex: 0}, v) : c.convertToPixel({yAxisIndex: 0}, v);
  const grid = m.getComponent('grid', 0).coordinateSystem.getRect();
  return {id, custom, marks, grid: [grid.x, grid.y, grid.width, grid.height],
    legend: m.getComponent('legend').getData().map(d => d.get('name')),
    series: o.series.map(s => ({name: s.name == null ? '' : String(s.name), type: s.type, symbol: s.symbol == null ? '' : String(s.symbol),
      dash: s.lineStyle && s.lineStyle.type != null ? JSON.stringify(s.lineStyle.type) : '', width: s.lineStyle ? s.lineStyle.width : null,
      showSymbol: s.showSymbol !== false})),
    at: {x: [1e8, 1e9, 1e10, 1e11, 3e9, 2e10, 5e10, 1e12].map(v => px(Math.log10(v), 'x')),
         y: [25, 50, 60, 26, 24.5, 27.5, 62, 2.5, 3.4, 3.6, 2.25, 2.4].map(v => px(id.endsWith('-2') ? Math.log10(v) : v, 'y'))},
  };
});`

type marksChart struct {
	ID     string
	Custom []struct {
		ID, Name, RenderItem, Color string
		Items                       int
		Lines                       [][4]float64
		Polygons                    [][][2]float64
	}
	Marks []struct {
		Kind  string
		Paths int
		Texts []string
		Lines [][4]float64
		Rects [][4]float64
	}
	Grid   [4]float64
	Legend []string
	Series []struct {
		Name, Type, Symbol, Dash string
		Width                    *float64
		ShowSymbol               bool
	}
	At struct{ X, Y []float64 }
}

// TestMarksInChromium builds a small site with error bars, uncertainty
// bands, reference lines, bands and notes, and checks in Chromium that each
// is drawn where its values are, on linear and log axes; that the error
// bars and bands follow their series in the legend; that the tooltip shows
// a point's interval; and that series styles are applied.
func TestMarksInChromium(t *testing.T) {
	b := newBrowser(t)
	src := sitetest.New(t, marksSite)
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dest}); err != nil {
		t.Fatalf("building: %v", err)
	}
	base := serve(t, dest)
	tb := b.tab(t)
	tb.open(t, base+"/marks/", 2)
	var charts []marksChart
	if err := tb.evalJSON(marksJS, &charts); err != nil {
		t.Fatalf("reading the charts: %v", err)
	}
	tb.saveScreenshot(t, "marks")
	if len(charts) != 2 {
		t.Fatalf("%d charts, want 2", len(charts))
	}
	one, two := charts[0], charts[1]
	if strings.HasSuffix(one.ID, "-2") {
		one, two = two, one
	}

	// Chart 1: a scatter with symmetric error bars on a linear y axis.
	if len(one.Custom) != 1 || one.Custom[0].RenderItem != "function" || one.Custom[0].Name != "Accuracy (%)" {
		t.Fatalf("chart 1: custom series %+v, want one error-bar series named after the data, drawn by a function", one.Custom)
	}
	bars := one.Custom[0]
	// Four points have an error (the fifth's is blank): a whisker and two
	// caps each.
	if bars.Items != 4 || len(bars.Lines) != 12 {
		t.Errorf("chart 1: %d items, %d lines drawn, want 4 error bars of 3 lines", bars.Items, len(bars.Lines))
	}
	// The first bar runs from 26 − 1.5 to 26 + 1.5 at x = 1e8.
	if len(bars.Lines) > 0 {
		l := bars.Lines[0]
		top, bottom := math.Min(l[1], l[3]), math.Max(l[1], l[3])
		if !nearPx(l[0], one.At.X[0]) || !nearPx(l[2], one.At.X[0]) || !nearPx(bottom, one.At.Y[4]) || !nearPx(top, one.At.Y[5]) {
			t.Errorf("chart 1: first whisker %v, want x %.1f from y %.1f to %.1f", l, one.At.X[0], one.At.Y[4], one.At.Y[5])
		}
	}
	if !strings.EqualFold(bars.Color, one.seriesColor(t)) {
		t.Errorf("chart 1: error bars in %s, the points in %s", bars.Color, one.seriesColor(t))
	}
	ml, ma, mp := one.mark("markLine"), one.mark("markArea"), one.mark("markPoint")
	if ml == nil || ma == nil || mp == nil {
		t.Fatalf("chart 1: marks drawn %+v, want a markLine, a markArea and a markPoint", one.Marks)
	}
	var hline, vline bool
	for _, l := range ml.Lines {
		hline = hline || (nearPx(l[1], one.At.Y[0]) && nearPx(l[3], one.At.Y[0]) && nearPx(math.Abs(l[2]-l[0]), one.Grid[2]))
		vline = vline || (nearPx(l[0], one.At.X[4]) && nearPx(l[2], one.At.X[4]) && nearPx(math.Abs(l[3]-l[1]), one.Grid[3]))
	}
	if !hline || !vline {
		t.Errorf("chart 1: reference lines %v, want one across the plot at y 25 (%.1f px) and one at x 3e9 (%.1f px)", ml.Lines, one.At.Y[0], one.At.X[4])
	}
	if !hasAll(ml.Texts, "random chance", "budget") {
		t.Errorf("chart 1: reference line labels %q", ml.Texts)
	}
	var yband, xband bool
	for _, r := range ma.Rects {
		yband = yband || (nearPx(r[1], one.At.Y[2]) && nearPx(r[3], one.At.Y[1]) && nearPx(r[2]-r[0], one.Grid[2]))
		xband = xband || (nearPx(r[0], one.At.X[5]) && nearPx(r[2], one.At.X[6]) && nearPx(r[3]-r[1], one.Grid[3]))
	}
	if !yband || !xband {
		t.Errorf("chart 1: bands %v, want y 50–60 (%.1f–%.1f px) and x 2e10–5e10 (%.1f–%.1f px) across the plot",
			ma.Rects, one.At.Y[2], one.At.Y[1], one.At.X[5], one.At.X[6])
	}
	if !hasAll(ma.Texts, "human range") || !hasAll(mp.Texts, "the largest model", "a plain note") {
		t.Errorf("chart 1: band labels %q, notes %q", ma.Texts, mp.Texts)
	}
	// The marks have no legend entry, and the error bars share their series'.
	if strings.Join(one.Legend, "|") != "" && strings.Join(one.Legend, "|") != "Accuracy (%)" {
		t.Errorf("chart 1: legend %q", one.Legend)
	}

	// The tooltip of the first point shows its interval.
	tip := tb.tooltip(t, one.ID, 0, 0)
	if !strings.Contains(tip, "26") || !strings.Contains(tip, "(24.5 – 27.5)") {
		t.Errorf("chart 1: tooltip %q, want the value 26 and its interval (24.5 – 27.5)", tip)
	}

	// Chart 2: a band on a log y axis, a line without markers, points.
	var band *struct {
		ID, Name, RenderItem, Color string
		Items                       int
		Lines                       [][4]float64
		Polygons                    [][][2]float64
	}
	var obsBars int
	for i := range two.Custom {
		c := &two.Custom[i]
		switch {
		case c.Name == "seeds" && strings.Contains(c.ID, "band"):
			band = c
		case c.Name == "observed":
			obsBars = len(c.Lines)
		}
	}
	if band == nil || band.Items != 4 || len(band.Polygons) != 1 || len(band.Polygons[0]) != 8 {
		t.Fatalf("chart 2: custom series %+v, want a band of 4 points drawn as one polygon of 8 corners for \"seeds\"", two.Custom)
	}
	// The polygon's first corner is the upper end at 1e9 (3.6), its last the
	// lower end there (3.4), on the log axis.
	pg := band.Polygons[0]
	if !nearPx(pg[0][0], two.At.X[1]) || !nearPx(pg[0][1], two.At.Y[9]) || !nearPx(pg[7][1], two.At.Y[8]) || !nearPx(pg[3][1], two.At.Y[11]) {
		t.Errorf("chart 2: band %v, want it from (%.1f, %.1f) over to %.1f and back down to %.1f", pg, two.At.X[1], two.At.Y[9], two.At.Y[11], two.At.Y[8])
	}
	if obsBars != 6 {
		t.Errorf("chart 2: %d error-bar lines for the points of \"observed\", want 2 bars of 3", obsBars)
	}
	if ml := two.mark("markLine"); ml == nil || len(ml.Lines) != 1 || !nearPx(ml.Lines[0][1], two.At.Y[7]) {
		t.Errorf("chart 2: reference line %+v, want one at y 2.5 (%.1f px) on the log axis", ml, two.At.Y[7])
	}
	// order: observed, seeds, fit, in the legend and the drawing.
	if got := strings.Join(two.Legend, "|"); got != "observed|seeds|fit" {
		t.Errorf("chart 2: legend %q, want observed|seeds|fit", got)
	}
	var got []string
	for _, s := range two.Series {
		if s.Type != "custom" && s.Name != "" {
			got = append(got, fmt.Sprintf("%s:%s:%s:%s:%v", s.Name, s.Type, s.Symbol, s.Dash, s.ShowSymbol))
		}
	}
	if len(got) != 3 || !strings.HasPrefix(got[0], "observed:scatter:diamond:") || !strings.HasPrefix(got[1], "seeds:line:") ||
		!strings.HasPrefix(got[2], "fit:line:") || !strings.Contains(got[2], ":[6,3]:") {
		t.Errorf("chart 2: series %q, want observed as diamonds, then seeds and fit as lines, fit dashed", got)
	}
	for _, s := range two.Series {
		if s.Name == "fit" && (s.Width == nil || *s.Width != 1.5) {
			t.Errorf("chart 2: fit drawn %v px wide, want 1.5", s.Width)
		}
	}

	// Hiding a series in the legend hides its error bars; the marks stay.
	// The marks' tooltips give their values as the data has them: 25 on
	// the linear axis, 2.5 (not its log) on the log one, a band's range.
	var after struct {
		Shown       []string
		Line, Band  string
		UnnamedLine string
	}
	tb.eval(t, `const cs = window.scalesite.charts, c1 = cs[`+fmt.Sprintf("%q", one.ID)+`], c2 = cs[`+fmt.Sprintf("%q", two.ID)+`];
const f1 = c1.getOption().tooltip[0].formatter, f2 = c2.getOption().tooltip[0].formatter;
const last = c => c.getOption().series.length - 1;
const out = {
  line: f1({componentType: 'markLine', seriesIndex: last(c1), name: 'random chance', value: 25, data: {yAxis: 25}}),
  band: f1({componentType: 'markArea', seriesIndex: last(c1), name: 'human range', data: {yAxis: 50, coord: [[null, 50], [null, 60]]}}),
  unnamedLine: f2({componentType: 'markLine', seriesIndex: last(c2), name: '', value: Math.log10(2.5), data: {yAxis: Math.log10(2.5)}}),
};
c2.dispatchAction({type: 'legendToggleSelect', name: 'observed'});
out.shown = []; c2.getModel().eachSeries(s => out.shown.push(s.subType + ':' + (s.get('id') || '')));
return out;`, &after)
	text := func(html string) string {
		for strings.Contains(html, "<") {
			i, j := strings.Index(html, "<"), strings.Index(html, ">")
			if j < i {
				break
			}
			html = html[:i] + html[j+1:]
		}
		return html
	}
	if got := text(after.Line); got != "random chance: 25" {
		t.Errorf("reference line tooltip %q, want %q", got, "random chance: 25")
	}
	if got := text(after.Band); got != "human range: 50 – 60" {
		t.Errorf("band tooltip %q, want %q", got, "human range: 50 – 60")
	}
	if got := text(after.UnnamedLine); got != "Reference line: 2.5" {
		t.Errorf("log-axis reference line tooltip %q, want %q", got, "Reference line: 2.5")
	}
	for _, s := range after.Shown {
		if strings.HasPrefix(s, "custom:scalesite-bars") {
			t.Errorf("with observed hidden in the legend, its error bars are still drawn: %q", after.Shown)
		}
	}
	if !slices.Contains(after.Shown, "line:scalesite-marks-0") {
		t.Errorf("with observed hidden, the marks are gone: %q", after.Shown)
	}

	// In the dark scheme the marks are drawn again, their texts readable.
	if err := setColorScheme(tb, "dark"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(tb.ctx, tb.waitSettled()); err != nil {
		t.Fatal(err)
	}
	var colors []string
	tb.eval(t, `const c = window.scalesite.charts[`+fmt.Sprintf("%q", one.ID)+`]; const out = [];
c.getModel().eachComponent('markLine', mm => { const v = c.getViewOfComponentModel(mm); if (v && v.group) v.group.traverse(e => {
  const tc = e.getTextContent && e.getTextContent();
  if (tc && tc.style && tc.style.text) out.push(String(tc.style.fill) + ' on ' + String(tc.style.stroke)); }); });
return out;`, &colors)
	if len(colors) == 0 {
		t.Errorf("dark scheme: no reference line label drawn")
	}
	for _, c := range colors {
		if c != "#c8c8c8 on #111418" {
			t.Errorf("dark scheme: a reference line label drawn in %s, want #c8c8c8 on #111418", c)
		}
	}
	tb.saveScreenshot(t, "marks-dark")
}

// mark is the chart's drawn marks of one kind (markLine, markArea, markPoint).
func (c marksChart) mark(kind string) *struct {
	Kind  string
	Paths int
	Texts []string
	Lines [][4]float64
	Rects [][4]float64
} {
	for i := range c.Marks {
		if c.Marks[i].Kind == kind && c.Marks[i].Paths > 0 {
			return &c.Marks[i]
		}
	}
	return nil
}

// seriesColor is the colour of the chart's first series, from the page.
func (c marksChart) seriesColor(t *testing.T) string {
	t.Helper()
	if len(c.Custom) == 0 {
		return ""
	}
	return c.Custom[0].Color
}

// tooltip shows the tooltip of one point and returns its text.
func (tb *tab) tooltip(t *testing.T, id string, series, index int) string {
	t.Helper()
	js := fmt.Sprintf(`(() => { const c = window.scalesite.charts[%q];
c.dispatchAction({type: 'showTip', seriesIndex: %d, dataIndex: %d});
const el = [...c.getDom().querySelectorAll('div')].find(d => d.style && d.style.zIndex === '9999999' && d.textContent.trim() !== '');
return el ? el.textContent : ''; })()`, id, series, index)
	var text string
	if err := chromedp.Run(tb.ctx, chromedp.Poll(js, &text, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Errorf("tooltip of %s series %d point %d: %v", id, series, index, err)
	}
	return text
}

func nearPx(a, b float64) bool { return math.Abs(a-b) <= 1.5 }

func hasAll(texts []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, s := range texts {
			found = found || strings.Contains(s, w)
		}
		if !found {
			return false
		}
	}
	return true
}

// The demo site's charts (demo_test.go) are read with these: error bars,
// bands and reference marks are series of scalesite's own, left out of the
// comparison with the data; the axes reach the intervals and marks; `order`
// and `style` decide the series' order and how each is drawn.

// withoutMarks leaves out the series of error bars, bands and marks.
func withoutMarks(got *chartInfo) *chartInfo {
	c := *got
	c.Series = nil
	for _, s := range got.Series {
		if !s.Aux {
			c.Series = append(c.Series, s)
		}
	}
	return &c
}

// specOrder puts the series the spec's order names first, in that order.
func specOrder(sc *chartspec.Chart, ss []site.Series) []site.Series {
	var out []site.Series
	for _, f := range sc.Order {
		for _, s := range ss {
			if s.Name == f.Name {
				out = append(out, s)
			}
		}
	}
	for _, s := range ss {
		if !slices.ContainsFunc(sc.Order, func(f chartspec.Field) bool { return f.Name == s.Name }) {
			out = append(out, s)
		}
	}
	return out
}

// seriesType is how a series is drawn: as the spec's style says, else as
// its panel's type.
func seriesType(sc *chartspec.Chart, p chartspec.Panel, name string) string {
	switch sc.Styles[name].Draw {
	case chartspec.DrawPoints:
		return chartspec.TypeScatter
	case chartspec.DrawLine, chartspec.DrawBoth:
		return chartspec.TypeLine
	}
	return p.Type
}

// intervalOf reports whether a drawn point carries the interval b (nil:
// none), in data units (y within rel of it), and no other.
func (d drawnPoint) intervalOf(b *site.Bounds, rel float64) bool {
	want := map[string][2]float64{}
	if b.HasX() {
		want["x"] = [2]float64{b.XLo, b.XHi}
	}
	if b.HasY() {
		want["y"] = [2]float64{b.YLo, b.YHi}
	}
	if len(want) != len(d.interval) {
		return false
	}
	for k, v := range want {
		got, ok := d.interval[k]
		if !ok || !within(got[0], v[0], rel) || !within(got[1], v[1], rel) {
			return false
		}
	}
	return true
}
