//go:build !linux

package rawfile

import (
	"errors"
	"os"
)

// CanOpenBeneath says whether OpenBeneath can succeed on this system.
const CanOpenBeneath = false

// OpenBeneath is Linux's alone (beneath_linux.go): elsewhere it always
// fails, and callers take their general path.
func OpenBeneath(dir *os.File, rel string) (*File, error) {
	return nil, errors.ErrUnsupported
}
