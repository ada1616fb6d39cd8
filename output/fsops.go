package output

import (
	"io"
	"io/fs"
	"os"

	"github.com/scalesite/scalesite/internal/rawfile"
)

// fileSystem is every call by which a Writer changes a folder: the output
// folder, and the temporary folder beside it. Reads go to the os package
// directly. Tests put a fileSystem in that fails a chosen call (a full
// disk, a folder made read-only, a process killed half-way), since a test
// run as root cannot make the real file system refuse it.
type fileSystem interface {
	Create(name string) (io.WriteCloser, error)
	MkdirAll(name string, perm fs.FileMode) error
	Mkdir(name string, perm fs.FileMode) error
	Rename(from, to string) error
	Remove(name string) error
	Chmod(name string, perm fs.FileMode) error
}

// osFS is the operating system's file system.
type osFS struct{}

// Create opens the file with no os.File around it (rawfile): a build
// writes every page, and an os.File's poller set-up was four more system
// calls a file.
func (osFS) Create(name string) (io.WriteCloser, error) { return rawfile.Create(name) }

// MkdirAll tries the one call that makes a page's new folder in a fresh
// output first; os.MkdirAll looks at every folder on the way before.
func (osFS) MkdirAll(name string, perm fs.FileMode) error {
	if os.Mkdir(name, perm) == nil {
		return nil
	}
	return os.MkdirAll(name, perm)
}
func (osFS) Mkdir(name string, perm fs.FileMode) error { return os.Mkdir(name, perm) }
func (osFS) Rename(from, to string) error              { return os.Rename(from, to) }
func (osFS) Remove(name string) error                  { return os.Remove(name) }
func (osFS) Chmod(name string, perm fs.FileMode) error { return os.Chmod(name, perm) }

// writeAll writes data to the new file name through fsys.
func writeAll(fsys fileSystem, name string, data []byte) error {
	f, err := fsys.Create(name)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
