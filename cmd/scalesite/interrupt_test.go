//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/fsnotify/fsnotify"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/pipeline"
)

// snapshot reads every file and folder under dir: path → content.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			out[rel+"/"] = nil
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// startBuild starts `scalesite build` and waits until it is writing: its
// temporary folder has appeared beside the destination. It fails the test
// if the build ends first.
func startBuild(t *testing.T, bin, src, dest string) (*exec.Cmd, <-chan error, *bytes.Buffer) {
	t.Helper()
	prefix := "." + filepath.Base(dest) + ".new-"
	writing, stop := watchFor(t, filepath.Dir(dest), func(name string) bool { return strings.HasPrefix(name, prefix) })
	defer stop()
	cmd := exec.Command(bin, "build", "--source", src, "--dest", dest)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-writing:
		if !slices.ContainsFunc(names(t, filepath.Dir(dest)), func(n string) bool { return strings.HasPrefix(n, prefix) }) {
			cmd.Process.Kill()
			<-exited
			t.Fatalf("the build's temporary folder was seen to come and go at once: the site is too small to interrupt; stderr:\n%s", stderr.String())
		}
		return cmd, exited, &stderr
	case err := <-exited:
		t.Fatalf("the build ended (%v) before its temporary folder was seen: the site is too small to interrupt; stderr:\n%s", err, stderr.String())
	}
	return nil, nil, nil
}

// waitExit waits for the process to end and returns its exit code, or the
// signal that killed it. A process that never ends is the test binary's
// -timeout to catch, with every goroutine's stack: a deadline here would
// fail a slow machine, not a hung process.
func waitExit(t *testing.T, exited <-chan error) (code int, signaled syscall.Signal) {
	t.Helper()
	err := <-exited
	var ee *exec.ExitError
	if err == nil {
		return 0, 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -1, ws.Signal()
	}
	return ee.ExitCode(), 0
}

// TestSignals runs the real command and stops it with signals: an
// interrupted build removes its temporary folder and leaves the old output
// byte for byte; a killed one (which cannot clean up) has its litter removed
// by the next build; the preview server stops. Each exits as shells expect
// (130 for Ctrl-C, 143 for SIGTERM).
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large site several times (-short)")
	}
	bin := commandBinary(t)
	// Large enough that a build is still writing well after it starts to.
	src := t.TempDir()
	synth.Write(t, src, 1500, 40)
	noFigures(t, src) // what a signal does to a build is the same with or without them
	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	old := snapshot(t, dest)
	// The next build would change the output.
	page := filepath.Join(src, "content", "page-00010.md")
	text, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(text, "\nAn edit the interrupted build never publishes.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		code int
	}{{"SIGINT", syscall.SIGINT, 130}, {"SIGTERM", syscall.SIGTERM, 143}} {
		t.Run("build "+tc.name, func(t *testing.T) {
			cmd, exited, stderr := startBuild(t, bin, src, dest)
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			code, killed := waitExit(t, exited)
			if code != tc.code {
				t.Errorf("exit code %d (killed by %v), want %d; stderr:\n%s", code, killed, tc.code, stderr)
			}
			if !strings.Contains(stderr.String(), "the output folder was not changed") {
				t.Errorf("stderr does not say the output was kept:\n%s", stderr)
			}
			if got := names(t, parent); !slices.Equal(got, []string{"public"}) {
				t.Errorf("beside the output after the interrupted build: %q, want only public", got)
			}
			if now := snapshot(t, dest); !mapsEqual(now, old) {
				t.Errorf("the interrupted build changed the output (%d entries before, %d after)", len(old), len(now))
			}
		})
	}

	t.Run("build SIGKILL, then build", func(t *testing.T) {
		cmd, exited, _ := startBuild(t, bin, src, dest)
		cmd.Process.Kill()
		if _, killed := waitExit(t, exited); killed != syscall.SIGKILL {
			t.Fatalf("the build was not killed (%v)", killed)
		}
		if got := names(t, parent); len(got) < 2 {
			t.Fatalf("a killed build left nothing beside the output (%q): the test shows nothing", got)
		}
		if now := snapshot(t, dest); !mapsEqual(now, old) {
			t.Errorf("the killed build changed the output")
		}
		out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput()
		if err != nil {
			t.Fatalf("the next build: %v\n%s", err, out)
		}
		if got := names(t, parent); !slices.Equal(got, []string{"public"}) {
			t.Errorf("beside the output after the next build: %q, want only public (the killed build's folders removed)", got)
		}
		b, err := os.ReadFile(filepath.Join(dest, "page-00010", "index.html"))
		if err != nil || !bytes.Contains(b, []byte("An edit the interrupted build never publishes.")) {
			t.Errorf("the next build did not publish the edit (%v)", err)
		}
	})

	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		code int
	}{{"SIGINT", syscall.SIGINT, 130}, {"SIGTERM", syscall.SIGTERM, 143}} {
		t.Run("serve "+tc.name, func(t *testing.T) {
			small := site(t, good)
			cmd := exec.Command(bin, "serve", "--source", small, "--port", "0")
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewScanner(stdout)
			if !lines.Scan() || !strings.HasPrefix(lines.Text(), "serving ") {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("serve printed %q, want its address; stderr:\n%s", lines.Text(), stderr.String())
			}
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() {
				for lines.Scan() { // to the end: Wait must not close the pipe while it is read
				}
				exited <- cmd.Wait()
			}()
			if code, killed := waitExit(t, exited); code != tc.code {
				t.Errorf("exit code %d (killed by %v), want %d; stderr:\n%s", code, killed, tc.code, stderr.String())
			}
		})
	}
}

func mapsEqual(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal(v, w) {
			return false
		}
	}
	return true
}

// watchFor reports on the channel it returns (closing it) the first change
// in the folder dir (not below it) to an entry whose name match accepts:
// made, written, renamed or removed. It reports too when the watch lost
// events (too many at once), for the caller to look. stop ends the watch.
func watchFor(t *testing.T, dir string, match func(name string) bool) (seen <-chan struct{}, stop func()) {
	t.Helper()
	w, err := fsnotify.NewWatcher()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add(dir); err != nil {
		w.Close()
		t.Fatal(err)
	}
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok || match(filepath.Base(ev.Name)) {
					return
				}
			case err, ok := <-w.Errors:
				if !ok || errors.Is(err, fsnotify.ErrEventOverflow) {
					return
				}
			}
		}
	}()
	var once sync.Once
	stop = func() { once.Do(func() { w.Close() }) }
	t.Cleanup(stop)
	return ch, stop
}

// killOnWait is a command's stderr that kills the command as soon as it
// says it is waiting for another build: for a test in which no other build
// may hold the output folder, the wait would never end.
type killOnWait struct {
	buf    *bytes.Buffer
	cmd    *exec.Cmd
	killed bool
}

func (w *killOnWait) Write(p []byte) (int, error) {
	w.buf.Write(p)
	if !w.killed && strings.Contains(w.buf.String(), "waiting") {
		w.killed = true
		w.cmd.Process.Kill()
	}
	return len(p), nil
}

// noFigures turns static figures off in the site in src (staticFigures:
// false in its scalesite.yaml), for a test of something else than figures:
// drawing them is most of a build's time.
func noFigures(t *testing.T, src string) {
	t.Helper()
	config := filepath.Join(src, "scalesite.yaml")
	b, err := os.ReadFile(config)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, append(b, "\nstaticFigures: false\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
}
