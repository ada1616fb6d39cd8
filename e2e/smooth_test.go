package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scalesite/scalesite/smooth"
)

// smoothSite is a page with one chart of two noisy training runs of 3,000
// steps smoothed with an EMA: downsampled to 2,000 drawn points a line, so
// each drawn point stands for 1.5 rows.
func smoothSite(t *testing.T) string {
	t.Helper()
	var csv strings.Builder
	csv.WriteString("run,step,loss\n")
	for _, run := range []string{"small", "large"} {
		for i, y := range smoothLoss(run) {
			fmt.Fprintf(&csv, "%s,%d,%.4f\n", run, (i+1)*10, y)
		}
	}
	return buildSite(t, map[string]string{
		"content/runs/index.md": "---\ntitle: Runs\ndescription: Two training runs, smoothed.\n---\n```chart\n" +
			"title: Training loss\ndata: log.csv\nx: {field: step, title: Step}\ny: {field: loss, title: Loss}\nseries: run\nsmooth: {ema: 0.9}\n```\n",
		"content/runs/log.csv": csv.String(),
	})
}

// smoothLoss is the loss of run at steps 10, 20, ... 30,000, as the CSV
// writes it (4 decimals).
func smoothLoss(run string) []float64 {
	scale := 1.0
	if run == "large" {
		scale = 0.8
	}
	y := make([]float64, 3000)
	for k := range y {
		i := float64(k + 1)
		v := scale*(2+6/math.Sqrt(i)) + 0.5*math.Sin(i*12.9898)*math.Sin(i*78.233)
		y[k] = math.Round(v*1e4) / 1e4
	}
	return y
}

// smoothState is what the page shows of the chart's smoothing now.
type smoothState struct {
	Value, Output string
	Checked       bool
	Disabled      bool
	Smoothed      [][]any // the first smoothed line's points
	Raw           [][]any // its raw line's
	RawOpacity    float64
	Ink           string // a digest of the plot's pixels
	Right         float64
}

const smoothStateJS = `
const el = document.querySelector('.scalesite-canvas [_echarts_instance_]') || document.querySelector('[_echarts_instance_]');
const inst = echarts.getInstanceByDom(el);
const opt = inst.getOption();
const s = opt.series.find((s) => s.id === 'scalesite-smooth-0');
const r = opt.series.find((s) => s.id === 'scalesite-smooth-0-raw');
const box = document.querySelector('.scalesite-smooth');
const range = box.querySelector('input[type=range]');
const on = box.querySelector('input[type=checkbox]');
const c = el.querySelector('canvas');
const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let h = 0;
for (let i = 0; i < px.length; i += 4) h = (h * 31 + px[i] + 7 * px[i + 1] + 13 * px[i + 2]) >>> 0;
return {Value: range.value, Output: box.querySelector('output').textContent, Checked: on.checked, Disabled: range.disabled,
  Smoothed: s.data, Raw: r.data, RawOpacity: r.lineStyle.opacity, Ink: String(h), Right: box.getBoundingClientRect().right};
`

func readSmooth(t *testing.T, tb *tab) smoothState {
	t.Helper()
	var st smoothState
	var ok bool
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, &ok, awaitPromise), tb.waitSettled()); err != nil {
		t.Fatal(err)
	}
	if err := tb.evalJSON(smoothStateJS, &st); err != nil {
		t.Fatalf("reading the smoothing: %v", err)
	}
	return st
}

// TestSmoothSlider: the control beside a smoothed chart, by keyboard:
// Home sets the weight to 0 (the smoothed line on the raw points), End to
// 0.999, and unchecking the box hides the smoothed line and draws the raw
// line full; the spec's weight again draws the build's line exactly; a
// change of colour scheme keeps the reader's setting. Screenshots at 375
// and 1200 px, light and dark (E2E_SCREENSHOTS=1).
func TestSmoothSlider(t *testing.T) {
	browserTest(t)
	url := smoothSite(t) + "/runs/"
	b := newBrowser(t)
	tb := b.tab(t)
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(1)); err != nil {
		t.Fatal(err)
	}
	built := readSmooth(t, tb)
	if built.Value != "0.9" || built.Output != "0.9" || !built.Checked || built.Disabled {
		t.Fatalf("the control at first: weight %q (%q), checked %v, disabled %v; want 0.9, on", built.Value, built.Output, built.Checked, built.Disabled)
	}
	if len(built.Smoothed) != len(built.Raw) || len(built.Raw) < 1000 || len(built.Raw) >= 3000 {
		t.Fatalf("%d smoothed and %d raw points drawn, want the same count, downsampled", len(built.Smoothed), len(built.Raw))
	}
	if built.RawOpacity != 0.3 {
		t.Errorf("raw line opacity %v, want 0.3", built.RawOpacity)
	}

	key := func(k string) {
		t.Helper()
		if err := chromedp.Run(tb.ctx, openMenuOf(`.scalesite-smooth input[type=range]`), chromedp.Focus(`.scalesite-smooth input[type=range]`, chromedp.ByQuery), chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	key(kb.Home)
	zero := readSmooth(t, tb)
	if zero.Value != "0" || zero.Output != "0" {
		t.Errorf("after Home: %q (%q), want 0", zero.Value, zero.Output)
	}
	for i := range zero.Smoothed {
		if zero.Smoothed[i][1] != zero.Raw[i][1] {
			t.Fatalf("weight 0: smoothed point %d is %v, the raw one %v", i, zero.Smoothed[i], zero.Raw[i])
		}
	}
	if zero.Ink == built.Ink {
		t.Error("weight 0 drew the same pixels as 0.9")
	}
	key(kb.End)
	hard := readSmooth(t, tb)
	tb.saveScreenshot(t, "smooth-0.999")
	if hard.Value != "0.999" || hard.Ink == built.Ink || hard.Ink == zero.Ink {
		t.Errorf("after End: %q, the same pixels as before: %v", hard.Value, hard.Ink == built.Ink || hard.Ink == zero.Ink)
	}
	last := len(hard.Smoothed) - 1
	if a, b := hard.Smoothed[last][1].(float64), built.Smoothed[last][1].(float64); !(a > b) {
		t.Errorf("weight 0.999 ends at %v, 0.9 at %v: a heavier weight lags above a falling loss", a, b)
	}

	// a weight of the reader's on the thinned line: each drawn point
	// weighed by the rows it stands for, close to the EMA of every row
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('.scalesite-smooth input[type=range]');
		r.value = '0.95'; r.dispatchEvent(new Event('input', {bubbles: true})); })()`, nil)); err != nil {
		t.Fatal(err)
	}
	mid := readSmooth(t, tb)
	full := smooth.EMA(smoothLoss("small"), 0.95)
	// The first rows fall fast, and a row left out there moves the
	// average most: the test holds the mean gap and the gap after the
	// first 100 rows.
	worst, sum := 0.0, 0.0
	for _, p := range mid.Smoothed {
		x, y := p[0].(float64), p[1].(float64)
		d := math.Abs(y - full[int(x)/10-1])
		sum += d
		if x > 1000 {
			worst = max(worst, d)
		}
	}
	mean := sum / float64(len(mid.Smoothed))
	t.Logf("weight 0.95 on %d of 3,000 rows: %.4f from the EMA of every row on average, at most %.4f after row 100 (the noise is ±0.5)", len(mid.Smoothed), mean, worst)
	if mean > 0.04 || worst > 0.15 {
		t.Errorf("weight 0.95 on the thinned line is %.4f on average, up to %.4f after row 100, from the EMA of every row; want within 0.04 and 0.15", mean, worst)
	}

	// off, by keyboard: Space on the checkbox
	if err := chromedp.Run(tb.ctx, openMenuOf(`.scalesite-smooth input[type=checkbox]`), chromedp.Focus(`.scalesite-smooth input[type=checkbox]`, chromedp.ByQuery), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	off := readSmooth(t, tb)
	tb.saveScreenshot(t, "smooth-off")
	if off.Checked || !off.Disabled || off.Output != "off" || len(off.Smoothed) != 0 || off.RawOpacity != 1 {
		t.Errorf("off: checked %v, disabled %v, %q, %d smoothed points, raw opacity %v; want no smoothed line and the raw line full",
			off.Checked, off.Disabled, off.Output, len(off.Smoothed), off.RawOpacity)
	}
	if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	// back to the spec's weight: the build's line, to the last digit
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('.scalesite-smooth input[type=range]');
		r.value = '0.9'; r.dispatchEvent(new Event('input', {bubbles: true})); })()`, nil)); err != nil {
		t.Fatal(err)
	}
	again := readSmooth(t, tb)
	if !again.Checked || again.RawOpacity != 0.3 || fmt.Sprint(again.Smoothed) != fmt.Sprint(built.Smoothed) {
		t.Errorf("at 0.9 again: checked %v, raw opacity %v, the build's line: %v", again.Checked, again.RawOpacity, fmt.Sprint(again.Smoothed) == fmt.Sprint(built.Smoothed))
	}

	// the reader's weight outlives a change of colour scheme (the chart is
	// made again)
	key(kb.Home)
	if err := setColorScheme(tb, "dark"); err != nil {
		t.Fatal(err)
	}
	dark := readSmooth(t, tb)
	if dark.Value != "0" || fmt.Sprint(dark.Smoothed) != fmt.Sprint(zero.Smoothed) {
		t.Errorf("after the dark scheme: weight %q, the same line %v", dark.Value, fmt.Sprint(dark.Smoothed) == fmt.Sprint(zero.Smoothed))
	}
	if err := setColorScheme(tb, "light"); err != nil {
		t.Fatal(err)
	}

	// one legend entry hides both lines of a series, and the min/max band
	// of its thinned line (chart/band.go), which carries its name: what is
	// left is the large run's pair and band
	var left []string
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`(() => {
		const inst = echarts.getInstanceByDom(document.querySelector('[_echarts_instance_]'));
		inst.dispatchAction({type: 'legendUnSelect', name: 'small'});
		const shown = [];
		inst.getModel().eachSeries((s) => shown.push(s.id + ':' + s.name));
		inst.dispatchAction({type: 'legendSelect', name: 'small'});
		return shown;
	})()`, &left)); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(left) != "[scalesite-smooth-2:large scalesite-smooth-2-raw:large scalesite-spread-1:large]" {
		t.Errorf("with small unselected in the legend, the series drawn are %v, want the large run's two lines and its band", left)
	}

	// the tooltip shows both values
	var tip string
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`(() => {
		const el = document.querySelector('[_echarts_instance_]');
		const inst = echarts.getInstanceByDom(el);
		inst.dispatchAction({type: 'showTip', seriesIndex: 0, dataIndex: 500});
		return [...el.querySelectorAll('div')].map((d) => d.innerText).filter((s) => s.includes('smoothed')).sort((a, b) => b.length - a.length)[0] || '';
	})()`, &tip)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tip, "Loss (smoothed):") || !strings.Contains(tip, "raw:") {
		t.Errorf("tooltip %q, want the smoothed and the raw value", tip)
	}

	// the control fits a phone's width, light and dark
	eachView(t, tb, url, 1, func(width int64, scheme string) {
		st := readSmooth(t, tb)
		if st.Right > float64(width) {
			t.Errorf("%d px, %s: the control ends at %v px", width, scheme, st.Right)
		}
		tb.saveScreenshot(t, fmt.Sprintf("smooth-%d-%s", width, scheme))
	})
}

// TestSmoothControlNoShift: on a wide screen the control takes the free
// start of the chart's tools row, so the toolbar keeps its rectangle when
// the control is made and loading the page shifts nothing. (Narrower, where
// the tools already wrap, the control moves them within the toolbar or
// adds a row: the control is made by the page's script, and a browser that
// paints before the script runs sees that as a shift. Only the chart's
// markup, which the build writes, could hold its place.)
func TestSmoothControlNoShift(t *testing.T) {
	browserTest(t)
	url := smoothSite(t) + "/runs/"
	b := newBrowser(t)
	for _, v := range []readViewport{{width: 1200, height: 900}, {width: 1600, height: 900}} {
		tb := b.tab(t)
		var raw string
		if err := chromedp.Run(tb.ctx,
			emulation.SetDeviceMetricsOverride(v.width, v.height, 1, v.mobile),
			chromedp.ActionFunc(func(ctx context.Context) error {
				_, err := page.AddScriptToEvaluateOnNewDocument(shiftProbeJS).Do(ctx)
				return err
			}),
			chromedp.Navigate(url), tb.waitCharts(1), tb.waitSettled(),
			chromedp.Evaluate(shiftReadJS, &raw, awaitPromise)); err != nil {
			t.Fatal(err)
		}
		var got shiftRead
		if err := json.Unmarshal([]byte(raw), &got); err != nil {
			t.Fatal(err)
		}
		if got.Live != 1 {
			t.Errorf("%d px: the chart did not take over", v.width)
		}
		for _, e := range got.Entries {
			t.Errorf("%d px: layout shift %.4f (%s)", v.width, e.V, strings.Join(e.Nodes, ", "))
		}
		if len(got.Before) != 1 || len(got.After) != 1 || fmt.Sprint(got.Before[0].Tools) != fmt.Sprint(got.After[0].Tools) {
			t.Errorf("%d px: the toolbar was %v before the chart took over and is %v after", v.width, got.Before, got.After)
		}
	}
}

// TestSmoothSurvivesLinearAxis: on a log y axis the slider smooths the
// values (not their logarithms), and the reader's weight outlives the
// Linear y button, which draws the chart again from its option.
func TestSmoothSurvivesLinearAxis(t *testing.T) {
	browserTest(t)
	var csv strings.Builder
	csv.WriteString("step,loss\n")
	for i := 1; i <= 400; i++ {
		fmt.Fprintf(&csv, "%d,%.4f\n", i, 2+6/math.Sqrt(float64(i))+0.4*math.Sin(float64(i)*12.9898))
	}
	url := buildSite(t, map[string]string{
		"content/log/index.md": "---\ntitle: Log\ndescription: A smoothed run on a log axis.\n---\n```chart\n" +
			"data: log.csv\nx: step\ny: {field: loss, scale: log}\nsmooth: {window: 9}\n```\n",
		"content/log/log.csv": csv.String(),
	}) + "/log/"
	b := newBrowser(t)
	tb := b.tab(t)
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(1)); err != nil {
		t.Fatal(err)
	}
	readSmooth(t, tb)
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('.scalesite-smooth input[type=range]');
		r.value = '31'; r.dispatchEvent(new Event('input', {bubbles: true})); })()`, nil)); err != nil {
		t.Fatal(err)
	}
	logged := readSmooth(t, tb)
	// the mean of the values around point 200 (0-based 199), over 31 points
	var sum float64
	for i := 199 - 15; i <= 199+15; i++ {
		sum += logged.Raw[i][3].(float64)
	}
	want := sum / 31
	got := logged.Smoothed[199]
	if math.Abs(got[3].(float64)-want) > 1e-9 || math.Abs(got[1].(float64)-math.Log10(want)) > 1e-9 {
		t.Errorf("window 31 at point 200 on a log axis: %v, want the mean of the values %v (at log10 %v)", got, want, math.Log10(want))
	}
	if err := chromedp.Run(tb.ctx, clickTool(`.scalesite-tools button[data-tool="scale"][data-axis="y"]`)); err != nil {
		t.Fatal(err)
	}
	lin := readSmooth(t, tb)
	if lin.Value != "31" || math.Abs(lin.Smoothed[199][1].(float64)-want) > 1e-9 {
		t.Errorf("after Linear y: slider %q, point 200 at %v; want 31 and the same mean %v, drawn linear", lin.Value, lin.Smoothed[199], want)
	}
}
