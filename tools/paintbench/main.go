// Command paintbench measures what a reader's browser fetches and how soon
// it shows the first chart, on a page of two 120-point charts (a line chart
// of 3 × 40 points and a scatter of 120 points) built with the binary's own
// theme and served on localhost with gzip, as GitHub Pages serves a site.
//
// It loads the page in headless Chromium -runs times and prints, per load,
// the milliseconds from navigation start (performance.now()) to the first
// chart's first ECharts 'finished' event (its first complete paint) and to
// window.scalesite.settled() (every chart drawn, ticks and plots pinned),
// then their medians; and, from the first load, every response with its
// encoded (on the wire) size and the total.
//
//	go run ./tools/paintbench                 # cold loads: the browser cache off
//	go run ./tools/paintbench -warm           # the assets from the cache after the first load
//	go run ./tools/paintbench -dir public/    # an already built site (-path the page)
//	go run ./tools/paintbench -source /tmp/s  # only write the page's source, to build with another binary
//	go run ./tools/paintbench -bare public/flops-accuracy/index.html  # write bare.html beside it (see writeBare)
//	go run ./tools/paintbench -compare URL1,URL2 -runs 20  # first paint of pages taken in turn, ratios to URL1
//	go run ./tools/paintbench -compare URL1,URL2 -throttle 4g  # the same over an emulated network
//	go run ./tools/paintbench -compare URL1,URL2 -phases   # and when each step of a load happened
//
// -compare is the first-paint measurement the project's goal is stated in
// (a page at most 1.2 times a bare ECharts page of the same charts): each
// load a fresh Chromium with chromedp's default flags and 800 × 600
// window, the cache off, timed until every chart has drawn, as the
// developers' firstpaint tool does (see compare). -shared and -window W,H
// load in tabs of one browser, or at another size, to compare the methods.
//
// It is a measurement, run by hand on a quiet machine, not a test: the
// times depend on the machine and its load. The page weight has a test:
// e2e/pageweight_test.go.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/chromium"

	"github.com/scalesite/scalesite/internal/twochart"
	"github.com/scalesite/scalesite/pipeline"
)

func main() {
	runs := flag.Int("runs", 10, "page loads")
	warm := flag.Bool("warm", false, "keep the browser cache between loads (the first load is cold)")
	dir := flag.String("dir", "", "serve this built site instead of building the two-chart page")
	pagePath := flag.String("path", twochart.Path, "the page to load, under the site")
	keep := flag.String("keep", "", "build the two-chart site into this folder and keep it")
	source := flag.String("source", "", "only write the two-chart site's source into this folder (to build with another binary)")
	bare := flag.String("bare", "", "only write bare.html beside this built page: each of its charts drawn by ECharts alone")
	throttle := flag.String("throttle", "", "with -compare: the network DevTools emulates for each load, 4g (9 Mbit/s, 60 ms) or 3g (400 kbit/s, 400 ms); none by default")
	cmp := flag.String("compare", "", "only time first paint of these comma-separated URLs, taken in turn load by load (see compare)")
	shared := flag.Bool("shared", false, "with -compare: load the pages in tabs of one browser, not each in a fresh one as firstpaint does")
	phases := flag.Bool("phases", false, "with -compare: also print when each step of a load happened (medians; wraps echarts.init, so the times differ a little)")
	window := flag.String("window", "", "with -compare: the window as W,H (default Chromium's headless 800,600, as firstpaint)")
	flag.Parse()
	if *cmp != "" {
		if err := compare(splitURLs(*cmp), compareOptions{runs: *runs, throttle: *throttle, shared: *shared, window: *window, phases: *phases}); err != nil {
			fmt.Fprintln(os.Stderr, "paintbench:", err)
			os.Exit(1)
		}
		return
	}
	if *bare != "" {
		out, err := writeBare(*bare)
		if err != nil {
			fmt.Fprintln(os.Stderr, "paintbench:", err)
			os.Exit(1)
		}
		fmt.Println("wrote", out)
		return
	}
	if *source != "" {
		if err := writeSource(*source); err != nil {
			fmt.Fprintln(os.Stderr, "paintbench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*runs, *warm, *dir, *pagePath, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "paintbench:", err)
		os.Exit(1)
	}
}

func run(runs int, warm bool, dir, pagePath, keep string) error {
	if dir == "" {
		tmp, err := os.MkdirTemp("", "paintbench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = keep
		if dir == "" {
			dir = filepath.Join(tmp, "public")
		}
		src := filepath.Join(tmp, "site")
		if err := writeSource(src); err != nil {
			return err
		}
		if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dir}); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	srv := httptest.NewServer(twochart.Gzip(http.FileServer(http.Dir(dir))))
	defer srv.Close()
	url := srv.URL + pagePath

	ctx, stop, err := startChromium()
	if err != nil {
		return err
	}
	defer stop()

	var mu sync.Mutex
	type resp struct {
		url, mime string
		encoded   float64
	}
	var urls = map[network.RequestID]string{}
	var mimes = map[network.RequestID]string{}
	var cached = map[network.RequestID]bool{}
	var got []resp
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls[e.RequestID] = e.Request.URL
		case *network.EventResponseReceived:
			mimes[e.RequestID] = e.Response.MimeType
			if e.Response.FromDiskCache || e.Response.FromPrefetchCache {
				cached[e.RequestID] = true
			}
		case *network.EventRequestServedFromCache:
			cached[e.RequestID] = true
		case *network.EventLoadingFinished:
			if !cached[e.RequestID] {
				got = append(got, resp{urls[e.RequestID], mimes[e.RequestID], e.EncodedDataLength})
			}
		}
	})
	if err := chromedp.Run(ctx, network.Enable(), page.BringToFront(), network.SetCacheDisabled(!warm),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(twochart.Probe).Do(ctx)
			return err
		})); err != nil {
		return err
	}

	var first, all []float64
	for i := range runs {
		mu.Lock()
		got = nil
		mu.Unlock()
		var res struct {
			First   float64  `json:"first"`
			Settled float64  `json:"settled"`
			Charts  []string `json:"charts"`
			Marks   struct {
				HTML, Bundle, Init, DCL, SetOption float64
				SetOptions                         int
			} `json:"marks"`
		}
		var err error
		for try := 0; try < 3; try++ {
			err = chromedp.Run(ctx,
				chromedp.Navigate("about:blank"),
				chromedp.Navigate(url),
				chromedp.Poll(`window.scalesite && window.scalesite.settled && true`, nil, chromedp.WithPollingTimeout(20*time.Second)),
				chromedp.Evaluate(twochart.Times, &res, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
			)
			// a poll that lands as the page's context is replaced: load again
			if err == nil || !strings.Contains(err.Error(), "Cannot find context") {
				break
			}
		}
		if err != nil {
			return fmt.Errorf("load %d: %w", i+1, err)
		}
		if res.First < 0 {
			return fmt.Errorf("load %d: the first chart (%v) reported no 'finished'", i+1, res.Charts)
		}
		m := res.Marks
		fmt.Printf("load %2d: first chart painted %6.1f ms, every chart settled %6.1f ms (%d charts; page in %.0f, bundle run %.0f, first init %.0f, DOMContentLoaded %.0f; %d setOption %.0f ms)\n",
			i+1, res.First, res.Settled, len(res.Charts), m.HTML, m.Bundle, m.Init, m.DCL, m.SetOptions, m.SetOption)
		first = append(first, res.First)
		all = append(all, res.Settled)
		if i == 0 { // what a first visit fetches
			time.Sleep(200 * time.Millisecond) // the last loadingFinished events
			mu.Lock()
			rs := slices.Clone(got)
			mu.Unlock()
			sort.Slice(rs, func(a, b int) bool { return rs[a].encoded > rs[b].encoded })
			total := 0.0
			for _, r := range rs {
				total += r.encoded
				fmt.Printf("  %8.0f B  %-24s %s\n", r.encoded, r.mime, strings.TrimPrefix(r.url, srv.URL))
			}
			fmt.Printf("  %8.0f B  total over the wire, %d responses (%.1f KB, %.1f KiB)\n", total, len(rs), total/1000, total/1024)
		}
	}
	cache := "cache off"
	if warm {
		cache = "cache on after load 1"
	}
	fmt.Printf("median of %d loads (%s): first chart painted %.1f ms, every chart settled %.1f ms\n", runs, cache, median(first), median(all))
	return nil
}

func writeSource(dir string) error {
	for name, data := range twochart.Site() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func startChromium() (context.Context, func(), error) {
	path, err := exec.LookPath(chromiumPath())
	if err != nil {
		return nil, nil, fmt.Errorf("no Chromium on PATH (apt-get install chromium, or set CHROMIUM): %w", err)
	}
	profile, err := os.MkdirTemp("", "paintbench-chromium-")
	if err != nil {
		return nil, nil, err
	}
	opts := chromium.Options(path, profile)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	stop := func() {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	if err := chromedp.Run(ctx); err != nil {
		stop()
		return nil, nil, fmt.Errorf("starting Chromium: %w", err)
	}
	return ctx, stop, nil
}
