package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// openMenuOf opens the chart's "More…" list with its button when the
// toolbar control sel names is in it and the list is closed.
func openMenuOf(sel string) chromedp.Action {
	q, _ := json.Marshal(sel)
	return chromedp.Evaluate(`(() => { const t = document.querySelector(`+string(q)+`), l = t && t.closest('.scalesite-menu-list');
		if (l && l.hidden) l.parentElement.querySelector('.scalesite-menu').click(); return true; })()`, nil)
}

// clickTool clicks the toolbar control sel names as a reader would,
// opening the "More…" list it is in first.
func clickTool(sel string) chromedp.Tasks {
	return chromedp.Tasks{openMenuOf(sel), chromedp.Click(sel, chromedp.ByQuery)}
}

// toolbarSite is a page with a smoothed chart on a log y axis (the
// smoothing control and Linear y in its tools) and a plain line chart,
// with text after them that a taller toolbar would move.
func toolbarSite(t *testing.T) string {
	t.Helper()
	var log strings.Builder
	log.WriteString("run,step,loss\n")
	for _, run := range []string{"small", "large"} {
		for i, y := range smoothLoss(run)[:600] {
			fmt.Fprintf(&log, "%s,%d,%.4f\n", run, (i+1)*10, y)
		}
	}
	return buildSite(t, map[string]string{
		"content/tools/index.md": "---\ntitle: Tools\ndescription: A smoothed chart and a plain one.\n---\n" +
			"```chart\ntitle: Training loss\ndata: log.csv\nx: {field: step, title: Step}\ny: {field: loss, title: Loss, scale: log}\nseries: run\nsmooth: {ema: 0.9}\n```\n\n" +
			"Between the charts.\n\n" +
			"```chart\ntitle: Accuracy\ndata: acc.csv\nx: step\ny: acc\n```\n\nAfter the charts.\n",
		"content/tools/log.csv": log.String(),
		"content/tools/acc.csv": "step,acc\n1,0.1\n2,0.3\n3,0.45\n4,0.5\n5,0.52\n",
	}) + "/tools/"
}

// toolbarReadJS returns each chart's figure height, its toolbar's height
// and the tops of the toolbar's shown parts (one row: a single top).
const toolbarReadJS = `JSON.stringify([...document.querySelectorAll('figure.scalesite-chart')].map(f => {
  const tools = f.querySelector('.scalesite-tools');
  const tops = [...tools.children].filter(e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0)
    .map(e => Math.round(e.getBoundingClientRect().top));
  return {Figure: f.getBoundingClientRect().height, Tools: tools.getBoundingClientRect().height, Rows: new Set(tops).size};
}))`

type toolbarRect struct {
	Figure, Tools float64
	Rows          int
}

// TestToolbarHoldsItsRow loads a page of a smoothed chart and a plain one
// at 375, 800 and 1200 px, light and dark, without scripts and with them,
// and holds the toolbar to one row whose figure is as tall either way, with
// no layout shift while the charts take over. Screenshots (menu closed and
// open) are kept under e2e/artifacts/toolbar/.
func TestToolbarHoldsItsRow(t *testing.T) {
	browserTest(t)
	url := toolbarSite(t)
	b := newBrowser(t)
	shots := filepath.Join("artifacts", "toolbar")
	for _, v := range []readViewport{{width: 375, height: 800, mobile: true}, {width: 800, height: 1000}, {width: 1200, height: 900}} {
		for _, scheme := range []string{"light", "dark"} {
			name := fmt.Sprintf("%d px, %s", v.width, scheme)
			tb := b.tab(t)
			var static, live string
			var raw string
			if err := chromedp.Run(tb.ctx,
				emulation.SetDeviceMetricsOverride(v.width, v.height, 1, v.mobile),
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
				chromedp.ActionFunc(func(ctx context.Context) error {
					_, err := page.AddScriptToEvaluateOnNewDocument(shiftProbeJS).Do(ctx)
					return err
				}),
				emulation.SetScriptExecutionDisabled(true), chromedp.Navigate(url), chromedp.Evaluate(toolbarReadJS, &static),
				emulation.SetScriptExecutionDisabled(false), chromedp.Navigate(url), tb.waitCharts(2), tb.waitSettled(),
				chromedp.Evaluate(shiftReadJS, &raw, awaitPromise), chromedp.Evaluate(toolbarReadJS, &live)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var off, on []toolbarRect
			var shifts shiftRead
			if err := json.Unmarshal([]byte(static), &off); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(live), &on); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(raw), &shifts); err != nil {
				t.Fatal(err)
			}
			for _, e := range shifts.Entries {
				t.Errorf("%s: layout shift %.4f (%s)", name, e.V, strings.Join(e.Nodes, ", "))
			}
			if len(off) != 2 || len(on) != 2 {
				t.Fatalf("%s: %d figures without scripts, %d with them, want 2", name, len(off), len(on))
			}
			for i := range off {
				if off[i].Figure != on[i].Figure || off[i].Tools != on[i].Tools {
					t.Errorf("%s: chart %d: figure %v px tall and toolbar %v px without scripts, %v and %v with them",
						name, i+1, off[i].Figure, off[i].Tools, on[i].Figure, on[i].Tools)
				}
				if off[i].Rows != 1 || on[i].Rows != 1 {
					t.Errorf("%s: chart %d: toolbar in %d rows without scripts, %d with them, want 1", name, i+1, off[i].Rows, on[i].Rows)
				}
			}
			shotPage(t, tb, shots, fmt.Sprintf("%d-%s", v.width, scheme))
			// the open list reaches past the figure: the view around it
			var png []byte
			if err := chromedp.Run(tb.ctx, chromedp.Click(`.scalesite-menu`, chromedp.ByQuery),
				chromedp.Evaluate(`document.querySelector('.scalesite-menu-list').scrollIntoView({block: 'center'})`, nil),
				chromedp.CaptureScreenshot(&png)); err != nil {
				t.Fatalf("%s: opening More: %v", name, err)
			}
			if err := os.MkdirAll(shots, 0o755); err == nil {
				os.WriteFile(filepath.Join(shots, fmt.Sprintf("%d-%s-open.png", v.width, scheme)), png, 0o644)
			}
		}
	}
}

// TestToolbarMenuKeyboard works the first chart's "More…" list from the
// keyboard: Enter and Space open it with the focus on its first tool, the
// arrows move, Escape closes it with the focus back on the button, a
// click outside closes it, and the tools in it still work.
func TestToolbarMenuKeyboard(t *testing.T) {
	browserTest(t)
	url := toolbarSite(t)
	b := newBrowser(t)
	tb := b.tab(t)
	if err := chromedp.Run(tb.ctx, emulation.SetDeviceMetricsOverride(375, 800, 1, true)); err != nil {
		t.Fatal(err)
	}
	tb.open(t, url, 2)
	type state struct {
		Open    bool
		Focus   string
		Pressed string
		LogY    bool
		Status  string
	}
	read := func() state {
		var s state
		tb.eval(t, `const c = Object.values(window.scalesite.charts)[0], fig = c.getDom().closest('figure'), e = document.activeElement;
			return {Open: !fig.querySelector('.scalesite-menu-list').hidden,
				Focus: e.classList.contains('scalesite-menu') ? 'more' : (e.dataset.tool ? e.dataset.tool + (e.dataset.axis || '') : e.dataset.smooth || e.tagName),
				Pressed: fig.querySelector('[data-tool="scale"][data-axis="y"]').getAttribute('aria-pressed'),
				LogY: c.getOption().yAxis[0].scalesiteLog === true, Status: fig.querySelector('.scalesite-status').textContent};`, &s)
		return s
	}
	key := func(k string) {
		t.Helper()
		if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(tb.ctx, chromedp.Focus(`.scalesite-menu`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if s := read(); s.Open || s.Focus != "more" {
		t.Fatalf("before Enter: %+v, want the list closed and the focus on More", s)
	}
	key(kb.Enter)
	if s := read(); !s.Open || s.Focus != "on" {
		t.Errorf("after Enter: %+v, want the list open and the focus on its first control (the smoothing checkbox)", s)
	}
	key(kb.Escape)
	if s := read(); s.Open || s.Focus != "more" {
		t.Errorf("after Escape: %+v, want the list closed and the focus back on More", s)
	}
	key(" ")
	if s := read(); !s.Open {
		t.Errorf("after Space: %+v, want the list open", s)
	}
	// Arrow down from the checkbox to Linear y, the last tool: the slider
	// (whose own arrows move its value) is passed with Tab.
	var order []string
	for range 12 {
		s := read()
		order = append(order, s.Focus)
		if s.Focus == "scaley" {
			break
		}
		if s.Focus == "amount" {
			key(kb.Tab)
		} else {
			key(kb.ArrowDown)
		}
	}
	want := "on amount png svg pdf area reset scaley"
	if strings.Join(order, " ") != want {
		t.Errorf("moving through the list: %q, want %q (Undo zoom disabled, skipped)", strings.Join(order, " "), want)
	}
	key(kb.Enter)
	if err := chromedp.Run(tb.ctx, tb.waitSettled()); err != nil {
		t.Fatal(err)
	}
	if s := read(); s.Open || s.Focus != "more" || s.Pressed != "true" || s.LogY {
		t.Errorf("after Enter on Linear y: %+v, want the list closed, the focus on More, Linear y pressed and the y axis linear", s)
	}
	// Reset zoom, from the list opened with the arrow key, says so.
	key(kb.ArrowDown)
	key(kb.End)
	key(kb.ArrowUp)
	if s := read(); !s.Open || s.Focus != "reset" {
		t.Errorf("ArrowDown on More, End, ArrowUp: %+v, want the list open at Reset zoom", s)
	}
	key(kb.Enter)
	if s := read(); s.Open || !strings.Contains(s.Status, "Zoom reset") {
		t.Errorf("after Enter on Reset zoom: %+v, want the list closed and the status saying Zoom reset", s)
	}
	// A click outside closes the list.
	if err := chromedp.Run(tb.ctx, chromedp.Click(`.scalesite-menu`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if s := read(); !s.Open {
		t.Errorf("after clicking More: %+v, want the list open", s)
	}
	if err := chromedp.Run(tb.ctx, chromedp.Click(`h1`, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	if s := read(); s.Open {
		t.Errorf("after a click outside: %+v, want the list closed", s)
	}
	// The list is built of elements (no markup) and named.
	var named bool
	tb.eval(t, `return [...document.querySelectorAll('.scalesite-menu')].every(b => b.getAttribute('aria-label').startsWith('More tools for ') &&
		b.getAttribute('aria-controls') === b.nextElementSibling.id);`, &named)
	if !named {
		t.Errorf("a More button without its name or the list it controls")
	}
}
