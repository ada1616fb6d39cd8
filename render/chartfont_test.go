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
		case regexp.MustCompile(`^assets/dejavu-sans-(400|700)\.[0-9a-f]{8}\.ttf$`).MatchString(p):
			faces = append(faces, p)
			if !strings.HasPrefix(data, "\x00\x01\x00\x00") {
				t.Errorf("%s is not a TrueType file: % x", p, data[:4])
			}
		case regexp.MustCompile(`^assets/dejavu-sans-licence\.[0-9a-f]{8}\.txt$`).MatchString(p):
			licence = strings.Contains(data, "Bitstream Vera")
		}
	}
	if len(faces) != 2 || !licence {
		t.Fatalf("published faces %v and licence %v, want two faces and the licence", faces, licence)
	}
	page := got["p/index.html"]
	for _, f := range faces {
		for _, want := range []string{
			`<link rel="preload" href="/s/` + f + `" as="font" type="font/ttf" crossorigin>`,
			`src:url("/s/` + f + `") format("truetype")`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("the page with a chart lacks %s", want)
			}
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
		"staticFigures: false": {"scalesite.yaml": "title: S\n", "content/p.md": staticChartPage},
		"no chart":             {"scalesite.yaml": "title: S\nstaticFigures: true\n", "content/q.md": files["content/q.md"]},
	} {
		for p, data := range renderSite(t, f, site.Options{}) {
			if strings.Contains(p, "dejavu-sans") || strings.HasSuffix(p, ".html") && strings.Contains(data, "scalesite-chart-font") {
				t.Errorf("%s: %s publishes or loads the chart font", name, p)
			}
		}
	}
}
