package render

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The social card: the picture a link preview shows (og:image,
// twitter:image), a PNG of one of the page's charts: its first, or the one
// its front matter's card: names (site/card.go). Drawn with the static
// figures (same switch, on unless staticFigures: false; none in the preview), from
// the chart's Scene laid out to fill a box of CardWidth × CardHeight CSS
// px (internal/scene SceneFit) and drawn at CardScale, so that the chart's
// 12 px text is 24 px on the card, in the light scheme on white.
const (
	CardWidth  = 600
	CardHeight = 315
	CardScale  = 2
)

// cardAltMax is the most characters of the chart's text alternative the
// card's og:image:alt carries: what link previews show of it (X's limit
// is 420).
const cardAltMax = 420

// cardName is the name of a chart's social card, beside its CSV and SVG
// files.
func cardName(id string) string { return id + ".card.png" }

// cardFile is the path of a chart's social card in the output.
func cardFile(slug string, c *site.Chart) string {
	return path.Join(path.Dir(chart.DataFile(slug, c)), cardName(c.ID))
}

// card is what page p's layout says of its social card, or nil when the
// build draws none or p has none.
func (r *renderer) card(p *site.Page) *layout.Card {
	c := p.CardChart()
	if r.rr.statics == nil || c == nil || c.Spec == nil {
		return nil
	}
	return &layout.Card{
		URL:   r.absURL(r.url(p.Slug) + cardName(c.ID)),
		Width: CardWidth * CardScale, Height: CardHeight * CardScale,
		Alt: cutText(cardAlt(c), cardAltMax),
	}
}

// cardAlt is the text alternative of chart c's social card: c's own, of
// the panels the card shows (cardPanels), so that it does not describe
// panels a reader of the preview cannot see; it says so when some are
// left out.
func cardAlt(c *site.Chart) string {
	n := cardPanels(c)
	if n >= len(c.Panels) || n >= len(c.Spec.Panels) {
		return chart.AltText(c)
	}
	alt := chart.AltText(cardChart(c, n, false))
	return fmt.Sprintf("%s (The first %d of the chart's %d panels.)", alt, n, len(c.Panels))
}

// cutText is s cut to at most max characters, at a space when there is
// one in its second half, ending in "…" when cut.
func cutText(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	n := 0
	for i := range s {
		if n == max-1 {
			s = s[:i]
			break
		}
		n++
	}
	if sp := strings.LastIndexByte(s, ' '); sp > len(s)/2 {
		s = s[:sp]
	}
	return strings.TrimRight(s, " ,;:.") + "…"
}

// cardPanels is the most panels a card shows: one row of them, as many
// as stand side by side at the card's width (chartlayout.js frame gives a
// panel 240 px at least), fewer when the spec asks for fewer columns. A
// chart of more panels shows its first ones: eight panels in 600 × 315
// px would have plots a few ticks high.
func cardPanels(c *site.Chart) int {
	n := min(len(c.Panels), CardWidth/240)
	if cols := c.Spec.Columns; cols > 0 {
		n = min(n, cols)
	}
	return max(1, n)
}

// cardMinPlot is the least height in CSS px a plot keeps on a card: some
// five tick labels' worth. A legend, and then panels, give way to it.
const cardMinPlot = 100

// cardChart is c as its card shows it: without its subtitle and its
// legend's title, so that the plots keep most of the card's height (the
// page's title and description are beside the picture in a link
// preview); its first panels panels; its legend hidden when noLegend.
func cardChart(c *site.Chart, panels int, noLegend bool) *site.Chart {
	cc, spec := *c, *c.Spec
	spec.Subtitle, spec.Legend.Title = "", ""
	spec.Legend.Hide = spec.Legend.Hide || noLegend
	if panels < len(c.Panels) && panels < len(spec.Panels) {
		spec.Panels = spec.Panels[:panels:panels]
		cc.Panels = c.Panels[:panels:panels]
	}
	cc.Spec = &spec
	return &cc
}

// cardFontMin is the least font size in CSS px of a card's text: 24 px on
// the card at CardScale. The option's smaller texts (point labels and
// reference marks' labels, 11 px on the page) are set to it before the
// layout, which places them at that size.
const cardFontMin = 12

// fontSizes finds the option JSON's font sizes. Inside a JSON string a
// quote is escaped, so `"fontSize":` is only ever a key.
var fontSizes = regexp.MustCompile(`"fontSize":\s*([0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)`)

// cardOption is c's page option with no font under cardFontMin.
func cardOption(c *site.Chart) []byte {
	option := chart.OptionBytes(chart.Option(c))
	return fontSizes.ReplaceAllFunc(option, func(m []byte) []byte {
		v, err := strconv.ParseFloat(string(fontSizes.FindSubmatch(m)[1]), 64)
		if err != nil || v >= cardFontMin {
			return m
		}
		return []byte(`"fontSize":` + strconv.Itoa(cardFontMin))
	})
}

// cardScene is chart c's Scene for its social card: c as cardChart makes
// it, with its legend and then all but its first panel given up when its
// plots would be lower than cardMinPlot.
func (st *statics) cardScene(c *site.Chart) (*figure.Scene, error) {
	e, err := st.engine()
	if err != nil {
		return nil, err
	}
	defer st.release(e)
	type try struct {
		panels   int
		noLegend bool
	}
	tries := []try{{cardPanels(c), false}, {cardPanels(c), true}, {1, true}}
	var s *figure.Scene
	for i, t := range tries {
		if i > 0 && t == tries[i-1] {
			continue
		}
		cc := cardChart(c, t.panels, t.noLegend)
		cc.Spec.Title = cardTitle(cc.Spec.Title)
		s, err = e.SceneFit(cardOption(cc), CardWidth, CardHeight, false)
		if err != nil {
			return nil, st.scriptError(c, "social card", err)
		}
		if s.Width == CardWidth && s.Height == CardHeight && lowestPlot(s) >= cardMinPlot {
			break
		}
	}
	if s.Width != CardWidth || s.Height != CardHeight {
		return nil, st.scriptError(c, "social card", &scene.ScriptError{
			Script: "assets/scene.js",
			Msg:    fmt.Sprintf("it laid the card out %g × %g px, not %d × %d", s.Width, s.Height, CardWidth, CardHeight),
		})
	}
	return s, nil
}

// The card's title is its chart's, cut with "…" to what cardTitleLines
// lines of the card hold (chartlayout.js wraps it to the chart's width less
// 48 px, in a 600 16px font; cardTitleSlack is for where the lines break),
// so that no title, however long, takes the plots' height.
const (
	cardTitleLines = 3
	cardTitleSlack = 80
	cardTitleFont  = "600 16px sans-serif"
)

// cardTitle is title as the card shows it.
func cardTitle(title string) string {
	room := float64(cardTitleLines*(CardWidth-48) - cardTitleSlack)
	if figure.MeasureFont(title, cardTitleFont) <= room {
		return title
	}
	// the most characters whose cut fits
	lo, hi := 1, utf8.RuneCountInString(title)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if figure.MeasureFont(cutText(title, mid), cardTitleFont) <= room {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cutText(title, lo)
}

// lowestPlot is the height of the lowest plot of s (its clip rectangles),
// 0 for none.
func lowestPlot(s *figure.Scene) float64 {
	h := 0.0
	for i, r := range s.Clips {
		if i == 0 || r.H < h {
			h = r.H
		}
	}
	return h
}

// card is chart c's social card: from the figure cache, or drawn and kept
// there.
func (st *statics) card(c *site.Chart) ([]byte, error) {
	key := st.cache.cardKey(chart.OptionBytes(chart.Option(c)))
	if b := st.cache.read(key, cardEntry); b != nil {
		return b, nil
	}
	s, err := st.cardScene(c)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := figure.WritePNG(&b, s, figure.PNGOptions{Scale: CardScale}); err != nil {
		return nil, fmt.Errorf("chart %s: social card: %w", c.ID, err)
	}
	st.cards.Add(1)
	st.cache.write(key, cardEntry, b.Bytes())
	return b.Bytes(), nil
}

// cardOutput is the social card of page p, when the build draws one and
// p's j-th chart c is the chart it shows (ok), kept by the Renderer's
// memory when cached (as the chart's SVG file is: see svgKey).
func (rr *Renderer) cardOutput(p *site.Page, j int, c *site.Chart, cached bool) (f output.File, ok bool, err error) {
	st := rr.statics
	if st == nil || p.CardChart() != c || c.Spec == nil {
		return output.File{}, false, nil
	}
	name := cardFile(p.Slug, c)
	draw := func() ([]byte, error) { return st.card(c) }
	var b []byte
	if cached {
		b, err = rr.cachedData(name, cardKey(p, j), draw)
	} else {
		b, err = draw()
	}
	if err != nil {
		return output.File{}, false, err
	}
	return output.File{Path: name, Data: b}, true, nil
}
