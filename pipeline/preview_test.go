package pipeline

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/site"
)

// held is what a caller of Preview.Update holds, as the server does: each
// file's bytes, kept across updates for the files handed back without
// them; a copied file by its source.
type held struct {
	mu    sync.Mutex // for emit, which Start calls from several goroutines
	files map[string][]byte
	src   map[string]string
	made  []string // the files the last take was given bytes for, sorted
	takes int
}

// emit keeps a file Preview.Start hands out as it makes it, as the server
// does.
func (h *held) emit(f output.File) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.files == nil {
		h.files, h.src = map[string][]byte{}, map[string]string{}
	}
	if f.Src != "" {
		h.src[f.Path] = f.Src
		return
	}
	h.files[f.Path] = bytes.Clone(f.Data)
}

// take is a Take that keeps the files as the server keeps them. It
// refuses an output that hands back without bytes a file it lacks.
func (h *held) take(out *output.Output, made []int, removed []string, patched bool) bool {
	h.takes++
	files, src := h.files, h.src
	idx := made
	if !patched {
		files, src = map[string][]byte{}, map[string]string{}
		idx = make([]int, len(out.Files))
		for i := range idx {
			idx[i] = i
		}
	}
	h.made = nil
	for _, i := range idx {
		f := out.Files[i]
		switch {
		case f.Src != "":
			src[f.Path] = f.Src
		case f.Data == nil:
			b, ok := h.files[f.Path]
			if !ok {
				return false
			}
			files[f.Path] = b
		default:
			files[f.Path] = bytes.Clone(f.Data)
			h.made = append(h.made, f.Path)
		}
	}
	for _, p := range removed {
		delete(files, p)
		delete(src, p)
	}
	slices.Sort(h.made)
	h.files, h.src = files, src
	return true
}

// previewFresh is a fresh render of the site in src as the preview makes
// it: the build's files without the static figures, which the preview
// does not draw (render.NewRenderer).
func previewFresh(src string, opts site.Options) (*output.Output, error) {
	s, err := site.Load(src, opts)
	if err != nil {
		return nil, err
	}
	rr, err := render.NewRenderer(s)
	if err != nil {
		return nil, err
	}
	return rr.Render(s)
}

// TestPreviewMatchesFreshRender edits a site step by step through one
// Preview and checks after each step that the files it handed out, kept
// across updates, are exactly those a fresh render of the site makes; that
// it made again only what the step changed; and that it loaded the whole
// site only when it had to. The first update is a whole one (Update) or
// streamed (Start), whose Renderer records the keys of what it made as it
// streams: the saves after either make again the same files.
func TestPreviewMatchesFreshRender(t *testing.T) {
	for _, streamed := range []bool{false, true} {
		t.Run(fmt.Sprintf("streamed=%v", streamed), func(t *testing.T) { testPreviewMatchesFreshRender(t, streamed) })
	}
}

func testPreviewMatchesFreshRender(t *testing.T, streamed bool) {
	src := filepath.Join(t.TempDir(), "site")
	base := maps.Clone(goodSite)
	base["content/older.md"] = "---\ntitle: Older\ndate: 2024-06-01\n---\nAn older page.\n"
	writeSite(t, src, base)
	opts := site.Options{BaseURL: "/"}
	pv := NewPreview(src, opts)
	h := &held{}

	runs := "---\ntitle: Runs, renamed\ndate: 2025-01-02\n---\nLoss falls with compute.\n\n```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\n```\n"
	steps := []struct {
		name    string
		changed []string // nil: everything
		write   map[string]string
		remove  []string
		// full and everything are Update's; made lists files that must
		// be made again, notMade files that must not (nil: not checked).
		full, everything bool
		made, notMade    []string
		// patch: the update must patch the last (Preview.Patched) rather
		// than go through every file (false: not checked).
		patch bool
	}{
		{name: "first update", full: true, everything: true},
		{name: "a page's body changed", changed: []string{"content/older.md"},
			write:   map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2024-06-01\n---\nAn older page, edited.\n"},
			made:    []string{"older/index.html"},
			notMade: []string{"index.html", "runs/index.html", "feed.xml", "sitemap.xml"}},
		{name: "a data file changed", changed: []string{"data/runs.csv"},
			write:   map[string]string{"data/runs.csv": "model,flops,loss\na,1e18,3.2\na,1e19,2.8\nb,1e18,3.0\nb,1e19,2.6\n"},
			made:    []string{"runs/index.html"},
			notMade: []string{"index.html", "older/index.html", "audio/index.html"}},
		{name: "a neighbour's title changed", changed: []string{"content/runs.md"},
			write: map[string]string{"content/runs.md": runs},
			// audio (newer) and older (older) show a link to it; the
			// sitemap shows no titles.
			made:    []string{"runs/index.html", "audio/index.html", "older/index.html", "index.html", "feed.xml", "search.json"},
			notMade: []string{"sitemap.xml"}},
		{name: "a page's date changed, in its place", changed: []string{"content/older.md"},
			write:   map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2024-07-01\n---\nAn older page, edited.\n"},
			made:    []string{"older/index.html", "runs/index.html", "index.html", "feed.xml", "sitemap.xml"},
			notMade: []string{"audio/index.html", "search.json"}},
		// A page moved in the order patches the last update: the page,
		// its neighbours old and new, the listing, the feed, the sitemap
		// and the search index, which list the pages in order.
		{name: "a page moved in the order", changed: []string{"content/older.md"},
			write: map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2025-02-15\n---\nAn older page, edited.\n"},
			made:  []string{"older/index.html", "index.html", "audio/index.html", "runs/index.html", "feed.xml", "sitemap.xml", "search.json"},
			patch: true},
		{name: "a page moved back", changed: []string{"content/older.md"},
			write: map[string]string{"content/older.md": "---\ntitle: Older\ndate: 2024-07-01\n---\nAn older page, edited.\n"},
			made:  []string{"older/index.html", "index.html", "audio/index.html", "runs/index.html"}, patch: true},
		{name: "a page with a chart moved, its chart changed", changed: []string{"content/runs.md"},
			write: map[string]string{"content/runs.md": strings.Replace(strings.Replace(runs, "2025-01-02", "2025-04-01", 1), "y: loss", "y: {field: loss, title: Loss}", 1)},
			made:  []string{"runs/index.html", "index.html", "audio/index.html", "older/index.html"}, patch: true},
		{name: "a page with a chart moved back", changed: []string{"content/runs.md"},
			write: map[string]string{"content/runs.md": runs},
			made:  []string{"runs/index.html", "index.html", "audio/index.html", "older/index.html"}, patch: true},
		{name: "a page added", changed: []string{"content/new.md"},
			write: map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\n---\nNew page.\n"},
			made:  []string{"new/index.html", "index.html", "audio/index.html", "runs/index.html"}, notMade: []string{"older/index.html"}, patch: true},
		{name: "a page removed", changed: []string{"content/older.md"}, remove: []string{"content/older.md"},
			made: []string{"index.html", "runs/index.html"}, notMade: []string{"audio/index.html"}, patch: true},
		// A page with a chart brings its chart's data file, and takes it
		// away with it.
		{name: "a page with a chart added", changed: []string{"content/charted.md"},
			write: map[string]string{"content/charted.md": "---\ntitle: Charted\ndate: 2023-01-01\n---\nA chart.\n\n```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\n```\n"},
			made:  []string{"charted/index.html", "index.html", "runs/index.html"}, notMade: []string{"audio/index.html"}, patch: true},
		{name: "a page with a chart removed", changed: []string{"content/charted.md"}, remove: []string{"content/charted.md"},
			made: []string{"index.html", "runs/index.html"}, patch: true},
		// Every page's footer links the tags index once a page has a tag,
		// and the search page's place is taken by a page at search/.
		{name: "the first tag", changed: []string{"content/new.md"},
			write: map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\ntags: [fresh]\n---\nNew page.\n"},
			made:  []string{"new/index.html", "audio/index.html", "404.html", "tags/index.html"}},
		{name: "a new tag", changed: []string{"content/new.md"},
			write:   map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\ntags: [fresh, more]\n---\nNew page.\n"},
			made:    []string{"new/index.html", "index.html", "tags/index.html", "tags/more/index.html", "tags/fresh/index.html", "sitemap.xml"},
			notMade: []string{"404.html"}, patch: true},
		{name: "a tagged page added", changed: []string{"content/tagged.md"},
			write:   map[string]string{"content/tagged.md": "---\ntitle: Tagged\ndate: 2023-02-01\ntags: [more]\n---\nTagged page.\n"},
			made:    []string{"tagged/index.html", "index.html", "tags/index.html", "tags/more/index.html"},
			notMade: []string{"new/index.html", "tags/fresh/index.html", "404.html"}, patch: true},
		{name: "a tagged page removed", changed: []string{"content/tagged.md"}, remove: []string{"content/tagged.md"},
			made: []string{"index.html", "tags/index.html", "tags/more/index.html"}, patch: true},
		{name: "a tag removed", changed: []string{"content/new.md"},
			write: map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\ntags: [fresh]\n---\nNew page.\n"},
			made:  []string{"new/index.html", "index.html", "tags/index.html", "tags/fresh/index.html"}, patch: true},
		{name: "the last tag removed", changed: []string{"content/new.md"},
			write: map[string]string{"content/new.md": "---\ntitle: New\ndate: 2025-02-01\n---\nNew page.\n"},
			made:  []string{"new/index.html", "audio/index.html", "404.html"}},
		{name: "a page of the site's own at search/", changed: []string{"content/search.md"},
			write: map[string]string{"content/search.md": "---\ntitle: Find\ndate: 2019-01-01\n---\nOur own search.\n"},
			made:  []string{"search/index.html", "audio/index.html", "404.html"}},
		{name: "a static file changed", changed: []string{"static/robots.txt"},
			write:      map[string]string{"static/robots.txt": "User-agent: *\nDisallow:\n"},
			everything: true, notMade: []string{"index.html", "runs/index.html"}},
		{name: "the config changed", changed: []string{"scalesite.yaml"},
			write: map[string]string{"scalesite.yaml": "title: Renamed site\n"},
			full:  true, everything: true, made: []string{"index.html", "runs/index.html"}},
	}
	for _, st := range steps {
		writeSite(t, src, st.write)
		for _, f := range st.remove {
			if err := os.Remove(filepath.Join(src, f)); err != nil {
				t.Fatal(err)
			}
		}
		var u *Update
		var err error
		if streamed && st.name == "first update" {
			u, err = pv.Start(h.emit, h.take)
		} else {
			u, err = pv.Update(st.changed, h.take)
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if u.Full != st.full || u.Everything != st.everything {
			t.Errorf("%s: full %v, everything %v; want %v, %v", st.name, u.Full, u.Everything, st.full, st.everything)
		}
		if st.patch && !pv.Patched() {
			t.Errorf("%s: went through every file, want a patch of the last update", st.name)
		}
		for _, f := range st.made {
			if _, ok := slices.BinarySearch(h.made, f); !ok {
				t.Errorf("%s: %s was not made again (made: %v)", st.name, f, h.made)
			}
		}
		for _, f := range st.notMade {
			if _, ok := slices.BinarySearch(h.made, f); ok {
				t.Errorf("%s: %s was made again, though nothing it shows changed", st.name, f)
			}
		}
		want, err := previewFresh(src, opts)
		if err != nil {
			t.Fatalf("%s, fresh render: %v", st.name, err)
		}
		assertHeldIsFresh(t, st.name, h, want)
		for _, p := range u.Site.Pages {
			if u.Site.Body(p) != nil {
				t.Errorf("%s: %s is held in full after the update", st.name, p.Path)
			}
		}
	}
}

// assertHeldIsFresh checks that h holds the files of want, byte for byte
// (copied files by their source), and no others.
func assertHeldIsFresh(t *testing.T, step string, h *held, want *output.Output) {
	t.Helper()
	n := 0
	for _, f := range want.Files {
		if f.Src != "" {
			if h.src[f.Path] != f.Src {
				t.Errorf("%s: %s copied from %q, want %q", step, f.Path, h.src[f.Path], f.Src)
			}
			continue
		}
		n++
		if b, ok := h.files[f.Path]; !ok {
			t.Errorf("%s: %s missing from the preview", step, f.Path)
		} else if !bytes.Equal(b, f.Data) {
			t.Errorf("%s: %s differs from a fresh render's", step, f.Path)
		}
	}
	if len(h.files) != n {
		fresh := map[string]bool{}
		for _, f := range want.Files {
			fresh[f.Path] = true
		}
		var extra []string
		for p := range h.files {
			if !fresh[p] {
				extra = append(extra, p)
			}
		}
		slices.Sort(extra)
		t.Errorf("%s: the preview holds %d generated files, a fresh render makes %d; not a fresh render's: %q", step, len(h.files), n, extra)
	}
}

// TestPreviewKeepsLastGoodSite: a failed update leaves the last good site
// current and its changes pending, so that the next update, whatever it
// names, reads them again.
func TestPreviewKeepsLastGoodSite(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	writeSite(t, src, goodSite)
	pv := NewPreview(src, site.Options{BaseURL: "/"})
	h := &held{}
	first, err := pv.Update(nil, h.take)
	if err != nil {
		t.Fatal(err)
	}
	runs := goodSite["content/runs.md"]
	writeSite(t, src, map[string]string{"content/runs.md": strings.Replace(runs, "y: loss", "y: los", 1)})
	takes := h.takes
	if _, err := pv.Update([]string{"content/runs.md"}, h.take); err == nil {
		t.Fatal("an update of a page naming a missing column succeeded")
	}
	if h.takes != takes {
		t.Errorf("a failed update handed out files")
	}
	// Fixed, but the watcher's next batch names another file only.
	writeSite(t, src, map[string]string{
		"content/runs.md": strings.Replace(runs, "Loss falls with compute.", "Loss falls, fixed.", 1),
		"data/other.csv":  "a,b\n1,2\n",
	})
	u, err := pv.Update([]string{"data/other.csv"}, h.take)
	if err != nil {
		t.Fatal(err)
	}
	if u.Full || u.Site == first.Site {
		t.Errorf("full %v, same site %v: want a reload of the pending change", u.Full, u.Site == first.Site)
	}
	if !bytes.Contains(h.files["runs/index.html"], []byte("Loss falls, fixed.")) {
		t.Errorf("the change of the failed update was not read again by the next")
	}
}

// TestPreviewRendersAgainForMissingFile: when the caller lacks a file the
// lean Renderer hands back without bytes, Update renders the site again
// with a new Renderer, every file with its bytes; if the caller refuses
// that too, Update fails.
func TestPreviewRendersAgainForMissingFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	writeSite(t, src, goodSite)
	pv := NewPreview(src, site.Options{BaseURL: "/"})
	h := &held{}
	if _, err := pv.Update(nil, h.take); err != nil {
		t.Fatal(err)
	}
	// Two pages older than every other: the update goes through every
	// file (a patch takes one page added at most), and audio's, whose
	// neighbours are as they were, comes back without bytes.
	delete(h.files, "audio/index.html") // as if the server had lost it
	writeSite(t, src, map[string]string{
		"content/oldest.md":  "---\ntitle: Oldest\ndate: 2020-01-01\n---\nThe oldest page.\n",
		"content/oldest2.md": "---\ntitle: Oldest too\ndate: 2019-01-01\n---\nAn older page.\n",
	})
	takes := h.takes
	if _, err := pv.Update([]string{"content/oldest.md", "content/oldest2.md"}, h.take); err != nil {
		t.Fatal(err)
	}
	if got := h.takes - takes; got != 2 {
		t.Errorf("take called %d times, want 2 (refused, then every file anew)", got)
	}
	if _, ok := h.files["audio/index.html"]; !ok {
		t.Errorf("the file the caller lacked was not handed out again")
	}

	refuse := func(*output.Output, []int, []string, bool) bool { return false }
	writeSite(t, src, map[string]string{"content/index.md": "---\ntitle: Home\n---\nWelcome, edited twice.\n"})
	if _, err := pv.Update([]string{"content/index.md"}, refuse); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("Update with a caller that refuses every output: err %v, want the renderer's bug reported", err)
	}
	if pv.Renders() != 0 {
		t.Errorf("Renders is %d after a failed render, want 0 (its Renderer dropped)", pv.Renders())
	}
	// The Renderer that no caller took is dropped: the next update
	// starts again, and succeeds.
	if _, err := pv.Update([]string{"content/index.md"}, h.take); err != nil {
		t.Fatal(err)
	}
	if pv.Renders() == 0 {
		t.Errorf("Renders is 0 after a good update")
	}
}
