package par

import (
	"sync"
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

// TestForEachScratch checks that no two calls running at once share a
// scratch: each call marks its scratch busy and fails if it already is.
func TestForEachScratch(t *testing.T) {
	for _, tt := range []struct{ n, workers int }{{1, 4}, {100, 1}, {1000, 8}} {
		var shared, calls atomic.Int32
		scratches := make(map[*atomic.Bool]bool)
		var mu sync.Mutex
		ForEach(tt.n, tt.workers, func(i int, w *atomic.Bool) {
			if w.Swap(true) {
				shared.Add(1)
			}
			mu.Lock()
			scratches[w] = true
			mu.Unlock()
			calls.Add(1)
			w.Store(false)
		})
		if shared.Load() != 0 || int(calls.Load()) != tt.n {
			t.Errorf("n=%d workers=%d: %d calls, %d on a scratch in use", tt.n, tt.workers, calls.Load(), shared.Load())
		}
		if want := min(max(tt.workers, 1), tt.n); len(scratches) > want {
			t.Errorf("n=%d workers=%d: %d scratches, want at most %d", tt.n, tt.workers, len(scratches), want)
		}
	}
}
