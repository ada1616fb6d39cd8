// Package texbox lays out KaTeX's HTML as a browser would, without one:
// the same typeset formula as vector outlines, for the figures scalesite
// draws at build time (the SVG picture, the PDF, SVG and PNG paper figure,
// the PNG card), so that a chart title in TeX looks there as it does in
// the live chart, where the page shows KaTeX's HTML itself.
//
// There is one typesetter, KaTeX (internal/katex): texbox reads its HTML
// and does what katex.css asks of the subset KaTeX emits (inline spans
// with fonts and sizes from their classes, vlists placed by their top
// offsets, struts, spaces, rules, and the inline SVG of square roots,
// stretchy arrows and wide accents), with glyph advances and outlines from
// KaTeX's own WOFF2 fonts. What it does not know how to lay out is an
// error naming the class, property or element, never a guess.
package texbox

import (
	"github.com/tdewolff/canvas"
)

// Box is a typeset formula in CSS px: its origin at the left end of the
// baseline, y down. Ascent and Descent are KaTeX's own extent of the
// formula (its struts), the box a line of text would make room for.
type Box struct {
	Width, Ascent, Descent float64
	// Glyphs are the characters drawn, in the order of the HTML.
	Glyphs []Glyph
	// Rules are the filled rectangles (fraction bars, over- and
	// underlines).
	Rules []Rect
	// Drawings are the viewports of the inline SVG drawings (square roots,
	// stretchy arrows, wide accents), each cutting its drawing.
	Drawings []Rect
	// shapes are the drawings, placed; Outline cuts them.
	shapes []shape
}

// Glyph is one character drawn from one of KaTeX's fonts.
type Glyph struct {
	Rune rune
	Font string  // the font file, without .woff2: "KaTeX_Math-Italic"
	X, Y float64 // the glyph's origin on its baseline
	Size float64 // the font size, px
	// Advance is the glyph's advance width, px.
	Advance float64
	// Ascent and Descent are the font's (hhea) at Size, px: the box a
	// browser reports for the character spans Y-Ascent to Y+Descent.
	Ascent, Descent float64

	face *face
	id   uint16
}

// Rect is a rectangle in px, y down.
type Rect struct{ X, Y, W, H float64 }

// Outline is the formula's ink as one path to fill with the nonzero rule,
// in px with y down, the origin at the left end of the baseline: the
// outlines of its glyphs, its rules as rectangles and its drawings.
func (b *Box) Outline() (*canvas.Path, error) {
	p := &canvas.Path{}
	for _, g := range b.Glyphs {
		if err := g.face.outline(p, g.id, g.X, g.Y, g.Size); err != nil {
			return nil, err
		}
	}
	for _, r := range b.Rules {
		p = p.Append(canvas.Rectangle(r.W, r.H).Translate(r.X, r.Y))
	}
	for _, s := range b.shapes {
		p = p.Append(s.path())
	}
	return p, nil
}
