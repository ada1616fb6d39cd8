// Package output writes a rendered site to its folder, all or nothing, and
// never touches a file it did not write.
//
// It is the last of the three one-way steps of a build (load → render →
// write). New files are written into a temporary folder beside the
// destination and moved in only when every file is written.
//
// A build writes only into a folder that does not exist yet, an empty
// folder (or one holding only a .git), or its own earlier output: a folder
// holding the list of files an earlier build wrote (MarkerName). It replaces or removes only files that
// list names, so a .git, or a file added by hand, is kept; any other folder
// is refused before anything is written (dest.go). One build at a time
// writes to a folder (lock_unix.go): a second one waits.
//
// A first build writes the whole site into the temporary folder and renames
// it into place. A rebuild writes only the files whose bytes changed there,
// then, in one commit (commit.go), moves the files it replaces or removes
// aside and the new ones in. A commit that fails puts every file back, and
// one that was killed is put back by the next build (journal.go): the
// output is the old one or the new one, never a mix.
//
// What a build writes is an Output, a list of File values (file.go), which
// the renderer makes and the writer and the preview server take.
package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"

	"github.com/scalesite/scalesite/diag"
)

// Options change how a Writer starts.
type Options struct {
	// Waiting, when not nil, is called once when another build is writing
	// to the same destination, before Begin waits for it to finish.
	Waiting func()
	// Stop, when closed while Begin waits for another build, makes Begin
	// give up and return ErrCanceled.
	Stop <-chan struct{}
	// Notice, when not nil, is given each note of what Begin did to
	// recover from a build of the same destination that was killed (the
	// files it put back, or kept aside).
	Notice func(string)

	fs fileSystem // nil means the operating system's (tests fail calls)
}

// Writer writes a new version of a folder file by file, while the caller is
// still producing files (a build renders and writes at once: rendering
// waits on the CPU, writing on the disk), and puts it in place at Commit.
// Until then the folder is untouched; Abort, Cancel, or a failed Commit,
// removes the new files and leaves it as it was.
type Writer struct {
	name string // the destination as the caller named it, for messages
	dest string // its real path (RealPath)
	tmp  string // beside dest: new/ holds the files written, old/ what a commit moves aside
	fsys fileSystem
	lock *destLock
	free sync.Once // lets go of lock

	// fresh is set when dest does not exist: Commit renames new/ to it.
	// Otherwise dest is changed in place.
	fresh bool
	// owned lists the files in dest that an earlier build wrote (its list,
	// MarkerName, as read: marker); empty for an empty folder.
	owned  map[string]ownedFile
	marker []byte
	// old is the last build's manifest when it agrees with the list: with
	// it, an unchanged file is told by its time, without reading it.
	old *manifest
	// next is what dest holds after Commit; staged, the files written
	// into new/, to be moved into dest.
	mmu    sync.Mutex
	next   map[string]manifestEntry
	staged []string
	kept   []byte // SetState's

	files chan File
	done  chan struct{}
	mu    sync.Mutex
	err   error
	made  sync.Map // folder → *mkdir

	// gate orders the writes against Cancel and the commit: each write
	// holds it shared, Cancel and Commit exclusively, so the new folder is
	// removed only while no write is under way, and never in the middle of
	// a commit.
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
// waits for any other build of dest to finish, puts back the files of a
// build of dest that was killed while it replaced them, and removes the
// temporary folders such builds left (see recoverStale). It refuses a
// destination it may not write (see claim) before writing anything.
func (o Options) Begin(dest string) (*Writer, error) {
	w := &Writer{name: dest, fsys: o.fs, files: make(chan File, 64), done: make(chan struct{}), next: map[string]manifestEntry{}}
	if w.fsys == nil {
		w.fsys = osFS{}
	}
	var err error
	if w.dest, err = RealPath(dest); err != nil {
		return nil, fmt.Errorf("the output folder %s cannot be found: %w", diag.Quote(dest), err)
	}
	parent := filepath.Dir(w.dest)
	if parent == w.dest {
		return nil, fmt.Errorf("the output folder %s is the root of the file system: give --dest a folder of its own", diag.Quote(dest))
	}
	if err := w.fsys.MkdirAll(parent, 0o755); err != nil {
		return nil, writeError(dest, err)
	}
	if w.lock, err = lockDest(parent, o.Waiting, o.Stop); err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			w.unlock()
		}
	}()
	notes, err := recoverStale(w.fsys, dest, w.dest)
	if o.Notice != nil {
		for _, n := range notes {
			o.Notice(n)
		}
	}
	if err != nil {
		return nil, err
	}
	if err := w.claim(); err != nil {
		return nil, err
	}
	// The process id in the name tells a later build whether the folder's
	// build may still be running.
	if w.tmp, err = os.MkdirTemp(parent, tempPrefix(w.dest)+strconv.Itoa(os.Getpid())+"-"); err != nil {
		return nil, writeError(dest, err)
	}
	if err := w.fsys.Mkdir(w.newDir(), 0o755); err != nil {
		os.RemoveAll(w.tmp)
		return nil, writeError(dest, err)
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
				if f.Release != nil {
					f.Release() // write keeps nothing of f.Data
				}
			}
		}()
	}
	go func() { wg.Wait(); close(w.done) }()
	ok = true
	return w, nil
}

// newDir is the folder the new files are written into; oldDir the one a
// commit moves replaced and removed files into until it is done.
func (w *Writer) newDir() string { return filepath.Join(w.tmp, "new") }
func (w *Writer) oldDir() string { return filepath.Join(w.tmp, "old") }

// unlock lets the next build of dest in, once.
func (w *Writer) unlock() { w.free.Do(w.lock.unlock) }

// State returns what the build that wrote dest last kept with SetState,
// when dest is as it left it and is changed in place; nil otherwise.
func (w *Writer) State() []byte {
	if w.old == nil {
		return nil
	}
	return w.old.State
}

// SetState has Commit keep b, JSON as json.Marshal writes it, with the
// new output, for the next build's State.
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
// Cancel (the file is dropped), but not after Commit or Abort. The file's
// Release, if any, is called once its bytes are written or dropped.
func (w *Writer) Add(f File) { w.files <- f }

// Commit waits for every file, then puts the new version in place. After
// Cancel it returns ErrCanceled and leaves dest as it was. When it fails,
// dest is as it was, unless the error is a *PartialError, which says what
// it left changed.
func (w *Writer) Commit() error {
	close(w.files)
	<-w.done
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state == canceled {
		return ErrCanceled
	}
	w.state = finished
	defer w.unlock()
	if w.err != nil {
		removeTree(w.tmp)
		return w.err
	}
	if w.fresh {
		return w.commitFresh()
	}
	return w.commitInPlace()
}

// Abort drops the new version; dest stays as it was.
func (w *Writer) Abort() {
	close(w.files)
	<-w.done
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state == writing {
		removeTree(w.tmp)
		w.unlock()
	}
	w.state = finished
}

// Cancel drops the new version at once, while files may still be being
// added (a signal arrived): it waits for the writes under way, removes the
// new folder, and makes the writer drop whatever comes next. dest stays as
// it was. It reports false when it came too late: Commit had already
// put the new version in place, or failed (or Abort had dropped it). Cancel
// may be called from any goroutine, more than once.
func (w *Writer) Cancel() bool {
	w.gate.Lock()
	defer w.gate.Unlock()
	if w.state != writing {
		return w.state == canceled
	}
	w.state = canceled
	removeTree(w.tmp)
	w.unlock()
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
func (w *Writer) write(f File) error {
	w.gate.RLock()
	defer w.gate.RUnlock()
	if w.state == canceled {
		return nil
	}
	if !validPath(f.Path) {
		if f.Path == MarkerName {
			return fmt.Errorf("the site has a file named %s, the name scalesite keeps for its list of the files it wrote: rename that file (in static/, or in a page's folder)", MarkerName)
		}
		return fmt.Errorf("the site makes a file %s, which scalesite does not write: its path is outside the output folder or inside a .git folder; rename it (in static/, or in a page's folder)", diag.Quote(f.Path))
	}
	var sum uint64
	var size int64
	if f.Src == "" {
		sum, size = checksum(f.Data), int64(len(f.Data))
	} else if !w.fresh {
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
	if !w.fresh {
		if e, ok := w.unchanged(f, size, sum); ok {
			w.record(f.Path, e, false)
			return nil
		}
	}
	p := filepath.Join(w.newDir(), filepath.FromSlash(f.Path))
	if err := w.mkdirOnce(filepath.Dir(p)); err != nil {
		return writeError(w.name, err)
	}
	if f.Src == "" {
		if err := writeAll(w.fsys, p, f.Data); err != nil {
			return writeError(w.name, err)
		}
	} else {
		in, err := f.Open()
		if err != nil {
			return err
		}
		sum, size, err = copyFile(w.fsys, p, in)
		in.Close()
		if err != nil {
			return writeError(w.name, err)
		}
	}
	e, err := entryOf(p, size, sum)
	if err != nil {
		return err
	}
	w.record(f.Path, e, true)
	return nil
}

// unchanged returns the manifest entry of the file dest holds at f's path
// when it is a file an earlier build wrote and holds f's bytes (of this
// size and checksum) still: then it is kept, not written again. The last
// manifest tells that by the file's time; without it the file is read.
func (w *Writer) unchanged(f File, size int64, sum uint64) (manifestEntry, bool) {
	p := filepath.Join(w.dest, filepath.FromSlash(f.Path))
	if w.old != nil {
		if e, ok := w.old.Files[f.Path]; ok && e.unchanged(p, size, sum) {
			return e, true
		}
	}
	if o, ok := w.owned[f.Path]; !ok || o.Size != size || o.Sum != sum {
		return manifestEntry{}, false
	}
	var mtime int64
	var same bool
	if f.Src == "" {
		mtime, same = sameContent(p, f.Data)
	} else {
		mtime, same = sameFiles(p, f.Src)
	}
	if !same {
		return manifestEntry{}, false
	}
	return manifestEntry{Size: size, Sum: sum, MTime: mtime}, true
}

// mkdirOnce makes the folder d, once however many files go into it.
func (w *Writer) mkdirOnce(d string) error {
	v, _ := w.made.LoadOrStore(d, &mkdir{})
	m := v.(*mkdir)
	m.once.Do(func() { m.err = w.fsys.MkdirAll(d, 0o755) })
	return m.err
}

// record lists the file at path in the new manifest; staged says it was
// written into the new folder, to be moved into dest.
func (w *Writer) record(path string, e manifestEntry, staged bool) {
	w.mmu.Lock()
	w.next[path] = e
	if staged {
		w.staged = append(w.staged, path)
	}
	w.mmu.Unlock()
}
