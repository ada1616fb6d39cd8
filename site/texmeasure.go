package site

// DEV ONLY, to be replaced by internal/texbox (branch texbox) before merge.
func MeasureTeX(html string, px float64) (TeXBox, error) {
	n := 0.0
	for range html {
		n++
	}
	return TeXBox{Width: n * px * 0.05, Ascent: px * 0.9, Descent: px * 0.3}, nil
}
