package serve

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// heldStart is a server started (Start) on the test site with extra pages,
// whose start-up loads no page but the home page until release is closed:
// what it serves before is served before any page is rendered. asked
// receives the address of each request that waits for a file not made yet.
type heldStart struct {
	*testSite
	release chan struct{}
	asked   chan string
	mu      sync.Mutex
	loads   []string // the pages loaded, in order, once released
}

func startHeld(t *testing.T, extra map[string]string) *heldStart {
	t.Helper()
	dir := t.TempDir()
	hs := &heldStart{testSite: &testSite{t: t, dir: dir}, release: make(chan struct{}), asked: make(chan string, 16)}
	for name, body := range baseFiles {
		hs.write(name, body)
	}
	for name, body := range extra {
		hs.write(name, body)
	}
	srv := newServer(Options{Source: dir})
	srv.preview.WhileLoading(func(path string) {
		if path == "content/index.md" {
			return
		}
		<-hs.release
		hs.mu.Lock()
		hs.loads = append(hs.loads, path)
		hs.mu.Unlock()
	})
	srv.waiting = func(urlPath string) { hs.asked <- urlPath }
	if err := srv.begin(); err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.let()
		web.Close()
	})
	hs.srv, hs.url = srv, web.URL
	return hs
}

// let lets the start-up load the pages.
func (hs *heldStart) let() {
	select {
	case <-hs.release:
	default:
		close(hs.release)
	}
}

// started waits for the end of the start-up.
func (hs *heldStart) started() {
	hs.srv.building.Lock()
	hs.srv.building.Unlock() // (the start-up holds it: this waits for its end)
}

// morePages are pages older than the test site's, p-29 the oldest.
func morePages(n int) map[string]string {
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("content/p-%02d.md", i)] = fmt.Sprintf("---\ntitle: Older %d\ndate: 2024-%02d-%02d\n---\nOlder text %d.\n", i, 12-i/28, 28-i%28, i)
	}
	return files
}

// TestStartHomeFirst: the home page answers while no page of the site is
// loaded yet (the start-up is held before the first), listing every page
// from its front matter; a page asked for then waits for its turn, which
// comes next, and is served as a whole build serves it; once the listings
// are made, the home page is the whole build's too, and the browsers
// showing the early one are told to reload it.
func TestStartHomeFirst(t *testing.T) {
	hs := startHeld(t, morePages(30))
	status, body := hs.get("/")
	if status != http.StatusOK || !strings.Contains(body, "Home prose.") {
		t.Fatalf("the home page before any page is loaded: %d %.200q", status, body)
	}
	for _, title := range []string{"Page A", "Page B", "Older 0", "Older 29"} {
		if !strings.Contains(body, ">"+title+"<") {
			t.Errorf("the early home page does not list %q", title)
		}
	}
	hs.mu.Lock()
	if len(hs.loads) != 0 {
		t.Errorf("pages loaded before the home page answered: %v", hs.loads)
	}
	hs.mu.Unlock()
	ev := hs.events()
	next(t, ev, "hello")

	// The oldest page, last in the site's order, asked for now.
	type answer struct {
		status int
		body   string
	}
	got := make(chan answer, 1)
	go func() {
		resp, err := http.Get(hs.url + "/p-29/")
		if err != nil {
			got <- answer{0, err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		got <- answer{resp.StatusCode, string(b)}
	}()
	select {
	case p := <-hs.asked:
		if p != "/p-29/" {
			t.Errorf("waiting for %q, want /p-29/", p)
		}
	case a := <-got:
		t.Fatalf("/p-29/ answered %d before any page was loaded", a.status)
	case <-time.After(time.Minute):
		t.Fatal("the request for /p-29/ did not wait in a minute")
	}
	hs.let()
	a := <-got
	hs.started()

	fresh, err := New(Options{Source: hs.dir})
	if err != nil {
		t.Fatal(err)
	}
	if want := string(fresh.files["p-29/index.html"].plain()); a.status != http.StatusOK || a.body != want {
		t.Errorf("/p-29/ asked for early: %d, same as a whole build's: %v", a.status, a.body == want)
	}
	// Each worker may have taken a page before the ask: the next three
	// are the page and its neighbours.
	hs.mu.Lock()
	first := hs.loads[:min(len(hs.loads), runtime.GOMAXPROCS(0)+3)]
	hs.mu.Unlock()
	for _, p := range []string{"content/p-28.md", "content/p-29.md"} {
		if !slices.Contains(first, p) {
			t.Errorf("%s was not among the first pages loaded after it was asked for: %v", p, first)
		}
	}
	if e := next(t, ev, "change"); !slices.Equal(e.Reload, []string{"/"}) {
		t.Errorf("at the end of the start-up the browsers reload %v, want the home page alone", e.Reload)
	}
	if got, want := sortedPaths(hs.srv.files), sortedPaths(fresh.files); !slices.Equal(got, want) {
		t.Fatalf("after the start-up the server holds\n%v\nwant\n%v", got, want)
	}
	for p, f := range fresh.files {
		if f.Src == "" && string(hs.srv.files[p].plain()) != string(f.plain()) {
			t.Errorf("%s after the start-up differs from a whole build's", p)
		}
	}
	if hs.srv.Builds() != 1 {
		t.Errorf("Builds is %d after the start-up, want 1", hs.srv.Builds())
	}
}

// TestStartFails: a start-up that finds a problem in a page withdraws what
// it served before (the early home page): there is no good site yet, and
// every address shows the error, as after a first build that fails; the
// browsers showing the home page are told.
func TestStartFails(t *testing.T) {
	bad := morePages(5)
	bad["content/p-03.md"] = "---\ntitle: Broken\ndate: 2024-01-20\n---\n```chart\ndata: data/shared.csv\nx: n\ny: nope\n```\n"
	hs := startHeld(t, bad)
	if status, _ := hs.get("/"); status != http.StatusOK {
		t.Fatalf("the early home page: %d", status)
	}
	ev := hs.events()
	next(t, ev, "hello")
	hs.let()
	hs.started()
	if e := next(t, ev, "error"); !strings.Contains(e.Error, "content/p-03.md:") {
		t.Errorf("the browsers were told %q, want the page's problem", e.Error)
	}
	for _, path := range []string{"/", "/a/", "/p-01/"} {
		if status, body := hs.get(path); status != http.StatusServiceUnavailable || !strings.Contains(body, "content/p-03.md:") {
			t.Errorf("%s after the failed start-up: %d %.120q", path, status, body)
		}
	}
	// Fixed: the next save streams the site in again.
	hs.write("content/p-03.md", "---\ntitle: Fixed\ndate: 2024-01-20\n---\nFixed.\n")
	hs.srv.Rebuild([]string{"content/p-03.md"})
	if status, body := hs.get("/p-03/"); status != http.StatusOK || !strings.Contains(body, "Fixed.") {
		t.Errorf("after the fix: %d %.80q", status, body)
	}
	if e := next(t, ev, "change"); !slices.Equal(e.Reload, []string{"*"}) {
		t.Errorf("after the fix the browsers reload %v, want every page", e.Reload)
	}
}
