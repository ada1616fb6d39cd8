package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// kaplanChartSite is a page with a chart titled in Kaplan et al.'s
// notation, a subtitle and a legend of two series (issue 34).
var kaplanChartSite = map[string]string{
	"scalesite.yaml": "title: Lab\n",
	"content/k/index.md": "---\ntitle: 'Scaling $L(N) \\propto N^{-\\alpha_N}$'\ndate: 2025-01-02\ndescription: A law.\n---\nText.\n\n" +
		"```chart\ntitle: 'Loss $L(N)$ falls as $N^{-\\alpha_N}$'\nsubtitle: 'Kaplan et al. 2020, $\\alpha_N \\approx 0.076$'\n" +
		"data: k.csv\nx: {field: n, scale: log, title: Parameters N}\ny: {field: loss, title: Test loss}\nseries: run\n```\n",
	"content/k/k.csv": "run,n,loss\na,1e6,4.1\na,1e7,3.5\na,1e8,3.0\na,1e9,2.6\nb,1e6,4.3\nb,1e7,3.7\nb,1e8,3.2\nb,1e9,2.8\n",
}

// texTitleJS reads the chart's typeset title as shown: the element of it
// that is displayed, its KaTeX box and baseline (a zero-size inline block
// at the end of its line stands on the baseline), the box and baseline
// the build laid out for the width (the element of the static figure
// drawn at the box's width: its left from the box's middle, its top 200 px above the
// baseline; the width measured, scaled as drawn), the chart box, and,
// once ECharts has drawn, the first plot's and the legend's rectangles.
const texTitleJS = `
const canvas = document.querySelector('.scalesite-canvas');
const cr = canvas.getBoundingClientRect();
const shown = [...canvas.querySelectorAll(':scope > .scalesite-tex-title')].filter(e => getComputedStyle(e).display !== 'none' && getComputedStyle(e).visibility !== 'hidden');
const r = b => [b.left - cr.left, b.top - cr.top, b.width, b.height];
let out = {Shown: shown.length, Canvas: [cr.left, cr.top, cr.width, cr.height]};
if (shown.length === 1) {
  const k = shown[0].querySelector('.katex-html');
  const probe = document.createElement('span');
  probe.style.cssText = 'display:inline-block;width:0;height:0';
  shown[0].querySelector('.scalesite-tex-line > span').appendChild(probe);
  out.KaTeX = r(k.getBoundingClientRect());
  out.Baseline = probe.getBoundingClientRect().bottom - cr.top;
  probe.remove();
  out.Middle = shown[0].classList.contains('scalesite-tex-middle');
  out.Font = getComputedStyle(k).fontFamily;
}
const drawnAt = which => { const svg = canvas.querySelector(':scope > svg.scalesite-static-' + which); return svg ? svg.viewBox.baseVal.width : 0; };
const fig = [...canvas.querySelectorAll(':scope > .scalesite-static.scalesite-tex-title')].find(e =>
  Math.abs(drawnAt(['wide', 'tablet', 'narrow'].find(w => e.classList.contains('scalesite-static-' + w))) - cr.width) <= 1);
const left = fig && /^calc\(50% ([+-]) ([0-9.]+)px\)$/.exec(fig.style.left);
if (left) {
  const dx = (left[1] === '-' ? -1 : 1) * parseFloat(left[2]);
  const fs = parseFloat(fig.style.fontSize);
  const meta = JSON.parse(document.querySelector('script.scalesite-option').textContent).scalesite;
  out.Laid = {X: cr.width / 2 + dx, Y: parseFloat(fig.style.top) + 200, W: meta.texTitle.w * fs / 16, Middle: fig.classList.contains('scalesite-tex-middle')};
}
const inst = window.scalesite && Object.values(window.scalesite.charts)[0];
if (inst && canvas.classList.contains('scalesite-live')) {
  const g = inst.getModel().getComponent('grid', 0).coordinateSystem.getRect();
  out.Plot = [g.x, g.y, g.width, g.height];
  const lv = inst.getViewOfComponentModel(inst.getModel().getComponent('legend', 0));
  const lb = lv.group.getBoundingRect();
  out.Legend = [lv.group.x + lb.x, lv.group.y + lb.y, lb.width, lb.height];
}
return out;`

type texTitleRead struct {
	Shown         int
	Canvas, KaTeX []float64
	Plot, Legend  []float64
	Baseline      float64
	Middle        bool
	Font          string
	Laid          *struct {
		X, Y, W float64
		Middle  bool
	}
}

// TestTeXInChartTitle loads a chart titled with TeX at 375, 800 and 1200
// px, light and dark, without scripts (the static figure) and with them
// (the live chart): the title is KaTeX's HTML in KaTeX's fonts, inside the
// chart box, above the plot and clear of the legend, where the build laid
// it out (its baseline at the laid-out y, its middle or start at x, its
// width the width measured, each within 1 px), and at the same place
// before the scripts ran as after.
func TestTeXInChartTitle(t *testing.T) {
	browserTest(t)
	base := buildSite(t, kaplanChartSite)
	b := newBrowser(t)
	tb := b.tab(t)
	// (polled from here: a page's own timers do not run without scripts)
	fonts := chromedp.ActionFunc(func(ctx context.Context) error {
		for end := time.Now().Add(60 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			var ok bool
			if err := chromedp.Evaluate(`document.readyState === 'complete' && document.fonts.status === 'loaded'`, &ok).Do(ctx); err != nil || ok {
				return err
			}
		}
		return errors.New("the page's fonts did not load in 60 s")
	})
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1 }
	for _, w := range []int64{375, 800, 1200} {
		for _, scheme := range []string{"light", "dark"} {
			name := fmt.Sprintf("%d px, %s", w, scheme)
			if err := chromedp.Run(tb.ctx,
				emulation.SetDeviceMetricsOverride(w, 900, 1, w < 600),
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
				emulation.SetScriptExecutionDisabled(true),
				chromedp.Navigate(base+"/k/"), fonts); err != nil {
				t.Fatalf("%s, without scripts: %v", name, err)
			}
			var before, after texTitleRead
			if err := tb.evalJSON(texTitleJS, &before); err != nil {
				t.Fatal(err)
			}
			tb.saveScreenshot(t, fmt.Sprintf("tex-chart-title-%d-%s-static", w, scheme))
			if err := chromedp.Run(tb.ctx, emulation.SetScriptExecutionDisabled(false), chromedp.Navigate(base+"/k/"), tb.waitCharts(1), tb.waitSettled(), fonts); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := tb.evalJSON(texTitleJS, &after); err != nil {
				t.Fatal(err)
			}
			tb.saveScreenshot(t, fmt.Sprintf("tex-chart-title-%d-%s-live", w, scheme))
			for _, v := range []struct {
				when string
				r    texTitleRead
			}{{"without scripts", before}, {"live", after}} {
				r := v.r
				if r.Shown != 1 || r.Laid == nil || len(r.KaTeX) != 4 {
					t.Errorf("%s, %s: %d titles shown, laid out %v, want one", name, v.when, r.Shown, r.Laid)
					continue
				}
				k, l := r.KaTeX, r.Laid
				x := k[0]
				if l.Middle {
					x = k[0] + k[2]/2
				}
				if !near(r.Baseline, l.Y) || !near(x, l.X) || !near(k[2], l.W) || r.Middle != l.Middle {
					t.Errorf("%s, %s: the title's baseline at %.2f, its %s at %.2f, %.2f px wide; laid out at %.2f, %.2f, %.2f px",
						name, v.when, r.Baseline, map[bool]string{true: "middle", false: "left"}[l.Middle], x, k[2], l.Y, l.X, l.W)
				}
				if k[0] < 0 || k[1] < 0 || k[0]+k[2] > r.Canvas[2] || k[1]+k[3] > r.Canvas[3] {
					t.Errorf("%s, %s: the title %v is not inside the chart box %v", name, v.when, k, r.Canvas)
				}
				if len(r.Font) < 5 || r.Font[:5] != "KaTeX" {
					t.Errorf("%s, %s: the title in %q, not KaTeX's fonts", name, v.when, r.Font)
				}
			}
			if after.Plot == nil || len(after.KaTeX) != 4 || len(before.KaTeX) != 4 {
				t.Errorf("%s: no live chart", name)
				continue
			}
			k := after.KaTeX
			if k[1]+k[3] > after.Plot[1] {
				t.Errorf("%s: the title %v runs into the plot %v", name, k, after.Plot)
			}
			if lg := after.Legend; len(lg) == 4 && k[0] < lg[0]+lg[2] && lg[0] < k[0]+k[2] && k[1] < lg[1]+lg[3] && lg[1] < k[1]+k[3] {
				t.Errorf("%s: the title %v overlaps the legend %v", name, k, lg)
			}
			if w == 1200 && scheme == "light" {
				checkTeXTitleExports(t, tb)
			}
			for i := range 4 {
				if !near(before.KaTeX[i], after.KaTeX[i]) {
					t.Errorf("%s: the title was at %v before the scripts ran and is at %v after", name, before.KaTeX, after.KaTeX)
					break
				}
			}
		}
	}
}

// checkTeXTitleExports saves the live chart as the toolbar's Save PNG and
// Save SVG do (export.js): the typeset title, HTML over the canvas, is in
// each in its plain form, where it stands (the PNG's ink in the title's
// band, the SVG's text).
func checkTeXTitleExports(t *testing.T, tb *tab) {
	t.Helper()
	var got struct {
		SVG  string
		Ink  int
		Band []float64
	}
	const js = `(async () => {
  const id = document.querySelector('.scalesite-canvas').id;
  const svg = await window.scalesite.exportSVG(id);
  const img = new Image();
  img.src = window.scalesite.exportPNG(id);
  await img.decode();
  const t = document.querySelector('.scalesite-tex-live.scalesite-tex-title .katex-html').getBoundingClientRect();
  const c = document.getElementById(id).getBoundingClientRect();
  const band = [t.left - c.left, t.top - c.top, t.width, t.height];
  const cv = document.createElement('canvas');
  cv.width = img.width; cv.height = img.height;
  const ctx = cv.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(2 * band[0], 2 * band[1], 2 * band[2], 2 * band[3]).data;
  let ink = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 128 && d[i + 1] < 128 && d[i + 2] < 128) ink++;
  return JSON.stringify({SVG: svg, Ink: ink, Band: band});
})()`
	var raw string
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(js, &raw, awaitPromise)); err != nil {
		t.Fatalf("saving the chart: %v", err)
	}
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.SVG, "Loss L(N) falls as N^(−α_N)</text>") && !strings.Contains(got.SVG, ">Loss L(N) falls as N^(−α_N)<") {
		t.Errorf("Save SVG does not draw the title's plain form")
	}
	if got.Ink < 100 {
		t.Errorf("Save PNG has %d dark pixels where the title stands (%v)", got.Ink, got.Band)
	}
}
