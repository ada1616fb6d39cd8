package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// shiftProbeJS runs before the page's own scripts: a buffered
// PerformanceObserver keeps every layout shift of the page from its start
// (with the chart boxes each moved), and, when the chart library's
// script sets window.echarts (a deferred script: it runs once the document
// is parsed and its stylesheets applied, before any chart is made), the
// rectangles of every chart's figure, canvas and toolbar, in page
// coordinates.
const shiftProbeJS = `window.__shift = {entries: [], before: null};
window.__shiftPO = new PerformanceObserver(l => { for (const e of l.getEntries()) window.__shiftRecord(e); });
window.__shiftRecord = e => { if (e.hadRecentInput) return;
  const nodes = (e.sources || []).map(s => { const n = s.node, el = n && (n.nodeType === 1 ? n : n.parentElement);
    const fig = el && el.closest && el.closest('.scalesite-chart');
    return (fig ? 'chart ' + ((fig.querySelector('.scalesite-canvas') || {}).id || '?') + ': ' : '') + (el ? el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).split(' ').join('.') : '') : '?'); });
  window.__shift.entries.push({V: e.value, Nodes: nodes}); };
window.__shiftPO.observe({type: 'layout-shift', buffered: true});
window.__shiftRects = () => [...document.querySelectorAll('.scalesite-canvas')].map(c => {
  const r = el => { if (!el) return null; const b = el.getBoundingClientRect(); return [b.left + scrollX, b.top + scrollY, b.width, b.height].map(v => Math.round(v * 100) / 100); };
  const fig = c.closest('.scalesite-chart');
  const shown = [...c.querySelectorAll(':scope > svg.scalesite-static')].filter(s => getComputedStyle(s).display !== 'none');
  return {ID: c.id, Figure: r(fig), Canvas: r(c), Tools: r(fig && fig.querySelector('.scalesite-tools')),
    Drawn: shown.map(s => s.viewBox.baseVal.width)};
});
let echartsLib;
Object.defineProperty(window, 'echarts', {configurable: true, get: () => echartsLib,
  set: v => { if (!window.__shift.before) window.__shift.before = window.__shiftRects(); echartsLib = v; }});`

// shiftReadJS waits two frames (a shift is reported with the frame that
// painted it), takes what the observer has not yet delivered, and returns
// the shifts and the rectangles before and after the charts took over.
const shiftReadJS = `new Promise(res => requestAnimationFrame(() => requestAnimationFrame(() => {
  for (const e of window.__shiftPO.takeRecords()) window.__shiftRecord(e);
  res(JSON.stringify({Entries: window.__shift.entries, Before: window.__shift.before, After: window.__shiftRects(),
    Live: [...document.querySelectorAll('.scalesite-canvas')].filter(c => c.classList.contains('scalesite-live')).length}));
})))`

type shiftRect struct {
	ID                    string
	Figure, Canvas, Tools []float64
	Drawn                 []float64 // the widths the static figures shown were drawn at
}

type shiftRead struct {
	Entries []struct {
		V     float64
		Nodes []string
	}
	Before, After []shiftRect
	Live          int
}

// shiftViewports are the three widths the page has a picture for, a
// phone, a tablet and a desktop (render/static.go's classes), where the
// picture shown must be drawn at the box's width, and widths between
// them, where the box is fluid: 700 px (a box of 642 px, the tablet's
// picture scaled) and 1000 px (the tablet's box kept at 742 px).
var shiftViewports = []struct {
	readViewport
	exact bool // the picture shown is drawn at the box's width
}{
	{readViewport{width: 375, height: 800, mobile: true}, true},
	{readViewport{width: 700, height: 900}, false},
	{readViewport{width: 800, height: 1000}, true},
	{readViewport{width: 1000, height: 900}, true},
	{readViewport{width: 1200, height: 900}, true},
}

// shiftPages are demo gallery pages that hold the hard cases of a
// takeover: legends of many entries, panels, many series, fits, labels,
// long titles, a toolbar with log-axis buttons.
var shiftPages = []string{
	"gallery/chinchilla-two-panel-fits",
	"gallery/mmlu-vs-params",
	"gallery/epoch-compute-history",
	"gallery/emergent-abilities",
	"gallery/kaplan-loss-vs-compute",
}

// TestNoLayoutShiftOnTakeover loads demo gallery pages afresh at 375, 800
// and 1200 px and between, light and dark, and holds the live charts' takeover from
// the static figures to no layout shift at all: the layout-shift score of
// the page from its start until every chart has drawn is 0, and each
// chart's figure, canvas and toolbar have the same rectangle before any
// script ran as after. Screenshots of each view before the takeover (no
// script: the picture alone) and after are kept under e2e/artifacts/shift/.
func TestNoLayoutShiftOnTakeover(t *testing.T) {
	b := newBrowser(t)
	dir, _ := buildDemo(t, "/")
	base := serve(t, dir)
	shots := filepath.Join("artifacts", "shift")
	if d := os.Getenv("SHIFT_SHOTS"); d != "" {
		shots = d
	}
	for _, v := range shiftViewports {
		for _, scheme := range []string{"light", "dark"} {
			tb := b.tab(t)
			if err := chromedp.Run(tb.ctx,
				emulation.SetDeviceMetricsOverride(v.width, v.height, 1, v.mobile),
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(shiftProbeJS).Do(ctx)
					return err
				})); err != nil {
				t.Fatal(err)
			}
			for _, p := range shiftPages {
				name := fmt.Sprintf("%s at %d px, %s", p, v.width, scheme)
				// the picture alone, as before the takeover (no script runs)
				shot := fmt.Sprintf("%s-%d-%s", filepath.Base(p), v.width, scheme)
				if err := chromedp.Run(tb.ctx, emulation.SetScriptExecutionDisabled(true), chromedp.Navigate(base+"/"+p+"/")); err != nil {
					t.Fatalf("%s, without scripts: %v", name, err)
				}
				shotPage(t, tb, shots, shot+"-picture")
				if err := chromedp.Run(tb.ctx, emulation.SetScriptExecutionDisabled(false)); err != nil {
					t.Fatal(err)
				}
				var raw string
				if err := chromedp.Run(tb.ctx, chromedp.Navigate(base+"/"+p+"/"), tb.waitCharts(1), tb.waitSettled(),
					chromedp.Evaluate(shiftReadJS, &raw, awaitPromise)); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				var got shiftRead
				if err := json.Unmarshal([]byte(raw), &got); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if got.Live == 0 {
					t.Errorf("%s: no chart took over from its static figure", name)
				}
				score := 0.0
				var what []string
				for _, e := range got.Entries {
					score += e.V
					what = append(what, fmt.Sprintf("%.4f (%s)", e.V, strings.Join(e.Nodes, ", ")))
				}
				if score != 0 {
					t.Errorf("%s: layout shift %.4f from load until the charts were drawn, want 0:\n  %s", name, score, strings.Join(what, "\n  "))
				}
				if len(got.Before) != len(got.After) {
					t.Errorf("%s: %d charts before the takeover, %d after", name, len(got.Before), len(got.After))
				}
				for i := range min(len(got.Before), len(got.After)) {
					bf, af := got.Before[i], got.After[i]
					// one picture shown, drawn at the box's width
					if len(bf.Drawn) != 1 || len(bf.Canvas) != 4 || v.exact && math.Abs(bf.Drawn[0]-bf.Canvas[2]) > 1 {
						t.Errorf("%s: chart %s: static figures drawn %v px wide shown in a box %v px wide, want one drawn at the box's width", name, bf.ID, bf.Drawn, bf.Canvas[2:3])
					}
					for _, r := range []struct {
						part   string
						before []float64
						after  []float64
					}{{"figure", bf.Figure, af.Figure}, {"canvas", bf.Canvas, af.Canvas}, {"toolbar", bf.Tools, af.Tools}} {
						if fmt.Sprint(r.before) != fmt.Sprint(r.after) {
							t.Errorf("%s: chart %s: the %s's rectangle (x, y, w, h) was %v before the takeover and is %v after", name, bf.ID, r.part, r.before, r.after)
						}
					}
				}
				shotPage(t, tb, shots, shot+"-live")
			}
		}
	}
}

// shotPage keeps a screenshot of the page's first chart under dir, for a
// person to look at.
func shotPage(t *testing.T, tb *tab, dir, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 15*time.Second)
	defer cancel()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Screenshot("figure.scalesite-chart", &png, chromedp.ByQuery)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	}
}
