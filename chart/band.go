package chart

import (
	"math"
	"strconv"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
)

// A line drawn from fewer points than it has (downsample.go) keeps its
// shape, but a spike LTTB passed over is gone and the spread of a noisy
// log reads as a thin line. So a thinned line gets a faint band of each
// bucket's lowest and highest value under it, in its colour, as W&B's
// "full fidelity" line plots draw: every value of the series lies inside
// the band at its x. The band is an uncertainty band of the line
// (marks.go's bandToken), under the line's legend entry, so the legend
// hides and shows both.

// spreadBuckets is how many buckets of a thinned line's band there are
// for a line thinned to target points: each bucket is drawn from at most
// two vertices, so the band costs at most half the line's points (500
// buckets for the default 2,000, two pixels each across a wide plot); a
// line thinned hard still gets 64 buckets, or one per two of its points,
// so that its band does not turn to blocks.
func spreadBuckets(target int) int { return max(2, target/4, min(64, target/2)) }

// spreadOf is the data of the min/max band of a line series whose points
// all (at sx, screenXs of all) were thinned to drawn, or nil when nothing
// was thinned (drawn is all) or the series draws a band of its own (a y
// interval, or a group's band across runs); notes are all's labels and
// bounds.
func spreadOf(all, drawn []site.Point, notes *site.Notes, sx []float64, target int) []byte {
	if len(drawn) == len(all) {
		return nil
	}
	for _, pt := range all {
		if notes.Bounds(pt).HasY() {
			return nil
		}
	}
	return spreadData(spreadBand(all, sx, spreadBuckets(target)))
}

// spreadSeries is the series that draws a line's band of data (spreadOf),
// none when data is nil. k numbers the chart's extra series so far, to
// give it an id.
func spreadSeries(data []byte, grid int, name string, st SeriesStyle, k int) []auxSeries {
	if data == nil {
		return nil
	}
	return []auxSeries{{name: name, typ: "custom", opt: customSeries{
		Type: "custom", ID: "scalesite-spread-" + strconv.Itoa(k), Name: name,
		XAxisIndex: grid, YAxisIndex: grid, RenderItem: spreadToken, Encode: map[string][]int{"x": {0}, "y": {1, 2}}, Data: data,
		ItemStyle: map[string]any{"color": st.Color}, Z: 1, Silent: true, Clip: true,
		Tooltip: map[string]any{"show": false},
	}}}
}

// spreadBand is the min/max band of a line (sorted by x, gaps as NaN y;
// sx its points' screenXs) as points whose bounds in notes hold the band: the line is cut at its gaps, each
// segment into buckets of equal width on screen (log10 of x on a log
// axis, so each decade gets its share), about buckets in all, shared by
// the segments' widths as downsample shares its target. A bucket is drawn
// flat from its first x to its last, at its lowest and highest y, so a
// value lies inside the band at its own x whatever the buckets next to
// it hold. A gap between segments is a gap point, which breaks the band.
func spreadBand(pts []site.Point, sx []float64, buckets int) (band []site.Point, notes *site.Notes) {
	type segment struct{ lo, hi int }
	var segs []segment
	start := -1
	for i, p := range pts {
		switch {
		case p.Gap() && start >= 0:
			segs = append(segs, segment{start, i})
			start = -1
		case !p.Gap() && start < 0:
			start = i
		}
	}
	if start >= 0 {
		segs = append(segs, segment{start, len(pts)})
	}
	width := func(s segment) float64 { return sx[s.hi-1] - sx[s.lo] }
	total := 0.0
	for _, s := range segs {
		total += width(s)
	}
	byWidth := total > 0 && !math.IsInf(total, 0) && !math.IsNaN(total)
	out := make([]site.Point, 0, 2*buckets+len(segs))
	bounds := make([]site.Bounds, 0, buckets+len(segs))
	notes = &site.Notes{}
	for n, s := range segs {
		if n > 0 {
			out = append(out, site.Point{X: pts[s.lo].X, Y: math.NaN()})
		}
		share := float64(s.hi-s.lo) / float64(len(pts))
		if byWidth {
			share = width(s) / total
		}
		k := max(1, int(math.Round(float64(buckets)*share)))
		seg, segX := pts[s.lo:s.hi], sx[s.lo:s.hi]
		x0, span := segX[0], width(s)
		measured := span > 0 && !math.IsInf(span, 0) && !math.IsNaN(span) && !math.IsInf(x0, 0)
		bucket := func(j int) int {
			if measured {
				return min(k-1, int(float64(k)*(segX[j]-x0)/span))
			}
			return j * k / len(seg)
		}
		for j := 0; j < len(seg); {
			b, first := bucket(j), j
			lo, hi := seg[j].Y, seg[j].Y
			for j++; j < len(seg) && bucket(j) == b; j++ {
				lo, hi = min(lo, seg[j].Y), max(hi, seg[j].Y)
			}
			bounds = append(bounds, site.Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: lo, YHi: hi})
			bd := &bounds[len(bounds)-1]
			mid := lo + (hi-lo)/2
			out = append(out, notes.With(site.Point{X: seg[first].X, Y: mid}, "", bd))
			if last := seg[j-1].X; last != seg[first].X {
				out = append(out, notes.With(site.Point{X: last, Y: mid}, "", bd))
			}
		}
	}
	return out, notes
}

// legendName is a series' legend entry: its name (seriesName), and for
// the mean of a group of runs, how many ("loss (mean of 5 runs)"), which
// the tooltip repeats.
func legendName(p chartspec.Panel, s site.Series, nums map[string]float64) string {
	name := seriesName(p, s, nums)
	if s.Runs == nil {
		return name
	}
	return name + " (" + s.RunsText() + ")"
}

// groupAlt says in the alt text how a grouped panel's lines are made: the
// mean of n runs, and what the band is. "" for a panel without a group.
func groupAlt(p chartspec.Panel, series []site.Series) string {
	if !p.Group.Set() || len(series) == 0 {
		return ""
	}
	lo, hi := len(series[0].Runs), len(series[0].Runs)
	for _, s := range series {
		lo, hi = min(lo, len(s.Runs)), max(hi, len(s.Runs))
	}
	runs := strconv.Itoa(lo) + " runs"
	if hi == 1 {
		runs = "1 run"
	} else if hi != lo {
		runs = strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + " runs"
	}
	what := "one standard deviation either side of it"
	if p.Group.Band == chartspec.BandMinMax {
		what = "from the lowest run to the highest"
	}
	line := "Each line is"
	if len(series) == 1 {
		line = "The line is"
	}
	return " " + line + " the mean of " + runs + " (by " + p.Group.Column.Name + ") at each x, shaded " + what + "."
}

// appendRuns writes the CSV rows of a grouped series' runs: lead (the
// panel and series cells), the run's group value, x and y.
func appendRuns(b, lead []byte, runs []site.Run) []byte {
	for _, r := range runs {
		for _, pt := range r.Points {
			b = append(b, lead...)
			b = appendCSVField(b, r.Name)
			b = append(b, ',')
			b = appendCSVNumber(b, pt.X)
			b = append(b, ',')
			b = appendCSVNumber(b, pt.Y)
			b = append(b, '\n')
		}
	}
	return b
}

// groupDrawn is what a series' line (or markers) and its intervals are
// drawn from: pts for a series drawn as it is. The mean of a group of runs
// is a computed number with sixteen digits, and so are its band's ends:
// they are written to groupDigits significant digits, far below a pixel
// and the tooltip's precision, and a line's points leave their band to the
// band series (not repeated in every point for the tooltip), so that a
// page of long grouped runs stays light. notes are line's and band's
// labels and bounds.
func groupDrawn(p chartspec.Panel, s site.Series, pts []site.Point) (line, band []site.Point, notes *site.Notes) {
	if s.Runs == nil {
		return pts, pts, s.Notes
	}
	notes = &site.Notes{}
	band = make([]site.Point, len(pts))
	bounds := make([]site.Bounds, len(pts))
	for i, pt := range pts {
		pt.Y = roundDigits(pt.Y, groupDigits)
		var bd *site.Bounds
		if b := s.Notes.Bounds(pt); b != nil {
			bounds[i] = site.Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: roundDigits(b.YLo, groupDigits), YHi: roundDigits(b.YHi, groupDigits)}
			bd = &bounds[i]
		}
		band[i] = notes.With(pt, s.Notes.Label(pt), bd)
	}
	if p.Type != chartspec.TypeLine {
		return band, band, notes
	}
	line = make([]site.Point, len(band))
	for i, pt := range band {
		line[i] = notes.With(pt, notes.Label(pt), nil)
	}
	return line, band, notes
}

// groupDigits is how many significant digits a group's means and bands
// are written with.
const groupDigits = 7

// roundDigits rounds v to n significant digits.
func roundDigits(v float64, n int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	e := math.Floor(math.Log10(math.Abs(v)))
	scale := math.Pow(10, float64(n-1)-e)
	r := math.Round(v*scale) / scale
	if math.IsInf(scale, 0) || math.IsNaN(r) {
		return v
	}
	return r
}

// spreadToken names a min/max band written by spreadData. The page's
// layout (chartlayout.js expandRaw) writes it out as a band (bandToken)
// before anything draws it.
const spreadToken = "@spread"

// spreadData writes a min/max band (spreadBand's points) as the page
// carries it, each value once: a bucket drawn from its first x to its
// last is [x0, x1, LO, HI, run], one of a single x [x, LO, HI, run], the
// values as they are (not log10 on a log axis); run numbers the stretches
// between gaps, as bandData's. The page makes each bucket the one or two
// points bandData writes, in axis space, so the band drawn is the same;
// the page of ten long runs carries half the numbers.
func spreadData(pts []site.Point, notes *site.Notes) []byte {
	b := []byte{'['}
	n, run, open := 0, 0, false
	for i := 0; i < len(pts); i++ {
		pt := pts[i]
		bd := notes.Bounds(pt)
		if pt.Gap() || !bd.HasY() {
			if open {
				run++
				open = false
			}
			continue
		}
		open = true
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, '[')
		b = appendNumber(b, pt.X)
		b = append(b, ',')
		if i+1 < len(pts) && notes.Bounds(pts[i+1]) == bd { // the bucket's last x
			i++
			b = appendNumber(b, pts[i].X)
			b = append(b, ',')
		}
		b = appendNumber(b, bd.YLo)
		b = append(b, ',')
		b = appendNumber(b, bd.YHi)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(run), 10)
		b = append(b, ']')
	}
	if n == 0 {
		return nil
	}
	return append(b, ']')
}
