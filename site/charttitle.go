package site

import (
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// A chart's title and subtitle that hold a formula are typeset by the
// build's KaTeX, as the page's title is, and drawn as typeset text above
// the plot: over the live chart as KaTeX's HTML, in the pictures as
// KaTeX's glyphs (figure's "tex" items, laid out by internal/texbox). The
// layout (chartlayout.js texTitles) reserves each line's box, measured
// here, where the canvas title would be. When either holds a formula both
// are typeset, so that the subtitle stands under the title's box whatever
// its height.
//
// A line is one KaTeX formula, its prose set as \text: the pictures lay
// out one formula (texbox), and the page shows the same markup, so that
// the line takes the same box in both, its prose in KaTeX's own font.

// The font sizes of a typeset chart title and subtitle in CSS px: those of
// the canvas title and subtitle (chartlayout.js frame).
const (
	ChartTitlePx    = 16
	ChartSubtitlePx = 12
)

// TeXLine is a line of text typeset for drawing: KaTeX's markup of it and
// its box in px at its font size (Width, and Ascent and Descent about the
// baseline).
type TeXLine struct {
	HTML    string  `json:"html"`
	Width   float64 `json:"w"`
	Ascent  float64 `json:"a"`
	Descent float64 `json:"d"`
	// Text is the line's plain form, drawn where HTML cannot go (a
	// reader's Save PNG and Save SVG of the live chart: export.js).
	Text string `json:"text,omitempty"`
}

// chartTitles typesets the chart's title and subtitle when one holds a
// formula (chartspec.Chart.TitleTeX), setting c's TitleTeX and
// SubtitleTeX and marking the page as one with math (KaTeX's stylesheet).
// A formula KaTeX refuses is an error at its line and column; a title the
// pictures cannot lay out (a character KaTeX's fonts lack) is drawn in
// its plain form, with a warning.
func (l *pageLoader) chartTitles(p *Page, c *Chart, at diag.Pos) error {
	sc := c.Spec
	if sc.TitleTeX.Text == "" && sc.SubtitleTeX.Text == "" {
		return nil
	}
	// A chart's titles take at most what a page's title may.
	budget := katex.NewBudget(PageMathTime)
	var errs, warns diag.List
	line := func(key, plain string, t chartspec.TeXText, px float64) *TeXLine {
		text, pos := t.Text, t.Pos
		if text == "" {
			text, pos = escapeDollars(plain), at
		}
		segs, err := plaintex.Split(text)
		if err != nil {
			errs.Add(diag.Errorf(pos, "%s: %v", key, err))
			return nil
		}
		for _, seg := range segs {
			if _, err := renderSegment(seg, l.formulas, budget); err != nil {
				errs.Add(diag.Errorf(t.At(seg.Offset), "%s: %s", key, typesetProblem(seg, err)))
				return nil
			}
		}
		tl, err := l.typesetLine(segs, px, budget)
		if err != nil {
			warns.Add(diag.Warnf(diag.TeXLinearForm, pos, "%s: %s is drawn as plain text, as the pictures cannot lay it out typeset (%v): it is drawn as %s",
				key, diag.Quote(text), err, diag.Quote(plain)))
			return nil
		}
		tl.Text = plain
		return tl
	}
	title := line("title", sc.Title, sc.TitleTeX, ChartTitlePx)
	subtitle := line("subtitle", sc.Subtitle, sc.SubtitleTeX, ChartSubtitlePx)
	if len(errs) > 0 {
		return errs.Err()
	}
	if len(warns) > 0 || (title == nil && sc.Title != "") || (subtitle == nil && sc.Subtitle != "") {
		l.warnings = append(l.warnings, warns...)
		return nil // both drawn in their plain forms
	}
	c.TitleTeX, c.SubtitleTeX = title, subtitle
	p.Math = true
	return nil
}

// renderSegment typesets a formula segment alone, as the page would (so
// that what KaTeX refuses is found at the formula); prose needs nothing.
func renderSegment(seg plaintex.Segment, formulas *katex.Cache, budget *katex.Budget) (katex.Result, error) {
	if !seg.Formula {
		return katex.Result{}, nil
	}
	return formulas.Render(seg.Text, false, budget)
}

// typesetLine typesets text cut by plaintex.Split as one KaTeX formula,
// its prose as \text and each formula in a group of its own, and measures
// it at px.
func (l *pageLoader) typesetLine(segs []plaintex.Segment, px float64, budget *katex.Budget) (*TeXLine, error) {
	res, err := l.formulas.Render(lineTeX(segs), false, budget)
	if err != nil {
		return nil, err
	}
	box, err := l.measureTeX(res.HTML, px)
	if err != nil {
		return nil, err
	}
	return &TeXLine{HTML: res.HTML, Width: box.Width, Ascent: box.Ascent, Descent: box.Descent}, nil
}

// lineTeX is the TeX of one formula that reads as segs: prose in \text,
// its TeX specials escaped, formulas in braces (a \over in one stays in
// it).
func lineTeX(segs []plaintex.Segment) string {
	var b strings.Builder
	for _, seg := range segs {
		if seg.Formula {
			b.WriteString("{" + seg.Text + "}")
			continue
		}
		b.WriteString(`\text{`)
		b.WriteString(textEscaper.Replace(seg.Text))
		b.WriteString(`}`)
	}
	return b.String()
}

// textEscaper writes prose in TeX's text mode.
var textEscaper = strings.NewReplacer(
	`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `$`, `\$`, `&`, `\&`, `#`, `\#`, `%`, `\%`, `_`, `\_`,
	`^`, `\textasciicircum{}`, `~`, `\textasciitilde{}`,
)

// escapeDollars writes a plain text's dollar signs as \$, so that
// plaintex.Split reads it as prose.
func escapeDollars(s string) string {
	return strings.ReplaceAll(s, "$", `\$`)
}

// titleLine is the page's title typeset as one line (Page.TitleLine), at
// the size of a chart's title, or nil.
func (l *pageLoader) titleLine(p *Page) *TeXLine {
	if p.titleTeX == "" {
		return nil
	}
	segs, err := plaintex.Split(p.titleTeX)
	if err != nil {
		return nil
	}
	tl, err := l.typesetLine(segs, ChartTitlePx, katex.NewBudget(PageMathTime))
	if err != nil {
		return nil // the card draws the plain form
	}
	return tl
}
