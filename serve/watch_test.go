package serve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildState reports how many builds the server has tried, whether the last
// one failed, and how many builds the watcher has put off.
func (ts *testSite) buildState() (attempts int, failing bool, putOff int) {
	ts.srv.mu.RLock()
	defer ts.srv.mu.RUnlock()
	return ts.srv.attempts, ts.srv.err != nil, ts.srv.putOff
}

// TestHalfWrittenSaveShowsNoError: a file written in two steps (a training
// script appending a row, an editor that writes in parts) is built while
// only its first part is there, and that build fails; the second part
// follows before the files have been quiet for long. The browsers see the
// good build only, never an error overlay.
func TestHalfWrittenSaveShowsNoError(t *testing.T) {
	// "Long" is a minute here, so that the second step comes in time
	// however busy the machine is.
	ts := newTestSiteQuiet(t, true, time.Minute)
	ev := ts.events()
	next(t, ev, "hello")
	csv := filepath.Join(ts.dir, "content", "a", "runs.csv")
	// The first part, all at once (renamed into place): the last row is cut
	// short, which does not build.
	tmp := filepath.Join(ts.dir, "content", "a", ".runs.csv.part")
	if err := os.WriteFile(tmp, []byte("s,n,v\nq,1,2\nq,10,3\nr,1,4\nr,10"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _, _ := ts.buildState()
	if err := os.Rename(tmp, csv); err != nil {
		t.Fatal(err)
	}
	ts.eventually("a build of the half-written file", func() bool {
		n, failing, _ := ts.buildState()
		return n > before && failing
	})
	// The rest of the file.
	f, err := os.OpenFile(csv, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(",6\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	timeout := time.After(60 * time.Second)
	for done := false; !done; {
		select {
		case e := <-ev:
			switch e.Type {
			case "error":
				t.Fatalf("an error reached the browser while the file was being written: %s", e.Error)
			case "change":
				if len(e.Charts) != 1 || e.Charts[0] != "/a/" {
					t.Errorf("after the whole file: reload %v, charts %v; want charts [/a/]", e.Reload, e.Charts)
				}
				done = true
			}
		case <-timeout:
			t.Fatal("no change event after the second part of the file")
		}
	}
	if e := ts.srv.currentError(); e != "" {
		t.Errorf("after the good build the server still has error %q", e)
	}
}

// TestBadSaveShownOnceQuiet: a save that stays bad shows its error once the
// files have been quiet for a moment, to browsers connected then and later.
func TestBadSaveShownOnceQuiet(t *testing.T) {
	ts := newTestSite(t, true)
	ev := ts.events()
	next(t, ev, "hello")
	ts.write("content/a/runs.csv", "s,n,v\nq,1,2\nq,10")
	if e := next(t, ev, "error"); !strings.Contains(e.Error, "runs.csv") {
		t.Errorf("error event %q does not name the file", e.Error)
	}
	if h := next(t, ts.events(), "hello"); !strings.Contains(h.Error, "runs.csv") {
		t.Errorf("hello to a new browser carries error %q, want the file's", h.Error)
	}
}

// TestTruncatedSaveWaitsForText: a save that truncates the file, then writes
// its text, is built once, with the text: the empty file in between is not
// built (it would show an empty page and redraw the charts for a moment).
func TestTruncatedSaveWaitsForText(t *testing.T) {
	ts := newTestSiteQuiet(t, true, time.Minute)
	ev := ts.events()
	next(t, ev, "hello")
	page := filepath.Join(ts.dir, "content", "b.md")
	before, _, _ := ts.buildState()
	f, err := os.OpenFile(page, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ts.eventually("the watcher to put off the build of the empty file", func() bool {
		_, _, putOff := ts.buildState()
		return putOff > 0
	})
	if _, err := f.WriteString("---\ntitle: Page B\ndate: 2025-01-01\n---\nWritten after the truncation.\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	e := next(t, ev, "change")
	if len(e.Reload) != 1 || e.Reload[0] != "/b/" {
		t.Errorf("after the save: reload %v, want [/b/]", e.Reload)
	}
	if _, body := ts.get("/b/"); !strings.Contains(body, "Written after the truncation.") {
		t.Errorf("the first change after the save does not serve its text")
	}
	if n, _, _ := ts.buildState(); n-before != 1 {
		t.Errorf("the save was built %d times, want once (not while the file was empty)", n-before)
	}
}

// TestFolderMovedOutAndDeleted: a folder moved out of the site and deleted
// at once (mv data /tmp/x && rm -rf /tmp/x, a tool that swaps folders) is
// seen, and the watcher goes on seeing changes after it. fsnotify reports
// the kernel's refusal to drop the deleted folder's watch as an error while
// it holds its lock; a watcher that read no errors then, and asked to drop
// that watch itself, waited for that lock for ever.
func TestFolderMovedOutAndDeleted(t *testing.T) {
	ts := newTestSite(t, true)
	aside := t.TempDir()
	for i := range 40 {
		folder := fmt.Sprintf("static/f%d", i)
		ts.write(folder+"/in.txt", "in\n")
		ts.eventually("the new folder's file served", ts.serves(fmt.Sprintf("/f%d/in.txt", i), "in"))
		gone := filepath.Join(aside, fmt.Sprint(i))
		if err := os.Rename(filepath.Join(ts.dir, filepath.FromSlash(folder)), gone); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(gone); err != nil {
			t.Fatal(err)
		}
		ts.write(fmt.Sprintf("static/after%d.txt", i), "after\n")
		ts.eventually("a file written after the folder went served", ts.serves(fmt.Sprintf("/after%d.txt", i), "after"))
	}
}

// TestFolderRenamedInside: a folder renamed inside the site is served under
// its new name, and a file written into it afterwards is seen: the kernel
// keeps one watch per folder, which the rename must neither lose nor leave
// under the old name.
func TestFolderRenamedInside(t *testing.T) {
	ts := newTestSite(t, true)
	prev := "static/img"
	for i := range 40 {
		next := fmt.Sprintf("static/img%d", i)
		if err := os.Rename(filepath.Join(ts.dir, filepath.FromSlash(prev)), filepath.Join(ts.dir, filepath.FromSlash(next))); err != nil {
			t.Fatal(err)
		}
		ts.eventually("the renamed folder's file served", ts.serves(fmt.Sprintf("/img%d/figure.svg", i), "svg"))
		ts.write(next+"/new.txt", fmt.Sprintf("v%d\n", i))
		ts.eventually("a file written into the renamed folder served", ts.serves(fmt.Sprintf("/img%d/new.txt", i), fmt.Sprintf("v%d", i)))
		prev = next
	}
}
