package output

import (
	"bytes"
	"hash/crc64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/internal/rawfile"
)

// sameContent reports whether the file at p is a regular file (not a
// link) that holds exactly data, and gives its modification time for the
// manifest. It opens the file once, with no os.File around it
// (rawfile): a build into its own output compares every file it makes,
// and each os.Open and os.Lstat was a handful of system calls.
func sameContent(p string, data []byte) (mtime int64, same bool) {
	f, fi, ok := openRegular(p)
	if !ok {
		return 0, false
	}
	defer f.Close()
	if fi.Size != int64(len(data)) {
		return 0, false
	}
	// Compared a piece at a time, not read whole: a copy of each page
	// was as many bytes again for the garbage collector.
	var buf [16 << 10]byte
	for {
		n, err := f.Read(buf[:min(len(buf), len(data)+1)])
		if n > len(data) || !bytes.Equal(buf[:n], data[:n]) {
			return 0, false
		}
		data = data[n:]
		if err == io.EOF {
			return fi.ModTime, len(data) == 0
		}
		if err != nil {
			return 0, false
		}
	}
}

// sameFiles reports whether the file at p is a regular file (not a link)
// that holds the bytes of the file src, and gives p's modification time.
func sameFiles(p, src string) (mtime int64, same bool) {
	fa, fi, ok := openRegular(p)
	if !ok {
		return 0, false
	}
	defer fa.Close()
	fb, err := os.Open(src)
	if err != nil {
		return 0, false
	}
	defer fb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, erra := io.ReadFull(fa, ba)
		nb, errb := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return 0, false
		}
		endA := erra == io.EOF || erra == io.ErrUnexpectedEOF
		endB := errb == io.EOF || errb == io.ErrUnexpectedEOF
		switch {
		case endA && endB:
			return fi.ModTime, true
		case endA != endB, erra != nil && !endA, errb != nil && !endB:
			return 0, false
		}
	}
}

// openRegular opens the file at p when it is a regular file, not a link.
func openRegular(p string) (*rawfile.File, rawfile.Info, bool) {
	f, err := rawfile.OpenNoFollow(p)
	if err != nil {
		return nil, rawfile.Info{}, false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode != 0 {
		f.Close()
		return nil, rawfile.Info{}, false
	}
	return f, fi, true
}

// parallel runs do(0..n-1) on a few goroutines and returns the first error.
// File-system calls wait on the disk more than on a CPU, so it uses more
// goroutines than CPUs.
func parallel(n int, do func(i int) error) error {
	errs := make([]error, n)
	par.For(n, 4*runtime.GOMAXPROCS(0), func(i int) { errs[i] = do(i) })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// removeTree deletes a folder like os.RemoveAll, with the files of each
// folder unlinked in parallel: removing the temporary folder of a large
// site costs as many system calls as writing it.
func removeTree(dir string) error {
	var files, dirs []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, p)
		} else {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return os.RemoveAll(dir)
	}
	if err := parallel(len(files), func(i int) error { return os.Remove(files[i]) }); err != nil {
		return os.RemoveAll(dir)
	}
	for i := len(dirs) - 1; i >= 0; i-- { // children before parents
		if err := os.Remove(dirs[i]); err != nil {
			return os.RemoveAll(dir)
		}
	}
	return nil
}

// copyFile copies what in reads to the new file p and returns the
// checksum and size of what it copied.
func copyFile(fsys fileSystem, p string, in io.Reader) (sum uint64, size int64, err error) {
	out, err := fsys.Create(p)
	if err != nil {
		return 0, 0, err
	}
	h := crc64.New(crcTable)
	size, err = io.Copy(io.MultiWriter(out, h), in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return h.Sum64(), size, err
}
