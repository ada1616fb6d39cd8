package site

import (
	"errors"
	"strings"
	"unicode"

	gast "github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/plaintex"
	"github.com/scalesite/scalesite/markdown"
)

// A page's title and its headings may hold TeX, as its prose does
// ("Loss falls as $a + b \log N$", "## $L(N) = E + A N^{-\alpha}$"). Each
// then has two forms: markup, its formulas typeset by KaTeX as the page's
// are, for wherever it is shown as HTML (the page's h1, the contents, the
// listings, the links to the next and previous pages, search results); and
// plain text (internal/plaintex, the form chart text is drawn in), for
// where HTML cannot go (<title>, meta tags, the feed, the search index's
// words, messages). Formulas are found by the rule of chart text and
// prose alike (internal/texdelim): "$5 and $10" stays prose.

// typesetTitle sets the page's title from the front matter's text s,
// written at pos: Title its plain form, TitleHTML its markup when it
// holds a formula, typeset through formulas (a formula in many titles,
// or in the prose too, is typeset once). TeX that KaTeX refuses is an
// error at pos.
func (p *Page) typesetTitle(s string, pos diag.Pos, formulas *katex.Cache) error {
	p.Title, p.TitleHTML, p.titleTeX = s, "", ""
	// A control character is what YAML's double quotes made of a
	// backslash (\a of \alpha), an error of its own (escapeProblems).
	if !strings.Contains(s, "$") || strings.ContainsFunc(s, unicode.IsControl) {
		return nil
	}
	segs, err := plaintex.Split(s)
	if err != nil {
		var e *plaintex.Error
		if errors.As(err, &e) {
			return diag.Errorf(pos, "title: %s", e.Reason)
		}
		return diag.Errorf(pos, "title: %v", err)
	}
	// A title's formulas take at most what a page's may.
	html, typeset, bad, err := typesetSegments(segs, formulas, katex.NewBudget(PageMathTime))
	if err != nil {
		return diag.Errorf(pos, "title: %s", typesetProblem(bad, err))
	}
	if !typeset {
		p.Title = joinProse(segs)
		return nil
	}
	p.Title, p.TitleHTML, p.Math, p.titleTeX = plaintex.Readable(s), html, true, s
	return nil
}

// typesetSegments writes text cut by plaintex.Split as markup: prose
// escaped, each formula typeset by formulas within budget, as the page
// shows an inline formula. typeset reports a formula; a formula KaTeX
// refuses is returned with the error.
func typesetSegments(segs []plaintex.Segment, formulas *katex.Cache, budget *katex.Budget) (html string, typeset bool, bad plaintex.Segment, err error) {
	var b strings.Builder
	for _, seg := range segs {
		if !seg.Formula {
			htmlesc.Write(&b, seg.Text)
			continue
		}
		typeset = true
		res, err := formulas.Render(seg.Text, false, budget)
		if err != nil {
			return "", true, seg, err
		}
		b.WriteString(`<span class="math inline">`)
		b.WriteString(res.HTML)
		b.WriteString(`</span>`)
	}
	return b.String(), typeset, plaintex.Segment{}, nil
}

// typesetProblem says why the formula seg could not be typeset (err, from
// typesetSegments), in the author's words.
func typesetProblem(seg plaintex.Segment, err error) string {
	var ke *katex.Error
	if errors.As(err, &ke) {
		return "KaTeX cannot typeset " + diag.Visible("$"+seg.Text+"$") + ": " + diag.Visible(ke.Msg)
	}
	return "cannot typeset " + diag.Visible("$"+seg.Text+"$") + ": " + err.Error()
}

// joinProse is the text of segments that hold no formula (a \$ written
// as $).
func joinProse(segs []plaintex.Segment) string {
	var b strings.Builder
	for _, seg := range segs {
		b.WriteString(seg.Text)
	}
	return b.String()
}

// headingForms is a heading's plain text (its words, without markup; an
// image counts as its alt text, a formula as its plain form) and, when it
// holds a formula, its markup: the words escaped and each formula as the
// page shows it (typeset, or as written when KaTeX was stopped).
func headingForms(n gast.Node, source []byte) (text, html string) {
	// Most headings hold no formula: their markup is not written.
	formulas := false
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if markdown.FormulaOf(c) != nil {
			formulas = true
			return gast.WalkStop, nil
		}
		return gast.WalkContinue, nil
	})
	var plain, markup strings.Builder
	// space writes a space into the markup, but after one: a run of spaces
	// may be cut into text nodes anywhere (markdown's autolinks.go).
	space := func() {
		if !strings.HasSuffix(markup.String(), " ") {
			markup.WriteByte(' ')
		}
	}
	words := func(s string) {
		plain.WriteString(s)
		if formulas {
			// Each run of spaces as one, as a browser shows it.
			trimmed := strings.TrimFunc(s, unicode.IsSpace)
			if len(trimmed) < len(s) && (trimmed == "" || unicode.IsSpace(rune(s[0]))) {
				space()
			}
			htmlesc.Write(&markup, strings.Join(strings.Fields(trimmed), " "))
			if trimmed != "" && unicode.IsSpace(rune(s[len(s)-1])) {
				space()
			}
		}
	}
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		if f := markdown.FormulaOf(c); f != nil {
			plain.WriteString(plaintex.ReadableFormula(plaintex.Segment{Text: f.TeX, Formula: true}))
			if f.HTML != nil {
				markup.WriteString(`<span class="math inline">`)
				markup.Write(f.HTML)
				markup.WriteString(`</span>`)
			} else {
				htmlesc.Write(&markup, f.Open+f.TeX+f.Close)
			}
			return gast.WalkSkipChildren, nil
		}
		switch t := c.(type) {
		case *gast.Text:
			s := string(t.Segment.Value(source))
			if t.SoftLineBreak() || t.HardLineBreak() {
				s += " "
			}
			words(s)
		case *gast.String:
			words(string(t.Value))
		case *gast.RawHTML:
			return gast.WalkSkipChildren, nil
		}
		return gast.WalkContinue, nil
	})
	text = strings.Join(strings.Fields(plain.String()), " ")
	if formulas {
		html = strings.TrimSpace(markup.String())
	}
	return text, html
}
