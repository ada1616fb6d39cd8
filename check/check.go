// Package check finds what does not stop a build but makes a site read worse
// than its author meant: pages without a description, point labels that
// would be drawn on top of each other, line charts with nothing to draw a
// line through, more series than colours, panels too narrow to read, and
// files under static/ that run script on the site's origin when opened.
// `scalesite check` prints these beside the loader's own warnings (rows left
// out for missing values).
//
// The checks read the loaded site only; they never touch the disk.
package check

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/site"
)

// Label collisions are estimated in plot space: each axis is mapped to
// [0, 1] over its range, and two labels collide when their points are closer
// than labelDY vertically and labelDX horizontally. A label is drawn in
// 11 px type to the right of its point, so it is about 14 px tall (0.03 of
// the plot area of a chart of the default height) and, for a typical
// "model (score)" label, about an eighth of a full-width plot wide.
const (
	labelDX = 0.12
	labelDY = 0.03
	// minCrowded is the number of crowded labels (and a quarter of them
	// all) from which a chart is worth a warning: the placer moves a few
	// close labels apart without loss.
	minCrowded = 2
	// maxNamedLabels is how many of the crowded labels a warning names.
	maxNamedLabels = 4
)

// Page returns the warnings about one page, loaded in full (its charts and
// its parsed Markdown), under the site's config cfg: the build runs it on
// each page as it streams them, and keeps its warnings with the page for
// the next build.
func Page(b *site.Body, cfg site.Config) diag.List {
	p := b.Page
	var out diag.List
	if p.Slug == "" {
		out = append(out, homeDescription(p, cfg)...)
	} else {
		out = append(out, Description(p)...)
	}
	for _, c := range b.Charts {
		out = append(out, chartWarnings(c)...)
	}
	return append(out, pageHTML(b, cfg.Markdown.Unsafe)...).Quiet(cfg.Quiet.Split())
}

// chartWarnings returns the warnings about chart c, less those its spec
// silences (quiet:).
func chartWarnings(c *site.Chart) diag.List {
	var out diag.List
	out = append(out, Labels(c)...)
	out = append(out, LabelRoom(c)...)
	out = append(out, SinglePoints(c)...)
	out = append(out, UnusedColors(c)...)
	out = append(out, UnusedStyles(c)...)
	out = append(out, SeriesLookAlike(c)...)
	out = append(out, NarrowPanels(c)...)
	return out.Quiet(c.Spec.QuietNames())
}

// SiteWide returns the warnings about s that belong to no page: a site
// without a home page or a description, and script-running files under
// static/. It needs only what site.Scan reads.
func SiteWide(s *site.Site) diag.List {
	var out diag.List
	if s.Home == nil {
		out = append(out, homeDescription(nil, s.Config)...)
	}
	return append(out, ScriptableFiles(s)...).Quiet(s.Config.Quiet.Split())
}

// UnusedColors warns about entries of a `colors` mapping that name no series
// of the chart: most likely a typo in a model's name.
func UnusedColors(c *site.Chart) diag.List {
	if len(c.Spec.Colors) == 0 {
		return nil
	}
	names := c.SeriesNames()
	isSeries := setOf(names)
	var out diag.List
	for _, k := range slices.Sorted(maps.Keys(c.Spec.Colors)) {
		if !isSeries[k] {
			out = append(out, diag.Warnf(diag.UnusedColors, chartPos(c), "colors names %q, which is not a series of this chart%s", k, diag.DidYouMean(k, names)))
		}
	}
	return out
}

// UnusedStyles warns about the series names of `style` and `order` that
// name no series of the chart: most likely a typo in a model's name, and
// the look or the place meant for it goes to no series.
func UnusedStyles(c *site.Chart) diag.List {
	if c.Spec == nil || (len(c.Spec.Styles) == 0 && len(c.Spec.Order) == 0) {
		return nil
	}
	names := c.SeriesNames()
	isSeries := setOf(names)
	var out diag.List
	for _, k := range slices.Sorted(maps.Keys(c.Spec.Styles)) {
		if !isSeries[k] {
			out = append(out, diag.Warnf(diag.UnusedStyles, c.Spec.Styles[k].Pos, "style names %q, which is not a series of this chart%s", k, diag.DidYouMean(k, names)))
		}
	}
	for _, f := range c.Spec.Order {
		if !isSeries[f.Name] {
			out = append(out, diag.Warnf(diag.UnusedStyles, f.Pos, "order names %q, which is not a series of this chart%s", f.Name, diag.DidYouMean(f.Name, names)))
		}
	}
	return out
}

// SeriesLookAlike warns about a chart with more series than the palette has
// colours: past them, colours repeat, and series differ only by marker and
// dash, which the reader has to match against the legend.
func SeriesLookAlike(c *site.Chart) diag.List {
	names := c.SeriesNames()
	if len(names) <= chart.PaletteSize {
		return nil
	}
	return diag.List{diag.Warnf(diag.ManySeries, chartPos(c),
		"this chart has %d series: past %d, series are told apart by marker shape and line dash as well as colour; consider fewer series per panel or panels",
		len(names), chart.PaletteSize)}
}

// Description warns about a page without a description, at the page's
// first line (where its front matter is, or belongs).
func Description(p *site.Page) diag.List {
	if strings.TrimSpace(p.Description) != "" {
		return nil
	}
	return diag.List{diag.Warnf(diag.NoDescription, diag.Pos{File: p.Path, Line: 1},
		"%q has no description: add a line like \"description: One sentence on what the charts show.\" to its front matter; it is shown under the title in the page list and in search results and link previews", p.Title)}
}

// homeDescription warns when the home page has no description of its own
// and the site none to fall back on.
func homeDescription(home *site.Page, cfg site.Config) diag.List {
	if strings.TrimSpace(cfg.Description) != "" || (home != nil && strings.TrimSpace(home.Description) != "") {
		return nil
	}
	return diag.List{diag.Warnf(diag.NoDescription, diag.Pos{File: site.ConfigFile},
		"the site has no description: add a line like \"description: What this site is about, in one sentence.\" to %s; it describes the home page in search results and link previews", site.ConfigFile)}
}

// chartPos is where a chart is named in warnings: its page and line.
func chartPos(c *site.Chart) diag.Pos {
	return diag.Pos{File: c.Spec.Pos.File, Line: c.Spec.Pos.Line}
}

// panelName names panel i for a message: "" for a chart of one panel.
func panelName(c *site.Chart, i int) string {
	if !c.Spec.HasPanels {
		return ""
	}
	if t := c.Spec.Panels[i].Title; t != "" {
		return fmt.Sprintf(" (panel %q)", t)
	}
	return fmt.Sprintf(" (panel %d)", i+1)
}

// Labels warns about pairs of labelled points of one panel whose labels
// would overlap. ECharts shifts overlapping labels apart, but the reader
// should know that a label may stand away from its point, or be hidden.
func Labels(c *site.Chart) diag.List {
	if c.Spec == nil {
		return nil
	}
	var out diag.List
	dy := labelDY
	if c.Spec.Height > 0 {
		dy = labelDY * chart.DefaultHeight / float64(c.Spec.Height)
	}
	// Panels stand side by side, so each is a fraction of the width.
	dx := labelDX * float64(max(1, len(c.Panels)))
	for i, pn := range c.Panels {
		if i >= len(c.Spec.Panels) {
			break
		}
		sp := c.Spec.Panels[i]
		if sp.Label.Name == "" {
			continue
		}
		var xs, ys []float64
		for _, s := range pn.Series {
			for _, pt := range s.Points {
				if pt.Gap() {
					continue
				}
				xs = append(xs, pt.X)
				ys = append(ys, pt.Y)
			}
		}
		fx, fy := scaler(sp.X, xs), scaler(sp.Y, ys)
		type mark struct {
			x, y  float64
			order int
			label string
		}
		var marks []mark
		for _, s := range pn.Series {
			for _, pt := range s.Points {
				label := s.Notes.Label(pt)
				if label == "" || s.Notes.NameOnly(pt) || pt.Gap() {
					continue
				}
				x, okx := fx(pt.X)
				y, oky := fy(pt.Y)
				if okx && oky {
					marks = append(marks, mark{x, y, len(marks), label})
				}
			}
		}
		// Sweep in x: only points less than dx apart can collide.
		slices.SortStableFunc(marks, func(a, b mark) int { return cmp.Compare(a.x, b.x) })
		var found [][2]int
		for j := range marks {
			for k := j + 1; k < len(marks) && marks[k].x-marks[j].x < dx; k++ {
				if math.Abs(marks[k].y-marks[j].y) < dy {
					a, b := marks[j].order, marks[k].order
					found = append(found, [2]int{min(a, b), max(a, b)})
				}
			}
		}
		crowded := map[int]bool{}
		for _, f := range found {
			crowded[f[0]], crowded[f[1]] = true, true
		}
		if len(crowded) >= minCrowded && 4*len(crowded) >= len(marks) {
			// The crowded labels are named in the order the data gives them.
			names := make([]string, 0, len(crowded))
			for _, m := range slices.SortedFunc(slices.Values(marks), func(a, b mark) int { return cmp.Compare(a.order, b.order) }) {
				if crowded[m.order] {
					names = append(names, m.label)
				}
			}
			out = append(out, diag.Warnf(diag.CrowdedLabels, chartPos(c),
				"%d of the %d point labels%s stand too close to another to sit beside their points (%s): scalesite moves them around their points (with a leader line) and hides those it cannot place, which show on hover; a taller chart (height:), a wider axis range (min:, max:) or fewer labels (label: {field: ..., only: frontier} labels the frontier, the other points keep their names on hover) would show more",
				len(crowded), len(marks), panelName(c, i), diag.QuoteList(names, maxNamedLabels)))
		}
	}
	return out
}

// scaler maps an axis value to [0, 1] across the axis: the spec's min and max
// where set, else the extent of the data, in log10 on a log axis. ok is false
// for a value the axis does not show.
func scaler(ax chartspec.Axis, vals []float64) func(float64) (float64, bool) {
	log := ax.Scale == chartspec.ScaleLog
	t := func(v float64) float64 {
		if log {
			return math.Log10(v)
		}
		return v
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		if log && v <= 0 {
			continue
		}
		lo, hi = min(lo, t(v)), max(hi, t(v))
	}
	if ax.Min != nil && (!log || *ax.Min > 0) {
		lo = t(*ax.Min)
	}
	if ax.Max != nil && (!log || *ax.Max > 0) {
		hi = t(*ax.Max)
	}
	return func(v float64) (float64, bool) {
		if log && v <= 0 {
			return 0, false
		}
		tv := t(v)
		switch {
		case math.IsInf(lo, 0) || math.IsInf(hi, 0):
			return 0, false
		case tv < lo || tv > hi:
			return 0, false // outside the axis: not drawn
		case hi == lo:
			return 0.5, true
		}
		return (tv - lo) / (hi - lo), true
	}
}

// setOf is names as a set, so that checking a spec's names against a
// chart's series costs their lengths, not their product.
func setOf(names []string) map[string]bool {
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	return set
}

// SinglePoints warns about series of a line chart that have one point each:
// a line needs two. A series drawn as a line in another panel of the chart
// is not warned about in a panel where the data gives it one point (a model
// family with one result on that task): the panels share its colour and
// legend entry, so its marker reads as that family's one result, as the
// data says, and no row is missing.
func SinglePoints(c *site.Chart) diag.List {
	if c.Spec == nil {
		return nil
	}
	lineElsewhere := map[string]bool{}
	for i, pn := range c.Panels {
		if i >= len(c.Spec.Panels) || c.Spec.Panels[i].Type != chartspec.TypeLine {
			continue
		}
		for _, s := range pn.Series {
			if len(s.Points) > 1 {
				lineElsewhere[s.Name] = true
			}
		}
	}
	var out diag.List
	for i, pn := range c.Panels {
		if i >= len(c.Spec.Panels) || c.Spec.Panels[i].Type != chartspec.TypeLine {
			continue
		}
		var single []string
		for _, s := range pn.Series {
			// a series the spec's style draws as points needs no line
			if len(s.Points) == 1 && c.Spec.Styles[s.Name].Draw != chartspec.DrawPoints && !lineElsewhere[s.Name] {
				single = append(single, s.Name)
			}
		}
		switch {
		case len(single) == 0:
		case len(single) == len(pn.Series):
			what := "every series has"
			if len(pn.Series) == 1 {
				what = "the line has"
			}
			out = append(out, diag.Warnf(diag.SinglePoints, chartPos(c),
				"%s a single point in this line chart%s, so no line is drawn: add rows, or set type: scatter if the points stand alone (is series: the right column?)",
				what, panelName(c, i)))
		default:
			out = append(out, diag.Warnf(diag.SinglePoints, chartPos(c),
				"series %s a single point in this line chart%s: a line needs two, so only a marker is drawn",
				quoteList(single), panelName(c, i)))
		}
	}
	return out
}

// quoteList quotes names and joins them: "a", "b" and "c" (at most five).
func quoteList(names []string) string {
	const show = 5
	q := make([]string, 0, min(len(names), show))
	for i, n := range names {
		if i == show {
			break
		}
		q = append(q, fmt.Sprintf("%q", n))
	}
	switch {
	case len(names) > show:
		return strings.Join(q, ", ") + fmt.Sprintf(" and %d more have", len(names)-show)
	case len(q) == 1:
		return q[0] + " has"
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1] + " have"
}
