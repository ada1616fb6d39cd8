package render

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/site"
)

// TestMathPage renders a page with formulas and compares its prose and
// formulas with testdata/math.golden.html (-update rewrites it).
func TestMathPage(t *testing.T) {
	got := renderSite(t, map[string]string{
		"scalesite.yaml": "title: Lab\n",
		"content/law.md": "---\ntitle: Law\n---\nThe loss $L(N,D)$ of a run that costs $5 and $10:\n\n" +
			"$$\nL(N,D) = E + \\frac{A}{N^{\\alpha}} + \\frac{B}{D^{\\beta}}\n$$\n\nwith \\(\\alpha = 0.34\\).\n",
	}, site.Options{})
	page := got["law/index.html"]
	m := regexp.MustCompile(`(?s)<p>The loss .*with <span.*?</p>`).FindString(page)
	if m == "" {
		t.Fatalf("no prose in the page:\n%s", page)
	}
	file := filepath.Join("testdata", "math.golden.html")
	if *update {
		if err := os.WriteFile(file, []byte(m+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if m+"\n" != string(want) {
		t.Errorf("the page's formulas differ from %s (-update rewrites it):\n%s", file, m)
	}
	if !strings.Contains(m, "costs $5 and $10:</p>") {
		t.Error("the prices are not left as prose")
	}
	if strings.Contains(page, "<script") {
		t.Error("a page with formulas and no chart loads a script")
	}
}

// TestMathAssets: KaTeX's stylesheet and fonts are published only by a site
// with math, and linked only from its pages with math; the stylesheet's
// font URLs lead to the published fonts.
func TestMathAssets(t *testing.T) {
	css := "assets/" + katex.Dir + "/katex.min.css"
	link := `<link rel="stylesheet" href="/lab/` + css + `">`
	files := map[string]string{
		"scalesite.yaml":   "title: Lab\nbaseURL: /lab/\n",
		"content/index.md": "Home, at $5 a run.\n",
		"content/plain.md": "---\ntitle: Plain\n---\nCode: `$x$`, and \\$y\\$.\n",
	}
	got := renderSite(t, files, site.Options{})
	for name, data := range got {
		if strings.Contains(name, "katex") {
			t.Errorf("a site without math publishes %s", name)
		}
		if strings.Contains(data, "katex") {
			t.Errorf("%s mentions katex in a site without math", name)
		}
	}

	files["content/law.md"] = "---\ntitle: Law\n---\nThe exponent $\\alpha$.\n"
	got = renderSite(t, files, site.Options{})
	if !strings.Contains(got["law/index.html"], link) {
		t.Errorf("the page with math does not link %s", link)
	}
	for _, name := range []string{"index.html", "plain/index.html", "404.html", "tags/index.html"} {
		if strings.Contains(got[name], "katex") {
			t.Errorf("%s, without math, mentions katex", name)
		}
	}
	sheet, ok := got[css]
	if !ok {
		t.Fatalf("no %s in the output", css)
	}
	fonts := regexp.MustCompile(`url\(([^)]+)\)`).FindAllStringSubmatch(sheet, -1)
	if len(fonts) != 20 {
		t.Errorf("the stylesheet names %d fonts, want 20", len(fonts))
	}
	for _, f := range fonts {
		if _, ok := got[path.Join(path.Dir(css), f[1])]; !ok {
			t.Errorf("the stylesheet names %s, which is not published beside it", f[1])
		}
	}
	if _, ok := got[path.Join(path.Dir(css), "LICENSE")]; !ok {
		t.Error("KaTeX's licence is not published beside its stylesheet")
	}
	var published int
	for name := range got {
		if strings.HasPrefix(name, "assets/katex") {
			published++
		}
	}
	if published != 22 {
		t.Errorf("%d KaTeX files published, want 22 (the stylesheet, 20 fonts, the licence)", published)
	}

	// Math on the home page alone is enough, and the home page links it.
	delete(files, "content/law.md")
	files["content/index.md"] = "Home: $x^2$.\n"
	got = renderSite(t, files, site.Options{})
	if _, ok := got[css]; !ok || !strings.Contains(got["index.html"], link) {
		t.Error("math on the home page alone: the stylesheet is not published or not linked")
	}
}

// TestMathFontPreloads: a page preloads the KaTeX fonts its typeset TeX is
// drawn in (its prose's formulas, its charts' titles, its own, its
// headings', the pages' it links), those and no other, each once, beside
// KaTeX's stylesheet; a page without math preloads none.
func TestMathFontPreloads(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	files := map[string]string{
		"scalesite.yaml": "title: Lab\n",
		// the chart's title: \text (KaTeX_Main) and a (KaTeX_Math)
		"content/a.md": "---\ntitle: Chart\ndate: 2025-01-03\n---\n" +
			"```chart\ntitle: 'Loss falls as $a N^{b}$'\ndata: k.csv\nx: {field: n, scale: log}\ny: loss\n```\n",
		"content/k.csv": "n,loss\n1e6,4.1\n1e7,3.5\n1e8,3.0\n",
		// the page's title: \mathbb (KaTeX_AMS); a heading: \mathbf (Main bold)
		"content/b.md": "---\ntitle: 'Over $\\mathbb{R}$'\ndate: 2025-01-02\n---\n## A $\\mathbf{v}$\n\nText.\n",
		// math in the prose only: \mathcal (KaTeX_Caligraphic), a display
		// sum (KaTeX_Size2), a formula written twice
		"content/c.md": "---\ntitle: Prose\ndate: 2025-01-01\n---\nThe $\\mathcal{L}$ of it, and $\\mathcal{L}$ again.\n\n$$\n\\sum_i x_i\n$$\n",
		// the home page's prose: \mathfrak (KaTeX_Fraktur)
		"content/index.md": "The $\\mathfrak{g}$ of it.\n",
		"content/d.md":     "---\ntitle: Plain\ndate: 2024-12-31\n---\nText.\n",
	}
	got := renderSite(t, files, site.Options{})
	font := func(name string) string { return "/assets/" + katex.Dir + "/fonts/KaTeX_" + name + ".woff2" }
	for _, tt := range []struct {
		page string
		want []string
	}{
		// a's own chart; b, its older neighbour, links it with its title
		{"a/index.html", []string{font("AMS-Regular"), font("Main-Regular"), font("Math-Italic")}},
		// b's title and heading; its neighbours' titles are plain
		{"b/index.html", []string{font("AMS-Regular"), font("Main-Bold"), font("Main-Regular")}},
		// its prose; b's title, shown in its link to b (the newer)
		{"c/index.html", []string{font("AMS-Regular"), font("Caligraphic-Regular"), font("Main-Regular"), font("Math-Italic"), font("Size2-Regular")}},
		{"d/index.html", nil},
		// its prose, and b's title in the list
		{"index.html", []string{font("AMS-Regular"), font("Fraktur-Regular"), font("Main-Regular")}},
		{"404.html", nil},
	} {
		page, ok := got[tt.page]
		if !ok {
			t.Fatalf("no %s", tt.page)
		}
		var preloads []string
		for _, m := range regexp.MustCompile(`<link rel="preload" href="([^"]*katex[^"]*)"([^>]*)>`).FindAllStringSubmatch(page, -1) {
			preloads = append(preloads, m[1])
			if m[2] != ` as="font" type="font/woff2" crossorigin` {
				t.Errorf("%s: preload of %s with %q, want as=\"font\" type=\"font/woff2\" crossorigin (a font is fetched without credentials)", tt.page, m[1], m[2])
			}
			if _, ok := got[strings.TrimPrefix(m[1], "/")]; !ok {
				t.Errorf("%s preloads %s, which is not published", tt.page, m[1])
			}
		}
		if !slices.Equal(preloads, tt.want) {
			t.Errorf("%s preloads %q, want %q", tt.page, preloads, tt.want)
		}
		if i := strings.Index(page, "katex.min.css"); len(preloads) > 0 && (i < 0 || i > strings.Index(page, preloads[0])) {
			t.Errorf("%s: the preloads are not after KaTeX's stylesheet", tt.page)
		}
	}
}
