package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindFigure is the node kind of a figure.
var KindFigure = ast.NewNodeKind("Figure")

// Figure is an image with a caption: a paragraph that holds nothing but an
// image with a title,
//
//	![Loss against compute](loss.png "Loss falls as a power of compute.")
//
// becomes <figure><img …><figcaption>Loss falls…</figcaption></figure>.
// The image is the figure's only child; its title moves to Caption, so the
// caption is not repeated as the image's tooltip. An image inside a
// sentence, or without a title, stays an image.
type Figure struct {
	ast.BaseBlock
	// Caption is the image's title as written (backslash escapes and
	// entities not yet resolved, as goldmark keeps titles).
	Caption []byte
}

// Kind implements ast.Node.
func (n *Figure) Kind() ast.NodeKind { return KindFigure }

// Dump implements ast.Node.
func (n *Figure) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Caption": string(n.Caption)}, nil)
}

// Figures is the goldmark extension that makes figures of captioned images.
var Figures goldmark.Extender = figureExtension{}

type figureExtension struct{}

func (figureExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(figureTransformer{}, 100)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(figureRenderer{}, 100)))
}

// figureTransformer replaces each paragraph that is one titled image by a
// Figure.
type figureTransformer struct{}

func (figureTransformer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var paras []*ast.Paragraph
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if p, ok := n.(*ast.Paragraph); ok {
			if img, ok := p.FirstChild().(*ast.Image); ok && p.ChildCount() == 1 && len(img.Title) > 0 {
				paras = append(paras, p)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, p := range paras {
		img := p.FirstChild().(*ast.Image)
		fig := &Figure{Caption: img.Title}
		fig.SetLines(p.Lines())
		fig.SetBlankPreviousLines(p.HasBlankPreviousLines())
		fig.SetPos(p.Pos())
		img.Title = nil
		p.RemoveChild(p, img)
		fig.AppendChild(fig, img)
		p.Parent().ReplaceChild(p.Parent(), p, fig)
	}
}

// figureRenderer writes a Figure around its image.
type figureRenderer struct{}

func (figureRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindFigure, renderFigure)
}

func renderFigure(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		_, _ = w.WriteString("<figure>\n")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("\n<figcaption>")
	html.DefaultWriter.Write(w, node.(*Figure).Caption)
	_, _ = w.WriteString("</figcaption>\n</figure>\n")
	return ast.WalkContinue, nil
}
