package render

import (
	"slices"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/markdown"
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

// mathFonts gathers the KaTeX font files a page's typeset TeX is drawn in,
// for the page to preload (layout.Page.MathFonts): the formulas of its
// prose, its chart titles and subtitles, its title and headings, and the
// titles of the pages it links. KaTeX's fonts block their text until they
// have loaded (katex.Fonts), so a font that arrived after the first layout
// moved the text when it did (the chart titles, and each line of prose
// with a formula, and all below it); a preloaded one is there for it.
// Only the files the text is drawn in are preloaded, at most one of each
// of KaTeX's faces (katex.Fonts' rule).
type mathFonts struct {
	files []string
	// seen are the markups added, by their text: a formula written
	// many times over a page is followed through the stylesheet once.
	seen map[string]bool
}

// add adds the fonts of markup, typeset HTML or "" (none).
func (m *mathFonts) add(markup string) {
	if markup == "" || m.seen[markup] {
		return
	}
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	m.seen[markup] = true
	m.files = append(m.files, katex.Fonts(markup)...)
}

// addBody adds the fonts of b's formulas, title, headings and chart titles.
func (m *mathFonts) addBody(b *site.Body) {
	m.add(b.Page.TitleHTML)
	for _, h := range b.Page.Headings {
		m.add(h.HTML)
	}
	for _, c := range b.Charts {
		for _, l := range []*site.TeXLine{c.TitleTeX, c.SubtitleTeX} {
			if l != nil {
				m.add(l.HTML)
			}
		}
	}
	if b.Doc == nil || !b.Page.Math {
		return
	}
	_ = ast.Walk(b.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		f := markdown.FormulaOf(n)
		if f == nil || !entering {
			return ast.WalkContinue, nil
		}
		if !m.seen[string(f.HTML)] { // no string made of the markup for one seen
			m.add(string(f.HTML))
		}
		return ast.WalkSkipChildren, nil
	})
}

// urls returns the fonts' addresses on a site at basePath, each once, in
// a fixed order.
func (m *mathFonts) urls(basePath string) []string {
	slices.Sort(m.files)
	var out []string
	for _, f := range slices.Compact(m.files) {
		out = append(out, basePath+"assets/"+katex.Dir+"/"+f)
	}
	return out
}
