//go:build !linux

package scene

import "time"

// threadClock is the CPU clock of the calling goroutine's OS thread where
// the system gives it: here it does not, and the watchdog reads the wall
// clock instead.
func threadClock() (clock func() time.Duration, isCPU bool) { return nil, false }
