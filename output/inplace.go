package output

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
)

// commitInPlace finishes a rebuild: the files written into the temporary
// folder (the changed ones) are moved into dest, the files dest holds that
// the site no longer has are removed, and the new manifest is written.
//
// Every check that could fail is made before dest is touched: when a new
// file cannot simply be moved in (a folder stands where it goes, or a file
// where its folder goes), the rest of dest is hard-linked into the new
// folder and the folders are swapped instead, as a first build does. The
// old manifest is removed before the first move, so that a build killed
// while moving leaves no manifest, and the next build writes the whole
// folder anew.
func (w *Writer) commitInPlace() error {
	slices.Sort(w.staged)
	if !w.movable() {
		return w.completeAndSwap()
	}
	if err := removeManifest(w.dest); err != nil {
		os.RemoveAll(w.tmp)
		return err
	}
	dirs := map[string]bool{}
	for _, p := range w.staged {
		if d := path.Dir(p); d != "." && !dirs[d] {
			dirs[d] = true
			if err := os.MkdirAll(filepath.Join(w.dest, filepath.FromSlash(d)), 0o755); err != nil {
				return err
			}
		}
	}
	err := parallel(len(w.staged), func(i int) error {
		p := filepath.FromSlash(w.staged[i])
		return os.Rename(filepath.Join(w.tmp, p), filepath.Join(w.dest, p))
	})
	if err != nil {
		return err
	}
	if err := w.removeOthers(); err != nil {
		return err
	}
	os.RemoveAll(w.tmp)
	return writeManifest(w.dest, &manifest{Files: w.next, State: w.kept})
}

// movable reports whether each staged file can be moved to its place in
// dest: nothing but a regular file (which it replaces) is there, and each
// of its folders is a folder or not there yet.
func (w *Writer) movable() bool {
	checked := map[string]bool{}
	for _, p := range w.staged {
		fi, err := os.Lstat(filepath.Join(w.dest, filepath.FromSlash(p)))
		if err == nil && !fi.Mode().IsRegular() {
			return false
		}
		for d := path.Dir(p); d != "." && !checked[d]; d = path.Dir(d) {
			checked[d] = true
			fi, err := os.Lstat(filepath.Join(w.dest, filepath.FromSlash(d)))
			if err == nil && !fi.IsDir() {
				return false
			}
		}
	}
	return true
}

// removeOthers removes from dest every file that is not in the new
// manifest (pages deleted since the last build, and anything else put
// there), and the folders that leaves empty, so that dest holds exactly
// the site, as after a first build.
func (w *Writer) removeOthers() error {
	var dirs []string
	err := filepath.WalkDir(w.dest, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(w.dest, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." {
				dirs = append(dirs, p)
			}
			return nil
		}
		if _, ok := w.next[rel]; !ok {
			return os.Remove(p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- { // children before parents
		if empty(dirs[i]) {
			if err := os.Remove(dirs[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// empty reports whether the folder d holds nothing.
func empty(d string) bool {
	f, err := os.Open(d)
	if err != nil {
		return false
	}
	defer f.Close()
	names, _ := f.Readdirnames(1)
	return len(names) == 0
}

// completeAndSwap makes the temporary folder a whole new version of dest,
// hard-linking into it every unchanged file from dest, then swaps it in as
// a first build does.
func (w *Writer) completeAndSwap() error {
	staged := make(map[string]bool, len(w.staged))
	for _, p := range w.staged {
		staged[p] = true
	}
	var unchanged []string
	for p := range w.next {
		if !staged[p] {
			unchanged = append(unchanged, p)
		}
	}
	err := parallel(len(unchanged), func(i int) error {
		rel := filepath.FromSlash(unchanged[i])
		dst := filepath.Join(w.tmp, rel)
		if err := w.mkdirOnce(filepath.Dir(dst)); err != nil {
			return err
		}
		return os.Link(filepath.Join(w.dest, rel), dst)
	})
	if err != nil {
		os.RemoveAll(w.tmp)
		return err
	}
	return w.commitSwap()
}
