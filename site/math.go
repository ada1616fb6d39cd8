package site

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/render/markdown"
)

// maxCachedFormulas bounds the formulas a site and the sites Reload makes
// from it keep typeset: a preview left open for days, its formulas edited
// over and over, starts afresh past it.
const maxCachedFormulas = 20000

// mathCache returns the cache of typeset formulas that loading s uses: a
// formula on many pages, or on a page loaded again, is typeset once.
func (s *Site) mathCache() *katex.Cache {
	if s.formulas == nil || s.formulas.Len() > maxCachedFormulas {
		s.formulas = new(katex.Cache)
	}
	return s.formulas
}

// typeset typesets the page's formulas with KaTeX and keeps each one's
// markup on its node, which the renderer writes as it is. A formula KaTeX
// refuses is an error at the place of the mistake; what KaTeX typesets but
// LaTeX would not is a warning.
func (l *pageLoader) typeset(p *Page) error {
	var errs diag.List
	_ = ast.Walk(p.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		f := markdown.FormulaOf(n)
		if f == nil || !entering {
			return ast.WalkContinue, nil
		}
		p.Math = true
		errs.Add(l.formula(p, n, f))
		return ast.WalkSkipChildren, nil
	})
	return errs.Err()
}

func (l *pageLoader) formula(p *Page, n ast.Node, f *markdown.Formula) error {
	at := p.Pos(n.Pos())
	if b, ok := n.(*markdown.MathBlock); ok && b.Unclosed {
		return diag.Errorf(at, "display math opened with %s is never closed: end it with %s on a line of its own (or at the end of the formula's last line)", f.Open, f.Close)
	}
	// Where KaTeX's offsets into the TeX are in the file.
	pos := func(offset int) diag.Pos {
		if offset < 0 {
			return at
		}
		return p.Pos(f.Offset(offset))
	}
	res, err := l.formulas.Render(f.TeX, f.Display)
	for _, w := range res.Warnings {
		note := "KaTeX typesets it all the same"
		if w.LaTeX {
			note = "KaTeX typesets it; LaTeX would not"
		}
		l.warnings = append(l.warnings, diag.Errorf(pos(w.Offset), "in %s: %s (%s)", written(n, f), w.Msg, note))
	}
	var ke *katex.Error
	switch {
	case errors.As(err, &ke):
		msg := ke.Msg
		if strings.HasPrefix(msg, "Undefined control sequence") {
			msg += " (KaTeX knows the commands listed at https://katex.org/docs/supported)"
		}
		return diag.Errorf(pos(ke.Offset), "KaTeX cannot typeset %s: %s", written(n, f), msg)
	case err != nil:
		return diag.Errorf(at, "cannot typeset %s: %v", written(n, f), err)
	}
	f.HTML = []byte(res.HTML)
	return nil
}

// written is a formula as a message shows it: with its delimiters, on one
// line, cut to diag.MaxQuoted characters. (Not quoted as Go strings are,
// which would double every backslash of the TeX.)
func written(n ast.Node, f *markdown.Formula) string {
	sep := ""
	if _, block := n.(*markdown.MathBlock); block {
		sep = " " // the delimiters stood on lines of their own
	}
	s := strings.Join(strings.Fields(f.Open+sep+f.TeX+sep+f.Close), " ")
	if utf8.RuneCountInString(s) > diag.MaxQuoted {
		n := 0
		for i := range s {
			if n == diag.MaxQuoted {
				return s[:i] + "…"
			}
			n++
		}
	}
	return s
}
