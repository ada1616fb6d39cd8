package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// numbersJS reads, for every chart of the page, the pixel ECharts gives
// each point of its first series (null where it cannot place it) and the
// y axis' tick labels as drawn.
const numbersJS = `(() => [...document.querySelectorAll('[_echarts_instance_]')].map(el => {
  const inst = echarts.getInstanceByDom(el), opt = inst.getOption();
  const pts = opt.series[0].data.map(d => { const p = inst.convertToPixel({seriesIndex: 0}, [d[0], d[1]]); return p ? p[1] : null; });
  const labels = inst.getModel().getComponent('yAxis').axis.getViewLabels().map(l => l.formattedLabel);
  return {Pixels: pts.map(v => (v == null || !isFinite(v)) ? -1 : v), Labels: labels};
}))()`

type numbersChart struct {
	Pixels []float64
	Labels []string
}

// TestExtremeNumbersDraw (issue 32): charts of values at the ends of what a
// float64 holds draw every point, with distinct tick labels written as
// powers, in Chromium: 1e-10..3e-10 (its ticks stacked at the minimum),
// 1e100 in auto (101 digits), 1e307..1.7e308 linear and log, and 1e-320 on
// a log axis (the page's tick code looped).
func TestExtremeNumbersDraw(t *testing.T) {
	browserTest(t)
	columns := []string{"tiny", "huge", "largest", "largest", "subnormal", "small"}
	logs := []bool{false, false, false, true, true, false}
	var md strings.Builder
	md.WriteString("---\ntitle: Extreme\n---\n")
	for i, c := range columns {
		y := c
		if logs[i] {
			y = "{field: " + c + ", scale: log}"
		}
		fmt.Fprintf(&md, "\n```chart\ntype: line\ndata: data/extreme.csv\nx: step\ny: %s\n```\n", y)
	}
	base := buildSite(t, map[string]string{
		"scalesite.yaml":   "title: T\nbaseURL: https://example.org/\n",
		"content/index.md": "---\ntitle: Home\n---\nHome.\n",
		"content/x.md":     md.String(),
		"data/extreme.csv": "step,tiny,huge,largest,subnormal,small\n1,1e-10,1e100,1e307,1e-320,1e-300\n2,2e-10,2e100,1.5e308,2e-320,2e-300\n3,3e-10,3e100,1.7e308,3e-320,3e-300\n",
	})
	b := newBrowser(t)
	tb := b.tab(t)
	var charts []numbersChart
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(base+"/x/"), tb.waitCharts(len(columns)), tb.waitSettled(),
		chromedp.Evaluate(numbersJS, &charts)); err != nil {
		t.Fatal(err)
	}
	tb.saveScreenshot(t, "extreme-numbers")
	if len(charts) != len(columns) {
		t.Fatalf("%d charts, want %d", len(charts), len(columns))
	}
	for i, c := range charts {
		name := columns[i]
		if logs[i] {
			name += " (log)"
		}
		for k, px := range c.Pixels {
			if px < 0 || math.IsNaN(px) {
				t.Errorf("%s: point %d not drawn (pixels %v)", name, k+1, c.Pixels)
			}
		}
		if len(c.Pixels) != 3 || !(c.Pixels[0] > c.Pixels[1] && c.Pixels[1] > c.Pixels[2]) {
			t.Errorf("%s: points at %v px, want three, rising", name, c.Pixels)
		}
		if len(c.Labels) < 2 {
			t.Errorf("%s: tick labels %q, want at least two", name, c.Labels)
		}
		for k, s := range c.Labels {
			if s == "" || len([]rune(s)) > 12 || strings.ContainsAny(s, "eE∞") || (k > 0 && s == c.Labels[k-1]) {
				t.Errorf("%s: tick labels %q, want distinct short powers", name, c.Labels)
				break
			}
		}
	}
}
