package fastlayout

import (
	"html/template"
	"strconv"
	"strings"

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
	var b strings.Builder
	opt := chart.OptionBytes(d.Option)
	n := 1536 + len(opt) + len(d.Static) + 3*len(d.Alt) + 10*len(d.Title) + 4*len(d.ID) + 2*len(d.CSV)
	for _, t := range d.Tables {
		n += len(t.Body) + len(t.Caption) + 64
		for _, c := range t.Columns {
			n += len(c) + 24
		}
	}
	b.Grow(n)
	of := "this chart"
	if d.Title != "" {
		of = "“" + d.Title + "”"
	}
	height := strconv.Itoa(d.Height) // a CSS value of digits: as it is
	b.WriteString(`<figure class="scalesite-chart" style="--scalesite-plot: `)
	b.WriteString(height)
	b.WriteString(`px">` + "\n" + `<div class="scalesite-canvas" id="`)
	htmlesc.Write(&b, d.ID)
	if d.Static != "" {
		// the box of the static figure shown (site.css), until site.js
		// sets the live chart's height
		b.WriteString(`" style="--scalesite-h: `)
		b.WriteString(strconv.Itoa(d.StaticHeight))
		b.WriteString(`px; --scalesite-hn: `)
		b.WriteString(strconv.Itoa(d.StaticNarrowHeight))
		b.WriteString(`px`)
	} else {
		b.WriteString(`" style="height: `)
		b.WriteString(height)
		b.WriteString(`px`)
	}
	b.WriteString(`" role="img" aria-label="`)
	htmlesc.Write(&b, d.Alt)
	b.WriteString(`">`)
	b.WriteString(string(d.Static))
	b.WriteString(`</div>`)
	if s := d.Source; s != nil {
		b.WriteString("\n" + `<p class="scalesite-source">Source: `)
		switch {
		case s.Cite != "":
			b.WriteString(string(s.Cite))
		case s.URL != "":
			b.WriteString(`<a href="`)
			htmlesc.WriteURL(&b, s.URL)
			b.WriteString(`">`)
			htmlesc.Write(&b, s.Text)
			b.WriteString(`</a>`)
		default:
			htmlesc.Write(&b, s.Text)
		}
		b.WriteString(`</p>`)
	}
	b.WriteString("\n" + `<script type="application/json" class="scalesite-option" data-chart="`)
	htmlesc.Write(&b, d.ID)
	b.WriteString(`">`)
	b.Write(opt)
	b.WriteString(`</script>`)
	if d.Static == "" {
		b.WriteString("\n" + `<noscript><p class="scalesite-noscript"><strong>`)
		if d.Title != "" {
			b.WriteString(`The chart “`)
			htmlesc.Write(&b, d.Title)
			b.WriteString(`” needs`)
		} else {
			b.WriteString(`This chart needs`)
		}
		b.WriteString(` JavaScript.</strong>`)
		if d.Alt != "" {
			b.WriteString(` <span>`)
			htmlesc.Write(&b, d.Alt)
			b.WriteString(`</span>`)
		}
		b.WriteString(`</p></noscript>`)
	}
	b.WriteString("\n" + `<div class="scalesite-tools" role="group" aria-label="Tools for `)
	htmlesc.Write(&b, of)
	b.WriteString(`" data-chart="`)
	htmlesc.Write(&b, d.ID)
	b.WriteString(`">` + "\n" + `<button type="button" data-tool="png" aria-label="Save PNG image of `)
	htmlesc.Write(&b, of)
	b.WriteString(`" hidden>Save PNG</button>` + "\n" + `<button type="button" data-tool="svg" aria-label="Save SVG image of `)
	htmlesc.Write(&b, of)
	b.WriteString(`" hidden>Save SVG</button>` + "\n" + `<button type="button" data-tool="pdf" aria-label="Save PDF of `)
	htmlesc.Write(&b, of)
	b.WriteString(`" hidden>Save PDF</button>` + "\n")
	csvLink := func() {
		b.WriteString(`<a href="`)
		htmlesc.WriteURL(&b, d.CSV)
		b.WriteString(`" download="`)
		htmlesc.Write(&b, d.CSV)
	}
	csvLink()
	b.WriteString(`" type="text/csv" data-tool="csv" aria-label="Download CSV data of `)
	htmlesc.Write(&b, of)
	b.WriteString(`">Download CSV</a>` + "\n" + `<button type="button" data-tool="reset" aria-label="Reset zoom of `)
	htmlesc.Write(&b, of)
	b.WriteString(`" hidden>Reset zoom</button>`)
	if d.LogX {
		b.WriteString("\n" + `<button type="button" data-tool="scale" data-axis="x" aria-pressed="false" aria-label="Linear x axis on `)
		htmlesc.Write(&b, of)
		b.WriteString(`" hidden>Linear x</button>`)
	}
	if d.LogY {
		b.WriteString("\n" + `<button type="button" data-tool="scale" data-axis="y" aria-pressed="false" aria-label="Linear y axis on `)
		htmlesc.Write(&b, of)
		b.WriteString(`" hidden>Linear y</button>`)
	}
	b.WriteString("\n" + `<a class="scalesite-anchor" href="#`)
	htmlesc.WriteURLPart(&b, d.ID)
	b.WriteString(`" data-tool="link" aria-label="Link to `)
	htmlesc.Write(&b, of)
	b.WriteString(`">#</a>` + "\n" + `<span class="scalesite-status" role="status"></span>` + "\n" + `</div>`)
	if len(d.Tables) > 0 {
		b.WriteString("\n" + `<details class="scalesite-data">` + "\n" + `<summary>Data table (`)
		if d.Shown < d.Rows {
			b.WriteString(strconv.Itoa(d.Shown))
			b.WriteString(` of `)
		}
		b.WriteString(strconv.Itoa(d.Rows))
		b.WriteString(` rows)</summary>`)
		if d.Shown < d.Rows {
			b.WriteString("\n" + `<p>Long series are cut short here; the `)
			csvLink()
			b.WriteString(`">CSV file</a> has every row.</p>`)
		}
		for _, t := range d.Tables {
			b.WriteString("\n<table>")
			if t.Caption != "" {
				b.WriteString("\n<caption>")
				htmlesc.Write(&b, t.Caption)
				b.WriteString("</caption>")
			}
			b.WriteString("\n<thead><tr>")
			for _, c := range t.Columns {
				b.WriteString(`<th scope="col">`)
				htmlesc.Write(&b, c)
				b.WriteString(`</th>`)
			}
			b.WriteString("</tr></thead>\n<tbody>\n")
			b.WriteString(string(t.Body))
			b.WriteString("</tbody>\n</table>")
		}
		b.WriteString("\n</details>")
	}
	b.WriteString("\n</figure>")
	return template.HTML(b.String())
}
