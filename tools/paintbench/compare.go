package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// drawnProbe sets window.__fp to the performance.now() of the first frame
// at which every chart of the page has drawn (an ECharts instance with
// more than five elements in its display list): the criterion of the
// developers' firstpaint probe, so that the figures compare.
const drawnProbe = `(() => { window.__fp = null; const t = () => {
  const els = document.querySelectorAll('.scalesite-chart, [_echarts_instance_]');
  const inst = [...document.querySelectorAll('[_echarts_instance_]')].map(e => window.echarts && echarts.getInstanceByDom(e));
  if (document.readyState !== 'loading' && els.length && inst.length && inst.every(i => i && i.getZr().storage.getDisplayList().length > 5)) { window.__fp = performance.now(); return; }
  requestAnimationFrame(t); }; requestAnimationFrame(t); })()`

// phaseProbe, with -phases, notes when each step of a load happened in
// window.__ph: echarts.min.js run (bundle), the first echarts.init and the
// time spent in setOption, and when the page's document.fonts.load calls
// resolved (fonts); phaseRead adds the resource timings.
const phaseProbe = `(() => { const ph = window.__ph = {setOption: 0}; let e;
  const fl = FontFaceSet.prototype.load;
  FontFaceSet.prototype.load = function () { return fl.apply(this, arguments).then(r => { ph.fonts = performance.now(); return r; }); };
  Object.defineProperty(window, 'echarts', { configurable: true, enumerable: true, get: () => e, set: v => {
    e = v; if (!v || typeof v.init !== 'function' || ph.bundle) return;
    ph.bundle = performance.now(); const init = v.init;
    e = Object.create(v, { init: { enumerable: true, value: function () {
      if (!ph.init) ph.init = performance.now();
      const inst = init.apply(v, arguments); const set = inst.setOption;
      inst.setOption = function () { const t0 = performance.now(); try { return set.apply(inst, arguments); } finally { ph.setOption += performance.now() - t0; } };
      return inst; } } }); } }); })()`

// phaseRead is an expression for the phases of the load just timed.
const phaseRead = `(() => { const ph = Object.assign({}, window.__ph); const nav = performance.getEntriesByType('navigation')[0];
  ph.html = nav.responseEnd; ph.dcl = nav.domContentLoadedEventStart;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]; if (fcp) ph.fcp = fcp.startTime;
  for (const r of performance.getEntriesByType('resource')) {
    const k = /echarts\.min/.test(r.name) ? 'echartsJS' : /charts\.[0-9a-f]+\.js/.test(r.name) ? 'chartsJS' : /\.woff2?$/.test(r.name) ? 'fontFile' : /\.css$/.test(r.name) ? 'css' : '';
    if (k) ph[k] = Math.max(ph[k] || 0, r.responseEnd);
  }
  return ph; })()`

// phaseNames are the phases printed, in the order of a load.
var phaseNames = []string{"html", "css", "fontFile", "echartsJS", "chartsJS", "fcp", "bundle", "dcl", "fonts", "init", "setOption"}

// compareOptions are how compare loads each page.
type compareOptions struct {
	runs     int
	throttle string // "", "4g" or "3g"
	// shared loads every page in tabs of one browser, started once; by
	// default each load starts a browser of its own, as firstpaint does.
	shared bool
	// window is the browser window as "W,H"; empty is Chromium's headless
	// default (800 × 600), which firstpaint uses.
	window string
	// phases prints the medians of phaseNames for each page as well.
	phases bool
}

// compare times first paint as the developers' firstpaint tool does (each
// load a fresh headless Chromium with chromedp's default flags and window,
// the cache off, the same probe) and prints each page's median and its
// ratio to the first page's. It takes the pages in turn, load by load
// (page 1, page 2, ..., page 1, ...), where firstpaint times one page's
// loads and then the next page's: the machine's changing load then falls on
// all the pages alike, and a ratio from one run means something on a
// shared machine.
//
// The fresh browser matters: a page's first use of a font (the chart font,
// the page's own fonts, a canvas measuring text) costs a fresh browser far
// more than a tab of a browser that has drawn the page before, and the
// bare page uses fewer fonts (BENCHMARKS.md, issue 33's first paint).
func compare(urls []string, o compareOptions) error {
	var conditions []*network.Conditions
	switch o.throttle {
	case "":
	case "4g":
		// Chrome DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 up, 60 ms
		conditions = []*network.Conditions{{Latency: 60, DownloadThroughput: 9e6 / 8, UploadThroughput: 1.5e6 / 8}}
	case "3g":
		// its "Slow 3G": 400 kbit/s down and up, 400 ms
		conditions = []*network.Conditions{{Latency: 400, DownloadThroughput: 400e3 / 8, UploadThroughput: 400e3 / 8}}
	default:
		return fmt.Errorf("-throttle %q: want 4g or 3g", o.throttle)
	}
	allocOpts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromiumPath()), chromedp.NoSandbox, chromedp.DisableGPU)
	if o.window != "" {
		w, h, ok := strings.Cut(o.window, ",")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if !ok || err1 != nil || err2 != nil {
			return fmt.Errorf("-window %q: want W,H", o.window)
		}
		allocOpts = append(allocOpts, chromedp.WindowSize(wi, hi))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocOpts...)
	defer cancelAlloc()
	parent := actx
	if o.shared {
		bctx, cancel := chromedp.NewContext(actx)
		defer cancel()
		if err := chromedp.Run(bctx); err != nil {
			return fmt.Errorf("starting Chromium: %w", err)
		}
		parent = bctx
	}
	times := make([][]float64, len(urls))
	phases := make([]map[string][]float64, len(urls))
	for i := 0; i < o.runs; i++ {
		for k, u := range urls {
			// from the allocator: a new browser; from a browser: a new tab
			tctx, c1 := chromedp.NewContext(parent)
			tctx, c2 := context.WithTimeout(tctx, 30*time.Second)
			var fp float64
			err := chromedp.Run(tctx, network.Enable(), network.SetCacheDisabled(true),
				chromedp.ActionFunc(func(ctx context.Context) error {
					if !o.shared {
						return nil
					}
					// a tab opened beside others is in the background, without animation frames
					return page.BringToFront().Do(ctx)
				}),
				chromedp.ActionFunc(func(ctx context.Context) error {
					if conditions == nil {
						return nil
					}
					_, err := network.EmulateNetworkConditionsByRule(conditions).Do(ctx)
					return err
				}),
				chromedp.ActionFunc(func(ctx context.Context) error {
					if o.phases {
						if _, err := page.AddScriptToEvaluateOnNewDocument(phaseProbe).Do(ctx); err != nil {
							return err
						}
					}
					_, err := page.AddScriptToEvaluateOnNewDocument(drawnProbe).Do(ctx)
					return err
				}),
				chromedp.Navigate(u), chromedp.Poll(`window.__fp`, &fp, chromedp.WithPollingTimeout(20*time.Second)),
				chromedp.ActionFunc(func(ctx context.Context) error {
					if !o.phases {
						return nil
					}
					var ph map[string]float64
					if err := chromedp.Evaluate(phaseRead, &ph).Do(ctx); err != nil {
						return err
					}
					if phases[k] == nil {
						phases[k] = map[string][]float64{}
					}
					for name, v := range ph {
						phases[k][name] = append(phases[k][name], v)
					}
					return nil
				}))
			c2()
			c1()
			if err != nil {
				return fmt.Errorf("%s: %w", u, err)
			}
			times[k] = append(times[k], fp)
		}
	}
	med := make([]float64, len(urls))
	for k := range urls {
		sort.Float64s(times[k])
		med[k] = median(times[k])
	}
	for k, u := range urls {
		fmt.Printf("%-60s median %6.0f ms (min %4.0f max %5.0f, %d loads)  %.2fx the first\n",
			u, med[k], times[k][0], times[k][len(times[k])-1], len(times[k]), med[k]/med[0])
		if o.phases {
			fmt.Print("   medians, ms:")
			for _, name := range phaseNames {
				if v := phases[k][name]; len(v) > 0 {
					fmt.Printf(" %s %.0f", name, median(v))
				}
			}
			fmt.Println()
		}
	}
	return nil
}

// chromiumPath is the browser to run: $CHROMIUM, or the first of the usual
// names on PATH.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return "chromium"
}

func splitURLs(s string) []string {
	var out []string
	for _, u := range strings.Split(s, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}
