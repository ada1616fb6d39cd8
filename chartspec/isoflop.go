package chartspec

import (
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/fit"
)

// TypeIsoFLOP is the chart of Hoffmann et al.'s Approach 2: the losses of
// runs at fixed compute against their size x, a parabola in log x fitted
// to each compute budget with its minimum marked, beside the minima against
// compute with their power law x* = k·C^a.
const TypeIsoFLOP = "isoflop"

// IsoFLOP holds what an isoflop chart adds to a chart (Chart.IsoFLOP).
type IsoFLOP struct {
	// Compute names the column of each run's compute budget.
	Compute Field
	// Bootstrap is how many resamples (of the runs within each budget)
	// give the power law's intervals and band; 0 for none.
	Bootstrap int
}

// isoflop lays out an isoflop chart as two panels: the runs of each budget
// (a series per budget) with their parabolas, and the minima against
// compute with their power law. The chart's `fit`, if any, must be a power
// law: its bootstrap, extrapolate and label are the power law's.
func (p *parser) isoflop(c *Chart, top *layer, compute Field, panelsPos diag.Pos, quiet bool) {
	bad := false
	if c.HasPanels {
		p.errorf(panelsPos, "an isoflop chart draws its own two panels (the runs at each compute budget, and their minima against compute): leave out panels")
		bad = true
	}
	if compute.Name == "" {
		if !quiet {
			p.errorf(top.pos, "an isoflop chart needs compute: the column of each run's compute budget, e.g. compute: flops")
		}
		bad = true
	}
	if top.seriesSet && top.series.Name != "" {
		p.errorf(top.series.Pos, "an isoflop chart's series are its compute budgets (compute: %s): leave out series", compute.Name)
		bad = true
	}
	if len(top.y.fields) > 0 {
		p.errorf(top.y.pos, "an isoflop chart draws one column of loss against x at each compute budget: name one column on y (y: loss), or draw the columns as an isoflop chart each")
		bad = true
	}
	law := top.fits.fit
	if top.fits.fitSet && law.Type != "" && law.Type != fit.PowerLaw {
		p.errorf(law.Pos, "an isoflop chart fits a power law through the minima, not %s: write fit: {type: powerlaw, bootstrap: 1000, extrapolate: 1e24}, or leave fit out", law.Type)
		bad = true
	}
	if bad {
		return
	}
	top.typ, top.typSet = TypeScatter, true
	top.series, top.seriesSet = compute, true
	if top.x.scale == "" {
		top.x.scale = ScaleLog // the parabolas are in log x
	}
	top.fits = fitLayer{}
	runs := p.resolvePanel(top, nil, 0, quiet)
	runs.Title = "At fixed compute"
	runs.Fit = Fit{Label: "minimum", Pos: law.Pos}
	minima := runs
	minima.Title = "Minima"
	minima.Marks = Marks{}
	minima.X = Axis{Field: compute, Scale: ScaleLog, Format: FormatAuto, Pos: compute.Pos}
	minima.Y = Axis{Field: runs.X.Field, Title: "Optimal " + axisName(runs.X), Unit: runs.X.Unit, Scale: ScaleLog, Format: FormatAuto, Pos: runs.X.Pos}
	minima.Fit = Fit{Label: law.Label, Extrapolate: law.Extrapolate, Variable: law.Variable, Response: law.Response, Bootstrap: law.Bootstrap, Pos: law.Pos}
	if minima.Fit.Pos == (diag.Pos{}) {
		minima.Fit.Pos = compute.Pos
	}
	c.Panels = []Panel{runs, minima}
	c.HasPanels = true
	c.IsoFLOP = &IsoFLOP{Compute: compute, Bootstrap: law.Bootstrap}
}

// axisName is an axis' title, else its column, for a panel title.
func axisName(a Axis) string {
	if a.Title != "" {
		return a.Title
	}
	return a.Field.Name
}
