package markdown

import (
	"bytes"
	"html"

	"github.com/scalesite/scalesite/internal/texdelim"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Math is the goldmark extension for TeX formulas, written as Pandoc reads
// them:
//
//   - $…$ and \(…\) inline; $$…$$ and \[…\] display math, in a paragraph;
//   - a line holding only $$ (or \[) opens a display block, which a line
//     ending with $$ (or \]) closes, like a fence;
//   - an opening $ has a non-space right after it, and the next $ closes
//     it if it has a non-space right before it and no digit after it, or
//     else the opening $ is a dollar sign: prices ("$5 and $10") stay
//     prose; \$ is a dollar sign. A $ formula holds no backtick, so that
//     a price before code ("$10 for `$HOME`") stays prose too.
//
// The parser only finds formulas: whoever typesets them (the site loader,
// with KaTeX) sets each Formula's HTML, which the renderer writes. A
// formula not typeset renders as its TeX, escaped, between its delimiters.
var Math goldmark.Extender = mathExtension{}

var (
	// KindInlineMath is the node kind of an inline formula.
	KindInlineMath = ast.NewNodeKind("InlineMath")
	// KindMathBlock is the node kind of a display block.
	KindMathBlock = ast.NewNodeKind("MathBlock")
)

// Formula is a formula as written. The node's Pos is the offset of its
// opening delimiter in the parsed source.
type Formula struct {
	// TeX is the formula between its delimiters: the text of Parts.
	TeX string
	// Display reports display math, set on a line of its own.
	Display bool
	// Open and Close are the delimiters: "$", "$$", `\(`, `\[`, and the
	// closing `\)` or `\]`.
	Open, Close string
	// Parts are where TeX comes from in the source, line by line: a
	// formula in a list item or a block quote leaves out the indentation
	// and "> " before its lines.
	Parts []text.Segment
	// HTML is the typeset formula, set by whoever typesets the page; nil
	// until then.
	HTML []byte
}

// Offset returns the offset in the parsed source of the byte at offset i
// of TeX (the end of the formula for i = len(TeX)).
func (f *Formula) Offset(i int) int {
	for _, p := range f.Parts {
		if i < p.Len() {
			// A tab in a list item's indentation counts as spaces.
			return p.Start + max(0, i-p.Padding)
		}
		i -= p.Len()
	}
	if len(f.Parts) == 0 {
		return -1
	}
	return f.Parts[len(f.Parts)-1].Stop
}

// FormulaOf returns the formula of a *Math or *MathBlock node, or nil.
func FormulaOf(n ast.Node) *Formula {
	switch m := n.(type) {
	case *InlineMath:
		return &m.Formula
	case *MathBlock:
		return &m.Formula
	}
	return nil
}

// InlineMath is an inline formula: $…$, \(…\), or $$…$$ and \[…\] within a
// paragraph.
type InlineMath struct {
	ast.BaseInline
	Formula
}

// Kind implements ast.Node.
func (n *InlineMath) Kind() ast.NodeKind { return KindInlineMath }

// Dump implements ast.Node.
func (n *InlineMath) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": n.TeX, "Open": n.Open}, nil)
}

// MathBlock is display math between a line holding only $$ (or \[) and a
// line ending with $$ (or \]).
type MathBlock struct {
	ast.BaseBlock
	Formula
	// Unclosed reports that no line closes the block: it runs to the end
	// of the page (or of its list item or block quote).
	Unclosed bool
}

// Kind implements ast.Node.
func (n *MathBlock) Kind() ast.NodeKind { return KindMathBlock }

// IsRaw reports that the block's content is not Markdown.
func (n *MathBlock) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *MathBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"TeX": n.TeX}, nil)
}

type mathExtension struct{}

func (mathExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithInlineParsers(util.Prioritized(mathInlineParser{}, 150)),
		parser.WithBlockParsers(util.Prioritized(mathBlockParser{}, 650)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(mathRenderer{}, 100)))
}

// mathInlineParser finds inline formulas, which may run over the lines of
// a paragraph.
type mathInlineParser struct{}

func (mathInlineParser) Trigger() []byte { return []byte{'$', '\\'} }

// noCloserKey holds, for the block being parsed, the offset from which no
// closing delimiter follows, by delimiter: a paragraph of prices ("$5,
// $6, $7...") is then scanned once, not once per dollar sign.
var noCloserKey = parser.NewContextKey()

type noCloser struct {
	block ast.Node
	from  map[string]int
}

func (mathInlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	f := Formula{Open: "$", Close: "$"}
	switch {
	case bytes.HasPrefix(line, []byte("$$")):
		f.Open, f.Close, f.Display = "$$", "$$", true
	case line[0] == '$':
		if len(line) < 2 || util.IsSpace(line[1]) {
			return nil // "$ 5": an opening $ has a non-space after it
		}
	case bytes.HasPrefix(line, []byte(`\(`)):
		f.Open, f.Close = `\(`, `\)`
	case bytes.HasPrefix(line, []byte(`\[`)):
		f.Open, f.Close, f.Display = `\[`, `\]`, true
	default:
		return nil
	}
	start := seg.Start
	nc, _ := pc.Get(noCloserKey).(*noCloser)
	if nc == nil || nc.block != parent {
		nc = &noCloser{block: parent, from: map[string]int{}}
		pc.Set(noCloserKey, nc)
	}
	if from, ok := nc.from[f.Close]; ok && start >= from {
		if f.Open[0] == '$' {
			block.Advance(len(f.Open))
		}
		return notMath(f.Open, seg)
	}
	block.Advance(len(f.Open))
	l, pos := block.Position()
	afterSpace := false // whether the line before ended (for a closing $)
	for {
		line, seg := block.PeekLine()
		if line == nil {
			nc.from[f.Close] = start
			block.SetPosition(l, pos)
			return notMath(f.Open, seg.WithStart(start))
		}
		i, ok := texdelim.Closer(line, f.Close, afterSpace)
		if !ok {
			block.SetPosition(l, pos)
			return notMath(f.Open, seg.WithStart(start))
		}
		if i >= 0 {
			f.Parts = append(f.Parts, seg.WithStop(seg.Start+i))
			block.Advance(i + len(f.Close))
			break
		}
		f.Parts = append(f.Parts, seg)
		block.AdvanceLine()
		afterSpace = true
	}
	f.TeX = partsText(f.Parts, block.Source())
	n := &InlineMath{Formula: f}
	// The TeX as the node's text, for what reads text out of a tree (a
	// heading's entry in a table of contents, an image's alt text); the
	// renderer writes the formula instead.
	for _, p := range f.Parts {
		n.AppendChild(n, ast.NewRawTextSegment(p))
	}
	return n
}

// notMath is what an opening delimiter without a closing one is: a dollar
// sign (or two) of prose, or, for \( and \[, the escaped bracket that
// CommonMark makes of it.
func notMath(open string, seg text.Segment) ast.Node {
	if open[0] == '\\' {
		return nil
	}
	return ast.NewTextSegment(text.NewSegment(seg.Start, seg.Start+len(open)))
}

func partsText(parts []text.Segment, source []byte) string {
	n := 0
	for _, p := range parts {
		n += p.Len()
	}
	b := make([]byte, 0, n)
	for _, p := range parts {
		b = append(b, p.Value(source)...)
	}
	return string(b)
}

// mathBlockParser reads display blocks: $$ (or \[) alone on a line, the
// formula's lines, and a line ending with $$ (or \]).
type mathBlockParser struct{}

func (mathBlockParser) Trigger() []byte { return []byte{'$', '\\'} }

func (mathBlockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	f := Formula{Display: true}
	switch string(util.TrimRightSpace(line[pos:])) {
	case "$$":
		f.Open, f.Close = "$$", "$$"
	case `\[`:
		f.Open, f.Close = `\[`, `\]`
	default:
		return nil, parser.NoChildren
	}
	// A paragraph with a $$ still open goes on: this line closes the
	// formula in it ("The law $$L = E\n$$").
	if last := pc.LastOpenedBlock().Node; last != nil && ast.IsParagraph(last) && opensMath(pc, last, reader.Source(), f.Open, f.Close) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL()
	return &MathBlock{Formula: f, Unclosed: true}, parser.NoChildren
}

// openKey holds how far opensMath has read the paragraph being parsed, so
// that a paragraph of many lines is read once, not once per $$ line.
var openKey = parser.NewContextKey()

type openState struct {
	para ast.Node
	read map[string][2]int // by opening delimiter: lines read, depth
}

// opensMath reports whether the lines of para hold more unescaped opening
// than closing delimiters.
func opensMath(pc parser.Context, para ast.Node, source []byte, open, close string) bool {
	st, _ := pc.Get(openKey).(*openState)
	if st == nil || st.para != para {
		st = &openState{para: para, read: map[string][2]int{}}
		pc.Set(openKey, st)
	}
	lines := para.Lines()
	from, depth := st.read[open][0], st.read[open][1]
	for i := from; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := seg.Value(source)
		for j := 0; j < len(line); j++ {
			switch {
			case open == close && bytes.HasPrefix(line[j:], []byte(open)):
				depth = 1 - depth
				j += len(open) - 1
			case bytes.HasPrefix(line[j:], []byte(open)):
				depth++
				j += len(open) - 1
			case bytes.HasPrefix(line[j:], []byte(close)):
				depth = max(0, depth-1)
				j += len(close) - 1
			case line[j] == '\\':
				j++
			}
		}
	}
	st.read[open] = [2]int{lines.Len(), depth}
	return depth > 0
}

func (mathBlockParser) Continue(node ast.Node, reader text.Reader, _ parser.Context) parser.State {
	m := node.(*MathBlock)
	line, seg := reader.PeekLine()
	if line == nil {
		return parser.Close
	}
	content := util.TrimRightSpace(line)
	if bytes.HasSuffix(content, []byte(m.Close)) && !escaped(content, len(content)-len(m.Close)) {
		end := len(content) - len(m.Close)
		if end > 0 {
			m.Parts = append(m.Parts, seg.WithStop(seg.Start+end))
		}
		m.Unclosed = false
		reader.AdvanceToEOL()
		return parser.Close
	}
	m.Parts = append(m.Parts, seg)
	reader.AdvanceToEOL()
	return parser.Continue | parser.NoChildren
}

// escaped reports whether the byte at i of line is escaped: an odd number
// of backslashes stands before it.
func escaped(line []byte, i int) bool {
	n := 0
	for i > 0 && line[i-1] == '\\' {
		n++
		i--
	}
	return n%2 == 1
}

func (mathBlockParser) Close(node ast.Node, reader text.Reader, _ parser.Context) {
	m := node.(*MathBlock)
	m.TeX = partsText(m.Parts, reader.Source())
	lines := text.NewSegments()
	for _, p := range m.Parts {
		lines.Append(p)
	}
	m.SetLines(lines)
}

func (mathBlockParser) CanInterruptParagraph() bool { return true }

func (mathBlockParser) CanAcceptIndentedLine() bool { return false }

type mathRenderer struct{}

func (mathRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindInlineMath, renderMath)
	reg.Register(KindMathBlock, renderMath)
}

func renderMath(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	f := FormulaOf(n)
	_, block := n.(*MathBlock)
	class := "math inline"
	if f.Display {
		class = "math display"
	}
	tag := "span"
	if block {
		tag = "div"
	}
	_, _ = w.WriteString("<" + tag + ` class="` + class + `">`)
	if f.HTML != nil {
		_, _ = w.Write(f.HTML)
	} else if block {
		_, _ = w.WriteString(html.EscapeString(f.Open + "\n" + f.TeX + f.Close))
	} else {
		_, _ = w.WriteString(html.EscapeString(f.Open + f.TeX + f.Close))
	}
	_, err := w.WriteString("</" + tag + ">")
	if block {
		_, err = w.WriteString("\n")
	}
	return ast.WalkSkipChildren, err
}
