package chart

import (
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/smooth"
)

// Roles of the two series a smoothed line is drawn as (smoothMark.Role).
const (
	roleSmoothed = "smoothed"
	roleRaw      = "raw"
)

// rawOpacity is how faint the raw line is drawn under its smoothed one:
// TensorBoard draws it at about 0.25, W&B at about 0.3.
const rawOpacity = 0.3

// rawZ puts the raw line under every other line (ECharts draws lines at
// z 3, scene.js the same): the smoothed lines of other series are not
// hidden by this one's noise.
const rawZ = 2

// smoothMark is what a smoothed line's two series say of themselves, for
// the tooltip and the page's slider (themes/default/assets/smooth.js):
// how the line was smoothed, and where its partner series is.
type smoothMark struct {
	Role   string  `json:"role"`
	Method string  `json:"method"`
	Weight float64 `json:"weight,omitempty"`
	Window int     `json:"window,omitempty"`
	// Stride is how many rows of the data each drawn point stands for on
	// average (1 when every row is drawn): the slider, which has only the
	// drawn points, smooths them with weight^Stride or a window of
	// Window/Stride points.
	Stride float64 `json:"stride"`
	// Step is the mean distance in x between two rows of the data (in x's
	// own units, not log10), when the line is thinned: the slider weighs
	// each drawn point by the rows it stands for, (its x − the previous
	// one's) / Step, so that a line thinned unevenly (more points where it
	// turns) is smoothed as its rows would be. 0 when every row is drawn.
	Step float64 `json:"step,omitempty"`
	// Partner is the offset from this series to the other of the pair in
	// the option's series list (+1 from the smoothed, −1 from the raw).
	Partner int `json:"partner"`
}

// smoothedPoints is pts (one series, in drawing order) smoothed as sm says,
// every point at its own x: the whole series, before it is downsampled. A
// gap stays a gap. Labels and intervals belong to the raw points.
func smoothedPoints(sm chartspec.Smooth, pts []site.Point) []site.Point {
	y := make([]float64, len(pts))
	for i, pt := range pts {
		y[i] = pt.Y
	}
	var s []float64
	switch sm.Method {
	case chartspec.SmoothEMA:
		s = smooth.EMA(y, sm.Weight)
	case chartspec.SmoothWindow:
		s = smooth.Window(y, sm.Window)
	default:
		return nil
	}
	out := make([]site.Point, len(pts))
	for i, pt := range pts {
		v := s[i]
		if math.IsNaN(pt.Y) || math.IsInf(v, 0) {
			v = math.NaN()
		}
		out[i] = site.Point{X: pt.X, Y: v, Row: pt.Row}
	}
	return out
}

// smoothDigits is how many significant digits a drawn smoothed value
// keeps: far below a pixel and the tooltip's precision, and a page of long
// curves is mostly these numbers (4.313313, not 4.3133125000000004).
const smoothDigits = 7

// rounded is pts with every y kept to smoothDigits significant digits.
func rounded(pts []site.Point) []site.Point {
	out := make([]site.Point, len(pts))
	for i, pt := range pts {
		if !math.IsNaN(pt.Y) {
			pt.Y, _ = strconv.ParseFloat(strconv.FormatFloat(pt.Y, 'g', smoothDigits, 64), 64)
		}
		out[i] = pt
	}
	return out
}

// alongside picks the smoothed points at the rows downsampling kept of
// the raw ones (kept is a subsequence of raw), so that the two lines are
// drawn at the same x and the tooltip pairs each smoothed value with its
// raw one. ok is false when kept is not a subsequence of raw.
func alongside(raw, kept, smoothed []site.Point) (out []site.Point, ok bool) {
	if len(kept) == len(raw) {
		return smoothed, true
	}
	out = make([]site.Point, 0, len(kept))
	j := 0
	for _, k := range kept {
		for j < len(raw) && !samePoint(raw[j], k) {
			j++
		}
		if j == len(raw) {
			return nil, false
		}
		out = append(out, smoothed[j])
		j++
	}
	return out, true
}

func samePoint(a, b site.Point) bool {
	return a.Row == b.Row && math.Float64bits(a.X) == math.Float64bits(b.X) && math.Float64bits(a.Y) == math.Float64bits(b.Y)
}

// smoothPair turns a line series into the pair a smoothed line is drawn
// as: the smoothed line, in the series' colour and style, then the raw
// line under it, faint, of the same name (one legend entry toggles both).
// Both show their markers only under the pointer, and the chart's tooltip
// follows the axis, showing the smoothed and the raw value of each series.
//
// k is the smoothed line's index in the option's series: the pair's ids
// ("scalesite-smooth-k", "scalesite-smooth-k-raw") let the page's slider
// patch the two series alone.
func smoothPair(sm chartspec.Smooth, ss charts.SingleSeries, ex seriesExtra, raw charts.SingleSeries, rawEx seriesExtra, all []site.Point, drawnRows, k int) ([]charts.SingleSeries, []seriesExtra) {
	rows := drawn(all)
	mark := smoothMark{Method: sm.Method, Weight: sm.Weight, Window: sm.Window, Stride: 1}
	if drawnRows > 0 && rows > drawnRows {
		mark.Stride = float64(rows) / float64(drawnRows)
		mark.Step = rowStep(all)
	}
	ss.Id = "scalesite-smooth-" + strconv.Itoa(k)
	raw.Id = ss.Id + "-raw"
	ss.ShowSymbol = optFalse
	ss.Label = nil // labels stay with the raw points
	ex.labelLayout = ""
	ex.dense = true
	m := mark
	m.Role, m.Partner = roleSmoothed, 1
	ex.derived = &seriesDerived{Smooth: &m}

	raw.ShowSymbol = optFalse
	raw.Emphasis = &opts.Emphasis{Focus: "series"}
	ls := map[string]any{}
	for k, v := range rawEx.lineStyle {
		ls[k] = v
	}
	ls["opacity"] = rawOpacity
	rawEx.lineStyle = ls
	rawEx.dense = true
	r := mark
	r.Role, r.Partner = roleRaw, -1
	rawEx.derived = &seriesDerived{Smooth: &r, Z: rawZ}
	return []charts.SingleSeries{ss, raw}, []seriesExtra{ex, rawEx}
}

// smoothable reports whether a drawn series is a line that can be smoothed
// (a style may draw a line panel's series as points).
func smoothable(p chartspec.Panel, ss charts.SingleSeries) bool {
	return smoothsLines(p) && ss.Type == types.ChartLine
}

// smoothsLines reports whether panel p draws its lines smoothed, each as a
// pair (smoothPair) that the page's control redraws (Scripts).
func smoothsLines(p chartspec.Panel) bool {
	return p.Type == chartspec.TypeLine && p.Smooth.On()
}

// smoothNote is the alt text's sentence on how a panel's lines are
// smoothed, "" when they are not.
func smoothNote(p chartspec.Panel) string {
	if p.Type != chartspec.TypeLine {
		return ""
	}
	switch p.Smooth.Method {
	case chartspec.SmoothEMA:
		return " The lines are smoothed (an exponential moving average, weight " + strconv.FormatFloat(p.Smooth.Weight, 'g', -1, 64) + ", as TensorBoard smooths), each over its raw line drawn faint."
	case chartspec.SmoothWindow:
		return " The lines are smoothed (a centred moving mean of " + strconv.Itoa(p.Smooth.Window) + " points), each over its raw line drawn faint."
	}
	return ""
}

// rowStep is the mean distance in x between consecutive rows that are not
// gaps, 0 when it is not a positive finite number (one x for all, or x
// not in order).
func rowStep(pts []site.Point) float64 {
	first, last, n := 0.0, 0.0, 0
	for _, pt := range pts {
		if math.IsNaN(pt.Y) {
			continue
		}
		if n == 0 {
			first = pt.X
		}
		last = pt.X
		n++
	}
	if n < 2 {
		return 0
	}
	step := (last - first) / float64(n-1)
	if !(step > 0) || math.IsInf(step, 0) {
		return 0
	}
	return step
}
