package polyclip

import (
	"slices"
	"testing"
)

func TestPolygon(t *testing.T) {
	square := func(x0, y0, x1, y1 float64) []float64 { return []float64{x0, y0, x1, y0, x1, y1, x0, y1} }
	for _, c := range []struct {
		name string
		p    []float64
		want []float64
	}{
		{"inside", square(1, 1, 2, 2), square(1, 1, 2, 2)},
		{"outside", square(20, 20, 30, 30), nil},
		// a bar running far past the right edge (a square root's) ends there
		{"past the right", square(2, 4, 4e5, 5), []float64{2, 4, 10, 4, 10, 5, 2, 5}},
		{"across a corner", square(-5, -5, 5, 5), []float64{5, 0, 5, 5, 0, 5, 0, 0}},
	} {
		got := Polygon(c.p, 0, 0, 10, 10)
		if !samePolygon(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// samePolygon reports whether a and b are the same ring of points, from
// whichever point each starts.
func samePolygon(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	for s := 0; s < len(a); s += 2 {
		if slices.Equal(append(slices.Clone(a[s:]), a[:s]...), b) {
			return true
		}
	}
	return false
}
