// Package atomicfile writes a file whole or not at all: through a
// temporary file in the same folder, renamed over the path, so that a
// reader (or a build interrupted midway) never sees half of it.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data as the file path with permissions perm, making its
// folder if need be. The temporary file is named by pattern (as
// os.CreateTemp takes it) beside path, and removed if anything fails.
func Write(path string, data []byte, pattern string, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), perm)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
