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
// compare fencedBlocks with goldmark's own parser. Its parser reads a page
// with GFM's autolinks only when one may start in it (autolinks.go).
func newMarkdown(blocks []util.PrioritizedValue, extra ...goldmark.Extender) goldmark.Markdown {
	md := withGFM(blocks, []goldmark.Extender{extension.GFM}, extra)
	plain := withGFM(blocks, []goldmark.Extender{extension.Table, extension.Strikethrough, extension.TaskList}, extra)
	md.SetParser(autolinks{Parser: md.Parser(), plain: plain.Parser()})
	return md
}

// withGFM is the processor of pages with gfm, extension.GFM or the parts
// of it it names, and the extensions extra.
func withGFM(blocks []util.PrioritizedValue, gfm, extra []goldmark.Extender) goldmark.Markdown {
	exts := append(append(gfm, extension.Footnote, Charts, Math, Highlight, Figures, Citations), extra...)
	return goldmark.New(
		goldmark.WithParser(newParser(blocks)),
		goldmark.WithExtensions(exts...),
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
