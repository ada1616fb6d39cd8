package smooth

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The expected values were computed by /usr/bin/python3 with numpy from
// TensorBoard's formula (classicSmoothing) and, for Window, the mean of
// the finite values of y[max(0, i-n//2) : i+(n-1)//2+1], pandas'
// rolling(n, center=True, min_periods=1).mean().
var curve = []float64{3.2, 2.9, 3.1, 2.5, 2.7, 2.2, 2.4, 1.9, 2.3, 1.8, 2.0, 1.7}

var (
	nan = math.NaN()
	inf = math.Inf(1)
)

func TestEMA(t *testing.T) {
	tests := []struct {
		name string
		y    []float64
		w    float64
		want []float64
	}{
		{"w 0.9", curve, 0.9, []float64{3.2, 3.042105263157895, 3.0634686346863473, 2.8996219831346317, 2.8508754364972773, 2.711965408838588, 2.6521679092955366, 2.5201003756078735, 2.4841702846310185, 2.3791268887489503, 2.323875833196557, 2.2369330359502713}},
		{"w 0.6", curve, 0.6, []float64{3.2000000000000006, 3.0124999999999997, 3.057142857142857, 2.8011029411764703, 2.7572519083969467, 2.5234425349087006, 2.472643472306355, 2.23967307532078, 2.2640495034244625, 2.077300502257439, 2.0462677153170485, 1.9074584716806082}},
		{"w 0.999", curve, 0.999, []float64{3.2, 3.0499249624812848, 3.0666333444666884, 2.924762343684404, 2.879719880060154, 2.766149686182261, 2.7136854575292637, 2.611618253702738, 2.5768552753461678, 2.498819521712472, 2.453245102621379, 2.3901286916775537}},
		{"non-finite kept, not counted", []float64{3.2, nan, 3.1, inf, 2.7, 2.2}, 0.9, []float64{3.2, nan, 3.1473684210526316, inf, 2.982287822878229, 2.7548124454783363}},
		{"w 0 is the data", curve, 0, curve},
		{"constant unchanged", []float64{0.1, 0.1, 0.1}, 0.9, []float64{0.1, 0.1, 0.1}},
		{"one value", []float64{7}, 0.9, []float64{7}},
		{"empty", nil, 0.9, []float64{}},
		{"NaN weight is no smoothing", curve, nan, curve},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EMA(tt.y, tt.w)
			same(t, got, tt.want)
		})
	}
}

func TestEMAKeepsInput(t *testing.T) {
	y := append([]float64(nil), curve...)
	EMA(y, 0.9)
	Window(y, 5)
	same(t, y, curve)
}

func TestWindow(t *testing.T) {
	tests := []struct {
		name string
		y    []float64
		n    int
		want []float64
	}{
		{"n 2: one before, none after", curve, 2, []float64{3.2, 3.05, 3.0, 2.8, 2.6, 2.45, 2.3, 2.15, 2.0999999999999996, 2.05, 1.9, 1.85}},
		{"n 3", curve, 3, []float64{3.05, 3.0666666666666664, 2.8333333333333335, 2.766666666666667, 2.466666666666667, 2.4333333333333336, 2.1666666666666665, 2.1999999999999997, 1.9999999999999998, 2.033333333333333, 1.8333333333333333, 1.85}},
		{"n 4: two before, one after", curve, 4, []float64{3.05, 3.0666666666666664, 2.925, 2.8, 2.625, 2.45, 2.3000000000000003, 2.2, 2.1, 1.9999999999999998, 1.95, 1.8333333333333333}},
		// numpy's convolve(y, ones(5)/5, 'same') agrees inside and falls to
		// 1.84 and 1.1 at the ends; the cut window stays on the curve
		{"n 5", curve, 5, []float64{3.0666666666666664, 2.925, 2.88, 2.6799999999999997, 2.58, 2.3400000000000003, 2.3, 2.12, 2.08, 1.94, 1.95, 1.8333333333333333}},
		{"n past the length", curve, 50, []float64{2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666, 2.3916666666666666}},
		{"non-finite left out", []float64{3.2, nan, 3.1, inf, 2.7, 2.2}, 3, []float64{3.2, 3.1500000000000004, 3.1, 2.9000000000000004, 2.45, 2.45}},
		{"no finite value", []float64{nan, nan, 1}, 2, []float64{nan, nan, 1}},
		{"n 1 is the data", curve, 1, curve},
		{"empty", nil, 3, []float64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			same(t, Window(tt.y, tt.n), tt.want)
		})
	}
}

// TestWindowLong holds the running sum to the mean of each window summed
// afresh, on a long curve of large and small values and gaps, where a
// running sum drifts unless it is compensated.
func TestWindowLong(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	y := make([]float64, 20000)
	for i := range y {
		y[i] = 1e6*math.Exp(-float64(i)/3000) + r.NormFloat64()
		if r.IntN(500) == 0 {
			y[i] = nan
		}
	}
	for _, n := range []int{2, 7, 50, 1001} {
		got := Window(y, n)
		for i := range y {
			sum, k := 0.0, 0
			for j := max(0, i-n/2); j <= min(len(y)-1, i+(n-1)/2); j++ {
				if !math.IsNaN(y[j]) {
					sum += y[j]
					k++
				}
			}
			want := sum / float64(k)
			if math.Abs(got[i]-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Fatalf("n %d: Window[%d] = %.17g, the window's mean is %.17g", n, i, got[i], want)
			}
		}
	}
}

func same(t *testing.T, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d values, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if math.IsNaN(w) || math.IsInf(w, 0) {
			if !(math.IsNaN(w) && math.IsNaN(g)) && g != w {
				t.Errorf("[%d] = %v, want %v", i, g, w)
			}
			continue
		}
		if math.Abs(g-w) > 1e-12 {
			t.Errorf("[%d] = %.17g, want %.17g (off by %.3g)", i, g, w, g-w)
		}
	}
}

func FuzzSmooth(f *testing.F) {
	f.Add(3.2, 2.9, 3.1, 0.9, 5)
	f.Fuzz(func(t *testing.T, a, b, c, w float64, n int) {
		y := []float64{a, b, c, a, b}
		e := EMA(y, w)
		m := Window(y, n%100)
		if len(e) != len(y) || len(m) != len(y) {
			t.Fatal("length changed")
		}
		for i, v := range y {
			finite := !math.IsNaN(v) && !math.IsInf(v, 0)
			if !finite && !(math.IsNaN(e[i]) && math.IsNaN(v)) && e[i] != v {
				t.Fatalf("EMA moved a non-finite value: %v → %v", v, e[i])
			}
		}
	})
}
