package render

import (
	"bytes"
	"fmt"
	"math"
	"path"
	"regexp"
	"slices"
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
// figures (same switch, on unless staticFigures: false; none in the preview), from the chart's Scene made
// for the card's medium (internal/scene Medium, the one mechanism a
// paper's figure uses too): the page's title over the chart and the
// site's name under it, a compact legend (inside a plot where it covers
// nothing), its panels side by side, CardWidth × CardHeight px, its text
// cardText px: 12.5 px when a feed shows the card 500 px wide. A layout
// unit is then 2.5 px, so that the card is a whole 480 × 252 units and
// the layout's whole-unit rounding keeps it 1200 × 630.
const (
	CardWidth  = 1200
	CardHeight = 630
	cardText   = 30.0
)

// cardLayoutWidth is the card's width in its layout's units (the Scene's),
// where the axes' text is 12.
const cardLayoutWidth = CardWidth * 12 / cardText

// cardAltMax is the most characters of the chart's text alternative the
// card's og:image:alt carries: what link previews show of it (X's limit
// is 420).
const cardAltMax = 420

// cardName is the name of a chart's social card, beside its CSV and SVG
// files.
func cardName(id string) string { return id + ".card.png" }

// cardFile is the path of a chart's social card in the output.
func cardFile(slug, id string) string {
	return path.Join(path.Dir(chart.DataFile(slug, &site.Chart{ID: id})), cardName(id))
}

// card is what page p's layout says of its social card, or nil when the
// build draws none or p has none.
func (r *renderer) card(b *site.Body) *layout.Card {
	p, c := b.Page, b.CardChart()
	if r.rr.statics == nil || c == nil || c.Spec == nil {
		return nil
	}
	return &layout.Card{
		URL:   r.absURL(r.url(p.Slug) + cardName(c.ID)),
		Width: CardWidth, Height: CardHeight,
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
	alt := chart.AltText(cardChart(c, n))
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

// cardMaxPanels is the most panels a card shows side by side: four
// panels a quarter of the card wide still have plots that read at 500 px.
// A chart of more shows its first ones, and the card says how many more
// the page has (never a silent cut); a chart of four or fewer shows all.
const cardMaxPanels = 4

// cardPanels is how many panels a card shows: all of them up to
// cardMaxPanels. The card's picture (cardScene) and its text alternative
// (cardAlt) both show these.
func cardPanels(c *site.Chart) int {
	return max(1, min(len(c.Panels), cardMaxPanels))
}

// cardMinPlot is the least height, in the card's layout units, a plot
// keeps on a card when its legend goes below the plots (scene.Medium
// MinPlot): lower, the legend goes at their right.
const cardMinPlot = 56

// cardChart is c as its card shows it: without its subtitle (the medium
// draws the page's title instead of the chart's) and its legend's title,
// its first panels panels.
func cardChart(c *site.Chart, panels int) *site.Chart {
	cc, spec := *c, *c.Spec
	spec.Subtitle, spec.Legend.Title = "", ""
	if panels < len(c.Panels) && panels < len(spec.Panels) {
		spec.Panels = spec.Panels[:panels:panels]
		cc.Panels = c.Panels[:panels:panels]
	}
	cc.Spec = &spec
	return &cc
}

// cardFontMin is the least font size in layout units of a card's text.
// The option's smaller texts (point labels and reference marks' labels,
// 11 px on the page) are set to it before the layout, which places them
// at that size.
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

// cardWords is what a card says besides its chart: the page's title
// over it, the site's name under it.
type cardWords struct {
	heading, site string
	// headingTeX is the heading typeset, when the page's title holds a
	// formula (cardHeadingTeX).
	headingTeX *site.TeXLine
}

// cardMedium is the medium of a card of a chart of panels panels, of
// all: the page's title cut to what lines lines hold, the site's name,
// and a note of the panels left out.
func cardMedium(w cardWords, panels, all, lines int) scene.Medium {
	m := scene.Medium{
		Width: CardWidth, Height: CardHeight, TextSize: cardText,
		Heading: cardTitle(w.heading, lines), HeadingTeX: w.headingTeX, Footer: w.site, Columns: panels, Thin: true, MinTicks: 3, MinPlot: cardMinPlot,
	}
	switch {
	case panels == 1 && all > 1:
		m.Note = fmt.Sprintf("Panel 1 of %d: all on the page", all)
	case panels < all:
		m.Note = fmt.Sprintf("Panels 1–%d of %d: all on the page", panels, all)
	}
	return m
}

// cardSceneOf is chart c's Scene for its social card, from option, the
// card's option (card keys the card by it: a long log's option takes half
// a second to make): c as cardChart makes it with cardPanels panels, under
// the page's title in cardTitleLines lines; or in one, when that leaves its
// lowest plot under cardMinPlot high and one line gives it more.
func (st *statics) cardSceneOf(c *site.Chart, option []byte, w cardWords) (*figure.Scene, scene.Medium, error) {
	e, err := st.engine()
	if err != nil {
		return nil, scene.Medium{}, err
	}
	defer st.release(e)
	n := cardPanels(c)
	m := cardMedium(w, n, max(1, len(c.Panels)), cardTitleLines)
	s, err := e.SceneFor(option, m, false)
	if err != nil {
		return nil, m, st.scriptError(c, "social card", err)
	}
	if one := cardMedium(w, n, max(1, len(c.Panels)), 1); lowestPlot(s) < cardMinPlot && one.Heading != m.Heading {
		s1, err := e.SceneFor(option, one, false)
		if err != nil {
			return nil, one, st.scriptError(c, "social card", err)
		}
		if lowestPlot(s1) > lowestPlot(s) {
			s, m = s1, one
		}
	}
	if k := m.Scale(); math.Abs(s.Width*k-CardWidth) > 0.5 || math.Abs(s.Height*k-CardHeight) > 1 {
		return nil, m, st.scriptError(c, "social card", &scene.ScriptError{
			Script: "assets/scene.js",
			Msg:    fmt.Sprintf("it laid the card out %g × %g px, not %d × %d", s.Width*k, s.Height*k, CardWidth, CardHeight),
		})
	}
	return s, m, nil
}

// The card's heading is the page's title, cut with "…" to what
// cardTitleLines lines of the card hold (chartlayout.js wraps it to the
// card's width less 48 units, in a 600 16px font; cardTitleSlack is for
// where the lines break), so that no title, however long, takes the
// plots' height.
const (
	cardTitleLines = 2
	cardTitleSlack = 60
	cardTitleFont  = "600 16px sans-serif"
)

// cardTitleShrink is the most a typeset heading, drawn on one line, is
// scaled down to fit the card's width: one that would be smaller is
// drawn in its plain form, on cardTitleLines lines.
const cardTitleShrink = 0.75

// cardHeadingTeX is the page's title typeset for its card, when it holds a
// formula (Page.TitleLine) and fits one line of the card at no less than
// cardTitleShrink of its size; nil otherwise (the plain form is drawn).
func cardHeadingTeX(p *site.Page) *site.TeXLine {
	if l := p.TitleLine; l != nil && l.Width*cardTitleShrink <= cardLayoutWidth-48 {
		return l
	}
	return nil
}

// cardTitle is title as the card shows it in at most lines lines.
func cardTitle(title string, lines int) string {
	room := float64(lines*(cardLayoutWidth-48) - cardTitleSlack)
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
func (st *statics) card(c *site.Chart, w cardWords) ([]byte, error) {
	// The card's option, the words drawn and how many panels the chart
	// has (a card of its first ones says how many more) are its key.
	option := cardOption(cardChart(c, cardPanels(c)))
	words := fmt.Appendf(slices.Clip(option), "\x00%q\x00%q\x00%d", w.heading, w.site, len(c.Panels))
	if w.headingTeX != nil {
		words = fmt.Appendf(words, "\x00%q", w.headingTeX.HTML)
	}
	key := st.cache.cardKey(words)
	if b := st.cache.read(key); b != nil {
		return b, nil
	}
	s, m, err := st.cardSceneOf(c, option, w)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := figure.WritePNG(&b, s, figure.PNGOptions{Scale: m.Scale(), Palette: true}); err != nil {
		return nil, fmt.Errorf("chart %s: social card: %w", c.ID, err)
	}
	st.cards.Add(1)
	st.cache.write(key, b.Bytes())
	return b.Bytes(), nil
}

// cardOutput is the social card of page p, when the build draws one and
// p's j-th chart c is the chart it shows (ok), made again only when its
// key changed (cachedData, as the chart's SVG file is: see svgKey).
func (rr *Renderer) cardOutput(bd *site.Body, j int, c *site.Chart) (f output.File, ok bool, err error) {
	st, p := rr.statics, bd.Page
	if st == nil || bd.CardChart() != c || c.Spec == nil {
		return output.File{}, false, nil
	}
	name := cardFile(p.Slug, c.ID)
	w := cardWords{heading: p.Title, site: rr.config.Title, headingTeX: cardHeadingTeX(p)}
	if w.heading == "" {
		w.heading = c.Title()
	}
	b, err := rr.cachedData(name, cardKey(p, j), func() ([]byte, error) { return st.card(c, w) })
	if err != nil {
		return output.File{}, false, err
	}
	return output.File{Path: name, Data: b}, true, nil
}

// cardFuture is a page's social card drawn ahead (cardAhead), beside the
// page's figures and HTML, so that a site of few pages keeps every core
// busy.
type cardFuture struct {
	j    int // the chart the card shows
	done chan struct{}
	f    output.File
	ok   bool
	err  error
}

// cardAhead starts drawing page p's social card, when the build draws
// one, as cardOutput would; nil when it draws none.
func (rr *Renderer) cardAhead(b *site.Body) *cardFuture {
	c := b.CardChart()
	if rr.statics == nil || c == nil || c.Spec == nil {
		return nil
	}
	cf := &cardFuture{j: b.Page.Card, done: make(chan struct{})}
	go func() {
		defer close(cf.done)
		cf.f, cf.ok, cf.err = rr.cardOutput(b, cf.j, c)
	}()
	return cf
}

// output is cardOutput(p, j, c): the card drawn ahead for chart j,
// once drawn, or drawn now.
func (cf *cardFuture) output(rr *Renderer, b *site.Body, j int, c *site.Chart) (output.File, bool, error) {
	if cf == nil || cf.j != j {
		return rr.cardOutput(b, j, c)
	}
	<-cf.done
	return cf.f, cf.ok, cf.err
}
