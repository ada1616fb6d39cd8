package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// destLock is one build's hold on its destination: while a Writer holds
// it, no other build writes to the same folder.
//
// On Windows a folder cannot be locked, so the lock is on a file
// ".scalesite.lock" in the folder that holds the destination, which is
// left there. Windows drops the lock when the process ends however it
// ends, so a build that was killed never leaves it stuck.
type destLock struct{ f *os.File }

// lockDest takes the lock of a destination whose parent folder is parent.
// When another build holds it, lockDest calls waiting (if not nil) and
// waits for that build to end, trying again every so often, unless stop
// is closed first: then it returns ErrCanceled.
func lockDest(parent string, waiting func(), stop <-chan struct{}) (*destLock, error) {
	f, err := os.OpenFile(filepath.Join(parent, ".scalesite.lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking %s against other builds: %w", parent, err)
	}
	h := windows.Handle(f.Fd())
	try := func() error {
		return windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped))
	}
	busy := func(err error) bool { return errors.Is(err, windows.ERROR_LOCK_VIOLATION) }
	err = try()
	if busy(err) {
		if waiting != nil {
			waiting()
		}
		err = waitFor(try, busy, stop)
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

// unlock lets the next build in. Closing the file drops the lock.
func (l *destLock) unlock() { l.f.Close() }
