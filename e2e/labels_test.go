package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/site"
)

// The point-label tests of issue 20 measure the labels as drawn: a label a
// reader pairs with the wrong point, leaders that cross, text cut by the
// canvas' edge, a marker cut by the plot's edge and a label over a band's
// or a note's text all misstate the data.

// labelsJS reads, for every chart of the page, its point labels as drawn
// (the box of each shown label and its point), every marker drawn, the
// leader lines (chartlayout.js names them 'scalesite-leader'), the texts of
// reference lines, bands and notes, each plot's box and the canvas' size.
const labelsJS = `(() => {
const box = e => { const r = e.getBoundingRect().clone(); const tr = e.getComputedTransform(); if (tr) r.applyTransform(tr); return {X: r.x, Y: r.y, W: r.width, H: r.height}; };
const hidden = e => { for (let p = e; p; p = p.__hostTarget || p.parent) if (p.ignore || p.invisible || (p.style && p.style.opacity === 0)) return true; return false; };
return [...document.querySelectorAll('[_echarts_instance_]')].map((el, ci) => {
  const inst = echarts.getInstanceByDom(el), m = inst.getModel(), zr = inst.getZr();
  const list = zr.storage.getDisplayList(true);
  // a Text is drawn as its tspans: it is drawn when they are
  const drawn = new Set(list);
  list.forEach(e => { if (e.type === 'tspan' && e.parent) drawn.add(e.parent); });
  const out = {Chart: ci, W: inst.getWidth(), H: inst.getHeight(), Labelled: 0, Labels: [], Markers: [], Leaders: [], Marks: [], Plots: []};
  m.eachComponent('grid', g => { const r = g.coordinateSystem && g.coordinateSystem.getRect(); if (r) out.Plots.push({X: r.x, Y: r.y, W: r.width, H: r.height}); });
  m.eachSeries(s => {
    if (s.subType !== 'line' && s.subType !== 'scatter') return;
    const d = s.getData(), cs = s.coordinateSystem;
    if (!cs || !cs.getArea) return;
    const a = cs.getArea();
    for (let i = 0; i < d.count(); i++) {
      // a line series keeps its points' layout for the whole line
      const g = d.getItemGraphicEl(i), p = cs.dataToPoint([d.get(d.mapDimension('x'), i), d.get(d.mapDimension('y'), i)]);
      if (!g || !p || !isFinite(p[0]) || !isFinite(p[1]) || hidden(g)) continue;
      let size = d.getItemVisual(i, 'symbolSize'); if (Array.isArray(size)) size = Math.max(size[0], size[1]);
      const sym = d.getItemVisual(i, 'symbol');
      const shown = sym && sym !== 'none' && (s.subType !== 'line' || s.get('showSymbol') !== false);
      // the box a marker is drawn inside: the canvas, narrowed by every
      // clip path on the marker or above it
      let clip = {X: 0, Y: 0, W: inst.getWidth(), H: inst.getHeight()};
      for (let q = g; q; q = q.parent) {
        const cp = q.getClipPath && q.getClipPath();
        if (!cp) continue;
        const c = box(cp), x0 = Math.max(clip.X, c.X), y0 = Math.max(clip.Y, c.Y);
        clip = {X: x0, Y: y0, W: Math.min(clip.X + clip.W, c.X + c.W) - x0, H: Math.min(clip.Y + clip.H, c.Y + c.H) - y0};
      }
      const mk = {Series: s.seriesIndex, Index: i, X: p[0], Y: p[1], R: (+size || 0) / 2, Shown: !!shown, Plot: {X: a.x, Y: a.y, W: a.width, H: a.height}, Clip: clip};
      out.Markers.push(mk);
      // the label hangs on the item's element or one of its children (a
      // scatter's symbol path)
      let t = null;
      const find = x => { const tc = x.getTextContent && x.getTextContent(); if (!t && tc && drawn.has(tc) && !hidden(tc)) t = tc; };
      find(g); if (g.traverse) g.traverse(find);
      // a label drawn empty (font size 0, a label left out) shows nothing
      if (s.get(['label', 'show'])) out.Labelled++;
      if (!t || t.style.fontSize === 0) continue;
      if (!t.style || t.style.text == null || String(t.style.text) === '') continue;
      out.Labels.push(Object.assign({T: String(t.style.text), Series: s.seriesIndex, Index: i, PX: p[0], PY: p[1], PR: mk.R}, box(t)));
    }
  });
  const groups = [];
  ['markLine', 'markArea', 'markPoint'].forEach(k => m.eachComponent(k, cm => { const v = inst.getViewOfComponentModel(cm); if (v && v.group) groups.push(v.group); }));
  list.forEach(e => {
    if (e.name === 'scalesite-leader' && e.shape && !hidden(e)) out.Leaders.push({X1: e.shape.x1, Y1: e.shape.y1, X2: e.shape.x2, Y2: e.shape.y2});
    if ((e.type !== 'text' && e.type !== 'tspan') || e.ignore || e.invisible || !e.style || !e.style.text) return;
    if (hidden(e)) return;
    for (let p = e.__hostTarget || e.parent; p; p = p.__hostTarget || p.parent) if (groups.indexOf(p) >= 0) { out.Marks.push(Object.assign({T: String(e.style.text)}, box(e))); return; }
  });
  return out;
});
})()`

type drawnBox struct {
	T          string
	X, Y, W, H float64
}

type drawnLabel struct {
	drawnBox
	Series, Index int
	PX, PY, PR    float64
}

type drawnMarker struct {
	Series, Index int
	X, Y, R       float64
	Shown         bool
	Plot          drawnBox
	Clip          drawnBox // the canvas, narrowed by the clip paths above the marker
}

type drawnLeader struct{ X1, Y1, X2, Y2 float64 }

type drawnLabels struct {
	Chart    int
	W, H     float64
	Labelled int // points with a label, drawn or not
	Labels   []drawnLabel
	Markers  []drawnMarker
	Leaders  []drawnLeader
	Marks    []drawnBox
	Plots    []drawnBox
}

// distBox is the distance from (x, y) to the box b.
func distBox(x, y float64, b drawnBox) float64 {
	dx := math.Max(0, math.Max(b.X-x, x-(b.X+b.W)))
	dy := math.Max(0, math.Max(b.Y-y, y-(b.Y+b.H)))
	return math.Hypot(dx, dy)
}

func overlap(a, b drawnBox, by float64) bool {
	return math.Min(a.X+a.W, b.X+b.W)-math.Max(a.X, b.X) > by && math.Min(a.Y+a.H, b.Y+b.H)-math.Max(a.Y, b.Y) > by
}

// segCross: do the segments cross properly?
func segCross(a, b drawnLeader) bool {
	side := func(px, py, qx, qy, rx, ry float64) float64 {
		v := (qx-px)*(ry-py) - (qy-py)*(rx-px)
		if math.Abs(v) < 1e-6 {
			return 0
		}
		return math.Copysign(1, v)
	}
	return side(a.X1, a.Y1, a.X2, a.Y2, b.X1, b.Y1)*side(a.X1, a.Y1, a.X2, a.Y2, b.X2, b.Y2) < 0 &&
		side(b.X1, b.Y1, b.X2, b.Y2, a.X1, a.Y1)*side(b.X1, b.Y1, b.X2, b.Y2, a.X2, a.Y2) < 0
}

// problems lists what misleads in one chart's labels and markers.
func (c drawnLabels) problems() []string {
	var out []string
	for _, l := range c.Labels {
		b := l.drawnBox
		if b.X < -1 || b.Y < -1 || b.X+b.W > c.W+1 || b.Y+b.H > c.H+1 {
			out = append(out, fmt.Sprintf("label %q at (%.0f,%.0f) %.0f×%.0f leaves the %.0f×%.0f canvas", l.T, b.X, b.Y, b.W, b.H, c.W, c.H))
		}
		for _, mk := range c.Marks {
			if overlap(b, mk, 1) {
				out = append(out, fmt.Sprintf("label %q covers the text %q", l.T, mk.T))
			}
		}
		// its own point nearest, or a leader from its point to it
		own := distBox(l.PX, l.PY, b)
		var other *drawnMarker
		for i, m := range c.Markers {
			if !m.Shown || (m.Series == l.Series && m.Index == l.Index) {
				continue
			}
			if d := distBox(m.X, m.Y, b); d < own-0.5 && (other == nil || d < distBox(other.X, other.Y, b)) {
				other = &c.Markers[i]
			}
		}
		if other == nil {
			continue
		}
		led := false
		for _, ld := range c.Leaders {
			if math.Hypot(ld.X1-l.PX, ld.Y1-l.PY) <= l.PR+2 && distBox(ld.X2, ld.Y2, b) <= 3 {
				led = true
				break
			}
		}
		if !led {
			var near []string
			for _, ld := range c.Leaders {
				if math.Hypot(ld.X1-l.PX, ld.Y1-l.PY) <= l.PR+2 {
					near = append(near, fmt.Sprintf("%+v", ld))
				}
			}
			out = append(out, fmt.Sprintf("label %q %+v stands %.1f px from its point (%.0f,%.0f) and %.1f px from another (%.0f,%.0f), with no leader; leaders from its point: %v",
				l.T, b, own, l.PX, l.PY, distBox(other.X, other.Y, b), other.X, other.Y, near))
		}
	}
	for i, a := range c.Leaders {
		for _, b := range c.Leaders[:i] {
			if segCross(a, b) {
				out = append(out, fmt.Sprintf("leaders %+v and %+v cross", a, b))
			}
		}
	}
	for _, m := range c.Markers {
		p := m.Plot
		if !m.Shown || m.X < p.X-0.5 || m.X > p.X+p.W+0.5 || m.Y < p.Y-0.5 || m.Y > p.Y+p.H+0.5 {
			continue // not drawn, or outside the plot (zoomed out of view)
		}
		// a marker at the plot's edge may stand over the frame (a point at
		// the end of the axis), but is drawn whole
		if k := m.Clip; m.X-m.R < k.X-0.5 || m.X+m.R > k.X+k.W+0.5 || m.Y-m.R < k.Y-0.5 || m.Y+m.R > k.Y+k.H+0.5 {
			out = append(out, fmt.Sprintf("the marker of point %d of series %d at (%.1f,%.1f), r %.1f, is cut by a clip %+v (plot %+v)", m.Index, m.Series, m.X, m.Y, m.R, k, p))
		}
	}
	return out
}

// labelledPages lists the pages of the demo site with a labelled chart.
func labelledPages(s *site.Site, pages []*site.Page) []*site.Page {
	var out []*site.Page
	for _, p := range pages {
		for _, c := range s.Body(p).Charts {
			if c.Spec == nil {
				continue
			}
			labelled := false
			for _, pn := range c.Spec.Panels {
				labelled = labelled || pn.Label.Name != ""
			}
			if labelled {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// eachView opens url (its charts counted) and, at each of readViewports'
// widths, in the light and then the dark scheme, waits for the charts to
// settle and calls read; it leaves the light scheme on.
func eachView(t *testing.T, tb *tab, url string, charts int, read func(width int64, scheme string)) {
	t.Helper()
	st := &settler{tb: tb}
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(charts)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	if err := st.settle("loading the page"); err != nil {
		t.Fatal(err)
	}
	for _, v := range readViewports {
		if err := v.set(tb); err != nil {
			t.Fatal(err)
		}
		if err := waitWidths(tb, v.width); err != nil {
			t.Fatal(err)
		}
		if err := st.settle(fmt.Sprintf("the viewport change to %d px", v.width)); err != nil {
			t.Fatal(err)
		}
		// the dark scheme rebuilds the charts: everything is laid out again
		for _, scheme := range []string{"light", "dark"} {
			if err := setColorScheme(tb, scheme); err != nil {
				t.Fatal(err)
			}
			if err := st.settle("schemeChanged() to " + scheme); err != nil {
				t.Fatal(err)
			}
			read(v.width, scheme)
		}
	}
	if err := setColorScheme(tb, "light"); err != nil {
		t.Fatal(err)
	}
}

// waitWidths waits until every chart has taken its element's width after
// a viewport change to width: the charts follow it on a ResizeObserver's
// callback, after the next frame. Then the drawing is to wait for.
func waitWidths(tb *tab, width int64) error {
	var ok bool
	if err := chromedp.Run(tb.ctx, chromedp.Poll(`[...document.querySelectorAll('[_echarts_instance_]')].every(el => {
		const i = echarts.getInstanceByDom(el); return i && Math.abs(i.getWidth() - el.clientWidth) < 2; })`, &ok, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		return fmt.Errorf("waiting for the charts to take the %d px width: %v", width, err)
	}
	return nil
}

// readLabels reads the drawn labels of every chart of the page at url at
// each width, in the light and the dark scheme, and reports their
// problems; a screenshot of each is kept in e2e/artifacts/.
func readLabels(t *testing.T, tb *tab, url, name string, charts int) {
	t.Helper()
	eachView(t, tb, url, charts, func(width int64, scheme string) {
		tb.saveScreenshot(t, fmt.Sprintf("labels-%s-%d-%s", name, width, scheme))
		checkLabels(t, tb, url, name, width, scheme)
	})
}

// checkLabels reads the drawn labels of the page at url as it is drawn
// now (at width, in scheme) and reports their problems.
func checkLabels(t *testing.T, tb *tab, url, name string, width int64, scheme string) {
	t.Helper()
	var got []drawnLabels
	if err := tb.evalJSON("return "+labelsJS+";", &got); err != nil {
		t.Fatalf("reading the labels: %v", err)
	}
	shown, labelled, leaders := 0, 0, 0
	for _, c := range got {
		shown += len(c.Labels)
		labelled += c.Labelled
		leaders += len(c.Leaders)
		if pr := c.problems(); len(pr) > 0 {
			t.Errorf("%s at %d px, %s scheme, chart %d: %d problems:\n  %s", url, width, scheme, c.Chart, len(pr), strings.Join(pr, "\n  "))
		}
	}
	t.Logf("%s at %d px, %s: %d of %d labels drawn, %d with leaders", name, width, scheme, shown, labelled, leaders)
}

// TestPointLabelsReadRight opens a page whose labelled points crowd a
// band's label and a note at 1200 and 375 px, light and dark (every demo
// page with labelled points is read the same way in TestChartsReadRight,
// which has them open at those views already): each label is nearest its
// own point or joined to it by a leader, leaders do not cross, no text
// leaves the canvas, no marker is cut by a clip and no label covers a
// band's or a note's text.
func TestPointLabelsReadRight(t *testing.T) {
	b := newBrowser(t)
	t.Run("band-and-note", func(t *testing.T) {
		var rows strings.Builder
		rows.WriteString("model,params,acc\n")
		// two nearly coincident points (GPT-3 175B and Jurassic-1 178B),
		// and a crowd under a band's label and a note
		rows.WriteString("GPT-3,1.75e11,62.0\nJurassic-1,1.78e11,62.4\n")
		for i := range 14 {
			fmt.Fprintf(&rows, "m%d-%dB,%g,%g\n", i, i+1, 1e9*math.Pow(1.35, float64(i)), 40+1.5*float64(i))
		}
		url := buildSite(t, map[string]string{
			"content/labels/runs.csv": rows.String(),
			"content/labels/index.md": "---\ntitle: Labels\ndescription: Labels among a band and a note.\n---\n```chart\n" +
				"type: scatter\ntitle: Labels among marks\ndata: runs.csv\nlabel: model\n" +
				"x: {field: params, title: Parameters, scale: log}\ny: {field: acc, title: Accuracy}\n" +
				"bands:\n  - {y: [44, 50], label: \"a band's label\"}\n" +
				"annotations:\n  - {x: 5e9, y: 52, text: \"a note among the points\"}\n```\n",
		})
		readLabels(t, b.tab(t), url+"/labels/", "band-and-note", 1)
	})
}
