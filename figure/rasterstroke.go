package figure

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/srwiley/scanx"
	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"golang.org/x/image/math/fixed"
)

// pngRenderer is the PNG's rasterizer with strokes filled by a stroker of
// its own. tdewolff/canvas strokes a path into its outline and then
// settles it (Bentley–Ottmann, the outline without its self-overlaps): a
// third of a social card's time (issue 33), and needless here, since the
// scanner fills with the nonzero rule. Each segment's rectangle and each
// join's wedge (mitred or round), all turned the same way and filled in
// one pass, cover the pixels the settled outline covers; only an
// antialiased pixel where two of them overlap on the stroke's edge (the
// inside of a turn) takes a little more ink. Curves are flattened first,
// within canvas's tolerance. Round caps and gradients go to canvas.
type pngRenderer struct {
	*rasterizer.Rasterizer
	img   *image.RGBA
	sc    *scanx.Scanner
	dpmm  float64
	dy    float64 // the image's height in pixels
	pts   []fixed.Point26_6
	lines []float64 // a subpath's points in pixels: x0, y0, x1, y1, ...
	wedge []float64 // a round join's polygon
}

func newPNGRenderer(w, h, scale float64) *pngRenderer {
	img := image.NewRGBA(image.Rect(0, 0, int(w*scale+0.5), int(h*scale+0.5)))
	size := img.Bounds().Size()
	return &pngRenderer{
		Rasterizer: rasterizer.FromImage(img, canvas.DPMM(scale), canvas.DefaultColorSpace),
		img:        img,
		sc:         scanx.NewScanner(scanx.NewImgSpanner(img), size.X, size.Y),
		dpmm:       scale,
		dy:         float64(size.Y),
	}
}

// pngRenderers keeps PNG renderers (their 3 MB picture a social card and
// their scanners' cells) from one PNG to the next: a build draws its cards
// one after another at one size, and a new picture each was most of the
// garbage a card made.
var pngRenderers pngRendererPool

type pngRendererPool struct{ p sync.Pool }

// get is a renderer of a w × h mm picture at scale pixels a mm, cleared.
func (p *pngRendererPool) get(w, h, scale float64) *pngRenderer {
	if r, ok := p.p.Get().(*pngRenderer); ok && r.dpmm == scale &&
		r.img.Bounds().Size() == image.Pt(int(w*scale+0.5), int(h*scale+0.5)) {
		clear(r.img.Pix)
		return r
	}
	return newPNGRenderer(w, h, scale)
}

func (p *pngRendererPool) put(r *pngRenderer) { p.p.Put(r) }

// miterLimit is canvas.MiterJoin's: past it, a miter join is bevelled.
const miterLimit = 4.0

// RenderPath draws path as canvas's rasterizer does, its stroke by
// strokeLines when the stroke is a plain colour with butt caps and miter
// or round joins, and m turns and moves without scaling.
func (r *pngRenderer) RenderPath(path *canvas.Path, style canvas.Style, m canvas.Matrix) {
	round := style.StrokeJoiner == canvas.RoundJoin
	if !style.HasStroke() || !style.Stroke.IsColor() || style.StrokeCapper != canvas.ButtCap ||
		style.StrokeJoiner != canvas.MiterJoin && !round || !rigid(m) {
		r.Rasterizer.RenderPath(path, style, m)
		return
	}
	if style.HasFill() {
		fill := style
		fill.Stroke = canvas.Paint{}
		r.Rasterizer.RenderPath(path, fill, m)
	}
	stroke := path
	if len(style.Dashes) > 0 {
		offset, dashes := canvas.ScaleDash(style.StrokeWidth, style.DashOffset, style.Dashes)
		stroke = stroke.Dash(offset, dashes...)
	}
	if hasArcs(stroke) {
		stroke = stroke.Flatten(canvas.PixelTolerance / r.dpmm)
	}
	r.sc.Clear()
	// as the rasterizer converts a colour (its colour space is linear)
	r.sc.SetColor(color.Color(r.Image.ColorModel().Convert(style.Stroke.Color)))
	r.strokeLines(stroke, m, style.StrokeWidth*r.dpmm/2, round)
	r.sc.Draw()
}

// rigid reports whether m only turns and moves, so that a stroke's width
// is the same after it.
func rigid(m canvas.Matrix) bool {
	a, b, c, d := m[0][0], m[0][1], m[1][0], m[1][1]
	return a == d && b == -c && math.Abs(a*a+b*b-1) < 1e-9
}

// hasArcs reports whether path has elliptic arcs, which strokeLines
// leaves to canvas to flatten.
func hasArcs(path *canvas.Path) bool {
	for s := path.Scanner(); s.Scan(); {
		if s.Cmd() == canvas.ArcToCmd {
			return true
		}
	}
	return false
}

// strokeLines adds to the scanner the stroke, hw pixels either side, of
// each subpath of path (lines and Béziers), placed by m as canvas's
// rasterizer places it: x·dpmm, dy − y·dpmm. Béziers are flattened
// within canvas.PixelTolerance pixels.
func (r *pngRenderer) strokeLines(path *canvas.Path, m canvas.Matrix, hw float64, round bool) {
	p := r.lines[:0]
	closed := false
	px := func(pt canvas.Point) (float64, float64) {
		pt = m.Dot(pt)
		return pt.X * r.dpmm, r.dy - pt.Y*r.dpmm
	}
	add := func(x, y float64) {
		if n := len(p); n >= 2 && p[n-2] == x && p[n-1] == y {
			return // a segment of no length has no direction
		}
		p = append(p, x, y)
	}
	for s := path.Scanner(); s.Scan(); {
		switch s.Cmd() {
		case canvas.MoveToCmd:
			r.strokePolyline(p, closed, hw, round)
			p, closed = p[:0], false
			add(px(s.End()))
		case canvas.LineToCmd:
			add(px(s.End()))
		case canvas.CloseCmd:
			add(px(s.End()))
			closed = true
		case canvas.QuadToCmd:
			x0, y0 := px(s.Start())
			x1, y1 := px(s.CP1())
			x2, y2 := px(s.End())
			// a piece 1/n of the way along is within |B''|/(8n²) of its chord
			d := math.Hypot(x0-2*x1+x2, y0-2*y1+y2)
			n := max(1, int(math.Ceil(math.Sqrt(d/(4*canvas.PixelTolerance)))))
			for k := 1; k < n; k++ {
				t := float64(k) / float64(n)
				u := 1 - t
				add(u*u*x0+2*u*t*x1+t*t*x2, u*u*y0+2*u*t*y1+t*t*y2)
			}
			add(x2, y2)
		case canvas.CubeToCmd:
			x0, y0 := px(s.Start())
			x1, y1 := px(s.CP1())
			x2, y2 := px(s.CP2())
			x3, y3 := px(s.End())
			d := max(math.Hypot(x0-2*x1+x2, y0-2*y1+y2), math.Hypot(x1-2*x2+x3, y1-2*y2+y3))
			n := max(1, int(math.Ceil(math.Sqrt(3*d/(4*canvas.PixelTolerance)))))
			for k := 1; k < n; k++ {
				t := float64(k) / float64(n)
				u := 1 - t
				a, b, c, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
				add(a*x0+b*x1+c*x2+e*x3, a*y0+b*y1+c*y2+e*y3)
			}
			add(x3, y3)
		}
	}
	r.strokePolyline(p, closed, hw, round)
	r.lines = p
}

// strokePolyline adds the stroke of the polyline p (pixels), hw pixels
// either side, with butt caps and canvas's joins, round or mitred
// (bevelled past miterLimit): a rectangle a segment and a wedge on the
// outside of each turn.
func (r *pngRenderer) strokePolyline(p []float64, closed bool, hw float64, round bool) {
	n := len(p) / 2
	if closed && n > 1 && p[0] == p[2*n-2] && p[1] == p[2*n-1] {
		n-- // the closing point is the first
	}
	if n < 2 || !(hw > 0) {
		return
	}
	segs := n - 1
	if closed {
		segs = n
	}
	// the unit direction of segment i
	dir := func(i int) (float64, float64) {
		j := (i + 1) % n
		dx, dy := p[2*j]-p[2*i], p[2*j+1]-p[2*i+1]
		l := math.Hypot(dx, dy)
		return dx / l, dy / l
	}
	for i := range segs {
		j := (i + 1) % n
		ux, uy := dir(i)
		nx, ny := -uy*hw, ux*hw
		ax, ay, bx, by := p[2*i], p[2*i+1], p[2*j], p[2*j+1]
		r.polygon(ax+nx, ay+ny, bx+nx, by+ny, bx-nx, by-ny, ax-nx, ay-ny)
	}
	first, last := 1, n-1 // the vertices with a segment in and one out
	if closed {
		first, last = 0, n
	}
	for i := first; i < last; i++ {
		ux0, uy0 := dir((i + n - 1) % n)
		ux1, uy1 := dir(i)
		cross, dot := ux0*uy1-uy0*ux1, ux0*ux1+uy0*uy1
		if cross == 0 && (dot > 0 || !round) {
			continue // straight on (nothing to join), or back with a bevel of no width
		}
		// the outside of the turn is away from the side it turns to
		s := hw
		if cross > 0 {
			s = -hw
		}
		px, py := p[2*i], p[2*i+1]
		ax, ay := px-uy0*s, py+ux0*s
		bx, by := px-uy1*s, py+ux1*s
		if round {
			r.roundJoin(px, py, ax, ay, bx, by, ux0-ux1, uy0-uy1, hw)
			continue
		}
		// the miter reaches 1/cos(θ) half widths out, θ half the turn
		cos := math.Sqrt((1 + dot) / 2)
		if cos*miterLimit < 1 || cos == 0 {
			r.polygon(px, py, ax, ay, bx, by)
			continue
		}
		mx, my := -(uy0 + uy1), ux0+ux1 // the normals' sum, on the + side
		l := math.Hypot(mx, my)
		k := s / cos / l
		r.polygon(px, py, ax, ay, px+mx*k, py+my*k, bx, by)
	}
}

// roundJoin adds the round join at p from a to b (hw from p), an arc
// bulging towards ox, oy (the outside of the turn), in steps that keep
// within canvas's tolerance of the circle.
func (r *pngRenderer) roundJoin(px, py, ax, ay, bx, by, ox, oy, hw float64) {
	a0 := math.Atan2(ay-py, ax-px)
	sweep := math.Remainder(math.Atan2(by-py, bx-px)-a0, 2*math.Pi)
	if mid := a0 + sweep/2; math.Cos(mid)*ox+math.Sin(mid)*oy < 0 {
		// the other way round the circle
		if sweep > 0 {
			sweep -= 2 * math.Pi
		} else {
			sweep += 2 * math.Pi
		}
	}
	steps := 1
	if tol := canvas.PixelTolerance; tol < hw {
		steps = int(math.Ceil(math.Abs(sweep) / (2 * math.Acos(1-tol/hw))))
	}
	w := append(r.wedge[:0], px, py, ax, ay)
	for k := 1; k < steps; k++ {
		sin, cos := math.Sincos(a0 + sweep*float64(k)/float64(steps))
		w = append(w, px+hw*cos, py+hw*sin)
	}
	w = append(w, bx, by)
	r.polygon(w...)
	r.wedge = w
}

// polygon adds the closed polygon of the points xy (pixels) to the
// scanner, turned counter-clockwise on the image (its shoelace area
// positive), so that overlapping polygons add up under the nonzero rule
// rather than cancel.
func (r *pngRenderer) polygon(xy ...float64) {
	n := len(xy) / 2
	area := 0.0
	for i := range n {
		j := (i + 1) % n
		area += xy[2*i]*xy[2*j+1] - xy[2*j]*xy[2*i+1]
	}
	if area == 0 {
		return
	}
	pts := r.pts[:0]
	for i := range n {
		k := i
		if area < 0 {
			k = n - 1 - i
		}
		pts = append(pts, fixed.Point26_6{X: fixed.Int26_6(xy[2*k]*64 + 0.5), Y: fixed.Int26_6(xy[2*k+1]*64 + 0.5)})
	}
	r.sc.Start(pts[0])
	for _, pt := range pts[1:] {
		r.sc.Line(pt)
	}
	r.sc.Line(pts[0])
	r.pts = pts
}
