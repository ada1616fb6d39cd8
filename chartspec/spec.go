// Package chartspec reads chart specs: the YAML inside a ```chart block.
//
// Parse turns the YAML into a Chart whose panels are fully resolved (a panel
// inherits every key it does not set from the chart), and remembers where each
// value stood so that later checks against the data (a column that is not in
// the file, a value ≤ 0 on a log axis) can name the line and column.
package chartspec

import "github.com/scalesite/scalesite/diag"

// Chart types.
const (
	TypeLine    = "line"
	TypeScatter = "scatter"
)

// How a line joins its points (`connect`).
const (
	ConnectX    = "x"    // in x order, whatever the order of the rows: the default
	ConnectRows = "rows" // in the order of the rows: a trajectory that goes back and forth
)

// Axis scales.
const (
	ScaleLinear = "linear"
	ScaleLog    = "log"
)

// Tick formats. FormatAuto reads as powers of ten on a log axis and as plain
// numbers on a linear one.
const (
	FormatAuto     = "auto"
	FormatSci      = "sci"      // 1E+21
	FormatPow      = "pow"      // 10²¹
	FormatSI       = "si"       // 2.9B
	FormatPercent  = "percent"  // the value is already in percent: 45 → 45%
	FormatFraction = "fraction" // the value is a fraction: 0.45 → 45%
	FormatPlain    = "plain"    // 1,000,000
	FormatYear     = "year"     // 2017: whole numbers without separators
)

// Limits of one chart, far above what a readable chart holds, so that a
// spec of a few hundred kilobytes cannot make the build draw millions of
// marks (every panel inherits the chart's marks; 10,000 panels and 10,000
// lines took minutes).
const (
	MaxPanels = 100  // entries of panels
	MaxMarks  = 1000 // entries of each of hlines, vlines, bands and annotations
)

// Chart is one ```chart block.
type Chart struct {
	// Title and Subtitle are the chart's title and subtitle in plain text
	// (plaintex.Readable): the alt text, the CSV and the exports' form.
	Title    string
	Subtitle string
	// TitleTeX and SubtitleTeX are the title and subtitle as written, when
	// one of them holds a formula: the site typesets both with KaTeX and
	// draws them above the plot (empty Text: the plain forms are drawn).
	TitleTeX, SubtitleTeX TeXText
	// Height of the chart in CSS pixels; 0 means the theme's default.
	Height int
	// Panels holds at least one panel. A chart without a `panels` key has one
	// panel made of the chart's own keys.
	Panels []Panel
	// HasPanels reports whether the spec used the `panels` key.
	HasPanels bool
	// Columns is how many panels stand side by side before a new row
	// starts; 0 means the renderer chooses (all in one row, up to four).
	// Narrow screens always get one column.
	Columns int
	// Legend holds the legend's title, or that it is hidden.
	Legend Legend
	// Downsample is the most points a line series keeps (LTTB at build
	// time); 0 means DefaultDownsample and DownsampleOff keeps every point.
	Downsample int
	// Colors maps a series name to a CSS colour; ColorList gives colours to
	// series in first-seen order. At most one of them is set.
	Colors    map[string]string
	ColorList []string
	// Styles maps a series name to the look the spec gives it (style.go);
	// Order lists series names in the order they are drawn and listed.
	Styles map[string]SeriesStyle
	Order  []Field
	// Source is where the chart's data comes from, shown under it: a
	// citation ("@hoffmann2022", resolved against the page's
	// bibliography by the loader), a web address, or text; "" for none.
	Source Field
	// Quiet names the warnings the chart silences (diag.Warnings), each
	// where it is written.
	Quiet []Field
	// Warnings are what reading the spec found that does not stop the
	// build: text drawn in a linear form (tex.go).
	Warnings diag.List
	// IsoFLOP is set for type: isoflop, whose two panels the spec lays out
	// (isoflop.go); nil otherwise.
	IsoFLOP *IsoFLOP
	// Pos is the position of the chart spec's first line.
	Pos diag.Pos
}

// Panel is one plot: one grid with its own x and y axes.
type Panel struct {
	Title string
	Type  string // TypeLine or TypeScatter
	Data  DataRef
	X, Y  Axis
	// Series names the column whose distinct values become the series (one
	// legend entry each, in first-seen order); empty means one series.
	Series Field
	// Label is the text drawn beside every point: a column name ("model") or a
	// template naming columns in braces ("{model} ({roc_auc})"). Empty means
	// no labels.
	Label Field
	// LabelOnly says which points show Label beside their marker (label.go);
	// every point keeps it as its name, for the tooltip.
	LabelOnly LabelOnly
	// Names maps a column of a wide panel's y (Y.Fields) to its series'
	// name (`names`); a column it does not hold is named by itself.
	Names map[string]string
	// Marks are the panel's reference lines, bands and notes (marks.go).
	Marks Marks
	// Where selects the rows the panel draws, the chart's conditions and the
	// panel's together (see where.go); nil draws every row.
	Where []Cond
	// Fit is the curve fitted to the panel's points, and Frontier its Pareto
	// envelope (fit.go); their zero values draw neither.
	Fit      Fit
	Frontier Frontier
	// Connect is how a line joins its points: ConnectX or "" (sorted by x,
	// ties in row order; "" when the spec does not say) or ConnectRows (in
	// the order of the rows); ConnectPos is where `connect` was written.
	Connect    string
	ConnectPos diag.Pos
	// Smooth is how the panel's lines are smoothed (smooth.go); the zero
	// value draws them raw.
	Smooth Smooth
	// Group is the chart's group of repeated runs (group.go); its zero
	// value draws each run as it is.
	Group Group
	// Pos is where the panel's entry in `panels` starts, or the chart's Pos
	// for a chart without panels.
	Pos diag.Pos
}

// Field is a string value from the spec with the position of that value.
type Field struct {
	Name string
	Pos  diag.Pos
}

// Axis is the x or y axis of a panel.
type Axis struct {
	Field Field
	// Fields lists the columns of a y axis written as a list (y:
	// [train_loss, val_loss]), one series each (wide.go); Field then has
	// no name, only the list's position. Nil for one column.
	Fields []Field
	Title  string
	Scale  string // ScaleLinear or ScaleLog
	Min    *float64
	Max    *float64
	Format string // one of the Format constants
	// FormatPos is where `format` was written, zero when it was not.
	FormatPos diag.Pos
	// Low and High name the columns of each value's interval, or Err the
	// column of a symmetric error (value ± err); see interval.go.
	Low, High, Err Field
	// Interval is how the interval is drawn: IntervalBars, IntervalBand,
	// or "" for the renderer's choice (a band around a line, bars on points).
	Interval string
	// Unit is written after the values in tooltips ("3.1 × 10²³ FLOPs"), and
	// on the ticks too when it is short (see unit.go); "" for none.
	Unit string
	// Pos is where the axis was written: the panel's own x or y if it has
	// one, else the chart's, else the panel's Pos.
	Pos diag.Pos
}

// DataRef says where a panel's rows come from: a file (Path, as written in the
// spec) or CSV written inline in the spec (Inline, with InlinePos the position
// of its first line in the page).
//
// InlinePos.Line is the page line of Inline's first line and InlinePos.Col
// the column its text starts at (the block's indentation + 1), so that a CSV
// reader counting lines from the one and bytes from the other names the
// right cell. Leading blank lines are not part of Inline. A folded block
// (data: >) is read line by line like a literal one (data: |), since folding
// would join the rows. Pos is where the value of `data` stands.
type DataRef struct {
	Path      string
	Inline    string
	InlinePos diag.Pos
	Pos       diag.Pos
}
