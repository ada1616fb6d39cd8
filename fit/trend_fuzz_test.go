package fit

import (
	"encoding/binary"
	"math"
	"testing"
)

// FuzzIsoFLOPAndTrend: any runs never panic FitIsoFLOP or TrendDoubling
// (bootstrapped); a fit that succeeds has finite minima and exponent, and
// a doubling time above 0.
func FuzzIsoFLOPAndTrend(f *testing.F) {
	put := func(vs ...float64) []byte {
		b := make([]byte, 0, 8*len(vs))
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(put(1e18, 1e8, 2.2, 1e18, 2e8, 2.1, 1e18, 4e8, 2.2, 1e19, 1e8, 2.3, 1e19, 3e8, 2.0, 1e19, 9e8, 2.1))
	f.Add(put(1, 1, 1, 1, 2, 1, 1, 3, 1, 2, 1, 2, 2, 2, 1, 2, 3, 2))
	f.Add(put(2020, 1e20, 0, 2021, 2e20, 0, 2022, 4e20, 0))
	f.Fuzz(func(t *testing.T, raw []byte) {
		n := min(len(raw)/24, 40)
		cs, xs, ys := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			cs[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[24*i:]))
			xs[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[24*i+8:]))
			ys[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[24*i+16:]))
		}
		if r, err := FitIsoFLOP(cs, xs, ys, 20, 1); err == nil {
			for _, m := range r.Minima {
				if !finite(m.Compute, m.X, m.Y) {
					t.Errorf("minimum %+v", m)
				}
			}
			if !finite(r.A.Estimate, r.K.Estimate, r.R2) {
				t.Errorf("x* = %g·C^%g (R² %g)", r.K.Estimate, r.A.Estimate, r.R2)
			}
		}
		if d, err := TrendDoubling(cs, xs, "", 20, 1); err == nil {
			if !finite(d.Estimate.Estimate) || d.Estimate.Estimate < 0 {
				t.Errorf("doubling %+v", d)
			}
			_ = d.Text()
		}
	})
}
