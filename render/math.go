package render

import (
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/site"
)

// The loader typesets each formula with KaTeX (site/math.go), and the
// Markdown renderer writes KaTeX's markup in its place: a page shows its
// formulas without a script. They need KaTeX's stylesheet and fonts, which
// a site publishes only when one of its pages holds a formula, and which
// only such a page links to (layout.Page.Math).
//
// The files keep their names under assets/katex-VERSION/, since the
// stylesheet finds the fonts by relative URLs (fonts/KaTeX_*.woff2); the
// version in the folder's name changes with every KaTeX release, as a
// content hash would.

// mathStylesheet is the address of KaTeX's stylesheet on a site at basePath.
func mathStylesheet(basePath string) string {
	return basePath + "assets/" + katex.Dir + "/" + katex.Stylesheet
}

// mathFiles returns KaTeX's stylesheet, fonts and licence when a page of s
// (or its home page) holds a formula, and nothing otherwise.
func mathFiles(s *site.Site) []output.File {
	uses := s.Home != nil && s.Home.Math
	for _, p := range s.Pages {
		uses = uses || p.Math
	}
	if !uses {
		return nil
	}
	var files []output.File
	for _, f := range katex.Files() {
		files = append(files, output.File{Path: "assets/" + katex.Dir + "/" + f.Name, Data: f.Data})
	}
	return files
}
