package chart

import (
	"math"

	"github.com/scalesite/scalesite/site"
)

// downsample thins a line series to about target points with
// Largest-Triangle-Three-Buckets (Steinarsson 2013, "Downsampling Time
// Series for Visual Representation", University of Iceland), so that a line
// of 20,000 points is drawn from about as many points as the plot has
// pixels across and still looks the same.
//
// pts must be sorted by X, as a line is drawn; a series that is not is
// returned unchanged. The triangles are measured in screen space: log10 of
// the value on a log axis (logX, logY), so that the points kept are the ones
// that stand out on the drawn chart, not in the raw numbers.
//
// LTTB's buckets hold equal counts of points, except on a log x axis,
// where they are of equal width in log10 x (widthEdges): a run logged at
// every step has nine in ten of its steps in its last decade, and buckets
// of equal count would draw nine in ten points there and starve the
// first decades. The line's spread is drawn by spreadSeries (band.go).
//
// Beyond what LTTB picks, the result always keeps:
//   - the first and last point of the series and of every segment;
//   - each segment's lowest and highest point (a spike survives);
//   - every point with a label in notes (it is drawn with its text);
//   - every gap point (Y is NaN, see site.Point.Gap): the series is cut at
//     its gaps, each segment gets a share of the target proportional to its
//     width on screen (at least 2), and the gaps stay between the segments,
//     so the line still breaks there.
//
// So the result can be a few points longer than target. It is a
// subsequence of pts (no point is made up or moved) and the same for the
// same input. When len(pts) <= target, pts itself is returned; a target
// below 2 counts as 2.
func downsample(pts []site.Point, notes *site.Notes, target int, logX, logY bool) []site.Point {
	if len(pts) <= target || len(pts) <= 2 {
		return pts
	}
	return downsampleAt(pts, notes, screenXs(pts, logX, nil), target, logX, logY, &lineScratch{})
}

// lineScratch is what thinning a line needs a value of per point beside sx
// (screen y, and which points are kept), kept from one series of a chart
// to the next: the ten runs of a million steps of a long log would
// otherwise make 9 MB afresh for each.
type lineScratch struct {
	sy   []float64
	keep []bool
}

// downsampleAt is downsample given sx, screenXs of pts, which the line's
// spread band (spreadBand) reads too: log10 of ten million steps is worth
// taking once. It works in scratch, which holds nothing it returns.
func downsampleAt(pts []site.Point, notes *site.Notes, sx []float64, target int, logX, logY bool, scratch *lineScratch) []site.Point {
	n := len(pts)
	if n <= target || n <= 2 {
		return pts
	}
	target = max(target, 2)
	for i := 1; i < n; i++ {
		if !(pts[i-1].X <= pts[i].X) { // also catches a NaN x
			return pts
		}
	}

	// Screen y, once per point.
	if cap(scratch.sy) < n {
		scratch.sy, scratch.keep = make([]float64, n), make([]bool, n)
	}
	sy, keep := scratch.sy[:n], scratch.keep[:n]
	for i, p := range pts {
		sy[i] = screen(p.Y, logY)
	}

	// Segments: the runs of drawn points between gaps.
	type segment struct{ lo, hi int } // pts[lo:hi]
	var segs []segment
	gaps := 0
	start := -1
	for i, p := range pts {
		if math.IsNaN(p.Y) {
			gaps++
			if start >= 0 {
				segs = append(segs, segment{start, i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		segs = append(segs, segment{start, n})
	}

	// Each segment's share of the target, by its width on screen; by its
	// number of points when widths cannot be compared (one x for all, or
	// an x a log axis cannot show).
	span := func(s segment) float64 { return sx[s.hi-1] - sx[s.lo] }
	total, count := 0.0, 0
	for _, s := range segs {
		total += span(s)
		count += s.hi - s.lo
	}
	byWidth := total > 0 && !math.IsInf(total, 0) && !math.IsNaN(total)
	budget := float64(max(target-gaps, 0))

	for i, p := range pts {
		keep[i] = notes.Label(p) != "" || math.IsNaN(p.Y)
	}
	for _, s := range segs {
		share := float64(s.hi-s.lo) / float64(count)
		if byWidth {
			share = span(s) / total
		}
		m := max(2, int(budget*share))
		k := keep[s.lo:s.hi]
		if s.hi-s.lo <= m {
			for i := range k {
				k[i] = true
			}
			continue
		}
		x := sx[s.lo:s.hi]
		edges := indexEdges(len(x), m)
		if logX {
			// On a log axis a run's steps crowd its last decade: buckets of
			// equal count would spend nine points in ten there. Buckets of
			// equal width on screen give each decade its share.
			if e, ok := widthEdges(x, m); ok {
				edges = e
			}
		}
		lttb(x, sy[s.lo:s.hi], edges, k)
		// The extremes, which LTTB may have passed over for a neighbour.
		lo, hi := s.lo, s.lo
		for i := s.lo + 1; i < s.hi; i++ {
			if pts[i].Y < pts[lo].Y {
				lo = i
			}
			if pts[i].Y > pts[hi].Y {
				hi = i
			}
		}
		keep[lo], keep[hi] = true, true
	}

	kept := 0
	for _, k := range keep {
		if k {
			kept++
		}
	}
	if kept == n {
		return pts
	}
	out := make([]site.Point, 0, kept)
	for i, k := range keep {
		if k {
			out = append(out, pts[i])
		}
	}
	return out
}

// screen is where v stands along an axis, up to a linear map: log10(v) on a
// log axis. A value a log axis cannot show gives -Inf or NaN; LTTB then
// never prefers it, but keeps it where it must (endpoints, extremes).
func screen(v float64, log bool) float64 {
	if log {
		return log10(v)
	}
	return v
}

// screenXs is screen(x, logX) of every point, in buf when it has room.
func screenXs(pts []site.Point, logX bool, buf []float64) []float64 {
	sx := buf[:0]
	if cap(sx) < len(pts) {
		sx = make([]float64, 0, len(pts))
	}
	for _, p := range pts {
		sx = append(sx, screen(p.X, logX))
	}
	return sx
}

// lttb marks in keep the points of (x, y) that LTTB keeps: the first, the
// last, and from each bucket [edges[i], edges[i+1]) the point that makes
// the largest triangle with the point kept before it and the mean of the
// next bucket (of the last point, for the last bucket). edges runs from 1
// to len(x)-1 and every bucket holds a point.
func lttb(x, y []float64, edges []int, keep []bool) {
	n := len(x)
	keep[0], keep[n-1] = true, true
	a := 0
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		nlo, nhi := n-1, n
		if i+2 < len(edges) {
			nlo, nhi = hi, edges[i+2]
		}
		var cx, cy float64
		for j := nlo; j < nhi; j++ {
			cx += x[j]
			cy += y[j]
		}
		cx /= float64(nhi - nlo)
		cy /= float64(nhi - nlo)

		ax, ay := x[a], y[a]
		best, bestArea := lo, -1.0
		for j := lo; j < hi; j++ {
			// Twice the triangle's area; the factor does not change the choice.
			area := math.Abs((ax-cx)*(y[j]-ay) - (ax-x[j])*(cy-ay))
			if area > bestArea {
				best, bestArea = j, area
			}
		}
		keep[best] = true
		a = best
	}
}

// indexEdges cuts the n-2 points between the first and the last into m-2
// buckets of equal count: bucket i holds [i*(n-2)/(m-2)+1,
// (i+1)*(n-2)/(m-2)+1), in integers so that the last ends exactly at n-1.
// It needs n > m >= 2.
func indexEdges(n, m int) []int {
	if m <= 2 {
		return nil
	}
	edges := make([]int, m-1)
	for i := range edges {
		edges[i] = i*(n-2)/(m-2) + 1
	}
	return edges
}

// widthEdges cuts the points between the first and the last of x (sorted,
// screen coordinates) into buckets of equal width on screen, as many as
// make at most m-2 buckets that hold a point; empty buckets are dropped,
// so a stretch with fewer points than its share keeps every one and the
// rest goes to the denser stretches. ok is false when x cannot be
// measured (an end not finite, or all at one x).
func widthEdges(x []float64, m int) (edges []int, ok bool) {
	n := len(x)
	x0, span := x[0], x[n-1]-x[0]
	if m <= 2 || !(span > 0) || math.IsInf(span, 0) || math.IsInf(x0, 0) {
		return nil, false
	}
	// cut returns the edges of k buckets of equal width, empty ones left
	// out; nil once more than m-2 buckets hold a point, a cut too fine,
	// which is not read on (a million points into edges no one keeps).
	cut := func(k int, edges []int) []int {
		edges = edges[:0]
		last := -1
		for j := 1; j < n-1; j++ {
			b := min(k-1, int(float64(k)*(x[j]-x0)/span))
			if b != last {
				if len(edges) == m-2 {
					return nil
				}
				edges = append(edges, j)
				last = b
			}
		}
		return append(edges, n-1)
	}
	// Finer cuts leave more buckets holding a point (all but exactly: the
	// grids are not nested), so the finest cut whose non-empty buckets
	// number at most m-2 is found by halving.
	lo, hi := m-2, max(m-2, n-2)
	best, spare := cut(lo, make([]int, 0, m)), make([]int, 0, m)
	if len(best)-1 < m-2 {
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			if e := cut(mid, spare); e != nil {
				lo, best, spare = mid, e, best
			} else {
				hi = mid - 1
			}
		}
	}
	if len(best) < 2 {
		return nil, false
	}
	return best, true
}
