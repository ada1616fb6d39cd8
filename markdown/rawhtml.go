package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/renderer/html"
)

// RawHTML is the goldmark extension that lets HTML written in a page
// (a <details> block, a <video>, an inline <kbd>) through to the output, as
// scalesite.yaml's markdown: {unsafe: true} asks. Without it goldmark
// writes <!-- raw HTML omitted --> in its place, and `scalesite check`
// names each place (check/html.go).
//
// The page's Content-Security-Policy still applies to what comes through:
// no inline script or event-handler attribute runs, and nothing is loaded
// from another origin.
var RawHTML goldmark.Extender = rawHTMLExtension{}

type rawHTMLExtension struct{}

func (rawHTMLExtension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(html.WithUnsafe())
}
