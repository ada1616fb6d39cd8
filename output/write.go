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
	"os"
	"path/filepath"
	"runtime"
	"sync"

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
	if err := writeFiles(tmp, out.Files); err != nil {
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
		return os.RemoveAll(old)
	}
	return nil
}

// writeFiles writes files under dir with a few goroutines: on a site of
// thousands of pages the time goes to system calls, which overlap well.
func writeFiles(dir string, files []render.File) error {
	// Create folders first, once each, in order.
	made := map[string]bool{dir: true}
	for _, f := range files {
		d := filepath.Dir(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
	}
	workers := min(4*runtime.GOMAXPROCS(0), max(1, len(files)))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if errs[w] == nil {
					errs[w] = writeFile(filepath.Join(dir, filepath.FromSlash(files[i].Path)), files[i])
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
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
