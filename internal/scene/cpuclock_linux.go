//go:build linux

package scene

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadClock is the CPU clock of the calling goroutine's OS thread (the
// caller has locked the goroutine to it), readable from any goroutine of
// the process; isCPU is false where the kernel does not give it.
func threadClock() (clock func() time.Duration, isCPU bool) {
	id := threadClockID(unix.Gettid())
	var ts unix.Timespec
	if unix.ClockGettime(id, &ts) != nil {
		return nil, false
	}
	// last is the time last read: a read that fails (it cannot while the
	// thread is locked and alive) stays at it
	last := time.Duration(ts.Nano())
	return func() time.Duration {
		var ts unix.Timespec
		if unix.ClockGettime(id, &ts) == nil {
			last = time.Duration(ts.Nano())
		}
		return last
	}, true
}

// threadClockID is the clock id of thread tid's CPU time, as the kernel
// makes it (include/linux/posix-timers.h): the tid inverted, shifted past
// the clock's type, CPUCLOCK_SCHED (2) with CPUCLOCK_PERTHREAD_MASK (4).
func threadClockID(tid int) int32 {
	return int32((^tid)<<3 | 6)
}
