package e2e

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/build"
)

// demoServer builds the demo site once per test and serves it.
func demoServer(t *testing.T) string {
	t.Helper()
	root, _ := filepath.Abs("..")
	dest := t.TempDir()
	if _, err := build.Run(build.Options{Source: root, Dest: dest}); err != nil {
		t.Fatalf("building the demo site: %v", err)
	}
	return serve(t, dest)
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
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(charts)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
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
		if want := []string{"10¹", "10²", "10³"}; !slices.Equal(got.X, want) {
			t.Errorf("x ticks %q, want %q", got.X, want)
		}
		if want := []string{"84", "85", "86", "87", "88", "89"}; !slices.Equal(got.Y, want) {
			t.Errorf("y ticks %q, want %q", got.Y, want)
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
	})

	t.Run("flops-accuracy", func(t *testing.T) {
		tb := b.tab(t)
		tb.open(t, base+"/flops-accuracy/", 1)
		var got struct {
			X, Y      []string
			Counts    []int
			Zoomed    float64
			Restored  float64
			HasCanvas bool
		}
		tb.eval(t, firstChart+shown+`
			c.dispatchAction({type: 'dataZoom', dataZoomIndex: 0, start: 20, end: 80});
			const zoomed = c.getOption().dataZoom[0].start;
			c.dispatchAction({type: 'restore'});
			const c2 = Object.values(window.scalesite.charts)[0];
			return {X: ticks('xAxis', 0).filter(shown), Y: ticks('yAxis', 0).filter(shown),
				Counts: c2.getOption().series.map(s => s.data.length),
				Zoomed: zoomed, Restored: c2.getOption().dataZoom[0].start || 0,
				HasCanvas: !!c2.getDom().querySelector('canvas')};`, &got)
		if want := []string{"1E+20", "1E+21", "1E+22", "1E+23"}; !slices.Equal(got.X, want) {
			t.Errorf("x ticks %q, want %q", got.X, want)
		}
		if want := []string{"40%", "45%", "50%", "55%", "60%", "65%"}; !slices.Equal(got.Y, want) {
			t.Errorf("y ticks %q, want %q", got.Y, want)
		}
		if want := []int{3, 3, 3}; !slices.Equal(got.Counts, want) {
			t.Errorf("points per series %v, want %v (duplicate x values kept)", got.Counts, want)
		}
		if got.Zoomed != 20 || got.Restored != 0 {
			t.Errorf("zoom start %v after zooming and %v after reset, want 20 and 0", got.Zoomed, got.Restored)
		}

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
				SaveAs: !!(o.toolbox[0].feature.saveAsImage && o.toolbox[0].feature.saveAsImage.show),
				PNG: c.getDataURL({type: 'png', pixelRatio: 2}).slice(0, 22), Wide: c.getWidth()};`, &more)
		if err := chromedp.Run(tb.ctx, chromedp.EmulateViewport(500, 800), chromedp.Sleep(400*time.Millisecond)); err != nil {
			t.Fatal(err)
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
