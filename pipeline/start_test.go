package pipeline

import (
	"bytes"
	"fmt"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// manyPages is goodSite with n more pages, page-000 the newest.
func manyPages(n int) map[string]string {
	files := maps.Clone(goodSite)
	for i := range n {
		files[fmt.Sprintf("content/page-%03d.md", i)] = fmt.Sprintf("---\ntitle: Page %d\ndate: 2026-%02d-%02d\n---\nText %d.\n\n"+
			"```chart\ntitle: Chart of page %d\ndata: data/runs.csv\nx: flops\ny: loss\n```\n", i, 12-i/28, 28-i%28, i, i)
	}
	return files
}

// TestStartHomeFirst: Start hands out the home page before it loads any
// other page, listing every page from its front matter, and hands it again,
// as a fresh render makes it, once the listings are made.
func TestStartHomeFirst(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	writeSite(t, src, manyPages(30))
	opts := site.Options{BaseURL: "/"}
	pv := NewPreview(src, opts)
	var mu sync.Mutex
	loaded := 0            // pages loaded so far, the home page aside
	var homes [][]byte     // the home pages handed out
	var loadedAtHome []int // loaded when each was
	pv.WhileLoading(func(path string) {
		mu.Lock()
		defer mu.Unlock()
		if path != "content/index.md" {
			loaded++
		}
	})
	h := &held{}
	emit := func(f output.File) {
		if f.Path == "index.html" {
			mu.Lock()
			homes = append(homes, bytes.Clone(f.Data))
			loadedAtHome = append(loadedAtHome, loaded)
			mu.Unlock()
		}
		h.emit(f)
	}
	if _, err := pv.Start(emit, h.take); err != nil {
		t.Fatal(err)
	}
	if len(homes) != 2 {
		t.Fatalf("the home page was handed out %d times, want 2 (early, then with the listings)", len(homes))
	}
	if loadedAtHome[0] != 0 {
		t.Errorf("%d pages were loaded before the home page was handed out, want 0", loadedAtHome[0])
	}
	for i := range 30 {
		if title := fmt.Sprintf(">Page %d<", i); !bytes.Contains(homes[0], []byte(title)) {
			t.Errorf("the early home page does not list %q", title)
		}
	}
	if bytes.Contains(homes[0], []byte("Chart of page")) {
		t.Errorf("the early home page lists chart titles, which only loading the pages finds")
	}
	want, err := previewFresh(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	assertHeldIsFresh(t, "streamed start", h, want)
	if !bytes.Equal(homes[1], h.files["index.html"]) {
		t.Errorf("the home page held is not the last one handed out")
	}
}

// TestStartHurry: a page asked for while Start streams is loaded next, with
// its neighbours, whatever its place in the site's order.
func TestStartHurry(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	writeSite(t, src, manyPages(60))
	pv := NewPreview(src, site.Options{BaseURL: "/"})
	var mu sync.Mutex
	var order []string
	pv.WhileLoading(func(path string) {
		// The ask is made under the lock, so that no other worker records
		// a page between the first page and the ask, however busy the
		// machine (each worker still may have taken one page before it).
		mu.Lock()
		defer mu.Unlock()
		first := len(order) == 0 && path != "content/index.md"
		if path != "content/index.md" {
			order = append(order, path)
		}
		if first {
			pv.Hurry("/page-050/") // as a browser asks for it
		}
	})
	h := &held{}
	if _, err := pv.Start(h.emit, h.take); err != nil {
		t.Fatal(err)
	}
	// Each worker may have taken a page before the ask; the next three
	// taken are the page and its neighbours.
	within := order[:min(len(order), runtime.GOMAXPROCS(0)+3)]
	for _, p := range []string{"content/page-049.md", "content/page-050.md", "content/page-051.md"} {
		if !slices.Contains(within, p) {
			t.Errorf("%s was not among the first %d pages loaded after the ask: %v", p, len(within), within)
		}
	}
	pv.Hurry("/page-050/") // after the start: nothing to hurry
}

// TestStartRecordsKeys: after a streamed start, a save that has the
// Renderer go through every file (a page added, the oldest, so that the
// list of pages changes) makes again only the new page, its neighbour and
// the listings: the start recorded what it made.
func TestStartRecordsKeys(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	files := manyPages(10)
	files["content/index.md"] = "---\ntitle: Home\n---\nWelcome.\n\n```chart\ndata: data/runs.csv\nx: flops\ny: loss\n```\n"
	writeSite(t, src, files)
	opts := site.Options{BaseURL: "/"}
	pv := NewPreview(src, opts)
	h := &held{}
	u, err := pv.Start(h.emit, h.take)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range u.Site.Pages {
		if u.Site.Body(p) != nil {
			t.Errorf("%s is held in full after the start", p.Path)
		}
	}
	if u.Site.Home == nil || u.Site.Body(u.Site.Home) == nil {
		t.Errorf("the home page is not held in full after the start")
	}
	writeSite(t, src, map[string]string{"content/oldest.md": "---\ntitle: Oldest\ndate: 2020-01-01\n---\nThe oldest page.\n"})
	renders := pv.Renders()
	if _, err := pv.Update([]string{"content/oldest.md"}, h.take); err != nil {
		t.Fatal(err)
	}
	// (The neighbour is loaded again to be rendered: its charts' files are
	// made again with it. The home page's chart is the same page's.)
	for _, f := range h.made {
		if strings.HasPrefix(f, "page-") || strings.HasPrefix(f, "audio/") || strings.HasSuffix(f, ".csv") && !strings.Contains(f, "/") {
			t.Errorf("%s was made again, though nothing it shows changed", f)
		}
	}
	for _, f := range []string{"oldest/index.html", "runs/index.html", "index.html"} {
		if !slices.Contains(h.made, f) {
			t.Errorf("%s was not made again (made: %v)", f, h.made)
		}
	}
	// The new page, its neighbour, the home page, 404 (it lists nothing,
	// but the Renderer is new when the facts change: they do not here).
	if n := pv.Renders() - renders; n > 3 {
		t.Errorf("the save rendered %d pages, want 3 at most (the new page, its neighbour, the home page); made %q", n, h.made)
	}
	want, err := previewFresh(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	assertHeldIsFresh(t, "a page added after the start", h, want)
}

// TestStartErrors: a start on a site with problems reports exactly what a
// whole load (Update) reports, and hands nothing to take.
func TestStartErrors(t *testing.T) {
	for _, tc := range errorCases {
		t.Run(tc.name, func(t *testing.T) {
			src := filepath.Join(t.TempDir(), "site")
			writeSite(t, src, goodSite)
			writeSite(t, src, tc.files)
			h := &held{}
			_, werr := NewPreview(src, site.Options{BaseURL: "/"}).Update(nil, h.take)
			pv := NewPreview(src, site.Options{BaseURL: "/"})
			_, err := pv.Start(h.emit, h.take)
			if err == nil || werr == nil {
				t.Fatalf("start: %v; whole load: %v; want both to fail", err, werr)
			}
			if got, want := problems(t, err), problems(t, werr); !slices.Equal(got, want) {
				t.Errorf("start errors:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
			}
			if h.takes != 0 {
				t.Errorf("a failed start handed its files to take")
			}
			if pv.Renders() != 0 {
				t.Errorf("a failed start kept its Renderer")
			}
		})
	}
}

// TestStartDrafts: the drafts a streamed start leaves out are known to the
// site it settles, as to a whole load's: their problems are the same
// warnings, and a draft published by a save is read and listed.
func TestStartDrafts(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	files := maps.Clone(goodSite)
	files["content/draft.md"] = "---\ntitle: Draft\ndate: 2025-02-01\ndraft: true\n---\nNot yet.\n"
	files["content/broken-draft.md"] = "---\ntitle: Broken\ndraft: true\n---\n```chart\ndata: data/runs.csv\nx: flops\ny: nope\n```\n"
	writeSite(t, src, files)
	opts := site.Options{BaseURL: "/"}
	whole, err := NewPreview(src, opts).Update(nil, (&held{}).take)
	if err != nil {
		t.Fatal(err)
	}
	pv := NewPreview(src, opts)
	h := &held{}
	u, err := pv.Start(h.emit, h.take)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := u.Site.Warnings.Error(), whole.Site.Warnings.Error(); got != want || !strings.Contains(got, "in a draft") {
		t.Errorf("warnings after a streamed start:\n%s\nafter a whole load:\n%s", got, want)
	}
	writeSite(t, src, map[string]string{"content/draft.md": "---\ntitle: Draft\ndate: 2025-02-01\n---\nPublished.\n"})
	if _, err := pv.Update([]string{"content/draft.md"}, h.take); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(h.files["draft/index.html"], []byte("Published.")) || !bytes.Contains(h.files["index.html"], []byte(">Draft<")) {
		t.Errorf("a draft published after a streamed start is not served, or not listed")
	}
	want, err := previewFresh(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	assertHeldIsFresh(t, "a draft published", h, want)
}
