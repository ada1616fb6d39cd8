package output

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// faultFS is the operating system's file system, except that the calls
// numbered from..to-1 (counting every call from 1) fail with err; to 0
// means every call from from on, as for a disk that broke or a process
// that was killed at that call.
type faultFS struct {
	mu       sync.Mutex
	calls    int
	from, to int
	err      error
	dest     string // the output folder, to tell a call that changes it
	hit      bool   // whether a call failed
	changed  bool   // whether a call changed dest before the first failure
}

// check counts a call on the paths names, and fails it when its number
// says so.
func (f *faultFS) check(op string, names ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.calls >= f.from && (f.to == 0 || f.calls < f.to) {
		f.hit = true
		return &fs.PathError{Op: op, Path: names[0], Err: f.err}
	}
	for _, n := range names {
		if !f.hit && f.dest != "" && strings.HasPrefix(n, f.dest+string(filepath.Separator)) {
			f.changed = true
		}
	}
	return nil
}

func (f *faultFS) Create(name string) (io.WriteCloser, error) {
	if err := f.check("open", name); err != nil {
		return nil, err
	}
	return osFS{}.Create(name)
}

func (f *faultFS) MkdirAll(name string, perm fs.FileMode) error {
	if err := f.check("mkdir", name); err != nil {
		return err
	}
	return os.MkdirAll(name, perm)
}

func (f *faultFS) Mkdir(name string, perm fs.FileMode) error {
	if err := f.check("mkdir", name); err != nil {
		return err
	}
	return os.Mkdir(name, perm)
}

func (f *faultFS) Rename(from, to string) error {
	if err := f.check("rename", from, to); err != nil {
		return err
	}
	return os.Rename(from, to)
}

func (f *faultFS) Remove(name string) error {
	if err := f.check("remove", name); err != nil {
		return err
	}
	return os.Remove(name)
}

func (f *faultFS) Chmod(name string, perm fs.FileMode) error {
	if err := f.check("chmod", name); err != nil {
		return err
	}
	return os.Chmod(name, perm)
}

// fullTree reads every file and folder under dir, the list of files
// included: path → content, folders with a trailing slash.
func fullTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := tree(t, dir)
	if b, err := os.ReadFile(filepath.Join(dir, MarkerName)); err == nil {
		out[MarkerName] = string(b)
	}
	return out
}

// A rebuild that does every kind of step a commit in place does: replace a
// file, keep one, remove one (and its folder), make folders, put a file
// where a folder was and a folder where a file was; in an output that also
// holds a .git and a file added by hand.
var (
	faultOld = map[string]string{
		"index.html": "old home", "a/index.html": "old a", "gone/index.html": "gone",
		"x/index.html": "a folder", "f": "a file", "keep.css": "same",
	}
	faultUser = map[string]string{".git/HEAD": "ref: refs/heads/main\n", "notes.txt": "mine"}
	faultNew  = files(
		"index.html", "new home", "a/index.html", "old a", "b/c/index.html", "new deep",
		"x", "a file where a folder was", "f/index.html", "a folder where a file was", "keep.css", "same",
	)
)

// makeFaultOutput builds faultOld into a new folder and adds the user's
// files; it returns the destination and what it holds.
func makeFaultOutput(t *testing.T) (dest string, before map[string]string) {
	t.Helper()
	dest = filepath.Join(t.TempDir(), "public")
	writeOutput(t, dest, faultOld)
	for p, data := range faultUser {
		putFile(t, filepath.Join(dest, p), data)
	}
	return dest, fullTree(t, dest)
}

// writeWith writes out to dest as one build begun with o.
func writeWith(o Options, dest string, out *Output) error {
	w, err := o.Begin(dest)
	if err != nil {
		return err
	}
	for _, f := range out.Files {
		w.Add(f)
	}
	return w.Commit()
}

// TestCommitFaultAtEachCall makes each file-system call of a rebuild fail
// in turn, once, as a folder made read-only or a full disk does: every
// failed build must leave the output byte for byte as it was (the commit
// puts back what it had moved), with nothing left beside it, say why in
// words, and never claim a change it did not make. The run whose fault
// comes after the last call is the build that succeeds.
func TestCommitFaultAtEachCall(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"permission", syscall.EACCES, "permission denied"},
		{"disk full", syscall.ENOSPC, "the disk is full"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inApply, n := 0, 1 // inApply: runs whose fault came after the first change to the output
			for ; ; n++ {
				dest, before := makeFaultOutput(t)
				fsys := &faultFS{from: n, to: n + 1, err: tc.err, dest: dest}
				err := writeWith(Options{fs: fsys}, dest, faultNew)
				if !fsys.hit {
					if err != nil {
						t.Fatalf("no fault, and the build failed: %v", err)
					}
					if got := tree(t, dest); got["index.html"] != "new home" || got["notes.txt"] != "mine" || got[".git/HEAD"] == "" {
						t.Errorf("the build with no fault wrote %v", got)
					}
					break
				}
				if err == nil {
					t.Fatalf("call %d failed and the build succeeded", n)
				}
				var partial *PartialError
				if errors.As(err, &partial) {
					t.Fatalf("call %d: the old files could not be put back after one failed call: %v", n, err)
				}
				if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "build again") {
					t.Errorf("call %d: error %q does not say %q and what to do", n, err, tc.want)
				}
				if got := fullTree(t, dest); !equalTrees(got, before) {
					t.Fatalf("call %d failed: the output changed:\n got %v\nwant %v", n, got, before)
				}
				if got := entries(t, filepath.Dir(dest)); !slices.Equal(got, []string{"public"}) {
					t.Errorf("call %d: beside the output: %q, want only public", n, got)
				}
				if fsys.changed {
					inApply++
				}
			}
			if inApply == 0 {
				t.Error("no fault came while the output was being changed: the test shows nothing about putting files back")
			}
			t.Logf("%d calls failed in turn, %d of them after the commit had changed the output", n-1, inApply)
		})
	}
}

// TestCommitKilledAtEachCall stops a rebuild at each of its file-system
// calls in turn, every call from there on failing, as when the process is
// killed (nothing of the build runs after that call) or the disk breaks:
// the output is then either as it was, or the error says exactly that it
// was left changed, and where the old files are. Then the next build of
// the folder puts them back before it starts: the output is again byte
// for byte the old one, and then a build writes the new one.
func TestCommitKilledAtEachCall(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	partials, n := 0, 1
	for ; ; n++ {
		dest, before := makeFaultOutput(t)
		fsys := &faultFS{from: n, err: syscall.EIO, dest: dest}
		err := writeWith(Options{fs: fsys}, dest, faultNew)
		if !fsys.hit {
			if err != nil {
				t.Fatalf("no fault, and the build failed: %v", err)
			}
			break
		}
		if err == nil {
			t.Fatalf("killed at call %d, and the build succeeded", n)
		}
		var partial *PartialError
		if errors.As(err, &partial) {
			partials++
			if !strings.Contains(err.Error(), "now holds some new files and some old ones") || !exists(partial.Backup) {
				t.Errorf("killed at call %d: the error does not say where the old files are: %v", n, err)
			}
		} else if got := fullTree(t, dest); !equalTrees(got, before) {
			t.Fatalf("killed at call %d: the output changed, and the error does not say so (%v):\n got %v\nwant %v", n, err, got, before)
		}
		// The next build (here, one that stops before its commit) puts
		// the old output back first.
		commitErr := err
		w, err := Begin(dest)
		if err != nil {
			t.Fatalf("killed at call %d: the next build: %v", n, err)
		}
		w.Abort()
		if got := fullTree(t, dest); !equalTrees(got, before) {
			t.Fatalf("killed at call %d (%v): after the next build began, the output is not the old one: %s", n, commitErr, sitetest.TreeDiff(got, before))
		}
		if got := entries(t, filepath.Dir(dest)); !slices.Equal(got, []string{"public"}) {
			t.Errorf("killed at call %d: beside the output: %q, want only public", n, got)
		}
		if err := Write(dest, faultNew); err != nil {
			t.Fatalf("killed at call %d: the build after: %v", n, err)
		}
		if got := tree(t, dest); got["b/c/index.html"] != "new deep" || got["x"] != "a file where a folder was" || got["notes.txt"] != "mine" {
			t.Errorf("killed at call %d: the build after wrote %v", n, got)
		}
	}
	if partials == 0 {
		t.Error("no kill left the output changed: the test shows nothing about the next build putting files back")
	}
	t.Logf("killed at each of %d calls; %d kills left the output changed, each put back by the next build", n-1, partials)
}

// TestFullDiskTmpfs fills a real disk: a small tmpfs whose number of files
// is limited to what the old output uses plus k, for each k until the
// rebuild fits. Each rebuild that runs out of room must fail saying the
// disk is full and leave the old output byte for byte; the faults land
// while new files are written, while the commit prepares, and while it
// makes folders in the output after it moved files aside. It needs root to
// mount the tmpfs, and is skipped otherwise.
func TestFullDiskTmpfs(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	mnt := t.TempDir()
	if err := syscall.Mount("tmpfs", mnt, "tmpfs", 0, "size=8m,nr_inodes=4096"); err != nil {
		t.Skip("cannot mount a tmpfs here:", err)
	}
	t.Cleanup(func() { syscall.Unmount(mnt, syscall.MNT_DETACH) })
	inOutput := 0
	for k := 0; ; k++ {
		if err := syscall.Mount("tmpfs", mnt, "tmpfs", syscall.MS_REMOUNT, "nr_inodes=4096"); err != nil {
			t.Fatal(err)
		}
		dest := filepath.Join(mnt, "public")
		if err := os.RemoveAll(dest); err != nil {
			t.Fatal(err)
		}
		writeOutput(t, dest, faultOld)
		for p, data := range faultUser {
			putFile(t, filepath.Join(dest, p), data)
		}
		before := fullTree(t, dest)
		var st syscall.Statfs_t
		if err := syscall.Statfs(mnt, &st); err != nil {
			t.Fatal(err)
		}
		used := st.Files - st.Ffree
		if err := syscall.Mount("tmpfs", mnt, "tmpfs", syscall.MS_REMOUNT, "nr_inodes="+strconv.FormatUint(used+uint64(k), 10)); err != nil {
			t.Fatal(err)
		}
		err := Write(dest, faultNew)
		if err == nil {
			if k == 0 {
				t.Fatal("the rebuild fitted in no more files: the disk was never full")
			}
			if got := tree(t, dest); got["b/c/index.html"] != "new deep" || got["notes.txt"] != "mine" {
				t.Errorf("the rebuild that fitted wrote %v", got)
			}
			if inOutput == 0 {
				t.Error("no build ran out of room while its commit changed the output: the test shows nothing about putting files back")
			}
			t.Logf("the rebuild fitted with %d more files; %d builds ran out of room, %d of them in the commit", k, k, inOutput)
			return
		}
		if strings.Contains(err.Error(), "mkdir "+dest+string(filepath.Separator)) {
			inOutput++ // the commit had moved files aside when it ran out
		}
		if !strings.Contains(err.Error(), "the disk is full") {
			t.Errorf("%d more files: error %q does not say the disk is full", k, err)
		}
		if got := fullTree(t, dest); !equalTrees(got, before) {
			t.Fatalf("%d more files: the output changed:\n got %v\nwant %v", k, got, before)
		}
		if got := entries(t, mnt); !slices.Equal(got, []string{"public"}) {
			t.Errorf("%d more files: beside the output: %q, want only public", k, got)
		}
	}
}
