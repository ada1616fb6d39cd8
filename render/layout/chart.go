package layout

import (
	"html/template"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// Chart is what layouts/chart.html gets for each chart (render's chartData
// adds Figure, which the built-in "chart" template calls).
type Chart struct {
	ID     string
	Option map[string]any
	Height int
	Title  string
	Alt    string
	// What the chart's toolbar and data table show: the CSV file's name
	// (beside the page), the rows as tables, how many rows the data has and
	// the tables show, and whether an axis can be switched between log and
	// linear.
	CSV         string
	CSVType     string // its media type: text/csv, or application/gzip for a .csv.gz
	Tables      []chart.Table
	Rows, Shown int
	LogX, LogY  bool
	// Source is what the chart shows as its source (render's cite.go), or nil.
	Source *Source
	// Static is the chart's static figure, drawn at build time: three <svg>
	// elements (render's static.go), the picture of the chart box of a
	// wide screen, a tablet and a phone, StaticHeight, StaticTabletHeight
	// and StaticNarrowHeight px tall, which the canvas element holds until
	// the live chart is drawn. Empty when there is none (the live preview,
	// or staticFigures: false).
	Static                                               template.HTML
	StaticHeight, StaticTabletHeight, StaticNarrowHeight int
	// Fits is the tables of the chart's fits with a link to its fit file
	// (chart.FitTable), "" without a fit.
	Fits template.HTML
}

// Source is what layouts/chart.html shows under a chart as its source: a
// citation (Cite), or a link (URL) or Text.
type Source struct {
	Cite template.HTML
	URL  string
	Text string
}

// NewChart is c as layouts/chart.html shows it, without its Source, which
// depends on the page's references.
func NewChart(c *site.Chart) Chart {
	alt := chart.AltText(c)
	d := Chart{ID: c.ID, Option: chart.Option(c), Height: chart.Height(c.Spec), Title: c.Spec.Title, Alt: alt, CSV: chart.DataName(c), CSVType: chart.DataType(c)}
	d.Tables, d.Rows, d.Shown = chart.Tables(c)
	d.Fits = chart.FitTable(c)
	for _, p := range c.Spec.Panels {
		d.LogX = d.LogX || p.X.Scale == chartspec.ScaleLog
		d.LogY = d.LogY || p.Y.Scale == chartspec.ScaleLog
	}
	return d
}

// OptionJSON is the chart's option as JSON ready for the page's
// <script type="application/json"> element. It is the text chart.Option
// wrote when Option is still that map, and Option encoded by encoding/json
// (which escapes it the same way) otherwise.
func (d Chart) OptionJSON() template.JS { return template.JS(chart.OptionBytes(d.Option)) }

// AppendOptionJSON appends OptionJSON's text to b, without the string
// OptionJSON makes of it: the Go writer of the built-in chart.html
// (package fastlayout) writes the option so.
func (d Chart) AppendOptionJSON(b []byte) []byte { return append(b, chart.OptionBytes(d.Option)...) }
