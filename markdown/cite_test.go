package markdown

import (
	"bufio"
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// citations parses src and returns its citations in order.
func citations(src string) []*Citation {
	doc := New().Parser().Parse(text.NewReader([]byte(src)))
	var out []*Citation
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*Citation); ok && entering {
			out = append(out, c)
		}
		return ast.WalkContinue, nil
	})
	return out
}

func TestCitations(t *testing.T) {
	item := func(key string, off int) CiteItem { return CiteItem{Key: key, Offset: off} }
	tests := []struct {
		name string
		src  string
		want [][]CiteItem // one list per citation
	}{
		{"one key", "As shown [@hoffmann2022].", [][]CiteItem{{item("hoffmann2022", 10)}}},
		{"two keys", "Both [@kaplan2020; @hoffmann2022].", [][]CiteItem{{item("kaplan2020", 6), item("hoffmann2022", 19)}}},
		{"a locator", "See [@kaplan2020, p. 3].", [][]CiteItem{{{Key: "kaplan2020", Locator: "p. 3", Offset: 5}}}},
		{"locators and spaces", "[ @a , fig.  2 ;@b,sec. 4 ]", [][]CiteItem{{{Key: "a", Locator: "fig. 2", Offset: 2}, {Key: "b", Locator: "sec. 4", Offset: 16}}}},
		{"author left out", "Hoffmann et al. [-@hoffmann2022] fit it.", [][]CiteItem{{{Key: "hoffmann2022", SuppressAuthor: true, Offset: 18}}}},
		{"key punctuation", "[@Hoffmann:2022/v2.final] and [@a-b_c]", [][]CiteItem{{item("Hoffmann:2022/v2.final", 1)}, {item("a-b_c", 31)}}},
		{"punctuation after the key", "[@a.]", nil},
		{"braced key", "[@{odd key!}]", nil},
		{"braced key without spaces", "[@{odd=key!}]", [][]CiteItem{{item("odd=key!", 1)}}},
		{"unicode key", "[@müller2021]", [][]CiteItem{{item("müller2021", 1)}}},
		{"over two lines", "Shown [@kaplan2020;\n@hoffmann2022] too.", [][]CiteItem{{item("kaplan2020", 7), item("hoffmann2022", 20)}}},
		{"in a list item over two lines", "- item [@a;\n  @b]\n", [][]CiteItem{{item("a", 8), item("b", 14)}}},
		{"in emphasis", "*as [@a] said*", [][]CiteItem{{item("a", 5)}}},
		{"in a heading", "## Results [@a]\n", [][]CiteItem{{item("a", 12)}}},
		{"e-mail address", "Write to jo@example.com.", nil},
		{"handle", "Thanks to @karpathy and (@ylecun).", nil},
		{"handle in brackets with words", "[thanks @karpathy]", nil},
		{"words after the key", "[@a and others]", nil},
		{"link with citation-like text", "[@a](https://example.com)", nil},
		{"reference link", "[@a][ref]\n\n[ref]: https://example.com\n", nil},
		{"escaped bracket", `\[@a]`, nil},
		{"code span", "`[@a]`", nil},
		{"code block", "```\n[@a]\n```\n", nil},
		{"empty key", "[@] and [@;@b] and [-@]", nil},
		{"unclosed", "[@a is never closed", nil},
		{"nested brackets", "[@a [b]]", nil},
		{"footnote", "Text[^1].\n\n[^1]: Note.\n", nil},
		{"task list", "- [ ] @a\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]CiteItem
			for _, c := range citations(tt.src) {
				got = append(got, c.Items)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("citations in %q:\n got %+v\nwant %+v", tt.src, got, tt.want)
			}
			// Each offset points at the item's @.
			for _, c := range citations(tt.src) {
				for _, it := range c.Items {
					if it.Offset >= len(tt.src) || tt.src[it.Offset] != '@' {
						t.Errorf("offset %d of %q is not at an @", it.Offset, it.Key)
					}
				}
			}
		})
	}
}

func TestParseCitation(t *testing.T) {
	items, ok := ParseCitation("[@a, p. 2; -@b]")
	want := []CiteItem{{Key: "a", Locator: "p. 2", Offset: 1}, {Key: "b", SuppressAuthor: true, Offset: 12}}
	if !ok || !reflect.DeepEqual(items, want) {
		t.Errorf("ParseCitation = %+v, %v; want %+v", items, ok, want)
	}
	for _, s := range []string{"", "[]", "@a", "[@a", "[a]", "[@a]]", "[[@a]"} {
		if _, ok := ParseCitation(s); ok {
			t.Errorf("ParseCitation(%q) is a citation", s)
		}
	}
}

type citeWriter struct{ *bufio.Writer }

func (citeWriter) CitationHTML(c *Citation) []byte {
	return []byte("<cite>" + strings.Join(c.Keys(), "+") + "</cite>")
}

func TestCitationRender(t *testing.T) {
	src := []byte("As [@a; @b] say, and [x](y) <me@example.com>.\n")
	md := New()
	doc := md.Parser().Parse(text.NewReader(src))
	for _, tc := range []struct {
		name string
		w    func(*bytes.Buffer) *bufio.Writer
		want string
	}{
		{"with the bibliography", nil, `<p>As <cite>a+b</cite> say, and <a href="y">x</a> <a href="mailto:me@example.com">me@example.com</a>.</p>` + "\n"},
		{"without", nil, `<p>As <span class="citation">[@a; @b]</span> say, and <a href="y">x</a> <a href="mailto:me@example.com">me@example.com</a>.</p>` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			bw := bufio.NewWriter(&b)
			var err error
			if tc.name == "without" {
				err = md.Renderer().Render(bw, src, doc)
			} else {
				err = md.Renderer().Render(citeWriter{bw}, src, doc)
			}
			if err != nil {
				t.Fatal(err)
			}
			bw.Flush()
			if b.String() != tc.want {
				t.Errorf("rendered:\n%s\nwant:\n%s", b.String(), tc.want)
			}
		})
	}
}

// FuzzCitations checks that no page makes the citation parser panic, that
// every item's offset points at its @ and its key is not empty, and that
// rendering with and without a bibliography works.
func FuzzCitations(f *testing.F) {
	for _, s := range []string{
		"As [@a; @b, p. 3] and [-@c].",
		"- [@a;\n  @b]\n",
		"> [@a\n> ; @b]",
		"[@{x}] [@] [@a](u) [@a][r] \\[@a] `[@a]`",
		"[@a [@b]]",
		"jo@example.com [x @y]",
	} {
		f.Add(s)
	}
	md := New()
	f.Fuzz(func(t *testing.T, src string) {
		doc := md.Parser().Parse(text.NewReader([]byte(src)))
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if c, ok := n.(*Citation); ok && entering {
				if len(c.Items) == 0 {
					t.Errorf("citation %q without items", c.Raw)
				}
				for _, it := range c.Items {
					if it.Key == "" || it.Offset < 0 || it.Offset >= len(src) || src[it.Offset] != '@' {
						t.Errorf("item %+v of %q: empty key or offset not at an @", it, c.Raw)
					}
				}
			}
			return ast.WalkContinue, nil
		})
		var b bytes.Buffer
		bw := bufio.NewWriter(&b)
		if err := md.Renderer().Render(citeWriter{bw}, []byte(src), doc); err != nil {
			t.Errorf("Render: %v", err)
		}
		if items, ok := ParseCitation(src); ok {
			for _, it := range items {
				if src[it.Offset] != '@' {
					t.Errorf("ParseCitation(%q): offset %d not at an @", src, it.Offset)
				}
			}
		}
	})
}
