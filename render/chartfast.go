package render

import (
	"html/template"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chart"
)

// OptionJSON is the chart's option as JSON ready for the page's
// <script type="application/json"> element. It is the text chart.Option
// wrote when Option is still that map, and Option encoded by encoding/json
// (which escapes it the same way) otherwise.
func (d chartData) OptionJSON() template.JS { return template.JS(chart.OptionBytes(d.Option)) }

// Figure is the chart's HTML: what the built-in theme's "chart-markup"
// template (layouts/chart.html) writes for d, byte for byte, escaped as
// html/template escapes each of its actions (attribute values, text, URLs;
// TestFigureMatchesTemplate), but written here at once rather than by an
// action each, which cost more than the rest of the chart together. The
// built-in "chart" template calls it for the charts the renderer makes;
// a theme's own chart.html writes its own markup.
func (d chartData) Figure() template.HTML {
	var b strings.Builder
	opt := chart.OptionBytes(d.Option)
	n := 1536 + len(opt) + 3*len(d.Alt) + 10*len(d.Title) + 4*len(d.ID) + 2*len(d.CSV)
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
	writeHTMLEscaped(&b, d.ID)
	b.WriteString(`" style="height: `)
	b.WriteString(height)
	b.WriteString(`px" role="img" aria-label="`)
	writeHTMLEscaped(&b, d.Alt)
	b.WriteString(`"></div>`)
	if s := d.Source; s != nil {
		b.WriteString("\n" + `<p class="scalesite-source">Source: `)
		switch {
		case s.Cite != "":
			b.WriteString(string(s.Cite))
		case s.URL != "":
			b.WriteString(`<a href="`)
			writeHTMLEscaped(&b, normalizeURL(filterURL(s.URL)))
			b.WriteString(`">`)
			writeHTMLEscaped(&b, s.Text)
			b.WriteString(`</a>`)
		default:
			writeHTMLEscaped(&b, s.Text)
		}
		b.WriteString(`</p>`)
	}
	b.WriteString("\n" + `<script type="application/json" class="scalesite-option" data-chart="`)
	writeHTMLEscaped(&b, d.ID)
	b.WriteString(`">`)
	b.Write(opt)
	b.WriteString(`</script>` + "\n" + `<noscript><p class="scalesite-noscript"><strong>`)
	if d.Title != "" {
		b.WriteString(`The chart “`)
		writeHTMLEscaped(&b, d.Title)
		b.WriteString(`” needs`)
	} else {
		b.WriteString(`This chart needs`)
	}
	b.WriteString(` JavaScript.</strong>`)
	if d.Alt != "" {
		b.WriteString(` <span>`)
		writeHTMLEscaped(&b, d.Alt)
		b.WriteString(`</span>`)
	}
	b.WriteString(`</p></noscript>` + "\n" + `<div class="scalesite-tools" role="group" aria-label="Tools for `)
	writeHTMLEscaped(&b, of)
	b.WriteString(`" data-chart="`)
	writeHTMLEscaped(&b, d.ID)
	b.WriteString(`">` + "\n" + `<button type="button" data-tool="png" aria-label="Save PNG image of `)
	writeHTMLEscaped(&b, of)
	b.WriteString(`" hidden>Save PNG</button>` + "\n" + `<button type="button" data-tool="svg" aria-label="Save SVG image of `)
	writeHTMLEscaped(&b, of)
	b.WriteString(`" hidden>Save SVG</button>` + "\n")
	csvLink := func() {
		b.WriteString(`<a href="`)
		writeHTMLEscaped(&b, normalizeURL(filterURL(d.CSV)))
		b.WriteString(`" download="`)
		writeHTMLEscaped(&b, d.CSV)
	}
	csvLink()
	b.WriteString(`" type="text/csv" data-tool="csv" aria-label="Download CSV data of `)
	writeHTMLEscaped(&b, of)
	b.WriteString(`">Download CSV</a>` + "\n" + `<button type="button" data-tool="reset" aria-label="Reset zoom of `)
	writeHTMLEscaped(&b, of)
	b.WriteString(`" hidden>Reset zoom</button>`)
	if d.LogX {
		b.WriteString("\n" + `<button type="button" data-tool="scale" data-axis="x" aria-pressed="false" aria-label="Linear x axis on `)
		writeHTMLEscaped(&b, of)
		b.WriteString(`" hidden>Linear x</button>`)
	}
	if d.LogY {
		b.WriteString("\n" + `<button type="button" data-tool="scale" data-axis="y" aria-pressed="false" aria-label="Linear y axis on `)
		writeHTMLEscaped(&b, of)
		b.WriteString(`" hidden>Linear y</button>`)
	}
	b.WriteString("\n" + `<a class="scalesite-anchor" href="#`)
	writeHTMLEscaped(&b, escapeURL(d.ID))
	b.WriteString(`" data-tool="link" aria-label="Link to `)
	writeHTMLEscaped(&b, of)
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
				writeHTMLEscaped(&b, t.Caption)
				b.WriteString("</caption>")
			}
			b.WriteString("\n<thead><tr>")
			for _, c := range t.Columns {
				b.WriteString(`<th scope="col">`)
				writeHTMLEscaped(&b, c)
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

// writeHTMLEscaped writes s escaped as html/template escapes a string in
// text and in a quoted attribute value (its htmlEscaper and attrEscaper):
// NUL as U+FFFD, and " & ' + < > as character references.
func writeHTMLEscaped(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case 0:
			esc = "\uFFFD"
		case '"':
			esc = "&#34;"
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '+':
			esc = "&#43;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		default:
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(esc)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// filterURL is html/template's check of a URL in an attribute: one with a
// scheme other than http, https or mailto becomes "#ZgotmplZ".
func filterURL(s string) string {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") {
		if !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "mailto") {
			return "#ZgotmplZ"
		}
	}
	return s
}

// normalizeURL and escapeURL percent-encode as html/template's
// urlNormalizer (a whole URL: reserved characters and valid escapes kept)
// and urlEscaper (a part of one: only unreserved characters kept) do.
func normalizeURL(s string) string { return processURL(s, true) }

func escapeURL(s string) string { return processURL(s, false) }

func processURL(s string, norm bool) string {
	var b []byte
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		if b == nil {
			b = make([]byte, 0, len(s)+16)
		}
		b = append(b, s[written:i]...)
		b = append(b, '%', hexDigits[c>>4], hexDigits[c&0xF])
		written = i + 1
	}
	if b == nil {
		return s
	}
	return string(append(b, s[written:]...))
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

const hexDigits = "0123456789abcdef"
