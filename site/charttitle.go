package site

import (
	"cmp"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// A chart's title and subtitle that hold a formula are typeset by the
// build's KaTeX, as the page's title is, and drawn as typeset text above
// the plot: over the live chart as HTML, in the pictures as KaTeX's
// glyphs (figure's "tex" items). The layout (chartlayout.js frame)
// reserves each line's box, measured here, where the canvas title would
// be. When either holds a formula both are typeset, so that the subtitle
// stands under the title's box whatever its height.

// The font sizes of a typeset chart title and subtitle in CSS px: those of
// the canvas title and subtitle (chartlayout.js frame).
const (
	ChartTitlePx    = 16
	ChartSubtitlePx = 12
)

// TeXLine is a line of chart text typeset for drawing: its markup (prose
// escaped, formulas as KaTeX's HTML) and its box in px at its font size.
type TeXLine struct {
	HTML    string  `json:"html"`
	Width   float64 `json:"w"`
	Ascent  float64 `json:"a"`
	Descent float64 `json:"d"`
}

// TeXBox is the box of typeset text at a font size, in px: its width and
// its height above and below the baseline.
type TeXBox struct {
	Width, Ascent, Descent float64
}

// chartTitles typesets the chart's title and subtitle when one holds a
// formula (chartspec.Chart.TitleTeX), setting c's TitleTeX and
// SubtitleTeX and marking the page as one with math (KaTeX's stylesheet).
// A formula KaTeX refuses is an error at its line and column.
func (l *pageLoader) chartTitles(p *Page, c *Chart, at diag.Pos) error {
	sc := c.Spec
	if sc.TitleTeX.Text == "" && sc.SubtitleTeX.Text == "" {
		return nil
	}
	// A chart's titles take at most what a page's title may.
	budget := katex.NewBudget(PageMathTime)
	var errs diag.List
	line := func(key, plain string, t chartspec.TeXText, px float64) *TeXLine {
		if t.Text == "" && plain == "" {
			return nil
		}
		var html string
		if t.Text == "" {
			html = string(htmlesc.Append(nil, plain))
		} else {
			segs, err := plaintex.Split(t.Text)
			if err != nil {
				errs.Add(diag.Errorf(t.Pos, "%s: %v", key, err))
				return nil
			}
			var bad plaintex.Segment
			html, _, bad, err = typesetSegments(segs, l.formulas, budget)
			if err != nil {
				errs.Add(diag.Errorf(t.At(bad.Offset), "%s: %s", key, typesetProblem(bad, err)))
				return nil
			}
		}
		box, err := l.measureTeX(html, px)
		if err != nil {
			errs.Add(diag.Errorf(cmp.Or(t.Pos, at), "%s: cannot lay out the typeset %s: %v", key, key, err))
			return nil
		}
		return &TeXLine{HTML: html, Width: box.Width, Ascent: box.Ascent, Descent: box.Descent}
	}
	c.TitleTeX = line("title", sc.Title, sc.TitleTeX, ChartTitlePx)
	c.SubtitleTeX = line("subtitle", sc.Subtitle, sc.SubtitleTeX, ChartSubtitlePx)
	if errs.Err() != nil {
		c.TitleTeX, c.SubtitleTeX = nil, nil
		return errs.Err()
	}
	p.Math = true
	return nil
}
