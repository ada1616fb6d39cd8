//go:build unix

package sitefs

import (
	"os"
	"syscall"
)

// openNoFollow opens a file for reading without following a symbolic link
// in its last element and without blocking on a named pipe.
func openNoFollow(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}
