//go:build unix

package rawfile

import (
	"io"
	"io/fs"

	"golang.org/x/sys/unix"
)

// File is an open file descriptor, without an os.File around it.
type File struct {
	fd   int
	path string // for a write's errors
}

// OpenNoFollow opens path for reading. It does not follow a symbolic link
// as the last element of path (the error is then ELOOP) and does not block
// on a named pipe.
func OpenNoFollow(path string) (*File, error) {
	for {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return &File{fd: fd}, nil
	}
}

// Create creates or truncates the file at path for writing (mode 0o644
// before the umask, as os.Create's 0o666 would not be for a web page).
// It does not follow a symbolic link as the last element of path (the
// error is then ELOOP): a link put where a new file goes never takes the
// write to the file it names. Errors are *fs.PathError, as os.OpenFile's.
func Create(path string) (*File, error) {
	for {
		fd, err := unix.Open(path, unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o644)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return &File{fd: fd, path: path}, nil
	}
}

// Write writes all of b, or returns why it could not, as an
// *fs.PathError as os.File's Write does.
func (f *File) Write(b []byte) (int, error) {
	done := 0
	for done < len(b) {
		n, err := unix.Write(f.fd, b[done:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return done, &fs.PathError{Op: "write", Path: f.path, Err: err}
		}
		if n == 0 {
			return done, &fs.PathError{Op: "write", Path: f.path, Err: io.ErrShortWrite}
		}
		done += n
	}
	return done, nil
}

// Stat returns the open file's type, size and modification time.
func (f *File) Stat() (Info, error) {
	var st unix.Stat_t
	for {
		err := unix.Fstat(f.fd, &st)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return Info{}, err
		}
		return Info{Mode: modeOf(uint32(st.Mode)), Size: st.Size, ModTime: st.Mtim.Nano()}, nil
	}
}

// Read reads into b; at the end of the file it returns 0, io.EOF.
func (f *File) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	for {
		n, err := unix.Read(f.fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

// Close closes the file. A written file's error (a disk that filled up
// on a network file system says so only here) is an *fs.PathError.
func (f *File) Close() error {
	if err := unix.Close(f.fd); err != nil && f.path != "" {
		return &fs.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}

// modeOf is the type bits of a stat mode as an fs.FileMode.
func modeOf(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	case unix.S_IFLNK:
		return fs.ModeSymlink
	}
	return fs.ModeIrregular
}
