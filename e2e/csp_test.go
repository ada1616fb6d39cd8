package e2e

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The Content-Security-Policy tests (issue 9). The theme sets the policy
// with a <meta http-equiv> (GitHub Pages sends no headers) and `scalesite
// serve` sends it as a header too. These tests check in Chromium that the
// site's own features run under it without a single violation, and that a
// site whose every field tries to run script runs none: neither through
// what the site builds from its content, nor when that markup is put into
// the page as if an escape had failed (then the policy alone stops it);
// the hostile site is in csp_hostile_test.go.

// recordViolations runs in every document, frames included, before the
// document's own scripts: it keeps each securitypolicyviolation event in
// the top window's __cspViolations.
const recordViolations = `(() => {
  let list;
  try { list = window.top.__cspViolations; } catch (e) { /* another origin */ }
  if (!list) list = window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', e => list.push({
    Directive: e.effectiveDirective, Blocked: e.blockedURI, Sample: e.sample,
    Where: location.pathname + ' ' + e.sourceFile + ':' + e.lineNumber}), true);
})()`

// violation is one securitypolicyviolation event.
type violation struct {
	Directive, Blocked, Sample, Where string
}

// cspTab is a tab that records the policy's violations twice over: as the
// page's securitypolicyviolation events (recordViolations) and as the
// messages Chromium logs for them.
type cspTab struct {
	*tab
	mu     sync.Mutex
	logged []string
}

func (b *browser) cspTab(t *testing.T) *cspTab {
	t.Helper()
	ct := &cspTab{tab: b.tab(t)}
	chromedp.ListenTarget(ct.ctx, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && strings.Contains(e.Entry.Text, "Content Security Policy") {
			ct.mu.Lock()
			defer ct.mu.Unlock()
			ct.logged = append(ct.logged, e.Entry.Text)
		}
	})
	err := chromedp.Run(ct.ctx, cdplog.Enable(), chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(recordViolations).Do(ctx)
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	return ct
}

// takeLogged returns the policy messages Chromium logged since the last call.
func (ct *cspTab) takeLogged() []string {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	out := ct.logged
	ct.logged = nil
	return out
}

// violations returns the current document's violations.
func (ct *cspTab) violations(t *testing.T) []violation {
	t.Helper()
	var v []violation
	ct.eval(t, `return window.__cspViolations || [];`, &v)
	return v
}

// navigate opens url and waits for its load event, and for its charts
// (when it has any) to finish drawing.
func (ct *cspTab) navigate(t *testing.T, url string) {
	t.Helper()
	if err := chromedp.Run(ct.ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	var charts int
	ct.eval(t, `return document.querySelectorAll('.scalesite-canvas').length;`, &charts)
	if charts > 0 {
		if err := chromedp.Run(ct.ctx, ct.waitCharts(charts), ct.waitSettled()); err != nil {
			t.Fatalf("%s: %v", url, err)
		}
	}
}

// waitFor polls js (an expression) until it is truthy; the deadline bounds
// a failure only. It polls on a timer, not on animation frames, which a
// page with blocked frames may not be given.
func (ct *cspTab) waitFor(t *testing.T, what, js string) {
	t.Helper()
	var ok bool
	err := chromedp.Run(ct.ctx, chromedp.Poll(`!!(`+js+`)`, &ok,
		chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil || !ok {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// noViolations fails the test when the page or Chromium's log reported any.
func (ct *cspTab) noViolations(t *testing.T, where string) {
	t.Helper()
	if v := ct.violations(t); len(v) > 0 {
		t.Errorf("%s: the policy was violated: %+v", where, v)
	}
	if l := ct.takeLogged(); len(l) > 0 {
		t.Errorf("%s: Chromium logged policy violations:\n%s", where, strings.Join(l, "\n"))
	}
}

// probePolicy shows that the policy is in force in the current document (so
// that "no violation" means something): an inline script added to it does
// not run, and is reported.
func (ct *cspTab) probePolicy(t *testing.T) {
	t.Helper()
	before := len(ct.violations(t))
	ct.eval(t, `const s = document.createElement('script'); s.textContent = 'window.__probeRan = true';
		document.head.append(s); return true;`, new(bool))
	ct.waitFor(t, "the probe's violation", `window.__probeRan || window.__cspViolations.length > `+strconv.Itoa(before))
	var ran bool
	ct.eval(t, `return window.__probeRan === true;`, &ran)
	if ran {
		t.Errorf("an inline script ran: the policy is not in force")
	}
	ct.takeLogged()
}

// TestCSPSiteFeatures: under the policy, charts draw, tooltips show, Save
// PNG, Save SVG and Download CSV work, a log axis turns linear and back,
// and every kind of page of the demo site loads, with no violation.
func TestCSPSiteFeatures(t *testing.T) {
	b := newBrowser(t)

	t.Run("toolbar", func(t *testing.T) {
		base := buildExportSite(t)
		ct := b.cspTab(t)
		ct.navigate(t, base+"/runs/")
		dl := ct.allowDownloads(t)
		const lossChart, modelsChart = "chart-runs-1", "chart-runs-2"
		if tip := ct.tooltip(t, lossChart, 0, 1); !strings.Contains(tip, "small") {
			t.Errorf("tooltip %q, want the series' name", tip)
		}
		if tip := ct.tooltip(t, modelsChart, 0, 2); tip == "" {
			t.Errorf("no tooltip on the scatter")
		}
		tool := func(tool string) chromedp.Action {
			return clickTool(`#` + lossChart + ` ~ .scalesite-tools [data-tool="` + tool + `"]`)
		}
		if png := dl.next(t, ct.tab, "clicking Save PNG", tool("png")); !bytes.HasPrefix(png, []byte("\x89PNG\r\n")) {
			t.Errorf("Save PNG gave %d bytes that are not a PNG", len(png))
		}
		if svg := dl.next(t, ct.tab, "clicking Save SVG", tool("svg")); !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("Loss against compute")) {
			t.Errorf("Save SVG gave no SVG of the chart: %.200s", svg)
		}
		if csv := dl.next(t, ct.tab, "clicking Download CSV", tool("csv")); !bytes.HasPrefix(csv, []byte("model,flops,loss\n")) {
			t.Errorf("Download CSV gave %.100q", csv)
		}
		// Linear x, then log again.
		for _, want := range []struct {
			pressed string
			log     bool
		}{{"true", false}, {"false", true}} {
			if err := chromedp.Run(ct.ctx, tool("scale")); err != nil {
				t.Fatal(err)
			}
			ct.waitFor(t, "the Linear x button to be pressed="+want.pressed,
				`document.querySelector('#`+lossChart+` ~ .scalesite-tools [data-tool="scale"]').getAttribute('aria-pressed') === '`+want.pressed+`'`)
			if err := chromedp.Run(ct.ctx, ct.waitSettled()); err != nil {
				t.Fatal(err)
			}
			var log bool
			ct.eval(t, chartJS(lossChart)+`return c.getOption().xAxis[0].scalesiteLog === true;`, &log)
			if log != want.log {
				t.Errorf("with Linear x pressed=%s, the x axis is log: %v", want.pressed, log)
			}
		}
		ct.noViolations(t, "the toolbar")
		if len(ct.dialogs) > 0 {
			t.Errorf("dialogs: %q", ct.dialogs)
		}
		ct.probePolicy(t)
	})

	t.Run("demo", func(t *testing.T) {
		base := demoServer(t)
		ct := b.cspTab(t)
		ct.navigate(t, base+"/")
		// Every page the home page lists, the tags index, one tag, the 404 page.
		var pages []string
		ct.eval(t, `return [...document.querySelectorAll('.post-item-title a')].map(a => new URL(a.href).pathname);`, &pages)
		if len(pages) < 5 {
			t.Fatalf("the home page lists %d pages", len(pages))
		}
		ct.noViolations(t, "/")
		ct.navigate(t, base+"/tags/")
		var tag string
		ct.eval(t, `const a = document.querySelector('.tag-list a'); return a ? new URL(a.href).pathname : '';`, &tag)
		if tag == "" {
			t.Fatal("the tags index lists no tag")
		}
		ct.noViolations(t, "/tags/")
		charted := 0
		for _, p := range append(pages, tag, "/404.html") {
			ct.navigate(t, base+p)
			var charts int
			ct.eval(t, `return Object.keys((window.scalesite || {}).charts || {}).length;`, &charts)
			charted += min(charts, 1)
			ct.noViolations(t, p)
		}
		if charted < 5 {
			t.Errorf("only %d pages drew charts", charted)
		}
		ct.probePolicy(t)
	})
}
