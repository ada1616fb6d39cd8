package render

import (
	"regexp"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// TestChartFont: a site with static figures publishes the chart font's
// web faces and licence, and its pages with charts preload them, declare
// them as "DejaVu Sans" (the family the inline figures name) and name the
// family for site.js, at the site's base path; a page without a chart
// loads no font; a site without static figures, or without a chart,
// publishes none.
func TestChartFont(t *testing.T) {
	files := map[string]string{
		"scalesite.yaml": "title: S\nbaseURL: https://example.org/s/\nstaticFigures: true\n",
		"content/p.md":   staticChartPage,
		"content/q.md":   "---\ntitle: Q\n---\nNo chart.\n",
	}
	got := renderSite(t, files, site.Options{})
	var faces []string
	licence := false
	for p, data := range got {
		switch {
		case regexp.MustCompile(`^assets/dejavu-sans-(400|700)(-ext)?\.[0-9a-f]{8}\.woff$`).MatchString(p):
			faces = append(faces, p)
			if !strings.HasPrefix(data, "wOFF") {
				t.Errorf("%s is not a WOFF file: % x", p, data[:4])
			}
		case regexp.MustCompile(`^assets/dejavu-sans-licence\.[0-9a-f]{8}\.txt$`).MatchString(p):
			licence = strings.Contains(data, "Bitstream Vera")
		}
	}
	if len(faces) != 4 || !licence {
		t.Fatalf("published faces %v and licence %v, want four faces (two weights, two parts) and the licence", faces, licence)
	}
	page := got["p/index.html"]
	for _, f := range faces {
		preload := `<link rel="preload" href="/s/` + f + `" as="font" type="font/woff" crossorigin>`
		// the base parts are preloaded; the rest only declared, for a
		// browser to fetch when a page's text needs it
		if base := !strings.Contains(f, "-ext."); strings.Contains(page, preload) != base {
			t.Errorf("%s: preloaded %v, want %v", f, !base, base)
		}
		if !regexp.MustCompile(`src:url\("/s/` + regexp.QuoteMeta(f) + `"\) format\("woff"\);unicode-range:U\+[0-9A-F]`).MatchString(page) {
			t.Errorf("the page with a chart does not declare %s with its unicode-range", f)
		}
	}
	for _, want := range []string{`@font-face{font-family:"DejaVu Sans";font-weight:400;`, `@font-face{font-family:"DejaVu Sans";font-weight:700;`, `<meta name="scalesite-chart-font" content="DejaVu Sans">`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page with a chart lacks %s", want)
		}
	}
	if head, _, _ := strings.Cut(page, "</head>"); strings.Index(head, "<script src=") < strings.Index(head, "scalesite-chart-font") {
		t.Error("the chart font is declared after the first chart script")
	}
	if strings.Contains(got["q/index.html"], "dejavu-sans") {
		t.Error("a page without a chart loads the chart font")
	}

	for name, f := range map[string]map[string]string{
		"staticFigures: false": {"scalesite.yaml": "title: S\nstaticFigures: false\n", "content/p.md": staticChartPage},
		"no chart":             {"scalesite.yaml": "title: S\nstaticFigures: true\n", "content/q.md": files["content/q.md"]},
	} {
		for p, data := range renderSite(t, f, site.Options{}) {
			if strings.Contains(p, "dejavu-sans") || strings.HasSuffix(p, ".html") && strings.Contains(data, "scalesite-chart-font") {
				t.Errorf("%s: %s publishes or loads the chart font", name, p)
			}
		}
	}
}
