package pipeline

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/scalesite/scalesite/output"
)

// TestRunContextStopsWaiting: a build of a folder that another build is
// writing waits for it (and says so through Waiting); when its context ends
// meanwhile (Ctrl-C), it returns at once, having written nothing, and the
// other build goes on.
func TestRunContextStopsWaiting(t *testing.T) {
	root := t.TempDir()
	src, dest := filepath.Join(root, "site"), filepath.Join(root, "public")
	writeSite(t, src, goodSite)
	other, err := output.Options{}.Begin(dest)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	waiting := make(chan struct{})
	ended := make(chan error, 1)
	go func() {
		_, err := RunContext(ctx, Options{Source: src, Dest: dest, Waiting: func() { close(waiting) }})
		ended <- err
	}()
	select {
	case <-waiting:
	case err := <-ended:
		t.Fatalf("the build did not wait for the other one: %v", err)
	case <-time.After(60 * time.Second):
		t.Fatal("the build did not say it waits within 60 s")
	}
	cancel()
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("RunContext: %v, want the context's end", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("10 s after its context ended the build still waits")
	}
	other.Add(output.File{Path: "index.html", Data: []byte("the other build")})
	if err := other.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(t, dest); len(got) != 2 || string(got["index.html"]) != "the other build" {
		t.Errorf("output: %d files, index.html %q; want the other build's", len(got), got["index.html"])
	}
	assertNoLeftovers(t, root, "public", "site")
}
