//go:build unix

package serve

import "syscall"

// openFileLimit is the process's limit on open files (RLIMIT_NOFILE), 0
// when it has none.
func openFileLimit() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0
	}
	cur := uint64(rl.Cur)
	if cur > 1<<30 { // RLIM_INFINITY, or as good as
		return 0
	}
	return int(cur)
}
