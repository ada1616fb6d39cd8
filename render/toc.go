package render

import (
	"html/template"

	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// minTOC is the fewest headings a table of contents lists: one entry would
// only repeat the heading below it.
const minTOC = 2

// tableOfContents lists the page's second- and third-level headings when
// the page asks for a table of contents (toc: true), each third-level one
// under the second-level one before it. The first-level heading is the
// page's title, and deeper ones are too fine for a contents list.
func tableOfContents(p *site.Page) []layout.TOCEntry {
	if !p.TOC {
		return nil
	}
	var out []layout.TOCEntry
	n := 0
	for _, h := range p.Headings {
		if h.ID == "" || h.Level < 2 || h.Level > 3 {
			continue
		}
		n++
		e := layout.TOCEntry{ID: h.ID, Text: h.Text, HTML: template.HTML(h.HTML)}
		if h.Level == 3 && len(out) > 0 {
			last := &out[len(out)-1]
			last.Sub = append(last.Sub, e)
			continue
		}
		out = append(out, e)
	}
	if n < minTOC {
		return nil
	}
	return out
}
