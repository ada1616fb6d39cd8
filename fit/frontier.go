package fit

import (
	"cmp"
	"math"
	"slices"
)

// Frontier returns the indices of the points on the Pareto frontier, in
// order of x: with max, the points whose y is above that of every point at
// a smaller x (the best so far, as x grows); without, those whose y is
// below. Of points at the same x only the best can be on it, the first of
// equals. Points with a NaN coordinate are left out.
func Frontier(xs, ys []float64, max bool) []int {
	idx := make([]int, 0, len(xs))
	for i := range xs {
		if i < len(ys) && !math.IsNaN(xs[i]) && !math.IsNaN(ys[i]) {
			idx = append(idx, i)
		}
	}
	better := func(a, b float64) bool { return a > b }
	if !max {
		better = func(a, b float64) bool { return a < b }
	}
	// By x, and at the same x the best first, so that it is the one kept.
	slices.SortStableFunc(idx, func(i, j int) int {
		if c := cmp.Compare(xs[i], xs[j]); c != 0 {
			return c
		}
		switch {
		case better(ys[i], ys[j]):
			return -1
		case better(ys[j], ys[i]):
			return 1
		}
		return 0
	})
	var out []int
	for k, i := range idx {
		if k > 0 && xs[i] == xs[idx[k-1]] {
			continue // not the best at its x
		}
		if len(out) == 0 || better(ys[i], ys[out[len(out)-1]]) {
			out = append(out, i)
		}
	}
	return out
}
