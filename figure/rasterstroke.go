package figure

import (
	"image"
	"image/color"
	"math"

	"github.com/srwiley/scanx"
	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"golang.org/x/image/math/fixed"
)

// pngRenderer is the PNG's rasterizer with strokes of straight lines
// filled by a stroker of its own. tdewolff/canvas strokes a path into its
// outline and then settles it (Bentley–Ottmann, the outline without its
// self-overlaps): a third of a social card's time (issue 33), and
// needless here, since the scanner fills with the nonzero rule. Each
// segment's rectangle and each join's wedge, all turned the same way and
// filled in one pass, cover the pixels the settled outline covers; only
// an antialiased pixel where two of them overlap on the stroke's edge
// (the inside of a turn) takes a little more ink. Curves, round joins and
// caps (the text's halos, the markers' rounded shapes) go to canvas.
type pngRenderer struct {
	*rasterizer.Rasterizer
	sc    *scanx.Scanner
	dpmm  float64
	dy    float64 // the image's height in pixels
	pts   []fixed.Point26_6
	lines []float64 // a subpath's points in pixels: x0, y0, x1, y1, ...
}

func newPNGRenderer(w, h, scale float64) *pngRenderer {
	img := image.NewRGBA(image.Rect(0, 0, int(w*scale+0.5), int(h*scale+0.5)))
	size := img.Bounds().Size()
	return &pngRenderer{
		Rasterizer: rasterizer.FromImage(img, canvas.DPMM(scale), canvas.DefaultColorSpace),
		sc:         scanx.NewScanner(scanx.NewImgSpanner(img), size.X, size.Y),
		dpmm:       scale,
		dy:         float64(size.Y),
	}
}

// miterLimit is canvas.MiterJoin's: past it, a miter join is bevelled.
const miterLimit = 4.0

// RenderPath draws path as canvas's rasterizer does, its stroke by
// strokeLines when the stroke is a plain colour along straight lines with
// butt caps and miter joins under a translation.
func (r *pngRenderer) RenderPath(path *canvas.Path, style canvas.Style, m canvas.Matrix) {
	if !style.HasStroke() || !style.Stroke.IsColor() || style.StrokeCapper != canvas.ButtCap ||
		style.StrokeJoiner != canvas.MiterJoin || !translation(m) || !straight(path) {
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
	r.sc.Clear()
	// as the rasterizer converts a colour (its colour space is linear)
	r.sc.SetColor(color.Color(r.Image.ColorModel().Convert(style.Stroke.Color)))
	r.strokeLines(stroke, m[0][2], m[1][2], style.StrokeWidth*r.dpmm/2)
	r.sc.Draw()
}

// translation reports whether m only moves.
func translation(m canvas.Matrix) bool {
	return m[0][0] == 1 && m[1][1] == 1 && m[0][1] == 0 && m[1][0] == 0
}

// straight reports whether path is made of straight lines alone.
func straight(path *canvas.Path) bool {
	for s := path.Scanner(); s.Scan(); {
		switch s.Cmd() {
		case canvas.MoveToCmd, canvas.LineToCmd, canvas.CloseCmd:
		default:
			return false
		}
	}
	return true
}

// strokeLines adds to the scanner the stroke, hw pixels either side, of
// each subpath of path (moved by tx, ty mm), as canvas's rasterizer
// places it: x·dpmm, dy − y·dpmm.
func (r *pngRenderer) strokeLines(path *canvas.Path, tx, ty, hw float64) {
	p := r.lines[:0]
	closed := false
	add := func(pt canvas.Point) {
		x, y := (pt.X+tx)*r.dpmm, r.dy-(pt.Y+ty)*r.dpmm
		if n := len(p); n >= 2 && p[n-2] == x && p[n-1] == y {
			return // a segment of no length has no direction
		}
		p = append(p, x, y)
	}
	for s := path.Scanner(); s.Scan(); {
		switch s.Cmd() {
		case canvas.MoveToCmd:
			r.strokePolyline(p, closed, hw)
			p, closed = p[:0], false
			add(s.End())
		case canvas.LineToCmd:
			add(s.End())
		case canvas.CloseCmd:
			add(s.End())
			closed = true
		}
	}
	r.strokePolyline(p, closed, hw)
	r.lines = p
}

// strokePolyline adds the stroke of the polyline p (pixels), hw pixels
// either side, with butt caps and canvas's miter joins (bevelled past
// miterLimit): a rectangle a segment and a wedge on the outside of each
// turn.
func (r *pngRenderer) strokePolyline(p []float64, closed bool, hw float64) {
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
		if cross == 0 {
			continue // straight on (nothing to join) or straight back (a bevel of no width)
		}
		// the outside of the turn is away from the side it turns to
		s := hw
		if cross > 0 {
			s = -hw
		}
		px, py := p[2*i], p[2*i+1]
		ax, ay := px-uy0*s, py+ux0*s
		bx, by := px-uy1*s, py+ux1*s
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
