package render

import (
	"html/template"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/render/fastlayout"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/themes"
)

// benchSite is the site data of a typical build: a base path, a host, tags
// and a search page.
func benchSite() *layout.Site {
	return &layout.Site{
		Title: "Scaling notes", Description: "Charts of scaling research.", BaseURL: "https://example.org/notes/",
		BasePath: "/notes/", Language: "en", FeedURL: "/notes/" + FeedFile, HasTags: true,
		SearchURL: "/notes/search/", ContentSecurityPolicy: ContentSecurityPolicy, MathCSS: mathStylesheet("/notes/"),
	}
}

// benchPage is a typical page: two charts, tags, a table of contents and
// neighbours, with some 8 kB of body.
func benchPage(s *layout.Site) *layout.Page {
	date := time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC)
	return &layout.Page{
		Site: s, Kind: "page", Title: "Accuracy & compute", Description: "How accuracy grows with training FLOPs.",
		Date: date, Tags: []string{"bench", "scaling laws"}, URL: "/notes/accuracy/", Canonical: "https://example.org/notes/accuracy/",
		Content: template.HTML(strings.Repeat("<p>Some prose about scaling, with <em>emphasis</em> and a <a href=\"/x/\">link</a>.</p>\n", 100)),
		Charts:  2, Code: true,
		TOC:  []layout.TOCEntry{{ID: "setup", Text: "Setup"}, {ID: "results", Text: "Results", Sub: []layout.TOCEntry{{ID: "fits", Text: "Fits"}}}},
		Prev: &layout.PageLink{Title: "Older page", URL: "/notes/older/"},
		Next: &layout.PageLink{Title: "Newer page", URL: "/notes/newer/"},
	}
}

// BenchmarkPageLayout executes the built-in "page" layout for a typical page.
func BenchmarkPageLayout(b *testing.B) {
	th, err := loadTheme(themes.Default(), nil, "", "/notes/")
	if err != nil {
		b.Fatal(err)
	}
	d := benchPage(benchSite())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := th.execute("page", d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHomeLayout executes the built-in "home" layout listing 50 pages.
func BenchmarkHomeLayout(b *testing.B) {
	th, err := loadTheme(themes.Default(), nil, "", "/notes/")
	if err != nil {
		b.Fatal(err)
	}
	s := benchSite()
	d := &layout.Page{Site: s, Kind: "home", Title: s.Title, Description: s.Description, URL: "/notes/", Canonical: "https://example.org/notes/"}
	for i := range 50 {
		d.Pages = append(d.Pages, layout.PageLink{Title: "Page " + string(rune('A'+i%26)), URL: "/notes/p/", Description: "A page.",
			Date: time.Date(2025, 1, 1+i%28, 0, 0, 0, 0, time.UTC), Tags: []string{"bench", "scaling"}, Charts: 2,
			ChartTitles: []string{"Accuracy vs compute", "Score vs parameters"}})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := th.execute("home", d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFastLayoutsInUse: the built-in layouts are written in Go. When this
// fails, the built-in layouts changed: run go generate ./render/fastlayout.
func TestFastLayoutsInUse(t *testing.T) {
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range layout.Kinds() {
		f := th.fast[kind]
		if f == nil {
			t.Errorf("%s: layouts/base.html is not written in Go: its fingerprint is %s, fastlayout.Mirrors has %s",
				kind, fastlayout.Fingerprint(th.kinds[kind], "base"), fastlayout.Mirrors("base"))
			continue
		}
		if fastlayout.Mirrors(kind) != "" && f.main == nil {
			t.Errorf("layouts/%s.html is not written in Go: the fingerprint of its \"main\" is %s and of \"page-list\" %s, fastlayout.Mirrors has %s and %s",
				kind, fastlayout.Fingerprint(th.kinds[kind], "main"), fastlayout.Fingerprint(th.kinds[kind], "page-list"), fastlayout.Mirrors(kind), fastlayout.Mirrors("page-list"))
		}
	}
	if !th.figures {
		t.Errorf("layouts/chart.html's \"chart\" is not written in Go: its fingerprint is %s, fastlayout.Mirrors has %s",
			fastlayout.Fingerprint(th.kinds["page"], "chart"), fastlayout.Mirrors("chart"))
	}
}

// TestFastLayoutsOverride: a site theme's own layouts are executed as
// templates, the built-in ones it keeps still written in Go.
func TestFastLayoutsOverride(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"layouts/page.html": `{{define "main"}}<p class="mine">{{.Title}}</p>{{end}}`,
		"layouts/zz.html":   `{{define "page-list"}}<p>{{len .}} pages</p>{{end}}`,
	})
	th, err := loadTheme(themes.Default(), os.DirFS(dir), dir, "/")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"page", "home", "tag"} {
		if f := th.fast[kind]; f == nil || f.main != nil {
			t.Errorf("%s: want base.html in Go and the site's main as a template, got %+v", kind, f)
		}
	}
	if th.fast["404"] == nil {
		t.Errorf("404: want base.html in Go")
	}
	dir = writeSite(t, map[string]string{"layouts/base.html": `{{define "base"}}<html>{{template "main" .}}</html>{{end}}`})
	if th, err = loadTheme(themes.Default(), os.DirFS(dir), dir, "/"); err != nil {
		t.Fatal(err)
	}
	if len(th.fast) != 0 {
		t.Errorf("with the site's own base.html, want every kind executed as templates, got %v", th.fast)
	}
	if !th.figures {
		t.Errorf("with the site's own base.html, want the built-in \"chart\" still written in Go")
	}
	dir = writeSite(t, map[string]string{"layouts/chart.html": `{{define "chart"}}<div class="mine">{{.Figure}}</div>{{end}}`})
	if th, err = loadTheme(themes.Default(), os.DirFS(dir), dir, "/"); err != nil {
		t.Fatal(err)
	}
	if th.figures {
		t.Errorf("with the site's own \"chart\", want it executed as a template")
	}
}
