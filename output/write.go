// Package output writes a rendered site to its folder, all or nothing.
//
// It is the last of the three one-way steps of a build (load → render →
// write). The new site is written into a temporary folder beside the
// destination and swapped in only when every file is written, so a failed
// build leaves the previous output exactly as it was.
package output

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/render"
)

// Write replaces the folder dest with the files of out.
func Write(dest string, out *render.Output) error {
	dest = filepath.Clean(dest)
	parent := filepath.Dir(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dest)+".new-")
	if err != nil {
		return err
	}
	prev := ""
	if fi, err := os.Stat(dest); err == nil && fi.IsDir() {
		prev = dest
	}
	if err := writeFiles(tmp, prev, out.Files); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	return swap(tmp, dest)
}

// swap moves the finished folder tmp to dest, keeping the old dest until the
// new one is in place.
func swap(tmp, dest string) error {
	old := ""
	if fi, err := os.Lstat(dest); err == nil {
		if !fi.IsDir() {
			os.RemoveAll(tmp)
			return fmt.Errorf("%s exists and is not a folder: not replacing it", dest)
		}
		old = tmp + ".old"
		if err := os.Rename(dest, old); err != nil {
			os.RemoveAll(tmp)
			return err
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		if old != "" {
			os.Rename(old, dest)
		}
		os.RemoveAll(tmp)
		return err
	}
	if old != "" {
		return removeTree(old)
	}
	return nil
}

// writeFiles writes files under dir with a few goroutines: on a site of
// thousands of pages the time goes to system calls (creating folders and
// files), which overlap well. Each folder is created once, by the first
// worker that needs it.
//
// A file whose bytes equal those of the same path in the previous output
// (prev, or "" for none) is hard-linked from there instead of written: a
// rebuild mostly writes what it wrote before, and a link costs no data
// written to disk. The previous output is never changed (a link only adds a
// name), so a build that fails still leaves it as it was.
func writeFiles(dir, prev string, files []render.File) error {
	var made sync.Map // folder → *sync.Once-guarded result
	type mkdir struct {
		once sync.Once
		err  error
	}
	ensure := func(d string) error {
		v, _ := made.LoadOrStore(d, &mkdir{})
		m := v.(*mkdir)
		m.once.Do(func() { m.err = os.MkdirAll(d, 0o755) })
		return m.err
	}
	return parallel(len(files), func(i int) error {
		p := filepath.Join(dir, filepath.FromSlash(files[i].Path))
		if err := ensure(filepath.Dir(p)); err != nil {
			return err
		}
		if prev != "" && files[i].Src == "" {
			old := filepath.Join(prev, filepath.FromSlash(files[i].Path))
			if sameContent(old, files[i].Data) && os.Link(old, p) == nil {
				return nil
			}
		}
		return writeFile(p, files[i])
	})
}

// sameContent reports whether the regular file at p holds exactly data.
func sameContent(p string, data []byte) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	b, err := os.ReadFile(p)
	return err == nil && string(b) == string(data)
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
// folder unlinked in parallel: removing the previous output of a large site
// costs as many system calls as writing it.
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

func writeFile(p string, f render.File) error {
	if f.Src == "" {
		return os.WriteFile(p, f.Data, 0o644)
	}
	in, err := os.Open(f.Src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
