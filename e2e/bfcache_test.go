package e2e

import (
	"io"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLivePreviewLeavesNoStreamBehind: a page the browser keeps in its
// back/forward cache closes its event stream. Before, each page visited in
// one tab kept its stream open, and after six pages (the browser's limit of
// connections per host) every request of the preview waited a minute.
func TestLivePreviewLeavesNoStreamBehind(t *testing.T) {
	b := newBrowser(t)
	srv, hs := startPreviewServer(t, copyDemo(t), io.Discard)
	tb := b.tab(t)
	pages := []string{"/", "/format/", "/flops-accuracy/", "/audio-models/", "/rwkv-scaling/", "/tags/", "/", "/format/"}
	for _, p := range pages {
		if err := chromedp.Run(tb.ctx, chromedp.Navigate(hs.URL+p)); err != nil {
			t.Fatalf("opening %s: %v", p, err)
		}
		tb.waitLive(t)
	}
	// Going back shows a page from the cache, which opens a new stream. (A
	// page shown from the cache fires no load event for chromedp's
	// NavigateBack to wait on: the count below is what is waited for.)
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`history.back()`, nil)); err != nil {
		t.Fatal(err)
	}
	// One page is shown, so one stream should be open; a closing stream may
	// take a moment to be noticed by the server, which says so (Changed).
	deadline := time.After(60 * time.Second)
	for {
		changed := srv.Changed() // before counting: a change meanwhile is not missed
		if srv.Clients() == 1 {
			break
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("%d event streams open after visiting %d pages in one tab, want 1", srv.Clients(), len(pages)+1)
		}
	}
}
