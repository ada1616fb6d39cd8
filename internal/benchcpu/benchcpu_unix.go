//go:build unix

// Package benchcpu reports a benchmark's CPU time per op (cpu-ms/op): the
// process's user and system time, every thread's and the garbage
// collector's, which a loaded machine does not inflate as it does ns/op.
// It serves benchmarks only.
package benchcpu

import (
	"syscall"
	"testing"
	"time"
)

// Start starts counting the process's CPU time; the function it returns
// reports it per op of b as cpu-ms/op.
func Start(b *testing.B) func() {
	start := processCPU()
	return func() {
		b.ReportMetric(float64(processCPU()-start)/1e6/float64(b.N), "cpu-ms/op")
	}
}

func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
