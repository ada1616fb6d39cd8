package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestIdleWhileHeldBack checks Idle against the watcher's states: idle once
// it watches, busy while it holds something back for quiet files (the
// build of an empty file, maybe half written; a failed build's error),
// idle again once the good text is built.
func TestIdleWhileHeldBack(t *testing.T) {
	tests := []struct {
		name string
		// hold makes the watcher hold something back, and waits until it
		// does; the file's good text is written after.
		hold func(ts *testSite, file string)
	}{
		{"an empty file's build", func(ts *testSite, file string) {
			if err := os.WriteFile(file, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			ts.eventually("the watcher to put off the build of the empty file", func() bool {
				_, _, putOff := ts.buildState()
				return putOff > 0
			})
		}},
		{"a failed build's error", func(ts *testSite, file string) {
			if err := os.WriteFile(file, []byte("s,n,v\nq,1,2\nq,10"), 0o644); err != nil {
				t.Fatal(err)
			}
			ts.eventually("the failed build", func() bool {
				_, failing, _ := ts.buildState()
				return failing
			})
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestSiteQuiet(t, true, time.Minute)
			ts.idle()
			file := filepath.Join(ts.dir, "content", "a", "runs.csv")
			tc.hold(ts, file)
			select {
			case <-ts.srv.Idle():
				t.Fatalf("the server says it is idle while it holds %s back", tc.name)
			default:
			}
			before, _, _ := ts.buildState()
			if err := os.WriteFile(file, []byte("s,n,v\nq,1,2\nq,10,3\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			ts.eventually("the good build", func() bool {
				n, failing, _ := ts.buildState()
				return n > before && !failing
			})
			ts.idle()
		})
	}
}

// TestChangedAtEachBuild checks that Changed's channel is closed by a build,
// and only then: eventually waits on it.
func TestChangedAtEachBuild(t *testing.T) {
	ts := newTestSite(t, false)
	changed := ts.srv.Changed()
	select {
	case <-changed:
		t.Fatal("Changed's channel is closed with no change since it was taken")
	default:
	}
	ts.srv.Rebuild([]string{"content/b.md"})
	select {
	case <-changed:
	default:
		t.Fatal("a build ended and Changed's channel is still open")
	}
}

// TestChangedWhenABrowserComes checks that Changed's channel is closed when
// a browser opens the event stream, so that a wait on Clients needs no poll.
func TestChangedWhenABrowserComes(t *testing.T) {
	ts := newTestSite(t, false)
	changed := ts.srv.Changed()
	ts.events() // returns once the server answered, with the client counted
	select {
	case <-changed:
	default:
		t.Fatal("a browser opened the event stream and Changed's channel is still open")
	}
	if n := ts.srv.Clients(); n != 1 {
		t.Errorf("%d clients, want 1", n)
	}
}
