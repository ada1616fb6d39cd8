package markdown

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// block is what a test expects of one ChartBlock.
type block struct {
	Line, Col int
	Spec      string
}

// chartBlocks parses src and returns its ChartBlocks in tree order, checking
// that their Index follows that order.
func chartBlocks(t testing.TB, src string) ([]block, ast.Node) {
	t.Helper()
	doc := New().Parser().Parse(text.NewReader([]byte(src)))
	var out []block
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if cb, ok := n.(*ChartBlock); ok && entering {
			if cb.Index != len(out) {
				t.Errorf("chart block %d has Index %d", len(out), cb.Index)
			}
			out = append(out, block{cb.Line, cb.Col, string(cb.Spec)})
		}
		return ast.WalkContinue, nil
	})
	return out, doc
}

func TestChartBlocks(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []block
	}{
		{"alone", "```chart\ndata: a.csv\nx: f\n```\n",
			[]block{{2, 1, "data: a.csv\nx: f\n"}}},
		{"after prose, without front matter", "# Title\n\nSome *prose*.\n\n```chart\ndata: a.csv\n```\n\nMore.\n",
			[]block{{6, 1, "data: a.csv\n"}}},
		{"two charts in order", "```chart\nA\n```\ntext\n\n```chart\nB1\nB2\n```\n",
			[]block{{2, 1, "A\n"}, {7, 1, "B1\nB2\n"}}},
		{"empty block", "Intro.\n\n```chart\n```\n",
			[]block{{4, 1, ""}}},
		{"empty block then another", "```chart\n```\n\n```chart\nB\n```\n",
			[]block{{2, 1, ""}, {5, 1, "B\n"}}},
		{"in a list item", "- one\n- two:\n\n  ```chart\n  data: a.csv\n    x: f\n  ```\n",
			[]block{{5, 3, "data: a.csv\n  x: f\n"}}},
		{"in an ordered list item", "1. one\n\n   ```chart\n   y: g\n   ```\n",
			[]block{{4, 4, "y: g\n"}}},
		{"in a block quote", "> Quoted:\n>\n> ```chart\n> data: a.csv\n> ```\n",
			[]block{{4, 3, "data: a.csv\n"}}},
		{"indented fence", "  ```chart\n  x: f\n  ```\n",
			[]block{{2, 3, "x: f\n"}}},
		{"tilde fence", "~~~chart\nx: f\n~~~\n",
			[]block{{2, 1, "x: f\n"}}},
		{"info string with more words", "```chart {#loss}\nx: f\n```\n",
			[]block{{2, 1, "x: f\n"}}},
		{"space before the info string", "``` chart\nx: f\n```\n",
			[]block{{2, 1, "x: f\n"}}},
		{"unclosed fence runs to the end", "Text.\n\n```chart\nx: f\ny: g\n",
			[]block{{4, 1, "x: f\ny: g\n"}}},
		{"Windows line ends", "Intro.\r\n\r\n```chart\r\nx: f\r\n```\r\n",
			[]block{{4, 1, "x: f\r\n"}}},
		{"non-ASCII before a chart", "Ünïcödé — prose.\n\n```chart\nx: f\n```\n",
			[]block{{4, 1, "x: f\n"}}},
		{"python stays code", "```python\nprint(1)\n```\n", nil},
		{"charts is not chart", "```charts\nx: f\n```\n", nil},
		{"indented code is not a chart", "    ```chart\n    x: f\n    ```\n", nil},
		{"inline code is not a chart", "Write `chart` blocks.\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := chartBlocks(t, tc.src)
			if !slices.Equal(got, tc.want) {
				t.Errorf("chart blocks:\n got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestChartFences checks where each block's opening fence is, and that a
// block no fence closes is known as such.
func TestChartFences(t *testing.T) {
	type fence struct {
		Fence     string
		Line, Col int
		Unclosed  bool
	}
	tests := []struct {
		name string
		src  string
		want []fence
	}{
		{"closed", "Text.\n\n```chart\nx: f\n```\n", []fence{{"```", 3, 1, false}}},
		{"closed at the end without a newline", "```chart\nx: f\n```", []fence{{"```", 1, 1, false}}},
		{"unclosed", "Text.\n\n```chart\nx: f\ny: g\n\nMore prose.\n", []fence{{"```", 3, 1, true}}},
		{"unclosed, the fence alone", "```chart", []fence{{"```", 1, 1, true}}},
		{"unclosed, the fence and a newline", "```chart\n", []fence{{"```", 1, 1, true}}},
		{"empty and closed", "```chart\n```\n", []fence{{"```", 1, 1, false}}},
		{"the second unclosed", "```chart\nA\n```\n\n```chart\nB\n", []fence{{"```", 1, 1, false}, {"```", 5, 1, true}}},
		{"a shorter fence does not close", "````chart\nx: f\n```\n", []fence{{"````", 1, 1, true}}},
		{"a longer fence closes", "```chart\nx: f\n`````\n", []fence{{"```", 1, 1, false}}},
		{"tilde", "~~~ chart\nx: f\n~~~\n", []fence{{"~~~", 1, 1, false}}},
		{"tilde does not close backticks", "```chart\nx: f\n~~~\n", []fence{{"```", 1, 1, true}}},
		{"Windows line ends", "```chart\r\nx: f\r\n```\r\n", []fence{{"```", 1, 1, false}}},
		{"closed in a list item", "- one\n\n  ```chart\n  x: f\n  ```\n", []fence{{"```", 3, 3, false}}},
		{"the list item ends first", "- one\n\n  ```chart\n  x: f\n\nProse.\n", []fence{{"```", 3, 3, true}}},
		{"closed in a block quote", "> ```chart\n> x: f\n> ```\n", []fence{{"```", 1, 3, false}}},
		{"the block quote ends first", "> ```chart\n> x: f\n\nProse.\n", []fence{{"```", 1, 3, true}}},
		{"after non-ASCII", "é ü\n\n  ```chart\n  x\n  ```\n", []fence{{"```", 3, 3, false}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := New().Parser().Parse(text.NewReader([]byte(tc.src)))
			var got []fence
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if cb, ok := n.(*ChartBlock); ok && entering {
					got = append(got, fence{cb.Fence, cb.FenceLine, cb.FenceCol, cb.Unclosed})
				}
				return ast.WalkContinue, nil
			})
			if !slices.Equal(got, tc.want) {
				t.Errorf("fences:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestOtherCodeStaysCode(t *testing.T) {
	_, doc := chartBlocks(t, "```python\nprint(1)\n```\n\n```chart\nx: f\n```\n")
	var kinds []string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		kinds = append(kinds, n.Kind().String())
	}
	if want := "FencedCodeBlock ChartBlock"; strings.Join(kinds, " ") != want {
		t.Errorf("top-level blocks = %q, want %q", kinds, want)
	}
	var b bytes.Buffer
	if err := New().Convert([]byte("```python\nprint(1)\n```\n"), &b); err != nil {
		t.Fatal(err)
	}
	if want := `<pre class="chroma"><code><span class="line"><span class="cl"><span class="nb">print</span>`; !strings.Contains(b.String(), want) {
		t.Errorf("a python block renders as %q, want it to contain %q", b.String(), want)
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // fragments of the HTML
	}{
		{"table", "| model | acc |\n|:--|--:|\n| a | 1 |\n",
			[]string{"<table>", `<th style="text-align:left">model</th>`, `<td style="text-align:right">1</td>`}},
		{"strikethrough", "~~old~~ new\n", []string{"<del>old</del> new"}},
		{"autolinks", "See https://example.org/x and www.example.com.\n",
			[]string{`<a href="https://example.org/x">https://example.org/x</a>`, `<a href="http://www.example.com">www.example.com</a>`}},
		{"footnotes", "A claim.[^src]\n\n[^src]: The source.\n",
			[]string{`<a href="#fn:1" class="footnote-ref" role="doc-noteref">1</a>`, `<li id="fn:1">`, "The source."}},
		{"heading ids", "# Scaling Laws\n\n## Results: RWKV-7\n\n## Scaling Laws\n",
			[]string{`<h1 id="scaling-laws">`, `<h2 id="results-rwkv-7">`, `<h2 id="scaling-laws-1">`}},
		{"task list", "- [x] done\n- [ ] todo\n", []string{`<input checked="" disabled="" type="checkbox"> done`}},
		{"chart placeholder without a ChartWriter", "Before.\n\n```chart\nx: f\n```\n\nAfter.\n",
			[]string{"<p>Before.</p>\n<figure class=\"scalesite-chart\"></figure>\n<p>After.</p>"}},
		{"raw HTML is not passed through", "<script>alert(1)</script>\n", []string{"<!-- raw HTML omitted -->"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := New().Convert([]byte(tc.src), &b); err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("HTML lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

// chartWriter hands out chart markup by index, as the page renderer does.
type chartWriter struct {
	*bufio.Writer
	charts []string
}

func (w chartWriter) WriteChart(i int) error {
	_, err := w.WriteString(w.charts[i])
	return err
}

func TestChartWriter(t *testing.T) {
	src := []byte("Intro.\n\n```chart\nA\n```\n\n- item\n\n  ```chart\n  B\n  ```\n\nEnd.\n")
	md := New()
	doc := md.Parser().Parse(text.NewReader(src))
	var b bytes.Buffer
	w := chartWriter{bufio.NewWriter(&b), []string{"<div id=\"one\"></div>\n", "<div id=\"two\"></div>\n"}}
	if err := md.Renderer().Render(w, src, doc); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	want := "<p>Intro.</p>\n<div id=\"one\"></div>\n<ul>\n<li>\n<p>item</p>\n<div id=\"two\"></div>\n</li>\n</ul>\n<p>End.</p>\n"
	if b.String() != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", b.String(), want)
	}
}

// FuzzMarkdown checks that no page makes the parser or renderer panic, that
// every chart block has a position, and, for inputs simple enough to scan
// line by line (no lists, quotes or indentation), that the blocks are
// exactly the ```chart fences with their lines and content.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{
		"```chart\nx: f\n```\n",
		"text\n```chart\n```\nmore\n```chart\na: b\n",
		"- a\n\n  ```chart\n  x\n  ```\n",
		"> ```chart\n> x\n",
		"```python\nx\n```\n```chart\ny\n```",
		"| a |\n|---|\n| ```chart |\n",
		"[^1]\n\n[^1]: ```chart\n",
		"\r\n```chart\r\nx\r\n```",
		"![a](b.png \"c\")\n\n> ![x][r]\n\n[r]: y \"t\"\n",
		"```go {linenos=true hl_lines=[1]}\nfunc f() {}\n```\n\n```nosuch\n<b>\n```\n",
		"",
	} {
		f.Add(s)
	}
	md := New()
	f.Fuzz(func(t *testing.T, src string) {
		doc := md.Parser().Parse(text.NewReader([]byte(src)))
		lines := strings.Count(src, "\n") + 1
		var got []block
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if cb, ok := n.(*ChartBlock); ok && entering {
				if cb.Index != len(got) {
					t.Errorf("chart block %d has Index %d", len(got), cb.Index)
				}
				if cb.Line < 1 || cb.Line > lines+1 || cb.Col < 1 {
					t.Errorf("chart block %d at line %d col %d; the source has %d lines", cb.Index, cb.Line, cb.Col, lines)
				}
				got = append(got, block{cb.Line, cb.Col, string(cb.Spec)})
			}
			return ast.WalkContinue, nil
		})
		var b bytes.Buffer
		if err := md.Renderer().Render(&b, []byte(src), doc); err != nil {
			t.Errorf("Render: %v", err)
		}
		if want, ok := scanCharts(src); ok {
			if len(got) != len(want) {
				t.Fatalf("%d chart blocks, a line scan finds %d fences in %q", len(got), len(want), src)
			}
			for i := range want {
				g, w := got[i], want[i]
				// An empty block at the very end has no line after its fence.
				if g.Col != 1 || g.Spec != w.Spec || (g.Line != w.Line && !(w.Spec == "" && g.Line == w.Line-1)) {
					t.Errorf("chart block %d = %+v, a line scan says %+v, in %q", i, g, w, src)
				}
			}
		}
	})
}

// scanCharts finds the ```chart blocks of src by a line scan. ok is false
// unless every line is a bare fence or plain text that cannot start any
// other block (lower-case letters, digits, spaces inside, ":" and ",").
func scanCharts(src string) (blocks []block, ok bool) {
	var cur *block
	for i, line := range strings.Split(src, "\n") {
		switch {
		case cur == nil && line == "```chart":
			blocks = append(blocks, block{Line: i + 2, Col: 1})
			cur = &blocks[len(blocks)-1]
		case cur != nil && line == "```":
			cur = nil
		case !plain(line):
			return nil, false
		case cur != nil:
			cur.Spec += line + "\n"
		}
	}
	if cur != nil && strings.HasSuffix(src, "\n") {
		// An unclosed block runs to the end of src; the scan saw one more
		// (empty) line after src's last line end than the block holds. (The
		// parser ends a last line that has no line end with one.)
		cur.Spec = strings.TrimSuffix(cur.Spec, "\n")
	}
	return blocks, true
}

func plain(line string) bool {
	if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") {
		return false
	}
	for _, r := range line {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == ' ' || r == ':' || r == ',') {
			return false
		}
	}
	return true
}

func TestBasePathLinks(t *testing.T) {
	tests := []struct{ base, in, want string }{
		{"/repo/", "[a](/b/)", `<p><a href="/repo/b/">a</a></p>`},
		{"/repo/", "![i](/img/x.png)", `<p><img src="/repo/img/x.png" alt="i"></p>`},
		{"/repo/", "[a](b/)", `<p><a href="b/">a</a></p>`},
		{"/repo/", "[a](//cdn.example/x)", `<p><a href="//cdn.example/x">a</a></p>`},
		{"/repo/", "[a](https://example.org/)", `<p><a href="https://example.org/">a</a></p>`},
		{"/", "[a](/b/)", `<p><a href="/b/">a</a></p>`},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := New(BasePath(tt.base)).Convert([]byte(tt.in), &out); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.String()); got != tt.want {
			t.Errorf("base %s: %s → %s, want %s", tt.base, tt.in, got, tt.want)
		}
	}
}

// TestBlockContentIsTheLinesText holds blockContent to what goldmark's own
// Segment.Value gives line by line, whether it takes the source as it is
// (lines one after another) or copies, and checks that the source taken
// as it is cannot be written past by an append.
func TestBlockContentIsTheLinesText(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		alias bool // the spec is the source's own bytes
	}{
		{"top level", "```chart\ndata: a.csv\nx: f\n```\n", true},
		{"no line end at the end", "```chart\ndata: a.csv\nx: f", false},
		{"empty", "```chart\n```\n", false},
		{"blank lines", "```chart\n\nx: f\n\n  \ny: g\n```\n", true},
		{"in a list item", "- two:\n\n  ```chart\n  data: a.csv\n    x: f\n  ```\n", false},
		{"in a block quote", "> ```chart\n> data: a.csv\n> x: f\n> ```\n", false},
		{"indented fence", "  ```chart\n  x: f\n   y: g\n```\n", false},
		{"tab in a list item", "- a\n\n  ```chart\n  \tx: f\n  y: g\n  ```\n", false},
		{"windows line ends", "```chart\r\ndata: a.csv\r\nx: f\r\n```\r\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			source := []byte(tt.src)
			doc := New().Parser().Parse(text.NewReader(source))
			found := false
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				cb, ok := n.(*ChartBlock)
				if !ok || !entering {
					return ast.WalkContinue, nil
				}
				found = true
				var want []byte
				for i := range cb.Lines().Len() {
					seg := cb.Lines().At(i)
					want = append(want, seg.Value(source)...)
				}
				if !bytes.Equal(cb.Spec, want) {
					t.Errorf("Spec = %q, want %q", cb.Spec, want)
				}
				aliased := false
				for i := range source {
					aliased = aliased || (len(cb.Spec) > 0 && &cb.Spec[0] == &source[i])
				}
				if len(want) > 0 && aliased != tt.alias {
					t.Errorf("Spec is the source's bytes: %v, want %v", aliased, tt.alias)
				}
				if aliased && cap(cb.Spec) != len(cb.Spec) {
					t.Errorf("Spec aliases the source with room to append (cap %d, len %d)", cap(cb.Spec), len(cb.Spec))
				}
				return ast.WalkContinue, nil
			})
			if !found {
				t.Fatal("no chart block")
			}
		})
	}
}
