package markdown

import (
	"reflect"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// fencedBlocks is goldmark's fenced code block parser, faster for the
// lines of a ```chart block that stands at the top of the page: inline
// CSV is most of a chart page's lines, and goldmark's parser loop reads
// each line of a block through every open block and keeps one segment per
// line. Here such a block reads, in one Continue, each following line that
// cannot end it (one with text and no ` or ~), through goldmark's own
// Continue, and keeps lines that follow one another in the source as one
// segment. The tree is the same but for that (chart.go reads a block's
// lines as one text either way); TestFencedBlocksSameTree holds it.
type fencedBlocks struct{ parser.BlockParser }

func newFencedBlocks() parser.BlockParser {
	return fencedBlocks{parser.NewFencedCodeBlockParser()}
}

func (b fencedBlocks) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	st := b.BlockParser.Continue(node, reader, pc)
	if st&parser.Continue == 0 || len(pc.OpenedBlocks()) != 1 || !isChartFence(node, reader.Source()) {
		return st
	}
	source := reader.Source()
	for {
		joinLastLines(node.Lines(), source)
		_, pos := reader.Position()
		if !plainCodeLine(source, pos.Stop) {
			return st
		}
		reader.AdvanceLine()
		if st = b.BlockParser.Continue(node, reader, pc); st&parser.Continue == 0 {
			return st
		}
	}
}

// isChartFence reports whether node is a fenced code block marked chart.
func isChartFence(node ast.Node, source []byte) bool {
	fc, ok := node.(*ast.FencedCodeBlock)
	return ok && fc.Info != nil && isChartInfo(fc.Info.Segment.Value(source))
}

// plainCodeLine reports whether the line of source starting at offset at
// exists, holds more than spaces, and has no ` or ~, so that it can
// neither close a fence nor be blank.
func plainCodeLine(source []byte, at int) bool {
	if at <= 0 || at >= len(source) || source[at-1] != '\n' {
		return false
	}
	text := false
	for _, c := range source[at:] {
		switch c {
		case '\n':
			return text
		case '`', '~':
			return false
		case ' ', '\t', '\r':
		default:
			text = true
		}
	}
	return false // the last line, without a line end: left to goldmark
}

// joinLastLines makes the last two of lines one segment when the second
// follows the first in source as it stands, with no padding.
func joinLastLines(lines *text.Segments, source []byte) {
	n := lines.Len()
	if n < 2 {
		return
	}
	prev, last := lines.At(n-2), lines.At(n-1)
	if prev.Padding != 0 || last.Padding != 0 || prev.Stop != last.Start || prev.Stop == prev.Start || source[prev.Stop-1] != '\n' {
		return
	}
	joined := text.NewSegment(prev.Start, last.Stop)
	joined.ForceNewline = last.ForceNewline
	lines.Set(n-2, joined)
	lines.SetSliced(0, n-1)
}

// blockParsers are goldmark's default block parsers with fencedBlocks in
// place of its fenced code block parser.
func blockParsers() []util.PrioritizedValue {
	ps := parser.DefaultBlockParsers()
	fenced := reflect.TypeOf(parser.NewFencedCodeBlockParser())
	for i, p := range ps {
		if reflect.TypeOf(p.Value) == fenced {
			ps[i].Value = newFencedBlocks()
		}
	}
	return ps
}
