package figure

import (
	"fmt"
	"math"

	"github.com/scalesite/scalesite/internal/texbox"
	"github.com/tdewolff/canvas"
)

// texInks lays out the Scene's "tex" items with texbox: each one's ink in
// Scene px, by its index, or nil for a Scene without one. A formula texbox
// cannot lay out is an error naming the item: the caller draws the plain
// form of the title instead, rather than a formula drawn wrong.
func texInks(s *Scene) (map[int]*canvas.Path, error) {
	var inks map[int]*canvas.Path
	for i := range s.Items {
		it := &s.Items[i]
		if it.Kind != "tex" {
			continue
		}
		ink, err := texInk(it)
		if err != nil {
			return nil, fmt.Errorf("figure: item %d (%s): %w", i, it.Role, err)
		}
		if inks == nil {
			inks = map[int]*canvas.Path{}
		}
		inks[i] = ink
	}
	return inks, nil
}

// texInk is a tex item's ink in Scene px: the formula set at its font
// size, its box placed by Anchor and Baseline at X, Y and turned by Rotate
// about X, Y. Nil when there is nothing to draw.
func texInk(it *Item) (*canvas.Path, error) {
	size := fontSize(it)
	if it.HTML == "" || !finite(it.X, it.Y, size, it.Rotate) || size <= 0 {
		return nil, nil
	}
	b, err := texbox.Layout(it.HTML, size)
	if err != nil {
		return nil, err
	}
	p, err := b.Outline()
	if err != nil {
		return nil, err
	}
	x := it.X
	switch it.Anchor {
	case "middle", "center":
		x -= b.Width / 2
	case "end", "right":
		x -= b.Width
	}
	y := it.Y
	switch it.Baseline {
	case "top", "hanging":
		y += b.Ascent
	case "bottom", "ideographic":
		y -= b.Descent
	case "middle":
		y += (b.Ascent - b.Descent) / 2
	}
	m := canvas.Identity.Translate(x, y)
	if it.Rotate != 0 {
		m = canvas.Identity.RotateAbout(it.Rotate, it.X, it.Y).Mul(m)
	}
	return p.Transform(m), nil
}

// texBounds is the rectangle a tex item's ink lies in.
func texBounds(ink *canvas.Path) Rect {
	b := ink.FastBounds()
	return Rect{X: b.X0, Y: b.Y0, W: b.X1 - b.X0, H: b.Y1 - b.Y0}
}

// tex draws a tex item's ink, filled in its Fill colour (black if none)
// with the nonzero rule. Like text, it is left out when it lies wholly
// outside its clip, drawn whole otherwise.
func (d *drawer) tex(it *Item, ink *canvas.Path) {
	if ink == nil || ink.Empty() || (d.clip != nil && !overlaps(texBounds(ink), *d.clip)) {
		return
	}
	fill := it.Fill
	if fill == "" {
		fill = "#000"
	}
	if hasFill, _ := d.style(fill, "", 0, nil, it.Opacity, canvas.MiterJoin); !hasFill {
		return
	}
	d.ctx.Style.FillRule = canvas.NonZero
	// Scene px, y down, to the page: x·k + ox, (h - y)·k + oy
	m := canvas.Identity.Translate(d.ox, d.oy+d.h*d.k).Scale(d.k, -d.k)
	d.ctx.DrawPath(0, 0, ink.Copy().Transform(m))
}

// tex writes a tex item's ink as one path, to the hundredth of a px (a
// glyph's curves at a tenth would wobble).
func (sw *svgWriter) tex(it *Item, ink *canvas.Path, out *svgItem) {
	if ink == nil || ink.Empty() {
		return
	}
	sw.str(`<path d="`)
	scan := ink.ReplaceArcs().Scanner()
	pt := func(p canvas.Point) {
		sw.nPrec(p.X, 100)
		if math.Round(p.Y*100) >= 0 {
			sw.str(" ")
		}
		sw.nPrec(p.Y, 100)
	}
	for scan.Scan() {
		switch scan.Cmd() {
		case canvas.MoveToCmd:
			sw.str("M")
			pt(scan.End())
		case canvas.LineToCmd:
			sw.str("L")
			pt(scan.End())
		case canvas.QuadToCmd:
			sw.str("Q")
			pt(scan.CP1())
			sw.str(" ")
			pt(scan.End())
		case canvas.CubeToCmd:
			sw.str("C")
			pt(scan.CP1())
			sw.str(" ")
			pt(scan.CP2())
			sw.str(" ")
			pt(scan.End())
		case canvas.CloseCmd:
			sw.str("Z")
		}
	}
	sw.str(`"`)
	fill := it.Fill
	if fill == "" {
		fill = "#000"
	}
	sw.style(out, fill, "", 1, nil, it.Opacity)
}
