package chartspec

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// Repeated runs (`group`): several runs of one configuration, told apart
// by a column (the seed), drawn as one line, the mean of the runs, with a
// band of their spread (`band`). The configurations are the series as
// `series` names them; a chart without `series` has one configuration.

// How a group's band is drawn (`band`).
const (
	BandSD     = "sd"     // mean ± one standard deviation across the runs (ddof 1): the default
	BandMinMax = "minmax" // from the lowest run to the highest
)

// Group is a chart's `group` and `band` keys, which every panel takes.
type Group struct {
	// Column names the column that tells the runs of one configuration
	// apart (seed); empty when the chart draws each run as it is.
	Column Field
	// Band is BandSD or BandMinMax; BandPos is where `band` was written,
	// zero when it was not.
	Band    string
	BandPos diag.Pos
}

// Set reports whether the chart groups runs.
func (g Group) Set() bool { return g.Column.Name != "" }

// group reads `group`: the column naming each run's repeat.
func (p *parser) group(g *Group, e entry) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	s, ok := scalarText(n)
	if _, isMap := n.(*ast.MappingNode); isMap || !ok || strings.TrimSpace(s) == "" {
		p.errorf(pos, "group must name the column that tells repeated runs of one configuration apart, like group: seed, %s", unlike(n))
		return
	}
	g.Column = Field{Name: strings.TrimSpace(s), Pos: pos}
}

// groupBand reads `band`: how a group's spread across its runs is drawn.
func (p *parser) groupBand(g *Group, e entry) {
	s, pos, ok := p.text(e, "sd or minmax")
	if !ok {
		return
	}
	g.BandPos = pos
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case BandSD, BandMinMax:
		g.Band = t
		return
	case "std", "stdev", "stddev", "std-dev", "standard deviation", "sigma", "1sd":
		p.errorf(pos, `band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not %q — did you mean "sd"?`, s)
		return
	case "min-max", "min/max", "min_max", "range", "envelope", "extremes":
		p.errorf(pos, `band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not %q — did you mean "minmax"?`, s)
		return
	case "":
		p.errorf(pos, "band has no value: use sd (mean ± one standard deviation of the runs, the default) or minmax (from the lowest run to the highest)")
		return
	}
	p.errorf(pos, "band must be sd (mean ± one standard deviation of the runs) or minmax (from the lowest run to the highest), not %q%s", s, diag.DidYouMean(t, []string{BandSD, BandMinMax}))
}

// resolveGroup gives every panel the chart's group and checks it against
// what the panels draw: a group's line is a mean, so it cannot also be
// labelled point by point, carry intervals of its own, or join its points
// in row order; and its column cannot be the series column, whose values
// are the configurations.
func (p *parser) resolveGroup(c *Chart, g Group) {
	if !g.Set() {
		if g.BandPos != (diag.Pos{}) {
			p.errorf(g.BandPos, "band says how the spread of repeated runs is drawn: add group: COLUMN (the column naming each run's seed), or write bands: for shaded regions of the plot")
		}
		return
	}
	if g.Band == "" {
		g.Band = BandSD
	}
	if c.IsoFLOP != nil {
		p.errorf(g.Column.Pos, "group draws the mean of repeated runs on a line or scatter chart; an isoflop chart fits each run's point: leave group out")
		return
	}
	for i := range c.Panels {
		pan := &c.Panels[i]
		pan.Group = g
		switch {
		case pan.Series.Name == g.Column.Name:
			p.errorf(g.Column.Pos, "group and series both name %q: series names the configurations (one line each) and group the column telling their runs apart (the seed)", g.Column.Name)
		case pan.Label.Name != "":
			p.errorf(pan.Label.Pos, "a grouped chart draws the mean of each configuration's runs, which has no row to take a label from: leave label out, or group out")
		case pan.Y.Low.Name != "" || pan.Y.Err.Name != "":
			at := pan.Y.Low.Pos
			if pan.Y.Err.Name != "" {
				at = pan.Y.Err.Pos
			}
			p.errorf(at, "a grouped chart draws its own band, the spread of the runs (band: sd or minmax): leave y's low, high and err out")
		case pan.Connect == ConnectRows:
			p.errorf(pan.ConnectPos, "a grouped chart lines up its runs by x, so its lines join their points in x order: leave connect: rows out")
		default:
			continue
		}
		return // one error for a chart-wide key, not one per panel
	}
}
