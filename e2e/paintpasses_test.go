package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/twochart"
	"github.com/scalesite/scalesite/pipeline"
)

// TestLayoutPasses counts the setOption calls (layout passes) of each chart
// on the two-chart page (issue 21): its first paint takes one, with the
// ticks, panels and legend already laid out for the width it has (pretick
// in chartlayout.js), where it took three (the option, the ticks, the
// plots pinned). A fit to a new width takes one more. A count, not a time:
// it fails on a pass added back whatever the machine's load.
func TestLayoutPasses(t *testing.T) {
	browserTest(t)
	b := newBrowser(t)
	dest := t.TempDir()
	if _, err := pipeline.Run(pipeline.Options{Source: sitetest.New(t, twochart.Site()), Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dest)))
	t.Cleanup(srv.Close)

	for _, tc := range []struct {
		name          string
		width, resize int64 // the viewport's width at load, then after
	}{
		{"desktop", 1000, 700},
		{"phone", 390, 360},
		{"desktop to phone", 1000, 420},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := b.tab(t)
			err := chromedp.Run(tb.ctx,
				emulation.SetDeviceMetricsOverride(tc.width, 800, 1, false),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(twochart.Probe).Do(ctx)
					return err
				}))
			if err != nil {
				t.Fatal(err)
			}
			tb.open(t, srv.URL+twochart.Path, 2)
			passes := func() map[string]int {
				var n map[string]int
				tb.eval(t, `return window.__setOptions`, &n)
				return n
			}
			check := func(when string, want int) {
				t.Helper()
				n := passes()
				if len(n) != 2 {
					t.Fatalf("%s: setOption counted on %d charts (%v), want 2", when, len(n), n)
				}
				for id, c := range n {
					if c != want {
						t.Errorf("%s: chart %s took %d setOption calls, want %d (all: %v)", when, id, c, want, n)
					}
				}
			}
			check("first paint", 1)

			// a new width: each chart's ResizeObserver fits it again
			err = chromedp.Run(tb.ctx, emulation.SetDeviceMetricsOverride(tc.resize, 800, 1, false),
				chromedp.Poll(`Object.values(window.__setOptions).every(c => c >= 2)`, nil,
					chromedp.WithPollingTimeout(10*time.Second)),
				tb.waitSettled())
			if err != nil {
				t.Fatalf("resizing to %d px: %v (counts %v)", tc.resize, err, passes())
			}
			check(fmt.Sprintf("resized to %d px", tc.resize), 2)
		})
	}
}
