package texbox

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// vlist lays out KaTeX's vertical list, an inline table (.vlist-t): its
// first row's cell (.vlist) is as tall as the list's height and holds its
// children as blocks of no height, each a line whose baseline is a strut
// (.pstrut) below the block's top, moved by the block's top offset. The
// cell's content sits at its bottom, on the table's baseline, so a child's
// baseline is pstrut + top below the list's. A second row, when there is
// one, is the list's depth. Each child line is aligned in the cell by the
// inherited text-align, after its margins; the cell is as wide as the
// widest child with its margins.
func (l *layouter) vlist(n *html.Node, st style, classes []string) (*laid, error) {
	saved := l.usedCB
	defer func() { l.usedCB = saved }()
	if p := n.Parent; p != nil {
		pc := strings.Fields(attr(p, "class"))
		// katex.css: .mfrac>span>span, .accent>.vlist-t, .op-limits>.vlist-t
		if hasClass(pc, "mfrac") || hasClass(pc, "accent") || hasClass(pc, "op-limits") {
			st.align = 0.5
		}
	}
	b := &laid{}
	var spacer, row int
	var cellW float64
	for r := n.FirstChild; r != nil; r = r.NextSibling {
		if r.Type != html.ElementNode || r.DataAtom != atom.Span || attr(r, "class") != "vlist-r" {
			return nil, errors.New("a vlist-t with a child other than a vlist-r")
		}
		for c := r.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom != atom.Span {
				return nil, errors.New("a vlist-r with a child other than a span")
			}
			switch attr(c, "class") {
			case "vlist-s":
				spacer++
				continue
			case "vlist":
			default:
				return nil, fmt.Errorf("a vlist-r with a cell of class %q", attr(c, "class"))
			}
			bs, err := parseStyle(attr(c, "style"))
			if err != nil {
				return nil, err
			}
			h := bs.height.px(st.size, 0)
			if row > 0 {
				if c.FirstChild != nil && (c.FirstChild.FirstChild != nil || c.FirstChild.NextSibling != nil) {
					return nil, errors.New("a vlist's depth row with content")
				}
				b.desc = max(b.desc, h)
				continue
			}
			b.asc = h
			w, err := l.cell(b, c, st)
			if err != nil {
				return nil, err
			}
			cellW = max(cellW, w)
		}
		row++
	}
	b.w = cellW
	if spacer > 0 && !hasClass(classes, "vlist-t2") {
		b.w += 2 * float64(spacer) // .vlist-s is 2px wide; .vlist-t2 takes it back
	}
	return b, nil
}

// child is one block of a vlist cell, laid out.
type child struct {
	*laid
	ml, mr, base float64
	align        float64
	relayout     func(cb float64) (*laid, error)
}

// cell lays out a vlist cell's children into b and returns its width.
func (l *layouter) cell(b *laid, c *html.Node, st style) (float64, error) {
	var kids []child
	width := 0.0
	for k := c.FirstChild; k != nil; k = k.NextSibling {
		if k.Type != html.ElementNode || k.DataAtom != atom.Span {
			return 0, errors.New("a vlist with a child other than a span")
		}
		kst := st
		classes := strings.Fields(attr(k, "class"))
		if err := classStyle(&kst, classes); err != nil {
			return 0, err
		}
		bs, err := parseStyle(attr(k, "style"))
		if err != nil {
			return 0, err
		}
		em := kst.size
		strut, err := pstrut(k)
		if err != nil {
			return 0, err
		}
		l.usedCB = false
		content, err := l.inline(k, kst, math.NaN())
		if err != nil {
			return 0, err
		}
		ch := child{laid: content, ml: bs.marginLeft.px(em, 0), mr: bs.marginRight.px(em, 0),
			base: bs.top.px(em, 0) + strut*em, align: kst.align}
		if l.usedCB {
			ch.relayout = func(cb float64) (*laid, error) { return l.inline(k, kst, cb) }
		}
		kids = append(kids, ch)
		width = max(width, ch.ml+ch.w+ch.mr)
	}
	for _, k := range kids {
		if k.relayout != nil {
			re, err := k.relayout(width - k.ml - k.mr)
			if err != nil {
				return 0, err
			}
			k.laid = re
		}
		x := k.ml + k.align*(width-k.ml-k.mr-k.w)
		b.add(k.laid, x, k.base)
	}
	return width, nil
}

// pstrut is the height, in em, of a vlist child's strut.
func pstrut(k *html.Node) (float64, error) {
	for c := k.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && attr(c, "class") == "pstrut" {
			bs, err := parseStyle(attr(c, "style"))
			if err != nil {
				return 0, err
			}
			return bs.height.v, nil
		}
	}
	return 0, errors.New("a vlist child without its pstrut")
}
