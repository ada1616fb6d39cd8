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
	"github.com/yuin/goldmark/util"
)

// New returns the Markdown processor for pages, with any further extensions
// (such as BasePath). It is safe for concurrent use.
func New(extra ...goldmark.Extender) goldmark.Markdown {
	return newMarkdown(blockParsers(), extra...)
}

// newMarkdown is New with the block parsers given, so that a test can
// compare fencedBlocks with goldmark's own parser.
func newMarkdown(blocks []util.PrioritizedValue, extra ...goldmark.Extender) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithParser(newParser(blocks)),
		goldmark.WithExtensions(append([]goldmark.Extender{extension.GFM, extension.Footnote, Charts, Math, Highlight, Figures, Citations}, extra...)...),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
}

// newParser is goldmark's parser with the block parsers given, and our
// parser of link reference definitions: goldmark's takes time growing with
// the square of their number in a block (linkref.go).
func newParser(blocks []util.PrioritizedValue) parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(util.Prioritized(linkReferences{}, 100)),
	)
}
