package site

import (
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/scalesite/scalesite/markdown"
)

func TestUnclosedChart(t *testing.T) {
	tests := []struct {
		name, body string
		bodyLine   int
		want       string // "" for no error
	}{
		{"closed", "Text.\n\n```chart\ndata: a.csv\n```\n", 5, ""},
		{"unclosed", "Text.\n\n```chart\ndata: a.csv\nx: a\n\nMore prose: with a colon.\n", 5,
			"content/p.md:7:1: this ```chart block is never closed: end the chart spec with a line holding only ```"},
		{"unclosed tilde in a list item", "- item\n\n  ~~~~chart\n  x: a\n", 1,
			"content/p.md:3:3: this ~~~~chart block is never closed: end the chart spec with a line holding only ~~~~"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := markdown.New().Parser().Parse(text.NewReader([]byte(tt.body)))
			var got string
			_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if cb, ok := n.(*markdown.ChartBlock); ok && entering {
					if err := unclosedChart(cb, "content/p.md", tt.bodyLine); err != nil {
						got = err.Error()
					}
				}
				return ast.WalkContinue, nil
			})
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
