package pipeline

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// TestDemoHomeListsEveryPage: the demo site (this repository's content/)
// has fewer pages than a listing shows by default, so its home page and
// tag pages are one page each, as before listings were cut into pages:
// every page listed, no pager, no page/2/.
func TestDemoHomeListsEveryPage(t *testing.T) {
	s, err := site.Load("..", site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pages) >= s.Config.ListSize {
		t.Skipf("the demo has %d pages, a listing shows %d: it is paged", len(s.Pages), s.Config.ListSize)
	}
	dest := demoOutput(t)
	home, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(home), `<li class="post-item">`); n != len(s.Pages) {
		t.Errorf("the home page lists %d pages, the site has %d", n, len(s.Pages))
	}
	for _, markup := range []string{`class="pager"`, `<link rel="prev"`, `<link rel="next"`} {
		if strings.Contains(string(home), markup) {
			t.Errorf("the home page has %s", markup)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, "page")); err == nil {
		t.Errorf("the build wrote page/, a second page of the home listing")
	}
	tags, _ := filepath.Glob(filepath.Join(dest, "tags", "*", "page"))
	if len(tags) > 0 {
		t.Errorf("the build wrote %s", tags)
	}
}

// TestPagedListingsReproducible builds a site of paged listings (16 pages
// by 3) with one worker and with several: the same files, byte for byte.
func TestPagedListingsReproducible(t *testing.T) {
	src := t.TempDir()
	synth.Write(t, src, 16, 5)
	if err := os.WriteFile(filepath.Join(src, site.ConfigFile), []byte("title: Paged\nbaseURL: /p/\nlistSize: 3\nfeedSize: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var trees []map[string][]byte
	for _, procs := range []int{1, 2} {
		dest := filepath.Join(t.TempDir(), "public")
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			if _, err := Run(Options{Source: src, Dest: dest}); err != nil {
				t.Fatal(err)
			}
		}()
		trees = append(trees, snapshot(t, dest))
	}
	// 16 pages by 3: four full pages of 3 and a first page of 4.
	if _, ok := trees[0]["page/4/index.html"]; !ok {
		t.Fatalf("no page/4/index.html: the home listing of 16 pages by 3 is not paged")
	}
	compareTrees(t, "GOMAXPROCS=1 and 2", trees[0], trees[1])
}

// TestStreamedStartPagedListings: the preview's streamed start-up on a
// site whose listings run to several pages (listSize 3), then saves that
// move a page within them (a title, a date that reorders, a tag), add
// pages (the oldest, the newest, one that fills the first page to
// 2·listSize, which makes a new full page/3/), add a tag, remove a page and
// a tag: after each, the files the preview holds are exactly a fresh
// render's, the full pages and the tag pages' included, and each save but
// the reordering patched the last (no pass over every file).
func TestStreamedStartPagedListings(t *testing.T) {
	src := filepath.Join(t.TempDir(), "site")
	page := func(title, date, tags string) string {
		return "---\ntitle: " + title + "\ndate: " + date + "\ntags: [" + tags + "]\n---\nText of " + title + ".\n"
	}
	files := map[string]string{"scalesite.yaml": "title: Paged\nlistSize: 3\nfeedSize: 2\n"}
	for i, d := range []string{"01", "02", "03", "04", "05", "06", "07", "08"} {
		tags := "even"
		if i%2 == 1 {
			tags = "odd"
		}
		files["content/p"+d+".md"] = page("Page "+d, "2025-01-"+d, tags+", all")
	}
	writeSite(t, src, files)
	opts := site.Options{BaseURL: "/"}
	pv := NewPreview(src, opts)
	h := &held{}
	if _, err := pv.Start(h.emit, h.take); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name    string
		write   map[string]string
		remove  string // a file removed
		patched bool
		has     []string // files the preview holds
		hasNot  []string // files it does not
	}{
		{name: "start", has: []string{"page/1/index.html", "tags/all/page/1/index.html"}, hasNot: []string{"page/2/index.html"}},
		{name: "a title", write: map[string]string{"content/p02.md": page("Page two, renamed", "2025-01-02", "even, all")}, patched: true},
		{name: "a date that reorders", write: map[string]string{"content/p02.md": page("Page two, renamed", "2025-01-09", "even, all")}, patched: true},
		{name: "a new tag", write: map[string]string{"content/p03.md": page("Page 03", "2025-01-03", "odd, all, new")}, patched: true,
			has: []string{"tags/new/index.html"}},
		{name: "a new oldest page", write: map[string]string{"content/p00.md": page("Page 00", "2024-12-31", "even, all")}, patched: true,
			has: []string{"page/2/index.html", "tags/all/page/2/index.html"}},
		{name: "a new newest page", write: map[string]string{"content/p10.md": page("Page 10", "2025-01-10", "even, all")}, patched: true},
		{name: "another newest page", write: map[string]string{"content/p11.md": page("Page 11", "2025-01-11", "odd, all")}, patched: true,
			hasNot: []string{"page/3/index.html"}},
		{name: "a newest page that fills the first page to 2·listSize", write: map[string]string{"content/p12.md": page("Page 12", "2025-01-12", "even, all")}, patched: true,
			has: []string{"page/3/index.html", "tags/all/page/3/index.html"}},
		{name: "a new tag on the newest page", write: map[string]string{"content/p12.md": page("Page 12", "2025-01-12", "even, all, newest")}, patched: true,
			has: []string{"tags/newest/index.html"}},
		{name: "the newest page removed", remove: "content/p12.md", patched: true,
			hasNot: []string{"page/3/index.html", "tags/all/page/3/index.html", "tags/newest/index.html"}},
		{name: "a tag removed", write: map[string]string{"content/p03.md": page("Page 03", "2025-01-03", "odd, all")}, patched: true,
			hasNot: []string{"tags/new/index.html"}},
		// A tag is named as its newest page writes it: every page of its
		// listing shows the name.
		{name: "a newest page that writes a tag otherwise", write: map[string]string{"content/p13.md": page("Page 13", "2025-01-13", "odd, All")}, patched: true},
		{name: "that page removed", remove: "content/p13.md", patched: true},
	}
	for _, st := range steps {
		var changed []string
		for f := range st.write {
			changed = append(changed, f)
		}
		if st.remove != "" {
			if err := os.Remove(filepath.Join(src, st.remove)); err != nil {
				t.Fatal(err)
			}
			changed = append(changed, st.remove)
		}
		if changed != nil {
			writeSite(t, src, st.write)
			if _, err := pv.Update(changed, h.take); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if got := pv.Patched(); got != st.patched {
				t.Errorf("%s: patched %v, want %v", st.name, got, st.patched)
			}
		}
		want, err := previewFresh(src, opts)
		if err != nil {
			t.Fatalf("%s, fresh render: %v", st.name, err)
		}
		assertHeldIsFresh(t, st.name, h, want)
		for _, f := range st.has {
			if _, ok := h.files[f]; !ok {
				t.Errorf("%s: the preview holds no %s", st.name, f)
			}
		}
		for _, f := range st.hasNot {
			if _, ok := h.files[f]; ok {
				t.Errorf("%s: the preview holds %s", st.name, f)
			}
		}
	}
}
