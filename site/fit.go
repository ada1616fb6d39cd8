package site

import (
	"errors"
	"fmt"
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/fit"
)

// Fitted is a curve the spec's `fit` asks for, fitted to the panel's
// points when the site is loaded.
type Fitted struct {
	// Series is the series fitted, as the data spells its name, for a fit
	// over series; "" for a fit over all points or over the frontier.
	Series string
	fit.Result
	// Lo and Hi are the smallest and largest x of the points fitted.
	Lo, Hi float64
	// Constants are the fit's A, B and C (Result's) with, when the spec
	// asks for a bootstrap, their standard errors and intervals; zero for
	// a fit by law and an isoflop chart's fits, which have their own.
	Constants fit.Constants
	// Doubling is an exponential fit's doubling time (trend.go), else nil.
	Doubling *fit.Doubling
	// IsoFLOP is the whole fit behind an isoflop chart's power law, with
	// its intervals and band (isoflop.go), else nil.
	IsoFLOP *fit.IsoFLOP
	// Law is the fit by law (Kind chartspec.FitLaw), nil for the others.
	Law *LawFitted
	// DataSHA256 is the SHA-256 of the data file (of the inline data's
	// text) the points were read from, in hex, that the fit file reports.
	DataSHA256 string
}

// fitGroup is a group of points fitted together: a series, all the
// panel's points, or its frontier. what names it in messages.
type fitGroup struct {
	series, what string
	pts          []Point
	// strands are where each series' points start in pts, for a fit by
	// law over all points, which draws a curve along each series.
	strands []int
}

// FrontierPoints returns the points of the panel's Pareto frontier (every
// series together), in order of x: with max, those above every point at a
// smaller x; with min, below.
func (p *Panel) FrontierPoints(max bool) []Point {
	var pts []Point
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if !pt.Gap() {
				pts = append(pts, pt)
			}
		}
	}
	xs, ys := make([]float64, len(pts)), make([]float64, len(pts))
	for i, pt := range pts {
		xs[i], ys[i] = pt.X, pt.Y
	}
	idx := fit.Frontier(xs, ys, max)
	out := make([]Point, len(idx))
	for i, k := range idx {
		out[i] = pts[k]
	}
	return out
}

// labelOnly marks the points whose label the spec's label only: leaves
// out (chartspec.LabelOnly) as named but not labelled. The frontier is the
// panel's own (frontier: min or max), else max. A point is known by its
// row, which gives at most one point.
func labelOnly(sp *chartspec.Panel, p *Panel) {
	if sp.LabelOnly.What != chartspec.LabelOnlyFrontier {
		return
	}
	on := map[int]bool{}
	for _, pt := range p.FrontierPoints(sp.Frontier.Dir != chartspec.FrontierMin) {
		on[int(pt.Row)] = true
	}
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if s.Notes.Label(pt) != "" {
				s.Notes.setNameOnly(pt, !on[int(pt.Row)])
			}
		}
	}
}

// fitPanel fits the curves the spec asks of a loaded panel. n is the
// panel's number (0 for a chart without panels) and file the data file
// (site-relative; the page for inline data), for messages. Every problem is
// reported at the `fit` value, or for a fit by law at the value at fault.
// sum is the data's SHA-256, in hex, that the fit file reports; fits by
// law are read from and kept in cache (nil: none).
func fitPanel(sp *chartspec.Panel, p *Panel, n int, file, sum string, cache *fitCache) ([]Fitted, error) {
	f := sp.Fit
	if f.Type == "" {
		return nil, nil
	}
	inPanel := ""
	if n > 0 {
		inPanel = fmt.Sprintf(" in panel %d", n)
	}
	// The series the fit is limited to must be series of the panel. Sets,
	// so that a panel of many series and a long list cost their lengths.
	var names []string
	isSeries := make(map[string]bool, len(p.Series))
	for _, s := range p.Series {
		names = append(names, s.Name)
		isSeries[s.Name] = true
	}
	var errs diag.List
	for _, want := range f.Series {
		if isSeries[want.Name] {
			continue
		}
		if !sp.Named() {
			errs.Add(diag.Errorf(want.Pos, "fit series %q: the panel has no series column (series: ...), so it is one series and there is nothing to pick", want.Name))
			continue
		}
		if sp.Series.Name == "" {
			errs.Add(diag.Errorf(want.Pos, "fit series %q is not a series of the panel%s (its series, one per y column: %s)%s",
				want.Name, inPanel, diag.QuoteList(names, 8), diag.DidYouMean(want.Name, names)))
			continue
		}
		errs.Add(diag.Errorf(want.Pos, "fit series %q is not a series of the panel%s (the values of %q: %s)%s",
			want.Name, inPanel, sp.Series.Name, diag.QuoteList(names, 8), diag.DidYouMean(want.Name, names)))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	wanted := make(map[string]bool, len(f.Series))
	for _, w := range f.Series {
		wanted[w.Name] = true
	}
	chosen := func(s Series) bool { return len(f.Series) == 0 || wanted[s.Name] }
	// Each group of points is fitted on its own.
	var groups []fitGroup
	switch f.Over {
	case chartspec.FitOverAll:
		g := fitGroup{what: "over all points" + inPanel}
		for _, s := range p.Series {
			if chosen(s) {
				g.strands = append(g.strands, len(g.pts))
				g.pts = append(g.pts, drawnPoints(s.Points)...)
			}
		}
		groups = append(groups, g)
	case chartspec.FitOverFrontier:
		groups = append(groups, fitGroup{what: "over the frontier" + inPanel, pts: p.FrontierPoints(sp.Frontier.Dir == chartspec.FrontierMax)})
	default:
		for _, s := range p.Series {
			if !chosen(s) {
				continue
			}
			what := "of series " + diag.Quote(s.Name) + inPanel
			if !sp.Named() {
				what = "of the points" + inPanel
			}
			groups = append(groups, fitGroup{series: s.Name, what: what, pts: drawnPoints(s.Points)})
		}
	}
	if f.Law != nil {
		return fitLaws(sp, p, groups, file, sum, cache)
	}
	var out []Fitted
	for _, g := range groups {
		xs, ys := make([]float64, len(g.pts)), make([]float64, len(g.pts))
		lo, hi := math.Inf(1), math.Inf(-1)
		for i, pt := range g.pts {
			xs[i], ys[i] = pt.X, pt.Y
			lo, hi = min(lo, pt.X), max(hi, pt.X)
		}
		r, err := fit.Fit(f.Type, xs, ys)
		var doubling *fit.Doubling
		if err == nil {
			doubling, err = fitDoubling(sp, p, xs, ys)
		}
		if err != nil {
			msg := err.Error()
			var fe *fit.Error
			if errors.As(err, &fe) && fe.Point >= 0 && fe.Point < len(g.pts) {
				col := yColumnOf(sp, g.series)
				if fe.Axis == "x" {
					col = sp.X.Field.Name
				}
				msg += fmt.Sprintf(" (%s at %s)", diag.Quote(col), p.rowPos(int(g.pts[fe.Point].Row)))
			}
			errs.Add(diag.Errorf(f.Pos, "the fit %s: %s", g.what, msg))
			continue
		}
		if most := kindRefits(f.Type, len(xs)); f.Bootstrap > most {
			errs.Add(diag.Errorf(f.Pos, "the fit %s asks for %d bootstrap resamples of %d points, and a %s fit of %d points may refit at most %d times in a build: ask for %d or fewer (1,000 is usual)",
				g.what, f.Bootstrap, len(xs), f.Type, len(xs), most, most))
			continue
		}
		consts := fit.BootstrapKind(r, xs, ys, f.Bootstrap, fitSeed)
		out = append(out, Fitted{Series: g.series, Result: r, Constants: consts, Lo: lo, Hi: hi, DataSHA256: sum, Doubling: doubling})
	}
	return out, errs.Err()
}

// kindRefits is the most bootstrap refits a built-in fit of n points may
// do in a build, so that none runs for minutes: resamples × (points + a
// refit's fixed cost) is at most about 10 s of one core, at some 10 ns a
// point for the straight lines; powerlaw+c's search for its exponent costs
// what some 30,000 points do (0.3 ms a refit of 30 points).
func kindRefits(kind string, n int) int {
	fixed := 200
	if kind == fit.PowerLawC {
		fixed = 30000
	}
	return 1_000_000_000 / (n + fixed)
}

// fitCount is how many curves fitPanel fits in panel p: one per chosen
// series, or one over all points or the frontier.
func fitCount(f *chartspec.Fit, p *Panel) int {
	switch {
	case f.Type == "":
		return 0
	case f.Over == chartspec.FitOverAll || f.Over == chartspec.FitOverFrontier:
		return 1
	case len(f.Series) > 0:
		return min(len(f.Series), len(p.Series))
	}
	return len(p.Series)
}

// drawnPoints leaves out a line's gaps.
func drawnPoints(pts []Point) []Point {
	out := make([]Point, 0, len(pts))
	for _, pt := range pts {
		if !pt.Gap() {
			out = append(out, pt)
		}
	}
	return out
}

// panelNumber is panel i's number for messages, 0 for a chart without panels.
func panelNumber(sc *chartspec.Chart, i int) int {
	if !sc.HasPanels {
		return 0
	}
	return i + 1
}
