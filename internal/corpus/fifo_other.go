//go:build !unix

package corpus

import "errors"

// mkfifo makes a named pipe at p, where the system has them.
func mkfifo(p string) error { return errors.ErrUnsupported }
