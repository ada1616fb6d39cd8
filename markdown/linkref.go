package markdown

// This file is goldmark's link reference definition parser
// (github.com/yuin/goldmark v1.8.7, parser/link_ref.go and
// parseLinkDestination in parser/link.go; MIT licence, Copyright (c) 2019
// Yusuke Inuzuka), which goldmark does not export, with one change: the
// lines of the definitions are taken out of their paragraph in one pass,
// and the text of a label or title is found by a binary search for its line
// (linesValue). goldmark copies the rest of the paragraph once for each
// definition, and walks back over the whole paragraph for each label, so a
// block of 200,000 definitions took more than a minute; here it takes a
// fraction of a second. A definition parses as goldmark parses it.

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// linkReferences is the paragraph transformer that takes link reference
// definitions ([label]: destination "title") out of a paragraph's start.
type linkReferences struct{}

var linkFindClosureOptions = text.FindClosureOptions{Nesting: false, Newline: true, Advance: true}

func (linkReferences) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	block := text.NewBlockReader(reader.Source(), lines)
	removed := make([]bool, lines.Len())
	some := false
	for {
		ref, start, end := parseLinkReferenceDefinition(block, reader.Source(), lines, pc)
		if start < 0 {
			break
		}
		if start == 0 {
			ref.SetBlankPreviousLines(node.HasBlankPreviousLines())
		}
		node.Parent().InsertBefore(node.Parent(), node, ref)
		for i := start + 1; i < end; i++ {
			ref.Lines().Append(lines.At(i))
		}
		seg := ref.Lines().At(ref.Lines().Len() - 1)
		ref.Lines().Set(ref.Lines().Len()-1, seg.TrimRightSpace(reader.Source()))
		if start == end {
			end++
		}
		for i := start; i < end && i < len(removed); i++ {
			removed[i], some = true, true
		}
	}
	if !some {
		return
	}
	kept := text.NewSegments()
	for i := range lines.Len() {
		if !removed[i] {
			kept.Append(lines.At(i))
		}
	}
	if kept.Len() == 0 {
		node.Parent().RemoveChild(node.Parent(), node)
		return
	}
	node.SetLines(kept)
}

// parseLinkReferenceDefinition is goldmark's: it parses the definition at
// the position of block, a reader of lines of source, adds it to pc, and
// returns its node and the lines it spans ([start, end), or -1, -1 when
// there is none).
func parseLinkReferenceDefinition(block text.Reader, source []byte, lines *text.Segments, pc parser.Context) (*ast.LinkReferenceDefinition, int, int) {
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if line == nil {
		return nil, -1, -1
	}
	startLine, _ := block.Position()
	width, pos := util.IndentWidth(line, 0)
	if width > 3 {
		return nil, -1, -1
	}
	if width != 0 {
		pos++
	}
	if line[pos] != '[' {
		return nil, -1, -1
	}
	_, startPos := block.Position()
	block.Advance(pos + 1)
	segments, found := block.FindClosure('[', ']', linkFindClosureOptions)
	if !found {
		return nil, -1, -1
	}
	label := segmentsValue(source, lines, segments)
	if util.IsBlank(label) {
		return nil, -1, -1
	}
	if block.Peek() != ':' {
		return nil, -1, -1
	}
	block.Advance(1)
	block.SkipSpaces()
	destination, ok := parseLinkDestination(block)
	if !ok {
		return nil, -1, -1
	}
	line, _ = block.PeekLine()
	isNewLine := line == nil || util.IsBlank(line)

	endLine, _ := block.Position()
	_, spaces, _ := block.SkipSpaces()
	opener := block.Peek()
	define := func(title []byte) *ast.LinkReferenceDefinition {
		ref := ast.NewLinkReferenceDefinition(label, destination, title)
		ref.Lines().Append(startPos)
		pc.AddReference(parser.NewReference(label, destination, title))
		return ref
	}
	if opener != '"' && opener != '\'' && opener != '(' {
		if !isNewLine {
			return nil, -1, -1
		}
		return define(nil), startLine, endLine + 1
	}
	if spaces == 0 {
		return nil, -1, -1
	}
	block.Advance(1)
	closer := opener
	if opener == '(' {
		closer = ')'
	}
	segments, found = block.FindClosure(opener, closer, linkFindClosureOptions)
	if !found {
		if !isNewLine {
			return nil, -1, -1
		}
		ref := define(nil)
		block.AdvanceLine()
		return ref, startLine, endLine + 1
	}
	title := segmentsValue(source, lines, segments)

	line, _ = block.PeekLine()
	if line != nil && !util.IsBlank(line) {
		if !isNewLine {
			return nil, -1, -1
		}
		return define(title), startLine, endLine
	}

	endLine, _ = block.Position()
	return define(title), startLine, endLine + 1
}

// segmentsValue is the text of segments of lines of source, joined.
func segmentsValue(source []byte, lines, segments *text.Segments) []byte {
	if segments.Len() == 1 {
		return linesValue(source, lines, segments.At(0))
	}
	var b []byte
	for i := range segments.Len() {
		b = append(b, linesValue(source, lines, segments.At(i))...)
	}
	return b
}

// linesValue is what goldmark's block reader gives as the Value of seg, a
// segment of lines of source: each line's padding (from a tab) and bytes.
// goldmark's finds the line seg starts in by walking back from the last
// line, which for each definition of a block of them took the time of the
// whole block; a binary search finds the same line.
func linesValue(source []byte, lines *text.Segments, seg text.Segment) []byte {
	line := max(0, sort.Search(lines.Len(), func(i int) bool { return lines.At(i).Start > seg.Start })-1)
	ret := make([]byte, 0, seg.Stop-seg.Start+1)
	i := seg.Start
	for ; line < lines.Len(); line++ {
		s := lines.At(line)
		if i < 0 {
			i = s.Start
		}
		ret = s.ConcatPadding(ret)
		for ; i < seg.Stop && i < s.Stop; i++ {
			ret = append(ret, source[i])
		}
		i = -1
		if s.Stop > seg.Stop {
			break
		}
	}
	return ret
}

// parseLinkDestination is goldmark's: the destination of a link at the
// block reader's position, <in angle brackets> or up to a space, with
// balanced parentheses.
func parseLinkDestination(block text.Reader) ([]byte, bool) {
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if block.Peek() == '<' {
		i := 1
		for i < len(line) {
			c := line[i]
			if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
				i += 2
				continue
			} else if c == '>' {
				block.Advance(i + 1)
				return line[1:i], true
			}
			i++
		}
		return nil, false
	}
	opened := 0
	i := 0
	for i < len(line) {
		c := line[i]
		if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
			i += 2
			continue
		} else if c == '(' {
			opened++
		} else if c == ')' {
			opened--
			if opened < 0 {
				break
			}
		} else if util.IsSpace(c) {
			break
		}
		i++
	}
	block.Advance(i)
	return line[:i], len(line[:i]) != 0
}
