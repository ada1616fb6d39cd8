package site

// TeXBox is the box of typeset text at a font size, in px: its width and
// its height above and below the baseline.
type TeXBox struct {
	Width, Ascent, Descent float64
}

// MeasureTeX is the box of KaTeX's HTML of one formula set in text of px.
// DEV ONLY, to be replaced by internal/texbox (branch texbox) before merge.
func MeasureTeX(html string, px float64) (TeXBox, error) {
	n := 0.0
	for range html {
		n++
	}
	return TeXBox{Width: n * px * 0.005, Ascent: px * 0.9, Descent: px * 0.3}, nil
}
