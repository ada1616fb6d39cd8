package serve

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/output"
)

// TestLightPagesRenderedAgain: once built, the pages are held light; a
// page whose neighbour's title changes is loaded in full again and
// rendered with its body and charts, and after a run of edits every file
// served is what a new server makes of the same files.
func TestLightPagesRenderedAgain(t *testing.T) {
	ts := newTestSite(t, false)
	for _, p := range ts.srv.site.Pages {
		if ts.srv.site.Body(p) != nil {
			t.Errorf("%s is held in full after the build", p.Path)
		}
	}
	if ts.srv.site.Home == nil || ts.srv.site.Body(ts.srv.site.Home) == nil {
		t.Errorf("the home page is not held in full")
	}
	// Page B is between A and C: a new title changes both their links.
	ts.write("content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\n---\nBeta text.\n")
	before := ts.srv.Renders()
	ts.srv.Rebuild([]string{"content/b.md"})
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	if got := ts.srv.Renders() - before; got != 4 {
		t.Errorf("a title edit rendered %d pages, want 4 (b, a, c, home)", got)
	}
	for path, want := range map[string][]string{
		"/a/": {"Alpha text.", "Page Bee", "scalesite-chart"},
		"/c/": {"Gamma uses shared data.", "Page Bee", "scalesite-chart"},
		"/b/": {"Beta text."},
	} {
		_, body := ts.get(path)
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %q after its neighbour's title changed", path, w)
			}
		}
	}
	// More edits: a body, the shared data, a date (the order), a new page.
	ts.write("content/a/index.md", strings.Replace(baseFiles["content/a/index.md"], "Alpha text.", "Alpha, edited.", 1))
	ts.srv.Rebuild([]string{"content/a/index.md"})
	ts.write("data/shared.csv", "n,v\n1,2\n2,9\n")
	ts.srv.Rebuild([]string{"data/shared.csv"})
	ts.write("content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-05\n---\nBeta text.\n")
	ts.srv.Rebuild([]string{"content/b.md"})
	ts.write("content/d.md", "---\ntitle: Page D\ndate: 2025-01-03\n---\nDelta.\n")
	ts.srv.Rebuild([]string{"content/d.md"})
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	fresh, err := New(Options{Source: ts.dir})
	if err != nil {
		t.Fatal(err)
	}
	got, want := ts.srv.files, fresh.files
	if !slices.Equal(sortedPaths(got), sortedPaths(want)) {
		t.Fatalf("serves %v, a new server %v", sortedPaths(got), sortedPaths(want))
	}
	for p, f := range want {
		if g := got[p]; !bytes.Equal(g.raw(), f.raw()) || g.Src != f.Src {
			t.Errorf("%s differs from a new server's", p)
		}
	}
}

func sortedPaths(m siteFiles) []string {
	var ps []string
	for p := range m {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	return ps
}

// TestGzip: a page is sent gzipped to a client that accepts it, and as it
// is to one that does not; both the same page.
func TestGzip(t *testing.T) {
	ts := newTestSite(t, false)
	get := func(accept string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", ts.url+"/a/", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		// Set by hand, the header turns off the client's own decompression.
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	resp, plain := get("identity")
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Contains(plain, []byte("Alpha text.")) || !bytes.Contains(plain, liveTag) {
		t.Fatalf("identity: Content-Encoding %q, page %.200q", resp.Header.Get("Content-Encoding"), plain)
	}
	resp, z := get("br, gzip;q=0.8")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Length") != strconv.Itoa(len(z)) {
		t.Fatalf("gzip: Content-Encoding %q, Content-Length %q for %d bytes", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Length"), len(z))
	}
	unz, err := gunzip(z)
	if err != nil || !bytes.Equal(unz, plain) {
		t.Errorf("the gzipped page is not the page: %v", err)
	}
	if resp, _ := get("gzip;q=0"); resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 was sent gzip")
	}
}

// TestPatchedRebuilds: a save that changes a page's body (or a chart's
// data, or the home page's prose) makes that page and its charts' data
// again and nothing else, with the work of the change (the renderer
// patches its last files, which the server takes in place); a save that
// changes what other files show of a page (its title, its headings)
// patches those files too, and so do saves that add a tag or a page (the
// files they add taken in, those they remove dropped). After a
// run of both, every file served is what a new server makes of the same
// files, and each save told the browsers what changed.
func TestPatchedRebuilds(t *testing.T) {
	ts := newTestSite(t, false)
	type step struct {
		file, body string
		patch      bool
		reload     []string
		charts     []string
	}
	a := baseFiles["content/a/index.md"]
	steps := []step{
		{"content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta, edited.\n", true, []string{"/b/"}, nil},
		{"content/b.md", "---\ntitle: Page B\ndate: 2025-01-01\n---\nBeta, edited twice.\n", true, []string{"/b/"}, nil},
		{"content/a/index.md", strings.Replace(a, "Alpha text.", "Alpha, edited.", 1), true, []string{"/a/"}, nil},
		// (A new heading changes the search index, and a new title the
		// links too: the pages that show them reload, and the search page,
		// the only one that reads search.json; no other page does.)
		{"content/a/index.md", strings.Replace(a, "Alpha text.", "Alpha, edited.\n\n## A heading", 1), true, []string{"/a/", "/search/"}, nil},
		{"content/index.md", "Home prose, edited.\n", true, []string{"/"}, nil},
		{"content/a/runs.csv", "s,n,v\nq,1,2\nq,10,7\nr,1,4\nr,10,5\n", true, nil, []string{"/a/"}},
		{"content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\n---\nBeta, edited twice.\n", true, []string{"/", "/a/", "/b/", "/c/", "/search/"}, nil},
		{"content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\n---\nBeta, edited thrice.\n", true, []string{"/b/"}, nil},
		{"content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\ntags: [x]\n---\nBeta, edited thrice.\n", true, nil, nil},
		{"content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\ntags: [x]\n---\nBeta, once more.\n", true, []string{"/b/"}, nil},
		{"content/d.md", "---\ntitle: Page D\ndate: 2026-01-01\ntags: [y]\n---\nDelta.\n", true, nil, nil},
		{"content/b.md", "---\ntitle: Page Bee\ndate: 2025-01-01\ntags: [z]\n---\nBeta, once more.\n", true, []string{"/", "/b/", "/search/", "/tags/", "/tags/x/", "/tags/z/"}, nil}, // tags/x/ removed: reloaded (to the 404)
	}
	evs := ts.srv.hub.subscribe(64)
	for i, st := range steps {
		ts.write(st.file, st.body)
		ts.srv.Rebuild([]string{st.file})
		if e := ts.srv.currentError(); e != "" {
			t.Fatalf("step %d: %s", i, e)
		}
		patched := ts.srv.preview.Patched()
		if patched != st.patch {
			t.Errorf("step %d (%s): patched %v, want %v", i, st.file, patched, st.patch)
		}
		var e event
		if err := json.Unmarshal(<-evs, &e); err != nil {
			t.Fatal(err)
		}
		if st.reload != nil && !slices.Equal(e.Reload, st.reload) || st.charts != nil && !slices.Equal(e.Charts, st.charts) {
			t.Errorf("step %d (%s): reload %v charts %v, want %v %v", i, st.file, e.Reload, e.Charts, st.reload, st.charts)
		}
		if !strings.Contains(st.file, ".csv") {
			want := strings.TrimPrefix(strings.SplitN(st.body, "\n---\n", 2)[len(strings.SplitN(st.body, "\n---\n", 2))-1], "\n")
			want, _, _ = strings.Cut(want, "\n")
			url := "/" + strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(st.file, ".md"), "content/"), "index")
			if !strings.HasSuffix(url, "/") {
				url += "/"
			}
			if _, body := ts.get(url); !strings.Contains(body, want) {
				t.Errorf("step %d: the page lacks %q", i, want)
			}
		}
	}
	fresh, err := New(Options{Source: ts.dir})
	if err != nil {
		t.Fatal(err)
	}
	got, want := ts.srv.files, fresh.files
	if !slices.Equal(sortedPaths(got), sortedPaths(want)) {
		t.Fatalf("serves %v, a new server %v", sortedPaths(got), sortedPaths(want))
	}
	for p, f := range want {
		if g := got[p]; !bytes.Equal(g.raw(), f.raw()) || g.Src != f.Src {
			t.Errorf("%s differs from a new server's", p)
		}
	}
}

// TestDecompressedAsWritten: a file kept compressed goes to a client that
// does not accept gzip decompressed as it is written, at its exact length,
// not made whole in memory for each request (30 such requests for a large
// chart's data each took its whole size).
func TestDecompressedAsWritten(t *testing.T) {
	ts := newTestSite(t, false)
	var rows strings.Builder
	rows.WriteString("n,v\n")
	for i := range 200_000 {
		fmt.Fprintf(&rows, "%d,%d.%d\n", i, i%97, i%10)
	}
	ts.write("data/shared.csv", rows.String())
	ts.srv.Rebuild([]string{"data/shared.csv"})
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	var name string
	var big *servedFile
	for p, f := range ts.srv.files {
		if f.gz && (big == nil || f.plainLen() > big.plainLen()) {
			name, big = p, f
		}
	}
	if big == nil || big.plainLen() < 1<<20 {
		t.Fatalf("no file of a MB or more kept compressed")
	}
	want := sha256.Sum256(big.plain())
	for _, method := range []string{"GET", "HEAD"} {
		req := httptest.NewRequest(method, "http://127.0.0.1/"+name, nil)
		req.Header.Set("Accept-Encoding", "identity")
		w := &hashingWriter{header: http.Header{}, sum: sha256.New()}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		ts.srv.ServeHTTP(w, req)
		runtime.ReadMemStats(&after)
		if w.status != 200 || w.header.Get("Content-Encoding") != "" || w.header.Get("Content-Length") != strconv.Itoa(big.plainLen()) {
			t.Errorf("%s %s: %d, Content-Encoding %q, Content-Length %q; want 200, none, %d", method, name, w.status,
				w.header.Get("Content-Encoding"), w.header.Get("Content-Length"), big.plainLen())
		}
		if method == "GET" && (w.n != big.plainLen() || !bytes.Equal(w.sum.Sum(nil), want[:])) {
			t.Errorf("GET %s: %d bytes, not the file's %d", name, w.n, big.plainLen())
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(big.plainLen()/4) {
			t.Errorf("%s %s of %d KB allocated %d KB", method, name, big.plainLen()>>10, alloc>>10)
		}
	}
}

// hashingWriter is a ResponseWriter that keeps only the hash and length of
// what is written.
type hashingWriter struct {
	header http.Header
	status int
	n      int
	sum    hash.Hash
}

func (w *hashingWriter) Header() http.Header { return w.header }
func (w *hashingWriter) WriteHeader(status int) {
	w.status = status
}
func (w *hashingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = 200
	}
	w.n += len(b)
	return w.sum.Write(b)
}

// TestLargeFilesCompressedLater: a save stores a large file it made as it
// is, for the browsers to be told sooner, and compresses it once they have
// been: after Rebuild it is served compressed, the same bytes.
func TestLargeFilesCompressedLater(t *testing.T) {
	var big strings.Builder
	for i := 0; big.Len() < laterMin+laterMin/2; i++ {
		fmt.Fprintf(&big, "Row %d of a long appendix, the loss at step %d.\n\n", i, 1000*i)
	}
	out := &output.Output{Files: []output.File{
		{Path: "big/index.html", Data: []byte("<html><body><main>" + big.String() + "</main></body></html>")},
		{Path: "small/index.html", Data: []byte("<html><body><main>" + strings.Repeat("short text ", 100) + "</main></body></html>")},
	}}
	m := siteFiles{}
	raws := [][]byte{out.Files[0].Data, out.Files[1].Data}
	storeFiles(out, []int{0, 1}, m, laterMin)
	if f := m["big/index.html"]; !f.later || f.gz || !bytes.Equal(f.raw(), raws[0]) {
		t.Fatalf("the large page: later %v, gz %v: want stored as it is, to compress later", f.later, f.gz)
	}
	if f := m["small/index.html"]; f.later || !f.gz {
		t.Fatalf("the small page: later %v, gz %v: want compressed at once", f.later, f.gz)
	}

	ts := newTestSite(t, false)
	ts.write("content/big.md", "---\ntitle: Big\ndate: 2025-01-09\n---\n"+big.String()+"The last row.\n")
	for i := range 2 { // a new page, then the same page saved again
		if i == 1 {
			ts.write("content/big.md", "---\ntitle: Big\ndate: 2025-01-09\n---\n"+big.String()+"The last row, edited.\n")
		}
		ts.srv.Rebuild([]string{"content/big.md"})
		if e := ts.srv.currentError(); e != "" {
			t.Fatal(e)
		}
		f := ts.srv.files["big/index.html"]
		if f == nil || f.later || !f.gz || f.Size < laterMin {
			t.Fatalf("save %d: big/index.html after the save: %+v, want compressed", i, f)
		}
		want := []string{"The last row.", "The last row, edited."}[i]
		if _, body := ts.get("/big/"); !strings.Contains(body, want) {
			t.Errorf("save %d: /big/ lacks %q", i, want)
		}
	}

}

// TestStoredPagesCarryTheLiveScript: however a page is stored (compressed
// with the live script put in as it is compressed, too small or too
// random to compress, or large and left for compressLater), it is served
// with the live script before </body> (or at its end) and its bytes as
// made are the renderer's.
func TestStoredPagesCarryTheLiveScript(t *testing.T) {
	random := make([]byte, 4000)
	rand.NewChaCha8([32]byte{1}).Read(random)
	long := strings.Repeat("<p>chart page</p>\n", 20_000)
	for _, tc := range []struct {
		name, page string
		later, gz  bool
	}{
		{"compressed", "<html><body>" + strings.Repeat("<li>entry</li>\n", 100) + "</body></html>", false, true},
		{"small", "<html><body>hi</body></html>", false, false},
		{"random", "<html><body>" + string(random) + "</body></html>", false, false},
		{"no body end", strings.Repeat("<li>entry</li>\n", 100), false, true},
		{"large, later", "<html><body>" + long + "</body></html>", true, false},
	} {
		page := []byte(tc.page)
		from := noLater
		if tc.later {
			from = laterMin
		}
		f := storeFile(output.File{Path: "x/index.html", Data: page}, from)
		i := bytes.LastIndex(page, []byte("</body>"))
		if i < 0 {
			i = len(page)
		}
		want := string(page[:i]) + string(liveTag) + string(page[i:])
		if got := string(f.plain()); got != want {
			t.Errorf("%s: served %d bytes, want the page with the live script, %d", tc.name, len(got), len(want))
		}
		if !bytes.Equal(f.raw(), page) || f.plainLen() != len(want) {
			t.Errorf("%s: raw form or length not the page's", tc.name)
		}
		w := httptest.NewRecorder()
		serveFile(w, httptest.NewRequest(http.MethodGet, "/x/", nil), f, http.StatusOK)
		if w.Body.String() != want || w.Header().Get("Content-Length") != strconv.Itoa(len(want)) || w.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: served %d bytes (Content-Length %s, Content-Encoding %q), want the page with the live script, %d",
				tc.name, w.Body.Len(), w.Header().Get("Content-Length"), w.Header().Get("Content-Encoding"), len(want))
		}
		if f.gz != tc.gz || f.later != tc.later {
			t.Errorf("%s: stored compressed %v, later %v; want %v, %v", tc.name, f.gz, f.later, tc.gz, tc.later)
		}
	}
}

// TestLaterFrom: a save that went through every page leaves every file it
// made for compressLater while they are few, and only the large ones once
// they make more than laterBudget bytes.
func TestLaterFrom(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sizes []int
		want  int
	}{
		{"none", nil, compactMin},
		{"a few listing pages", []int{40 << 10, 40 << 10, 300}, compactMin},
		{"the budget", []int{laterBudget / 2, laterBudget / 2}, compactMin},
		{"past the budget", []int{laterBudget / 2, laterBudget/2 + 1}, laterMin},
	} {
		out := &output.Output{}
		var todo []int
		for i, n := range tc.sizes {
			out.Files = append(out.Files, output.File{Path: fmt.Sprintf("p%d/index.html", i), Data: make([]byte, n)})
			todo = append(todo, i)
		}
		if got := laterFrom(out, todo); got != tc.want {
			t.Errorf("%s: laterFrom %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestRedatedFilesCompressedAfterSave: a page dated anew shifts the
// listing; the files the save made are served as made, and compressed
// once Rebuild returns.
func TestRedatedFilesCompressedAfterSave(t *testing.T) {
	ts := newTestSite(t, false)
	ts.write("content/b.md", "---\ntitle: Page B\ndate: 2025-01-03\n---\nBeta text.\n")
	ts.srv.Rebuild([]string{"content/b.md"})
	if e := ts.srv.currentError(); e != "" {
		t.Fatal(e)
	}
	ts.srv.mu.RLock()
	home := ts.srv.files["index.html"]
	for p, f := range ts.srv.files {
		if f.later {
			t.Errorf("%s is still to be compressed after the save", p)
		}
	}
	ts.srv.mu.RUnlock()
	if home == nil || !home.gz {
		t.Fatalf("the home page after the save: %+v, want compressed", home)
	}
	_, body := ts.get("/")
	if b, a := strings.Index(body, "Page B"), strings.Index(body, "Page A"); b < 0 || a < 0 || b > a {
		t.Errorf("the home page lists Page B at %d and Page A at %d: want B, now the newer, first", b, a)
	}
}
