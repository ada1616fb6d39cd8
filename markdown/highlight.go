package markdown

import (
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// Highlight is the goldmark extension that colours fenced code blocks with
// Chroma: a block whose info string names a language Chroma knows
// (```python, ```go, ```yaml...) is split into tokens, each a <span> with a
// class naming its kind; the colours are in the theme's code.css (see
// codecss_test.go), so that they follow the reader's light or dark scheme. A block
// without a language, or with one Chroma does not know, stays plain text.
// ```chart blocks are not code blocks (chart.go) and are not touched.
//
// Every fenced block is wrapped in <div class="code-block">, where the
// theme's code.js puts its copy button.
//
// The lexers a page's blocks use lose Chroma's match timeouts first
// (untimed.go), so that a busy machine does not change the colours.
var Highlight goldmark.Extender = highlight{highlighting.NewHighlighting(
	highlighting.WithFormatOptions(chromahtml.WithClasses(true)),
	highlighting.WithWrapperRenderer(codeWrapper),
)}

type highlight struct{ goldmark.Extender }

func (h highlight) Extend(m goldmark.Markdown) {
	h.Extender.Extend(m)
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(untimeLanguages{}, 1000)))
}

// codeWrapper writes the element around a code block. Chroma writes the
// <pre> of a highlighted block itself; a plain one gets the <pre><code> that
// goldmark would write.
func codeWrapper(w util.BufWriter, c highlighting.CodeBlockContext, entering bool) {
	if !entering {
		if !c.Highlighted() {
			_, _ = w.WriteString("</code></pre>")
		}
		_, _ = w.WriteString("</div>\n")
		return
	}
	_, _ = w.WriteString(`<div class="code-block">`)
	if c.Highlighted() {
		return
	}
	_, _ = w.WriteString("<pre><code")
	if lang, ok := c.Language(); ok && len(lang) > 0 {
		_, _ = w.WriteString(` class="language-`)
		_, _ = w.Write(util.EscapeHTML(lang))
		_ = w.WriteByte('"')
	}
	_ = w.WriteByte('>')
}
