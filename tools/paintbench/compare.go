package main

import (
	"context"
	"fmt"
	"sort"
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

// compare loads the pages in turn, runs times over (page 1, page 2, ...,
// page 1, ...), each load in a fresh tab with the cache off (over the
// network throttle names, if any: see main), and prints
// each page's median first paint and its ratio to the first page's. Taking
// the pages in turn, load by load, puts the machine's changing load on all
// of them alike, where timing one page's loads and then the other's (as
// firstpaint does) lets a minute's load fall on one side only.
func compare(urls []string, runs int, throttle string) error {
	var conditions []*network.Conditions
	switch throttle {
	case "":
	case "4g":
		// Chrome DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 up, 60 ms
		conditions = []*network.Conditions{{Latency: 60, DownloadThroughput: 9e6 / 8, UploadThroughput: 1.5e6 / 8}}
	case "3g":
		// its "Slow 3G": 400 kbit/s down and up, 400 ms
		conditions = []*network.Conditions{{Latency: 400, DownloadThroughput: 400e3 / 8, UploadThroughput: 400e3 / 8}}
	default:
		return fmt.Errorf("-throttle %q: want 4g or 3g", throttle)
	}
	ctx, stop, err := startChromium()
	if err != nil {
		return err
	}
	defer stop()
	times := make([][]float64, len(urls))
	for i := 0; i < runs; i++ {
		for k, u := range urls {
			tctx, c1 := chromedp.NewContext(ctx)
			tctx, c2 := context.WithTimeout(tctx, 30*time.Second)
			var fp float64
			err := chromedp.Run(tctx, network.Enable(), network.SetCacheDisabled(true), page.BringToFront(),
				chromedp.ActionFunc(func(ctx context.Context) error {
					if conditions == nil {
						return nil
					}
					_, err := network.EmulateNetworkConditionsByRule(conditions).Do(ctx)
					return err
				}),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(drawnProbe).Do(ctx)
					return err
				}),
				chromedp.Navigate(u), chromedp.Poll(`window.__fp`, &fp, chromedp.WithPollingTimeout(20*time.Second)))
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
		med[k] = times[k][len(times[k])/2]
	}
	for k, u := range urls {
		fmt.Printf("%-60s median %6.0f ms (min %4.0f max %5.0f, %d loads)  %.2fx the first\n",
			u, med[k], times[k][0], times[k][len(times[k])-1], len(times[k]), med[k]/med[0])
	}
	return nil
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
