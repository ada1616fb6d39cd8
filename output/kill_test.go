package output

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// killFS is the operating system's file system for a build that dies: just
// after its call number at (counting from 1) is done, it copies the whole
// folder around the output (what the disk holds at that instant) into
// snap, and from then on every call fails, so that the disk can be set
// back to that copy once the build returns, as if the process had died
// there (what the build does after, undoing or cleaning up, is lost with
// it). With cut ≥ 0 it dies instead inside the write of the commit's
// journal, after cut bytes of it reached the file; the bytes written are
// kept in journal. Calls run one at a time, so the copy sees none half
// done.
type killFS struct {
	t       *testing.T
	mu      sync.Mutex
	calls   int
	at      int // the call it dies at; 0: none
	cut     int // the bytes of the journal written before it dies; -1: none
	parent  string
	snap    string // where the disk at the death is copied
	dead    bool
	journal []byte
}

// call runs op as call number n, or dies before it.
func (k *killFS) call(op func() error) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.calls++
	if k.dead {
		return syscall.EIO
	}
	err := op()
	if k.calls == k.at {
		k.die()
		return syscall.EIO
	}
	return err
}

// die copies the disk as it is now; the caller holds mu.
func (k *killFS) die() {
	k.dead = true
	copyTree(k.t, k.parent, k.snap)
}

func (k *killFS) Create(name string) (io.WriteCloser, error) {
	var f io.WriteCloser
	err := k.call(func() (err error) { f, err = osFS{}.Create(name); return err })
	if err != nil || k.cut < 0 || filepath.Base(name) != journalName {
		return f, err
	}
	return &cutWriter{k: k, f: f}, nil
}

func (k *killFS) MkdirAll(name string, perm fs.FileMode) error {
	return k.call(func() error { return os.MkdirAll(name, perm) })
}
func (k *killFS) Mkdir(name string, perm fs.FileMode) error {
	return k.call(func() error { return os.Mkdir(name, perm) })
}
func (k *killFS) Rename(from, to string) error {
	return k.call(func() error { return os.Rename(from, to) })
}
func (k *killFS) Remove(name string) error {
	return k.call(func() error { return os.Remove(name) })
}
func (k *killFS) Chmod(name string, perm fs.FileMode) error {
	return k.call(func() error { return os.Chmod(name, perm) })
}

// cutWriter writes the first k.cut bytes of the journal, then dies.
type cutWriter struct {
	k       *killFS
	f       io.WriteCloser
	written int
}

func (c *cutWriter) Write(b []byte) (int, error) {
	c.k.mu.Lock()
	defer c.k.mu.Unlock()
	if c.k.dead {
		return 0, syscall.EIO
	}
	n := min(len(b), c.k.cut-c.written)
	if _, err := c.f.Write(b[:n]); err != nil {
		return 0, err
	}
	c.k.journal = append(c.k.journal, b[:n]...)
	c.written += n
	if c.written == c.k.cut {
		c.f.Close() // the kernel closes a dead process's files
		c.k.die()
		return n, syscall.EIO
	}
	return n, nil
}

func (c *cutWriter) Close() error { return c.f.Close() }

// copyTree copies the folder from, with its files' modes and times, into
// the new folder to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		fi, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Mkdir(dst, fi.Mode().Perm()|0o700)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, fi.Mode().Perm()); err != nil {
			return err
		}
		return os.Chtimes(dst, fi.ModTime(), fi.ModTime())
	})
	if err != nil {
		t.Fatalf("copying %s: %v", from, err)
	}
}

// restore sets the folder parent back to the copy snap made at a death,
// and names its temporary folders with the id of a process that has
// ended, as the killed build's process has.
func restore(t *testing.T, parent, snap string, dead int) {
	t.Helper()
	names, err := os.ReadDir(parent)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range names {
		if err := os.RemoveAll(filepath.Join(parent, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	names, err = os.ReadDir(snap)
	if err != nil {
		t.Fatal(err)
	}
	pid := regexp.MustCompile(`\.new-[0-9]+-`)
	for _, e := range names {
		name := pid.ReplaceAllString(e.Name(), ".new-"+strconv.Itoa(dead)+"-")
		copyTree(t, filepath.Join(snap, e.Name()), filepath.Join(parent, name))
	}
}

// killCase is a build that dies: an output made by before (nil: none
// yet), rebuilt as faultNew.
type killCase struct {
	name   string
	before func(t *testing.T, dest string)
}

var killCases = []killCase{
	{"rebuild in place", func(t *testing.T, dest string) {
		writeOutput(t, dest, faultOld)
		for p, data := range faultUser {
			putFile(t, filepath.Join(dest, p), data)
		}
	}},
	{"into an empty folder", func(t *testing.T, dest string) {
		if err := os.Mkdir(dest, 0o755); err != nil {
			t.Fatal(err)
		}
	}},
	{"first build", func(t *testing.T, dest string) {}},
}

// TestCommitKilledAtEachStep kills a build at each of its file-system
// calls in turn, and inside the write of its commit's journal after each
// byte of it (none included: the journal made, nothing written), and sets
// the disk back to what it held at that instant. Then the next build of
// the folder must, without help, find the output either the old one or
// the new one byte for byte, with nothing left beside it, and a build
// after it must write the new output.
func TestCommitKilledAtEachStep(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dead := deadPID(t)
	for _, kc := range killCases {
		t.Run(kc.name, func(t *testing.T) {
			// The trees a build leaves: none (before) and the one a
			// build that is not killed writes (after); the output
			// before, made once, is copied for each build.
			template := filepath.Join(t.TempDir(), "public")
			kc.before(t, template)
			before := treeOrNone(t, template)
			fresh := filepath.Join(t.TempDir(), "public")
			kc.before(t, fresh)
			if err := Write(fresh, faultNew); err != nil {
				t.Fatal(err)
			}
			after := fullTree(t, fresh)
			setUp := func() (parent, dest string) {
				parent = t.TempDir()
				dest = filepath.Join(parent, "public")
				if before != nil {
					copyTree(t, template, dest)
				}
				return parent, dest
			}
			// The journal's bytes: a build not killed, whose journal is
			// kept as it is written.
			var journal []byte
			{
				parent, dest := setUp()
				k := &killFS{t: t, cut: 1 << 30, parent: parent}
				if err := writeWith(Options{fs: k}, dest, faultNew); err != nil {
					t.Fatal(err)
				}
				journal = k.journal
			}
			// Each call in turn; then, inside the journal's write, each
			// byte (with -short, the first two, those around the end of
			// its first line, each line's start and the last two).
			var cutAt []int
			head := strings.IndexByte(string(journal), '\n') + 1
			for i := 0; i <= len(journal); i++ {
				near := i < 2 || i >= head-1 && i <= head+1 || i >= len(journal)-1 || journal[i-1] == '\n'
				if near || !testing.Short() {
					cutAt = append(cutAt, i)
				}
			}
			kills, old, cuts := 0, 0, 0
			for _, byBytes := range []bool{false, true} {
				for i := 0; ; i++ {
					k := &killFS{t: t, at: i + 1, cut: -1}
					where := "after call " + strconv.Itoa(i+1)
					if byBytes {
						if i == len(cutAt) {
							break
						}
						k.at, k.cut = 0, cutAt[i]
						where = "after " + strconv.Itoa(k.cut) + " bytes of the journal"
					}
					parent, dest := setUp()
					k.parent, k.snap = parent, filepath.Join(t.TempDir(), "snap")
					err := writeWith(Options{fs: k}, dest, faultNew)
					if !k.dead {
						if err != nil {
							t.Fatalf("not killed, and the build failed: %v", err)
						}
						break
					}
					kills++
					if byBytes {
						cuts++
					}
					restore(t, parent, k.snap, dead)
					var notes []string
					w, err := Options{Notice: func(s string) { notes = append(notes, s) }}.Begin(dest)
					if err != nil {
						t.Fatalf("killed %s: the next build: %v", where, err)
					}
					w.Abort()
					got := treeOrNone(t, dest)
					switch {
					case equalTrees(got, before):
						old++
					case equalTrees(got, after):
					default:
						t.Fatalf("killed %s: after the next build began, the output is neither the old one nor the new one:%s", where, sitetest.TreeDiff(got, before))
					}
					if names := entries(t, parent); len(names) > 1 || len(names) == 1 && names[0] != "public" {
						t.Errorf("killed %s: beside the output: %q (notes %q)", where, names, notes)
					}
					for _, note := range notes {
						if strings.Contains(note, "kept") {
							t.Errorf("killed %s: a file kept aside: %s", where, note)
						}
					}
					if err := Write(dest, faultNew); err != nil {
						t.Fatalf("killed %s: the build after: %v", where, err)
					}
					if got := fullTree(t, dest); !equalTrees(got, after) {
						t.Fatalf("killed %s: the build after wrote:%s", where, sitetest.TreeDiff(got, after))
					}
				}
			}
			if kc.name != "first build" && (cuts < 10 || old == 0 || old == kills) {
				t.Errorf("%d kills, %d in the journal, %d left the old output: the test shows too little", kills, cuts, old)
			}
			t.Logf("%d kills (%d inside the journal's write of %d bytes): %d ended with the old output, %d with the new", kills, cuts, len(journal), old, kills-old)
		})
	}
}

// treeOrNone is fullTree of dir, or nil when there is no dir.
func treeOrNone(t *testing.T, dir string) map[string]string {
	t.Helper()
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return fullTree(t, dir)
}
