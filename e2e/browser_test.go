// Package e2e checks built sites in a real headless Chromium (Debian's
// chromium package), driven with chromedp: that every chart has an ECharts
// instance with the axes, series and points of its spec, and that pages ask
// nothing of any host but the one serving the site.
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/chromium"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
)

// browserTest skips a test that opens Chromium when -short is given,
// Chromium installed or not: starting it and loading pages is most of this
// package's time, and `make test-fast` is the run without a browser.
// newBrowser calls it; a test that compiles the command or builds a site
// before it opens the browser calls it first, so that -short skips that
// work too.
func browserTest(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("opens headless Chromium (-short)")
	}
}

// chromiumPath finds Chromium; the tests fail without it (CI installs it).
func chromiumPath(t *testing.T) string {
	t.Helper()
	browserTest(t)
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no Chromium on PATH: install Debian's chromium package (apt-get install chromium) or set CHROMIUM")
	return ""
}

// browser is one headless Chromium for a test.
type browser struct {
	ctx context.Context
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	// Chromium's helper processes may still write to their profile for a
	// moment after the browser is closed, so the profile is not a t.TempDir
	// (whose cleanup fails on a non-empty folder): it is removed best-effort.
	profile, err := os.MkdirTemp("", "scalesite-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := chromium.Options(chromiumPath(t), profile)
	// On a machine out of processes or memory for a moment, Chromium can
	// fail to fork its helpers and exit at start ("chrome failed to
	// start"): that is the machine, not the site, so a start is tried
	// three times, a second apart, before the test fails.
	for attempt := 1; attempt <= 3; attempt++ {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(actx)
		ctx, cancelTimeout := context.WithTimeout(ctx, 10*time.Minute) // bounds a hung browser, not a slow machine
		stop := func() {
			cancelTimeout()
			cancel()
			cancelAlloc()
			for range 20 {
				if os.RemoveAll(profile) == nil {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		if err = chromedp.Run(ctx); err == nil {
			t.Cleanup(stop)
			return &browser{ctx: ctx}
		}
		stop()
		if !strings.Contains(err.Error(), "failed to start") {
			break
		}
		t.Logf("Chromium did not start (attempt %d of 3): %v", attempt, firstLine(err.Error()))
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	t.Fatalf("starting Chromium: %v", err)
	return nil
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// tab opens a new tab that records every request and every JavaScript
// dialog (an alert() from injected script) and console error.
type tab struct {
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	dialogs  []string
	errors   []string
}

func (b *browser) tab(t *testing.T) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	return recordTab(t, ctx)
}

// window opens a tab as tab does, in a new 1280 × 900 window of its own:
// a tab drawn beside another tab of the same window is hidden (no frames),
// while each window is drawn, so parallel subtests take a window each.
func (b *browser) window(t *testing.T) *tab {
	t.Helper()
	id, err := target.CreateTarget("about:blank").WithNewWindow(true).WithWidth(1280).WithHeight(900).
		Do(cdp.WithExecutor(b.ctx, chromedp.FromContext(b.ctx).Browser))
	if err != nil {
		t.Fatalf("opening a window: %v", err)
	}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(id))
	t.Cleanup(cancel)
	return recordTab(t, ctx)
}

// recordTab sets up the tab of ctx to record its requests, dialogs and
// failed loads, and brings it to the front.
func recordTab(t *testing.T, ctx context.Context) *tab {
	t.Helper()
	tb := &tab{ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			tb.requests = append(tb.requests, e.Request.URL)
		case *page.EventJavascriptDialogOpening:
			tb.dialogs = append(tb.dialogs, e.Message)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(false))
		case *network.EventLoadingFailed:
			tb.errors = append(tb.errors, "loading failed: "+e.ErrorText)
		}
	})
	// The tab is brought to the front: a background tab gets no rendering
	// frames, so nothing that waits for one (ResizeObserver,
	// requestAnimationFrame) would run, as it does for a reader.
	if err := chromedp.Run(ctx, network.Enable(), page.BringToFront()); err != nil {
		t.Fatal(err)
	}
	return tb
}

// foreignRequests lists the requests that went to another host than base's.
func (tb *tab) foreignRequests(base string) []string {
	bu, _ := url.Parse(base)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, r := range tb.requests {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Host != bu.Host) {
			out = append(out, r)
		}
	}
	return out
}

// serve serves dir over HTTP on loopback, as a plain static file server.
func serve(t *testing.T, dir string) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL
}

// buildSite writes files into a new site folder, builds it, serves the
// output and returns the server's URL.
func buildSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: sitetest.New(t, files), Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	return serve(t, dest)
}

// waitCharts waits until the site script has set up n charts.
func (tb *tab) waitCharts(n int) chromedp.Action {
	var ok bool
	return chromedp.Poll(
		`window.scalesite && Object.keys(window.scalesite.charts).length >= `+strconv.Itoa(n)+
			` && Object.values(window.scalesite.charts).every(c => !c.isDisposed())`,
		&ok, chromedp.WithPollingTimeout(20*time.Second))
}

// waitSettled waits until window.scalesite.settled() resolves: every chart
// on the page has finished drawing after its latest option, layout or zoom
// change.
func (tb *tab) waitSettled() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		var ok bool
		err := chromedp.Evaluate(`window.scalesite.settled().then(() => true)`, &ok, awaitPromise).Do(ctx)
		if err != nil {
			return fmt.Errorf("waiting for window.scalesite.settled(): %w", err)
		}
		return nil
	})
}

// saveScreenshot keeps a full-page PNG under e2e/artifacts/ for a person to
// look at, when E2E_SCREENSHOTS is set (E2E_SCREENSHOTS=1 go test ./e2e):
// no test reads them, and each of the hundreds a run would take costs
// about 0.17 s of CPU (BENCHMARKS.md, CI).
func (tb *tab) saveScreenshot(t *testing.T, name string) {
	t.Helper()
	if os.Getenv("E2E_SCREENSHOTS") == "" {
		return
	}
	// A screenshot is for people to look at, not an assertion: Chromium has
	// been seen to stall on one for minutes, so it gets a short deadline.
	ctx, cancel := context.WithTimeout(tb.ctx, 15*time.Second)
	defer cancel()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	dir := "artifacts"
	if err := os.MkdirAll(dir, 0o755); err == nil {
		os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	}
}
