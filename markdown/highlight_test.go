package markdown

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeCSSFile is the theme's stylesheet of highlighted code, made by CodeCSS.
var codeCSSFile = filepath.Join("..", "themes", "default", "assets", "code.css")

// TestCodeCSS checks that the theme's code.css is what CodeCSS makes from
// the two Chroma styles; -update writes it again (after a Chroma upgrade).
func TestCodeCSS(t *testing.T) {
	var b bytes.Buffer
	if err := CodeCSS(&b, LightCodeStyle, DarkCodeStyle); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(codeCSSFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(codeCSSFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		t.Errorf("%s is not what CodeCSS makes from Chroma's %q and %q styles: run go test ./markdown -run TestCodeCSS -update", codeCSSFile, LightCodeStyle, DarkCodeStyle)
	}
}

// TestCodeCSSRules checks the stylesheet's content: a colour for each kind
// of token in both schemes, no background (the theme's --code-bg shows),
// and the light colours set back where the dark style has none.
func TestCodeCSSRules(t *testing.T) {
	var b bytes.Buffer
	if err := CodeCSS(&b, LightCodeStyle, DarkCodeStyle); err != nil {
		t.Fatal(err)
	}
	css := b.String()
	light, dark, ok := strings.Cut(css, "@media (prefers-color-scheme: dark)")
	if !ok {
		t.Fatalf("no dark block in:\n%s", css)
	}
	rule := func(block, sel string) string {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(sel) + ` \{ ([^}]*) \}`).FindStringSubmatch(block)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, tc := range []struct{ sel, light, dark string }{
		{".chroma", "", "color: #e6edf3"}, // github leaves the text colour to the theme
		{".chroma .k", "color: #cf222e", "color: #ff7b72"},
		{".chroma .nf", "color: #6639ba", "color: #d2a8ff"},
		{".chroma .c1", "color: #57606a", "color: #8b949e"},
		{".chroma .s", "color: #0a3069", "color: #a5d6ff"},
	} {
		if got := rule(light, tc.sel); !strings.Contains(got, tc.light) {
			t.Errorf("light %s { %s }, want %s", tc.sel, got, tc.light)
		}
		if got := rule(dark, tc.sel); !strings.Contains(got, tc.dark) {
			t.Errorf("dark %s { %s }, want %s", tc.sel, got, tc.dark)
		}
	}
	if strings.Contains(rule(light, ".chroma"), "background") || strings.Contains(rule(dark, ".chroma"), "background") {
		t.Errorf("the block's background is set; the theme's --code-bg should show:\n%s", css)
	}
	if err := CodeCSS(&b, "github", "no-such-style"); err == nil {
		t.Error("an unknown style is accepted")
	}
}

func TestWithResets(t *testing.T) {
	got := withResets([]string{"color: #fff"}, []string{"color: #000", "font-weight: bold", "background-color: #eee", "font-style: italic", "text-decoration: underline"})
	want := "color: #fff; font-weight: inherit; background-color: transparent; font-style: inherit; text-decoration: none"
	if strings.Join(got, "; ") != want {
		t.Errorf("withResets = %q, want %q", strings.Join(got, "; "), want)
	}
}

// TestHighlightLanguages checks that the languages scaling pages show are
// highlighted, each with a token of a kind code.css colours.
func TestHighlightLanguages(t *testing.T) {
	tests := []struct {
		lang, code, want string
	}{
		{"python", "import torch\n", `<span class="kn">import</span>`},
		{"py", "def f(): pass\n", `<span class="k">def</span>`},
		{"go", "func main() {}\n", `<span class="kd">func</span>`},
		{"yaml", "x: params\n", `<span class="nt">x</span>`},
		{"json", "{\"a\": 1}\n", `<span class="nt">&#34;a&#34;</span>`},
		{"sh", "echo hi # say\n", `<span class="c1"># say</span>`},
		{"bash", "if true; then :; fi\n", `<span class="k">if</span>`},
		{"toml", "layers = 12 # of the smallest model\n", `<span class="c"># of the smallest model</span>`},
		{"r", "x <- 1\n", `<span class="o">&lt;-</span>`},
		{"julia", "function f end\n", `<span class="k">function</span>`},
		{"latex", "\\alpha\n", `<span class="k">\alpha</span>`},
		{"csv", "a,b\n", `<span class="cl">`},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			var b bytes.Buffer
			if err := New().Convert([]byte("```"+tc.lang+"\n"+tc.code+"```\n"), &b); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), `<pre class="chroma">`) || !strings.Contains(b.String(), tc.want) {
				t.Errorf("```%s renders as\n%s\nwant it highlighted, with %s", tc.lang, b.String(), tc.want)
			}
		})
	}
}
