package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/serve"
)

// writerFunc is an io.Writer made of a function.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

// TestServeSeesSavesFromTheStart: a save made as soon as serve announces
// its address is seen. (The address was announced while the watcher was
// still adding the folders: a save in one not yet watched was missed.)
func TestServeSeesSavesFromTheStart(t *testing.T) {
	dir := site(t, map[string]string{"content/index.md": "Home.\n", "static/a.txt": "a\n"})
	// Many folders to watch before static/, the last: adding them takes a while.
	for i := range 5000 {
		if err := os.MkdirAll(filepath.Join(dir, "data", fmt.Sprintf("d%04d", i)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	announced := make(chan struct{}, 1)
	rebuilt := make(chan struct{}, 1)
	signal := func(text string, ch chan struct{}) writerFunc {
		return func(b []byte) (int, error) {
			if bytes.Contains(b, []byte(text)) {
				select {
				case ch <- struct{}{}:
				default:
				}
			}
			return len(b), nil
		}
	}
	var stderr syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := writerFunc(func(b []byte) (int, error) {
		signal("rebuilt in", rebuilt).Write(b)
		return stderr.Write(b)
	})
	done := make(chan int, 1)
	go func() {
		done <- serveSite(ctx, serve.Options{Source: dir, Log: log}, "127.0.0.1", 0, false, false, signal(" at http://", announced), log)
	}()
	select {
	case <-announced:
	case code := <-done:
		t.Fatalf("serve exited (%d) before it announced its address: %s", code, stderr.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "static", "a.txt"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// a save that is never seen is a failure the test binary's -timeout
	// reports, with every goroutine's stack
	select {
	case <-rebuilt:
	case code := <-done:
		t.Fatalf("serve exited (%d) before it saw the save made as it announced its address; stderr: %s", code, strings.TrimSpace(stderr.String()))
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit code %d after Ctrl-C, want 0", code)
	}
}
