package e2e

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Issue 20, "a figure never lies quietly", measured on what Chromium drew:
// tick labels that differ however far a chart is zoomed, no axis crowded
// with labels or bare at an end, one set of chart controls that the
// keyboard works, and display formulas that are never cut off.

// honestSite: a training log's steps 0..50,000 on a linear x axis in SI
// form, and a log y axis reaching down to 1.3, as a fit's extrapolation
// took one.
func honestSite() map[string]string {
	var b strings.Builder
	b.WriteString("step,loss\n")
	for s := 0; s <= 50000; s += 100 {
		fmt.Fprintf(&b, "%d,%.4f\n", s, 1.3+2.7*math.Pow(1+float64(s)/500, -0.5))
	}
	return map[string]string{
		"scalesite.yaml": "title: Honest\n",
		"content/log.md": "---\ntitle: Log\ndescription: A training log.\n---\n" +
			"```chart\ndata: log.csv\nx: {field: step, title: Step, format: si}\ny: {field: loss, title: Loss, scale: log}\n```\n",
		"content/log.csv": b.String(),
		"content/math.md": "---\ntitle: Math\ndescription: A wide formula.\n---\nThe loss, term by term:\n\n" +
			"$$\nL(N, D) = E + \\frac{A}{N^{\\alpha}} + \\frac{B}{D^{\\beta}} + \\frac{C_1}{N^{\\alpha} D^{\\beta}} + \\frac{C_2}{(N + D)^{\\gamma}}" +
			" + \\frac{C_3}{\\log N} + \\frac{C_4}{\\log D} + \\frac{C_5}{\\sqrt{N D}} + \\frac{C_6}{N^{2\\alpha}}\n$$\n\nAfter.\n",
	}
}

// drawnAxis is one axis as drawn: its labels (and the numbers they read
// as), its length in px and its visible range (log10 for a log axis).
type drawnAxis struct {
	Kind   string
	Labels []string
	Values []*float64
	Px     float64
	Lo, Hi float64
	Log    bool
}

// axesJS reads the drawn tick labels of the page's chart (readJS's probe) with
// each axis' pixel length and visible range.
const axesJS = readJS + `const inst = Object.values(window.scalesite.charts)[0];
const r = scalesiteRead.readChart(inst, 0);
const m = inst.getModel();
return r.Axes.map(a => {
  const am = m.getComponent(a.Kind, a.Index);
  const px = Math.abs(am.axis.getExtent()[1] - am.axis.getExtent()[0]);
  const ext = am.axis.scale.getExtent();
  return {Kind: a.Kind, Labels: a.Labels, Values: a.Values, Px: px, Lo: ext[0], Hi: ext[1], Log: a.ScalesiteLog};
});`

// checkDrawnAxes holds for every axis of every view: at most one label per
// 80 px, no two neighbours alike, every label a number inside the range,
// and no end of the axis bare for longer than a step between labels.
func checkDrawnAxes(t *testing.T, view string, axes []drawnAxis) {
	t.Helper()
	if len(axes) != 2 {
		t.Fatalf("%s: %d axes drawn, want 2", view, len(axes))
	}
	for _, a := range axes {
		what := fmt.Sprintf("%s: %s %q (%.0f px, range %g..%g)", view, a.Kind, a.Labels, a.Px, a.Lo, a.Hi)
		if len(a.Labels) < 2 {
			t.Errorf("%s: fewer than 2 labels", what)
			continue
		}
		// (an axis under 320 px that holds 3 labels may take up to 5 when no
		// nice step gives 3, as ticks.js does)
		n := float64(len(a.Labels))
		if most := math.Floor(a.Px/80) + 1; n > math.Max(2, most) && !(most >= 3 && a.Px < 320 && n <= 5) {
			t.Errorf("%s: %d labels, more than one per 80 px (%g)", what, len(a.Labels), most)
		}
		pos := make([]float64, len(a.Labels))
		for i, v := range a.Values {
			if v == nil {
				t.Errorf("%s: label %q does not read as a number", what, a.Labels[i])
				return
			}
			pos[i] = *v
			if a.Log {
				pos[i] = math.Log10(*v)
			}
			slack := 1e-9 * (a.Hi - a.Lo)
			if pos[i] < a.Lo-slack || pos[i] > a.Hi+slack {
				t.Errorf("%s: label %q outside the range", what, a.Labels[i])
			}
			if i > 0 && a.Labels[i] == a.Labels[i-1] {
				t.Errorf("%s: two neighbouring labels read %q", what, a.Labels[i])
				return
			}
			if i > 0 && !(pos[i] > pos[i-1]) {
				t.Errorf("%s: labels %q then %q do not increase", what, a.Labels[i-1], a.Labels[i])
				return
			}
		}
		last := len(pos) - 1
		if bare, step := pos[0]-a.Lo, pos[1]-pos[0]; bare > step*1.0001 {
			t.Errorf("%s: the first %.0f%% of the axis has no label, more than a step", what, 100*bare/(a.Hi-a.Lo))
		}
		if bare, step := a.Hi-pos[last], pos[last]-pos[last-1]; bare > step*1.0001 {
			t.Errorf("%s: the last %.0f%% of the axis has no label, more than a step", what, 100*bare/(a.Hi-a.Lo))
		}
	}
}

// TestZoomedTicksRead zooms the training log's step axis to 30,000..31,000
// and further in (dispatching dataZoom, as a reader's wheel does) and reads
// the labels drawn, at 1200 and 375 px, light and dark.
func TestZoomedTicksRead(t *testing.T) {
	browserTest(t)
	base := buildSite(t, honestSite())
	b := newBrowser(t)
	tb := b.tab(t)
	st := &settler{tb: tb}
	tb.open(t, base+"/log/", 1)
	for _, v := range readViewports {
		for _, scheme := range []string{"light", "dark"} {
			view := fmt.Sprintf("%d px %s", v.width, scheme)
			if err := v.set(tb); err != nil {
				t.Fatal(err)
			}
			if err := setColorScheme(tb, scheme); err != nil {
				t.Fatal(err)
			}
			if err := st.settle(view); err != nil {
				t.Fatal(err)
			}
			var axes []drawnAxis
			if err := tb.evalJSON(axesJS, &axes); err != nil {
				t.Fatal(err)
			}
			checkDrawnAxes(t, view, axes)
			// the steps start at 0: no negative margin, and 0 is labelled
			if x := axes[0]; x.Lo != 0 || len(x.Labels) == 0 || x.Labels[0] != "0" {
				t.Errorf("%s: the step axis runs from %g, first label %q; want 0 and \"0\"", view, x.Lo, x.Labels)
			}
			tb.saveScreenshot(t, fmt.Sprintf("honest-ticks-%d-%s", v.width, scheme))
			for _, w := range [][2]float64{{30000, 31000}, {30000, 30200}, {30000, 30010}} {
				zoom := fmt.Sprintf("%s zoomed to %g..%g", view, w[0], w[1])
				js := fmt.Sprintf(`Object.values(window.scalesite.charts)[0].dispatchAction({type: 'dataZoom', batch: [{dataZoomIndex: 0, startValue: %g, endValue: %g}]}); return 0;`, w[0], w[1])
				if err := tb.evalJSON(js, new(int)); err != nil {
					t.Fatal(err)
				}
				if err := st.settle(zoom); err != nil {
					t.Fatal(err)
				}
				if err := tb.evalJSON(axesJS, &axes); err != nil {
					t.Fatal(err)
				}
				checkDrawnAxes(t, zoom, axes)
				// a longer label at an end of the axis is moved in, not cut
				var clipped []textBox
				if err := tb.evalJSON(readJS+`return scalesiteRead.readChart(Object.values(window.scalesite.charts)[0], 0).Clipped;`, &clipped); err != nil {
					t.Fatal(err)
				}
				if len(clipped) > 0 {
					t.Errorf("%s: texts cut at the canvas' edge: %v", zoom, clipped)
				}
				if x := axes[0]; math.Abs(x.Lo-w[0]) > 1e-6*(w[1]-w[0]) || math.Abs(x.Hi-w[1]) > 1e-6*(w[1]-w[0]) || len(x.Labels) < 2 {
					t.Errorf("%s: the step axis shows %g..%g with labels %q", zoom, x.Lo, x.Hi, x.Labels)
				}
			}
			tb.saveScreenshot(t, fmt.Sprintf("honest-ticks-zoomed-%d-%s", v.width, scheme))
			if err := tb.evalJSON(`document.querySelector('.scalesite-tools [data-tool="reset"]').click(); return 0;`, new(int)); err != nil {
				t.Fatal(err)
			}
			if err := st.settle("reset zoom"); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestToolbarOnlyControls: the chart has no ECharts toolbox (its icons
// repeated the buttons under the chart), and the buttons work from the
// keyboard: Tab reaches each, with a visible focus ring and a name;
// Enter turns Zoom to area on, a drag zooms to the box, Escape turns it
// off, Enter on Undo zoom steps back, and Space on Reset zoom shows the
// whole range again.
func TestToolbarOnlyControls(t *testing.T) {
	browserTest(t)
	base := buildSite(t, honestSite())
	b := newBrowser(t)
	tb := b.tab(t)
	st := &settler{tb: tb}
	if err := readViewports[0].set(tb); err != nil {
		t.Fatal(err)
	}
	tb.open(t, base+"/log/", 1)

	var none struct {
		Option, Model bool
		Icons         int
	}
	tb.eval(t, `const c = Object.values(window.scalesite.charts)[0];
		let icons = 0;
		c.getZr().storage.getDisplayList(true).forEach(e => { if (e.__title || (e.parent && e.parent.__title)) icons++; });
		return {Option: c.getOption().toolbox !== undefined, Model: !!c.getModel().getComponent('toolbox'), Icons: icons};`, &none)
	if none.Option || none.Model || none.Icons > 0 {
		t.Errorf("the chart still has an ECharts toolbox: in the option %v, a component %v, %d icons drawn", none.Option, none.Model, none.Icons)
	}

	// Tab from the top of the page through the toolbar.
	type focused struct {
		Tool, Label, Text, Outline string
		Pressed                    string
	}
	var seen []focused
	tabTo := func(tool string) focused {
		t.Helper()
		for range 30 {
			// on the toolbar's closed "More…" button, Enter opens its list
			// with the focus on the first tool in it
			var onMenu bool
			tb.eval(t, `const a = document.activeElement; return !!a && a.classList.contains('scalesite-menu') && a.getAttribute('aria-expanded') === 'false';`, &onMenu)
			k := kb.Tab
			if onMenu {
				k = kb.Enter
			}
			if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(k)); err != nil {
				t.Fatal(err)
			}
			var f focused
			tb.eval(t, `const a = document.activeElement, s = getComputedStyle(a);
				return {Tool: a.getAttribute('data-tool') || '', Label: a.getAttribute('aria-label') || '', Text: a.textContent,
					Outline: s.outlineStyle + ' ' + s.outlineWidth, Pressed: a.getAttribute('aria-pressed') || ''};`, &f)
			if f.Tool != "" {
				seen = append(seen, f)
			}
			if f.Tool == tool {
				return f
			}
		}
		t.Fatalf("Tab never reached the %q button; reached %+v", tool, seen)
		return focused{}
	}
	area := tabTo("area")
	for _, f := range seen {
		if f.Label == "" || !strings.HasPrefix(f.Outline, "solid") || strings.HasSuffix(f.Outline, " 0px") {
			t.Errorf("toolbar control %q: aria-label %q, focus outline %q; want a name and a visible ring", f.Text, f.Label, f.Outline)
		}
	}
	if area.Label != "Zoom to area of the chart" && !strings.HasPrefix(area.Label, "Zoom to area of ") {
		t.Errorf("the Zoom to area button is named %q", area.Label)
	}
	if area.Pressed != "false" {
		t.Errorf("Zoom to area starts pressed %q", area.Pressed)
	}
	if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	// the tool used closes the list: the focus is back on "More…"
	var pressed string
	tb.eval(t, `return document.activeElement.classList.contains('scalesite-menu') && document.querySelector('[data-tool="area"]').getAttribute('aria-pressed');`, &pressed)
	if pressed != "true" {
		t.Fatalf("Enter on Zoom to area: aria-pressed %q, want true", pressed)
	}

	// Drag across the middle of the plot: from 20% to 60% of its width and
	// 30% to 70% of its height.
	var g struct{ X, Y, W, H, Lo, Hi float64 }
	tb.eval(t, `const c = Object.values(window.scalesite.charts)[0];
		c.getDom().scrollIntoView({block: 'center'});
		const r = c.getDom().getBoundingClientRect();
		const g = c.getModel().getComponent('grid', 0).coordinateSystem.getRect();
		const ext = c.getModel().getComponent('xAxis', 0).axis.scale.getExtent();
		return {X: r.left + g.x, Y: r.top + g.y, W: g.width, H: g.height, Lo: ext[0], Hi: ext[1]};`, &g)
	x0, y0, x1, y1 := g.X+0.2*g.W, g.Y+0.3*g.H, g.X+0.6*g.W, g.Y+0.7*g.H
	if err := chromedp.Run(tb.ctx,
		input.DispatchMouseEvent(input.MousePressed, x0, y0).WithButton(input.Left).WithButtons(1).WithClickCount(1),
		input.DispatchMouseEvent(input.MouseMoved, (x0+x1)/2, (y0+y1)/2).WithButton(input.Left).WithButtons(1),
		input.DispatchMouseEvent(input.MouseMoved, x1, y1).WithButton(input.Left).WithButtons(1),
		input.DispatchMouseEvent(input.MouseReleased, x1, y1).WithButton(input.Left).WithButtons(0).WithClickCount(1),
	); err != nil {
		t.Fatal(err)
	}
	if err := st.settle("a drag in Zoom to area"); err != nil {
		t.Fatal(err)
	}
	var zoomed struct{ Lo, Hi float64 }
	tb.eval(t, `const e = Object.values(window.scalesite.charts)[0].getModel().getComponent('xAxis', 0).axis.scale.getExtent(); return {Lo: e[0], Hi: e[1]};`, &zoomed)
	span := g.Hi - g.Lo
	if math.Abs(zoomed.Lo-(g.Lo+0.2*span)) > 0.02*span || math.Abs(zoomed.Hi-(g.Lo+0.6*span)) > 0.02*span {
		t.Errorf("after a drag over 20%%..60%% of %g..%g the x axis shows %g..%g", g.Lo, g.Hi, zoomed.Lo, zoomed.Hi)
	}
	var axes []drawnAxis
	if err := tb.evalJSON(axesJS, &axes); err != nil {
		t.Fatal(err)
	}
	checkDrawnAxes(t, "zoomed to an area", axes)
	tb.saveScreenshot(t, "honest-zoom-to-area")

	if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	tb.eval(t, `return document.querySelector('[data-tool="area"]').getAttribute('aria-pressed');`, &pressed)
	if pressed != "false" {
		t.Errorf("Escape left Zoom to area pressed (%q)", pressed)
	}
	// Undo zoom, enabled now, steps back to the range before the drag.
	undo := tabTo("undo")
	if !strings.HasPrefix(undo.Label, "Undo zoom of ") {
		t.Errorf("Undo zoom is named %q", undo.Label)
	}
	if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if err := st.settle("Enter on Undo zoom"); err != nil {
		t.Fatal(err)
	}
	var undone struct {
		Lo, Hi   float64
		Disabled bool
	}
	tb.eval(t, `const e = Object.values(window.scalesite.charts)[0].getModel().getComponent('xAxis', 0).axis.scale.getExtent();
		return {Lo: e[0], Hi: e[1], Disabled: document.querySelector('[data-tool="undo"]').disabled};`, &undone)
	if math.Abs(undone.Lo-g.Lo) > 1e-6*span || math.Abs(undone.Hi-g.Hi) > 1e-6*span || !undone.Disabled {
		t.Errorf("after Undo zoom the x axis shows %g..%g (Undo zoom disabled %v), want %g..%g and nothing more to undo", undone.Lo, undone.Hi, undone.Disabled, g.Lo, g.Hi)
	}
	reset := tabTo("reset")
	if !strings.HasPrefix(reset.Label, "Reset zoom of ") {
		t.Errorf("Reset zoom is named %q", reset.Label)
	}
	if err := chromedp.Run(tb.ctx, chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	if err := st.settle("Space on Reset zoom"); err != nil {
		t.Fatal(err)
	}
	tb.eval(t, `const e = Object.values(window.scalesite.charts)[0].getModel().getComponent('xAxis', 0).axis.scale.getExtent(); return {Lo: e[0], Hi: e[1]};`, &zoomed)
	if zoomed.Lo != g.Lo || zoomed.Hi != g.Hi {
		t.Errorf("after Reset zoom the x axis shows %g..%g, want %g..%g", zoomed.Lo, zoomed.Hi, g.Lo, g.Hi)
	}
}

// TestWideMathNotClipped: a display formula wider than the prose column
// fits in the wide column on a desktop, and on a phone scrolls in its own
// box while the page does not scroll sideways.
func TestWideMathNotClipped(t *testing.T) {
	browserTest(t)
	base := buildSite(t, honestSite())
	b := newBrowser(t)
	tb := b.tab(t)
	for _, v := range readViewports {
		for _, scheme := range []string{"light", "dark"} {
			view := fmt.Sprintf("%d px %s", v.width, scheme)
			ctx, cancel := context.WithTimeout(tb.ctx, time.Minute)
			err := chromedp.Run(ctx, chromedp.Navigate(base+"/math/"))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if err := v.set(tb); err != nil {
				t.Fatal(err)
			}
			if err := setColorScheme(tb, scheme); err != nil {
				t.Fatal(err)
			}
			var m struct {
				Client, Scroll, Page, Prose float64
				Overflow                    string
			}
			if err := chromedp.Run(tb.ctx, chromedp.Evaluate(`document.fonts.ready.then(() => {
				const d = document.querySelector('.math.display'), p = [...document.querySelectorAll('.prose > p')][0];
				return {Client: d.clientWidth, Scroll: d.scrollWidth, Page: document.documentElement.scrollWidth,
					Prose: p.getBoundingClientRect().width, Overflow: getComputedStyle(d).overflowX};
			})`, &m, awaitPromise)); err != nil {
				t.Fatal(err)
			}
			tb.saveScreenshot(t, fmt.Sprintf("honest-math-%d-%s", v.width, scheme))
			if m.Page > float64(v.width) {
				t.Errorf("%s: the page is %g px wide in a %d px window", view, m.Page, v.width)
			}
			if m.Overflow != "auto" && m.Overflow != "scroll" {
				t.Errorf("%s: the formula's box has overflow-x %q: a wider formula would be cut off", view, m.Overflow)
			}
			if !v.mobile && m.Scroll > m.Client {
				t.Errorf("%s: the formula (%g px) is cut to %g px, the prose column %g px, on a desktop", view, m.Scroll, m.Client, m.Prose)
			}
			if v.mobile && m.Scroll <= m.Client {
				t.Errorf("%s: the formula (%g px) fits %g px on a phone: the test's formula is not wide", view, m.Scroll, m.Client)
			}
		}
	}
}
