package site

import "github.com/scalesite/scalesite/internal/texbox"

// TeXBox is the box of typeset text at a font size, in px: its width and
// its height above and below the baseline.
type TeXBox struct {
	Width, Ascent, Descent float64
}

// MeasureTeX is the box of KaTeX's HTML of one formula set in text of px
// (KaTeX makes it 1.21 times as large), as the pictures draw it and the
// browser lays it out (internal/texbox). A formula texbox cannot lay out
// is an error.
func MeasureTeX(html string, px float64) (TeXBox, error) {
	b, err := texbox.Layout(html, px)
	if err != nil {
		return TeXBox{}, err
	}
	return TeXBox{Width: b.Width, Ascent: b.Ascent, Descent: b.Descent}, nil
}
