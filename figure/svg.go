package figure

import (
	"bufio"
	"bytes"
	"hash/fnv"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/tdewolff/canvas"
)

// SVGOptions say how WriteSVG writes a Scene.
type SVGOptions struct {
	// Width and Height are the width and height attributes, in px: the
	// size the picture is shown at, which scales the Scene's own (its
	// viewBox). Zero means the Scene's size.
	Width, Height float64
	// Responsive leaves out the width and height attributes, so that the
	// picture takes the width its container gives it (CSS scales it).
	Responsive bool
	// Title names the picture for readers of assistive technology: the
	// <title> element and aria-label of the root, which has role="img".
	// Desc, when given, is a longer description (<desc>).
	Title, Desc string
	// EmbedFont carries the chart font in the SVG (svgfont.go), cut to
	// the characters its texts draw: for a picture shown where the page's
	// web font is not loaded (a feed).
	EmbedFont bool
	// Named gives the path items it holds (by index) the id SharedID
	// names, for another picture on the same page to reuse (MatchPaths);
	// their strokes keep their width when drawn scaled.
	Named map[int]bool
	// Reuse draws the path items it holds (by index) as a <use> of a path
	// another picture on the page names (href "#" + SharedID: the page
	// makes the ids its own), moved and scaled.
	Reuse map[int]Reuse
}

// WriteSVG writes s as an SVG 1.1 document: coordinates in the Scene's px
// (the viewBox), rounded to 0.1 px; a solid line denser than four points
// a half pixel, as only the points that make its ink (thin.go); text as
// <text> in DejaVu Sans, so that
// it stays selectable and searchable; clip rectangles as <clipPath>.
// Everything that comes from the Scene (texts, colours) is escaped, and
// an item that cannot be drawn (a non-finite coordinate, a path of one
// point) is left out, so that what it writes is always well-formed XML.
func WriteSVG(w io.Writer, s *Scene, opts SVGOptions) error {
	inks, err := texInks(s)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	sw := svgWriter{w: bw, out: bw, inks: inks, named: opts.Named, reuse: opts.Reuse}
	if opts.EmbedFont {
		css, err := svgFontFaces(s)
		if err != nil {
			return err
		}
		sw.fontCSS = css
	}
	sw.scene(s, opts)
	return bw.Flush()
}

type svgWriter struct {
	w   svgOut        // where the methods write: out, or an item's buffer
	out *bufio.Writer // the document
	num []byte        // scratch for numbers
	buf []cmd         // scratch for outlines

	groupStyle []byte               // the style of the group open
	fontCSS    string               // the @font-face rules of an embedded font, or ""
	inks       map[int]*canvas.Path // the ink of the tex items, by index (texInks)
	named      map[int]bool         // SVGOptions.Named
	reuse      map[int]Reuse        // SVGOptions.Reuse
}

type svgOut interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

// svgItem is one element as written: head (the tag and geometry), style
// (its paint and font attributes, which items in a row with the same
// style share on a group), tail (what is its own after them: opacity, the
// end of the tag, the text).
type svgItem struct {
	bytes.Buffer
	head, style int // the ends of head and style in the buffer
	clip        int
	// named: a path another picture reuses (SVGOptions.Named), whose
	// paint goes on a group around it, so that a <use> of it takes the
	// <use>'s paint (and site.css's dark colours for it)
	named bool
}

func (it *svgItem) styleBytes() []byte { return it.Bytes()[it.head:it.style] }

func (sw *svgWriter) str(s string) { sw.w.WriteString(s) }

// n writes v rounded to 0.1, shortest: "12", "12.5", "-.5", "0".
func (sw *svgWriter) n(v float64) { sw.nPrec(v, 10) }

// nPrec writes v rounded to 1/scale (scale a power of ten).
func (sw *svgWriter) nPrec(v, scale float64) {
	if !finite(v) {
		v = 0
	}
	v = math.Round(v*scale) / scale
	if v == 0 {
		v = 0 // no "-0"
	}
	b := strconv.AppendFloat(sw.num[:0], v, 'f', -1, 64)
	switch {
	case len(b) > 1 && b[0] == '0' && b[1] == '.':
		b = b[1:]
	case len(b) > 2 && b[0] == '-' && b[1] == '0' && b[2] == '.':
		b[1] = '-'
		b = b[1:]
	}
	sw.num = b[:0]
	sw.w.Write(b)
}

// attrNum writes ` name="v"`.
func (sw *svgWriter) attrNum(name string, v float64) {
	sw.str(" ")
	sw.str(name)
	sw.str(`="`)
	sw.n(v)
	sw.str(`"`)
}

// attr writes ` name="value"`, value escaped.
func (sw *svgWriter) attr(name, value string) {
	sw.str(" ")
	sw.str(name)
	sw.str(`="`)
	sw.esc(value)
	sw.str(`"`)
}

// esc writes s escaped for XML text and attribute values: the markup
// characters as references, and what XML 1.0 does not allow in a document
// (control characters other than tab, newline and carriage return, lone
// surrogates, U+FFFE and U+FFFF, bytes that are not UTF-8) as U+FFFD.
// Tab, newline and carriage return are written as references, so that an
// attribute keeps them.
func (sw *svgWriter) esc(s string) {
	last := 0
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		var rep string
		switch {
		case r == '<':
			rep = "&lt;"
		case r == '>':
			rep = "&gt;"
		case r == '&':
			rep = "&amp;"
		case r == '"':
			rep = "&quot;"
		case r == '\'':
			rep = "&#39;"
		case r == '\t':
			rep = "&#9;"
		case r == '\n':
			rep = "&#10;"
		case r == '\r':
			rep = "&#13;"
		case r < 0x20, r == 0x7f, r == utf8.RuneError && size == 1, r == 0xfffe, r == 0xffff, r >= 0x80 && r <= 0x9f:
			rep = "\uFFFD"
		default:
			i += size
			continue
		}
		sw.str(s[last:i])
		sw.str(rep)
		i += size
		last = i
	}
	sw.str(s[last:])
}

// paint writes a fill or stroke colour attribute. A colour is written as
// given when it is made of the characters CSS colours are written with,
// and as nothing (not painted) otherwise.
func (sw *svgWriter) paint(name, c string) {
	if c == "" {
		return
	}
	if !cssColorChars(c) {
		c = "none"
	}
	sw.attr(name, c)
}

func cssColorChars(c string) bool {
	if len(c) > 64 {
		return false
	}
	for i := 0; i < len(c); i++ {
		b := c[i]
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '#' || b == '(' || b == ')' || b == ',' || b == '.' || b == '%' || b == ' ' || b == '-' || b == '/') {
			return false
		}
	}
	return true
}

// clipID is the id of the clipPath of a rectangle: a hash of the
// rectangle itself, so that two pictures in one page (the same document)
// that share an id share the rectangle too.
func clipID(r Rect) string {
	h := fnv.New64a()
	var b [32]byte
	for i, v := range []float64{r.X, r.Y, r.W, r.H} {
		bits := math.Float64bits(math.Round(v*10) / 10)
		for j := range 8 {
			b[i*8+j] = byte(bits >> (8 * j))
		}
	}
	h.Write(b[:])
	return "c" + strconv.FormatUint(h.Sum64()&0xffffffffff, 36)
}

func (sw *svgWriter) scene(s *Scene, opts SVGOptions) {
	W, H := s.Width, s.Height
	if !finite(W, H) || W < 0 || H < 0 {
		W, H = 0, 0
	}
	sw.str(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 `)
	sw.n(W)
	sw.str(" ")
	sw.n(H)
	sw.str(`"`)
	if !opts.Responsive {
		w, h := opts.Width, opts.Height
		if w <= 0 || !finite(w) {
			w = W
		}
		if h <= 0 || !finite(h) {
			h = H
		}
		sw.attrNum("width", w)
		sw.attrNum("height", h)
	}
	sw.str(` role="img"`)
	if opts.Title != "" {
		sw.attr("aria-label", opts.Title)
	}
	// xml:space keeps the spaces of labels as the canvas draws them.
	if sw.fontCSS != "" {
		sw.str(` font-family="` + EmbeddedFamily + `, ` + FontFamily + `"`)
	} else {
		sw.str(` font-family="` + FontFamily + `"`)
	}
	sw.str(` font-size="12" xml:space="preserve">`)
	if opts.Title != "" {
		sw.str("<title>")
		sw.esc(opts.Title)
		sw.str("</title>")
	}
	if opts.Desc != "" {
		sw.str("<desc>")
		sw.esc(opts.Desc)
		sw.str("</desc>")
	}
	if sw.fontCSS != "" {
		sw.str("<defs><style>")
		sw.str(sw.fontCSS) // base64 and CSS punctuation: nothing to escape
		sw.str("</style></defs>")
	}
	ids := make([]string, len(s.Clips))
	if len(s.Clips) > 0 {
		sw.str("<defs>")
		seen := map[string]bool{}
		for i, r := range s.Clips {
			ids[i] = clipID(r)
			if seen[ids[i]] {
				continue
			}
			seen[ids[i]] = true
			sw.str(`<clipPath id="`)
			sw.str(ids[i])
			sw.str(`"><rect`)
			sw.attrNum("x", r.X)
			sw.attrNum("y", r.Y)
			sw.attrNum("width", max(r.W, 0))
			sw.attrNum("height", max(r.H, 0))
			sw.str("/></clipPath>")
		}
		sw.str("</defs>")
	}
	if s.Background != "" {
		sw.str(`<rect width="100%" height="100%"`)
		sw.paint("fill", s.Background)
		sw.str("/>")
	}
	// Items in a row with the same clip share one group, and within it
	// items in a row with the same style one more.
	var cur, next svgItem
	has := sw.item(s, 0, &cur)
	openClip, styled := 0, false
	for i := range s.Items {
		if !has {
			has = sw.item(s, i+1, &cur)
			continue
		}
		hasNext := sw.item(s, i+1, &next)
		if cur.clip != openClip || (styled && !bytes.Equal(cur.styleBytes(), sw.groupStyle)) {
			if styled {
				sw.out.WriteString("</g>")
				styled = false
			}
		}
		if cur.clip != openClip {
			if openClip != 0 {
				sw.out.WriteString("</g>")
			}
			if cur.clip != 0 {
				sw.out.WriteString(`<g clip-path="url(#`)
				sw.out.WriteString(ids[cur.clip-1])
				sw.out.WriteString(`)">`)
			}
			openClip = cur.clip
		}
		b := cur.Bytes()
		st := cur.styleBytes()
		if !styled && len(st) > 0 && (cur.named || hasNext && next.clip == cur.clip && bytes.Equal(next.styleBytes(), st)) {
			sw.out.WriteString("<g")
			sw.out.Write(st)
			sw.out.WriteString(">")
			sw.groupStyle = append(sw.groupStyle[:0], st...)
			styled = true
		}
		sw.out.Write(b[:cur.head])
		if !styled {
			sw.out.Write(st)
		}
		sw.out.Write(b[cur.style:])
		cur, next = next, cur
		has = hasNext
	}
	if styled {
		sw.out.WriteString("</g>")
	}
	if openClip != 0 {
		sw.out.WriteString("</g>")
	}
	sw.out.WriteString("</svg>\n")
}

// item writes the item i of s into it, reporting whether it is drawn
// (false too past the last item).
func (sw *svgWriter) item(s *Scene, i int, it *svgItem) bool {
	it.Reset()
	it.head, it.style, it.named = 0, 0, false
	if i >= len(s.Items) {
		return false
	}
	item := &s.Items[i]
	it.clip = item.Clip
	if it.clip < 0 || it.clip > len(s.Clips) {
		it.clip = 0
	}
	sw.w = it
	defer func() { sw.w = sw.out }()
	switch item.Kind {
	case "path":
		if r, ok := sw.reuse[i]; ok {
			sw.use(item, r, it)
		} else {
			it.named = sw.named[i]
			sw.path(item, it.named, i, it)
		}
	case "symbol":
		sw.symbol(item, it)
	case "text":
		sw.text(item, it)
	case "tex":
		sw.tex(item, sw.inks[i], it)
	}
	return it.Len() > 0
}

// style writes the paint attributes of a path or symbol, its opacity
// (which a group cannot share: it would make the group's opacity) and the
// end of the tag, marking where the style starts and ends in it.
func (sw *svgWriter) style(it *svgItem, fill, stroke string, lw float64, dash []float64, opacity float64) {
	sw.styleTag(it, fill, stroke, lw, dash)
	sw.opacity(opacity)
	sw.str("/>")
}

// styleTag writes the paint attributes of style, marking where they start
// and end, without the opacity and the end of the tag.
func (sw *svgWriter) styleTag(it *svgItem, fill, stroke string, lw float64, dash []float64) {
	it.head = it.Len()
	if fill == "" {
		fill = "none"
	}
	sw.paint("fill", fill)
	if stroke != "" {
		sw.paint("stroke", stroke)
		if lw != 1 && finite(lw) && lw > 0 {
			sw.str(` stroke-width="`)
			sw.nPrec(lw, 100)
			sw.str(`"`)
		}
		if d := dashes(dash); d != nil {
			sw.str(` stroke-dasharray="`)
			for i, v := range d {
				if i > 0 {
					sw.str(" ")
				}
				sw.nPrec(v, 100)
			}
			sw.str(`"`)
		}
	}
	it.style = it.Len()
}

func (sw *svgWriter) opacity(op float64) {
	if op > 0 && op < 1 {
		sw.str(` opacity="`)
		sw.nPrec(op, 1000)
		sw.str(`"`)
	}
}

// use writes a path item as a <use> of the path another picture names:
// the same paint (which a group may share; the path's own attributes,
// its opacity among them, come with it).
func (sw *svgWriter) use(it *Item, r Reuse, out *svgItem) {
	sw.str(`<use href="#`)
	sw.str(SharedID(r.Ref))
	sw.str(`" transform="matrix(`)
	sw.g(r.Sx)
	sw.str(" 0 0 ")
	sw.g(r.Sy)
	sw.str(" ")
	sw.nPrec(r.Tx, 1000)
	sw.str(" ")
	sw.nPrec(r.Ty, 1000)
	sw.str(`)"`)
	lw := it.LineWidth
	if lw == 0 {
		lw = 1
	}
	sw.styleTag(out, it.Fill, it.Stroke, lw, it.Dash)
	sw.str("/>")
}

// g writes v in the fewest digits that read back as v, without a leading
// zero.
func (sw *svgWriter) g(v float64) {
	b := strconv.AppendFloat(sw.num[:0], v, 'f', -1, 64)
	if len(b) > 1 && b[0] == '0' && b[1] == '.' {
		b = b[1:]
	}
	sw.num = b[:0]
	sw.w.Write(b)
}

// path writes a path item; named, with the id SharedID(i) gives it and
// a stroke that keeps its width where a <use> scales it.
func (sw *svgWriter) path(it *Item, named bool, i int, out *svgItem) {
	p := it.Points
	if len(p) < 4 || !finite(p...) || (it.Fill == "" && it.Stroke == "") {
		return
	}
	lw := it.LineWidth
	if lw == 0 {
		lw = 1
	}
	if !it.Close && it.Fill == "" && len(it.Dash) == 0 {
		p = thinLine(p, thinColumn) // a dense line: the points that make its ink (thin.go)
	}
	sw.str(`<path`)
	if named {
		sw.str(` id="`)
		sw.str(SharedID(i))
		sw.str(`"`)
		if it.Stroke != "" {
			sw.str(` vector-effect="non-scaling-stroke"`)
		}
	}
	sw.str(` d="M`)
	// Relative moves after the first point, each from the rounded point
	// before, so that rounding does not add up.
	px, py := math.Round(p[0]*10)/10, math.Round(p[1]*10)/10
	sw.n(px)
	sw.sep(py)
	sw.n(py)
	// A step along an axis is written as h or v: a band's outline and a
	// step line are mostly such steps.
	var op byte
	for i := 2; i+1 < len(p); i += 2 {
		x, y := math.Round(p[i]*10)/10, math.Round(p[i+1]*10)/10
		dx, dy := x-px, y-py
		next, first, second := byte('l'), dx, dy
		switch {
		case math.Round(dy*10) == 0:
			next, first = 'h', dx
		case math.Round(dx*10) == 0:
			next, first = 'v', dy
		}
		if next != op {
			sw.w.WriteByte(next)
			op = next
		} else {
			sw.sep(first)
		}
		sw.n(first)
		if next == 'l' {
			sw.sep(second)
			sw.n(second)
		}
		px, py = x, y
	}
	if it.Close {
		sw.str("z")
	}
	sw.str(`"`)
	sw.style(out, it.Fill, it.Stroke, lw, it.Dash, it.Opacity)
}

// sep writes the separator before a number in path data: none before a
// minus sign, a space otherwise.
func (sw *svgWriter) sep(next float64) {
	if math.Round(next*10) >= 0 {
		sw.str(" ")
	}
}

func (sw *svgWriter) symbol(it *Item, out *svgItem) {
	if !finite(it.X, it.Y, it.Size, it.Rotate) || it.Size <= 0 {
		return
	}
	shape, fill, stroke, lw := symbolStyle(it)
	if fill == "" && stroke == "" {
		return
	}
	x, y := math.Round(it.X*10)/10, math.Round(it.Y*10)/10
	if shape == "circle" {
		sw.str(`<circle`)
		sw.attrNum("cx", x)
		sw.attrNum("cy", y)
		sw.str(` r="`)
		sw.nPrec(it.Size/2, 100)
		sw.str(`"`)
	} else {
		var line bool
		sw.buf, line = symbolShape(sw.buf[:0], shape, x, y, it.Size)
		if len(sw.buf) == 0 {
			return
		}
		if line {
			fill, stroke = lineSymbolPaints(fill, stroke)
		}
		sw.str(`<path d="`)
		sw.outline(sw.buf)
		sw.str(`"`)
	}
	if it.Rotate != 0 {
		sw.rotate(it.Rotate, x, y)
	}
	sw.style(out, fill, stroke, lw, it.Dash, it.Opacity)
}

// outline writes path data for cmds, in absolute coordinates.
func (sw *svgWriter) outline(cmds []cmd) {
	for _, c := range cmds {
		switch c.op {
		case opMove, opLine:
			sw.w.WriteByte(c.op)
			sw.n(c.a[0])
			sw.str(" ")
			sw.n(c.a[1])
		case opCube:
			sw.str("C")
			for i := range 6 {
				if i > 0 {
					sw.str(" ")
				}
				sw.n(c.a[i])
			}
		case opArc:
			ox, oy, r := c.a[0], c.a[1], c.a[2]
			parts, n := arcParts(c.a[3], c.a[4])
			for _, part := range parts[:n] {
				from, to := part[0], part[1]
				ex, ey := ox+r*math.Cos(to), oy+r*math.Sin(to)
				sw.str("A")
				sw.nPrec(r, 100)
				sw.str(" ")
				sw.nPrec(r, 100)
				sw.str(" 0 ")
				if math.Abs(to-from) > math.Pi {
					sw.str("1 ")
				} else {
					sw.str("0 ")
				}
				if to > from {
					sw.str("1 ")
				} else {
					sw.str("0 ")
				}
				sw.n(ex)
				sw.str(" ")
				sw.n(ey)
			}
		case opClose:
			sw.str("Z")
		}
	}
}

func (sw *svgWriter) rotate(deg, x, y float64) {
	sw.str(` transform="rotate(`)
	sw.nPrec(deg, 100)
	sw.str(" ")
	sw.n(x)
	sw.str(" ")
	sw.n(y)
	sw.str(`)"`)
}

func (sw *svgWriter) text(it *Item, out *svgItem) {
	size := fontSize(it)
	if it.Text == "" || !finite(it.X, it.Y, size, it.Rotate) || size <= 0 {
		return
	}
	x, y := math.Round(it.X*10)/10, math.Round(it.Y*10)/10
	sw.str("<text")
	sw.attrNum("x", x)
	// the baseline, placed here rather than by dominant-baseline, so that
	// the PDF and PNG writers put it at the same height
	sw.attrNum("y", y+BaselineShift(it.Baseline, size, it.Weight))
	if it.Rotate != 0 {
		sw.rotate(it.Rotate, x, y)
	}
	out.head = out.Len()
	if size != 12 {
		sw.str(` font-size="`)
		sw.nPrec(size, 100)
		sw.str(`"`)
	}
	if bold(it.Weight) {
		sw.str(` font-weight="bold"`)
	}
	switch it.Anchor {
	case "middle", "center":
		sw.str(` text-anchor="middle"`)
	case "end", "right":
		sw.str(` text-anchor="end"`)
	}
	fill := it.Fill
	if fill == "" {
		fill = "#000"
	}
	sw.paint("fill", fill)
	if it.Stroke != "" {
		// a halo: the stroke under the fill
		lw := it.LineWidth
		if lw <= 0 || !finite(lw) {
			lw = 1
		}
		sw.paint("stroke", it.Stroke)
		sw.str(` stroke-width="`)
		sw.nPrec(lw, 100)
		sw.str(`" stroke-linejoin="round" paint-order="stroke"`)
	}
	out.style = out.Len()
	sw.opacity(it.Opacity)
	sw.str(">")
	sw.esc(it.Text)
	sw.str("</text>")
}
