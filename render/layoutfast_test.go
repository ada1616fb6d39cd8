package render

import (
	"html/template"
	"io/fs"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/themes"
)

// benchSite is the site data of a typical build: a base path, a host, tags
// and a search page.
func benchSite() *SiteData {
	return &SiteData{
		Title: "Scaling notes", Description: "Charts of scaling research.", BaseURL: "https://example.org/notes/",
		BasePath: "/notes/", Language: "en", FeedURL: "/notes/" + FeedFile, HasTags: true,
		SearchURL: "/notes/search/", ContentSecurityPolicy: ContentSecurityPolicy, MathCSS: mathStylesheet("/notes/"),
	}
}

// benchPage is a typical page: two charts, tags, a table of contents and
// neighbours, with some 8 kB of body.
func benchPage(s *SiteData) *PageData {
	date := time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC)
	return &PageData{
		Site: s, Kind: "page", Title: "Accuracy & compute", Description: "How accuracy grows with training FLOPs.",
		Date: date, Tags: []string{"bench", "scaling laws"}, URL: "/notes/accuracy/", Canonical: "https://example.org/notes/accuracy/",
		Content: template.HTML(strings.Repeat("<p>Some prose about scaling, with <em>emphasis</em> and a <a href=\"/x/\">link</a>.</p>\n", 100)),
		Charts:  2, Code: true,
		TOC:  []TOCEntry{{ID: "setup", Text: "Setup"}, {ID: "results", Text: "Results", Sub: []TOCEntry{{ID: "fits", Text: "Fits"}}}},
		Prev: &PageLink{Title: "Older page", URL: "/notes/older/"},
		Next: &PageLink{Title: "Newer page", URL: "/notes/newer/"},
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
	d := &PageData{Site: s, Kind: "home", Title: s.Title, Description: s.Description, URL: "/notes/", Canonical: "https://example.org/notes/"}
	for i := range 50 {
		d.Pages = append(d.Pages, PageLink{Title: "Page " + string(rune('A'+i%26)), URL: "/notes/p/", Description: "A page.",
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
// fails, the built-in layouts changed: make the writers in
// layoutfast_write.go write what they now say, then set fastFingerprints
// to the new prints.
func TestFastLayoutsInUse(t *testing.T) {
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range pageKinds {
		f := th.fast[kind]
		if f == nil {
			t.Errorf("%s: layouts/base.html is not written in Go: its fingerprint is %s, fastFingerprints has %s",
				kind, templateFingerprint(th.kinds[kind], "base"), fastFingerprints["base"])
			continue
		}
		if _, ok := fastFingerprints[kind]; ok && f.main == nil {
			t.Errorf("layouts/%s.html is not written in Go: the fingerprint of its \"main\" is %s and of \"page-list\" %s, fastFingerprints has %s and %s",
				kind, templateFingerprint(th.kinds[kind], "main"), templateFingerprint(th.kinds[kind], "page-list"), fastFingerprints[kind], fastFingerprints["page-list"])
		}
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
}

// slowTheme loads a theme whose layouts are all executed as templates.
func slowTheme(t testing.TB, siteFS fs.FS, dir, basePath string) *theme {
	th, err := loadTheme(themes.Default(), siteFS, dir, basePath)
	if err != nil {
		t.Fatal(err)
	}
	th.fast = nil
	return th
}

// nasty are values that html/template escapes in each of its ways.
var nasty = []string{
	"", "plain", `a&b<c>"d'e+f`, "nul\x00byte", "ünïcödé → · “q”", "bad\xff\xfeutf8", "\uFDD0\uFFFE",
	"javascript:alert(1)", "JavaScript:x", "mailto:a@b.c", "HTTPS://ex.org/a b?c=d&e=f+g#h", "/p a t h/%20%zz%4", "%", "/%4g%A0%a",
	"http://x/\"'<>`", "data:text/html,x", "/a:b", "a/b:c", "\t\n\r ", "?q=1+2&r=3", "#frag ment", "tags/c++/", "!$*,;=@[]()",
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// randomPage is a page of kind with each field picked from nasty values.
func randomPage(r *rand.Rand, kind string) *PageData {
	str := func() string { return pick(r, nasty) }
	strs := func() []string {
		var out []string
		for range r.IntN(4) {
			out = append(out, str())
		}
		if out == nil && r.IntN(2) == 0 {
			out = []string{}
		}
		return out
	}
	date := func() time.Time {
		return pick(r, []time.Time{{}, time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC), time.Date(-5, 12, 1, 0, 0, 0, 0, time.FixedZone("x", 3600)), time.Date(12345, 1, 2, 3, 4, 5, 6, time.UTC)})
	}
	link := func() PageLink {
		return PageLink{Title: str(), URL: str(), Description: str(), Date: date(), Tags: strs(), Charts: pick(r, []int{0, 1, 2, 17, -1}), ChartTitles: strs()}
	}
	s := &SiteData{
		Title: str(), Description: str(), BaseURL: str(), BasePath: str(), Language: str(), FeedURL: str(),
		HasTags: r.IntN(2) == 0, SearchURL: str(), ContentSecurityPolicy: pick(r, []string{"", ContentSecurityPolicy, str()}), MathCSS: str(),
	}
	d := &PageData{
		Site: s, Kind: kind, Title: str(), Description: str(), Date: date(), Tags: strs(), URL: str(), Canonical: str(),
		Content: template.HTML(pick(r, []string{"", "<p>a & b</p>", str()})), Charts: pick(r, []int{0, 1, 2, -3}),
		Code: r.IntN(2) == 0, Math: r.IntN(2) == 0, SearchIndex: str(),
	}
	for range r.IntN(4) {
		e := TOCEntry{ID: str(), Text: str()}
		for range r.IntN(3) {
			e.Sub = append(e.Sub, TOCEntry{ID: str(), Text: str()})
		}
		d.TOC = append(d.TOC, e)
	}
	for range r.IntN(4) {
		d.Pages = append(d.Pages, link())
		d.TagList = append(d.TagList, TagLink{Name: str(), URL: str(), Pages: r.IntN(3)})
	}
	if r.IntN(2) == 0 {
		l := link()
		d.Prev = &l
	}
	if r.IntN(2) == 0 {
		l := link()
		d.Next = &l
	}
	return d
}

// TestFastLayoutsSameBytes: the layouts written in Go write what the
// templates write, for the built-in theme and for a site theme with layouts
// of its own, whatever the data.
func TestFastLayoutsSameBytes(t *testing.T) {
	custom := writeSite(t, map[string]string{
		"layouts/page.html": `{{define "main"}}<p class="mine" title="{{.Title}}">{{.Title}}</p>{{.Content}}{{end}}`,
		"layouts/list.html": `{{define "page-list"}}<ul>{{range .}}<li><a href="{{.URL}}">{{.Title}}</a></li>{{end}}</ul>{{end}}`,
	})
	r := rand.New(rand.NewPCG(1, 2))
	for _, theme := range []struct {
		fs  fs.FS
		dir string
	}{{nil, ""}, {os.DirFS(custom), custom}} {
		for _, basePath := range []string{"/", "/re&po/", "/a b+c/", "javascript:/"} {
			fast, err := loadTheme(themes.Default(), theme.fs, theme.dir, basePath)
			if err != nil {
				t.Fatal(err)
			}
			slow := slowTheme(t, theme.fs, theme.dir, basePath)
			if basePath == "/" && theme.fs == nil {
				d := benchPage(benchSite())
				compareLayouts(t, fast, slow, "page", d)
			}
			for _, kind := range pageKinds {
				for range 300 {
					compareLayouts(t, fast, slow, kind, randomPage(r, kind))
				}
				if t.Failed() {
					return
				}
			}
		}
	}
}

func compareLayouts(t *testing.T, fast, slow *theme, kind string, d *PageData) {
	t.Helper()
	want, werr := slow.execute(kind, d)
	got, gerr := fast.execute(kind, d)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%s: template error %v, Go error %v", kind, werr, gerr)
	}
	if string(got) == string(want) {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-200)
	t.Errorf("%s (%+v, site %+v): the Go writer differs from the template at byte %d:\ntemplate: %q\nGo:       %q",
		kind, *d, *d.Site, i, want[from:min(len(want), i+100)], got[from:min(len(got), i+100)])
}
