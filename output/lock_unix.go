//go:build unix

package output

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// destLock is one build's hold on its destination: while a Writer holds
// it, no other build writes to the same folder.
//
// It is an flock(2) lock on the folder that holds the destination, which
// is where every change a build makes happens (the temporary folder, the
// swap, the moves into the destination). No file is left behind, and the
// kernel drops the lock when the process ends however it ends, so a build
// that was killed never leaves it stuck. Builds into two folders of the
// same parent wait for each other too: slower, never wrong.
type destLock struct{ f *os.File }

// lockDest takes the lock of a destination whose parent folder is parent.
// When another build holds it, lockDest calls waiting (if not nil) and
// waits for that build to end, trying again every so often, unless stop
// is closed first: then it returns ErrCanceled.
func lockDest(parent string, waiting func(), stop <-chan struct{}) (*destLock, error) {
	f, err := os.Open(parent)
	if err != nil {
		return nil, fmt.Errorf("locking %s against other builds: %w", parent, err)
	}
	fd := int(f.Fd())
	try := func() error {
		err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
		for errors.Is(err, unix.EINTR) {
			err = unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
		}
		return err
	}
	err = try()
	if errors.Is(err, unix.EWOULDBLOCK) {
		if waiting != nil {
			waiting()
		}
		err = waitFor(try, func(err error) bool { return errors.Is(err, unix.EWOULDBLOCK) }, stop)
	}
	if err != nil {
		f.Close()
		if err == ErrCanceled {
			return nil, err
		}
		return nil, fmt.Errorf("locking %s against other builds: %w", parent, err)
	}
	return &destLock{f: f}, nil
}

// unlock lets the next build in. Closing the folder drops the lock.
func (l *destLock) unlock() { l.f.Close() }
