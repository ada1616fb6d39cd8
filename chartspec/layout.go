package chartspec

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// Limits of the chart-level layout keys.
const (
	// MaxColumns is the most panels the page draws side by side: the
	// theme's layout (chartlayout.js frame) gives each panel at least 240
	// px, and a chart's box is 1,006 px wide at most, so a row holds four.
	// It is also the row a chart without `columns` fills. check's
	// TestMaxColumnsIsDrawn holds it to the layout.
	MaxColumns = 4
	// maxColumnsRead is the most `columns` a spec may ask for: what the
	// format allowed before the page's limit was read from its layout;
	// more than MaxColumns is drawn as MaxColumns, with a warning.
	maxColumnsRead = 12
	// DefaultDownsample is how many points a line keeps at most unless the
	// spec says otherwise: about two per pixel of a wide plot, far more than
	// the eye can tell apart, and a page that still loads fast.
	DefaultDownsample = 2000
	// DefaultChartPoints is how many points a chart's long lines share
	// when the spec does not say downsample: one or two lines keep
	// DefaultDownsample each (up to 1,500 for two), more split it, so that ten
	// runs of a million steps make a page of a few hundred kilobytes, not
	// megabytes. The band of each line's lowest and highest values keeps its
	// spikes visible however few points draw the line.
	DefaultChartPoints = 3000
	// MinLinePoints is the fewest points a long line keeps by default,
	// however many lines share the chart: about one per three pixels of a
	// wide plot.
	MinLinePoints = 300
	minDownsample = 10
	// ScatterThinAbove is the number of points over which a scatter series
	// is thinned to one point per pixel-sized cell of its panel (unless the
	// spec keeps every point): ten times what a line keeps by default.
	ScatterThinAbove = 10 * DefaultDownsample
	// DownsampleOff is Chart.Downsample when the spec keeps every point.
	DownsampleOff = -1
)

// Legend is the chart's `legend` key: a title shown before the entries
// ("FLOPs budget" above 6×10¹⁸, 1×10¹⁹, ...), and whether to draw it at all.
type Legend struct {
	Title string
	// Hide turns the legend off (legend: false, or {show: false}).
	Hide bool
}

var legendKeys = []string{"title", "show"}

// columns reads `columns`: how many panels stand side by side before the
// next row starts.
func (p *parser) columns(e entry) int {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	s, ok := scalarText(n)
	if n == nil || isNull(n) || !ok {
		p.errorf(pos, "columns must be a whole number of panels per row, like 4, %s", unlike(n))
		return 0
	}
	c, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || c < 1 || c > maxColumnsRead {
		p.errorf(pos, "columns must be a whole number of panels per row from 1 to %d (the page draws at most %d side by side, each at least 240 px wide), not %q", MaxColumns, MaxColumns, s)
		return 0
	}
	if c > MaxColumns {
		// Specs written when the limit was 12 still build, drawn as the
		// page draws them.
		p.warns = append(p.warns, diag.Warnf(diag.ColumnsPastPage, pos,
			"columns: %d asks for more panels side by side than the page draws (%d, each at least 240 px wide): they are drawn %d a row", c, MaxColumns, MaxColumns))
		return MaxColumns
	}
	return c
}

// downsample reads `downsample`: the most points a line keeps (false or 0
// keeps every point).
func (p *parser) downsample(e entry) (int, bool) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	if b, isBool := n.(*ast.BoolNode); isBool {
		if b.Value {
			return 0, true
		}
		return DownsampleOff, true
	}
	s, ok := scalarText(n)
	if n == nil || isNull(n) || !ok {
		p.errorf(pos, "downsample must be the most points a line keeps, like 2000, or false to keep every point, %s", unlike(n))
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err == nil && v == 0 {
		return DownsampleOff, true
	}
	if err != nil || v < minDownsample {
		p.errorf(pos, "downsample must be a whole number of points per line of at least %d (or false to keep every point), not %q", minDownsample, s)
		return 0, false
	}
	return v, true
}

// legend reads `legend`: a title (legend: "FLOPs budget"), false to hide
// it, or a mapping {title: ..., show: ...}.
func (p *parser) legend(e entry) Legend {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil, *ast.NullNode:
		return Legend{}
	case *ast.BoolNode:
		return Legend{Hide: !v.Value}
	case *ast.MappingNode:
		var l Legend
		for _, le := range p.entries(v) {
			switch le.key {
			case "title":
				l.Title, _, _ = p.chartText(le)
			case "show":
				b, isBool := p.resolve(le.val).(*ast.BoolNode)
				if !isBool {
					p.errorf(p.valuePos(le), "legend show must be true or false")
					continue
				}
				l.Hide = !b.Value
			default:
				p.unknownKey(le, "unknown key %q in legend%s", legendKeys, "legend")
			}
		}
		return l
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(pos, `legend must be a title ("FLOPs budget"), false, or {title: ..., show: ...}, %s`, unlike(n))
		return Legend{}
	}
	return Legend{Title: p.plain(s, "legend", tokenOf(n), pos)}
}

// LineTarget is the most points each line keeps in a chart that draws
// longLines lines of more than MinLinePoints points: the spec's downsample:
// N when it sets one (DownsampleOff when it keeps every point), otherwise
// DefaultDownsample shared out as DefaultChartPoints, never below
// MinLinePoints.
func (c *Chart) LineTarget(longLines int) int {
	if c.Downsample != 0 {
		return c.Downsample
	}
	if longLines <= 1 {
		return DefaultDownsample
	}
	return min(DefaultDownsample, max(MinLinePoints, DefaultChartPoints/longLines))
}
