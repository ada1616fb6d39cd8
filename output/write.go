// Package output writes a rendered site to its folder, all or nothing.
//
// It is the last of the three one-way steps of a build (load → render →
// write). New files are written into a temporary folder beside the
// destination and moved in only when every file is written, so a failed
// build leaves the previous output exactly as it was.
//
// A first build (or one whose last build left no manifest, manifest.go)
// writes the whole site into the temporary folder and swaps the folders.
// A rebuild writes only the files that changed there, then moves them into
// place and removes the files the site no longer has: unchanged files are
// not written again.
package output

import (
	"errors"
	"fmt"
	"hash/crc64"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"

	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/render"
)

// Write replaces the folder dest with the files of out.
func Write(dest string, out *render.Output) error {
	w, err := Begin(dest)
	if err != nil {
		return err
	}
	for _, f := range out.Files {
		w.Add(f)
	}
	return w.Commit()
}

// Writer writes a new version of a folder file by file, while the caller is
// still producing files (a build renders and writes at once: rendering
// waits on the CPU, writing on the disk), and swaps it in at Commit. Until
// then the folder is untouched; Abort, Cancel, or a failed Commit, removes
// the new files and leaves it as it was.
type Writer struct {
	dest, tmp, prev string
	// old is the last build's manifest when dest is changed in place, nil
	// when the whole folder is written anew.
	old *manifest
	// next is what dest holds after Commit; staged, in place, the files
	// written into tmp, to be moved into dest.
	mmu    sync.Mutex
	next   map[string]manifestEntry
	staged []string
	kept   []byte // SetState's

	files chan render.File
	done  chan struct{}
	mu    sync.Mutex
	err   error
	made  sync.Map // folder → *mkdir

	// gate orders the writes against Cancel and the swap: each write holds
	// it shared, Cancel and Commit exclusively, so the new folder is removed
	// only while no write is under way, and never in the middle of a swap.
	gate  sync.RWMutex
	state writerState // guarded by gate
}

type writerState int

const (
	writing  writerState = iota
	canceled             // by Cancel: the new folder is gone, writes are dropped
	finished             // by Commit or Abort
)

// ErrCanceled is Commit's error after Cancel.
var ErrCanceled = errors.New("the build was interrupted: the output folder was not changed")

type mkdir struct {
	once sync.Once
	err  error
}

// Begin starts a new version of dest in a temporary folder beside it. It
// first removes the temporary folders that builds killed before they could
// clean up left there (see removeStale).
func Begin(dest string) (*Writer, error) {
	dest = filepath.Clean(dest)
	parent := filepath.Dir(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	removeStale(dest)
	// The process id in the name tells a later build whether the folder's
	// build may still be running.
	tmp, err := os.MkdirTemp(parent, tempPrefix(dest)+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, err
	}
	w := &Writer{dest: dest, tmp: tmp, files: make(chan render.File, 64), done: make(chan struct{}), next: map[string]manifestEntry{}}
	if fi, err := os.Lstat(dest); err == nil && fi.IsDir() {
		w.prev = dest
		w.old = readManifest(dest)
	}
	// File-system calls wait on the disk more than on a CPU: more
	// goroutines than CPUs keep it busy.
	workers := 4 * runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range w.files {
				if err := w.write(f); err != nil {
					w.fail(err)
				}
			}
		}()
	}
	go func() { wg.Wait(); close(w.done) }()
	return w, nil
}

// State returns what the build that wrote dest last kept with SetState,
// when dest is as it left it and is changed in place; nil otherwise.
func (w *Writer) State() []byte {
	if w.old == nil {
		return nil
	}
	return w.old.State
}

// SetState has Commit keep b with the new output, for the next build's
// State.
func (w *Writer) SetState(b []byte) {
	w.mmu.Lock()
	w.kept = b
	w.mmu.Unlock()
}

// Keep keeps the files at paths as the last build wrote them, when dest is
// changed in place and each is there, untouched since: they are neither
// written nor removed. It returns their sizes, and whether it kept them
// (all of them); when it did not, the caller adds them instead.
func (w *Writer) Keep(paths []string) (sizes []int, ok bool) {
	if w.old == nil {
		return nil, false
	}
	sizes = make([]int, len(paths))
	for i, p := range paths {
		e, found := w.old.Files[p]
		if !found || !e.unchanged(filepath.Join(w.dest, filepath.FromSlash(p)), e.Size, e.Sum) {
			return nil, false
		}
		sizes[i] = int(e.Size)
	}
	for _, p := range paths {
		w.record(p, w.old.Files[p], false)
	}
	return sizes, true
}

// Add queues one file. It may be called from several goroutines, and after
// Cancel (the file is dropped), but not after Commit or Abort.
func (w *Writer) Add(f render.File) { w.files <- f }

// Commit waits for every file, then swaps the new folder in for dest. After
// Cancel it returns ErrCanceled and leaves dest as it was.
func (w *Writer) Commit() error {
	close(w.files)
	<-w.done
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state == canceled {
		return ErrCanceled
	}
	w.state = finished
	if w.err != nil {
		os.RemoveAll(w.tmp)
		return w.err
	}
	if w.old != nil {
		return w.commitInPlace()
	}
	return w.commitSwap()
}

// commitSwap swaps the complete new folder in for dest, and lists it in a
// new manifest.
func (w *Writer) commitSwap() error {
	if err := os.Chmod(w.tmp, 0o755); err != nil {
		os.RemoveAll(w.tmp)
		return err
	}
	// The old manifest goes first: it would describe files that are gone.
	if err := removeManifest(w.dest); err != nil {
		os.RemoveAll(w.tmp)
		return err
	}
	if err := swap(w.tmp, w.dest); err != nil {
		return err
	}
	// Without a manifest the next build writes everything: slower, not wrong.
	_ = writeManifest(w.dest, &manifest{Files: w.next, State: w.kept})
	return nil
}

// Abort drops the new version; dest stays as it was.
func (w *Writer) Abort() {
	close(w.files)
	<-w.done
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state == writing {
		os.RemoveAll(w.tmp)
	}
	w.state = finished
}

// Cancel drops the new version at once, while files may still be being
// added (a signal arrived): it waits for the writes under way, removes the
// new folder, and makes the writer drop whatever comes next. dest stays as
// it was. It reports false when it came too late: Commit had already
// swapped the new version in (or Abort had dropped it). Cancel may be called
// from any goroutine, more than once.
func (w *Writer) Cancel() bool {
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state != writing {
		return w.state == canceled
	}
	w.state = canceled
	os.RemoveAll(w.tmp)
	return true
}

func (w *Writer) fail(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
}

// write writes one file under the new folder, creating its folder once,
// unless dest is changed in place and already holds the file as it is.
//
// When the whole folder is written anew, a file whose bytes equal those of
// the same path in the previous output is hard-linked from there instead
// of written: a link costs no data written to disk. The previous output is
// never changed (a link only adds a name), so a build that fails still
// leaves it as it was.
func (w *Writer) write(f render.File) error {
	w.gate.RLock()
	defer w.gate.RUnlock()
	if w.state == canceled {
		return nil
	}
	var sum uint64
	var size int64
	if f.Src == "" {
		sum, size = checksum(f.Data), int64(len(f.Data))
	} else if w.old != nil {
		in, err := f.Open()
		if err != nil {
			return err
		}
		sum, size, err = checksumReader(in)
		in.Close()
		if err != nil {
			return err
		}
	}
	if w.old != nil {
		if e, ok := w.old.Files[f.Path]; ok && e.unchanged(filepath.Join(w.dest, filepath.FromSlash(f.Path)), size, sum) {
			w.record(f.Path, e, false)
			return nil
		}
	}
	p := filepath.Join(w.tmp, filepath.FromSlash(f.Path))
	if err := w.mkdirOnce(filepath.Dir(p)); err != nil {
		return err
	}
	linked := false
	if w.old == nil && w.prev != "" && f.Src == "" {
		old := filepath.Join(w.prev, filepath.FromSlash(f.Path))
		linked = sameContent(old, f.Data) && os.Link(old, p) == nil
	}
	if !linked {
		var err error
		if f.Src != "" && w.old == nil {
			sum, size, err = copyFile(p, f)
		} else {
			err = writeFile(p, f)
		}
		if err != nil {
			return err
		}
	}
	e, err := entryOf(p, size, sum)
	if err != nil {
		return err
	}
	w.record(f.Path, e, w.old != nil)
	return nil
}

// mkdirOnce makes the folder d, once however many files go into it.
func (w *Writer) mkdirOnce(d string) error {
	v, _ := w.made.LoadOrStore(d, &mkdir{})
	m := v.(*mkdir)
	m.once.Do(func() { m.err = os.MkdirAll(d, 0o755) })
	return m.err
}

// record lists the file at path in the new manifest; staged says it was
// written into the temporary folder, to be moved into dest.
func (w *Writer) record(path string, e manifestEntry, staged bool) {
	w.mmu.Lock()
	w.next[path] = e
	if staged {
		w.staged = append(w.staged, path)
	}
	w.mmu.Unlock()
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

// copyFile copies the source of f to p and returns the checksum and size
// of what it copied.
func copyFile(p string, f render.File) (sum uint64, size int64, err error) {
	in, err := f.Open()
	if err != nil {
		return 0, 0, err
	}
	defer in.Close()
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
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

func writeFile(p string, f render.File) error {
	if f.Src == "" {
		return os.WriteFile(p, f.Data, 0o644)
	}
	in, err := f.Open()
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
