package fastlayout

import (
	"html/template"
	"strconv"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/render/layout"
)

// Figure is the chart's HTML: what the built-in theme's "chart-markup"
// template (layouts/chart.html) writes for d, byte for byte, escaped as
// html/template escapes each of its actions (attribute values, text, URLs;
// TestFigureMatchesTemplate), but written here at once rather than by an
// action each, which cost more than the rest of the chart together. The
// built-in "chart" template calls it (through the .Figure of the data
// package render gives it) for the charts the renderer makes; a theme's
// own chart.html writes its own markup.
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
// Figure makes of it first.
func AppendFigure(b []byte, d *layout.Chart) []byte {
	opt := chart.OptionBytes(d.Option)
	of := "this chart"
	if d.Title != "" {
		of = "“" + d.Title + "”"
	}
	height := strconv.Itoa(d.Height) // a CSS value of digits: as it is
	b = append(b, `<figure class="scalesite-chart" style="--scalesite-plot: `...)
	b = append(b, height...)
	b = append(b, `px">`+"\n"+`<div class="scalesite-canvas" id="`...)
	b = htmlesc.Append(b, d.ID)
	if d.Static != "" {
		// the box of the static figure shown (site.css), until site.js
		// sets the live chart's height
		b = append(b, `" style="--scalesite-h: `...)
		b = strconv.AppendInt(b, int64(d.StaticHeight), 10)
		b = append(b, `px; --scalesite-ht: `...)
		b = strconv.AppendInt(b, int64(d.StaticTabletHeight), 10)
		b = append(b, `px; --scalesite-hn: `...)
		b = strconv.AppendInt(b, int64(d.StaticNarrowHeight), 10)
		b = append(b, `px`...)
	} else {
		b = append(b, `" style="height: `...)
		b = append(b, height...)
		b = append(b, `px`...)
	}
	b = append(b, `" role="img" aria-label="`...)
	b = htmlesc.Append(b, d.Alt)
	b = append(b, `">`...)
	b = append(b, d.Static...)
	b = append(b, `</div>`...)
	if s := d.Source; s != nil {
		b = append(b, "\n"+`<p class="scalesite-source">Source: `...)
		switch {
		case s.Cite != "":
			b = append(b, s.Cite...)
		case s.URL != "":
			b = append(b, `<a href="`...)
			b = htmlesc.AppendURL(b, s.URL)
			b = append(b, `">`...)
			b = htmlesc.Append(b, s.Text)
			b = append(b, `</a>`...)
		default:
			b = htmlesc.Append(b, s.Text)
		}
		b = append(b, `</p>`...)
	}
	b = append(b, "\n"+`<script type="application/json" class="scalesite-option" data-chart="`...)
	b = htmlesc.Append(b, d.ID)
	b = append(b, `">`...)
	b = append(b, opt...)
	b = append(b, `</script>`...)
	if d.Static == "" {
		b = append(b, "\n"+`<noscript><p class="scalesite-noscript"><strong>`...)
		if d.Title != "" {
			b = append(b, `The chart “`...)
			b = htmlesc.Append(b, d.Title)
			b = append(b, `” needs`...)
		} else {
			b = append(b, `This chart needs`...)
		}
		b = append(b, ` JavaScript.</strong>`...)
		if d.Alt != "" {
			b = append(b, ` <span>`...)
			b = htmlesc.Append(b, d.Alt)
			b = append(b, `</span>`...)
		}
		b = append(b, `</p></noscript>`...)
	}
	b = append(b, "\n"+`<div class="scalesite-tools" role="group" aria-label="Tools for `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" data-chart="`...)
	b = htmlesc.Append(b, d.ID)
	b = append(b, `">`+"\n"+`<button type="button" data-tool="png" aria-label="Save PNG image of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" hidden>Save PNG</button>`+"\n"+`<button type="button" data-tool="svg" aria-label="Save SVG image of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" hidden>Save SVG</button>`+"\n"+`<button type="button" data-tool="pdf" aria-label="Save PDF of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" hidden>Save PDF</button>`+"\n"...)
	csvLink := func() {
		b = append(b, `<a href="`...)
		b = htmlesc.AppendURL(b, d.CSV)
		b = append(b, `" download="`...)
		b = htmlesc.Append(b, d.CSV)
	}
	csvLink()
	b = append(b, `" type="text/csv" data-tool="csv" aria-label="Download CSV data of `...)
	b = htmlesc.Append(b, of)
	// the buttons zoomarea.js wires, in the markup from the start so that
	// the toolbar keeps its rows when the live chart takes over
	b = append(b, `">Download CSV</a>`+"\n"+`<button type="button" data-tool="area" aria-pressed="false" aria-label="Zoom to area of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" hidden>Zoom to area</button>`+"\n"+`<button type="button" data-tool="undo" aria-label="Undo zoom of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" disabled hidden>Undo zoom</button>`+"\n"+`<button type="button" data-tool="reset" aria-label="Reset zoom of `...)
	b = htmlesc.Append(b, of)
	b = append(b, `" hidden>Reset zoom</button>`...)
	if d.LogX {
		b = append(b, "\n"+`<button type="button" data-tool="scale" data-axis="x" aria-pressed="false" aria-label="Linear x axis on `...)
		b = htmlesc.Append(b, of)
		b = append(b, `" hidden>Linear x</button>`...)
	}
	if d.LogY {
		b = append(b, "\n"+`<button type="button" data-tool="scale" data-axis="y" aria-pressed="false" aria-label="Linear y axis on `...)
		b = htmlesc.Append(b, of)
		b = append(b, `" hidden>Linear y</button>`...)
	}
	b = append(b, "\n"+`<a class="scalesite-anchor" href="#`...)
	b = htmlesc.AppendURLPart(b, d.ID)
	b = append(b, `" data-tool="link" aria-label="Link to `...)
	b = htmlesc.Append(b, of)
	b = append(b, `">#</a>`+"\n"+`<span class="scalesite-status" role="status"></span>`+"\n"+`</div>`...)
	if len(d.Tables) > 0 {
		b = append(b, "\n"+`<details class="scalesite-data">`+"\n"+`<summary>Data table (`...)
		if d.Shown < d.Rows {
			b = strconv.AppendInt(b, int64(d.Shown), 10)
			b = append(b, ` of `...)
		}
		b = strconv.AppendInt(b, int64(d.Rows), 10)
		b = append(b, ` rows)</summary>`...)
		if d.Shown < d.Rows {
			b = append(b, "\n"+`<p>Long series are cut short here; the `...)
			csvLink()
			b = append(b, `">CSV file</a> has every row.</p>`...)
		}
		for _, t := range d.Tables {
			b = append(b, "\n<table>"...)
			if t.Caption != "" {
				b = append(b, "\n<caption>"...)
				b = htmlesc.Append(b, t.Caption)
				b = append(b, "</caption>"...)
			}
			b = append(b, "\n<thead><tr>"...)
			for _, c := range t.Columns {
				b = append(b, `<th scope="col">`...)
				b = htmlesc.Append(b, c)
				b = append(b, `</th>`...)
			}
			b = append(b, "</tr></thead>\n<tbody>\n"...)
			b = append(b, t.Body...)
			b = append(b, "</tbody>\n</table>"...)
		}
		b = append(b, "\n</details>"...)
	}
	if d.Fits != "" {
		b = append(b, '\n')
		b = append(b, d.Fits...)
	}
	b = append(b, "\n</figure>"...)
	return b
}
