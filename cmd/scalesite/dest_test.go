//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/pipeline"
)

// TestBuildKilledMidCommit kills the real command with SIGKILL while it
// replaces the files of an earlier output (every page changes: the site's
// title did), which leaves the folder half old, half new. The next build,
// even one that fails, must first put the old output back byte for byte,
// with nothing left beside it and no lock left held; the one after that
// writes exactly what a fresh build writes.
func TestBuildKilledMidCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large site several times (-short)")
	}
	bin := commandBinary(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := t.TempDir()
	synth.Write(t, src, 800, 10)
	noFigures(t, src) // the commit is what this tests; figures are most of a build's time
	config := filepath.Join(src, "scalesite.yaml")
	oldConfig, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	newConfig := bytes.Replace(oldConfig, []byte("Synthetic benchmark"), []byte("Renamed benchmark"), 1)
	fresh := filepath.Join(t.TempDir(), "fresh")
	os.WriteFile(config, newConfig, 0o644)
	if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: fresh}); err != nil {
		t.Fatal(err)
	}
	want := snapshot(t, fresh)

	parent := t.TempDir()
	dest := filepath.Join(parent, "public")
	mixed := false
	for attempt := 1; attempt <= 10 && !mixed; attempt++ {
		os.WriteFile(config, oldConfig, 0o644)
		if out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput(); err != nil {
			t.Fatalf("the first build: %v\n%s", err, out)
		}
		old := snapshot(t, dest)
		os.WriteFile(config, newConfig, 0o644)
		// The home page is among the first files the commit moves aside:
		// the build is killed as soon as it is seen to go.
		replacing, stop := watchFor(t, dest, func(name string) bool { return name == "index.html" })
		cmd := exec.Command(bin, "build", "--source", src, "--dest", dest)
		var buildErr bytes.Buffer
		cmd.Stderr = &buildErr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case <-replacing:
			cmd.Process.Kill()
			<-exited
		case err := <-exited:
			if err != nil {
				t.Fatalf("attempt %d: the build failed before it replaced a file: %v\n%s", attempt, err, buildErr.String())
			}
		}
		stop()
		now := snapshot(t, dest)
		t.Logf("attempt %d: killed with %d of %d files as a fresh build writes them", attempt, sameCount(now, want), len(want))
		if mapsEqual(now, want) {
			t.Logf("attempt %d: the build was done before the kill", attempt)
			continue
		}
		mixed = !mapsEqual(now, old)

		// The next build fails (a page with a broken chart), and must
		// leave the old output, put back.
		broken := filepath.Join(src, "content", "zz-broken.md")
		os.WriteFile(broken, []byte("```chart\ndata: nowhere.csv\nx: a\ny: b\n```\n"), 0o644)
		// A build that waits for the lock of the killed one would wait for
		// ever: it is stopped as soon as it says it waits, and fails below.
		var stderr bytes.Buffer
		next := exec.Command(bin, "build", "--source", src, "--dest", dest)
		next.Stderr = &killOnWait{buf: &stderr, cmd: next}
		err = next.Run()
		os.Remove(broken)
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "the output folder was not changed") {
			t.Fatalf("attempt %d: the failing build: %v\n%s", attempt, err, stderr.String())
		}
		if mixed && !strings.Contains(stderr.String(), "its old files were put back") {
			t.Errorf("attempt %d: the next build does not say it put the old files back:\n%s", attempt, stderr.String())
		}
		if strings.Contains(stderr.String(), "waiting") {
			t.Errorf("attempt %d: the next build waited for the killed one: %s", attempt, stderr.String())
		}
		if got := snapshot(t, dest); !mapsEqual(got, old) {
			t.Fatalf("attempt %d: after the kill and a failed build the output is not the old one (%d files, the old one %d; %s)", attempt, len(got), len(old), firstDiff(got, old))
		}
		if got := names(t, parent); !slices.Equal(got, []string{"public"}) {
			t.Errorf("attempt %d: beside the output: %q, want only public", attempt, got)
		}
		if out, err := exec.Command(bin, "build", "--source", src, "--dest", dest).CombinedOutput(); err != nil {
			t.Fatalf("the build after: %v\n%s", err, out)
		}
		if got := snapshot(t, dest); !mapsEqual(got, want) {
			t.Errorf("attempt %d: the build after the kill wrote something else than a fresh build (%s)", attempt, firstDiff(got, want))
		}
		os.RemoveAll(dest)
	}
	if !mixed {
		t.Fatal("no kill landed while the output was half changed: the test shows nothing")
	}
}

// TestConcurrentBuilds runs pairs of the real command at once, building
// two different sites into one folder: after each pair the folder holds
// exactly one of the two sites, never a mix, and the build that came
// second said it was waiting.
func TestConcurrentBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sites many times (-short)")
	}
	bin := commandBinary(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srcs := map[string]string{}
	want := map[string]map[string][]byte{}
	for _, name := range []string{"a", "b"} {
		src := t.TempDir()
		synth.Write(t, src, 100, 10)
		os.WriteFile(filepath.Join(src, "scalesite.yaml"), []byte("title: Site "+name+"\nbaseURL: /\nstaticFigures: false\n"), 0o644)
		os.WriteFile(filepath.Join(src, "content", "only-"+name+".md"), []byte("Only in "+name+".\n"), 0o644)
		srcs[name] = src
		fresh := filepath.Join(t.TempDir(), "fresh")
		if _, err := pipeline.Run(pipeline.Options{Source: src, Dest: fresh}); err != nil {
			t.Fatal(err)
		}
		want[name] = snapshot(t, fresh)
	}
	dest := filepath.Join(t.TempDir(), "public")
	waited := 0
	for round := range 10 {
		var wg sync.WaitGroup
		outs := make([][]byte, 2)
		errs := make([]error, 2)
		for i, name := range []string{"a", "b"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				outs[i], errs[i] = exec.Command(bin, "build", "--source", srcs[name], "--dest", dest).CombinedOutput()
			}()
		}
		wg.Wait()
		for i := range 2 {
			if errs[i] != nil {
				t.Fatalf("round %d: a build failed: %v\n%s", round, errs[i], outs[i])
			}
			if bytes.Contains(outs[i], []byte("another build is writing to")) {
				waited++
			}
		}
		got := snapshot(t, dest)
		if !mapsEqual(got, want["a"]) && !mapsEqual(got, want["b"]) {
			t.Fatalf("round %d: the folder holds neither site but a mix (against a: %s; against b: %s)", round, firstDiff(got, want["a"]), firstDiff(got, want["b"]))
		}
	}
	if waited == 0 {
		t.Error("no build ever waited for the other: the builds did not overlap, the test shows nothing")
	}
	t.Logf("%d of 10 rounds had a build wait for the other", waited)
}

// TestBuildRefusesSomeonesFolder: --dest naming a folder of someone's
// files (a typo such as -d ~/Documents) fails, says why and what to do,
// and deletes nothing.
func TestBuildRefusesSomeonesFolder(t *testing.T) {
	dir := site(t, good)
	docs := t.TempDir()
	mine := map[string]string{"thesis.tex": "\\documentclass{article}", "figures/loss.pdf": "%PDF-1.7"}
	for p, data := range mine {
		os.MkdirAll(filepath.Dir(filepath.Join(docs, p)), 0o755)
		os.WriteFile(filepath.Join(docs, p), []byte(data), 0o644)
	}
	code, _, stderr := runCmd("build", "--source", dir, "--dest", docs)
	if code != 1 || !strings.Contains(stderr, "already holds files that scalesite did not write") ||
		!strings.Contains(stderr, "give --dest a new folder") || !strings.Contains(stderr, "the output folder was not changed") {
		t.Errorf("exit %d, stderr:\n%s\nwant 1 and a message saying the folder is not scalesite's and what to do", code, stderr)
	}
	for p, data := range mine {
		if b, err := os.ReadFile(filepath.Join(docs, p)); err != nil || string(b) != data {
			t.Errorf("%s was changed or lost: %v", p, err)
		}
	}
}

// TestPrintError: a build error says whether the output folder was
// changed, and says it was only for an *output.PartialError.
func TestPrintError(t *testing.T) {
	partial := &output.PartialError{Dest: "public", Err: errors.New("could not write"), Undo: errors.New("rename failed"), Backup: "/tmp/.public.new-1-2/old"}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"a refusal", errors.New("the output folder \"x\" is a file, not a folder"), "build failed; the output folder was not changed\n"},
		{"a commit that could not be undone", partial, "build failed, and the output folder was left changed (see above)\n"},
		{"a commit that could not be undone, wrapped", fmt.Errorf("building: %w", partial), "build failed, and the output folder was left changed (see above)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			printError(&b, tc.err)
			if !strings.HasSuffix(b.String(), tc.want) {
				t.Errorf("printError wrote %q, want it to end in %q", b.String(), tc.want)
			}
		})
	}
}

// firstDiff names one path where two snapshots differ.
func firstDiff(got, want map[string][]byte) string {
	for _, p := range slices.Sorted(maps.Keys(want)) {
		if g, ok := got[p]; !ok {
			return "missing " + p
		} else if !bytes.Equal(g, want[p]) {
			return "changed " + p
		}
	}
	for _, p := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[p]; !ok {
			return "added " + p
		}
	}
	return "no difference"
}

// sameCount counts the files of want that got holds as they are.
func sameCount(got, want map[string][]byte) int {
	n := 0
	for p, b := range want {
		if g, ok := got[p]; ok && bytes.Equal(g, b) {
			n++
		}
	}
	return n
}
