package render

import (
	"bytes"
	"math"
	"strconv"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/site"
)

// A chart's typeset title (site/charttitle.go) is drawn in the pictures
// (the feed's SVG, the card, the paper figure) as a "tex" item of the
// Scene; on the page it is KaTeX's HTML over the chart, as the live chart
// shows it (site.js showTeX), so that it reads, and selects, as the page's
// math does, without scripts too.

// texLift is how far above its baseline a typeset title's element starts
// (site.css .scalesite-tex-line: the height of its strut).
const texLift = 200

// pageTeX returns s without its "tex" items, for the picture drawn under
// them, and those items as HTML elements to go over it (after it), shown
// and hidden with it: s is the static figure drawn at which ("wide",
// "tablet", "narrow").
// The picture is centred in the chart box (its viewBox), so each element
// stands at its x from the box's middle.
func pageTeX(s *figure.Scene, c *site.Chart, which string) (*figure.Scene, []byte) {
	if c.TitleTeX == nil && c.SubtitleTeX == nil {
		return s, nil
	}
	var b bytes.Buffer
	out := *s
	out.Items = make([]figure.Item, 0, len(s.Items))
	for _, it := range s.Items {
		if it.Kind != "tex" {
			out.Items = append(out.Items, it)
			continue
		}
		line := c.TitleTeX
		if it.Role == "subtitle" {
			line = c.SubtitleTeX
		}
		if line == nil {
			continue
		}
		b.WriteString(`<div class="scalesite-static scalesite-static-` + which + ` scalesite-tex scalesite-tex-` + it.Role)
		if it.Anchor == "middle" {
			b.WriteString(` scalesite-tex-middle`)
		}
		b.WriteString(`" style="left:calc(50% + `)
		b.WriteString(px(it.X - s.Width/2))
		b.WriteString(`);top:`)
		b.WriteString(px(it.Y - texLift))
		b.WriteString(`;font-size:`)
		b.WriteString(px(it.FontSize))
		b.WriteString(`"><span class="scalesite-tex-line"><span>`)
		b.WriteString(line.HTML)
		b.WriteString(`</span></span></div>`)
	}
	return &out, b.Bytes()
}

// px is v in CSS pixels, to a hundredth.
func px(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) + "px"
}
