package par

import (
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	for _, tt := range []struct{ n, workers int }{{0, 0}, {1, 4}, {100, 0}, {100, 1}, {1000, 8}} {
		seen := make([]int32, tt.n)
		var calls atomic.Int32
		For(tt.n, tt.workers, func(i int) {
			atomic.AddInt32(&seen[i], 1)
			calls.Add(1)
		})
		if int(calls.Load()) != tt.n {
			t.Errorf("n=%d workers=%d: %d calls", tt.n, tt.workers, calls.Load())
		}
		for i, c := range seen {
			if c != 1 {
				t.Errorf("n=%d workers=%d: index %d called %d times", tt.n, tt.workers, i, c)
			}
		}
	}
}
