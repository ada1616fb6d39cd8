// Package figure draws a chart without a browser: as SVG for the page, the
// feed and `scalesite figure`, as PDF for papers and as PNG for social cards.
//
// What a chart looks like is decided once, by the theme's scripts (ticks,
// tick labels, point-label placement, colours, markers, dashes, panel and
// legend layout), in the browser for the live chart and, at build time, in
// an embedded JavaScript engine for the static one (internal/scene). They
// hand this package a Scene: a flat display list in CSS pixels, top-left
// origin, in paint order. figure only draws it; it makes no layout decision
// of its own, so the static figure cannot drift from the live chart.
package figure

// Scene is one chart as drawn at one size.
type Scene struct {
	Width      float64 `json:"w"`
	Height     float64 `json:"h"`
	Background string  `json:"bg,omitempty"` // CSS colour; empty: transparent
	// Font is the CSS font-family the live chart names. The writers draw
	// every text in the chart font (DejaVu Sans), whatever it says: the
	// font the live charts of a site with static figures are drawn in
	// (WebFaces).
	Font string `json:"font,omitempty"`
	// Clips are the rectangles items may be clipped to (the plot areas):
	// Item.Clip is 1 + an index into it, 0 for none.
	Clips []Rect `json:"clips,omitempty"`
	Items []Item `json:"items"`
}

// Rect is a rectangle in CSS pixels.
type Rect struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// Item is one thing drawn. Kind says which fields apply:
//
//   - "path": a polyline through Points (x0, y0, x1, y1, ...), closed when
//     Close; stroked with Stroke at LineWidth (Dash: dash and gap lengths),
//     filled with Fill when set.
//   - "symbol": a marker of Shape ("circle", "rect", "roundRect",
//     "triangle", "diamond", "pin", "arrow", "emptyCircle", ...: ECharts'
//     names) centred at X, Y, Size px across, filled with Fill and
//     stroked with Stroke (LineWidth px, 1 if 0), turned by Rotate degrees
//     (clockwise, about X, Y). An "empty" shape without a Stroke is
//     stroked in Fill, filled white and 2 px wide, as ECharts draws it.
//   - "text": Text (one line) at X, Y, FontSize px (12 if 0), Weight (400
//     normal, 600 and up bold), Fill colour, Anchor ("start", "middle",
//     "end") and Baseline ("top", "middle", "bottom", "alphabetic", placed
//     as Chromium's canvas places textBaseline: see BaselineShift), turned
//     by Rotate degrees (clockwise, about X, Y). Stroke, when set, is a
//     halo LineWidth px wide drawn under the fill (ECharts' textBorder).
//   - "tex": a formula typeset by KaTeX, given as KaTeX's HTML (HTML,
//     katex.Render's output), set in text of FontSize px (12 if 0; KaTeX
//     makes it 1.21 times as large, as katex.css does on the page), drawn
//     as outlines of KaTeX's fonts (internal/texbox) filled with Fill
//     (black if none). Anchor ("start", "middle", "end") places the
//     formula's box across X; Baseline places it at Y: "alphabetic" its
//     baseline, "top" and "bottom" the edges of KaTeX's box (its struts),
//     "middle" halfway between them. Rotate turns it about X, Y as text.
//     A formula texbox cannot lay out makes the writers fail: the caller
//     draws the plain form instead.
//
// Colours are CSS colours: #rgb, #rrggbb (with alpha too), rgb(), rgba()
// and a few names. Opacity multiplies the alpha of fill and stroke.
//
// Role names what an item is for the tests and for accessibility: "tick-x0"
// (a tick label of the first x axis), "tick-y1", "label" (a point label),
// "legend", "title", "axis-name-x0", ...; empty for lines and markers.
type Item struct {
	Kind      string    `json:"k"`
	Points    []float64 `json:"p,omitempty"`
	Close     bool      `json:"close,omitempty"`
	Shape     string    `json:"shape,omitempty"`
	X         float64   `json:"x,omitempty"`
	Y         float64   `json:"y,omitempty"`
	Size      float64   `json:"size,omitempty"`
	Text      string    `json:"text,omitempty"`
	HTML      string    `json:"html,omitempty"`
	FontSize  float64   `json:"fs,omitempty"`
	Weight    int       `json:"fw,omitempty"`
	Anchor    string    `json:"anchor,omitempty"`
	Baseline  string    `json:"base,omitempty"`
	Rotate    float64   `json:"rot,omitempty"`
	Fill      string    `json:"fill,omitempty"`
	Stroke    string    `json:"stroke,omitempty"`
	LineWidth float64   `json:"lw,omitempty"`
	Dash      []float64 `json:"dash,omitempty"`
	Opacity   float64   `json:"op,omitempty"` // 0 means 1 (opaque)
	Clip      int       `json:"clip,omitempty"`
	Role      string    `json:"role,omitempty"`
}
