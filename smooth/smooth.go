// Package smooth draws a noisy training curve as the trackers do: the
// exponential moving average TensorBoard and W&B show over the raw line,
// and a centred moving mean. Both take the series in the order it is drawn
// and return a new slice of the same length, so that x stays as it was.
package smooth

import "math"

// EMA is TensorBoard's debiased exponential moving average of y with
// weight w in [0, 1): s_k = w·s_{k-1} + (1−w)·y_k from s_0 = 0, divided by
// 1 − w^k, where k counts the finite values so far (TensorBoard's
// classicSmoothing in tensorboard/webapp/widgets/line_chart_v2/lib/
// data_transformer.ts). As there:
//   - a value that is not finite (NaN, ±Inf) is kept as it is and does not
//     move the average, so a gap in a line stays a gap;
//   - a constant series is returned unchanged (tensorboard#786: the
//     debiasing would otherwise show rounding noise on a flat line);
//   - w = 0 returns y's values.
//
// A w outside [0, 1) or NaN is the caller's error; EMA clamps it to
// [0, 1) as TensorBoard clamps to [0, 1], leaving 1 out, where the debiased
// average is undefined (TensorBoard divides by 1 there, a line at 0·y).
func EMA(y []float64, w float64) []float64 {
	out := make([]float64, len(y))
	copy(out, y)
	if len(y) == 0 || constant(y) {
		return out
	}
	if !(w > 0) { // also NaN
		return out
	}
	w = math.Min(w, math.Nextafter(1, 0))
	last, k := 0.0, 0
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		last = last*w + (1-w)*v
		k++
		out[i] = last / (1 - math.Pow(w, float64(k)))
	}
	return out
}

// constant reports whether every value equals the first, as TensorBoard
// tests it (with ==: a series holding a NaN is not constant).
func constant(y []float64) bool {
	for _, v := range y[1:] {
		if v != y[0] {
			return false
		}
	}
	return true
}

// Window is the centred moving mean of y over n points, as pandas'
// y.rolling(n, center=True, min_periods=1).mean() computes it: the mean
// of the finite values of y[i−n/2 : i+(n−1)/2+1], the window cut at the
// ends of the series rather than padded with zeros (numpy's
// convolve(y, ones(n)/n, 'same') pads, which pulls the ends of a loss
// curve towards zero; a researcher expects the ends to stay on the curve).
// An even n has one point more before i than after it, as pandas centres
// it. Values that are not finite are left out of every mean; a window
// with no finite value is NaN. n < 2 returns a copy of y.
func Window(y []float64, n int) []float64 {
	out := make([]float64, len(y))
	if n < 2 {
		copy(out, y)
		return out
	}
	before, after := n/2, (n-1)/2
	// A running sum over the window, in compensated (Neumaier) summation
	// so that a long series of large values keeps its last digits.
	var sum, comp float64
	count := 0
	add := func(v float64, sign float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		v *= sign
		t := sum + v
		if math.Abs(sum) >= math.Abs(v) {
			comp += (sum - t) + v
		} else {
			comp += (v - t) + sum
		}
		sum = t
		if sign > 0 {
			count++
		} else {
			count--
		}
	}
	lo, hi := 0, 0 // the window is y[lo:hi]
	for i := range y {
		for hi < len(y) && hi <= i+after {
			add(y[hi], 1)
			hi++
		}
		for lo < i-before {
			add(y[lo], -1)
			lo++
		}
		if count == 0 {
			out[i] = math.NaN()
			sum, comp = 0, 0
			continue
		}
		out[i] = (sum + comp) / float64(count)
	}
	return out
}
