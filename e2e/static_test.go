package e2e

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/themes"
)

// The static figure (issue 21) is drawn from a Scene that the theme's own
// scripts compute (themes/default/assets/scene.js over chartlayout.js
// prepareOption; in Go, internal/scene runs them in goja). TestFidelity
// (fidelity_test.go) holds the Scene the build computes to the live chart;
// TestStaticGoMatchesPage holds the Go engine to the page's scripts.

// staticJS reads the texts of every chart of the page twice: as drawn
// (ECharts' display list) and in the Scene the test computed for it
// (window.__fidelityScenes, by chart id), and the marks of both (FID:
// fidelityMarksJS). Each text is given by the centre of its box, measured
// with the page's measure.
const staticJS = `(() => {
const CL = window.scalesiteChartLayout;
const dark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
const centre = e => { const r = e.getBoundingRect().clone(); const tr = e.getComputedTransform(); if (tr) r.applyTransform(tr); return [r.x + r.width / 2, r.y + r.height / 2]; };
const hidden = e => { for (let p = e; p; p = p.__hostTarget || p.parent) if (p.ignore || p.invisible || (p.style && p.style.opacity === 0)) return true; return false; };
const texts = (group, f) => { if (group) group.traverse(e => { if (e.type === 'text' && !hidden(e) && e.style && e.style.text != null && String(e.style.text) !== '') f(e); }); };
const hex = c => { if (typeof c !== 'string') return ''; c = c.trim().toLowerCase(); const m = c.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/); if (m) return '#' + [m[1], m[2], m[3]].map(v => (+v).toString(16).padStart(2, '0')).join(''); if (/^#[0-9a-f]{3}$/.test(c)) return '#' + c[1] + c[1] + c[2] + c[2] + c[3] + c[3]; return c; };
return [...document.querySelectorAll('script.scalesite-option')].map(sc => {
  const id = sc.getAttribute('data-chart');
  const inst = window.scalesite.charts[id];
  if (!inst || inst.isDisposed()) return null;
  const m = inst.getModel(), W = inst.getWidth();
  const live = {Ticks: {}, Names: {}, Labels: [], Legend: [], Colors: {}, Plots: []};
  ['x', 'y'].forEach(d => m.eachComponent(d + 'Axis', (am, i) => {
    const v = inst.getViewOfComponentModel(am);
    const name = am.get('name');
    live.Ticks[d + i] = [];
    texts(v && v.group, e => {
      const t = String(e.style.text), c = centre(e);
      if (name != null && t === String(name)) (live.Names[d + i] = live.Names[d + i] || []).push({T: t, X: c[0], Y: c[1]});
      else live.Ticks[d + i].push({T: t, X: c[0], Y: c[1], F: hex(e.style.fill)});
    });
  }));
  m.eachComponent('grid', g => { const r = g.coordinateSystem && g.coordinateSystem.getRect(); if (r) live.Plots.push({x: r.x, y: r.y, w: r.width, h: r.height}); });
  const list = inst.getZr().storage.getDisplayList(true);
  const drawn = new Set(list);
  list.forEach(e => { if (e.type === 'tspan' && e.parent) drawn.add(e.parent); });
  m.eachSeries(s => {
    const data = s.getData();
    const st = data.getVisual('style') || {};
    const dt = data.getVisual('drawType') || (s.subType === 'line' ? 'stroke' : 'fill');
    if (s.name != null && !(s.name in live.Colors)) live.Colors[s.name] = hex(st[dt] || st.fill || st.stroke || data.getVisual('color'));
    if (s.subType !== 'line' && s.subType !== 'scatter') return;
    for (let i = 0; i < data.count(); i++) {
      const g = data.getItemGraphicEl(i);
      if (!g) continue;
      let t = null;
      const find = x => { const tc = x.getTextContent && x.getTextContent(); if (!t && tc && drawn.has(tc) && !hidden(tc)) t = tc; };
      find(g); if (g.traverse) g.traverse(find);
      if (!t || !t.style || t.style.fontSize === 0 || t.style.text == null || String(t.style.text) === '') continue;
      const c = centre(t);
      // the colour painted: the text's tspans'
      const kids = (t.childrenRef && t.childrenRef()) || [];
      const fill = kids.map(k => k.style && k.style.fill).find(f => typeof f === 'string') || t.style.fill;
      live.Labels.push({T: String(t.style.text), X: c[0], Y: c[1], F: hex(fill), O: t.style.opacity == null ? 1 : t.style.opacity});
    }
  });
  // titles, legend entries and marks' texts, each text element a block
  live.Blocks = [];
  m.eachComponent('title', (tm, i) => {
    let k = 0;
    texts((inst.getViewOfComponentModel(tm) || {}).group, e => { const c = centre(e); live.Blocks.push({K: i ? 'panel' : (k++ ? 'subtitle' : 'title'), T: String(e.style.text), X: c[0], Y: c[1], F: hex(e.style.fill)}); });
  });
  // marks' texts hang on their lines and areas (textContent): found in the
  // display list by their host
  const markGroups = [];
  ['markLine', 'markArea', 'markPoint'].forEach(k => m.eachComponent(k, cm => { const v = inst.getViewOfComponentModel(cm); if (v && v.group) markGroups.push(v.group); }));
  const seenMark = new Set();
  inst.getZr().storage.getDisplayList(true).forEach(e => {
    // a text is drawn as its tspans
    if (e.type === 'tspan' && e.parent && e.parent.type === 'text') e = e.parent;
    if (e.type !== 'text' || seenMark.has(e) || hidden(e) || !e.style || e.style.text == null || String(e.style.text) === '') return;
    seenMark.add(e);
    for (let p = e.__hostTarget || e.parent; p; p = p.__hostTarget || p.parent) if (markGroups.indexOf(p) >= 0) { const c = centre(e); live.Blocks.push({K: 'mark', T: String(e.style.text), X: c[0], Y: c[1], F: hex(e.style.fill)}); return; }
  });
  m.eachComponent('legend', lm => {
    const v = inst.getViewOfComponentModel(lm);
    const ts = [];
    texts(v && v.group, e => { const c = centre(e); ts.push({T: String(e.style.text), X: c[0], Y: c[1], F: hex(e.style.fill)}); });
    ts.sort((a, b) => Math.abs(a.Y - b.Y) > 8 ? a.Y - b.Y : a.X - b.X);
    ts.forEach(t => t.T.split('\n').forEach(l => live.Legend.push(l)));
    ts.forEach(t => live.Blocks.push({K: 'legend', T: t.T, X: t.X, Y: t.Y, F: t.F}));
  });

  const s = (window.__fidelityScenes || {})[id];
  if (!s) return null;
  const scene = {Ticks: {}, Names: {}, Labels: [], Legend: [], Colors: {}, Plots: s.clips, H: s.h};
  const legendColor = [];
  const blocks = [];
  // where the picture draws each text: its box in the SVG drawn by
  // Chromium (fidelityTextsJS), in the order of the Scene's texts
  const drawnTexts = (window.__fidelityTexts || {})[id];
  const nTexts = s.items.filter(it => it.k === 'text').length;
  if (drawnTexts && drawnTexts.length !== nTexts) scene.Problem = 'the SVG draws ' + drawnTexts.length + ' texts, the Scene has ' + nTexts;
  let tk = 0;
  s.items.forEach(it => {
    if (it.role === 'legend-icon') legendColor.push(hex(it.stroke && (!it.fill || /^#(fff|ffffff|111418)$/.test(it.fill)) ? it.stroke : it.fill));
    if (it.k !== 'text') return;
    const font = (it.fw && it.fw !== 400 ? it.fw + ' ' : '') + it.fs + 'px sans-serif';
    const w = CL.textWidth(it.text, font), lh = CL.textWidth('\u56fd', font);
    let cx = it.anchor === 'start' ? it.x + w / 2 : it.anchor === 'end' ? it.x - w / 2 : it.x;
    let cy = it.base === 'top' ? it.y + lh / 2 : it.base === 'bottom' ? it.y - lh / 2 : it.y;
    if (it.rot === -90) {
      cx = it.base === 'bottom' ? it.x - lh / 2 : it.base === 'top' ? it.x + lh / 2 : it.x;
      cy = it.anchor === 'start' ? it.y - w / 2 : it.anchor === 'end' ? it.y + w / 2 : it.y;
    }
    let drawn = null;
    if (drawnTexts && drawnTexts.length === nTexts) {
      drawn = drawnTexts[tk++];
      cx = (drawn[0] + drawn[2]) / 2;
      cy = (drawn[1] + drawn[3]) / 2;
    }
    const b = {T: it.text, X: cx, Y: cy, F: hex(it.fill), O: it.op || 1};
    const role = it.role || '';
    const kind = {title: 'title', subtitle: 'subtitle', 'panel-title': 'panel', 'legend-title': 'panel', legend: 'legend', mark: 'mark'}[role];
    if (kind) {
      // the lines of one title, subtitle or legend entry make one block
      const last = blocks[blocks.length - 1];
      const bx = drawn || [cx - w / 2, cy - lh / 2, cx + w / 2, cy + lh / 2];
      if (last && last.K === kind && (kind === 'title' || kind === 'subtitle' || (kind === 'legend' && last.x === it.x && Math.abs(it.y - last.y - 16) < 0.5))) {
        last.y = it.y;
        last.T += '\n' + it.text;
        last.b = [Math.min(last.b[0], bx[0]), Math.min(last.b[1], bx[1]), Math.max(last.b[2], bx[2]), Math.max(last.b[3], bx[3])];
      } else blocks.push({K: kind, T: it.text, x: it.x, y: it.y, b: bx, F: hex(it.fill)});
    }
    if (role.indexOf('tick-') === 0) (scene.Ticks[role.slice(5)] = scene.Ticks[role.slice(5)] || []).push(b);
    else if (role.indexOf('axis-name-') === 0) (scene.Names[role.slice(10)] = scene.Names[role.slice(10)] || []).push(b);
    else if (role === 'label') scene.Labels.push(b);
    else if (role === 'legend') scene.Legend.push(it.text);
  });
  scene.Blocks = blocks.map(b => ({K: b.K, T: b.T, X: (b.b[0] + b.b[2]) / 2, Y: (b.b[1] + b.b[3]) / 2, F: b.F}));
  // one colour per legend entry: its icon's
  const names = [];
  m.eachComponent('legend', lm => { (lm.getData ? lm.getData() : []).forEach(d => names.push(d.get('name'))); });
  names.forEach((n, i) => { if (legendColor[i] != null) scene.Colors[n] = legendColor[i]; });
  live.Marks = FID.live(inst);
  scene.Marks = FID.scene(s);
  return {ID: id, W: W, H: inst.getHeight(), Dark: dark, Live: live, Scene: scene};
}).filter(Boolean);
})()`

type staticText struct {
	T    string
	X, Y float64
	F    string  // fill colour, #rrggbb
	O    float64 // opacity (point labels)
}

type staticRead struct {
	Blocks []staticBlock
	Ticks  map[string][]staticText
	Names  map[string][]staticText
	Labels []staticText
	Legend []string
	Colors map[string]string
	Plots  []struct{ X, Y, W, H float64 }
	// Problem: the picture drawn cannot be read as the Scene (TestFidelity)
	Problem string
}

// staticBlock is a title, subtitle, panel title, legend entry or a mark's
// text: K says which; a text of several lines is one block.
type staticBlock struct {
	K    string
	T    string
	X, Y float64
	F    string // fill colour, #rrggbb
}

type staticChart struct {
	ID          string
	W, H        float64
	Dark        bool
	Live, Scene staticRead
}

// problems compares the texts and plots of the Scene of a chart with the
// chart as drawn: each text's centre within tol px.
func (c staticChart) problems(tol float64) []string {
	var out []string
	add := func(f string, a ...any) { out = append(out, fmt.Sprintf(f, a...)) }
	// the plots, for the reader of a failure: a plot fitted elsewhere
	// moves every tick label with it
	for i, lp := range c.Live.Plots {
		if i < len(c.Scene.Plots) {
			sp := c.Scene.Plots[i]
			if math.Abs(lp.X-sp.X) > 1 || math.Abs(lp.Y-sp.Y) > 1 || math.Abs(lp.W-sp.W) > 1 || math.Abs(lp.H-sp.H) > 1 {
				add("plot %d drawn at %.1f,%.1f %.1fx%.1f, the Scene's at %.1f,%.1f %.1fx%.1f", i, lp.X, lp.Y, lp.W, lp.H, sp.X, sp.Y, sp.W, sp.H)
			}
		}
	}
	axes := map[string]bool{}
	for k := range c.Live.Ticks {
		axes[k] = true
	}
	for k := range c.Scene.Ticks {
		axes[k] = true
	}
	keys := make([]string, 0, len(axes))
	for k := range axes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		live, scene := sortTicks(k, c.Live.Ticks[k]), sortTicks(k, c.Scene.Ticks[k])
		if textsOf(live) != textsOf(scene) {
			add("axis %s: tick labels drawn %s, the Scene has %s", k, textsOf(live), textsOf(scene))
			continue
		}
		for i := range live {
			if d := dist(live[i], scene[i]); d > tol {
				add("axis %s: tick label %q drawn at (%.1f,%.1f), the Scene's at (%.1f,%.1f): %.1f px apart", k, live[i].T, live[i].X, live[i].Y, scene[i].X, scene[i].Y, d)
			}
			if !sameColour(live[i].F, scene[i].F) {
				add("axis %s: tick label %q drawn in %s, the Scene's in %s", k, live[i].T, live[i].F, scene[i].F)
			}
		}
	}
	for _, k := range keys {
		live, scene := c.Live.Names[k], c.Scene.Names[k]
		if textsOf(live) != textsOf(scene) {
			add("axis %s: name drawn %s, the Scene has %s", k, textsOf(live), textsOf(scene))
			continue
		}
		for i := range live {
			if d := dist(live[i], scene[i]); d > tol {
				add("axis %s: name %q drawn at (%.1f,%.1f), the Scene's at (%.1f,%.1f): %.1f px apart", k, live[i].T, live[i].X, live[i].Y, scene[i].X, scene[i].Y, d)
			}
		}
	}
	// point labels: the same texts, each near a Scene label of its text
	lt, st := labelTexts(c.Live.Labels), labelTexts(c.Scene.Labels)
	if lt != st {
		add("point labels drawn %s, the Scene has %s", lt, st)
	} else {
		used := make([]bool, len(c.Scene.Labels))
		for _, l := range c.Live.Labels {
			best, bd := -1, math.Inf(1)
			for j, s := range c.Scene.Labels {
				if !used[j] && s.T == l.T {
					if d := dist(l, s); d < bd {
						best, bd = j, d
					}
				}
			}
			if best >= 0 {
				used[best] = true
			}
			if bd > tol {
				add("point label %q drawn at (%.1f,%.1f), the Scene's %.1f px away", l.T, l.X, l.Y, bd)
			} else if sl := c.Scene.Labels[best]; !sameColour(l.F, sl.F) || math.Abs(l.O-sl.O) > 0.05 {
				add("point label %q drawn in %s at opacity %g, the Scene's in %s at %g", l.T, l.F, l.O, sl.F, sl.O)
			}
		}
	}
	// titles, panel titles and legend entries in order, marks' texts as a
	// set: the same texts, their centres within the tolerance
	for _, k := range []string{"title", "subtitle", "panel", "legend", "mark"} {
		var live, scene []staticBlock
		for _, b := range c.Live.Blocks {
			if b.K == k {
				live = append(live, b)
			}
		}
		for _, b := range c.Scene.Blocks {
			if b.K == k {
				scene = append(scene, b)
			}
		}
		if k == "mark" || k == "legend" {
			// by text: the order of entries in a row of the legend, or of
			// marks, is no part of the comparison
			sort.SliceStable(live, func(i, j int) bool { return live[i].T < live[j].T })
			sort.SliceStable(scene, func(i, j int) bool { return scene[i].T < scene[j].T })
		}
		if len(live) != len(scene) {
			add("%s texts: %d drawn %q, %d in the Scene %q", k, len(live), blockTexts(live), len(scene), blockTexts(scene))
			continue
		}
		for i := range live {
			l, s := live[i], scene[i]
			switch d := math.Hypot(l.X-s.X, l.Y-s.Y); {
			case l.T != s.T:
				add("%s %d: drawn %q, the Scene has %q", k, i, l.T, s.T)
			case d > tol:
				add("%s %q drawn centred at (%.1f,%.1f), the Scene's at (%.1f,%.1f): %.1f px apart", k, l.T, l.X, l.Y, s.X, s.Y, d)
			case !sameColour(l.F, s.F):
				add("%s %q drawn in %s, the Scene's in %s", k, l.T, l.F, s.F)
			}
		}
	}
	if strings.Join(c.Live.Legend, "|") != strings.Join(c.Scene.Legend, "|") {
		add("legend drawn %q, the Scene has %q", c.Live.Legend, c.Scene.Legend)
	}
	// every series in the legend drawn has its colour in the Scene's
	legend := map[string]bool{}
	for _, l := range c.Live.Legend {
		legend[l] = true
	}
	for name, col := range c.Live.Colors {
		sc, ok := c.Scene.Colors[name]
		switch {
		case !ok && len(c.Live.Legend) > 0 && legend[name]:
			add("series %q drawn in %s has no legend icon in the Scene", name, col)
		case ok && sc != col:
			add("series %q drawn in %s, the Scene's legend icon in %s", name, col, sc)
		}
	}
	return out
}

func blockTexts(bs []staticBlock) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.T
	}
	return out
}

// sameColour: two #rrggbb colours at most 1 apart in each channel (the
// dark theme's colours are computed, and rounded, on both sides); an
// unknown colour is no match.
func sameColour(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	var ar, ag, ab, br, bg, bb int
	if n, _ := fmt.Sscanf(a, "#%02x%02x%02x", &ar, &ag, &ab); n != 3 {
		return false
	}
	if n, _ := fmt.Sscanf(b, "#%02x%02x%02x", &br, &bg, &bb); n != 3 {
		return false
	}
	abs := func(v int) int { return max(v, -v) }
	return abs(ar-br) <= 1 && abs(ag-bg) <= 1 && abs(ab-bb) <= 1
}

func dist(a, b staticText) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// sortTicks puts an axis' labels in reading order: left to right on an x
// axis, bottom to top on a y axis.
func sortTicks(axis string, ts []staticText) []staticText {
	out := append([]staticText(nil), ts...)
	sort.SliceStable(out, func(i, j int) bool {
		if strings.HasPrefix(axis, "x") {
			return out[i].X < out[j].X
		}
		return out[i].Y > out[j].Y
	})
	return out
}

func textsOf(ts []staticText) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.T
	}
	return fmt.Sprintf("%q", s)
}

func labelTexts(ts []staticText) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.T
	}
	sort.Strings(s)
	if len(s) > 12 {
		return fmt.Sprintf("%d labels %q...", len(s), s[:12])
	}
	return fmt.Sprintf("%q", s)
}

// pageSceneJS computes, in the page, the Scene of every chart at its width
// with the page's text measure (the canvas), and returns its texts with
// the page's option, for TestStaticGoMatchesPage.
const pageSceneJS = `(() => {
if (!window.scalesiteScene) { SCENE_SRC }
const dark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
return [...document.querySelectorAll('script.scalesite-option')].map(sc => {
  const id = sc.getAttribute('data-chart');
  const inst = window.scalesite.charts[id];
  if (!inst || inst.isDisposed()) return null;
  const s = window.scalesiteScene.scene(JSON.parse(sc.textContent), inst.getWidth(), dark);
  const ts = inst.getOption().textStyle;
  return {ID: id, W: inst.getWidth(), Dark: dark, Option: sc.textContent, H: s.h,
    Family: ((Array.isArray(ts) ? ts[0] : ts) || {}).fontFamily || '',
    Faces: [...document.fonts].filter(f => f.family.replace(/"/g, '') === 'DejaVu Sans' && f.status === 'loaded').map(f => f.weight),
    Bold: s.items.some(it => it.k === 'text' && it.fw >= 600),
    Texts: s.items.filter(it => it.k === 'text').map(it => ({T: it.text, X: it.x, Y: it.y, F: it.role || ''}))};
}).filter(Boolean);
})()`

// TestStaticGoMatchesPage: the Scene the build computes (internal/scene:
// the theme's scripts in goja, text measured by figure.MeasureFont in the
// embedded DejaVu Sans) is the Scene the page computes with Chromium's
// canvas: the same texts, in the same order, each within 1 px. With
// TestFidelity, the static figure shows what the live chart shows.
func TestStaticGoMatchesPage(t *testing.T) {
	b := newBrowser(t)
	src, err := fs.ReadFile(themes.Default(), "assets/scene.js")
	if err != nil {
		t.Fatal(err)
	}
	js := "return " + strings.Replace(pageSceneJS, "SCENE_SRC", string(src), 1) + ";"
	eng, err := scene.New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	base, _, pages := demoChartPages(t)
	tb := b.tab(t)
	views, bad := 0, 0
	for _, p := range pages {
		t.Run(readPageName(p), func(t *testing.T) {
			eachView(t, tb, readPageURL(base, p), len(p.Charts), func(width int64, scheme string) {
				var got []struct {
					ID     string
					W, H   float64
					Dark   bool
					Option string
					Texts  []staticText // F: the role
					Family string       // the chart's text font
					Faces  []string     // the weights of the chart font loaded
					Bold   bool         // a text of the Scene is bold (a title typeset in TeX is not text)
				}
				if err := tb.evalJSON(js, &got); err != nil {
					t.Fatalf("at %d px, %s: computing the Scenes in the page: %v", width, scheme, err)
				}
				for _, c := range got {
					views++
					s, err := eng.Scene([]byte(c.Option), int(c.W), c.Dark)
					if err != nil {
						t.Fatalf("chart %s: %v", c.ID, err)
					}
					var goTexts []staticText
					for _, it := range s.Items {
						if it.Kind == "text" {
							goTexts = append(goTexts, staticText{T: it.Text, X: it.X, Y: it.Y, F: it.Role})
						}
					}
					var pr []string
					// the page draws its charts in the chart font it
					// ships, loaded, as the static figures were measured
					if !strings.HasPrefix(c.Family, `"DejaVu Sans"`) || !slices.Contains(c.Faces, "400") || c.Bold && !slices.Contains(c.Faces, "700") {
						pr = append(pr, fmt.Sprintf("drawn in %q with the chart font's faces %v loaded, want \"DejaVu Sans\" with 400 (and 700 for bold text: %v)", c.Family, c.Faces, c.Bold))
					}
					if math.Abs(s.Height-c.H) > 0.5 {
						pr = append(pr, fmt.Sprintf("height %g, the page's %g", s.Height, c.H))
					}
					if len(goTexts) != len(c.Texts) {
						pr = append(pr, fmt.Sprintf("%d texts, the page's Scene %d", len(goTexts), len(c.Texts)))
					}
					for i := 0; i < len(goTexts) && i < len(c.Texts) && len(pr) < 12; i++ {
						g, w := goTexts[i], c.Texts[i]
						if g.T != w.T || g.F != w.F || math.Abs(g.X-w.X) > 1 || math.Abs(g.Y-w.Y) > 1 {
							pr = append(pr, fmt.Sprintf("text %d: %s %q at (%.2f,%.2f), the page's %s %q at (%.2f,%.2f)", i, g.F, g.T, g.X, g.Y, w.F, w.T, w.X, w.Y))
						}
					}
					if len(pr) > 0 {
						bad++
						t.Errorf("chart %s at %d px, %s: the Go Scene differs from the page's:\n  %s", c.ID, width, scheme, strings.Join(pr, "\n  "))
					}
				}
			})
		})
	}
	t.Logf("%d of %d chart views differ", bad, views)
}
