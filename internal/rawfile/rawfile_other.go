//go:build !unix

package rawfile

import (
	"io/fs"
	"os"
)

// File is an open file; without unix system calls, an os.File.
type File struct{ f *os.File }

// OpenNoFollow opens path for reading, refusing a symbolic link as the
// last element (checked just before the open, which is all that this
// system allows).
func OpenNoFollow(path string) (*File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrInvalid}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &File{f}, nil
}

// Create creates or truncates the file at path for writing.
func Create(path string) (*File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	return &File{f}, nil
}

// Write writes all of b, or returns why it could not.
func (f *File) Write(b []byte) (int, error) { return f.f.Write(b) }

// Stat returns the open file's type, size and modification time.
func (f *File) Stat() (Info, error) {
	fi, err := f.f.Stat()
	if err != nil {
		return Info{}, err
	}
	return Info{Mode: fi.Mode().Type(), Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}, nil
}

// Read reads into b; at the end of the file it returns 0, io.EOF.
func (f *File) Read(b []byte) (int, error) { return f.f.Read(b) }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }
