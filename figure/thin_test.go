package figure

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestThinLine: a dense line keeps, of each column, its first, lowest,
// highest and last points, in order, and nothing else; what is not dense,
// or goes back on itself in x, is kept whole.
func TestThinLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	walk := func(n int, width float64) []float64 {
		p := make([]float64, 0, 2*n)
		y := 200.0
		for i := range n {
			y += rng.NormFloat64() * 3
			p = append(p, 10+width*float64(i)/float64(n-1), y)
		}
		return p
	}
	dense := walk(20_000, 1000)
	for _, c := range []struct {
		name  string
		p     []float64
		whole bool
	}{
		{"dense", dense, false},
		{"reversed", reversePoints(dense), false},
		{"sparse", walk(300, 1000), true},
		{"short", walk(5, 1), true},
		{"back in x", append(slices.Clone(dense), 500, 100), true},
		{"vertical", []float64{5, 0, 5, 1, 5, 2, 5, 3, 5, 4, 5, 5, 5, 6, 5, 7, 5, 8, 5, 9}, false},
	} {
		got := thinLine(c.p, thinColumn)
		if c.whole {
			if !slices.Equal(got, c.p) {
				t.Errorf("%s: thinned to %d of %d points, want it whole", c.name, len(got)/2, len(c.p)/2)
			}
			continue
		}
		// expected: per column, the first, lowest, highest and last
		var want []float64
		n := len(c.p) / 2
		for i := 0; i < n; {
			col := math.Floor(c.p[2*i] / thinColumn)
			j, lo, hi := i, i, i
			for j+1 < n && math.Floor(c.p[2*j+2]/thinColumn) == col {
				j++
				if c.p[2*j+1] < c.p[2*lo+1] {
					lo = j
				}
				if c.p[2*j+1] > c.p[2*hi+1] {
					hi = j
				}
			}
			keep := []int{i, lo, hi, j}
			slices.Sort(keep)
			for _, k := range slices.Compact(keep) {
				want = append(want, c.p[2*k], c.p[2*k+1])
			}
			i = j + 1
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %d points, want %d (first, lowest, highest and last of each column)", c.name, len(got)/2, len(want)/2)
		}
		if c.name == "dense" && len(got)/2 > 4*(1000/thinColumn+1) {
			t.Errorf("dense: %d points over 1000 px, over four a column", len(got)/2)
		}
	}
	if got := thinLine(dense, thinColumn); &got[0] == &dense[0] {
		t.Error("thinLine returned its input for a dense line")
	}
}

func reversePoints(p []float64) []float64 {
	out := make([]float64, 0, len(p))
	for i := len(p) - 2; i >= 0; i -= 2 {
		out = append(out, p[i], p[i+1])
	}
	return out
}
