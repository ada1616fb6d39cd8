package figure

import (
	"math"
	"strconv"
	"strings"
)

// What every writer draws alike: the outlines of the symbols, where a line
// of text sits, the colours. The writers differ only in how they put it on
// the page.

// cmd is one command of an outline in CSS px: moveTo (x, y), lineTo
// (x, y), cubeTo (x1, y1, x2, y2, x, y), arc (centre x, y, radius, from
// and to angle in radians, clockwise on the screen when to > from, from the
// current point, which is on the circle at from), close.
type cmd struct {
	op byte
	a  [6]float64
}

const (
	opMove  = 'M'
	opLine  = 'L'
	opCube  = 'C'
	opArc   = 'A'
	opClose = 'Z'
)

// symbolShape is the outline of a symbol of the Scene: shape (ECharts'
// name, "empty" prefix taken off by the caller) size px across centred at
// x, y, built as ECharts builds it (echarts/lib/util/symbol.js: a size ×
// size box with its top-left corner at x - size/2, y - size/2). An unknown
// shape is a rect, as in ECharts; "none" is nothing. line is true for
// "line", which is only stroked.
func symbolShape(dst []cmd, shape string, x, y, size float64) (out []cmd, line bool) {
	w, h := size, size
	x0, y0 := x-w/2, y-h/2
	m := func(x, y float64) { dst = append(dst, cmd{op: opMove, a: [6]float64{x, y}}) }
	l := func(x, y float64) { dst = append(dst, cmd{op: opLine, a: [6]float64{x, y}}) }
	c := func(x1, y1, x2, y2, x, y float64) {
		dst = append(dst, cmd{op: opCube, a: [6]float64{x1, y1, x2, y2, x, y}})
	}
	arc := func(cx, cy, r, a0, a1 float64) { dst = append(dst, cmd{op: opArc, a: [6]float64{cx, cy, r, a0, a1}}) }
	z := func() { dst = append(dst, cmd{op: opClose}) }
	switch shape {
	case "none", "":
		return dst, false
	case "line":
		m(x0, y0+h/2)
		l(x0+w, y0+h/2)
		return dst, true
	case "circle":
		r := min(w, h) / 2
		m(x+r, y)
		arc(x, y, r, 0, 2*math.Pi)
		z()
	case "roundRect":
		r := min(w, h) / 4
		m(x0+r, y0)
		l(x0+w-r, y0)
		arc(x0+w-r, y0+r, r, -math.Pi/2, 0)
		l(x0+w, y0+h-r)
		arc(x0+w-r, y0+h-r, r, 0, math.Pi/2)
		l(x0+r, y0+h)
		arc(x0+r, y0+h-r, r, math.Pi/2, math.Pi)
		l(x0, y0+r)
		arc(x0+r, y0+r, r, math.Pi, 3*math.Pi/2)
		z()
	case "triangle":
		m(x, y0)
		l(x+w/2, y0+h)
		l(x-w/2, y0+h)
		z()
	case "diamond":
		m(x, y0)
		l(x+w/2, y)
		l(x, y0+h)
		l(x-w/2, y)
		z()
	case "pin":
		// the cusp at x, y; the head above it
		pw := w / 5 * 3
		ph := max(pw, h)
		r := pw / 2
		dy := r * r / (ph - r)
		cy := y - ph + r + dy
		angle := math.Asin(dy / r)
		dx := math.Cos(angle) * r
		tanX, tanY := math.Sin(angle), math.Cos(angle)
		cpLen, cpLen2 := r*0.6, r*0.7
		m(x-dx, cy+dy)
		arc(x, cy, r, math.Pi-angle, 2*math.Pi+angle)
		c(x+dx-tanX*cpLen, cy+dy+tanY*cpLen, x, y-cpLen2, x, y)
		c(x, y-cpLen2, x-dx+tanX*cpLen, cy+dy+tanY*cpLen, x-dx, cy+dy)
		z()
	case "arrow":
		dx := w / 3 * 2
		m(x, y)
		l(x+dx, y+h)
		l(x, y+h/4*3)
		l(x-dx, y+h)
		z()
	default: // rect, square and anything ECharts does not know
		m(x0, y0)
		l(x0+w, y0)
		l(x0+w, y0+h)
		l(x0, y0+h)
		z()
	}
	return dst, false
}

// symbolStyle resolves a symbol's shape and paints: an "empty" shape
// ("emptyCircle") is the shape's outline stroked in Stroke (else Fill) and
// filled with Fill if Stroke was given (else white), 2 px wide unless
// LineWidth says, as ECharts draws it.
func symbolStyle(it *Item) (shape, fill, stroke string, lw float64) {
	shape, fill, stroke, lw = it.Shape, it.Fill, it.Stroke, it.LineWidth
	if rest, ok := strings.CutPrefix(shape, "empty"); ok && rest != "" {
		shape = strings.ToLower(rest[:1]) + rest[1:]
		if stroke == "" {
			stroke, fill = fill, "#fff"
		}
		if lw == 0 {
			lw = 2
		}
	}
	if stroke != "" && lw == 0 {
		lw = 1
	}
	return shape, fill, stroke, lw
}

// lineSymbolPaints are the paints of a symbol symbolShape draws as lines
// (line true): it has no inside to fill, so it is stroked, in its fill
// colour when it has no stroke of its own.
func lineSymbolPaints(fill, stroke string) (string, string) {
	if stroke == "" {
		stroke = fill
	}
	return "", stroke
}

// BaselineShift is how far below Y the alphabetic baseline of a line of
// text lies for its Baseline, in px, as Chromium's canvas places
// textBaseline (TextMetrics::GetFontBaseline): "top" and "bottom" are the
// edges of the em box, which the font's typographic ascent and descent
// divide (DejaVu Sans: 1556 and 492 of 2048 units), rounded to 1/64 px
// (a LayoutUnit); "middle" is halfway between them; "alphabetic" (and
// anything else) the baseline itself. Every writer places text by it, so the
// SVG, PDF and PNG agree with one another and with the live chart.
func BaselineShift(base string, size float64, weight int) float64 {
	f := faceFor(weight)
	a := math.Round(f.typoAscent/f.typoHeight*size*64) / 64
	d := size - a
	switch base {
	case "top", "hanging":
		return a
	case "bottom", "ideographic":
		return -d
	case "middle":
		return (a - d) / 2
	}
	return 0
}

// anchorShift is how far left of X a line of text starts for its Anchor.
func anchorShift(anchor, text string, size float64, weight int) float64 {
	switch anchor {
	case "middle", "center":
		return Measure(text, size, weight) / 2
	case "end", "right":
		return Measure(text, size, weight)
	}
	return 0
}

// fontSize is the size of a text item: 12 px (ECharts' default) when
// the Scene gives none.
func fontSize(it *Item) float64 {
	if it.FontSize == 0 {
		return 12
	}
	return it.FontSize
}

// finite reports whether every value is a finite number: an item with an
// infinite or NaN coordinate is not drawn.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// dashes returns the dash pattern to draw, or nil for a solid line: a
// pattern with a negative, non-finite or all-zero length is drawn solid, as
// canvas setLineDash ignores it.
func dashes(d []float64) []float64 {
	sum := 0.0
	for _, v := range d {
		if v < 0 || !finite(v) {
			return nil
		}
		sum += v
	}
	if sum <= 0 {
		return nil
	}
	return d
}

// RGBA is a colour with straight (not premultiplied) alpha in 0..1.
type rgba struct {
	r, g, b uint8
	a       float64
}

// parseColor reads a CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()
// and rgba() with numbers or percentages, and the few names charts use.
// ok is false for anything else, and for "none" and "transparent" (nothing
// to paint).
func parseColor(s string) (c rgba, ok bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if hex, found := strings.CutPrefix(s, "#"); found {
		var v [8]uint8
		for i := range len(hex) {
			h, ok := hexDigit(hex[i])
			if !ok {
				return c, false
			}
			if i < 8 {
				v[i] = h
			}
		}
		switch len(hex) {
		case 3, 4:
			c = rgba{v[0] * 17, v[1] * 17, v[2] * 17, 1}
			if len(hex) == 4 {
				c.a = float64(v[3]*17) / 255
			}
		case 6, 8:
			c = rgba{v[0]<<4 | v[1], v[2]<<4 | v[3], v[4]<<4 | v[5], 1}
			if len(hex) == 8 {
				c.a = float64(v[6]<<4|v[7]) / 255
			}
		default:
			return c, false
		}
		return c, c.a > 0
	}
	if args, found := strings.CutPrefix(s, "rgba("); found {
		s = "rgb(" + args
	}
	if args, found := strings.CutPrefix(s, "rgb("); found {
		args, found = strings.CutSuffix(args, ")")
		if !found {
			return c, false
		}
		parts := strings.FieldsFunc(args, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
		if len(parts) != 3 && len(parts) != 4 {
			return c, false
		}
		var v [4]float64
		v[3] = 1
		for i, p := range parts {
			pct := strings.HasSuffix(p, "%")
			f, err := strconv.ParseFloat(strings.TrimSuffix(p, "%"), 64)
			if err != nil || !finite(f) {
				return c, false
			}
			switch {
			case pct && i < 3:
				f = f * 255 / 100
			case pct:
				f /= 100
			}
			if i < 3 {
				f = math.Round(min(max(f, 0), 255))
			} else {
				f = min(max(f, 0), 1)
			}
			v[i] = f
		}
		c = rgba{uint8(v[0]), uint8(v[1]), uint8(v[2]), v[3]}
		return c, c.a > 0
	}
	if named, found := namedColors[s]; found {
		return rgba{uint8(named >> 16), uint8(named >> 8), uint8(named), 1}, true
	}
	return c, false
}

func hexDigit(b byte) (uint8, bool) {
	switch {
	case '0' <= b && b <= '9':
		return b - '0', true
	case 'a' <= b && b <= 'f':
		return b - 'a' + 10, true
	}
	return 0, false
}

var namedColors = map[string]uint32{
	"black": 0x000000, "white": 0xffffff, "red": 0xff0000, "green": 0x008000,
	"blue": 0x0000ff, "gray": 0x808080, "grey": 0x808080, "silver": 0xc0c0c0,
	"orange": 0xffa500, "yellow": 0xffff00, "purple": 0x800080, "navy": 0x000080,
	"teal": 0x008080, "maroon": 0x800000, "olive": 0x808000, "lime": 0x00ff00,
	"aqua": 0x00ffff, "cyan": 0x00ffff, "fuchsia": 0xff00ff, "magenta": 0xff00ff,
	"darkgray": 0xa9a9a9, "darkgrey": 0xa9a9a9, "lightgray": 0xd3d3d3, "lightgrey": 0xd3d3d3,
}

// arcParts splits the arc of angles a0 to a1 into the parts an arc command
// (SVG's, a PDF path's) draws: one, or two halves when it is over three
// quarters of a turn, since one arc command cannot draw a whole circle.
// Each part is its start and end angle; parts[:n] are the parts.
func arcParts(a0, a1 float64) (parts [2][2]float64, n int) {
	if math.Abs(a1-a0) <= math.Pi*1.5 {
		return [2][2]float64{{a0, a1}}, 1
	}
	mid := a0 + (a1-a0)/2
	return [2][2]float64{{a0, mid}, {mid, a1}}, 2
}
