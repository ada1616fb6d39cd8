package e2e

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/site"
)

// demoServer serves the demo site, built for the root it is served at
// (buildDemo: once for all the tests), not for scalesite.yaml's baseURL.
func demoServer(t *testing.T) string {
	t.Helper()
	dir, _ := buildDemo(t, "/")
	return serve(t, dir)
}

// eval runs JavaScript in the tab and decodes its JSON-able result.
func (tb *tab) eval(t *testing.T, js string, out any) {
	t.Helper()
	var raw json.RawMessage
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`JSON.stringify((() => { `+js+` })())`, &raw)); err != nil {
		t.Fatalf("evaluating %q: %v", js, err)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("result of %q: %v", js, err)
	}
	if err := json.Unmarshal([]byte(s), out); err != nil {
		t.Fatalf("result of %q: %v (%s)", js, err, s)
	}
}

func (tb *tab) open(t *testing.T, url string, charts int) {
	t.Helper()
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(charts), tb.waitSettled()); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// firstChartInfo reads the page's first chart as TestDemoSiteInChromium
// does (chartsJS).
func (tb *tab) firstChartInfo(t *testing.T) chartInfo {
	t.Helper()
	var charts []chartInfo
	if err := tb.evalJSON(chartsJS, &charts); err != nil {
		t.Fatalf("reading the charts: %v", err)
	}
	if len(charts) == 0 {
		t.Fatal("no chart on the page")
	}
	return charts[0]
}

// seedAxis is what a seed chart's axis must be: scalesiteLog, its range in
// axis space (exponents on a log axis), and the tick labels drawn.
type seedAxis struct {
	log      bool
	min, max float64
	ticks    []string
}

func checkSeedAxis(t *testing.T, what string, got axisInfo, want seedAxis) {
	t.Helper()
	if got.Type != "value" || got.Log != want.log {
		t.Errorf("%s: a %q axis with scalesiteLog %v, want a \"value\" axis with scalesiteLog %v", what, got.Type, got.Log, want.log)
	}
	if got.Min == nil || got.Max == nil || !near(*got.Min, want.min, 1e-9) || !near(*got.Max, want.max, 1e-9) {
		t.Errorf("%s: range %v to %v, want %v to %v", what, jsonText(got.Min), jsonText(got.Max), want.min, want.max)
	}
	if !slices.Equal(got.Drawn, want.ticks) {
		t.Errorf("%s: ticks %q, want %q", what, got.Drawn, want.ticks)
	}
}

// seedSeries is what one drawn series must be.
type seedSeries struct {
	name, color string
	points      int
}

func checkSeedSeries(t *testing.T, got []seriesInfo, want []seedSeries) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d series, want %d", len(got), len(want))
		return
	}
	for i, w := range want {
		g := got[i]
		if g.Name != w.name || len(g.Data) != w.points || g.Color != w.color || g.Symbol != "circle" {
			t.Errorf("series %d: %q, %d points, colour %s, marker %s; want %q, %d points, colour %s, marker circle",
				i, g.Name, len(g.Data), g.Color, g.Symbol, w.name, w.points, w.color)
		}
		if g.Type == "line" && (g.LineColor != w.color || (len(g.Dash) > 0 && string(g.Dash) != "null" && string(g.Dash) != `"solid"`)) {
			t.Errorf("series %d (%s): line colour %s, type %s; want %s, solid", i, w.name, g.LineColor, g.Dash, w.color)
		}
	}
}

const firstChart = `const c = Object.values(window.scalesite.charts)[0], m = c.getModel();
const ticks = (kind, i) => m.getComponent(kind, i).axis.getViewLabels().map(l => l.formattedLabel);`

// shown keeps the texts that are on the canvas: ECharts lays out a label for
// a log axis's min and max even when it will not draw it.
const shown = `const onCanvas = new Set(c.getZr().storage.getDisplayList(true).map(e => e.style && e.style.text).filter(Boolean));
const shown = s => onCanvas.has(s);`

// TestSeedChartsInChromium checks what each seed figure shows, as ECharts
// lays it out: tick labels, point labels, legend, and interactions.
func TestSeedChartsInChromium(t *testing.T) {
	b := newBrowser(t)
	base := demoServer(t)

	t.Run("audio-models", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, base+"/audio-models/", 1)
		var got struct {
			X, Y   []string
			Labels []string
		}
		tb.eval(t, firstChart+shown+`return {X: ticks('xAxis', 0).filter(shown), Y: ticks('yAxis', 0).filter(shown),
			Labels: c.getOption().series[0].data.map(d => d.name)};`, &got)
		// Decades over 2.6 of them; a power of ten between 0.01 and 10⁴ is
		// written plainly even with format: pow.
		if want := []string{"10", "100", "1,000"}; !slices.Equal(got.X, want) {
			t.Errorf("x ticks %q, want %q", got.X, want)
		}
		// 84..89 on a y axis of about 300 px: one label per 80 px at most
		// (issue 20), so every 2 points
		if want := []string{"84", "86", "88"}; !slices.Equal(got.Y, want) {
			t.Errorf("y ticks %q, want %q", got.Y, want)
		}
		info := tb.firstChartInfo(t)
		checkSeedAxis(t, "x", info.X[0], seedAxis{true, math.Log10(5), math.Log10(2000), []string{"10", "100", "1,000"}})
		checkSeedAxis(t, "y", info.Y[0], seedAxis{false, 84, 89, got.Y})
		// One series, named after the y axis, in the spec's orange (the
		// palette's), no legend; every point [log10 x, y, x, y] with its label.
		checkSeedSeries(t, info.Series, []seedSeries{{"Avg. ROC-AUC (Probing & SFT)", "#e5731b", 5}})
		if info.LegendShown {
			t.Errorf("a legend %q for a chart of one series", info.Legend)
		}
		if len(info.Series) == 1 {
			var n site.Notes
			checkPoints(t, "audio-models", []site.Point{
				n.With(site.Point{X: 10, Y: 84.45}, "VGG-ish (84.45)", nil), n.With(site.Point{X: 100, Y: 86.47}, "CLAP-Music&Speech (86.47)", nil),
				n.With(site.Point{X: 100, Y: 87.25}, "MERT-95M (87.25)", nil), n.With(site.Point{X: 316, Y: 85.55}, "MERT-330M (85.55)", nil),
				n.With(site.Point{X: 1000, Y: 88.98}, "Qwen2-Audio (88.98)", nil),
			}, &n, info.Series[0].Data, 0, true, false)
		}
		want := []string{"VGG-ish (84.45)", "CLAP-Music&Speech (86.47)", "MERT-95M (87.25)", "MERT-330M (85.55)", "Qwen2-Audio (88.98)"}
		if !slices.Equal(got.Labels, want) {
			t.Errorf("point labels %q, want %q", got.Labels, want)
		}
		// The tooltip names the point and gives x and y in full.
		var tip string
		tb.eval(t, firstChart+`const o = c.getOption(); const d = o.series[0].data[4];
			return o.tooltip[0].formatter({seriesIndex: 0, seriesName: o.series[0].name, name: d.name, value: d.value, data: d, color: '#f28e2b', marker: ''});`, &tip)
		for _, part := range []string{"Qwen2-Audio (88.98)", "Number of Audio Parameters (Millions)", "1,000", "88.98"} {
			if !strings.Contains(tip, part) {
				t.Errorf("tooltip %q lacks %q", tip, part)
			}
		}
	})

	t.Run("rwkv-scaling", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, base+"/rwkv-scaling/", 1)
		var got struct {
			X0, X1  []string
			Legend  []string
			Before  int
			After   []string
			Colors  []string
			Grids   int
			Restore float64
		}
		tb.eval(t, firstChart+shown+`
			const before = m.getSeries().length;
			c.dispatchAction({type: 'legendUnSelect', name: 'Qwen2.5 7B'});
			const after = [];
			c.getModel().eachRawSeries(s => { if (!c.getModel().isSeriesFiltered(s)) after.push(s.name); });
			c.dispatchAction({type: 'legendSelect', name: 'Qwen2.5 7B'});
			return {X0: ticks('xAxis', 0).filter(shown), X1: ticks('xAxis', 1).filter(shown),
				Legend: m.getComponent('legend').getData().map(d => d.get('name')),
				Before: before, After: after,
				Colors: c.getOption().series.map((s, i) => c.getVisual({seriesIndex: i}, 'color')),
				Grids: c.getOption().grid.length};`, &got)
		if want := []string{"1E+20", "1E+21", "1E+22", "1E+23"}; !slices.Equal(got.X0, want) {
			t.Errorf("training x ticks %q, want %q", got.X0, want)
		}
		if want := []string{"1E+8", "1E+9", "1E+10"}; !slices.Equal(got.X1, want) {
			t.Errorf("inference x ticks %q, want %q", got.X1, want)
		}
		if want := []string{"Qwen2.5 7B", "RWKV7-World3 2.9B", "SmolLM2 1.7B", "RWKV7-Pile 1.47B", "Mamba2-Pile 1.3B"}; !slices.Equal(got.Legend, want) {
			t.Errorf("one shared legend %q, want %q", got.Legend, want)
		}
		if got.Grids != 2 || got.Before != 10 {
			t.Errorf("%d grids and %d series, want 2 and 10", got.Grids, got.Before)
		}
		if len(got.After) != 8 || slices.Contains(got.After, "Qwen2.5 7B") {
			t.Errorf("after hiding Qwen2.5 7B in the legend, series shown: %q (want it gone from both panels)", got.After)
		}
		if len(got.Colors) == 10 {
			for i := range 5 {
				if got.Colors[i] != got.Colors[i+5] {
					t.Errorf("series %d has colour %s in one panel and %s in the other", i, got.Colors[i], got.Colors[i+5])
				}
			}
		}
		info := tb.firstChartInfo(t)
		if len(info.X) != 2 || len(info.Y) != 2 {
			t.Fatalf("%d x and %d y axes, want 2 and 2", len(info.X), len(info.Y))
		}
		checkSeedAxis(t, "training x", info.X[0], seedAxis{true, math.Log10(5e19), math.Log10(2e23), got.X0})
		checkSeedAxis(t, "inference x", info.X[1], seedAxis{true, math.Log10(5e7), 10, got.X1})
		yTicks := []string{"40", "60", "80"} // one label per 80 px at most (issue 20)
		checkSeedAxis(t, "training y", info.Y[0], seedAxis{false, 40, 80, yTicks})
		checkSeedAxis(t, "inference y", info.Y[1], seedAxis{false, 40, 80, yTicks})
		// The spec's colour words, as the palette's hues, in both panels.
		panel := []seedSeries{
			{"Qwen2.5 7B", "#3b75af", 2}, {"RWKV7-World3 2.9B", "#c23b3d", 2}, {"SmolLM2 1.7B", "#4f9a3f", 3},
			{"RWKV7-Pile 1.47B", "#e5731b", 2}, {"Mamba2-Pile 1.3B", "#9a5ea1", 2},
		}
		checkSeedSeries(t, info.Series, append(panel, panel...))
	})

	t.Run("flops-accuracy", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, base+"/flops-accuracy/", 1)
		info := tb.firstChartInfo(t)
		xTicks := []string{"1E+20", "1E+21", "1E+22", "1E+23"}
		yTicks := []string{"40%", "50%", "60%"} // one label per 80 px at most (issue 20)
		checkSeedAxis(t, "x", info.X[0], seedAxis{true, 20, 23, xTicks})
		checkSeedAxis(t, "y", info.Y[0], seedAxis{false, 40, 65, yTicks})
		// Three points each (duplicate x values kept), in the spec's colours.
		checkSeedSeries(t, info.Series, []seedSeries{
			{"RWKV7-World3 2.9B", "#c23b3d", 3}, {"Qwen2.5 0.5B", "#3b75af", 3}, {"SmolLM2 135M", "#4f9a3f", 3},
		})

		// Zoomed to the middle 60% of x (10^20.6 to 10^22.4), the x axis is
		// labelled anew inside the window; the reset brings back the ticks
		// of the whole range.
		var zoomed float64
		tb.eval(t, firstChart+`c.dispatchAction({type: 'dataZoom', dataZoomIndex: 0, start: 20, end: 80});
			return c.getOption().dataZoom[0].start;`, &zoomed)
		if err := chromedp.Run(tb.ctx, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		var window []float64
		tb.eval(t, firstChart+`return m.getComponent('xAxis', 0).axis.scale.getExtent();`, &window)
		in := tb.firstChartInfo(t)
		if zoomed != 20 || len(window) != 2 || !near(window[0], 20.6, 1e-9) || !near(window[1], 22.4, 1e-9) {
			t.Errorf("after zooming to 20%%-80%%: zoom start %v, x shows %v, want 20 and [20.6 22.4]", zoomed, window)
		}
		x := in.X[0]
		if len(x.Custom) < 3 || !slices.Equal(x.Drawn, x.CustomText) {
			t.Errorf("zoomed x ticks %q drawn of %q (at %v), want 3 or more, all drawn", x.Drawn, x.CustomText, x.Custom)
		}
		for _, v := range x.Custom {
			if v < 20.6-1e-9 || v > 22.4+1e-9 {
				t.Errorf("zoomed x tick at 10^%v, outside the window 10^20.6 to 10^22.4", v)
			}
		}
		// 1.8 decades with two whole powers: 1-2-3-5 values.
		if want := []string{"5E+20", "1E+21", "2E+21", "3E+21", "5E+21", "1E+22", "2E+22"}; !slices.Equal(x.Drawn, want) {
			t.Errorf("zoomed x ticks %q, want %q", x.Drawn, want)
		}
		var got struct {
			Counts    []int
			Restored  float64
			HasCanvas bool
		}
		tb.eval(t, firstChart+`c.getDom().closest('.scalesite-chart').querySelector('.scalesite-tools [data-tool="reset"]').click(); return 1`, new(int))
		if err := chromedp.Run(tb.ctx, tb.waitSettled()); err != nil {
			t.Fatal(err)
		}
		tb.eval(t, `const c2 = Object.values(window.scalesite.charts)[0];
			return {Counts: c2.getOption().series.map(s => s.data.length), Restored: c2.getOption().dataZoom[0].start || 0,
				HasCanvas: !!c2.getDom().querySelector('canvas')};`, &got)
		if want := []int{3, 3, 3}; !slices.Equal(got.Counts, want) {
			t.Errorf("points per series after the reset %v, want %v", got.Counts, want)
		}
		if got.Restored != 0 || !got.HasCanvas {
			t.Errorf("zoom start %v after the reset, canvas %v, want 0 and a canvas", got.Restored, got.HasCanvas)
		}
		info = tb.firstChartInfo(t)
		checkSeedAxis(t, "x after the reset", info.X[0], seedAxis{true, 20, 23, xTicks})
		checkSeedAxis(t, "y after the reset", info.Y[0], seedAxis{false, 40, 65, yTicks})

		// Inside zoom on both axes, a PNG to save, and a chart that follows
		// the window's width.
		var more struct {
			InsideX, InsideY bool
			SaveAs           bool
			PNG              string
			Wide, Narrow     int
		}
		tb.eval(t, firstChart+`const o = c.getOption();
			window.__wide = c.getWidth();
			return {InsideX: o.dataZoom.some(z => z.type === 'inside' && z.xAxisIndex && z.xAxisIndex.length),
				InsideY: o.dataZoom.some(z => z.type === 'inside' && z.yAxisIndex && z.yAxisIndex.length),
				SaveAs: !o.toolbox && !!c.getDom().closest('.scalesite-chart').querySelector('.scalesite-tools [data-tool="png"]:not([hidden])'),
				PNG: c.getDataURL({type: 'png', pixelRatio: 2}).slice(0, 22), Wide: c.getWidth()};`, &more)
		// The chart follows the window: wait for its width to change, then
		// for it to draw.
		var resized bool
		if err := chromedp.Run(tb.ctx, chromedp.EmulateViewport(500, 800),
			chromedp.Poll(`Object.values(window.scalesite.charts)[0].getWidth() !== window.__wide`, &resized, chromedp.WithPollingTimeout(60*time.Second)),
			tb.waitSettled()); err != nil {
			t.Fatalf("the chart kept its width of %d px when the window went to 500 px: %v", more.Wide, err)
		}
		tb.eval(t, firstChart+`return c.getWidth()`, &more.Narrow)
		if !more.InsideX || !more.InsideY || !more.SaveAs || more.PNG != "data:image/png;base64," {
			t.Errorf("inside zoom x %v y %v, save as image %v, PNG %q", more.InsideX, more.InsideY, more.SaveAs, more.PNG)
		}
		if more.Narrow >= more.Wide || more.Narrow > 500 {
			t.Errorf("chart %d px wide in a 1280 px window and %d px in a 500 px one: it did not follow the window", more.Wide, more.Narrow)
		}
	})
}

// TestPhoneWidthAndDarkMode opens a page at 375 px in the dark colour scheme:
// nothing may overflow the viewport, the chart must fit, and the charts must
// switch to the dark theme (and back).
func TestPhoneWidthAndDarkMode(t *testing.T) {
	b := newBrowser(t)
	base := demoServer(t)
	tb := b.tab(t)
	dark := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}})
	if err := chromedp.Run(tb.ctx, chromedp.EmulateViewport(375, 800), dark); err != nil {
		t.Fatal(err)
	}
	tb.open(t, base+"/rwkv-scaling/", 1)
	var got struct {
		Scroll, Chart int
		Label         string
	}
	read := firstChart + `return {Scroll: document.documentElement.scrollWidth, Chart: c.getWidth(),
		Label: String(m.getComponent('legend').get(['textStyle', 'color']))};`
	tb.eval(t, read, &got)
	if got.Scroll > 375 || got.Chart > 375 || got.Chart < 300 {
		t.Errorf("at 375 px: page %d px wide, chart %d px, want both ≤ 375 and the chart ≥ 300", got.Scroll, got.Chart)
	}
	darkLabel := got.Label
	light := emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}})
	if err := chromedp.Run(tb.ctx, light); err != nil {
		t.Fatal(err)
	}
	// Headless Chromium fires no change event for emulated media, so the
	// test calls the handler that event runs.
	tb.eval(t, firstChart+`c.dispatchAction({type: 'legendUnSelect', name: 'SmolLM2 1.7B'}); window.scalesite.schemeChanged(); return 1`, new(int))
	tb.eval(t, read, &got)
	var hidden map[string]bool
	tb.eval(t, firstChart+`return c.getOption().legend[0].selected`, &hidden)
	if hidden["SmolLM2 1.7B"] {
		t.Errorf("a series hidden before the colour scheme changed is shown again after it: %v", hidden)
	}
	if got.Label == darkLabel {
		t.Errorf("legend text colour %q in both colour schemes: the chart did not follow prefers-color-scheme", darkLabel)
	}
	tb.saveScreenshot(t, "phone-light-rwkv")
}
