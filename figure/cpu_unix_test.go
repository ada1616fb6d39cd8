//go:build unix

package figure

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU starts counting the process's CPU time (user and system, of
// every thread, the garbage collector's too); the function it returns
// reports it per op as cpu-ms/op, which a loaded machine does not
// inflate as it does ns/op.
func reportCPU(b *testing.B) func() {
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
