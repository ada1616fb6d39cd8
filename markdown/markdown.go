// Package markdown configures goldmark the way every scalesite page is read:
// CommonMark with GitHub tables, strikethrough, autolinks and task lists,
// footnotes, heading anchors, ```chart blocks (see chart.go), code highlighted
// with Chroma (highlight.go), captioned images as figures (figure.go),
// citations, [@key] (cite.go), and TeX formulas, $…$ and $$…$$ (math.go).
//
// Parsing and rendering are separate steps on purpose: the site loader parses
// each page once (to find its charts and check them), and the renderer later
// writes the same tree to HTML.
package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
)

// New returns the Markdown processor for pages, with any further extensions
// (such as BasePath). It is safe for concurrent use.
func New(extra ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(append([]goldmark.Extender{extension.GFM, extension.Footnote, Charts, Math, Highlight, Figures, Citations}, extra...)...),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
}
