// Package par runs the independent steps of a build (one per page, one per
// file) on a few goroutines.
package par

import (
	"runtime"
	"sync"
)

// For calls do(i) for every i in [0, n) on up to workers goroutines (0 means
// one per CPU) and returns when all calls have returned. Calls for different
// i may run at the same time; do must write only to state of its own i.
func For(n, workers int, do func(i int)) {
	ForEach(n, workers, func(i int, _ *struct{}) { do(i) })
}

// ForEach is For whose calls are also given the scratch of the goroutine
// making them, a zero W of its own, which one call at a time holds: the
// buffers a step reuses from one i to the next.
func ForEach[W any](n, workers int, do func(i int, w *W)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		var w W
		for i := range n {
			do(i, &w)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w W
			for i := range next {
				do(i, &w)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
