package site

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// Repeated runs (chartspec.Group): while a panel's rows are read, each run
// (a configuration's name and its value of the group column, the seed) is
// a series of its own, keyed by runKey; groupRuns then makes one series per
// configuration, whose points are the mean of its runs at each x and whose
// Bounds are the band of their spread, and which keeps the runs (Runs) for
// the CSV download.
//
// Runs are lined up by x as W&B lines up a group's runs: at an x that every
// run logged, the runs' own values there. Runs that log different steps
// (one logs every 10 steps, another every 25; one was resumed at another
// step) are each read at every x any run of the configuration logged, a
// run between two of its own steps linearly interpolated between them (on
// a line chart; a scatter chart, whose points are not joined, takes only
// the x's a run logged), and never outside its own first and last x: past
// the end of a short run the mean is of the runs still going (and where
// one run is left, the band stops).

// Run is one run of a configuration: its group value (the seed) and its
// points as read, in x order, gaps left out.
type Run struct {
	Name   string
	Points []Point
}

// runSep joins a configuration's name and a run's group value into the key
// of the run's series while the rows are read: no cell holds it (it is not
// text a data file can have after plaintext's conversion).
const runSep = "\x00"

// runKey is the series key of row r: name, or with a group column gi, the
// name and the row's group value, "" when either is missing (the row is
// left out as a missing value). hasSeries says a series column named name.
func runKey(name string, hasSeries bool, t *table.Table, r, gi int) string {
	if gi < 0 {
		return name
	}
	if hasSeries && name == "" {
		return ""
	}
	cell := t.Cell(r, gi)
	if cell == "" || strings.EqualFold(cell, "NA") {
		return ""
	}
	return name + runSep + cell
}

// groupRuns makes one series per configuration of a grouped panel from
// its runs' series, in the order the configurations first appear; it
// warns of a configuration with one run, which is drawn without a band.
func groupRuns(sp *chartspec.Panel, p *Panel, at diag.Pos) diag.List {
	g := sp.Group
	if !g.Set() {
		return nil
	}
	type config struct {
		name string
		runs []Run
	}
	var configs []*config
	index := map[string]*config{}
	for _, s := range p.Series {
		name, run, ok := strings.Cut(s.Name, runSep)
		if !ok { // the empty series of a panel without rows
			continue
		}
		c := index[name]
		if c == nil {
			c = &config{name: name}
			index[name] = c
			configs = append(configs, c)
		}
		pts := s.Points
		byX := func(a, b Point) int { return cmp.Compare(a.X, b.X) }
		if slices.ContainsFunc(pts, Point.Gap) || !slices.IsSortedFunc(pts, byX) {
			// a copy only when needed: a million-step run is kept once
			pts = slices.DeleteFunc(slices.Clone(pts), Point.Gap)
			slices.SortStableFunc(pts, byX)
		}
		c.runs = append(c.runs, Run{Name: run, Points: pts})
	}
	notes := &Notes{} // the runs' points' and the means' bounds
	if len(p.Series) > 0 && p.Series[0].Notes != nil {
		notes = p.Series[0].Notes
	}
	var warns diag.List
	out := make([]Series, 0, len(configs))
	interpolate := sp.Type == chartspec.TypeLine
	for _, c := range configs {
		out = append(out, Series{Name: c.name, Points: meanOfRuns(c.runs, notes, g.Band, interpolate, sp.Y.Scale == chartspec.ScaleLog), Notes: notes, Runs: c.runs})
		if len(c.runs) == 1 {
			what := "the chart"
			if c.name != "" {
				what = diag.Quote(c.name)
			}
			warns = append(warns, diag.Warnf(diag.SingleRun, g.Column.Pos,
				"%s has one run (%q in column %q) at %s: it is drawn as it is, without a band, which needs two runs or more; add its other runs, or leave group out",
				what, c.runs[0].Name, g.Column.Name, at))
		}
	}
	p.Series = out
	return warns
}

// meanOfRuns is the line of a configuration: at each x any of its runs
// logged (the union of their x's, in order), the mean of the runs that
// cover it, with the band (band: chartspec.BandSD or BandMinMax) as the
// point's y Bounds, noted in notes, where two runs or more cover it. A
// run covers an x it logged, and when interpolate is set every x between
// its first and last.
// A run's repeated x counts once, at the mean of its values there.
//
// The standard deviation is the sample's (numpy's std with ddof=1), in two
// passes as numpy computes it. On a log y axis the band's low end is never
// below the lowest run (mean − sd can be ≤ 0, which the axis cannot show).
func meanOfRuns(runs []Run, notes *Notes, band string, interpolate, logY bool) []Point {
	runs = slices.Clone(runs)
	total := 0
	for k := range runs {
		runs[k].Points = distinctX(runs[k].Points)
		total += len(runs[k].Points)
	}
	next := make([]int, len(runs)) // each run's first point at or past x
	out := make([]Point, 0, total/max(1, len(runs)))
	bounds := make([]Bounds, 0, cap(out))
	vals := make([]float64, 0, len(runs))
	for {
		// the next x of the union: the least of the runs' next points
		x, row, any := math.Inf(1), 0, false
		for k, r := range runs {
			if i := next[k]; i < len(r.Points) && r.Points[i].X < x {
				x, row, any = r.Points[i].X, int(r.Points[i].Row), true
			}
		}
		if !any {
			break
		}
		vals = vals[:0]
		for k, r := range runs {
			pts, i := r.Points, next[k]
			switch {
			case i < len(pts) && pts[i].X == x:
				vals = append(vals, pts[i].Y)
				next[k]++
			case interpolate && i > 0 && i < len(pts):
				a, b := pts[i-1], pts[i]
				vals = append(vals, a.Y+(x-a.X)/(b.X-a.X)*(b.Y-a.Y))
			}
		}
		pt := Point{X: x, Y: mean(vals), Row: int32(row)}
		if len(vals) >= 2 {
			lo, hi := slices.Min(vals), slices.Max(vals)
			if band != chartspec.BandMinMax {
				sd := sampleSD(vals, pt.Y)
				l := pt.Y - sd
				if logY && l <= 0 {
					l = lo
				}
				lo, hi = l, pt.Y+sd
			}
			bounds = append(bounds, Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: lo, YHi: hi})
			pt = notes.With(pt, "", &bounds[len(bounds)-1])
		}
		out = append(out, pt)
	}
	return out
}

// distinctX is a run's points (sorted by x) with each repeated x once, at
// the mean of its values: a run resumed from a checkpoint logs some steps
// twice.
func distinctX(pts []Point) []Point {
	dup := false
	for i := 1; i < len(pts); i++ {
		if pts[i].X == pts[i-1].X {
			dup = true
			break
		}
	}
	if !dup {
		return pts
	}
	out := make([]Point, 0, len(pts))
	for i := 0; i < len(pts); {
		j, sum := i, 0.0
		for ; j < len(pts) && pts[j].X == pts[i].X; j++ {
			sum += pts[j].Y
		}
		p := pts[i]
		p.Y = sum / float64(j-i)
		out = append(out, p)
		i = j
	}
	return out
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// sampleSD is the standard deviation of v about its mean m with n−1 in
// the denominator (numpy.std(v, ddof=1)); v has two values or more.
func sampleSD(v []float64, m float64) float64 {
	s := 0.0
	for _, x := range v {
		d := x - m
		s += d * d
	}
	return math.Sqrt(s / float64(len(v)-1))
}

// RunsText is how a configuration's runs are named in its legend entry,
// alt text and tooltip: "mean of 5 runs", or "1 run" for one.
func (s Series) RunsText() string {
	if len(s.Runs) == 1 {
		return "1 run"
	}
	return fmt.Sprintf("mean of %d runs", len(s.Runs))
}
