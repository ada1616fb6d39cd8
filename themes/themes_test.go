package themes

import (
	"bytes"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The template data the renderer passes, mirrored here for the tests.
type siteData struct {
	Title, Description, BasePath, Language, FeedURL string
	HasTags                                         bool
	SearchURL, ContentSecurityPolicy, MathCSS       string
	ChartFont                                       template.HTML
}

type pageLink struct {
	Title, URL, Description string
	TitleHTML               template.HTML
	Date                    time.Time
	Tags                    []string
	MoreTags                int
	Charts                  int
	ChartTitles             []string
}

type tagLink struct {
	Name, URL string
	Pages     int
}

type pageData struct {
	Site               *siteData
	Kind               string
	Title, Description string
	TitleHTML          template.HTML
	Date               time.Time
	Tags               []string
	URL                string
	Canonical          string
	Content            template.HTML
	Pages              []pageLink
	TagList            []tagLink
	Prev, Next         *pageLink
	Charts             int
	ChartScripts       []string
	Code, Math         bool
	TOC                []tocEntry
	SearchIndex        string
	Card               *cardData
	Pager              *pagerData
}

// pagerData is render/layout.Pager: where a page of a listing stands.
type pagerData struct {
	Number, Count, Total int
	From, To             int
	Newer, Older         string
}

type cardData struct {
	URL           string
	Width, Height int
	Alt           string
}

type tocEntry struct {
	ID, Text string
	HTML     template.HTML
	Sub      []tocEntry
}

type chartData struct {
	ID     string
	Option map[string]any
	Height int
	Title  string
	Alt    string
	// the toolbar and data table (chart/export.go)
	CSV         string
	CSVType     string
	Tables      []dataTable
	Rows, Shown int
	LogX, LogY  bool
	Source      *chartSource
	// the table of fitted constants under the chart (chart/fittable.go)
	Fits template.HTML
	// the static figure (render/static.go); empty here
	Static                                               template.HTML
	StaticHeight, StaticTabletHeight, StaticNarrowHeight int
}

type chartSource struct {
	Cite      template.HTML
	URL, Text string
}

type dataTable struct {
	Caption string
	Columns []string
	Body    template.HTML
}

var stubFuncs = template.FuncMap{
	"asset":  func(name string) string { return "/repo/assets/" + name },
	"url":    func(p string) string { return "/repo/" + p },
	"tagURL": func(tag string) string { return "/repo/tags/" + tag + "/" },
}

func parseLayouts(t *testing.T, main string) *template.Template {
	t.Helper()
	tmpl, err := template.New("").Funcs(stubFuncs).ParseFS(Default(), "layouts/base.html", "layouts/chart.html", "layouts/list.html", "layouts/pager.html", "layouts/"+main)
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

func TestDefaultHasTheThemeFiles(t *testing.T) {
	for _, name := range []string{
		"layouts/base.html", "layouts/page.html", "layouts/home.html", "layouts/404.html",
		"layouts/chart.html", "assets/site.css", "assets/site.js", "assets/format.js",
	} {
		if _, err := fs.Stat(Default(), name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// assets/echarts.min.js is generated (go run ./tools/bundle) and may be absent.
	if _, err := fs.Stat(Default(), "assets/echarts.min.js"); err != nil {
		t.Logf("assets/echarts.min.js not embedded (run `go run ./tools/bundle`): %v", err)
	}
}

func TestEveryLayoutParses(t *testing.T) {
	err := fs.WalkDir(Default(), "layouts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Default(), p)
		if err != nil {
			return err
		}
		if _, err := template.New(path.Base(p)).Funcs(stubFuncs).Parse(string(data)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

var (
	externalURL   = regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	inlineHandler = regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)
	scriptTag     = regexp.MustCompile(`(?i)<script\b[^>]*>`)
	outboundLink  = regexp.MustCompile(`<a\b[^>]*\shref="https://[^"]*"[^>]*>`)
)

// Pages must load nothing from other hosts and run no inline code (a strict
// CSP works). echarts.min.js is generated third-party code whose license
// comments cite URLs; it is not checked here.
func TestNoExternalHostsOrInlineCode(t *testing.T) {
	err := fs.WalkDir(Default(), ".", func(p string, d fs.DirEntry, err error) error {
		// Licence texts cite their sources' addresses; no page loads them.
		if err != nil || d.IsDir() || p == "assets/echarts.min.js" || strings.HasSuffix(p, "licenses.txt") {
			return err
		}
		data, err := fs.ReadFile(Default(), p)
		if err != nil {
			return err
		}
		// An SVG's namespace is a name, not an address anything is fetched
		// from; a link (a DOI, an arXiv page) is followed, not loaded.
		s := strings.ReplaceAll(string(data), `xmlns="http://www.w3.org/2000/svg"`, "")
		s = outboundLink.ReplaceAllString(s, "<a>")
		if strings.Contains(s, "http://") || strings.Contains(s, "https://") {
			t.Errorf("%s mentions an http(s):// URL", p)
		}
		if m := externalURL.FindString(s); m != "" && strings.HasPrefix(m, "//") {
			t.Errorf("%s has a protocol-relative URL %q", p, m)
		}
		if strings.HasSuffix(p, ".html") {
			if m := inlineHandler.FindString(s); m != "" {
				t.Errorf("%s has an inline event handler: %s", p, m)
			}
			for _, tag := range scriptTag.FindAllString(s, -1) {
				if !strings.Contains(tag, "src=") && !strings.Contains(tag, `type="application/json"`) {
					t.Errorf("%s has an inline script: %s", p, tag)
				}
			}
		}
		if strings.HasSuffix(p, ".css") && strings.Contains(s, "@import") {
			t.Errorf("%s uses @import", p)
		}
		if strings.HasSuffix(p, ".js") {
			for _, bad := range []string{"eval(", "new Function", "innerHTML", "document.write", "import("} {
				if strings.Contains(s, bad) {
					t.Errorf("%s uses %s", p, bad)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func execute(t *testing.T, tmpl *template.Template, name string, data any) string {
	t.Helper()
	var buf bytes.Buffer
	if err := tmpl.ExecuteTemplate(&buf, name, data); err != nil {
		t.Fatalf("execute %s: %v", name, err)
	}
	out := buf.String()
	if strings.Contains(out, "ZgotmplZ") {
		t.Errorf("%s output has ZgotmplZ (an escaper rejected a value):\n%s", name, out)
	}
	return out
}

func mustContain(t *testing.T, what, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, out)
		}
	}
}

func mustNotContain(t *testing.T, what, out string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(out, b) {
			t.Errorf("%s contains %q:\n%s", what, b, out)
		}
	}
}

var site = &siteData{Title: "Scaling notes", Description: "Plots of scaling laws.", BasePath: "/repo/"}

func TestChartTemplate(t *testing.T) {
	tmpl := parseLayouts(t, "page.html")
	hostile := `</script><script>alert(1)</script><!-- "'&`
	out := execute(t, tmpl, "chart", chartData{
		ID:     "chart-audio-1",
		Height: 420,
		Title:  "ROC-AUC " + hostile,
		Alt:    "Scatter plot " + hostile,
		Option: map[string]any{
			"series": []any{map[string]any{"name": hostile, "data": []any{[]any{1e21, 0.5}}}},
			"title":  map[string]any{"text": "__f__alert(2)__f__"},
			"xAxis":  map[string]any{"type": "log", "axisLabel": map[string]any{"formatter": "@pow"}},
		},
	})
	mustContain(t, "chart", out,
		`<figure class="scalesite-chart" style="--scalesite-plot: 420px">`,
		`<div class="scalesite-canvas" id="chart-audio-1" style="height: 420px" role="img" aria-label="Scatter plot &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &#34;&#39;&amp;"></div>`,
		`<script type="application/json" class="scalesite-option" data-chart="chart-audio-1">`,
		`"formatter":"@pow"`,
		`"text":"__f__alert(2)__f__"`, // a plain JSON string: nothing strips or evaluates it
		`<noscript>`,
		`</figure>`,
	)
	// The JSON body must not be able to close the script element or open a comment.
	start := strings.Index(out, `data-chart="chart-audio-1">`) + len(`data-chart="chart-audio-1">`)
	end := strings.Index(out[start:], "</script>")
	if end < 0 {
		t.Fatal("option script not closed")
	}
	body := out[start : start+end]
	mustNotContain(t, "option JSON", body, "<", ">", "<!--")
	if !strings.HasPrefix(strings.TrimSpace(body), "{") {
		t.Errorf("option JSON does not start with an object: %q", body)
	}
	if strings.Count(out, "<script") != 1 {
		t.Errorf("chart output has %d <script> tags, want 1:\n%s", strings.Count(out, "<script"), out)
	}
}

func TestPageTemplate(t *testing.T) {
	tmpl := parseLayouts(t, "page.html")
	out := execute(t, tmpl, "base", pageData{
		Site: site, Kind: "page",
		Title:        "Audio models: ROC-AUC vs. parameters",
		Description:  "One line <for> the index.",
		Date:         time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC),
		Tags:         []string{"audio", "scaling laws"},
		URL:          "/repo/audio-models/",
		Content:      `<p>Prose.</p>`,
		Charts:       2,
		ChartScripts: []string{SmoothScript},
		Card:         &cardData{URL: "https://example.org/repo/audio-models/chart-audio-models-1.card.png", Width: 1200, Height: 630, Alt: `Loss <vs> "compute"`},
	})
	mustContain(t, "page", out,
		`<meta property="og:image" content="https://example.org/repo/audio-models/chart-audio-models-1.card.png">`,
		`<meta property="og:image:width" content="1200">`,
		`<meta property="og:image:height" content="630">`,
		`<meta property="og:image:alt" content="Loss &lt;vs&gt; &#34;compute&#34;">`,
		`<meta name="twitter:card" content="summary_large_image">`,
		`<meta name="twitter:image" content="https://example.org/repo/audio-models/chart-audio-models-1.card.png">`,
	)
	mustContain(t, "page", out,
		"<!DOCTYPE html>", `<html lang="en">`,
		`<meta charset="utf-8">`,
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<title>Audio models: ROC-AUC vs. parameters · Scaling notes</title>`,
		`<meta name="description" content="One line &lt;for&gt; the index.">`,
		`<meta name="color-scheme" content="light dark">`,
		`<link rel="stylesheet" href="/repo/assets/site.css">`,
		`<script src="/repo/assets/echarts.min.js" defer></script>`,
		`<script src="/repo/assets/charts.js" defer></script>`,
		`<script src="/repo/assets/smooth.js" defer></script>`,
		`<a class="site-title" href="/repo/">Scaling notes</a>`,
		`<h1 class="post-title">Audio models: ROC-AUC vs. parameters</h1>`,
		`<time datetime="2025-03-01">1 March 2025</time>`,
		`href="/repo/tags/audio/"`,
		`href="/repo/tags/scaling%20laws/"`,
		`<p>Prose.</p>`,
		"Built with scalesite",
	)
	// the description goes in the head only, not into the article again
	if n := strings.Count(out, "One line &lt;for&gt; the index."); n != 3 { // description, og:description, twitter:description
		t.Errorf("description appears %d times, want 3 (meta tags only)", n)
	}

	// no charts: no scripts at all; no date: no <time>
	out = execute(t, tmpl, "base", pageData{Site: site, Kind: "page", Title: "Notes", URL: "/repo/notes/"})
	mustNotContain(t, "page without charts", out, "<script", "<time", "0001", "og:image", "twitter:image")
	mustContain(t, "page without a card", out, `<meta name="twitter:card" content="summary">`)
	mustContain(t, "page without description", out, `<meta name="description" content="Plots of scaling laws.">`)
}

func TestHomeTemplate(t *testing.T) {
	tmpl := parseLayouts(t, "home.html")
	out := execute(t, tmpl, "base", pageData{
		Site: site, Kind: "home", URL: "/repo/",
		Content: `<p>Welcome.</p>`,
		Pages: []pageLink{
			{Title: "Audio", URL: "/repo/audio/", Description: "ROC-AUC vs params.", Date: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC), Tags: []string{"audio"}, Charts: 2},
			{Title: "One chart", URL: "/repo/one/", Charts: 1, Tags: []string{"vision"}, MoreTags: 7},
			{Title: "Prose only", URL: "/repo/prose/"},
		},
	})
	mustContain(t, "home", out,
		`<title>Scaling notes</title>`,
		`<h1 class="home-title">Scaling notes</h1>`,
		`<p class="home-description">Plots of scaling laws.</p>`,
		`<p>Welcome.</p>`,
		`<a href="/repo/audio/">Audio</a>`,
		`<p class="post-item-description">ROC-AUC vs params.</p>`,
		`<time datetime="2025-03-01">1 March 2025</time>`,
		`2 charts`, `1 chart<`,
		`href="/repo/tags/audio/"`,
		`rel="tag">vision</a><span class="tag-count">+7 more</span></span>`,
	)
	mustNotContain(t, "home", out, "<script", "0 charts", "0001")
	if n := strings.Count(out, "more</span>"); n != 1 {
		t.Errorf("%d entries say how many more tags they have, want 1 (the one with more than it shows)", n)
	}

	mustNotContain(t, "home of one page", out, `class="pager"`, `rel="prev"`, `rel="next"`)

	out = execute(t, tmpl, "base", pageData{Site: site, Kind: "home", URL: "/repo/"})
	mustContain(t, "empty home", out, "No pages yet")

	// full page 2 of a listing of four pages (numbered from the oldest):
	// links to both neighbours
	out = execute(t, tmpl, "base", pageData{Site: site, Kind: "home", URL: "/repo/page/2/",
		Pages: []pageLink{{Title: "Older one", URL: "/repo/older/"}},
		Pager: &pagerData{Number: 2, Count: 4, Total: 11, From: 4, To: 6, Newer: "/repo/page/3/", Older: "/repo/page/1/"}})
	mustContain(t, "page 2 from the oldest", out,
		`<link rel="prev" href="/repo/page/3/">`, `<link rel="next" href="/repo/page/1/">`,
		`<a class="pager-newer" href="/repo/page/3/" rel="prev">← Newer</a>`,
		`<span class="pager-at">Page 2 from the oldest: entries 4–6</span>`,
		`<a class="pager-older" href="/repo/page/1/" rel="next">Older →</a>`)

	// the first page: the newest entries, an older page only
	out = execute(t, tmpl, "base", pageData{Site: site, Kind: "home", URL: "/repo/",
		Pages: []pageLink{{Title: "Newest one", URL: "/repo/newest/"}},
		Pager: &pagerData{Number: 0, Count: 4, Total: 11, From: 10, To: 11, Older: "/repo/page/3/"}})
	mustContain(t, "the first page", out, `<link rel="next" href="/repo/page/3/">`,
		`<span class="pager-at">The newest: entries 10–11</span>`)
	mustNotContain(t, "the first page", out, `rel="prev"`)
}

func Test404Template(t *testing.T) {
	tmpl := parseLayouts(t, "404.html")
	out := execute(t, tmpl, "base", pageData{Site: site, Kind: "404", URL: "/repo/404.html"})
	mustContain(t, "404", out,
		`<title>Page not found · Scaling notes</title>`,
		`<h1>Page not found</h1>`,
		`href="/repo/"`,
		`<link rel="stylesheet" href="/repo/assets/site.css">`,
	)
	mustNotContain(t, "404", out, "<script")
}
