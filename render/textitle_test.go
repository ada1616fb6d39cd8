package render

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// texTitles is a site whose titles and headings hold TeX (issue 34).
var texTitles = map[string]string{
	"scalesite.yaml": "title: Lab notes\nbaseURL: https://someone.github.io/\n",
	"content/loss.md": "---\ntitle: 'Loss falls as $a + b \\log N$'\ndate: 2025-01-02\ntags: [laws]\ntoc: true\n---\n" +
		"## $L(N) = E + A N^{-\\alpha}$\n\nText.\n\n## Kaplan's $N^{-\\alpha_N}$\n\nMore.\n",
	"content/plain.md": "---\ntitle: Costs $5 and $10\ndate: 2025-01-01\n---\nText.\n",
}

// TestTeXInTitlesBuilt holds each place a title or heading is shown to
// its form: typeset (KaTeX's markup) where it is HTML, plain text where
// HTML cannot go.
func TestTeXInTitlesBuilt(t *testing.T) {
	files := renderSite(t, texTitles, site.Options{})
	const katex = `<span class="math inline"><span class="katex">`
	plain := "Loss falls as a + b log N"
	escaped := "Loss falls as a &#43; b log N" // as html/template escapes it
	tests := []struct {
		name, file, pattern string
	}{
		{"h1", "loss/index.html", `<h1 class="post-title">Loss falls as ` + regexp.QuoteMeta(katex)},
		{"contents", "loss/index.html", `<nav class="toc[^"]*"[^>]*>(?s:.*?)<li><a href="#[^"]*">` + regexp.QuoteMeta(katex)},
		{"contents, Kaplan", "loss/index.html", `<li><a href="#[^"]*">Kaplan&#39;s ` + regexp.QuoteMeta(katex)},
		{"<title>", "loss/index.html", `<title>` + regexp.QuoteMeta(escaped+" · Lab notes") + `</title>`},
		{"og:title", "loss/index.html", `<meta property="og:title" content="` + regexp.QuoteMeta(escaped) + `">`},
		{"KaTeX's stylesheet", "loss/index.html", `<link rel="stylesheet" href="/assets/katex-[^"]+/katex.min.css">`},
		{"home listing", "index.html", `<h3 class="post-item-title"><a href="/loss/">Loss falls as ` + regexp.QuoteMeta(katex)},
		{"home links KaTeX", "index.html", `katex.min.css`},
		{"tag listing", "tags/laws/index.html", `<h3 class="post-item-title"><a href="/loss/">Loss falls as ` + regexp.QuoteMeta(katex)},
		{"next link", "plain/index.html", `<span class="post-nav-label">Newer →</span> Loss falls as ` + regexp.QuoteMeta(katex)},
		{"dollars stay prose", "plain/index.html", `<h1 class="post-title">Costs \$5 and \$10</h1>`},
		{"feed", "feed.xml", `<title>` + regexp.QuoteMeta(plain) + `</title>`},
		{"search page links KaTeX", "search/index.html", `katex.min.css`},
	}
	for _, tt := range tests {
		if !regexp.MustCompile(tt.pattern).MatchString(files[tt.file]) {
			t.Errorf("%s: %s does not match %s", tt.name, tt.file, tt.pattern)
		}
	}
	for _, f := range []string{"feed.xml", "sitemap.xml"} {
		if strings.Contains(files[f], `\log`) || strings.Contains(files[f], "katex") {
			t.Errorf("%s holds TeX or markup:\n%s", f, files[f])
		}
	}
	var index struct {
		Pages []struct {
			Title, HTML string
			Headings    []struct{ Text, HTML string }
		}
	}
	if err := json.Unmarshal([]byte(files["search.json"]), &index); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range index.Pages {
		if p.Title != plain {
			continue
		}
		found = true
		if !strings.HasPrefix(p.HTML, "Loss falls as "+katex) || len(p.Headings) != 2 ||
			p.Headings[0].Text != "L(N) = E + A N⁻ᵅ" || !strings.HasPrefix(p.Headings[0].HTML, katex) ||
			p.Headings[1].Text != "Kaplan's N^(−α_N)" {
			t.Errorf("search entry %+v", p)
		}
	}
	if !found {
		t.Errorf("no search entry titled %q:\n%s", plain, files["search.json"])
	}
}
