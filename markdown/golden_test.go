package markdown

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden/ and themes/default/assets/code.css")

// golden compares got with the file testdata/golden/name, or writes it there
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./markdown -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the HTML differs from %s (go test ./markdown -update rewrites it if the change is right):\n got:\n%s\nwant:\n%s", file, got, want)
	}
}

// TestGolden renders pages that use highlighted code, figures and raw HTML,
// each to the HTML in testdata/golden/NAME.html.
func TestGolden(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		extra []goldmark.Extender
	}{
		{"code-go", "```go\nfunc f() int { return 1 } // <b>\n```\n", nil},
		{"code-python-yaml", "Text.\n\n```python\nimport torch\nloss = (n_c / n) ** 0.076  # Kaplan\n```\n\n```yaml\nx: params\nscale: log\n```\n", nil},
		{"code-plain", "```\nno language & <tags>\n```\n", nil},
		{"code-unknown-language", "```nosuchlanguage\nleft <as> it is\n```\n", nil},
		{"code-language-case", "```Python\nx = 1\n```\n", nil},
		{"code-indented", "Para.\n\n    indented <code>\n", nil},
		{"code-in-list", "- step:\n\n  ```sh\n  scalesite build\n  ```\n", nil},
		{"code-chart-untouched", "```chart\ndata: a.csv\nx: f\n```\n", nil},
		{"code-line-numbers", "```python {linenos=true}\nx = 1\ny = 2\n```\n", nil},
		{"figure", "![Loss curve](loss.png \"Loss falls as a power of compute.\")\n", nil},
		{"figure-escapes", "![a <b>](a&b.png \"Caption with *stars*, <tags> &amp; \\\"quotes\\\"\")\n", nil},
		{"figure-in-blockquote", "> ![alt](x.png \"In a quote\")\n", nil},
		{"figure-reference", "![alt][img]\n\n[img]: x.png \"From a reference\"\n", nil},
		{"image-without-title", "![alt](x.png)\n", nil},
		{"image-in-sentence", "See ![alt](x.png \"t\") here.\n", nil},
		{"two-images", "![a](a.png \"A\") ![b](b.png \"B\")\n", nil},
		{"image-in-link", "[![alt](x.png \"t\")](https://example.org/)\n", nil},
		{"figure-javascript-url", "![x](javascript:alert(1) \"Caption\")\n", nil},
		{"raw-html-omitted", "<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n\nA <kbd>key</kbd>.\n", nil},
		{"raw-html-unsafe", "<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n\nA <kbd>key</kbd>.\n", []goldmark.Extender{RawHTML}},
		{"raw-html-unsafe-figure", "![x](javascript:alert(1) \"Caption\")\n", []goldmark.Extender{RawHTML}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := New(tc.extra...).Convert([]byte(tc.src), &b); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".html", b.Bytes())
		})
	}
}
