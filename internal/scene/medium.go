package scene

import (
	"fmt"
	"math"

	"github.com/scalesite/scalesite/site"
)

// Medium is a chart made for a picture other than the page (issue 33): a
// figure for a paper's column, a social card. One mechanism lays every
// medium out: chartlayout.js applyMedium and frame, and scene.js' compact
// legend; this is what the program tells it. The Scene is laid out in
// units where the axes' text is 12 (as on the page) and drawn scaled by
// Scale, so that its text is TextSize px: a medium's text size is a
// scale, and every margin, gap and legend entry keeps its proportion to
// the text, as a typographer's ems do.
type Medium struct {
	// Width is the picture's width in output px (CSS px: 96 to the inch);
	// Height its height, 0 for Aspect's; without either, each row of
	// panels is RowHeight px high, and the legend below them, when it
	// goes there, adds to the picture's height.
	Width     float64 `json:"-"`
	Height    float64 `json:"-"`
	RowHeight float64 `json:"-"`
	// TextSize is the size in output px of the axes' tick labels and
	// names (8 pt is 32/3 px); the other texts keep their proportion.
	TextSize float64 `json:"-"`
	// Aspect is the width over the height when Height is 0.
	Aspect float64 `json:"aspect,omitempty"`
	// Title draws the chart's title and subtitle (a paper's caption
	// carries them: off for a figure).
	Title bool `json:"title"`
	// Heading is a title of the medium's own drawn instead (a card: the
	// page's title); Footer a line under the chart at its right (the
	// site's name), Note one at its left (what a card leaves out).
	Heading string `json:"heading,omitempty"`
	// HeadingTeX is the heading typeset, when it holds a formula (a page's
	// title: site/charttitle.go), drawn instead of Heading (medium.js).
	HeadingTeX *site.TeXLine `json:"headingTeX,omitempty"`
	Footer     string        `json:"footer,omitempty"`
	Note       string        `json:"note,omitempty"`
	// Columns is how many panels stand in a row; 0: all side by side.
	Columns int `json:"columns,omitempty"`
	// Thin draws lines and markers as print does: lines 1.5 units at
	// most, markers 5 (on a line) and 7 (a scatter), empty ones 1 unit.
	Thin bool `json:"thin"`
	// MinTicks is the fewest labelled ticks on an axis (0: 3).
	MinTicks int `json:"minTicks,omitempty"`
	// MinPlot is the least height in layout units a plot keeps when the
	// legend goes below the plots: lower, the legend goes at their right.
	MinPlot float64 `json:"minPlot,omitempty"`
	// LayoutHeight and LayoutRowHeight are Height and RowHeight in
	// layout units, set by SceneFor.
	LayoutHeight    float64 `json:"height,omitempty"`
	LayoutRowHeight float64 `json:"rowHeight,omitempty"`
}

// baseText is the size in layout units of the axes' text (chartlayout.js).
const baseText = 12

// Scale is the output px of one layout unit.
func (m Medium) Scale() float64 {
	if m.TextSize <= 0 {
		return 1
	}
	return m.TextSize / baseText
}

// check reports a medium the layout cannot draw, and sets LayoutHeight.
func (m *Medium) check() error {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }
	if bad(m.Width) || m.Width == 0 || bad(m.Height) || bad(m.RowHeight) || bad(m.TextSize) || bad(m.Aspect) || m.Columns < 0 || m.MinTicks < 0 {
		return fmt.Errorf("scene: a medium of width %g, height %g, text %g px, aspect %g, %d columns", m.Width, m.Height, m.TextSize, m.Aspect, m.Columns)
	}
	m.LayoutHeight = m.Height / m.Scale()
	m.LayoutRowHeight = m.RowHeight / m.Scale()
	return nil
}
