package figure

import "math"

// A line series of many points (a training log of 100,000 steps) crosses
// each pixel column of the plot dozens of times. Of the points in one
// column, a rasteriser's ink depends only on four: the first and the last
// (which join the neighbouring columns) and the lowest and highest (which
// bound the ink in between): M4 aggregation (Jugel et al., "M4: A
// Visualization-Oriented Time Series Data Aggregation", VLDB 2014), which
// draws the same pixels as the whole line. The SVG writer keeps those
// four per column of thinColumn px, which keeps a dense line's SVG a few
// kilobytes without a visible change.

// thinColumn is the width in px of the columns thinLine keeps four points
// of: half a CSS pixel, a device pixel of a 2x screen.
const thinColumn = 0.5

// thinLine returns the points (x0, y0, x1, y1, ...) of an open polyline
// that draw what p draws, at most four per column of col px: the first,
// the lowest, the highest and the last point of each run of points in
// one column, in their order. A polyline whose x does not only grow or
// only shrink (which M4's argument needs) is returned as it is, as is one
// with no more points than columns. It does not modify p.
func thinLine(p []float64, col float64) []float64 {
	n := len(p) / 2
	if n < 8 {
		return p
	}
	dir := 0.0 // the sign of x's steps, once one is not 0
	for i := 2; i+1 < len(p); i += 2 {
		d := p[i] - p[i-2]
		if d == 0 {
			continue
		}
		if dir == 0 {
			dir = math.Copysign(1, d)
		} else if math.Copysign(1, d) != dir {
			return p
		}
	}
	span := math.Abs(p[len(p)-2] - p[0])
	if float64(n) <= 4*(span/col+1) {
		return p // not denser than four points a column
	}
	out := make([]float64, 0, min(len(p), 8*int(span/col+2)))
	for i := 0; i < n; {
		c := math.Floor(p[2*i] / col)
		j, lo, hi := i, i, i // the run [i, j], its lowest and highest points
		for j+1 < n && math.Floor(p[2*(j+1)]/col) == c {
			j++
			if p[2*j+1] < p[2*lo+1] {
				lo = j
			}
			if p[2*j+1] > p[2*hi+1] {
				hi = j
			}
		}
		last := -1
		for _, k := range sortedFour(i, lo, hi, j) {
			if k != last {
				out = append(out, p[2*k], p[2*k+1])
				last = k
			}
		}
		i = j + 1
	}
	return out
}

// sortedFour returns a, b, c, d in increasing order.
func sortedFour(a, b, c, d int) [4]int {
	s := [4]int{a, b, c, d}
	for i := 1; i < 4; i++ {
		for k := i; k > 0 && s[k] < s[k-1]; k-- {
			s[k], s[k-1] = s[k-1], s[k]
		}
	}
	return s
}
