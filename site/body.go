package site

import (
	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/bibtex"
)

// Body is the part of a page that only the page's own render needs: its
// Markdown, parsed, and its charts with their data. A page (Page) is what
// listings, neighbours, feeds and search read of it; its body is loaded
// with it (Load keeps it, LoadBody loads it again) and never stored back
// into the page, so that a page has one form from the time it is made.
type Body struct {
	// Page is the page this is the body of.
	Page *Page
	// Markdown is the page's Markdown after the front matter; Line is the
	// line of the file where it starts (Pos turns a place in it into one
	// in the file).
	Markdown []byte
	Line     int
	// Doc is the parsed Markdown, in which each ```chart block is a
	// markdown.ChartBlock; nil when the site was loaded with ChartsOnly.
	Doc ast.Node
	// Charts are the page's charts with their data, in the order they
	// appear: Page.Charts summarizes them one to one.
	Charts []*Chart
	// References are the entries the page cites, in the order they are
	// first cited, in the prose or in a chart's source (cite.go).
	References []*bibtex.Entry
}

// CardChart is the chart the page's social card shows, or nil when the
// page has none (no chart, or card: false).
func (b *Body) CardChart() *Chart {
	if c := b.Page.Card; c >= 0 && c < len(b.Charts) {
		return b.Charts[c]
	}
	return nil
}

// summarize sets what p keeps of its charts, from the loaded ones.
func (p *Page) summarize(charts []*Chart) {
	p.Charts = make([]ChartSummary, len(charts))
	for i, c := range charts {
		p.Charts[i] = ChartSummary{ID: c.ID, Title: c.Title(), Points: c.Points(), DataFiles: c.DataFiles, CSVRows: c.CSVRows(), Pos: chartPos(c)}
		for _, panel := range c.Panels {
			p.Charts[i].Fits = p.Charts[i].Fits || len(panel.Fits) > 0
		}
	}
}

// chartPos is where c's block starts, the zero Pos when it has no spec.
func chartPos(c *Chart) diag.Pos {
	if c.Spec == nil {
		return diag.Pos{}
	}
	return c.Spec.Pos
}
