//go:build unix

package output

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestSecondBuildWaits: while one build of a folder is under way, a second
// one says it waits (Waiting) and does not begin until the first is done;
// then it builds over the first one's output, so that the folder ends as
// the second build's site.
func TestSecondBuildWaits(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dest := filepath.Join(t.TempDir(), "public")
	siteB := files("index.html", "b", "b-only.html", "b")
	if err := Write(dest, siteB); err != nil {
		t.Fatal(err)
	}
	first, err := Begin(dest)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files("index.html", "a", "a-only.html", "a").Files {
		first.Add(f)
	}
	waiting := make(chan struct{})
	began := make(chan *Writer)
	go func() {
		w, err := Options{Waiting: func() { close(waiting) }}.Begin(dest)
		if err != nil {
			t.Error(err)
		}
		began <- w
	}()
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Error("the second build did not say it waits")
	}
	select {
	case <-began:
		t.Fatal("the second build began while the first was under way")
	case <-time.After(200 * time.Millisecond):
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	second := <-began
	if second == nil {
		t.FailNow()
	}
	for _, f := range siteB.Files {
		second.Add(f)
	}
	if err := second.Commit(); err != nil {
		t.Fatalf("the second build, over the first one's output: %v", err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"index.html": "b", "b-only.html": "b"}) {
		t.Errorf("output = %v, want the second build's site", got)
	}
}

// TestConcurrentBuildsOneWins runs pairs of builds of two different sites
// into one folder at the same time: after each pair the folder holds
// exactly one of the two sites, list of files included, never a mix; and
// in some pairs one build waited for the other (else they never overlapped
// and the test shows nothing).
func TestConcurrentBuildsOneWins(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	site := func(name string) *Output {
		out := &Output{}
		for i := range 60 {
			out.Files = append(out.Files, File{Path: fmt.Sprintf("p%d/index.html", i), Data: []byte(name + fmt.Sprint(i))})
			out.Files = append(out.Files, File{Path: fmt.Sprintf("%s-only/%d.csv", name, i), Data: []byte(name)})
		}
		return out
	}
	a, b := site("a"), site("b")
	root := t.TempDir()
	want := map[string]map[string]string{}
	for name, out := range map[string]*Output{"a": a, "b": b} {
		fresh := filepath.Join(root, "fresh-"+name)
		if err := Write(fresh, out); err != nil {
			t.Fatal(err)
		}
		want[name] = fullTree(t, fresh)
	}
	dest := filepath.Join(t.TempDir(), "public")
	if err := Write(dest, a); err != nil {
		t.Fatal(err)
	}
	won := map[string]int{}
	var waits atomic.Int32
	waited := Options{Waiting: func() { waits.Add(1) }}
	for round := range 8 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, out := range []*Output{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = writeWith(waited, dest, out)
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("round %d: %v, %v", round, errs[0], errs[1])
		}
		got := fullTree(t, dest)
		switch {
		case equalTrees(got, want["a"]):
			won["a"]++
		case equalTrees(got, want["b"]):
			won["b"]++
		default:
			t.Fatalf("round %d: the folder holds a mix of both sites:%s", round, sitetest.TreeDiff(got, want["a"]))
		}
	}
	if waits.Load() == 0 {
		t.Error("no build waited for the other: they never overlapped")
	}
	t.Logf("last build: a %d times, b %d times; %d waited", won["a"], won["b"], waits.Load())
}

// TestKilledBuildLeavesNoLock: a build whose process is killed while it
// holds the folder does not keep the next one waiting (the kernel drops
// the lock with the process).
func TestKilledBuildLeavesNoLock(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldLockHelper$")
	cmd.Env = append(os.Environ(), "SCALESITE_TEST_HOLD="+dest)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "holding\n" {
		t.Fatalf("the helper did not take the lock: %q, %v", line, err)
	}
	// While the helper holds the folder, a build waits; the helper is
	// killed then, and the build must go on.
	waited := false
	began := make(chan error, 1)
	var w *Writer
	go func() {
		var err error
		w, err = Options{Waiting: func() { waited = true; cmd.Process.Kill() }}.Begin(dest)
		began <- err
	}()
	select {
	case err := <-began:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("30 s after the build holding the folder was killed, the next one still waits")
	}
	cmd.Wait()
	if !waited {
		t.Fatal("the build did not wait for the helper: the test shows nothing")
	}
	w.Add(File{Path: "index.html", Data: []byte("after the kill")})
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"index.html": "after the kill"}) {
		t.Errorf("output = %v", got)
	}
}

// TestHoldLockHelper is the process TestKilledBuildLeavesNoLock kills: it
// begins a build and waits, holding the lock, until it is killed.
func TestHoldLockHelper(t *testing.T) {
	dest := os.Getenv("SCALESITE_TEST_HOLD")
	if dest == "" {
		t.Skip("run by TestKilledBuildLeavesNoLock")
	}
	if _, err := Begin(dest); err != nil {
		t.Fatal(err)
	}
	fmt.Println("holding")
	time.Sleep(time.Minute)
	t.Fatal("not killed within a minute")
}
