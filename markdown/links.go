package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// BasePath is the goldmark extension that makes site-absolute links work
// under a sub-path: with base "/repo/", a link or image to "/a/" goes to
// "/repo/a/". Project sites on GitHub Pages live under such a path, and an
// author writing [see](/other-page/) means the site's page, not the host's.
// Relative links, full URLs and protocol-relative "//host" links are kept.
func BasePath(base string) goldmark.Extender { return basePathExtension(base) }

type basePathExtension string

func (e basePathExtension) Extend(m goldmark.Markdown) {
	if e == "" || e == "/" {
		return
	}
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(basePathTransformer(e), 200)))
}

type basePathTransformer string

func (base basePathTransformer) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	fix := func(dest []byte) []byte {
		if len(dest) == 0 || dest[0] != '/' || bytes.HasPrefix(dest, []byte("//")) {
			return dest
		}
		return append([]byte(base), dest[1:]...)
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			l.Destination = fix(l.Destination)
		case *ast.Image:
			l.Destination = fix(l.Destination)
		}
		return ast.WalkContinue, nil
	})
}
