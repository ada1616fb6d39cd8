package pipeline

import (
	"bytes"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/site"
)

// TestReproducible builds the demo site several times, with the pages
// rendered by one worker and by several, and requires the same files with
// the same bytes every time: no map order, no random ids, no build time.
func TestReproducible(t *testing.T) {
	start := time.Now()
	builds := []struct {
		name    string
		procs   int // GOMAXPROCS for the build; 0 leaves it as it is
		baseURL string
		sameAs  int  // index of the build this one must equal
		later   bool // built in the clock's next second
		shared  bool // the build the package's tests share (demoOutput)
	}{
		{name: "first", sameAs: -1, shared: true},
		{name: "second", sameAs: 0},
		{name: "GOMAXPROCS=1", procs: 1, sameAs: 0},
		{name: "GOMAXPROCS=2", procs: 2, sameAs: 0},
		{name: "sub-path", baseURL: "https://someone.github.io/scalesite-demo/", sameAs: -1},
		// A second later, so that a build time in seconds would show.
		{name: "sub-path, later", baseURL: "https://someone.github.io/scalesite-demo/", sameAs: 4, later: true},
	}
	if testing.Short() {
		// Two builds still show map order and random ids; the worker
		// counts, the sub-path and the build a second later are the full
		// suite's (six demo builds are most of this package's -short time).
		builds = builds[:2]
	}
	trees := make([]map[string][]byte, len(builds))
	for i, b := range builds {
		if b.later {
			// the clock's next second (an event, not a sleep of a guessed length)
			for t0 := time.Now().Unix(); time.Now().Unix() == t0; {
				time.Sleep(10 * time.Millisecond)
			}
		}
		dest := filepath.Join(t.TempDir(), "public")
		if b.shared {
			dest = demoOutput(t)
		} else {
			func() {
				if b.procs > 0 {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(b.procs))
				}
				if _, err := Run(Options{Source: "..", Dest: dest, Options: site.Options{BaseURL: b.baseURL}}); err != nil {
					t.Fatalf("build %s: %v", b.name, err)
				}
			}()
		}
		trees[i] = snapshot(t, dest)
		if b.sameAs >= 0 {
			compareTrees(t, builds[b.sameAs].name+" and "+b.name, trees[b.sameAs], trees[i])
		}
	}
	if len(trees[0]) < 10 {
		t.Errorf("the demo build holds only %d files", len(trees[0]))
	}
	// The build's own date is in no file (the demo's pages are all dated in
	// the past, so today's date can only come from the clock).
	today := []string{start.Format("2006-01-02"), start.UTC().Format("2006-01-02")}
	for _, tree := range trees {
		for name, data := range tree {
			for _, d := range today {
				if bytes.Contains(data, []byte(d)) && !strings.HasSuffix(name, ".js") {
					t.Errorf("%s holds today's date %s: a build must not depend on when it runs", name, d)
				}
			}
		}
	}
}

// compareTrees reports every file that one tree has and the other lacks,
// and every file whose bytes differ, with where they first differ.
func compareTrees(t *testing.T, what string, a, b map[string][]byte) {
	t.Helper()
	var names []string
	for n := range a {
		names = append(names, n)
	}
	for n := range b {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		x, inA := a[n]
		y, inB := b[n]
		switch {
		case !inA:
			t.Errorf("%s: only the second build has %s", what, n)
		case !inB:
			t.Errorf("%s: only the first build has %s", what, n)
		case !bytes.Equal(x, y):
			i := 0
			for i < min(len(x), len(y)) && x[i] == y[i] {
				i++
			}
			t.Errorf("%s: %s differs at byte %d: %q vs %q", what, n, i, excerpt(x, i), excerpt(y, i))
		}
	}
}

func excerpt(b []byte, at int) string {
	lo, hi := max(0, at-40), min(len(b), at+40)
	return string(b[lo:hi])
}
