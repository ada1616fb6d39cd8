package fastlayout

import (
	"html/template"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/render/layout"
)

// Figure is the chart's HTML: what the built-in theme's "chart-markup"
// template (layouts/chart.html) writes for d, byte for byte
// (TestFigureMatchesTemplate), but written in Go rather than by an action
// each, which cost more than the rest of the chart together. The built-in
// "chart" template calls it (through the .Figure of the data package
// render gives it) for the charts the renderer makes; a theme's own
// chart.html writes its own markup.
func Figure(d *layout.Chart) template.HTML {
	return template.HTML(AppendFigure(make([]byte, 0, FigureSize(d)), d))
}

// FigureSize is about the length of the chart's HTML (Figure), for a
// buffer to be sized once.
func FigureSize(d *layout.Chart) int {
	n := 1536 + len(chart.OptionBytes(d.Option)) + len(d.Static) + 3*len(d.Alt) + 10*len(d.Title) + 4*len(d.ID) + 2*len(d.CSV) + len(d.Fits)
	for _, t := range d.Tables {
		n += len(t.Body) + len(t.Caption) + 64
		for _, c := range t.Columns {
			n += len(c) + 24
		}
	}
	return n
}

// AppendFigure appends the chart's HTML, Figure's bytes, to b: the
// renderer writes it straight into the page this way, without the string
// Figure makes of it first. d must not be nil.
func AppendFigure(b []byte, d *layout.Chart) []byte { return appendChartMarkup(b, d) }
