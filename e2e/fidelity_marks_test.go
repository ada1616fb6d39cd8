package e2e

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// fidelityMarksJS reads the marks (every shape that is not text) of a
// chart two ways, as one record each: live, from ECharts' zrender display
// list (what the canvas paints: hidden and transparent elements left out,
// each shape in canvas px through its transform), and from a Scene (the
// items package figure draws). A mark is a symbol (K "sym": its shape,
// centre and box) or a path (K "path": its points, closed or not); both
// carry their fill and stroke as a colour and an alpha (the colour's alpha
// times the element's opacity), the line width and the dash pattern as
// the canvas draws it.
const fidelityMarksJS = `(() => {
const cx = document.createElement('canvas').getContext('2d');
const paint = (v, op) => {
  if (typeof v !== 'string') return null;
  v = v.trim();
  if (!v || v === 'none' || v === 'transparent') return null;
  cx.fillStyle = '#010203'; cx.fillStyle = v;
  const s = cx.fillStyle;
  if (s === '#010203' && v !== '#010203') return null;
  let r, g, b, a = 1;
  if (s[0] === '#') { r = parseInt(s.slice(1, 3), 16); g = parseInt(s.slice(3, 5), 16); b = parseInt(s.slice(5, 7), 16); }
  else { const p = s.slice(s.indexOf('(') + 1, -1).split(',').map(Number); r = p[0]; g = p[1]; b = p[2]; if (p.length > 3) a = p[3]; }
  a *= op == null ? 1 : op;
  if (!(a > 0.004)) return null;
  return {C: '#' + [r, g, b].map(x => x.toString(16).padStart(2, '0')).join(''), A: Math.round(a * 1000) / 1000};
};
// zrender's line dash (canvas/dashStyle.js normalizeLineDash)
const dashOf = (d, lw) => {
  if (!d || d === 'solid' || !(lw > 0)) return null;
  if (d === 'dashed') return [4 * lw, 2 * lw];
  if (d === 'dotted') return [lw];
  if (typeof d === 'number') return [d];
  return Array.isArray(d) || ArrayBuffer.isView(d) ? Array.from(d) : null;
};
const hidden = e => { for (let p = e; p; p = p.__hostTarget || p.parent) if (p.ignore || p.invisible || (p.style && p.style.opacity === 0)) return true; return false; };
const r2 = v => Math.round(v * 100) / 100;
const live = inst => {
  const out = [];
  inst.getZr().storage.getDisplayList(true).forEach(e => {
    if (e.type === 'text' || e.type === 'tspan' || e.type === 'image' || hidden(e)) return;
    const st = e.style || {}, op = st.opacity == null ? 1 : st.opacity;
    const F = paint(st.fill, op), S = paint(st.stroke, op);
    const lw = S ? (st.lineWidth == null ? 1 : st.lineWidth) : 0;
    if (!F && !(S && lw > 0)) return;
    const m = e.getComputedTransform();
    const tp = (x, y) => m ? [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]] : [x, y];
    const scale = m ? Math.hypot(m[0], m[1]) : 1;
    const sh = e.shape || {};
    const base = {F: F, S: S && lw > 0 ? S : null, LW: S ? r2(lw * (st.strokeNoScale ? 1 : scale)) : 0, D: S ? dashOf(st.lineDash, lw) : null, N: e.name || ''};
    if (sh.symbolType) {
      const c = tp(sh.x + sh.width / 2, sh.y + sh.height / 2);
      let w = sh.width * scale, h = sh.height * scale;
      const t = String(sh.symbolType).toLowerCase();
      // a circle is drawn as wide as its box is high (or the reverse)
      if (t === 'circle') w = h = Math.min(w, h);
      // a line (a line series' legend icon) is a path across its box
      if (t === 'line') { out.push(Object.assign(base, {K: 'path', T: 'line', P: [c[0] - w / 2, c[1], c[0] + w / 2, c[1]].map(r2), Z: false, F: null})); return; }
      out.push(Object.assign(base, {K: 'sym', T: t, X: r2(c[0]), Y: r2(c[1]), W: r2(w), H: r2(h)}));
      return;
    }
    let runs = [], closed = false;
    if (sh.points) {
      const p = sh.points, flat = p.length && typeof p[0] === 'number' || ArrayBuffer.isView(p);
      const n = flat ? p.length / 2 : p.length;
      let run = [];
      for (let i = 0; i < n; i++) {
        const x = flat ? p[2 * i] : p[i][0], y = flat ? p[2 * i + 1] : p[i][1];
        if (!isFinite(x) || !isFinite(y)) { if (run.length) runs.push(run); run = []; continue; }
        const q = tp(x, y); run.push(r2(q[0]), r2(q[1]));
      }
      if (run.length) runs.push(run);
      closed = /polygon/.test(e.type);
    } else if (sh.x1 != null && sh.y2 != null) { // a line (ECharts' ec-line too)
      const a = tp(sh.x1, sh.y1), b = tp(sh.x2, sh.y2);
      runs = [[r2(a[0]), r2(a[1]), r2(b[0]), r2(b[1])]];
    } else {
      // a rectangle, or any other shape: its box
      const r = e.getBoundingRect().clone();
      if (m) r.applyTransform(m);
      runs = [[r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height].map(r2)];
      closed = true;
    }
    const box = !sh.points && sh.x1 == null;
    runs.forEach(p => { if (p.length >= 4) out.push(Object.assign({}, base, {K: 'path', T: e.type, P: p, Z: closed, B: box})); });
  });
  return out;
};
const scene = s => {
  const out = [];
  s.items.forEach(it => {
    const op = it.op || 1;
    if (it.k === 'symbol') {
      let t = String(it.shape || 'circle'), fill = it.fill, stroke = it.stroke, lw = it.lw || 1;
      // figure.Item: an empty shape without a stroke is stroked in its
      // fill, filled white, 2 px wide
      if (/^empty/.test(t)) { t = t.slice(5); if (!stroke) { stroke = fill; fill = '#ffffff'; lw = 2; } }
      const F = paint(fill, op), S = paint(stroke, op);
      out.push({K: 'sym', T: t.toLowerCase(), X: r2(it.x), Y: r2(it.y), W: r2(it.size), H: r2(it.size), F: F, S: S, LW: S ? lw : 0, D: null, R: it.role || ''});
    } else if (it.k === 'path') {
      const F = paint(it.fill, op), S = paint(it.stroke, op), lw = S ? it.lw || 1 : 0;
      const base = {F: F, S: S, LW: lw, D: S && it.dash && it.dash.length ? it.dash : null, R: it.role || ''};
      if (it.role === 'legend-icon' && it.close) {
        // a legend icon drawn as a polygon in the Scene is a symbol live
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (let i = 0; i < it.p.length; i += 2) { x0 = Math.min(x0, it.p[i]); x1 = Math.max(x1, it.p[i]); y0 = Math.min(y0, it.p[i + 1]); y1 = Math.max(y1, it.p[i + 1]); }
        const t = it.p.length === 6 ? 'triangle' : it.p.length === 8 && it.p[1] !== it.p[3] ? 'diamond' : 'rect';
        out.push(Object.assign(base, {K: 'sym', T: t, X: r2((x0 + x1) / 2), Y: r2((y0 + y1) / 2), W: r2(x1 - x0), H: r2(y1 - y0)}));
        return;
      }
      out.push(Object.assign(base, {K: 'path', P: it.p.map(r2), Z: !!it.close}));
    }
  });
  return out;
};
return {live: live, scene: scene};
})()`

// fidMark is one mark as fidelityMarksJS reads it.
type fidMark struct {
	K          string    // sym or path
	T          string    // a symbol's shape, a live path's element type
	X, Y, W, H float64   // a symbol's centre and box
	P          []float64 // a path's points
	Z          bool      // closed
	B          bool      // a live shape read as its box only (a path:// symbol, a rectangle)
	F, S       *fidPaint // fill and stroke; nil for none
	LW         float64
	D          []float64 // dash and gap lengths; nil for solid
	N, R       string    // a live element's name, a Scene item's role
}

type fidPaint struct {
	C string  // #rrggbb
	A float64 // alpha times opacity
}

func (p *fidPaint) String() string {
	if p == nil {
		return "none"
	}
	if p.A >= 0.999 {
		return p.C
	}
	return fmt.Sprintf("%s@%.2f", p.C, p.A)
}

func samePaint(a, b *fidPaint) bool {
	if a == nil || b == nil {
		return a == b
	}
	return sameColour(a.C, b.C) && math.Abs(a.A-b.A) <= 0.05
}

func sameDash(a, b []float64) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	// a pattern of odd length is drawn twice (the canvas' setLineDash)
	if len(a)%2 == 1 {
		a = append(a, a...)
	}
	if len(b)%2 == 1 {
		b = append(b, b...)
	}
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 0.1 {
			return false
		}
	}
	return true
}

func (m fidMark) String() string {
	var style []string
	if m.F != nil {
		style = append(style, "fill "+m.F.String())
	}
	if m.S != nil {
		style = append(style, fmt.Sprintf("stroke %s %gpx", m.S, m.LW))
	}
	if len(m.D) > 0 {
		style = append(style, fmt.Sprintf("dash %v", m.D))
	}
	if m.K == "sym" {
		return fmt.Sprintf("%s %gx%g at (%.1f,%.1f) %s", m.T, m.W, m.H, m.X, m.Y, strings.Join(style, " "))
	}
	x0, y0, x1, y1 := m.bounds()
	kind := "line"
	if m.Z {
		kind = "shape"
	}
	return fmt.Sprintf("%s of %d points in (%.1f,%.1f)-(%.1f,%.1f) %s", kind, len(m.P)/2, x0, y0, x1, y1, strings.Join(style, " "))
}

func (m fidMark) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(m.P); i += 2 {
		x0, x1 = math.Min(x0, m.P[i]), math.Max(x1, m.P[i])
		y0, y1 = math.Min(y0, m.P[i+1]), math.Max(y1, m.P[i+1])
	}
	return
}

// markTolerance: px a mark's geometry in the Scene may be from the live
// one's (ECharts moves axis and grid lines by up to half a pixel onto the
// pixel grid: subPixelOptimize).
const markTolerance = 1

// compareMarks matches every Scene mark with a live one of the same kind
// and geometry (within markTolerance) and reports what is drawn on one
// side only, and matched marks whose paint differs.
func compareMarks(live, scn []fidMark) []string {
	var out []string
	usedL := make([]bool, len(live))
	var onlyScene []fidMark
	var styled []string
	for _, s := range scn {
		best, bestStyle := -1, false
		for j, l := range live {
			if usedL[j] || l.K != s.K || !sameGeometry(s, l) {
				continue
			}
			ok := sameStyle(s, l)
			if best < 0 || (ok && !bestStyle) {
				best, bestStyle = j, ok
			}
			if ok {
				break
			}
		}
		if best < 0 {
			onlyScene = append(onlyScene, s)
			continue
		}
		usedL[best] = true
		if !bestStyle {
			styled = append(styled, fmt.Sprintf("%s drawn live as %s", s, live[best]))
		}
	}
	var onlyLive []fidMark
	for j, l := range live {
		if !usedL[j] {
			onlyLive = append(onlyLive, l)
		}
	}
	report := func(what string, ms []string) {
		if len(ms) == 0 {
			return
		}
		sort.Strings(ms)
		n := len(ms)
		if n > 4 {
			ms = append(ms[:4], "...")
		}
		out = append(out, fmt.Sprintf("%d %s: %s", n, what, strings.Join(ms, "; ")))
	}
	str := func(ms []fidMark) []string {
		s := make([]string, len(ms))
		for i, m := range ms {
			s[i] = m.String()
		}
		return s
	}
	report("marks in the Scene not drawn live", str(onlyScene))
	report("marks drawn live not in the Scene", str(onlyLive))
	report("marks painted otherwise (Scene, then live)", styled)
	return out
}

func sameStyle(a, b fidMark) bool {
	if !samePaint(a.F, b.F) || !samePaint(a.S, b.S) {
		return false
	}
	if a.S != nil && math.Abs(a.LW-b.LW) > 0.25 {
		return false
	}
	return a.S == nil || sameDash(a.D, b.D)
}

func sameGeometry(a, b fidMark) bool {
	const tol = markTolerance
	if a.K == "sym" {
		return a.T == b.T && math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol && math.Abs(a.W-b.W) <= tol && math.Abs(a.H-b.H) <= tol
	}
	ax0, ay0, ax1, ay1 := a.bounds()
	bx0, by0, bx1, by1 := b.bounds()
	if math.Abs(ax0-bx0) > tol || math.Abs(ay0-by0) > tol || math.Abs(ax1-bx1) > tol || math.Abs(ay1-by1) > tol {
		return false
	}
	if a.B || b.B {
		return true
	}
	return newSegGrid(b.P, b.Z).within(a.P, tol) && newSegGrid(a.P, a.Z).within(b.P, tol)
}

// segGrid holds a polyline's segments in square cells, to find the
// segments near a point without looking at them all (a 100,000-step curve).
type segGrid struct {
	p     []float64
	cells map[[2]int][]int // segment k: p[2k..2k+3]
}

const segCell = 4.0

func newSegGrid(p []float64, closed bool) *segGrid {
	g := &segGrid{p: p, cells: map[[2]int][]int{}}
	if closed && len(p) >= 4 {
		g.p = append(append([]float64(nil), p...), p[0], p[1])
	}
	n := len(g.p)/2 - 1
	if n == 0 && len(g.p) >= 2 {
		g.p = append(g.p, g.p[0], g.p[1])
		n = 1
	}
	for k := range n {
		x0, y0, x1, y1 := g.p[2*k], g.p[2*k+1], g.p[2*k+2], g.p[2*k+3]
		cx0, cx1 := int(math.Floor(math.Min(x0, x1)/segCell)), int(math.Floor(math.Max(x0, x1)/segCell))
		cy0, cy1 := int(math.Floor(math.Min(y0, y1)/segCell)), int(math.Floor(math.Max(y0, y1)/segCell))
		if (cx1-cx0+1)*(cy1-cy0+1) > 4096 {
			// a long segment: in every cell of its box would be too many;
			// its end cells and a walk along it
			steps := int(math.Hypot(x1-x0, y1-y0)/segCell) + 1
			seen := map[[2]int]bool{}
			for s := 0; s <= steps; s++ {
				t := float64(s) / float64(steps)
				c := [2]int{int(math.Floor((x0 + (x1-x0)*t) / segCell)), int(math.Floor((y0 + (y1-y0)*t) / segCell))}
				for dx := -1; dx <= 1; dx++ {
					for dy := -1; dy <= 1; dy++ {
						cc := [2]int{c[0] + dx, c[1] + dy}
						if !seen[cc] {
							seen[cc] = true
							g.cells[cc] = append(g.cells[cc], k)
						}
					}
				}
			}
			continue
		}
		for cx := cx0; cx <= cx1; cx++ {
			for cy := cy0; cy <= cy1; cy++ {
				g.cells[[2]int{cx, cy}] = append(g.cells[[2]int{cx, cy}], k)
			}
		}
	}
	return g
}

// within reports whether every point of p is within tol px of the grid's
// polyline (tol at most segCell).
func (g *segGrid) within(p []float64, tol float64) bool {
	for i := 0; i+1 < len(p); i += 2 {
		x, y := p[i], p[i+1]
		cx, cy := int(math.Floor(x/segCell)), int(math.Floor(y/segCell))
		best := math.Inf(1)
		for dx := -1; dx <= 1 && best > tol; dx++ {
			for dy := -1; dy <= 1 && best > tol; dy++ {
				for _, k := range g.cells[[2]int{cx + dx, cy + dy}] {
					if d := segDist(x, y, g.p[2*k], g.p[2*k+1], g.p[2*k+2], g.p[2*k+3]); d < best {
						best = d
					}
				}
			}
		}
		if best > tol {
			return false
		}
	}
	return true
}

func segDist(x, y, x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	l := dx*dx + dy*dy
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, ((x-x0)*dx+(y-y0)*dy)/l))
	}
	return math.Hypot(x-x0-t*dx, y-y0-t*dy)
}
