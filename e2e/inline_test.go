package e2e

import (
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// The static figure in the built page (issue 21): every chart's canvas
// element holds the chart drawn at build time (render/static.go), shown
// before and without JavaScript, and hidden once ECharts has drawn.

// staticViewJS reads, for each chart of the page, the static figure shown
// (the <svg> not hidden by site.css), its box and the canvas element's,
// and its texts.
const staticViewJS = `[...document.querySelectorAll('.scalesite-canvas')].map(el => {
  const shown = [...el.querySelectorAll(':scope > svg.scalesite-static')].filter(s => getComputedStyle(s).display !== 'none');
  const s = shown[0];
  const r = el.getBoundingClientRect();
  const sr = s ? s.getBoundingClientRect() : {x: 0, y: 0, width: 0, height: 0};
  return {ID: el.id, Shown: shown.length, Label: el.getAttribute('aria-label') || '', Role: el.getAttribute('role') || '',
    Hidden: s ? s.getAttribute('aria-hidden') || '' : '', CW: el.clientWidth,
    Box: [r.x, r.y, r.width, r.height], SVG: [sr.x, sr.y, sr.width, sr.height],
    Texts: s ? [...s.querySelectorAll('text')].map(t => t.textContent) : [],
    Noscript: !!(el.closest('figure') && el.closest('figure').querySelector('noscript'))};
})`

type staticView struct {
	ID, Label, Role, Hidden string
	Shown                   int
	CW                      float64
	Box, SVG                []float64
	Texts                   []string
	Noscript                bool
}

// TestStaticFigureWithoutScript: with JavaScript off, every chart of every
// demo page shows its static figure, at 1200 and 375 px: one <svg>, hidden
// from assistive technology (the canvas element carries the alt text),
// filling the chart box, holding the chart's tick labels as text; the chart
// box is as wide as the figure was drawn (render.StaticWide, StaticNarrow).
// A few charts are kept as screenshots (e2e/artifacts/static-*.png), in
// the light and the dark scheme.
func TestStaticFigureWithoutScript(t *testing.T) {
	b := newBrowser(t)
	base, s, pages := demoChartPages(t)
	shots := map[string]bool{"gallery/kaplan-loss-vs-params": true, "format/panels": true, "gallery/training-log-20k": true, "rwkv-scaling": true}
	views := []struct {
		w, h   int64
		mobile bool
		drawn  int
	}{{1200, 900, false, render.StaticWide}, {375, 800, true, render.StaticNarrow}}
	for _, v := range views {
		// each width in a window of its own, beside the other, with an
		// engine of its own (an Engine is not safe for concurrent use)
		t.Run(fmt.Sprintf("%d", v.w), func(t *testing.T) {
			t.Parallel()
			eng, err := scene.New(figure.MeasureFont)
			if err != nil {
				t.Fatal(err)
			}
			tb := b.window(t)
			if err := chromedp.Run(tb.ctx, emulation.SetScriptExecutionDisabled(true), emulation.SetDeviceMetricsOverride(v.w, v.h, 1, v.mobile)); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				name := readPageName(p)
				if err := chromedp.Run(tb.ctx, chromedp.Navigate(readPageURL(base, p))); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				var got []staticView
				if err := tb.evalJSON("return "+staticViewJS+";", &got); err != nil {
					t.Fatalf("%s at %d px: %v", name, v.w, err)
				}
				if len(got) != len(p.Charts) {
					t.Fatalf("%s at %d px: %d chart boxes, the page has %d charts", name, v.w, len(got), len(p.Charts))
				}
				for i, g := range got {
					c := s.Body(p).Charts[i]
					var pr []string
					if g.Shown != 1 {
						pr = append(pr, fmt.Sprintf("%d static figures shown, want 1", g.Shown))
					}
					if g.Role != "img" || g.Label == "" || g.Hidden != "true" {
						pr = append(pr, fmt.Sprintf("role %q, aria-label %q, the svg's aria-hidden %q", g.Role, g.Label, g.Hidden))
					}
					if g.Noscript {
						pr = append(pr, "a <noscript> note beside the static figure")
					}
					if math.Abs(g.CW-float64(v.drawn)) > 1 {
						pr = append(pr, fmt.Sprintf("chart box %g px wide, the figure is drawn %d px wide", g.CW, v.drawn))
					}
					if len(g.SVG) == 4 && len(g.Box) == 4 {
						if g.SVG[2] < 50 || g.SVG[3] < 50 {
							pr = append(pr, fmt.Sprintf("the figure is %gx%g px", g.SVG[2], g.SVG[3]))
						}
						if g.SVG[0] < g.Box[0]-1 || g.SVG[1] < g.Box[1]-1 || g.SVG[0]+g.SVG[2] > g.Box[0]+g.Box[2]+1 || g.SVG[1]+g.SVG[3] > g.Box[1]+g.Box[3]+1 {
							pr = append(pr, fmt.Sprintf("the figure %v lies outside the chart box %v", g.SVG, g.Box))
						}
					}
					s, err := eng.Scene(chart.OptionBytes(chart.Option(c)), v.drawn, false)
					if err != nil {
						t.Fatal(err)
					}
					have := map[string]int{}
					for _, tx := range g.Texts {
						have[tx]++
					}
					ticks := 0
					for _, it := range s.Items {
						if it.Kind == "text" && strings.HasPrefix(it.Role, "tick-") {
							ticks++
							if have[it.Text] == 0 {
								pr = append(pr, fmt.Sprintf("tick label %q (%s) is not a text of the figure", it.Text, it.Role))
							}
						}
					}
					if ticks == 0 {
						pr = append(pr, "the chart's Scene has no tick labels")
					}
					if len(pr) > 0 {
						t.Errorf("%s, chart %s at %d px:\n  %s", name, g.ID, v.w, strings.Join(pr, "\n  "))
					}
				}
				if shots[name] {
					for _, scheme := range []string{"light", "dark"} {
						if err := chromedp.Run(tb.ctx, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}})); err != nil {
							t.Fatal(err)
						}
						shotFirstChart(t, tb, fmt.Sprintf("static-%s-%d-%s", strings.ReplaceAll(name, "/", "_"), v.w, scheme))
					}
					if err := chromedp.Run(tb.ctx, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}})); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// shotFirstChart keeps a PNG of the page's first chart under e2e/artifacts/,
// when E2E_SCREENSHOTS is set (as saveScreenshot).
func shotFirstChart(t *testing.T, tb *tab, name string) {
	t.Helper()
	if os.Getenv("E2E_SCREENSHOTS") == "" {
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 15*time.Second)
	defer cancel()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Screenshot("figure.scalesite-chart", &png, chromedp.NodeVisible, chromedp.ByQuery)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.MkdirAll("artifacts", 0o755); err == nil {
		os.WriteFile(filepath.Join("artifacts", name+".png"), png, 0o644)
	}
}

// clsJS counts the layout shifts of the page from its start (a buffered
// PerformanceObserver, added before the page's own scripts): all of them,
// and those not made by the typeset formulas alone (KaTeX's fonts arriving
// reflow the text around a formula, charts or not: a shift whose every
// moved node is a formula or text beside one).
const clsJS = `window.__scalesiteCLS = 0; window.__scalesiteCLSNotMath = 0;
const inMath = n => { const el = n && (n.nodeType === 1 ? n : n.parentElement); return !!el && !!(el.closest('.katex') || el.querySelector('.katex')); };
const clsAdd = entries => { for (const e of entries) if (!e.hadRecentInput) {
  window.__scalesiteCLS += e.value;
  if (!(e.sources || []).length || !e.sources.every(s => inMath(s.node))) window.__scalesiteCLSNotMath += e.value;
} };
const clsObserver = new PerformanceObserver(l => clsAdd(l.getEntries()));
clsObserver.observe({type: 'layout-shift', buffered: true});
// __scalesiteCLSFlush resolves once the shifts of everything done so far
// are counted: a shift is found in the rendering of the frame after the
// change (the first frame below runs before it is laid out, the second
// after), and its entry waits in the observer (takeRecords) for a task.
window.__scalesiteCLSFlush = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
  clsAdd(clsObserver.takeRecords()); done(true);
})));`

// TestStaticFigureNoLayoutShift: the static figure is replaced by the live
// chart without moving anything: the layout shifts of loading each demo
// page with charts, at 1200 and 375 px, until every chart has drawn, sum
// to less than 0.01 (leaving out those of the formulas' text alone, which
// KaTeX's fonts make, with or without charts); and once drawn, no static
// figure is shown.
func TestStaticFigureNoLayoutShift(t *testing.T) {
	b := newBrowser(t)
	base, _, pages := demoChartPages(t)
	var mu sync.Mutex
	worst := 0.0
	for _, v := range readViewports {
		// each width in a window of its own, beside the other
		t.Run(fmt.Sprintf("%d", v.width), func(t *testing.T) {
			t.Parallel()
			tb := b.window(t)
			if err := chromedp.Run(tb.ctx, emulation.SetDeviceMetricsOverride(v.width, v.height, 1, v.mobile),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(clsJS).Do(ctx)
					return err
				})); err != nil {
				t.Fatal(err)
			}
			for _, p := range pages {
				name := readPageName(p)
				tb.open(t, readPageURL(base, p), len(p.Charts))
				var flushed bool
				if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`window.__scalesiteCLSFlush()`, &flushed, awaitPromise)); err != nil {
					t.Fatalf("%s at %d px: counting the layout shifts: %v", name, v.width, err)
				}
				var got struct {
					CLS, NotMath float64
					Shown        int
				}
				if err := tb.evalJSON(`return {CLS: window.__scalesiteCLS, NotMath: window.__scalesiteCLSNotMath, Shown: [...document.querySelectorAll('svg.scalesite-static')].filter(s => getComputedStyle(s).display !== 'none').length};`, &got); err != nil {
					t.Fatal(err)
				}
				mu.Lock()
				worst = math.Max(worst, got.NotMath)
				mu.Unlock()
				t.Logf("%s at %d px: layout shift %.4f (%.4f not the formulas')", name, v.width, got.CLS, got.NotMath)
				if got.NotMath >= 0.01 {
					t.Errorf("%s at %d px: layout shift %.4f while loading (%.4f with the formulas'), want < 0.01", name, v.width, got.NotMath, got.CLS)
				}
				if got.Shown != 0 {
					t.Errorf("%s at %d px: %d static figures still shown after the charts were drawn", name, v.width, got.Shown)
				}
			}
		})
	}
	// the widths' subtests run in parallel, after this function returns
	t.Cleanup(func() { t.Logf("largest layout shift (not the formulas'): %.4f", worst) })
}

// TestFeedShowsStaticFigures: each feed entry of a page with charts shows
// each chart as an <img> of its SVG file, which the build wrote, with a
// text alternative.
func TestFeedShowsStaticFigures(t *testing.T) {
	const baseURL = "https://someone.github.io/scalesite-demo/" // TestCrawlDemoSite's sub-path: one demo build for both
	dir, _ := buildDemo(t, baseURL)
	s, err := site.Load("..", site.Options{BaseURL: baseURL})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, render.FeedFile))
	if err != nil {
		t.Fatal(err)
	}
	var feed struct {
		Entries []struct {
			Link struct {
				Href string `xml:"href,attr"`
			} `xml:"link"`
			Content string `xml:"content"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(raw, &feed); err != nil {
		t.Fatal(err)
	}
	byLink := map[string]string{}
	for _, e := range feed.Entries {
		byLink[e.Link.Href] = e.Content
	}
	img := regexp.MustCompile(`<img src="([^"]+)" alt="([^"]+)">`)
	checked := 0
	for _, p := range s.Pages[:min(len(s.Pages), s.Config.FeedSize)] { // the feed's: the newest
		if len(p.Charts) == 0 {
			continue
		}
		content, ok := byLink[baseURL+p.Slug+"/"]
		if !ok {
			t.Errorf("%s: no feed entry", p.Slug)
			continue
		}
		imgs := img.FindAllStringSubmatch(content, -1)
		if len(imgs) != len(p.Charts) {
			t.Errorf("%s: %d images in the feed entry, the page has %d charts", p.Slug, len(imgs), len(p.Charts))
			continue
		}
		for i, m := range imgs {
			want := baseURL + p.Slug + "/" + p.Charts[i].ID + ".svg"
			if m[1] != want {
				t.Errorf("%s: image %d is %s, want %s", p.Slug, i+1, m[1], want)
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(m[1], baseURL))))
			if err != nil {
				t.Errorf("%s: %v", p.Slug, err)
				continue
			}
			if !strings.HasPrefix(string(b), `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(strings.TrimSpace(string(b)), "</svg>") {
				t.Errorf("%s: %s is not an SVG file: %.80q", p.Slug, m[1], b)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no feed image checked")
	}
	t.Logf("%d feed images checked", checked)
}

// TestStaticFigurePrints: in print, a chart shows its static figure (the
// tablet's, drawn 742 px wide, whose text prints at 11 px or more on a
// paper's width: TestPrintedChartText; as wide as the box and as tall as
// it makes it), not the live canvas, even once ECharts has drawn. The printed chart is kept as a
// screenshot (e2e/artifacts/static-print.png).
func TestStaticFigurePrints(t *testing.T) {
	b := newBrowser(t)
	dir, _ := buildDemo(t, "/")
	base := serve(t, dir)
	tb := b.tab(t)
	if err := chromedp.Run(tb.ctx, emulation.SetDeviceMetricsOverride(1200, 900, 1, false)); err != nil {
		t.Fatal(err)
	}
	tb.open(t, base+"/gallery/kaplan-loss-vs-params/", 3)
	if err := chromedp.Run(tb.ctx, emulation.SetEmulatedMedia().WithMedia("print")); err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Live                 bool
		Tablet, Wide, Narrow string
		Canvases             int
		W, H, BoxW, BoxH     float64
	}
	if err := tb.evalJSON(`return [...document.querySelectorAll('.scalesite-canvas')].map(el => {
  const tb = el.querySelector('.scalesite-static-tablet'), w = el.querySelector('.scalesite-static-wide'), n = el.querySelector('.scalesite-static-narrow');
  const r = tb.getBoundingClientRect(), br = el.getBoundingClientRect();
  return {Live: el.classList.contains('scalesite-live'), Tablet: getComputedStyle(tb).display, Wide: getComputedStyle(w).display, Narrow: getComputedStyle(n).display,
    Canvases: [...el.querySelectorAll('canvas')].filter(c => c.getBoundingClientRect().width > 0).length,
    W: r.width, H: r.height, BoxW: br.width, BoxH: br.height};
});`, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d charts, want 3", len(got))
	}
	for i, g := range got {
		if !g.Live || g.Tablet == "none" || g.Wide != "none" || g.Narrow != "none" || g.Canvases != 0 || g.W < 100 || g.H < 100 || math.Abs(g.W-g.BoxW) > 1 || math.Abs(g.H-g.BoxH) > 1 {
			t.Errorf("chart %d in print: %+v: want the tablet's static figure shown, filling its box, and no canvas", i+1, g)
		}
	}
	shotFirstChart(t, tb, "static-print")
}
