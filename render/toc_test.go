package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

func TestTableOfContents(t *testing.T) {
	h := func(level int, id string) site.Heading {
		return site.Heading{Level: level, ID: id, Text: strings.ToUpper(id)}
	}
	e := func(id string, sub ...layout.TOCEntry) layout.TOCEntry {
		return layout.TOCEntry{ID: id, Text: strings.ToUpper(id), Sub: sub}
	}
	tests := []struct {
		name     string
		toc      bool
		headings []site.Heading
		want     []layout.TOCEntry
	}{
		{"not asked for", false, []site.Heading{h(2, "a"), h(2, "b")}, nil},
		{"two sections", true, []site.Heading{h(1, "title"), h(2, "a"), h(2, "b")}, []layout.TOCEntry{e("a"), e("b")}},
		{"nested", true, []site.Heading{h(2, "a"), h(3, "a1"), h(3, "a2"), h(4, "deep"), h(2, "b"), h(3, "b1")},
			[]layout.TOCEntry{e("a", e("a1"), e("a2")), e("b", e("b1"))}},
		{"third level first", true, []site.Heading{h(3, "x"), h(2, "a"), h(3, "a1")}, []layout.TOCEntry{e("x"), e("a", e("a1"))}},
		{"one heading is no contents", true, []site.Heading{h(1, "t"), h(2, "a"), h(4, "d")}, nil},
		{"a section and its subsection", true, []site.Heading{h(2, "a"), h(3, "a1")}, []layout.TOCEntry{e("a", e("a1"))}},
		{"no id", true, []site.Heading{h(2, ""), h(2, "a"), h(2, "b")}, []layout.TOCEntry{e("a"), e("b")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tableOfContents(&site.Page{TOC: tc.toc, Headings: tc.headings})
			if !slices.EqualFunc(got, tc.want, tocEqual) {
				t.Errorf("tableOfContents:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func tocEqual(a, b layout.TOCEntry) bool {
	return a.ID == b.ID && a.Text == b.Text && slices.EqualFunc(a.Sub, b.Sub, tocEqual)
}

func pngOf(t *testing.T, w, h int) string {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestPageMarkup renders pages with a table of contents, code, a figure
// and raw HTML, and compares what the layouts make of them with
// testdata/markup.golden.html.
func TestPageMarkup(t *testing.T) {
	files := map[string]string{
		"scalesite.yaml": "title: Lab\n",
		"content/notes/index.md": "---\ntitle: Notes\ntoc: true\n---\n## Setup & *data*\n\n```python\nimport torch\n```\n\n### Tokens\n\n" +
			"![Loss curve](loss.png \"Loss against compute, **as written**.\")\n\n## Results\n\n<details><summary>More</summary></details>\n",
		"content/notes/loss.png": pngOf(t, 800, 450),
		"content/plain.md":       "---\ntitle: Plain\n---\n## Only\n\nNo code.\n",
	}
	got := renderSite(t, files, site.Options{})
	notes, plain := got["notes/index.html"], got["plain/index.html"]
	var parts []string
	for _, re := range []string{`(?s)<nav class="toc.*?</nav>`, `(?s)<figure>.*?</figure>`, `<link rel="stylesheet" href="/assets/code\.[0-9a-f]+\.css">`, `<script src="/assets/code\.[0-9a-f]+\.js" defer></script>`, `(?s)<h2 id="results">.*?-->`} {
		m := regexp.MustCompile(re).FindString(notes)
		if m == "" {
			t.Errorf("the page lacks %s:\n%s", re, notes)
		}
		// The assets' names hold a hash of their content.
		parts = append(parts, regexp.MustCompile(`\.[0-9a-f]{8}\.`).ReplaceAllString(m, ".HASH."))
	}
	file := filepath.Join("testdata", "markup.golden.html")
	out := strings.Join(parts, "\n\n") + "\n"
	if *update {
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("the page's markup differs from %s (-update rewrites it):\n%s", file, out)
	}
	for _, not := range []string{"assets/code.", `class="toc`} {
		if strings.Contains(plain, not) {
			t.Errorf("a page without code or toc has %q", not)
		}
	}

	// With markdown: {unsafe: true}, the HTML comes through.
	files["scalesite.yaml"] = "title: Lab\nmarkdown: {unsafe: true}\ntoc: true\n"
	got = renderSite(t, files, site.Options{})
	if want := "<details><summary>More</summary></details>"; !strings.Contains(got["notes/index.html"], want) {
		t.Errorf("unsafe: the page lacks %s", want)
	}
	if strings.Contains(got["plain/index.html"], `class="toc`) {
		t.Error("a page with one heading has a table of contents")
	}
}
