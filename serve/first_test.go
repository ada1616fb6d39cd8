package serve

import (
	"slices"
	"strings"
	"testing"
)

// TestMovedPageFirst: a save that moves a page in the order sends the
// browsers that page first, alone, with its new neighbours, and the rest
// after; a request meanwhile for a file the rest may make again waits for
// it and gets the new bytes, never the old listing, while the page made
// first and the theme's assets are served at once.
func TestMovedPageFirst(t *testing.T) {
	ts := newTestSite(t, false)
	ch := ts.events()
	_, oldHome := ts.get("/")
	var asset string
	ts.srv.mu.RLock()
	for p := range ts.srv.files {
		if strings.HasPrefix(p, "assets/") && strings.HasSuffix(p, ".css") {
			asset = "/" + p
		}
	}
	ts.srv.mu.RUnlock()
	if asset == "" {
		t.Fatal("the site has no stylesheet under assets/")
	}
	release := make(chan struct{})
	waited := make(chan string, 8)
	ts.srv.shownFirst = func() { <-release }
	ts.srv.waiting = func(urlPath string) { waited <- urlPath }

	// Page B, older than page A, becomes the newest.
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-02-01\n---\nBeta text.\n")
	done := make(chan struct{})
	go func() {
		ts.srv.Rebuild([]string{"content/b.md"})
		close(done)
	}()
	if e := next(t, ch, "change"); !slices.Equal(e.Reload, []string{"/b/"}) || len(e.Charts) > 0 {
		t.Fatalf("first event %+v, want a reload of /b/ alone", e)
	}
	// The rest of the save waits for release: these are served at once.
	type got struct {
		path string
		body string
	}
	served := make(chan got, 4)
	getting := func(path string) {
		go func() {
			code, body := ts.get(path)
			if code != 200 {
				t.Errorf("GET %s: %d", path, code)
			}
			served <- got{path, body}
		}()
	}
	var earlyB string
	for _, path := range []string{"/b/", asset} {
		getting(path)
		select {
		case g := <-served:
			if path == "/b/" {
				earlyB = g.body
			}
		case p := <-waited:
			t.Fatalf("GET %s waited for the rest of the save", p)
		}
	}
	getting("/")
	select {
	case p := <-waited:
		if p != "/" {
			t.Fatalf("waiting for %q, want /", p)
		}
	case g := <-served:
		t.Fatalf("GET / was served during the save, without waiting for it:\n%s", g.body)
	}
	close(release)
	home := <-served
	<-done
	e := next(t, ch, "change")
	if !slices.Contains(e.Reload, "/") || !slices.Contains(e.Reload, "/a/") || slices.Contains(e.Reload, "/b/") {
		t.Errorf("second event %+v, want a reload of / and /a/, not /b/", e)
	}
	_, nowHome := ts.get("/")
	if home.body != nowHome || home.body == oldHome {
		t.Errorf("GET / during the save was not the new listing:\n%s", home.body)
	}
	if _, nowB := ts.get("/b/"); earlyB != nowB {
		t.Errorf("/b/ made first differs from /b/ after the save")
	}
}
