package output

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// deadPID returns the id of a process that has ended: this test binary run
// once more with no test to run.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("running a short-lived process: %v", err)
	}
	return cmd.Process.Pid
}

// TestStaleTempFoldersRemoved: a build removes the temporary folders of its
// destination that killed builds left, and nothing else: not the folders of
// a build still running, not those of another destination, not files or
// links, not names that only look alike.
func TestStaleTempFoldersRemoved(t *testing.T) {
	dead, self, live := strconv.Itoa(deadPID(t)), strconv.Itoa(os.Getpid()), strconv.Itoa(os.Getppid())
	type entry struct {
		name string
		kind string // "dir", "file", "link" (to a user's folder) or "old dir" (modified before this process started)
		gone bool   // whether the build removes it
	}
	tests := []struct {
		name    string
		entries []entry
	}{
		{"killed build's new and old folders", []entry{
			{".public.new-" + dead + "-123456", "dir", true},
			{".public.new-" + dead + "-123456.old", "dir", true},
		}},
		{"folders of earlier versions, without a process id", []entry{
			{".public.new-3482917", "dir", true},
			{".public.new-3482917.old", "dir", true},
		}},
		{"a build still running", []entry{
			{".public.new-" + live + "-77", "dir", false},
			{".public.new-" + live + "-77.old", "dir", false},
		}},
		{"this process's id", []entry{
			{".public.new-" + self + "-5", "dir", false},               // another Writer of this process
			{".public.new-" + self + "-6", "old dir", true},            // an earlier process with the same id
			{".public.new-" + self + "-6.old", "old dir", true},        //
			{".public.new-" + self + "-7.old.old", "old dir", false},   // not a name a Writer makes
			{".public.new-" + self + "-abc", "old dir", false},         //
			{".public.new-" + self + "-8-9", "old dir", false},         //
			{".public.new-" + self + "-", "old dir", false},            //
			{"public.new-" + self + "-6", "old dir", false},            // no dot
			{".public.new-" + self + "-6.old~", "old dir", false},      //
			{".public.new-" + self + "-6.OLD", "old dir", false},       //
			{".public.new-" + self + "-6 .old", "old dir", false},      //
			{"..public.new-" + self + "-6", "old dir", false},          //
			{".public.new-" + self + "-6.old.new-1", "old dir", false}, //
		}},
		{"other destinations and look-alikes", []entry{
			{".site.new-" + dead + "-1", "dir", false},
			{".publicx.new-" + dead + "-1", "dir", false},
			{".xpublic.new-" + dead + "-1", "dir", false},
			{".public.newer-" + dead + "-1", "dir", false},
			{"public.new-" + dead + "-1", "dir", false},
			{".public.new-" + dead + "-1x", "dir", false},
			{".public.new-x" + dead + "-1", "dir", false},
			{".public.new-" + dead, "file", false},
			{".public.new-" + dead + "-2", "file", false},
			{".public.new-" + dead + "-3", "link", false},
			{".public.old", "dir", false},
			{".public", "dir", false},
			{"drafts", "dir", false},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			writeOutput(t, dest, map[string]string{"index.html": "old"})
			user := t.TempDir() // a folder of the user's, which a link points at
			putFile(t, filepath.Join(user, "notes.txt"), "mine")
			var want []string
			for _, e := range tc.entries {
				p := filepath.Join(parent, e.name)
				if filepath.Dir(p) != parent {
					continue
				}
				switch e.kind {
				case "dir", "old dir":
					putFile(t, filepath.Join(p, "page", "index.html"), "left over")
					if e.kind == "old dir" {
						old := processStart.Add(-time.Hour)
						for _, q := range []string{filepath.Join(p, "page"), p} {
							if err := os.Chtimes(q, old, old); err != nil {
								t.Fatal(err)
							}
						}
					}
				case "file":
					putFile(t, p, "a file of the user's")
				case "link":
					if err := os.Symlink(user, p); err != nil {
						t.Skip("no symbolic links:", err)
					}
				}
				if !e.gone {
					want = append(want, e.name)
				}
			}

			if err := Write(dest, &Output{Files: []File{{Path: "index.html", Data: []byte("new")}}}); err != nil {
				t.Fatalf("Write: %v", err)
			}
			want = append(want, "public")
			slices.Sort(want)
			if got := entries(t, parent); !slices.Equal(got, want) {
				t.Errorf("beside the output after a build:\n got %q\nwant %q", got, want)
			}
			if b, err := os.ReadFile(filepath.Join(user, "notes.txt")); err != nil || string(b) != "mine" {
				t.Errorf("the user's folder behind a link lost its file: %q, %v", b, err)
			}
			if got := tree(t, dest); !equalTrees(got, map[string]string{"index.html": "new"}) {
				t.Errorf("output = %q", got)
			}
		})
	}
}

// TestTempFolderNamedWithProcess: the temporary folder carries this
// process's id, which is what tells a later build it may be in use.
func TestTempFolderNamedWithProcess(t *testing.T) {
	parent := t.TempDir()
	w, err := Begin(filepath.Join(parent, "public"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	names := entries(t, parent)
	if len(names) != 1 || !staleName("public").MatchString(names[0]) {
		t.Fatalf("beside the output while writing: %q, want one temporary folder", names)
	}
	if m := staleName("public").FindStringSubmatch(names[0]); m[1] != strconv.Itoa(os.Getpid()) {
		t.Errorf("temporary folder %q is not named with this process's id %d", names[0], os.Getpid())
	}
}

// TestCancel: Cancel while files are still being added removes the new
// folder at once and leaves the old output as it was; Commit then reports
// ErrCanceled. Cancel after Commit comes too late and changes nothing.
func TestCancel(t *testing.T) {
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	writeOutput(t, dest, map[string]string{"index.html": "old home", "a/index.html": "old a"})
	before := tree(t, dest)

	w, err := Begin(dest)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 { // producers still adding while Cancel runs
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 500 {
				w.Add(File{Path: fmt.Sprintf("p%d/%d/index.html", g, i), Data: []byte("new")})
			}
		}()
	}
	w.Add(File{Path: "index.html", Data: []byte("new home")})
	if !w.Cancel() {
		t.Fatal("Cancel before Commit reported it came too late")
	}
	if got := entries(t, parent); !slices.Equal(got, []string{"public"}) {
		t.Errorf("right after Cancel, beside the output: %q, want only public", got)
	}
	wg.Wait()
	if err := w.Commit(); err != ErrCanceled {
		t.Errorf("Commit after Cancel: %v, want ErrCanceled", err)
	}
	if !w.Cancel() {
		t.Error("a second Cancel reported it came too late")
	}
	if got := tree(t, dest); !equalTrees(got, before) {
		t.Errorf("after Cancel the output holds %q, want it unchanged: %q", got, before)
	}
	if got := entries(t, parent); !slices.Equal(got, []string{"public"}) {
		t.Errorf("beside the output: %q, want only public", got)
	}

	w, err = Begin(dest)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(File{Path: "index.html", Data: []byte("committed")})
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if w.Cancel() {
		t.Error("Cancel after Commit reported it dropped the new version")
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"index.html": "committed"}) {
		t.Errorf("Cancel after Commit changed the output: %q", got)
	}
}
