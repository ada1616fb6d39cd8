package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// bodySite is a home page and two pages, one with a chart reading a data
// file, which the body tests load.
var bodySite = map[string]string{
	"scalesite.yaml":   "title: T\n",
	"content/index.md": "Home.\n",
	"content/a.md":     "---\ntitle: A\ndate: 2025-01-02\n---\n# Top\n\nText of A.\n\n```chart\ntitle: Loss\ndata: data/d.csv\nx: n\ny: v\n```\n",
	"content/b.md":     "---\ntitle: B\ndate: 2025-01-01\n---\nText of B.\n",
	"data/d.csv":       "n,v\n1,2\n2,3\n",
}

// TestPageSummarizesBody: a loaded page says of its charts what listings
// read (id, title, points, data files, fits), one to one with its body's
// charts, and its Inputs come from the page alone.
func TestPageSummarizesBody(t *testing.T) {
	s := load(t, bodySite, Options{})
	b := body(t, s, "content/a.md")
	p := b.Page
	if len(p.Charts) != 1 || len(b.Charts) != 1 {
		t.Fatalf("%d chart summaries, %d charts; want 1 and 1", len(p.Charts), len(b.Charts))
	}
	want := ChartSummary{ID: b.Charts[0].ID, Title: "Loss", Points: 2, DataFiles: []string{"data/d.csv"}}
	if got := p.Charts[0]; got.ID != want.ID || got.Title != want.Title || got.Points != want.Points || got.Fits || !slices.Equal(got.DataFiles, want.DataFiles) {
		t.Errorf("summary %+v, want %+v", got, want)
	}
	if got := p.Inputs(); !slices.Equal(got, []string{"data/d.csv"}) {
		t.Errorf("Inputs = %q, want the data file", got)
	}
	if len(p.Headings) != 1 || p.Headings[0].Text != "Top" {
		t.Errorf("headings %+v, want Top", p.Headings)
	}
}

// TestDropBodiesLoadsAgain: once a site drops its bodies (the preview's,
// once rendered), it holds the home page's only; LoadBody loads a page's
// body again as its file is, without changing the page, and the site that
// shares the pages (the one Reload made it from) keeps its own bodies.
func TestDropBodiesLoadsAgain(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, bodySite)
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Reload([]string{"content/b.md"})
	if err != nil {
		t.Fatal(err)
	}
	a := page(t, n, "content/a.md")
	before := *a
	held := s.Body(a)
	if dropped := n.DropBodies(); dropped != 2 {
		t.Errorf("DropBodies let go of %d bodies, want 2 (all but the home page's)", dropped)
	}
	if n.Body(a) != nil || n.Body(n.Home) == nil {
		t.Errorf("after DropBodies: body of a held %v, of the home page held %v; want false, true", n.Body(a) != nil, n.Body(n.Home) != nil)
	}
	if s.Body(a) != held || held == nil {
		t.Error("the site Reload was made from lost its bodies")
	}
	b, err := n.LoadBody(a)
	if err != nil {
		t.Fatal(err)
	}
	if b.Page == a || b.Page.Key != a.Key || !bytes.Equal(b.Markdown, held.Markdown) || len(b.Charts) != 1 || len(b.Charts[0].Panels) != 1 {
		t.Errorf("the body loaded again differs: key %x vs %x, %d charts", b.Page.Key, a.Key, len(b.Charts))
	}
	if a.Title != before.Title || fmt.Sprint(a.Charts) != fmt.Sprint(before.Charts) || a.Key != before.Key {
		t.Error("LoadBody changed the page")
	}
}

// TestLoadPageLeavesScannedPage: LoadPage returns a new page with its body;
// the page Scan made keeps its form (front matter only).
func TestLoadPageLeavesScannedPage(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, bodySite)
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	scanned := s.Pages[0]
	if scanned.Path != "content/a.md" || len(scanned.Charts) != 0 {
		t.Fatalf("scanned %s with %d charts, want content/a.md with none yet", scanned.Path, len(scanned.Charts))
	}
	p, b, warnings, err := s.LoadPage(scanned)
	if err != nil || len(warnings) != 0 {
		t.Fatal(err, warnings)
	}
	if p == scanned || b.Page != p || len(p.Charts) != 1 || p.SourceSum != scanned.SourceSum {
		t.Errorf("LoadPage: page %p (scanned %p), body's page %p, %d charts", p, scanned, b.Page, len(p.Charts))
	}
	if len(scanned.Charts) != 0 || len(scanned.Headings) != 0 {
		t.Error("LoadPage changed the page Scan made")
	}
	// A page the last build summarized is the scanned page with that
	// summary: a new page too.
	if got := Summarized(scanned, p.Summary()); got == scanned || len(got.Charts) != 1 || got.Charts[0].Title != "Loss" || len(scanned.Charts) != 0 {
		t.Errorf("Summarized: %+v", got)
	}
	if err := os.WriteFile(filepath.Join(root, "content/a.md"), []byte("---\ntitle: A\n---\nNo chart now.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, b, _, err := s.LoadPage(scanned); err != nil || len(b.Charts) != 0 {
		t.Errorf("LoadPage after an edit: %v, %d charts, want the file as it is", err, len(b.Charts))
	}
}
