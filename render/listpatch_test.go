package render

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// heldRender is what the live preview holds of a lean Renderer's renders
// (Render), as the server keeps them: each file's bytes, the last ones
// made.
type heldRender struct {
	t     *testing.T
	dir   string
	s     *site.Site
	rr    *Renderer
	files map[string][]byte
}

// newHeldRender renders the site in dir once, as the preview's first
// update.
func newHeldRender(t *testing.T, dir string) *heldRender {
	s, rr := loadRenderer(t, dir, false)
	h := &heldRender{t: t, dir: dir, s: s, rr: rr, files: map[string][]byte{}}
	h.render()
	return h
}

// save writes body into the site's file name (removes it for ""), reloads
// the site, renders it, and returns the HTML files made again, sorted,
// those whose bytes changed, sorted, and whether the render patched the
// last.
func (h *heldRender) save(name, body string) (made, changed []string, patched bool) {
	t := h.t
	t.Helper()
	if body == "" {
		if err := os.Remove(filepath.Join(h.dir, name)); err != nil {
			t.Fatal(err)
		}
	} else {
		writeSiteFile(t, h.dir, name, body)
	}
	s, err := h.s.Reload([]string{name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	h.s = s
	return h.render()
}

func (h *heldRender) render() (made, changed []string, patched bool) {
	t := h.t
	t.Helper()
	out, err := h.rr.Render(h.s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range out.Files {
		if f.Data == nil {
			continue
		}
		if strings.HasSuffix(f.Path, ".html") {
			made = append(made, f.Path)
			if old, ok := h.files[f.Path]; !ok || !bytes.Equal(old, f.Data) {
				changed = append(changed, f.Path)
			}
		}
		h.files[f.Path] = slices.Clone(f.Data)
	}
	_, removed, patched := h.rr.Patched()
	for _, p := range removed {
		delete(h.files, p)
	}
	h.s.DropBodies()
	slices.Sort(made)
	slices.Sort(changed)
	return made, changed, patched
}

// assertFresh checks that h holds the files a fresh render of its site
// makes, byte for byte, and no others.
func (h *heldRender) assertFresh(step string) {
	t := h.t
	t.Helper()
	fresh, err := site.Load(h.dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frr, err := NewRenderer(fresh)
	if err != nil {
		t.Fatal(err)
	}
	want, err := frr.Render(fresh)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range want.Files {
		if f.Src != "" {
			continue
		}
		n++
		if b, ok := h.files[f.Path]; !ok || !bytes.Equal(b, f.Data) {
			t.Errorf("%s: %s differs from a fresh render's", step, f.Path)
		}
	}
	if len(h.files) != n {
		t.Errorf("%s: %d files held, a fresh render makes %d", step, len(h.files), n)
	}
}

// TestMovedPagePatches: a save that moves a page in the order (its date)
// patches the last render, whichever way and however far the page moves,
// with its tags or its title changed too: it makes again exactly the
// pages whose bytes change (the page, its neighbours old and new, the
// listing pages the entries between its old place and its new shift
// across), and the result is what a fresh render makes.
func TestMovedPagePatches(t *testing.T) {
	h := newHeldRender(t, writeSite(t, pagedSite(20)))
	page := func(i int, date, tags string) string {
		return fmt.Sprintf("---\ntitle: Page %02d\ndate: %s\ntags: %s\n---\nBody.\n", i, date, tags)
	}
	tests := []struct {
		name, file, body string
	}{
		{"to the oldest, from a full page", "content/page-10.md", page(10, "2023-01-01", "[all]")},
		{"back", "content/page-10.md", page(10, "2025-03-01", "[all]")},
		{"to the newest, within the first page", "content/page-04.md", page(4, "2026-01-01", "[all]")},
		{"from the oldest full page to the middle", "content/page-15.md", page(15, "2025-06-15", "[all, odd]")},
		{"past its newer neighbour", "content/page-06.md", page(6, "2025-08-02", "[all]")},
		{"past its older neighbour", "content/page-06.md", page(6, "2025-07-01", "[all]")},
		{"to the oldest, a tag dropped and the title changed", "content/page-07.md",
			"---\ntitle: Seven\ndate: 2023-06-01\ntags: [all]\n---\nBody.\n"},
		{"to the newest, a tag taken", "content/page-08.md", page(8, "2026-02-01", "[all, odd]")},
		{"to the newest, its tag written anew", "content/page-09.md", page(9, "2026-03-01", "[all, Odd]")},
		{"the oldest to the newest", "content/page-07.md", "---\ntitle: Seven\ndate: 2026-04-01\ntags: [all]\n---\nBody.\n"},
		{"the newest to the oldest", "content/page-07.md", "---\ntitle: Seven\ndate: 2020-04-01\ntags: [all]\n---\nBody.\n"},
		{"a tag's only page moved", "content/page-12.md", page(12, "2025-12-15", "[all, lone]")},
		{"and back", "content/page-12.md", page(12, "2025-01-01", "[all, lone]")},
	}
	for _, tt := range tests {
		made, changed, patched := h.save(tt.file, tt.body)
		if !patched {
			t.Errorf("%s: went through every file, want a patch", tt.name)
		}
		if !slices.Equal(made, changed) {
			t.Errorf("%s: made %q;\nwant the pages that changed, %q", tt.name, made, changed)
		}
		h.assertFresh(tt.name)
	}
}
