package fastlayout

import (
	"bytes"
	"html/template"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/themes"
)

// csp is a content security policy of the sort a page carries: quotes,
// semicolons and colons in an attribute.
const csp = "default-src 'none'; script-src 'self'; img-src 'self' data:"

// builtin parses the built-in theme's layouts, with the files of over in
// place of its own, as render does for a site at basePath, and returns
// them with the Writer of that site. The assets are at assets/<name>.
func builtin(t *testing.T, basePath string, over map[string]string) (map[string]*template.Template, *Writer) {
	t.Helper()
	files := map[string][]byte{}
	err := fs.WalkDir(themes.Default(), "layouts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files[p], err = fs.ReadFile(themes.Default(), p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, src := range over {
		files[p] = []byte(src)
	}
	asset := func(name string) (string, bool) {
		if name == themes.ChartBundle { // render makes it of the theme's scripts
			return "assets/" + name, true
		}
		_, err := fs.Stat(themes.Default(), "assets/"+name)
		return "assets/" + name, err == nil
	}
	kinds, err := layout.Parse(files, layout.Funcs(basePath, asset), func(p string, err error) error { return err })
	if err != nil {
		t.Fatal(err)
	}
	w := New(basePath, asset)
	if w == nil {
		t.Fatal("New: the built-in theme misses an asset base.html names")
	}
	return kinds, w
}

// nasty are values that html/template escapes in each of its ways.
var nasty = []string{
	"", "plain", `a&b<c>"d'e+f`, "nul\x00byte", "ünïcödé → · “q”", "bad\xff\xfeutf8", "\uFDD0\uFFFE",
	"javascript:alert(1)", "JavaScript:x", "mailto:a@b.c", "HTTPS://ex.org/a b?c=d&e=f+g#h", "/p a t h/%20%zz%4", "%", "/%4g%A0%a",
	"http://x/\"'<>`", "data:text/html,x", "/a:b", "a/b:c", "\t\n\r ", "?q=1+2&r=3", "#frag ment", "tags/c++/", "!$*,;=@[]()",
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// randomPage is a page of kind with each field picked from nasty values.
func randomPage(r *rand.Rand, kind string) *layout.Page {
	str := func() string { return pick(r, nasty) }
	// markup is a title's or heading's typeset TeX, or none.
	markup := func() template.HTML {
		return template.HTML(pick(r, []string{"", "", `a <span class="math inline"><span class="katex">x</span></span> & b`}))
	}
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
	link := func() layout.PageLink {
		return layout.PageLink{Title: str(), TitleHTML: markup(), URL: str(), Description: str(), Date: date(), Tags: strs(), MoreTags: pick(r, []int{0, 0, 1, 45, -1}), Charts: pick(r, []int{0, 1, 2, 17, -1}), ChartTitles: strs()}
	}
	s := &layout.Site{
		Title: str(), Description: str(), BaseURL: str(), BasePath: str(), Language: str(), FeedURL: str(),
		HasTags: r.IntN(2) == 0, SearchURL: str(), ContentSecurityPolicy: pick(r, []string{"", csp, str()}), MathCSS: str(),
	}
	d := &layout.Page{
		Site: s, Kind: kind, Title: str(), TitleHTML: markup(), Description: str(), Date: date(), Tags: strs(), URL: str(), Canonical: str(),
		Content: template.HTML(pick(r, []string{"", "<p>a & b</p>", str()})), Charts: pick(r, []int{0, 1, 2, -3}),
		Code: r.IntN(2) == 0, Math: r.IntN(2) == 0, MathFonts: strs(), SearchIndex: str(),
		ChartScripts: pick(r, [][]string{nil, {}, {themes.SmoothScript}, {"site.js", themes.SmoothScript}, {"no-such-script.js"}}),
	}
	for range r.IntN(4) {
		e := layout.TOCEntry{ID: str(), Text: str(), HTML: markup()}
		for range r.IntN(3) {
			e.Sub = append(e.Sub, layout.TOCEntry{ID: str(), Text: str(), HTML: markup()})
		}
		d.TOC = append(d.TOC, e)
	}
	for range r.IntN(4) {
		d.Pages = append(d.Pages, link())
		d.TagList = append(d.TagList, layout.TagLink{Name: str(), URL: str(), Pages: r.IntN(3)})
	}
	// render gives every home and tag page a Pager (tag.html reads its
	// Total), and no other kind one.
	if kind == "home" || kind == "tag" || r.IntN(4) == 0 {
		d.Pager = &layout.Pager{Number: pick(r, []int{0, 1, 2, 17}), Count: pick(r, []int{0, 1, 2, 300}), Total: pick(r, []int{0, 1, 2, 12345}),
			From: pick(r, []int{0, 1, 51}), To: pick(r, []int{0, 50, 12345}),
			Newer: pick(r, []string{"", str()}), Older: pick(r, []string{"", str()})}
	}
	if r.IntN(2) == 0 {
		d.Card = &layout.Card{URL: str(), Width: pick(r, []int{1200, 0, -7}), Height: pick(r, []int{630, 0}), Alt: str()}
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
// templates write, whatever the data: the built-in ones, and base.html
// around a site theme's own "main" and "page-list", executed as templates.
func TestFastLayoutsSameBytes(t *testing.T) {
	custom := map[string]string{
		"layouts/page.html": `{{define "main"}}<p class="mine" title="{{.Title}}">{{.Title}}</p>{{.Content}}{{end}}`,
		"layouts/list.html": `{{define "page-list"}}<ul>{{range .}}<li><a href="{{.URL}}">{{.Title}}</a></li>{{end}}</ul>{{end}}`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, theme := range []struct {
		name string
		over map[string]string
	}{{"built-in", nil}, {"custom", custom}} {
		for _, basePath := range []string{"/", "/re&po/", "/a b+c/", "javascript:/"} {
			kinds, w := builtin(t, basePath, theme.over)
			for _, kind := range layout.Kinds() {
				// The custom theme's page.html and list.html are its own:
				// the "main" of page, home and tag is executed then.
				main := w.Main(kind)
				if theme.over != nil {
					main = nil
				}
				for range 300 {
					compareLayouts(t, theme.name+" "+kind, kinds[kind], w, main, randomPage(r, kind))
				}
				if t.Failed() {
					return
				}
			}
		}
	}
}

// TestFastLayoutsKeepEntries: a listing's entries given a memo
// (layout.PageLink.Memo), each shown by several listing pages, are written
// the same whether written, kept, or copied from what was kept.
func TestFastLayoutsKeepEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, basePath := range []string{"/", "/re&po/"} {
		kinds, w := builtin(t, basePath, nil)
		var pool []layout.PageLink
		for range 40 {
			pool = append(pool, randomPage(r, "home").Pages...)
		}
		for i := range pool {
			pool[i].Memo = &layout.EntryMemo{}
		}
		for _, kind := range []string{"home", "tag"} {
			for range 100 {
				d := randomPage(r, kind)
				d.Pages = nil
				for range r.IntN(8) {
					d.Pages = append(d.Pages, pick(r, pool))
				}
				compareLayouts(t, "kept entries, "+kind, kinds[kind], w, w.Main(kind), d)
			}
		}
		kept := 0
		for _, l := range pool {
			if l.Memo.Markup() != nil {
				kept++
			}
		}
		if kept == 0 {
			t.Fatalf("base path %q: no entry kept of %d", basePath, len(pool))
		}
	}
}

// TestFastLayoutsFailAsTemplates: where a template fails on the data (a
// nil pointer it reads through), its writer fails too.
func TestFastLayoutsFailAsTemplates(t *testing.T) {
	kinds, w := builtin(t, "/", nil)
	r := rand.New(rand.NewPCG(5, 6))
	for _, kind := range []string{"tag", "home", "page"} {
		d := randomPage(r, kind)
		d.Pager = nil // the tag layout reads .Pager.Number
		compareLayouts(t, kind+" without a pager", kinds[kind], w, w.Main(kind), d)
		d.Site = nil // base.html reads .Site.Language first
		compareLayouts(t, kind+" without a site", kinds[kind], w, w.Main(kind), d)
	}
	d := randomPage(r, "tag")
	d.Pager, d.ChartScripts = nil, nil // no asset missing before .Pager is read
	if _, err := w.Page(nil, w.Main("tag"), kinds["tag"], d); err == nil || !strings.Contains(err.Error(), "nil pointer evaluating *layout.Pager.Number") {
		t.Errorf("a tag page without a pager: error %v", err)
	}
}

// compareLayouts writes d with w (its "main" with main, or from t when nil)
// and from the template t, and says where the two differ.
func compareLayouts(t *testing.T, name string, tmpl *template.Template, w *Writer, main func([]byte, *layout.Page) ([]byte, error), d *layout.Page) {
	t.Helper()
	var slow bytes.Buffer
	werr := tmpl.ExecuteTemplate(&slow, "base", d)
	want := slow.Bytes()
	got, gerr := w.Page(nil, main, tmpl, d)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%s: template error %v, Go error %v", name, werr, gerr)
	}
	if werr != nil || string(got) == string(want) {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-200)
	t.Errorf("%s (%+v, site %+v): the Go writer differs from the template at byte %d:\ntemplate: %q\nGo:       %q",
		name, *d, *d.Site, i, want[from:min(len(want), i+100)], got[from:min(len(got), i+100)])
}
