package rawfile

import (
	"io/fs"
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

// CanOpenBeneath says whether OpenBeneath can succeed on this system.
const CanOpenBeneath = true

// OpenBeneath opens rel, a relative path, inside the folder dir for
// reading, in one call: the kernel refuses (openat2 with RESOLVE_BENEATH)
// any path that would leave dir, by "..", by an absolute symbolic link or
// by a link that leads out, and, as OpenNoFollow, a link as the last
// element. Any error, an old kernel's included, means only that this call
// cannot say: the caller then takes its general path.
func OpenBeneath(dir *os.File, rel string) (*File, error) {
	how := unix.OpenHow{
		Flags:   unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_NONBLOCK | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	}
	for {
		fd, err := unix.Openat2(int(dir.Fd()), rel, &how)
		runtime.KeepAlive(dir)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "openat2", Path: rel, Err: err}
		}
		return &File{fd: fd}, nil
	}
}
