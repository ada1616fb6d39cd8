package markdown

import (
	"bytes"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindChartBlock is the node kind of a ```chart block.
var KindChartBlock = ast.NewNodeKind("ChartBlock")

// ChartBlock is a fenced code block whose info string is "chart". It stands in
// the tree where the block stood, so the chart appears at that place in the page.
type ChartBlock struct {
	ast.BaseBlock
	// Spec is the YAML between the fences.
	Spec []byte
	// Line is the 1-based line of the spec's first line in the parsed source.
	Line int
	// Col is the 1-based column, in characters, where the spec's lines start
	// in the parsed source: 1, or more inside a list item or a block quote,
	// whose indentation or "> " is not part of Spec.
	Col int
	// Index is the 0-based position of the chart among the page's charts.
	Index int
	// Fence is the opening fence ("```" or "~~~", or longer), and FenceLine
	// and FenceCol its 1-based line and column (in characters) in the
	// parsed source.
	Fence               string
	FenceLine, FenceCol int
	// Unclosed reports that no closing fence ends the block: CommonMark
	// then runs it to the end of the page (or of its list item or block
	// quote), and Spec holds the prose after the chart too. The loader
	// reports it at the fence rather than parse the prose as YAML.
	Unclosed bool
}

// Kind implements ast.Node.
func (n *ChartBlock) Kind() ast.NodeKind { return KindChartBlock }

// Dump implements ast.Node.
func (n *ChartBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Spec": string(n.Spec)}, nil)
}

// IsRaw reports that the block's content is not Markdown.
func (n *ChartBlock) IsRaw() bool { return true }

// Charts is the goldmark extension for ```chart blocks.
var Charts goldmark.Extender = chartExtension{}

type chartExtension struct{}

func (chartExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(chartTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(chartRenderer{}, 100)))
}

// chartTransformer replaces each fenced code block marked "chart" by a ChartBlock.
type chartTransformer struct{}

func (chartTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var blocks []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fc, ok := n.(*ast.FencedCodeBlock); ok && entering {
			if info := fc.Info; info != nil && isChartInfo(info.Segment.Value(source)) {
				blocks = append(blocks, fc)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	// Line numbers are counted incrementally: blocks come in source order.
	line, counted := 1, 0
	for i, fc := range blocks {
		cb := &ChartBlock{Index: i, Col: 1}
		lines := fc.Lines()
		fenceStart := openingFence(source, fc.Info.Segment.Start)
		cb.Fence = string(source[fenceStart : fenceStart+fenceLen(source[fenceStart:])])
		fenceLineStart := bytes.LastIndexByte(source[:fenceStart], '\n') + 1
		cb.FenceCol = utf8.RuneCount(source[fenceLineStart:fenceStart]) + 1
		line += bytes.Count(source[counted:fenceStart], []byte{'\n'})
		counted = fenceStart
		cb.FenceLine = line
		start := fc.Info.Segment.Stop // a block without content points after its info string
		if lines.Len() > 0 {
			first := lines.At(0)
			start = first.Start
			lineStart := bytes.LastIndexByte(source[:start], '\n') + 1
			cb.Col = max(1, utf8.RuneCount(source[lineStart:start])-first.Padding+1)
		} else if nl := bytes.IndexByte(source[start:], '\n'); nl >= 0 {
			start += nl + 1
		}
		end := start // where the line after the block's content starts
		if lines.Len() > 0 {
			end = lines.At(lines.Len() - 1).Stop
		}
		cb.Unclosed = !closesFence(source, end, cb.Fence)
		line += bytes.Count(source[counted:start], []byte{'\n'})
		counted = start
		cb.Line = line
		cb.Spec = blockContent(source, lines)
		cb.SetLines(lines)
		fc.Parent().ReplaceChild(fc.Parent(), fc, cb)
	}
}

// blockContent is the text of a block's lines. Lines that follow one
// another in the source unchanged (a block not inside a list item or a
// quote) are the source itself, capped so that an append copies: the spec
// is most of a chart page's bytes. Otherwise it is copied once.
func blockContent(source []byte, lines *text.Segments) []byte {
	n := lines.Len()
	if n == 0 {
		return nil
	}
	contiguous, size := true, 0
	for j := range n {
		seg := lines.At(j)
		size += seg.Len() + 1
		// Value adds a line end only to a last line without one (goldmark
		// sets ForceNewline on every line of a fenced block).
		addsNewline := seg.ForceNewline && seg.Stop > seg.Start && source[seg.Stop-1] != '\n'
		if seg.Padding != 0 || addsNewline || (j > 0 && seg.Start != lines.At(j-1).Stop) {
			contiguous = false
		}
	}
	if contiguous {
		first, last := lines.At(0), lines.At(n-1)
		return source[first.Start:last.Stop:last.Stop]
	}
	spec := make([]byte, 0, size)
	for j := range n {
		seg := lines.At(j)
		spec = append(spec, seg.Value(source)...)
	}
	return spec
}

// openingFence returns the offset of the fence before a fenced block's info
// string, which starts at info: back over spaces, then over the fence.
func openingFence(source []byte, info int) int {
	i := info
	for i > 0 && (source[i-1] == ' ' || source[i-1] == '\t') {
		i--
	}
	if i == 0 {
		return i
	}
	c := source[i-1]
	for i > 0 && source[i-1] == c {
		i--
	}
	return i
}

// fenceLen is the length of the run of fence characters s starts with.
func fenceLen(s []byte) int {
	n := 0
	for n < len(s) && s[n] == s[0] && (s[0] == '`' || s[0] == '~') {
		n++
	}
	return n
}

// closesFence reports whether the line starting at offset end of source
// closes a block opened by fence: past its container's indentation and
// "> " markers, at least as many of the same fence characters, and
// nothing else but spaces. A block whose content ends the source, or is
// followed by any other line (its list item or block quote ended), was
// never closed.
func closesFence(source []byte, end int, fence string) bool {
	if fence == "" || end <= 0 || end > len(source) || source[end-1] != '\n' {
		return false
	}
	line := source[end:]
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	line = bytes.TrimLeft(line, " \t>")
	n := fenceLen(line)
	return n >= len(fence) && line[0] == fence[0] && len(bytes.TrimSpace(line[n:])) == 0
}

// isChartInfo reports whether a fence's info string names a chart: "chart",
// optionally followed by more words.
func isChartInfo(info []byte) bool {
	word, _, _ := bytes.Cut(bytes.TrimSpace(info), []byte{' '})
	return string(word) == "chart"
}

// ChartWriter is implemented by the writer given to goldmark's Render when the
// page's charts are known: WriteChart writes the markup of the chart at
// index to the writer itself (a chart's markup is most of a page's bytes:
// written in place, it is not copied again). Rendering through any other
// writer prints a placeholder figure, so a page can be previewed without
// its charts.
type ChartWriter interface {
	util.BufWriter
	WriteChart(index int) error
}

type chartRenderer struct{}

func (chartRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindChartBlock, renderChart)
}

func renderChart(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	cb := n.(*ChartBlock)
	if cw, ok := w.(ChartWriter); ok {
		return ast.WalkSkipChildren, cw.WriteChart(cb.Index)
	}
	_, err := w.WriteString("<figure class=\"scalesite-chart\"></figure>\n")
	return ast.WalkSkipChildren, err
}
