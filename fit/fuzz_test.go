package fit

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzFit: any points, of any kind, never panic; a fit that succeeds has
// finite constants and an R² between 0 and 1, and its frontier indices
// are points in order of x.
func FuzzFit(f *testing.F) {
	put := func(vs ...float64) []byte {
		b := make([]byte, 0, 8*len(vs))
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(uint8(0), put(1, 2, 10, 1.5, 100, 1.2))
	f.Add(uint8(1), put(1e-10, 5.7, 1e-8, 3.9, 1e-6, 2.6, 1e-4, 1.8))
	f.Add(uint8(1), put(1, 1, 2, 1, 3, 1, 4, 1))
	f.Add(uint8(1), put(1e300, 1, 2e300, 2, 3e-300, 3, 4, 1e308))
	f.Add(uint8(2), put(1, 0, 10, 1, 100, 2))
	f.Add(uint8(3), put(-1, 5, 0, 3, 1, 1))
	f.Add(uint8(1), put(1, 5, 2, 4, 3, 3.5, 4, math.Inf(1)))
	f.Fuzz(func(t *testing.T, k uint8, raw []byte) {
		kind := Kinds[int(k)%len(Kinds)]
		n := min(len(raw)/16, 64)
		xs, ys := make([]float64, n), make([]float64, n)
		for i := range n {
			xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[16*i:]))
			ys[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[16*i+8:]))
		}
		r, err := Fit(kind, xs, ys)
		if err == nil {
			if !finite(r.A, r.B, r.C, r.R2) || r.R2 < 0 || r.R2 > 1 || r.N != n {
				t.Errorf("%s fit of %v, %v: %+v", kind, xs, ys, r)
			}
			_ = r.Formula("y", "x")
			_ = r.R2Text()
		}
		for _, max := range []bool{false, true} {
			idx := Frontier(xs, ys, max)
			for j, i := range idx {
				if i < 0 || i >= n || (j > 0 && !(xs[idx[j-1]] < xs[i])) {
					t.Fatalf("frontier %v of %v", idx, xs)
				}
			}
		}
	})
}
