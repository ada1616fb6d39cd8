package texbox

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/internal/polyclip"
	"github.com/tdewolff/canvas"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// shape is an SVG drawing placed in its piece.
type shape struct {
	p              *canvas.Path // in the viewBox's units
	sx, sy, tx, ty float64
	clip           Rect
}

// svgChild is a span's inline SVG drawing, when the drawing is all the
// span holds.
func svgChild(n *html.Node) *html.Node {
	c := n.FirstChild
	if c != nil && c.NextSibling == nil && c.Type == html.ElementNode && c.DataAtom == atom.Svg {
		return c
	}
	return nil
}

// svg lays out an inline SVG drawing as katex.css places it: absolutely,
// at the top left of its span, as wide as its containing block (cb) and
// as tall as its span (height: inherit), its viewBox fitted by its
// preserveAspectRatio and cut at its edges. The span is as tall as its
// height, its bottom on the baseline.
func (l *layouter) svg(svg *html.Node, bs boxStyle, em, cb float64) (*laid, error) {
	if !bs.height.set {
		return nil, errors.New("an <svg> in a span without a height")
	}
	h := bs.height.px(em, 0)
	b := &laid{asc: h}
	own, err := parseStyle(attr(svg, "style"))
	if err != nil {
		return nil, err
	}
	switch {
	case own.width.set && !own.width.percent:
		cb = own.width.px(em, 0) // its own width, over katex.css's 100%
	case math.IsNaN(cb):
		l.usedCB = true
		return b, nil // measured before its block is known
	default:
		l.usedCB = true
	}
	vb := strings.Fields(strings.ReplaceAll(attr(svg, "viewbox"), ",", " "))
	if len(vb) != 4 {
		return nil, fmt.Errorf("an <svg> with the viewBox %q", attr(svg, "viewbox"))
	}
	var v [4]float64
	for i, s := range vb {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("an <svg> with the viewBox %q", attr(svg, "viewbox"))
		}
		v[i] = f
	}
	if v[2] <= 0 || v[3] <= 0 {
		return nil, fmt.Errorf("an <svg> with the viewBox %q", attr(svg, "viewbox"))
	}
	sx, sy, tx, ty, err := fit(attr(svg, "preserveaspectratio"), v, cb, h)
	if err != nil {
		return nil, err
	}
	if !finite(sx, sy, tx, ty, cb, h) {
		return nil, fmt.Errorf("an <svg> of %g × %g px showing its viewBox %q", cb, h, attr(svg, "viewbox"))
	}
	sh := shape{p: &canvas.Path{}, sx: sx, sy: sy, tx: tx, ty: ty - h, clip: Rect{0, -h, cb, h}}
	for c := svg.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.Data != "path" { // \cancel's <line>, ...
			return nil, fmt.Errorf("an <svg> holding <%s>", c.Data)
		}
		for _, a := range c.Attr {
			if a.Key != "d" {
				return nil, fmt.Errorf("an SVG <path> with the attribute %s", a.Key)
			}
		}
		p, err := canvas.ParseSVGPath(attr(c, "d"))
		if err != nil || !finitePath(p) {
			return nil, fmt.Errorf("an SVG path %.40q", attr(c, "d"))
		}
		sh.p = sh.p.Append(p)
	}
	b.shapes = append(b.shapes, sh)
	return b, nil
}

// stretchyParts are katex.css's pieces of a stretchy drawing, each an
// absolutely placed box cutting its own SVG: from the left or the right
// edge, left and wide by shares of the drawing's width.
var stretchyParts = map[string]struct {
	fromRight   bool
	left, width float64
}{
	"halfarrow-left":  {false, 0, 0.502},
	"halfarrow-right": {true, 0, 0.502},
	"brace-left":      {false, 0, 0.251},
	"brace-center":    {false, 0.25, 0.5},
	"brace-right":     {true, 0, 0.251},
}

// stretchy lays out a stretchy drawing made of pieces (\overleftrightarrow's
// two half arrows, \overbrace's three parts of a brace): an inline block as
// wide as its block (at least its min-width) and its height tall, its
// bottom on the baseline, each piece an SVG in a box placed by
// stretchyParts.
func (l *layouter) stretchy(n *html.Node, bs boxStyle, em, cb float64) (*laid, error) {
	l.usedCB = true
	if !bs.height.set {
		return nil, errors.New("a stretchy span without a height")
	}
	w := bs.minWidth.px(em, 0)
	if !math.IsNaN(cb) {
		w = max(w, cb)
	}
	b := &laid{w: w, asc: bs.height.px(em, 0)}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		part, ok := stretchyParts[attr(c, "class")]
		svg := svgChild(c)
		if c.Type != html.ElementNode || !ok || svg == nil {
			return nil, fmt.Errorf("a stretchy span holding %q", attr(c, "class"))
		}
		cs, err := parseStyle(attr(c, "style"))
		if err != nil {
			return nil, err
		}
		pw := part.width * w
		k, err := l.svg(svg, cs, em, pw)
		if err != nil {
			return nil, err
		}
		x := part.left * w
		if part.fromRight {
			x = w - pw
		}
		b.add(k, x, 0)
	}
	return b, nil
}

// fit is the viewBox's scale and offset in a w × h viewport, as SVG's
// preserveAspectRatio says ("none", or an alignment and meet or slice).
func fit(par string, v [4]float64, w, h float64) (sx, sy, tx, ty float64, err error) {
	f := strings.Fields(par)
	if len(f) == 0 {
		f = []string{"xMidYMid", "meet"}
	}
	if f[0] == "none" {
		sx, sy = w/v[2], h/v[3]
		return sx, sy, -v[0] * sx, -v[1] * sy, nil
	}
	a := f[0]
	if len(a) != 8 || len(f) > 2 {
		return 0, 0, 0, 0, fmt.Errorf("an <svg> with preserveAspectRatio %q", par)
	}
	slice := len(f) == 2 && f[1] == "slice"
	if len(f) == 2 && !slice && f[1] != "meet" {
		return 0, 0, 0, 0, fmt.Errorf("an <svg> with preserveAspectRatio %q", par)
	}
	s := min(w/v[2], h/v[3])
	if slice {
		s = max(w/v[2], h/v[3])
	}
	align := map[string]float64{"Min": 0, "Mid": 0.5, "Max": 1}
	ax, okx := align[a[1:4]]
	ay, oky := align[a[5:8]]
	if a[0] != 'x' || a[4] != 'Y' || !okx || !oky {
		return 0, 0, 0, 0, fmt.Errorf("an <svg> with preserveAspectRatio %q", par)
	}
	return s, s, ax*(w-v[2]*s) - v[0]*s, ay*(h-v[3]*s) - v[1]*s, nil
}

// path is the drawing, cut to its viewport: where it crosses the
// viewport's edge, its curves flattened to a hundredth of a px and each of
// its outlines cut as a polygon.
func (s shape) path() *canvas.Path {
	p := s.p.Copy().Transform(canvas.Identity.Translate(s.tx, s.ty).Scale(s.sx, s.sy))
	x0, y0 := s.clip.X, s.clip.Y
	if b := p.FastBounds(); b.X0 >= x0 && b.Y0 >= y0 && b.X1 <= x0+s.clip.W && b.Y1 <= y0+s.clip.H {
		return p
	}
	out := &canvas.Path{}
	var poly []float64
	cut := func() {
		if q := polyclip.Polygon(poly, x0, y0, s.clip.W, s.clip.H); len(q) >= 6 {
			out.MoveTo(q[0], q[1])
			for i := 2; i+1 < len(q); i += 2 {
				out.LineTo(q[i], q[i+1])
			}
			out.Close()
		}
		poly = poly[:0]
	}
	scan := p.Flatten(0.01).Scanner()
	for scan.Scan() {
		switch scan.Cmd() {
		case canvas.MoveToCmd:
			cut()
			fallthrough
		case canvas.LineToCmd:
			e := scan.End()
			poly = append(poly, e.X, e.Y)
		case canvas.CloseCmd:
			cut()
		}
	}
	cut()
	return out
}

// finitePath reports whether every coordinate of p is a finite number.
func finitePath(p *canvas.Path) bool {
	scan := p.Scanner()
	for scan.Scan() {
		for _, v := range scan.Values() {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
	}
	return true
}
