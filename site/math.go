package site

import (
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/markdown"
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

// The time formulas may take to typeset, in all: a page's and a build's
// (or a preview's reload). KaTeX stops one formula at katex.FormulaTime,
// but a page of 20 formulas that each take 10 s would take minutes. A page
// of real math takes a second or two: 200 display formulas the size of
// the Chinchilla loss take 2 s, inline ones a tenth of that.
const (
	PageMathTime  = 20 * time.Second
	BuildMathTime = 5 * time.Minute
)

// MaxCostlyFormulas is how many formulas of a page may be refused for the
// work they would take (katex.Error.Costly: macros that expand past the
// bound, markup past the limit) before the rest of the page's formulas are
// left untypeset. Each such refusal costs KaTeX about half a second, so a
// page of twenty would reach PageMathTime on a busy machine and not on an
// idle one; counting them stops a hostile page after a second or two, and
// the same formulas on every machine.
const MaxCostlyFormulas = 3

// MaxFormulas is how many formulas a page may have. Each typeset formula is
// kept as markup of a few KB until the page is written: 100,000 took
// 340 MB. A long paper has a few hundred.
const MaxFormulas = 10000

// typeset typesets the page's formulas with KaTeX and keeps each one's
// markup on its node, which the renderer writes as it is. A formula KaTeX
// refuses is an error at the place of the mistake; what KaTeX typesets but
// LaTeX would not is a warning. Past PageMathTime or BuildMathTime, the
// formula being typeset is stopped, with an error, and the rest are left
// as they are written.
func (l *pageLoader) typeset(b *Body) error {
	var errs diag.List
	page := katex.NewBudget(l.pageMath)
	stopped, costly, formulas := false, 0, 0
	_ = ast.Walk(b.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		f := markdown.FormulaOf(n)
		if f == nil || !entering {
			return ast.WalkContinue, nil
		}
		b.Page.Math = true
		if stopped {
			return ast.WalkSkipChildren, nil
		}
		if formulas++; formulas > MaxFormulas {
			stopped = true
			errs.Add(diag.Errorf(b.Pos(n.Pos()), "this is formula %d of the page, more than the %d formulas a page may have: split the page", formulas, MaxFormulas))
			return ast.WalkSkipChildren, nil
		}
		if costly == MaxCostlyFormulas {
			stopped = true
			errs.Add(diag.Errorf(b.Pos(n.Pos()), "KaTeX was stopped at %s: %d formulas above it on this page were refused for the work they would take, so it and the formulas after it are not typeset; fix those first",
				written(n, f), MaxCostlyFormulas))
			return ast.WalkSkipChildren, nil
		}
		var (
			err   error
			heavy bool
		)
		stopped, heavy, err = l.formula(b, n, f, page)
		if heavy {
			costly++
		}
		errs.Add(err)
		return ast.WalkSkipChildren, nil
	})
	return errs.Err()
}

// formula typesets one formula within the page's budget and the build's;
// stopped reports that a budget ran out, costly that the formula was
// refused for the work it would take (katex.Error.Costly) or stopped at
// katex.FormulaTime.
func (l *pageLoader) formula(b *Body, n ast.Node, f *markdown.Formula, page *katex.Budget) (stopped, costly bool, err error) {
	// Where the formula is, found only for a message: p.Pos counts the
	// lines above it, which for each of 100,000 formulas took a minute.
	at := func() diag.Pos { return b.Pos(n.Pos()) }
	if b, ok := n.(*markdown.MathBlock); ok && b.Unclosed {
		return false, false, diag.Errorf(at(), "display math opened with %s is never closed: end it with %s on a line of its own (or at the end of the formula's last line)", f.Open, f.Close)
	}
	// Where KaTeX's offsets into the TeX are in the file.
	pos := func(offset int) diag.Pos {
		if offset < 0 {
			return at()
		}
		return b.Pos(f.Offset(offset))
	}
	budgets := []*katex.Budget{page}
	if l.buildMath != nil {
		budgets = append(budgets, l.buildMath)
	}
	res, err := l.formulas.Render(f.TeX, f.Display, budgets...)
	for _, w := range res.Warnings {
		note := "KaTeX typesets it all the same"
		if w.LaTeX {
			note = "KaTeX typesets it; LaTeX would not"
		}
		l.warnings = append(l.warnings, diag.Warnf(diag.TeXStrict, pos(w.Offset), "in %s: %s (%s)", written(n, f), diag.Visible(w.Msg), note))
	}
	var ke *katex.Error
	var te *katex.TimeError
	switch {
	case errors.As(err, &ke):
		msg := diag.Visible(ke.Msg)
		if strings.HasPrefix(msg, "Undefined control sequence") {
			msg += " (KaTeX knows the commands listed at https://katex.org/docs/supported)"
		}
		return false, ke.Costly, diag.Errorf(pos(ke.Offset), "KaTeX cannot typeset %s: %s", written(n, f), msg)
	case errors.As(err, &te) && te.Budget == nil:
		return false, true, diag.Errorf(at(), "KaTeX took more than %v to typeset %s, and was stopped: simplify the formula, or split it into several", katex.FormulaTime, written(n, f))
	case errors.As(err, &te) && te.Budget == page:
		return true, false, diag.Errorf(at(), "this page's formulas took more than %v to typeset in all, and KaTeX was stopped at %s: it and the formulas after it are not typeset; simplify them, or put some on another page",
			page.Total(), written(n, f))
	case errors.As(err, &te):
		return true, false, diag.Errorf(at(), "the site's formulas took more than %v to typeset in all, and KaTeX was stopped at %s: it and the formulas after it are not typeset; simplify them, or move the heaviest out of the site",
			te.Budget.Total(), written(n, f))
	case err != nil:
		return false, false, diag.Errorf(at(), "cannot typeset %s: %v", written(n, f), err)
	}
	f.HTML = []byte(res.HTML)
	return false, false, nil
}

// written is a formula as a message shows it: with its delimiters, on one
// line, cut to diag.MaxQuoted characters, made visible. (Not quoted as Go
// strings are, which would double every backslash of the TeX.)
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
				s = s[:i] + "…"
				break
			}
			n++
		}
	}
	return diag.Visible(s)
}
