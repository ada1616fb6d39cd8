package e2e

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The tests of issue 33's labels: every text a chart draws over its plot
// (point labels, the labels of reference lines and bands, the legend, the
// axes' names) keeps clear of the others and of every marker, and no label
// runs under a drawn line (a fit, a frontier's staircase), on real charts
// at a phone's, a tablet's and a desktop's width, as Chromium draws them.

// clearJS reads, for every chart of the page, the boxes of its texts by
// kind ('label': a point label; 'mark': a reference line's, band's or
// note's text; 'legend': a legend entry's icon or text; 'axis': an axis'
// name), every marker drawn, and every line series' polyline as drawn
// (steps included), in canvas px.
const clearJS = `(() => {
const box = e => { const r = e.getBoundingRect().clone(); const tr = e.getComputedTransform(); if (tr) r.applyTransform(tr); return {X: r.x, Y: r.y, W: r.width, H: r.height}; };
const hidden = e => { for (let p = e; p; p = p.__hostTarget || p.parent) if (p.ignore || p.invisible || (p.style && p.style.opacity === 0)) return true; return false; };
return [...document.querySelectorAll('[_echarts_instance_]')].map((el, ci) => {
  const inst = echarts.getInstanceByDom(el), m = inst.getModel(), zr = inst.getZr();
  const list = zr.storage.getDisplayList(true);
  const drawn = new Set(list);
  list.forEach(e => { if (e.type === 'tspan' && e.parent) drawn.add(e.parent); });
  const out = {Chart: ci, W: inst.getWidth(), H: inst.getHeight(), Boxes: [], Markers: [], Lines: []};
  const groups = {mark: [], legend: [], axis: []};
  ['markLine', 'markArea', 'markPoint'].forEach(k => m.eachComponent(k, cm => { const v = inst.getViewOfComponentModel(cm); if (v && v.group) groups.mark.push(v.group); }));
  m.eachComponent('legend', cm => { const v = inst.getViewOfComponentModel(cm); if (v && v.group) groups.legend.push(v.group); });
  const names = new Set();
  ['xAxis', 'yAxis'].forEach(k => m.eachComponent(k, cm => {
    const v = inst.getViewOfComponentModel(cm); if (v && v.group) groups.axis.push(v.group);
    const n = cm.get('name'); if (n) names.add(String(n));
  }));
  const owner = e => { for (let p = e.__hostTarget || e.parent; p; p = p.__hostTarget || p.parent) for (const k of ['mark', 'legend', 'axis']) if (groups[k].indexOf(p) >= 0) return k; return ''; };
  list.forEach(e => {
    if (hidden(e)) return;
    const k = owner(e);
    if (k === 'legend' && e.type !== 'tspan') { const b = box(e); if (b.W > 0 && b.H > 0) out.Boxes.push(Object.assign({Kind: 'legend', T: e.style && e.style.text != null ? String(e.style.text) : 'icon'}, b)); return; }
    if ((e.type !== 'text' && e.type !== 'tspan') || !e.style || e.style.text == null || String(e.style.text).trim() === '') return;
    const t = String(e.style.text);
    if (e.type === 'tspan' && e.parent && e.parent.type === 'text') return; // its Text is read
    if (k === 'mark') out.Boxes.push(Object.assign({Kind: 'mark', T: t}, box(e)));
    else if (k === 'axis' && names.has(t)) out.Boxes.push(Object.assign({Kind: 'axis', T: t}, box(e)));
  });
  m.eachSeries(s => {
    if (s.subType !== 'line' && s.subType !== 'scatter') return;
    const d = s.getData(), cs = s.coordinateSystem;
    if (!cs || !cs.getArea) return;
    const view = inst.getViewOfSeriesModel(s);
    if (s.subType === 'line' && view && view.group && !hidden(view.group)) {
      view.group.traverse(e => {
        if (e.type !== 'ec-polyline' || !e.shape || !e.shape.points || hidden(e)) return;
        if (e.style && (e.style.lineWidth === 0 || e.style.stroke === 'none')) return;
        out.Lines.push({Series: s.seriesIndex, Name: String(s.name || ''), P: Array.from(e.shape.points)});
      });
    }
    for (let i = 0; i < d.count(); i++) {
      const g = d.getItemGraphicEl(i), p = cs.dataToPoint([d.get(d.mapDimension('x'), i), d.get(d.mapDimension('y'), i)]);
      if (!g || !p || !isFinite(p[0]) || !isFinite(p[1]) || hidden(g)) continue;
      let size = d.getItemVisual(i, 'symbolSize'); if (Array.isArray(size)) size = Math.max(size[0], size[1]);
      const sym = d.getItemVisual(i, 'symbol');
      const vs = d.getItemVisual(i, 'style');
      const shown = sym && sym !== 'none' && (s.subType !== 'line' || s.get('showSymbol') !== false) && !(vs && vs.opacity === 0);
      const a = cs.getArea();
      if (shown && p[0] >= a.x - 0.5 && p[0] <= a.x + a.width + 0.5 && p[1] >= a.y - 0.5 && p[1] <= a.y + a.height + 0.5) {
        out.Markers.push({Series: s.seriesIndex, Index: i, X: p[0], Y: p[1], R: (+size || 0) / 2});
      }
      let t = null;
      const find = x => { const tc = x.getTextContent && x.getTextContent(); if (!t && tc && drawn.has(tc) && !hidden(tc)) t = tc; };
      find(g); if (g.traverse) g.traverse(find);
      if (!t || t.style.fontSize === 0 || t.style.text == null || String(t.style.text) === '') continue;
      out.Boxes.push(Object.assign({Kind: 'label', T: String(t.style.text), Series: s.seriesIndex, Index: i}, box(t)));
    }
  });
  return out;
});
})()`

type clearBox struct {
	Kind, T       string
	Series, Index int
	X, Y, W, H    float64
}

type clearMarker struct {
	Series, Index int
	X, Y, R       float64
}

type clearLine struct {
	Series int
	Name   string
	P      []float64
}

type clearChart struct {
	Chart   int
	W, H    float64
	Boxes   []clearBox
	Markers []clearMarker
	Lines   []clearLine
}

// boxesOverlap: do a and b share more than by px each way?
func boxesOverlap(a, b clearBox, by float64) bool {
	return math.Min(a.X+a.W, b.X+b.W)-math.Max(a.X, b.X) > by && math.Min(a.Y+a.H, b.Y+b.H)-math.Max(a.Y, b.Y) > by
}

// segThroughBox: does the segment pass through the box shrunk by in px
// (Liang-Barsky)?
func segThroughBox(x1, y1, x2, y2 float64, b clearBox, in float64) bool {
	rx, ry, rw, rh := b.X+in, b.Y+in, b.W-2*in, b.H-2*in
	if rw <= 0 || rh <= 0 {
		return false
	}
	t0, t1 := 0.0, 1.0
	dx, dy := x2-x1, y2-y1
	for _, pq := range [4][2]float64{{-dx, x1 - rx}, {dx, rx + rw - x1}, {-dy, y1 - ry}, {dy, ry + rh - y1}} {
		p, q := pq[0], pq[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			t0 = math.Max(t0, t)
		} else {
			if t < t0 {
				return false
			}
			t1 = math.Min(t1, t)
		}
	}
	return t0 < t1
}

// clearProblems lists what one chart's texts cover: another text (but two
// parts of the legend), a marker, or (a point's or a mark's label) a drawn
// line; and a legend part the canvas cuts.
func (c clearChart) clearProblems() []string {
	var out []string
	name := func(b clearBox) string {
		return fmt.Sprintf("%s %q (%.0f,%.0f %.0f×%.0f)", b.Kind, b.T, b.X, b.Y, b.W, b.H)
	}
	for i, a := range c.Boxes {
		if a.Kind == "legend" && (a.X < -0.5 || a.X+a.W > c.W+0.5 || a.Y < -0.5 || a.Y+a.H > c.H+0.5) {
			out = append(out, fmt.Sprintf("%s is cut by the %.0f×%.0f canvas", name(a), c.W, c.H))
		}
		for _, b := range c.Boxes[:i] {
			if a.Kind == "legend" && b.Kind == "legend" {
				continue
			}
			if boxesOverlap(a, b, 1) {
				out = append(out, fmt.Sprintf("%s overlaps %s", name(a), name(b)))
			}
		}
		for _, m := range c.Markers {
			if a.Kind == "label" && m.Series == a.Series && m.Index == a.Index {
				continue
			}
			// the marker's nearest point of the box, inside its circle by a px
			nx := math.Max(a.X, math.Min(m.X, a.X+a.W))
			ny := math.Max(a.Y, math.Min(m.Y, a.Y+a.H))
			if m.R > 1 && math.Hypot(m.X-nx, m.Y-ny) < m.R-1 {
				out = append(out, fmt.Sprintf("%s covers the marker of point %d of series %d at (%.0f,%.0f)", name(a), m.Index, m.Series, m.X, m.Y))
			}
		}
		if a.Kind != "label" && a.Kind != "mark" {
			continue
		}
		for _, l := range c.Lines {
			for k := 0; k+3 < len(l.P); k += 2 {
				if segThroughBox(l.P[k], l.P[k+1], l.P[k+2], l.P[k+3], a, 1.5) {
					out = append(out, fmt.Sprintf("%s lies under the line of series %d %q", name(a), l.Series, l.Name))
					break
				}
			}
		}
	}
	return out
}

// clearWidths are the widths the page serves a phone, a tablet and a
// desktop.
var clearWidths = []readViewport{
	{375, 800, true, 2, false},
	{800, 1000, false, 3, false},
	{1200, 900, false, 3, true},
}

// readClear opens url (its charts counted) at each of clearWidths, waits
// for the charts to settle, and reports every chart's clearProblems; a
// screenshot of each width is kept in e2e/artifacts/.
func readClear(t *testing.T, tb *tab, url, name string, charts int) {
	t.Helper()
	st := &settler{tb: tb}
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url), tb.waitCharts(charts)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	if err := st.settle("loading the page"); err != nil {
		t.Fatal(err)
	}
	for _, v := range clearWidths {
		if err := v.set(tb); err != nil {
			t.Fatal(err)
		}
		var ok bool
		if err := chromedp.Run(tb.ctx, chromedp.Poll(`[...document.querySelectorAll('[_echarts_instance_]')].every(el => {
			const i = echarts.getInstanceByDom(el); return i && Math.abs(i.getWidth() - el.clientWidth) < 2; })`, &ok, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("waiting for the charts to take the %d px width: %v", v.width, err)
		}
		if err := st.settle(fmt.Sprintf("the viewport change to %d px", v.width)); err != nil {
			t.Fatal(err)
		}
		var got []clearChart
		if err := tb.evalJSON("return "+clearJS+";", &got); err != nil {
			t.Fatalf("reading the chart texts: %v", err)
		}
		tb.saveScreenshot(t, fmt.Sprintf("clear-%s-%d", name, v.width))
		for _, c := range got {
			if pr := c.clearProblems(); len(pr) > 0 {
				t.Errorf("%s at %d px, chart %d: %d problems:\n  %s", url, v.width, c.Chart, len(pr), strings.Join(pr, "\n  "))
			}
		}
	}
}

// clearCases are hard cases made from published numbers: a chart each of
// the faults issue 33 saw on real sites.
func clearCases(t *testing.T) map[string]string {
	t.Helper()
	mmlu, err := os.ReadFile(filepath.Join("..", "content", "gallery", "mmlu-vs-params", "mmlu.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// Chinchilla's fitted loss (Hoffmann et al. 2022, Approach 3: E = 1.69,
	// A = 406.4, B = 410.7, alpha = 0.34, beta = 0.28) at the sizes and
	// token counts models were published with
	models := []struct {
		name         string
		params, toks float64
	}{
		{"GPT-3 175B", 175e9, 300e9}, {"Gopher 280B", 280e9, 300e9}, {"Jurassic-1 178B", 178e9, 300e9},
		{"MT-NLG 530B", 530e9, 270e9}, {"Chinchilla 70B", 70e9, 1.4e12}, {"LLaMA 65B", 65e9, 1.4e12},
		{"LLaMA 7B", 6.7e9, 1e12}, {"LLaMA 13B", 13e9, 1e12}, {"Llama 2 70B", 70e9, 2e12},
		{"Llama 3 8B", 8e9, 15e12}, {"Llama 3 70B", 70e9, 15e12}, {"Llama 3 405B", 405e9, 15.6e12},
		{"PaLM 540B", 540e9, 780e9}, {"Gopher 1.4B", 1.4e9, 300e9}, {"Gopher 7.1B", 7.1e9, 300e9},
	}
	var loss strings.Builder
	loss.WriteString("model,flops,loss\n")
	for _, m := range models {
		l := 1.69 + 406.4/math.Pow(m.params, 0.34) + 410.7/math.Pow(m.toks, 0.28)
		fmt.Fprintf(&loss, "%s,%g,%.4f\n", m.name, 6*m.params*m.toks, l)
	}
	return map[string]string{
		// the chart font shipped, as on a site with static figures: the
		// legend is measured in it
		"scalesite.yaml":        "title: Hard cases\ndescription: Charts whose texts crowd.\nstaticFigures: true\n",
		"content/hard/loss.csv": loss.String(),
		"content/hard/mmlu.csv": string(mmlu),
		"content/hard/irreducible/index.md": "---\ntitle: Irreducible loss\ndescription: Chinchilla's law at published models, with its irreducible term.\n---\n```chart\n" +
			"type: scatter\ntitle: Chinchilla's fitted loss at published model sizes\ndata: ../loss.csv\nlabel: model\n" +
			"x: {field: flops, title: Training FLOPs, scale: log}\ny: {field: loss, title: Loss}\n" +
			"fit: {type: powerlaw+c, extrapolate: 1e28}\nhlines: [{y: 1.69, label: 'E = 1.69 (irreducible)'}]\n```\n",
		"content/hard/frontier/index.md": "---\ntitle: Frontier\ndescription: The MMLU frontier of reported models, labelled.\n---\n```chart\n" +
			"type: scatter\ntitle: Best MMLU at each size\ndata: ../mmlu.csv\nlabel: model\n" +
			"where: {family: [GPT-3, Gopher, Chinchilla, PaLM, LLaMA, Llama 2, Llama 3, Phi, Mistral, Qwen2.5]}\n" +
			"x: {field: params, title: Parameters, scale: log, format: si}\ny: {field: mmlu, title: MMLU 5-shot accuracy (%)}\n" +
			"frontier: max\n```\n",
		"content/hard/fits/index.md": "---\ntitle: Four fits\ndescription: Four families, a fit each, long names.\n---\n```chart\n" +
			"type: scatter\ntitle: MMLU against parameters, four families\ndata: ../mmlu.csv\nseries: family\n" +
			"where: {family: [Llama 2, Llama 3, Qwen2.5, Gemma 2]}\n" +
			"x: {field: params, title: Parameters (total), scale: log, format: si}\ny: {field: mmlu, title: MMLU 5-shot accuracy (%)}\n" +
			"fit: {type: loglinear, label: log-linear fit of 5-shot accuracy}\n```\n",
	}
}

// TestTextsClear opens the gallery's charts with fits, frontiers,
// reference lines and labelled points, and three hard cases from
// published numbers (Chinchilla's law with its irreducible loss as a
// reference line, a labelled MMLU frontier, four fits with long legend
// entries), at 375, 800 and 1200 px: no point label, reference line's or
// band's text, legend part or axis name overlaps another or a marker, no
// legend part is cut by the canvas, and no label runs under a drawn line.
func TestTextsClear(t *testing.T) {
	b := newBrowser(t)
	base, _, pages := demoChartPages(t)
	gallery := map[string]bool{
		"gallery/mmlu-vs-params": true, "gallery/kaplan-loss-vs-compute": true, "gallery/kaplan-loss-vs-params": true,
		"gallery/mmlu-sampling-error": true, "gallery/epoch-compute-history": true, "gallery/chinchilla-two-panel-fits": true,
		"gallery/gpt4-predictable-scaling": true, "gallery/data-constrained-scaling": true,
	}
	seen := 0
	for _, p := range pages {
		if !gallery[p.Slug] {
			continue
		}
		seen++
		t.Run(p.Slug, func(t *testing.T) {
			t.Parallel()
			readClear(t, b.window(t), readPageURL(base, p), strings.ReplaceAll(p.Slug, "/", "-"), len(p.Charts))
		})
	}
	if seen != len(gallery) {
		t.Errorf("%d of the %d gallery pages found", seen, len(gallery))
	}
	url := buildSite(t, clearCases(t))
	for _, name := range []string{"irreducible", "frontier", "fits"} {
		t.Run("hard/"+name, func(t *testing.T) {
			t.Parallel()
			readClear(t, b.window(t), url+"/hard/"+name+"/", "hard-"+name, 1)
		})
	}
}
