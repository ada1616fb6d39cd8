package serve

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
	"github.com/scalesite/scalesite/internal/synth"
)

// BenchmarkRebuildOnePage is the live preview's work after one save on a
// 1,000-page synthetic site: reload the page, render what it affects, and
// swap the served files.
func BenchmarkRebuildOnePage(b *testing.B) { benchRebuildOnePage(b, 1000) }

// BenchmarkRebuildOnePage10k is BenchmarkRebuildOnePage on a site of
// 10,000 pages: the work of a save should not grow with the site.
func BenchmarkRebuildOnePage10k(b *testing.B) { benchRebuildOnePage(b, 10000) }

func benchRebuildOnePage(b *testing.B, pages int) {
	dir := b.TempDir()
	synth.Write(b, dir, pages, 40)
	s, err := New(Options{Source: dir})
	if err != nil {
		b.Fatal(err)
	}
	page := filepath.Join(dir, "content", "page-00010.md")
	orig, _ := os.ReadFile(page)
	runtime.GC() // the start-up's garbage is not the saves'
	b.ResetTimer()
	stop := benchcpu.Start(b)
	for i := range b.N {
		os.WriteFile(page, append(orig, fmt.Sprintf("\nedit %d\n", i)...), 0o644)
		s.Rebuild([]string{"content/page-00010.md"})
	}
	b.StopTimer()
	stop()
	if e := s.currentError(); e != "" {
		b.Fatal(e)
	}
}

// BenchmarkSaveToEvent is the server's part of save-to-screen on the
// 1,000-page synthetic site: from a save of one page (os.WriteFile, which
// truncates, then writes) until the browsers are sent the change event.
func BenchmarkSaveToEvent(b *testing.B) {
	dir := b.TempDir()
	synth.Write(b, dir, 1000, 40)
	s, err := New(Options{Source: dir})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Watch(ctx)
	<-s.Watching()
	events := s.hub.subscribe(16)
	page := filepath.Join(dir, "content", "page-00010.md")
	orig, _ := os.ReadFile(page)
	b.ResetTimer()
	for i := range b.N {
		if err := os.WriteFile(page, append(orig, fmt.Sprintf("\nedit %d\n", i)...), 0o644); err != nil {
			b.Fatal(err)
		}
		for e := range events {
			if bytes.Contains(e, []byte(`"type":"change"`)) {
				break
			}
			b.Fatalf("event %s, want a change", e)
		}
	}
}

// benchSaves times save, run b.N times, on a server of the 10,000-page
// synthetic site; save writes into the site's folder (dir) and rebuilds.
func benchSaves(b *testing.B, save func(s *Server, dir string, i int)) {
	dir := b.TempDir()
	synth.Write(b, dir, 10000, 40)
	s, err := New(Options{Source: dir})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC() // the start-up's garbage is not the saves'
	b.ResetTimer()
	stop := benchcpu.Start(b)
	for i := range b.N {
		save(s, dir, i)
	}
	b.StopTimer()
	stop()
	if e := s.currentError(); e != "" {
		b.Fatal(e)
	}
}

// BenchmarkRetitle10k is a save that changes a listing on the 10,000-page
// synthetic site: one page's title, which its tags' pages, the home page,
// the feed and the search index show.
func BenchmarkRetitle10k(b *testing.B) {
	var orig []byte
	benchSaves(b, func(s *Server, dir string, i int) {
		page := filepath.Join(dir, "content", "page-05000.md")
		if orig == nil {
			orig, _ = os.ReadFile(page)
		}
		os.WriteFile(page, bytes.Replace(orig, []byte("title: Synthetic scaling study 5000"), fmt.Appendf(nil, "title: Retitled %d", i), 1), 0o644)
		s.Rebuild([]string{"content/page-05000.md"})
	})
}

// BenchmarkNewTag10k is a save that adds a tag no other page has to the
// newest page of the 10,000-page synthetic site: a new tag's listing page,
// the tags index, and the page's own listings.
func BenchmarkNewTag10k(b *testing.B) {
	var orig []byte
	benchSaves(b, func(s *Server, dir string, i int) {
		page := filepath.Join(dir, "content", "page-00027.md")
		if orig == nil {
			orig, _ = os.ReadFile(page)
		}
		os.WriteFile(page, bytes.Replace(orig, []byte("tags: [bench, scaling]"), fmt.Appendf(nil, "tags: [bench, scaling, new%d]", i), 1), 0o644)
		s.Rebuild([]string{"content/page-00027.md"})
	})
}

// BenchmarkNewPage10k is a save of a new page, the newest, on the
// 10,000-page synthetic site (its removal, between two, is not timed).
func BenchmarkNewPage10k(b *testing.B) {
	benchSaves(b, func(s *Server, dir string, i int) {
		page := filepath.Join(dir, "content", "zz-new.md")
		os.WriteFile(page, fmt.Appendf(nil, "---\ntitle: New %d\ndate: 2026-01-01\ntags: [bench, scaling]\n---\nNew.\n", i), 0o644)
		s.Rebuild([]string{"content/zz-new.md"})
		b.StopTimer()
		os.Remove(page)
		s.Rebuild([]string{"content/zz-new.md"})
		b.StartTimer()
	})
}

// BenchmarkRedate10k is a save that moves one page in the order of the
// 10,000-page synthetic site (its date, to the oldest and back): a patch
// of the page, its neighbours old and new, and the hundred pages of each
// listing that the entries between its places shift across.
func BenchmarkRedate10k(b *testing.B) {
	var orig []byte
	benchSaves(b, func(s *Server, dir string, i int) {
		page := filepath.Join(dir, "content", "page-05000.md")
		if orig == nil {
			orig, _ = os.ReadFile(page)
		}
		date := []byte("date: 2025-01-17") // page 5000's own, 1 + 5000 % 28
		if i%2 == 0 {
			os.WriteFile(page, bytes.Replace(orig, date, []byte("date: 2024-12-31"), 1), 0o644)
		} else {
			os.WriteFile(page, orig, 0o644)
		}
		s.Rebuild([]string{"content/page-05000.md"})
	})
}

// BenchmarkRedateToScreen10k is the save of BenchmarkRedate10k as a
// browser sees it: from the save until the browsers are told of the moved
// page and the moved page and the home page, which a browser reloads on
// it, are served (gzip accepted). What the save does after (compressing
// the files it made, compressLater) is not timed: BenchmarkRedate10k
// counts it.
func BenchmarkRedateToScreen10k(b *testing.B) { benchRedateToScreen(b, []string{"/page-05000/", "/"}) }

// BenchmarkRedatePageToScreen10k is BenchmarkRedateToScreen10k until the
// moved page alone is served: the page being edited, on screen.
func BenchmarkRedatePageToScreen10k(b *testing.B) { benchRedateToScreen(b, []string{"/page-05000/"}) }

// benchRedateToScreen times the save of BenchmarkRedate10k until the
// change event that reloads the moved page and the GETs of paths.
func benchRedateToScreen(b *testing.B, paths []string) {
	dir := b.TempDir()
	synth.Write(b, dir, 10000, 40)
	s, err := New(Options{Source: dir})
	if err != nil {
		b.Fatal(err)
	}
	events := s.hub.subscribe(16)
	page := filepath.Join(dir, "content", "page-05000.md")
	orig, _ := os.ReadFile(page)
	date := []byte("date: 2025-01-17") // page 5000's own, 1 + 5000 % 28
	get := func(path string) {
		r := httptest.NewRequest(http.MethodGet, "http://localhost"+path, nil)
		r.Header.Set("Accept-Encoding", "gzip")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusOK || w.Body.Len() == 0 {
			b.Fatalf("GET %s: %d, %d bytes", path, w.Code, w.Body.Len())
		}
	}
	runtime.GC() // the start-up's garbage is not the saves'
	b.ResetTimer()
	for i := range b.N {
		data := orig
		if i%2 == 0 {
			data = bytes.Replace(orig, date, []byte("date: 2024-12-31"), 1)
		}
		os.WriteFile(page, data, 0o644)
		done := make(chan struct{})
		go func() {
			s.Rebuild([]string{"content/page-05000.md"})
			close(done)
		}()
		if e := <-events; !bytes.Contains(e, []byte(`"type":"change"`)) || !bytes.Contains(e, []byte(`"/page-05000/"`)) {
			b.Fatalf("event %s, want a change reloading /page-05000/", e)
		}
		for _, p := range paths {
			get(p)
		}
		b.StopTimer()
		<-done
		b.StartTimer()
	}
	b.StopTimer()
	if e := s.currentError(); e != "" {
		b.Fatal(e)
	}
}
