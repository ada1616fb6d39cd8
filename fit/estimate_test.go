package fit

import (
	"math"
	"testing"
)

// The references are numpy's: np.percentile(v, [2.5, 97.5]) and
// np.std(v, ddof=1) of the values below.
func TestSummarize(t *testing.T) {
	v := []float64{3.1, 0.4, 2.2, 9.5, 1.0, 4.4, 5.9, 2.6, 7.7, 0.9}
	e := Summarize(2.5, append(v, math.NaN(), math.Inf(1)))
	want := Estimate{Estimate: 2.5, SE: 3.0688579127892006, CI95: [2]float64{0.5125, 9.095}, HasSE: true}
	if math.Abs(e.SE-want.SE) > 1e-12 || math.Abs(e.CI95[0]-want.CI95[0]) > 1e-12 || math.Abs(e.CI95[1]-want.CI95[1]) > 1e-12 || !e.HasSE {
		t.Fatalf("Summarize = %+v, want %+v", e, want)
	}
	if e := Summarize(1, []float64{2}); e.HasSE {
		t.Fatalf("one replicate gave an interval: %+v", e)
	}
}

func TestResampleIsSeeded(t *testing.T) {
	a, b, c := make([]int, 50), make([]int, 50), make([]int, 50)
	Resample(a, 7, 3)
	Resample(b, 7, 3)
	Resample(c, 7, 4)
	same, differ := true, false
	for i := range a {
		same = same && a[i] == b[i]
		differ = differ || a[i] != c[i]
		if a[i] < 0 || a[i] >= 50 {
			t.Fatalf("row %d out of range", a[i])
		}
	}
	if !same || !differ {
		t.Fatalf("replicate 3 twice same=%v, replicates 3 and 4 differ=%v", same, differ)
	}
}
