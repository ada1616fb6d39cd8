//go:build linux

package scene

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestThreadClock: the clock threadClock gives is the thread's CPU time
// as the kernel counts it in /proc/self/task/TID/stat, read from the
// thread itself or from another goroutine (as the watchdog reads it).
func TestThreadClock(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock, ok := threadClock()
	if !ok {
		t.Fatal("no thread CPU clock on Linux")
	}
	tid := unix.Gettid()
	// burn CPU, as much as the clock itself counts, not the wall clock
	burn := 200 * time.Millisecond
	if testing.Short() {
		burn = 100 * time.Millisecond
	}
	sink := 0
	for start := clock(); clock()-start < burn; {
		for i := range 100000 {
			sink += i
		}
	}
	before := threadStatCPU(t, tid)
	own := clock()
	other := make(chan time.Duration)
	go func() { other <- clock() }()
	fromOther := <-other
	after := threadStatCPU(t, tid)
	// the stat file counts in clock ticks (10 ms), cut down
	const tickSlack = 20 * time.Millisecond
	for _, c := range []struct {
		name string
		got  time.Duration
	}{{"the thread", own}, {"another goroutine", fromOther}} {
		if c.got < before-tickSlack || c.got > after+tickSlack {
			t.Errorf("read from %s, the clock says %v; /proc says %v to %v", c.name, c.got, before, after)
		}
	}
	if own < burn {
		t.Errorf("the clock says %v after burning %v", own, burn)
	}
	_ = sink
}

// threadStatCPU is thread tid's user and system time, from
// /proc/self/task/TID/stat (its 14th and 15th fields, in clock ticks of
// 1/100 s).
func threadStatCPU(t *testing.T, tid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	// the command's name, in parentheses, may hold spaces: count from after it
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	// fields[0] is the 3rd field, state
	var ticks int64
	for _, f := range fields[14-3 : 15-3+1] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("stat %q: %v", s, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond
}

// TestThreadClockID: the clock id is the kernel's for a thread's CPU
// time (CPUCLOCK_SCHED | CPUCLOCK_PERTHREAD_MASK, tid inverted above).
func TestThreadClockID(t *testing.T) {
	for _, tt := range []struct {
		tid  int
		want int32
	}{{1, -10}, {1234, ^int32(1234)<<3 | 6}, {4194304, -33554434}} {
		if got := threadClockID(tt.tid); got != tt.want {
			t.Errorf("threadClockID(%d) = %d, want %d", tt.tid, got, tt.want)
		}
	}
}

// processCPU is the CPU time of the whole process, user and system: a
// benchmark's Scenes with the garbage collection they cause.
func processCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
