package texbox

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// KatexScale is katex.css's font size of a formula, in units of the text
// around it (.katex{font: 1.21em KaTeX_Main}).
const KatexScale = 1.21

// Layout lays out KaTeX's HTML (katex.Render's, inline or display) for a
// formula set in text of fontSize px, as a browser lays it out with
// katex.css and KaTeX's fonts.
func Layout(katexHTML string, fontSize float64) (*Box, error) {
	if !(fontSize > 0) || math.IsInf(fontSize, 0) {
		return nil, fmt.Errorf("texbox: a font size of %g px", fontSize)
	}
	set, err := faces()
	if err != nil {
		return nil, err
	}
	nodes, err := html.ParseFragment(strings.NewReader(katexHTML), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return nil, fmt.Errorf("texbox: KaTeX's HTML: %w", err)
	}
	root := findClass(nodes, "katex-html")
	if root == nil {
		return nil, errors.New("texbox: no katex-html element in KaTeX's HTML")
	}
	l := &layouter{faces: set}
	st := style{size: fontSize * KatexScale, family: "KaTeX_Main"}
	b, err := l.inline(root, st, math.NaN())
	if err != nil {
		return nil, fmt.Errorf("texbox: cannot draw the formula as a browser shows it: %w", err)
	}
	if l.usedCB {
		return nil, errors.New("texbox: a rule or drawing outside a vlist, in a block of unknown width")
	}
	out := &Box{Width: b.w, Ascent: b.asc, Descent: b.desc}
	b.place(out, 0, 0)
	return out, nil
}

// findClass finds the first element with the class, depth first.
func findClass(nodes []*html.Node, class string) *html.Node {
	for _, n := range nodes {
		if n.Type == html.ElementNode && hasClass(strings.Fields(attr(n, "class")), class) {
			return n
		}
		var kids []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			kids = append(kids, c)
		}
		if f := findClass(kids, class); f != nil {
			return f
		}
	}
	return nil
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, name) {
			return a.Val
		}
	}
	return ""
}

// layouter lays out one formula.
type layouter struct {
	faces *faceSet
	// usedCB is set when a layout read its containing block's width (a
	// percentage, an SVG drawing): a vlist lays such a row out again once
	// it knows its width.
	usedCB bool
}

// laid is a laid-out piece: a width, KaTeX's extent above and below its
// baseline, and its ink relative to its origin (the left end of its
// baseline).
type laid struct {
	w, asc, desc float64
	glyphs       []Glyph
	rules        []Rect
	shapes       []shape
}

// add puts c into b with its origin at x, y.
func (b *laid) add(c *laid, x, y float64) {
	for _, g := range c.glyphs {
		g.X += x
		g.Y += y
		b.glyphs = append(b.glyphs, g)
	}
	for _, r := range c.rules {
		r.X += x
		r.Y += y
		b.rules = append(b.rules, r)
	}
	for _, s := range c.shapes {
		s.tx += x
		s.ty += y
		s.clip.X += x
		s.clip.Y += y
		b.shapes = append(b.shapes, s)
	}
}

// extend grows b's extent to a piece asc above and desc below its
// baseline, which is dy below b's.
func (b *laid) extend(asc, desc, dy float64) {
	b.asc = max(b.asc, asc-dy)
	b.desc = max(b.desc, desc+dy)
}

// place writes the piece into the Box, its origin at x, y.
func (b *laid) place(out *Box, x, y float64) {
	var moved laid
	moved.add(b, x, y)
	out.Glyphs = append(out.Glyphs, moved.glyphs...)
	out.Rules = append(out.Rules, moved.rules...)
	for _, s := range moved.shapes {
		out.shapes = append(out.shapes, s)
		out.Drawings = append(out.Drawings, s.clip)
	}
}

// inline lays out n's children one after another on one baseline (an
// inline formatting context, without line breaks: KaTeX's spans do not
// wrap inside a base). cb is the width of the containing block for
// percentages and drawings: NaN where it is not known.
func (l *layouter) inline(n *html.Node, st style, cb float64) (*laid, error) {
	b := &laid{}
	x := 0.0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			w, err := l.text(b, c.Data, st, x)
			if err != nil {
				return nil, err
			}
			x += w
		case html.ElementNode:
			k, err := l.element(c, st, cb)
			if err != nil {
				return nil, err
			}
			if k == nil {
				continue
			}
			b.add(k.laid, x+k.ml+k.dx, k.dy)
			b.extend(k.asc, k.desc, k.dy)
			x += k.ml + k.w + k.mr
		case html.CommentNode:
		default:
			return nil, fmt.Errorf("an HTML node of type %d", c.Type)
		}
	}
	b.w = x
	return b, nil
}

// text lays out a run of characters at x in b, and returns its width.
func (l *layouter) text(b *laid, s string, st style, x float64) (float64, error) {
	f, err := l.faces.lookup(st.family, st.bold, st.italic)
	if err != nil {
		return 0, err
	}
	asc, desc := f.metrics()
	x0 := x
	for _, r := range s {
		id, ok := f.glyph(r)
		if !ok {
			return 0, fmt.Errorf("the font %s has no glyph for %q (U+%04X): a browser would take it from another font", f.name, r, r)
		}
		adv := f.advance(id, st.size)
		b.glyphs = append(b.glyphs, Glyph{Rune: r, Font: f.name, X: x, Size: st.size, Advance: adv,
			Ascent: asc * st.size, Descent: desc * st.size, face: f, id: id})
		x += adv
	}
	return x - x0, nil
}

// item is an element laid out in its parent's line: its piece, its
// margins, and where it is drawn relative to its place in the line (dx,
// dy: a relative position, a vertical-align).
type item struct {
	*laid
	ml, mr, dx, dy float64
}

// element lays out one element in a line.
func (l *layouter) element(n *html.Node, st style, cb float64) (*item, error) {
	if n.DataAtom == atom.Svg {
		return nil, errors.New("an <svg> outside a span that sizes it")
	}
	if n.DataAtom != atom.Span {
		return nil, fmt.Errorf("the element <%s>", n.Data)
	}
	classes := strings.Fields(attr(n, "class"))
	if hasClass(classes, "katex-mathml") {
		return nil, nil
	}
	for _, a := range n.Attr {
		if a.Key != "class" && a.Key != "style" && a.Key != "aria-hidden" {
			return nil, fmt.Errorf("the attribute %s of a span", a.Key)
		}
	}
	bs, err := parseStyle(attr(n, "style"))
	if err != nil {
		return nil, err
	}
	if err := classStyle(&st, classes); err != nil {
		return nil, err
	}
	em := st.size // lengths are in the element's own font size
	has := func(c string) bool { return hasClass(classes, c) }
	if (has("strut") || has("mspace") || has("pstrut") || has("fix") || has("nulldelimiter")) && n.FirstChild != nil {
		return nil, fmt.Errorf("a span of class %q with content", attr(n, "class"))
	}
	it := &item{}
	switch {
	case has("vlist-t"):
		it.laid, err = l.vlist(n, st, classes)
	case has("strut"):
		h := bs.height.px(em, 0)
		it.laid = &laid{asc: h}
	case has("mspace"), has("pstrut"), has("fix"):
		it.laid = &laid{}
	case has("nulldelimiter"):
		it.laid = &laid{w: 0.12 * em}
	case has("frac-line"), has("overline-line"), has("underline-line"):
		it.laid, err = l.rule(bs, em, cb)
	case has("hide-tail"):
		// width:100% of its block, and the block of the drawing inside
		l.usedCB = true
		w := bs.minWidth.px(em, 0)
		if !math.IsNaN(cb) {
			w = max(w, cb)
		}
		if svg := svgChild(n); svg != nil {
			it.laid, err = l.svg(svg, bs, em, w)
		} else {
			it.laid, err = l.inline(n, st, w)
		}
		if err == nil {
			it.w = w
		}
	case has("stretchy"):
		it.laid, err = l.stretchy(n, bs, em, cb)
	case has("vbox"):
		// katex.css: an inline flex column on its first child's baseline;
		// KaTeX gives it one (a thinbox)
		if c := n.FirstChild; c == nil || c.NextSibling != nil {
			return nil, errors.New("a vbox of other than one child")
		}
		it.laid, err = l.inline(n, st, cb)
	case has("thinbox"):
		// katex.css: an inline flex row of no width (max-width 0), its
		// content on the baseline
		it.laid, err = l.inline(n, st, cb)
		if err == nil {
			it.w = 0
		}
	case has("rlap"), has("llap"), has("clap"):
		it.laid, err = l.lap(n, st, classes)
	case has("accent-body"):
		it.laid, err = l.inline(n, st, 0)
		if err == nil {
			it.w = 0
		}
	default:
		if svg := svgChild(n); svg != nil {
			it.laid, err = l.svg(svg, bs, em, cb)
		} else {
			it.laid, err = l.inline(n, st, cb)
		}
	}
	if err != nil {
		return nil, err
	}
	if bs.transparent {
		it.laid = &laid{w: it.w, asc: it.asc, desc: it.desc}
	}
	if bs.width.percent || bs.minWidth.percent {
		l.usedCB = true // laid out again once the block's width is known
	}
	if math.IsNaN(cb) {
		cb = 0
	}
	pl, pr := bs.paddingLeft.px(em, cb), bs.paddingRight.px(em, cb)
	if has("x-arrow-pad") { // katex.css: padding 0 .5em
		pl, pr = 0.5*em, 0.5*em
	}
	if pl != 0 {
		moved := &laid{w: it.w, asc: it.asc, desc: it.desc}
		moved.add(it.laid, pl, 0)
		it.laid = moved
	}
	it.w += pl + pr
	if bs.width.set {
		it.w = bs.width.px(em, cb)
	}
	if bs.minWidth.set && !has("hide-tail") {
		it.w = max(it.w, bs.minWidth.px(em, cb))
	}
	if bs.height.set && !has("strut") {
		it.asc = max(it.asc, bs.height.px(em, 0))
	}
	it.ml, it.mr = bs.marginLeft.px(em, cb), bs.marginRight.px(em, cb)
	if has("root") { // katex.css: .sqrt>.root
		it.ml, it.mr = 0.2777777778*em, -0.5555555556*em
	}
	it.dx = bs.left.px(em, cb)
	it.dy = bs.top.px(em, 0)
	if bs.verticalAlign.set {
		va := bs.verticalAlign.px(em, 0)
		it.dy -= va
		if has("strut") {
			// the strut's bottom is va below the baseline
			it.desc = max(0, -va)
			it.asc = bs.height.px(em, 0) + va
			it.dy += va
		}
	}
	return it, nil
}

// rule lays out a fraction bar or an over- or underline: an inline block
// as wide as its containing block, whose bottom border sits on the
// baseline. Its width is snapped as Chromium snaps a border at one device
// pixel a px: 1 px when thinner, whole px otherwise.
func (l *layouter) rule(bs boxStyle, em, cb float64) (*laid, error) {
	if !bs.borderBottomWidth.set {
		return nil, errors.New("a rule without a border-bottom-width")
	}
	l.usedCB = true
	if math.IsNaN(cb) || cb < 0 {
		return &laid{}, nil
	}
	t := bs.borderBottomWidth.px(em, 0)
	if t > 0 {
		t = max(1, math.Floor(t))
	}
	return &laid{w: cb, rules: []Rect{{X: 0, Y: -t, W: cb, H: t}}}, nil
}

// lap lays out \rlap, \llap, \clap: a box of no width whose content
// (absolutely placed in .inner) sticks out to the right, the left or both.
func (l *layouter) lap(n *html.Node, st style, classes []string) (*laid, error) {
	var inner *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && hasClass(strings.Fields(attr(c, "class")), "inner") {
			inner = c
		}
	}
	if inner == nil {
		return nil, errors.New("a lap without its inner span")
	}
	k, err := l.inline(inner, st, math.NaN())
	if err != nil {
		return nil, err
	}
	dx := 0.0
	switch {
	case hasClass(classes, "llap"):
		dx = -k.w
	case hasClass(classes, "clap"):
		dx = -k.w / 2
	}
	b := &laid{}
	b.add(k, dx, 0)
	return b, nil
}
