package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// autolinkDocs are pages with no autolink, whose text linkify cuts at
// spaces, emphasis, tildes and parentheses; and pages with one.
var autolinkDocs = []string{
	"Loss falls as compute grows (a power law) *and* _so_ does ~~error~~ ~x~.\n",
	"# A  heading  with  $x^2$  and  runs  of  spaces \n\nText \\ with \\* escapes &amp; entities.  \nA hard break.\n",
	"- item (one)\n- *item* two\n\n| a (x) | b |\n|---|---|\n| 1 * 2 | _3_ |\n",
	"> quote ( open\n> (close) ~~gone~~\n\n[link (text)](/a) and ![img](b.png) `code (x)`\n",
	"Footnote[^1] and [@key] and $a (b)$.\n\n[^1]: note (with parens)\n",
	"Trailing space \nand tab\tbetween\n\n    indented (code)\n",
	"See www.example.org, http://a.org/x, https://b.org (c), ftp://f.org and me@example.org.\n",
	"WWW.EXAMPLE.ORG and HTTP://A.ORG are not linked; neither is a@b.\n",
}

func TestAutolinksSamePages(t *testing.T) {
	for _, src := range autolinkDocs {
		samePage(t, src)
	}
}

func FuzzAutolinks(f *testing.F) {
	for _, src := range autolinkDocs {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		samePage(t, src)
	})
}

// TestAutolinksLinked: a page with an autolink is read with linkify.
func TestAutolinksLinked(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"See www.example.org.\n", `<a href="http://www.example.org">www.example.org</a>`},
		{"At (https://b.org/x).\n", `<a href="https://b.org/x">https://b.org/x</a>`},
		{"Mail me@example.org now.\n", `<a href="mailto:me@example.org">me@example.org</a>`},
		{"*ftp://f.org/a*\n", `<a href="ftp://f.org/a">ftp://f.org/a</a>`},
	} {
		var b bytes.Buffer
		if err := New().Convert([]byte(tt.src), &b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("%q makes %q, want it to hold %q", tt.src, b.String(), tt.want)
		}
	}
}

// samePage fails t when a page that needs no linkify (needsLinkify)
// reads differently without linkify than with it: other HTML, or other
// text. With an autolink it checks that New reads it with linkify.
func samePage(t *testing.T, src string) {
	t.Helper()
	md := New()
	p := md.Parser().(autolinks)
	with := p.Parser.Parse(text.NewReader([]byte(src)))
	if needsLinkify([]byte(src)) {
		if a, b := dumpTree(md.Parser().Parse(text.NewReader([]byte(src))), []byte(src)), dumpTree(with, []byte(src)); a != b {
			t.Fatalf("page %q: New reads\n%s\nlinkify\n%s", src, a, b)
		}
		return
	}
	without := p.plain.Parse(text.NewReader([]byte(src)))
	var a, b bytes.Buffer
	if err := md.Renderer().Render(&a, []byte(src), with); err != nil {
		t.Fatal(err)
	}
	if err := md.Renderer().Render(&b, []byte(src), without); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Fatalf("page %q: with linkify\n%s\nwithout\n%s", src, a.String(), b.String())
	}
	if a, b := pageText(with, []byte(src)), pageText(without, []byte(src)); a != b {
		t.Fatalf("page %q: text with linkify %q, without %q", src, a, b)
	}
}

// pageText is the text of doc's text nodes, in order, each block's on a
// line, a line break as a space.
func pageText(doc ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.Text:
			if entering {
				b.Write(n.Segment.Value(source))
				if n.SoftLineBreak() || n.HardLineBreak() {
					b.WriteByte(' ')
				}
			}
		default:
			if n.Type() == ast.TypeBlock && !entering {
				b.WriteByte('\n')
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
