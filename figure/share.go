package figure

import (
	"math"
	"strconv"
)

// A page shows a chart's static figure at three widths (the desktop's, the
// tablet's and the phone's), each its own <svg>, one shown at a time. Their
// long lines and bands are the same data mapped to the plot, so a line of
// the tablet's picture is the desktop's line moved and scaled: the axes map
// values linearly (a log axis linearly in log x), and only the plot's box
// differs. Writing such a path once, and the other pictures a <use> of it
// with the transform, keeps a chart of ten runs from writing its 3,000
// points three times over (issue 37: the page's weight).

// minSharedPoints is the fewest points a path has for another picture to
// reuse it: a <use> with its transform costs some 80 bytes, which a short
// path's data does not.
const minSharedPoints = 32

// sharedTolerance is how far, in px, a point of the reused path may land
// from where the picture's own path has it: a quarter of a device pixel of
// a 2x screen, under the 0.05 px the SVG's rounding moves a point by and
// more.
const sharedTolerance = 0.12

// Reuse draws a path item as a path of another picture on the same page:
// the item Ref of that picture's Scene, each point (x, y) moved to
// (Sx·x + Tx, Sy·y + Ty).
type Reuse struct {
	Ref            int
	Sx, Sy, Tx, Ty float64
}

// SharedID is the id WriteSVG gives a path item that SVGOptions.Named
// names, and that a Reuse of it refers to (the page makes both its own).
func SharedID(item int) string { return "p" + strconv.Itoa(item) }

// MatchPaths finds the path items of s that draw what a path item of base
// draws, moved and scaled: the same paint, stroke, opacity and number of
// points (at least minSharedPoints, not dashed), and every point within
// sharedTolerance px of the base's, mapped. It returns them by their index
// in s, and the set of base items they refer to (SVGOptions.Named).
func MatchPaths(base, s *Scene) (map[int]Reuse, map[int]bool) {
	type key struct {
		fill, stroke  string
		lw, op        float64
		n             int
		close, filled bool
	}
	keyOf := func(it *Item) (key, bool) {
		if it.Kind != "path" || len(it.Points) < 2*minSharedPoints || len(it.Points)%2 != 0 ||
			len(dashes(it.Dash)) > 0 || !finite(it.Points...) || (it.Fill == "" && it.Stroke == "") {
			return key{}, false
		}
		return key{it.Fill, it.Stroke, it.LineWidth, it.Opacity, len(it.Points), it.Close, it.Fill != ""}, true
	}
	byKey := map[key][]int{}
	for i := range base.Items {
		if k, ok := keyOf(&base.Items[i]); ok {
			byKey[k] = append(byKey[k], i)
		}
	}
	if len(byKey) == 0 {
		return nil, nil
	}
	reuse, named := map[int]Reuse{}, map[int]bool{}
	for j := range s.Items {
		k, ok := keyOf(&s.Items[j])
		if !ok {
			continue
		}
		for _, i := range byKey[k] {
			if r, ok := fitPaths(base.Items[i].Points, s.Items[j].Points); ok {
				r.Ref = i
				reuse[j] = r
				named[i] = true
				break
			}
		}
	}
	if len(reuse) == 0 {
		return nil, nil
	}
	return reuse, named
}

// fitPaths returns the scale and offset, rounded as the SVG writes them,
// that move the points of from onto those of to, if every point lands
// within sharedTolerance.
func fitPaths(from, to []float64) (Reuse, bool) {
	sx, tx, okx := fitAxis(from, to, 0)
	sy, ty, oky := fitAxis(from, to, 1)
	if !okx || !oky {
		return Reuse{}, false
	}
	r := Reuse{Sx: sx, Sy: sy, Tx: tx, Ty: ty}
	for i := 0; i+1 < len(from); i += 2 {
		if math.Abs(sx*from[i]+tx-to[i]) > sharedTolerance || math.Abs(sy*from[i+1]+ty-to[i+1]) > sharedTolerance {
			return Reuse{}, false
		}
	}
	return r, true
}

// fitAxis fits to = s·from + t on one coordinate (off 0: x, 1: y) through
// the two points farthest apart on it, s rounded to six significant digits
// and t to 0.001 px (as the writer writes them); a coordinate that does
// not change gets s = 1. A scale not positive (a mirrored picture) does
// not fit.
func fitAxis(from, to []float64, off int) (s, t float64, ok bool) {
	lo, hi := off, off
	for i := off; i < len(from); i += 2 {
		if from[i] < from[lo] {
			lo = i
		}
		if from[i] > from[hi] {
			hi = i
		}
	}
	span := from[hi] - from[lo]
	if span < 1e-6 {
		s = 1
	} else {
		s = (to[hi] - to[lo]) / span
	}
	if !(s > 0) || math.IsInf(s, 0) {
		return 0, 0, false
	}
	s = roundSignificant(s, 6)
	t = math.Round((to[lo]-s*from[lo])*1000) / 1000
	return s, t, finite(s, t)
}

// roundSignificant is v rounded to n significant digits.
func roundSignificant(v float64, n int) float64 {
	if v == 0 || !finite(v) {
		return v
	}
	p := math.Pow(10, float64(n)-math.Ceil(math.Log10(math.Abs(v))))
	return math.Round(v*p) / p
}
