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
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := Run(Options{Source: "..", Dest: dest}); err != nil {
		t.Fatal(err)
	}
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

// TestPagedListingsReproducible builds a site of paged listings (40 pages
// by 7) with one worker and with several: the same files, byte for byte.
func TestPagedListingsReproducible(t *testing.T) {
	src := t.TempDir()
	synth.Write(t, src, 40, 5)
	if err := os.WriteFile(filepath.Join(src, site.ConfigFile), []byte("title: Paged\nbaseURL: /p/\nlistSize: 7\nfeedSize: 3\n"), 0o644); err != nil {
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
	if _, ok := trees[0]["page/6/index.html"]; !ok {
		t.Fatalf("no page/6/index.html: the home listing of 40 pages by 7 is not paged")
	}
	compareTrees(t, "GOMAXPROCS=1 and 2", trees[0], trees[1])
}

// TestStreamedStartPagedListings: the preview's streamed start-up on a
// site whose listings run to several pages (listSize 3), then saves that
// move a page within them (a title, a date that reorders, a tag, a new
// page): after each, the files the preview holds are exactly a fresh
// render's, page/2/ and the tag pages' second pages included.
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
		name  string
		write map[string]string
	}{
		{"start", nil},
		{"a title", map[string]string{"content/p02.md": page("Page two, renamed", "2025-01-02", "even, all")}},
		{"a date that reorders", map[string]string{"content/p02.md": page("Page two, renamed", "2025-01-09", "even, all")}},
		{"a tag", map[string]string{"content/p03.md": page("Page 03", "2025-01-03", "odd, all, new")}},
		{"a new page", map[string]string{"content/p00.md": page("Page 00", "2024-12-31", "even, all")}},
	}
	for _, st := range steps {
		var changed []string
		for f := range st.write {
			changed = append(changed, f)
		}
		if st.write != nil {
			writeSite(t, src, st.write)
			if _, err := pv.Update(changed, h.take); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		want, err := previewFresh(src, opts)
		if err != nil {
			t.Fatalf("%s, fresh render: %v", st.name, err)
		}
		assertHeldIsFresh(t, st.name, h, want)
		for _, f := range []string{"page/2/index.html", "page/3/index.html", "tags/all/page/2/index.html"} {
			if _, ok := h.files[f]; !ok {
				t.Errorf("%s: the preview holds no %s", st.name, f)
			}
		}
	}
}
