package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// testSite is a small site in a temp folder, served by a Server that
// watches it, behind a real HTTP server.
type testSite struct {
	t   *testing.T
	dir string
	srv *Server
	url string
}

var baseFiles = map[string]string{
	"scalesite.yaml":        "title: Test site\n",
	"content/index.md":      "Home prose.\n",
	"content/a/index.md":    "---\ntitle: Page A\ndate: 2025-01-02\ntags: [x]\n---\nAlpha text.\n\n```chart\ndata: runs.csv\nx: {field: n, scale: log}\ny: v\nseries: s\n```\n",
	"content/a/runs.csv":    "s,n,v\nq,1,2\nq,10,3\nr,1,4\nr,10,5\n",
	"content/b.md":          "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta text.\n",
	"static/robots.txt":     "User-agent: *\n",
	"content/c/index.md":    "---\ntitle: Page C\n---\nGamma uses shared data.\n\n```chart\ndata: data/shared.csv\nx: n\ny: v\n```\n",
	"data/shared.csv":       "n,v\n1,2\n2,3\n",
	"static/img/figure.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
}

func newTestSite(t *testing.T, watch bool) *testSite {
	t.Helper()
	return newTestSiteQuiet(t, watch, errorQuiet)
}

// newTestSiteQuiet is newTestSite with the time the watcher waits for quiet
// files before it shows an error or builds an empty file: a test that writes
// a file in two steps makes it long, so that its second step comes before
// it however busy the machine is.
func newTestSiteQuiet(t *testing.T, watch bool, errQuiet time.Duration) *testSite {
	t.Helper()
	return newTestSiteWith(t, watch, errQuiet, nil)
}

// newTestSiteSettled is newTestSite, watched, with settled told of each
// settle of the watcher (Server.settled).
func newTestSiteSettled(t *testing.T, settled func(events int, wait time.Duration)) *testSite {
	t.Helper()
	return newTestSiteWith(t, true, errorQuiet, settled)
}

func newTestSiteWith(t *testing.T, watch bool, errQuiet time.Duration, settled func(events int, wait time.Duration)) *testSite {
	t.Helper()
	dir := t.TempDir()
	ts := &testSite{t: t, dir: dir}
	for name, body := range baseFiles {
		ts.write(name, body)
	}
	srv, err := New(Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	ts.srv = srv
	srv.errorQuiet, srv.settled = errQuiet, settled
	hs := httptest.NewServer(srv)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	if watch {
		go func() {
			defer close(done)
			srv.Watch(ctx)
		}()
		select {
		case <-srv.Watching():
		case <-done:
			t.Fatal("the watcher stopped before it watched the site")
		case <-time.After(60 * time.Second):
			t.Fatal("the watcher did not start in 60 s")
		}
	} else {
		close(done)
	}
	t.Cleanup(func() {
		cancel()
		srv.Close()
		hs.Close()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Error("the watcher did not stop in 60 s after it was told to")
		}
	})
	ts.url = hs.URL
	return ts
}

func (ts *testSite) write(name, body string) {
	ts.t.Helper()
	p := filepath.Join(ts.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		ts.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		ts.t.Fatal(err)
	}
}

func (ts *testSite) get(path string) (int, string) {
	ts.t.Helper()
	resp, err := http.Get(ts.url + path)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// eventually waits until cond holds, looking again at each change of the
// server's state (a build ended, an error shown, a build put off: Changed),
// failing after a generous timeout (the machines are shared; the speed
// goals live in the benchmarks).
func (ts *testSite) eventually(what string, cond func() bool) {
	ts.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		changed := ts.srv.Changed() // before cond: a change while it runs is not missed
		if cond() {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			ts.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// idle waits until the server is idle (Idle): every change it was told of
// built, none held back.
func (ts *testSite) idle() {
	ts.t.Helper()
	select {
	case <-ts.srv.Idle():
	case <-time.After(60 * time.Second):
		ts.t.Fatal("the server was not idle 60 s after the last change")
	}
}

func (ts *testSite) serves(path, text string) func() bool {
	return func() bool {
		_, body := ts.get(path)
		return strings.Contains(body, text)
	}
}

func TestURLsAsOnGitHubPages(t *testing.T) {
	ts := newTestSite(t, false)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "Home prose."},
		{"/index.html", 200, "Home prose."},
		{"/a/", 200, "Alpha text."},
		{"/a/index.html", 200, "Alpha text."},
		{"/b/", 200, "Beta text."},
		{"/a/runs.csv", 200, "s,n,v"},
		{"/robots.txt", 200, "User-agent: *"},
		{"/img/figure.svg", 200, "<svg"},
		{"/missing/", 404, "Page not found"},
		{"/tags/x/", 200, "Page A"},
		{"/sitemap.xml", 200, "<urlset"},
		{"/../../etc/passwd", 404, "Page not found"},
		{"/%2e%2e/%2e%2e/etc/passwd", 404, "Page not found"},
		{"/a/../../scalesite.yaml", 404, "Page not found"},
		{"/content/a/index.md", 404, "Page not found"},
	}
	for _, tt := range tests {
		status, body := ts.get(tt.path)
		if status != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s: %d %.80q, want %d and %q", tt.path, status, body, tt.status, tt.want)
		}
	}
	// A folder page without its slash redirects, as on GitHub Pages.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(ts.url + "/a")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != "/a/" {
		t.Errorf("GET /a: %d to %q, want 301 to /a/", resp.StatusCode, resp.Header.Get("Location"))
	}
	// Raw request lines that net/http's client would clean up.
	for _, raw := range []string{"GET /../scalesite.yaml HTTP/1.1", "GET //etc/passwd HTTP/1.1", "GET /%2e%2e/content/b.md HTTP/1.1", "GET /..%2f..%2fetc/passwd HTTP/1.1"} {
		status, body := rawGet(t, ts.url, raw)
		if status == 200 || strings.Contains(body, "root:") || strings.Contains(body, "title: Test site") || strings.Contains(body, "Beta text.\n") {
			t.Errorf("%s: status %d, body %.80q: served something outside the site", raw, status, body)
		}
	}
}

// rawGet sends a request line as is.
func rawGet(t *testing.T, base, line string) (int, string) {
	t.Helper()
	resp := rawResponse(t, base, line)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// rawResponse sends a request line as is, on a connection of its own that
// closing the response's body closes.
func rawResponse(t *testing.T, base, line string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "%s\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", line)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		c.Close()
		t.Fatalf("%s: %v", line, err)
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{resp.Body, c}
	return resp
}

func TestLiveScriptOnlyInServedPages(t *testing.T) {
	ts := newTestSite(t, false)
	_, page := ts.get("/a/")
	if !strings.Contains(page, LiveScriptPath) {
		t.Errorf("served page lacks the live script")
	}
	status, js := ts.get(LiveScriptPath)
	if status != 200 || !strings.Contains(js, "EventSource") {
		t.Errorf("GET %s: %d", LiveScriptPath, status)
	}
	// The files a build writes come from the same renderer without it.
	for p, f := range ts.srv.files {
		if f.Src == "" && strings.Contains(string(f.raw()), "__scalesite") {
			t.Errorf("%s carries live-preview code outside the injected tag", p)
		}
	}
}

// events subscribes to the event stream and returns a channel of events.
func (ts *testSite) events() <-chan event {
	ts.t.Helper()
	req, _ := http.NewRequest("GET", ts.url+EventsPath, nil)
	ctx, cancel := context.WithCancel(context.Background())
	ts.t.Cleanup(cancel)
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		ts.t.Fatal(err)
	}
	ch := make(chan event, 64)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var e event
				if json.Unmarshal([]byte(data), &e) == nil {
					ch <- e
				}
			}
		}
	}()
	return ch
}

func next(t *testing.T, ch <-chan event, want string) event {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case e := <-ch:
			if e.Type == want {
				return e
			}
		case <-timeout:
			t.Fatalf("no %q event", want)
		}
	}
}

func TestSavesAndErrors(t *testing.T) {
	ts := newTestSite(t, true)
	ev := ts.events()
	next(t, ev, "hello")

	// A chart's data changes: the page updates its charts in place.
	ts.write("content/a/runs.csv", "s,n,v\nq,1,2\nq,10,7\nr,1,4\nr,10,5\n")
	e := next(t, ev, "change")
	if len(e.Reload) != 0 || len(e.Charts) != 1 || e.Charts[0] != "/a/" {
		t.Errorf("after a CSV edit: reload %v, charts %v; want charts [/a/] only", e.Reload, e.Charts)
	}
	// Prose changes: that page reloads.
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta edited.\n")
	e = next(t, ev, "change")
	if len(e.Reload) != 1 || e.Reload[0] != "/b/" {
		t.Errorf("after a prose edit: reload %v, want [/b/]", e.Reload)
	}
	ts.eventually("the edited page", ts.serves("/b/", "Beta edited."))

	// A bad edit: the last good page stays, the error names file and line.
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBroken.\n\n```chart\ndata: runs.csv\nx: n\ny: v\nserie: s\n```\n")
	e = next(t, ev, "error")
	if !strings.Contains(e.Error, "content/b.md:11:1: unknown key \"serie\"") {
		t.Errorf("error event %q, want it to name content/b.md:11:1", e.Error)
	}
	if _, body := ts.get("/b/"); !strings.Contains(body, "Beta edited.") {
		t.Errorf("after a bad edit the last good page is no longer served")
	}
	// A browser that connects now learns of the error at once.
	if h := next(t, ts.events(), "hello"); !strings.Contains(h.Error, "serie") {
		t.Errorf("hello to a new browser carries error %q", h.Error)
	}
	// Fixing it clears the error.
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nFixed.\n")
	e = next(t, ev, "change")
	if e.Error != "" {
		t.Errorf("change after the fix still carries an error")
	}
	ts.eventually("the fixed page", ts.serves("/b/", "Fixed."))
}

func TestEditorSaveStyles(t *testing.T) {
	ts := newTestSite(t, true)
	page := filepath.Join(ts.dir, "content", "b.md")
	body := func(s string) string { return "---\ntitle: Page B\ndate: 2025-01-01\n---\n" + s + "\n" }
	// Written in place.
	ts.write("content/b.md", body("in place"))
	ts.eventually("a write in place", ts.serves("/b/", "in place"))
	// Written to a temporary file renamed over the original (vim, JetBrains).
	tmp := filepath.Join(ts.dir, "content", ".b.md.swp")
	os.WriteFile(tmp, []byte(body("renamed over")), 0o644)
	if err := os.Rename(tmp, page); err != nil {
		t.Fatal(err)
	}
	ts.eventually("a rename over the file", ts.serves("/b/", "renamed over"))
	tmp2 := filepath.Join(ts.dir, "content", "b.md___jb_tmp___")
	os.WriteFile(tmp2, []byte(body("jetbrains style")), 0o644)
	os.Rename(page, filepath.Join(ts.dir, "content", "b.md___jb_old___"))
	os.Rename(tmp2, page)
	os.Remove(filepath.Join(ts.dir, "content", "b.md___jb_old___"))
	ts.eventually("a JetBrains-style save", ts.serves("/b/", "jetbrains style"))
	// Deleted and created again.
	os.Remove(page)
	os.WriteFile(page, []byte(body("re-created")), 0o644)
	ts.eventually("a delete and re-create", ts.serves("/b/", "re-created"))
	// Saved in two writes (truncate, then the text).
	f, _ := os.OpenFile(page, os.O_WRONLY|os.O_TRUNC, 0o644)
	f.WriteString(body("two writes"))
	f.Close()
	ts.eventually("a save in two writes", ts.serves("/b/", "two writes"))
}

func TestFaults(t *testing.T) {
	ts := newTestSite(t, true)
	// A data file deleted while a page uses it: an error, the page stays.
	os.Remove(filepath.Join(ts.dir, "data", "shared.csv"))
	ts.eventually("an error for the missing data file", func() bool { return strings.Contains(ts.srv.currentError(), "shared.csv") })
	if status, body := ts.get("/c/"); status != 200 || !strings.Contains(body, "Gamma") {
		t.Errorf("page c is no longer served after its data file went")
	}
	ts.write("data/shared.csv", "n,v\n1,9\n")
	ts.eventually("recovery", func() bool { return ts.srv.currentError() == "" })

	// A page renamed: the old address is gone, the new one served.
	os.Rename(filepath.Join(ts.dir, "content", "b.md"), filepath.Join(ts.dir, "content", "beta.md"))
	ts.eventually("the renamed page", ts.serves("/beta/", "Beta text."))
	if status, _ := ts.get("/b/"); status != 404 {
		t.Errorf("old address of a renamed page: %d, want 404", status)
	}

	// A folder removed: its pages go.
	os.RemoveAll(filepath.Join(ts.dir, "content", "a"))
	ts.eventually("the removed folder's page to go", func() bool { s, _ := ts.get("/a/"); return s == 404 })

	// A folder created later is watched too.
	ts.write("content/new/index.md", "---\ntitle: New\n---\nBrand new.\n")
	ts.eventually("a page in a new folder", ts.serves("/new/", "Brand new."))
	ts.write("content/new/index.md", "---\ntitle: New\n---\nEdited in the new folder.\n")
	ts.eventually("an edit in the new folder", ts.serves("/new/", "Edited in the new folder."))

	// A theme template with a syntax error: an error, the site stays.
	ts.write("scalesite.yaml", "title: Test site\ntheme: mine\n")
	ts.write("themes/mine/layouts/page.html", "{{define \"main\"}}{{.Title}{{end}}")
	ts.eventually("a theme error", func() bool { return strings.Contains(ts.srv.currentError(), "page.html") })
	if status, _ := ts.get("/new/"); status != 200 {
		t.Errorf("site not served after a theme error")
	}
	ts.write("themes/mine/layouts/page.html", "{{define \"main\"}}<h1>MINE {{.Title}}</h1>{{.Content}}{{end}}")
	ts.eventually("the fixed theme", ts.serves("/new/", "MINE New"))
}

func TestBurstIsOneRebuild(t *testing.T) {
	// The watcher's own decisions are checked, not the clock's: how many
	// events each settle took, and the quiet it waited for before it let
	// the files be built. On a busy machine the writer, or the watcher,
	// may be paused long enough for the watcher to rightly build what it
	// has, so the number of builds is not the test: that a burst is seen
	// as one, and waited out as one, is.
	type settle struct {
		events int
		wait   time.Duration
	}
	var mu sync.Mutex
	var settles []settle
	ts := newTestSiteSettled(t, func(events int, wait time.Duration) {
		mu.Lock()
		settles = append(settles, settle{events, wait})
		mu.Unlock()
	})
	// A git checkout: 1,000 files written as fast as possible, while the
	// server is held building (as it would be, busy with a save), so that
	// the watcher meets them as the burst they are, however slowly the
	// writer runs.
	ts.srv.building.Lock()
	for i := range 1000 {
		ts.write(fmt.Sprintf("content/many/p%04d.md", i), fmt.Sprintf("---\ntitle: P%d\n---\nText %d.\n", i, i))
	}
	ts.srv.building.Unlock()
	ts.eventually("the last page of the burst", ts.serves("/many/p0999/", "Text 999."))
	ts.idle() // the builds that the burst's last events still bring are done
	mu.Lock()
	defer mu.Unlock()
	burstSeen := false
	for _, st := range settles {
		if st.events < burst {
			continue
		}
		burstSeen = true
		// A burst is built once the files have been quiet for
		// burstQuiet, or at once after maxWait: never after the short
		// quiet of a single save.
		if st.wait != burstQuiet && st.wait != 0 {
			t.Errorf("a settle of %d events ended after a quiet of %v, want %v (or maxWait passed)", st.events, st.wait, burstQuiet)
		}
	}
	if !burstSeen {
		t.Errorf("no settle took %d events or more of the 1,000 files written while the server was building: %v", burst, settles)
	}
}

func TestManySavesEndOnTheLast(t *testing.T) {
	ts := newTestSite(t, true)
	var wg sync.WaitGroup
	wg.Add(1)
	// 1,000 saves in about ten seconds, the rate of a held-down key; under
	// -short 400 (four seconds, which still span the rebuilds that maxWait
	// forces in the middle of a burst).
	saves := 1000
	if testing.Short() {
		saves = 400
	}
	last := fmt.Sprintf("save %d<", saves-1)
	go func() {
		defer wg.Done()
		for i := range saves {
			ts.write("content/b.md", fmt.Sprintf("---\ntitle: Page B\n---\nsave %d\n", i))
			time.Sleep(10 * time.Millisecond)
		}
	}()
	wg.Wait()
	ts.eventually("the last save", ts.serves("/b/", last))
	ts.idle() // a build of an earlier save still pending would show here
	if _, body := ts.get("/b/"); !strings.Contains(body, last) {
		t.Errorf("the server does not end on the last save")
	}
	if e := ts.srv.currentError(); e != "" {
		t.Errorf("error after the saves: %s", e)
	}
}

func TestRendersOnlyWhatChanged(t *testing.T) {
	ts := newTestSite(t, false)
	before := ts.srv.Renders()
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta, body only.\n")
	ts.srv.Rebuild([]string{"content/b.md"})
	if got := ts.srv.Renders() - before; got != 1 {
		t.Errorf("a body edit rendered %d pages, want 1", got)
	}
	before = ts.srv.Renders()
	ts.write("data/shared.csv", "n,v\n1,2\n2,8\n")
	ts.srv.Rebuild([]string{"data/shared.csv"})
	if got := ts.srv.Renders() - before; got != 1 {
		t.Errorf("a shared data edit rendered %d pages, want 1 (page c)", got)
	}
}

// TestFirstBuildFails: a site that does not build yet is served as a page
// naming the error, which comes right once the content is fixed.
func TestFirstBuildFails(t *testing.T) {
	dir := t.TempDir()
	ts := &testSite{t: t, dir: dir}
	ts.write("content/a.md", "---\ntitle: [unclosed\n---\nA.\n")
	srv, err := New(Options{Source: dir})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	ts.srv, ts.url = srv, hs.URL
	status, body := ts.get("/a/")
	if status != http.StatusServiceUnavailable || !strings.Contains(body, "content/a.md:2") || !strings.Contains(body, LiveScriptPath) {
		t.Fatalf("before the fix: %d %q", status, body)
	}
	ts.write("content/a.md", "---\ntitle: A\n---\nFixed A.\n")
	srv.Rebuild([]string{"content/a.md"})
	if status, body := ts.get("/a/"); status != 200 || !strings.Contains(body, "Fixed A.") {
		t.Errorf("after the fix: %d %.80q", status, body)
	}
}

// TestCopiedFileReloadsPages: an image under static/ is served from disk,
// so its change reloads the pages (which may show it).
func TestCopiedFileReloadsPages(t *testing.T) {
	ts := newTestSite(t, false)
	ev := ts.events()
	next(t, ev, "hello")
	ts.write("static/img/figure.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><circle r=\"1\"/></svg>")
	ts.srv.Rebuild([]string{"static/img/figure.svg"})
	if e := next(t, ev, "change"); len(e.Reload) != 1 || e.Reload[0] != "*" {
		t.Errorf("after an image edit: reload %v, want [*]", e.Reload)
	}
	if _, body := ts.get("/img/figure.svg"); !strings.Contains(body, "circle") {
		t.Errorf("the edited image is not served: %q", body)
	}
	ts.write("content/a/runs.csv", "s,n,v\nq,1,2\nq,10,9\nr,1,4\nr,10,5\n")
	ts.srv.Rebuild([]string{"content/a/runs.csv"})
	if e := next(t, ev, "change"); len(e.Reload) != 0 || len(e.Charts) != 1 {
		t.Errorf("after a data edit: reload %v, charts %v; want the chart updated in place only", e.Reload, e.Charts)
	}
}

// TestThemeScriptReloads: a chart script of the site's theme, saved, is in
// the page's one file of chart scripts (the bundle the renderer makes of
// them) at once: the page names a new file (so a browser that reloads it
// cannot keep the old one from its cache), and that file holds the script.
func TestThemeScriptReloads(t *testing.T) {
	ts := newTestSite(t, true)
	bundle := regexp.MustCompile(`<script src="(/assets/charts\.[0-9a-f]{8}\.js)" defer></script>`)
	bundleOf := func() string {
		_, body := ts.get("/a/")
		m := bundle.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("page /a/ loads no charts.<hash>.js:\n%s", body)
		}
		return m[1]
	}
	holds := func(text string) func() bool {
		return func() bool { _, body := ts.get(bundleOf()); return strings.Contains(body, text) }
	}
	builtin := bundleOf()
	ts.write("themes/mine/assets/ticks.js", "window.scalesiteMineTicks = 1;\n")
	ts.write("scalesite.yaml", "title: Test site\ntheme: mine\n")
	ts.eventually("the site theme's ticks.js in the page's chart scripts", holds("window.scalesiteMineTicks=1;"))
	first := bundleOf()
	if first == builtin {
		t.Errorf("the page loads %s with the site's ticks.js as without it", first)
	}
	ts.write("themes/mine/assets/ticks.js", "window.scalesiteMineTicks = 2;\n")
	ts.eventually("the saved ticks.js in the page's chart scripts", holds("window.scalesiteMineTicks=2;"))
	if bundleOf() == first {
		t.Errorf("the page still loads %s after ticks.js changed", first)
	}
}
