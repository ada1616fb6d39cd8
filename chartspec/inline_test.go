package chartspec

import (
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

// TestInlinePositions checks the contract between DataRef.InlinePos and a CSV
// reader: the reader numbers the inline text's lines from InlinePos.Line and
// its bytes from InlinePos.Col, and must land on the same cell in the page.
func TestInlinePositions(t *testing.T) {
	tests := []struct {
		name string
		spec string
	}{
		{"literal", "data: |\n  model,flops,loss\n  a,1e20,3.1\n  b,2e20,2.9\n  c,4e20,2.7\nx: flops\ny: loss\n"},
		{"comment and blank line after the indicator", "data: |-  # inline\n\n    model,flops,loss\n    a,1e20,3.1\n\n    b,2e20,2.9\n    c,4e20,2.7\nx: flops\ny: loss\n"},
		{"keep chomping", "x: flops\ny: loss\ndata: |+\n  model,flops,loss\n  a,1e20,3.1\n  b,2e20,2.9\n  c,4e20,2.7\n\n"},
		{"indentation indicator", "data: |2\n  model,flops,loss\n  a,1e20,3.1\n  b,2e20,2.9\n  c,4e20,2.7\nx: flops\ny: loss\n"},
		{"folded", "data: >\n   model,flops,loss\n   a,1e20,3.1\n   b,2e20,2.9\n   c,4e20,2.7\nx: flops\ny: loss\n"},
		{"in a panel", "x: flops\ny: loss\npanels:\n  - title: A\n    data: |\n        model,flops,loss\n        a,1e20,3.1\n        b,2e20,2.9\n        c,4e20,2.7\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := "---\ntitle: Loss\n---\nSome prose.\n\n```chart\n" + tt.spec + "```\n"
			lines := strings.Split(page, "\n")
			at := diag.Pos{File: "content/loss.md", Line: 7, Col: 1}
			c, err := Parse([]byte(tt.spec), at)
			if err != nil {
				t.Fatal(err)
			}
			d := c.Panels[0].Data
			rows := strings.Split(strings.TrimRight(d.Inline, "\n"), "\n")
			third := len(rows) - 1 // the 3rd data row is the last
			if rows[0] != "model,flops,loss" || rows[third] != "c,4e20,2.7" {
				t.Fatalf("inline data %q: want the header first and the 3rd row last", d.Inline)
			}
			// Where a CSV reader starting at InlinePos puts the cell at
			// byte off of row i, and what the page holds there.
			cellAt := func(i, off int) (diag.Pos, string) {
				p := diag.Pos{File: d.InlinePos.File, Line: d.InlinePos.Line + i, Col: d.InlinePos.Col + off}
				if p.Line < 1 || p.Line > len(lines) || p.Col < 1 || p.Col > len(lines[p.Line-1]) {
					return p, ""
				}
				return p, lines[p.Line-1][p.Col-1:]
			}
			// The 3rd data row's "flops" cell, spelled out.
			p, text := cellAt(third, strings.Index(rows[third], "4e20"))
			if p.File != "content/loss.md" || !strings.HasPrefix(text, "4e20,2.7") {
				t.Errorf("cell 4e20 of the 3rd row maps to %v, which holds %q", p, text)
			}
			// Every cell.
			for i, row := range rows {
				off := 0
				for _, cell := range strings.Split(row, ",") {
					if p, text := cellAt(i, off); !strings.HasPrefix(text, cell) {
						t.Errorf("row %d cell %q maps to %v, which holds %q", i, cell, p, text)
					}
					off += len(cell) + 1
				}
			}
		})
	}
}

// TestInlineQuoted covers inline CSV in a quoted string: rare, and its
// positions can only be approximate, but it must still read as inline data.
func TestInlineQuoted(t *testing.T) {
	c, err := Parse([]byte("data: \"a,b\\n1,2\\n\"\nx: a\ny: b\n"), at)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Panels[0].Data
	if d.Path != "" || d.Inline != "a,b\n1,2\n" || d.InlinePos != pos(1, 8) {
		t.Errorf("got %+v", d)
	}
}
