package markdown

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

const csvLines = "  model,flops,acc\n  a,1e19,39.3\n  a,2e19,41.2\n  b,1e19,38.0\n"

// fenceDocs are pages whose chart blocks fencedBlocks reads in one call,
// or must leave to goldmark line by line.
var fenceDocs = []string{
	"# T\n\n```chart\ntype: line\ndata: |\n" + csvLines + "x: flops\n```\n\nAfter.\n",
	"```chart\ndata: |\n" + csvLines + "\n" + csvLines + "```\n",                       // a blank line inside
	"```chart\ndata: |\n" + csvLines + "   \n" + csvLines + "```\n",                    // a line of spaces
	"```chart\ndata: |\n" + csvLines + "\t" + csvLines + "```\n",                       // a tab
	"```chart\ndata: |\n" + csvLines,                                                   // never closed
	"```chart\ndata: |\n  a,b\n  1,2",                                                  // no line end at the end
	"```chart\ndata: |\n  a,b\n  1,2\n````\nx\n",                                       // a longer closing fence
	"````chart\ndata: |\n  a,b\n```\n  1,2\n````\n",                                    // a shorter fence inside
	"```chart\ntitle: a `b` c\ndata: |\n" + csvLines + "    ```\n  1,2\n```\n",         // ` in a line, an indented fence
	"~~~chart\ndata: |\n" + csvLines + "~~~\n",                                         // tildes
	"  ```chart\n  data: |\n" + csvLines + "  ```\n",                                   // an indented fence
	"- item\n\n  ```chart\n  data: |\n" + csvLines + "  ```\n",                         // in a list item
	"> ```chart\n> data: |\n>   a,b\n>   1,2\n> ```\n",                                 // in a block quote
	"```chart\r\ndata: |\r\n  a,b\r\n  1,2\r\n```\r\n",                                 // CRLF
	"```python\nx = 1\ny = 2\nz = 3\n```\n",                                            // not a chart
	"```chart\n```\n\n```chart\nx: a\n```\n",                                           // empty, then one line
	"Para\n```chart\ndata: |\n" + csvLines + "```\nlazy\n",                             // after a paragraph
	"```chart\ndata: |\n" + csvLines + "```\n```chart\ndata: |\n" + csvLines + "```\n", // two in a row
}

func TestFencedBlocksSameTree(t *testing.T) {
	for _, src := range fenceDocs {
		sameTree(t, src)
	}
}

func FuzzFencedBlocks(f *testing.F) {
	for _, src := range fenceDocs {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameTree(t, src)
	})
}

// sameTree fails t when src parses to a different tree with fencedBlocks
// than with goldmark's own fenced code block parser.
func sameTree(t *testing.T, src string) {
	t.Helper()
	ours := New().Parser().Parse(text.NewReader([]byte(src)))
	theirs := newMarkdown(parser.DefaultBlockParsers()).Parser().Parse(text.NewReader([]byte(src)))
	if a, b := dumpTree(ours, []byte(src)), dumpTree(theirs, []byte(src)); a != b {
		t.Fatalf("page %q: fencedBlocks reads\n%s\ngoldmark's parser\n%s", src, a, b)
	}
}

// dumpTree writes each node's kind, its lines' text (for a block) or
// segment (for text), and a chart block's fields.
func dumpTree(doc ast.Node, source []byte) string {
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "%v", n.Kind())
		if n.Type() == ast.TypeBlock {
			var lines bytes.Buffer
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				lines.Write(seg.Value(source))
			}
			fmt.Fprintf(&b, " lines %q blank-before %v", lines.String(), n.HasBlankPreviousLines())
		}
		switch v := n.(type) {
		case *ast.Text:
			fmt.Fprintf(&b, " %v", v.Segment)
		case *ChartBlock:
			fmt.Fprintf(&b, " spec %q line %d col %d index %d fence %q %d:%d unclosed %v", v.Spec, v.Line, v.Col, v.Index, v.Fence, v.FenceLine, v.FenceCol, v.Unclosed)
		}
		b.WriteByte('\n')
		return ast.WalkContinue, nil
	})
	return b.String()
}
