package scene

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// The watchdog of one run of the scripts (limits.go says what it bounds).

const (
	// tick is how often the watchdog looks at the call's CPU time and at
	// the heap.
	tick = 5 * time.Millisecond
	// wallBound is the most wall time a call may take, whatever its CPU
	// time: an outer bound for a call the CPU clock would not stop (one
	// that waits), far above what a chart takes on the busiest machine.
	wallBound = 10 * time.Minute
)

// stopped is the value an interrupt carries: why, and the limit.
type stopped struct{ why, limit string }

func (s stopped) Error() string { return s.why }

// guard watches one run of vm under lim until its stop is called.
type guard struct {
	vm  *goja.Runtime
	lim Limits
	// cpu is the CPU time of the thread that runs the call, from the
	// start of the call, readable from any goroutine (the wall time where
	// the thread's CPU clock is not available).
	cpu       func() time.Duration
	cpuStart  time.Duration
	wallStart time.Time
	done      chan struct{}
	wg        sync.WaitGroup
	// tripped is why the watchdog stopped the run, once it has: Go code
	// reading the scripts' objects, which no interrupt stops, asks it.
	tripped atomic.Pointer[stopped]
}

// watch starts watching vm under lim, for a call drawing a chart of n
// points and labels; it locks the calling goroutine to its OS thread,
// whose CPU clock it reads, so the caller must call stop, from the same
// goroutine, when the run is over, before vm runs anything else.
func watch(vm *goja.Runtime, lim Limits, n int) *guard {
	runtime.LockOSThread()
	g := &guard{vm: vm, lim: lim, wallStart: time.Now(), done: make(chan struct{})}
	clock, isCPU := threadClock()
	if !isCPU {
		clock = func() time.Duration { return time.Since(g.wallStart) }
	}
	g.cpu, g.cpuStart = clock, clock()
	of := ""
	if isCPU {
		of = " of CPU time"
	}
	d, byBudget := lim.Budget.left(lim.time(n))
	why := stopped{StoppedTime, formatDuration(d) + of}
	if byBudget {
		why = stopped{StoppedBudget, formatDuration(lim.Budget.total) + of}
	}
	if d <= 0 {
		// nothing left: the run is stopped at its first instruction
		g.interrupt(why)
		return g
	}
	g.wg.Add(1)
	go g.run(d, why, heapBytes())
	return g
}

// spent is the CPU time of the call so far.
func (g *guard) spent() time.Duration { return g.cpu() - g.cpuStart }

// heapBytes is the bytes of the Go heap's objects, live and garbage.
func heapBytes() int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return int64(sample[0].Value.Uint64())
}

// run is the watchdog: it interrupts the run once it has taken d of CPU
// time (or wallBound of wall time), or when the heap has grown past the
// limit from base, the heap as the run started (its garbage too:
// lenient).
func (g *guard) run(d time.Duration, why stopped, base int64) {
	defer g.wg.Done()
	ticker := time.NewTicker(tick)
	defer ticker.Stop()
	// mark is the heap after the last collection the watchdog made, so
	// that it collects at most once per limit of new allocation
	mark := base
	limit := g.lim.memory()
	for {
		select {
		case <-g.done:
			return
		case <-ticker.C:
		}
		cpu, wall := g.spent(), time.Since(g.wallStart)
		if g.lim.observe != nil {
			g.lim.observe(cpu, wall)
		}
		switch {
		case cpu >= d:
			g.interrupt(why)
			return
		case wall >= wallBound:
			g.interrupt(stopped{StoppedTime, formatDuration(wallBound)})
			return
		}
		if heapBytes()-mark <= limit {
			continue
		}
		// garbage counts too: collect it, and count what is left
		runtime.GC()
		mark = heapBytes()
		if mark-base > limit {
			g.interrupt(stopped{StoppedMemory, formatBytes(limit)})
			return
		}
	}
}

func (g *guard) interrupt(why stopped) {
	g.tripped.Store(&why)
	g.vm.Interrupt(why)
}

// check is the error of a run the watchdog stopped, nil while it runs:
// for Go code that reads the scripts' objects.
func (g *guard) check() error {
	if g == nil {
		return nil
	}
	if why := g.tripped.Load(); why != nil {
		return &ScriptError{Script: "assets/scene.js", Stopped: why.why, Limit: why.limit}
	}
	return nil
}

// stop ends the watch, spends the run's CPU time from the budget, clears
// any interrupt, so that the runtime can run again, and unlocks the
// goroutine from its thread.
func (g *guard) stop() {
	close(g.done)
	g.wg.Wait()
	g.vm.ClearInterrupt()
	g.lim.Budget.spend(g.spent())
	runtime.UnlockOSThread()
}
