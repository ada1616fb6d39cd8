package chart

import (
	"math"
	"slices"
	"strconv"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/law"
	"github.com/scalesite/scalesite/site"
)

// A fit by law has variables the x axis need not be one of (Chinchilla's
// L(N, D) on a loss-vs-compute chart), so its curve cannot be sampled
// along x alone. Each series it was fitted to (a strand) draws it along
// its own points, in order of x: at each point the law is evaluated at
// that point's variables, and between two points at variables
// interpolated with x, geometrically (in log space) when both are above
// 0, linearly otherwise, and a variable that is x's own column exactly
// x. The curve so passes through the law's prediction at every point and
// follows the variables between them; for a run at one model size on a
// compute axis (C = 6ND, N fixed) it is the law's exact curve. Past the
// last point, to extrapolate, each variable continues the trend of the
// strand's last two points in axis space, and a faint band holds the 95%
// of the bootstrap refits' predictions there.

// lawStrand is one drawn curve of a fit by law: along the strand's points
// (main), past them (ext), and the band of the bootstrap's predictions on
// the extrapolated part (band: points whose bounds in bandNotes are the
// interval).
type lawStrand struct {
	main, ext, band []site.Point
	bandNotes       *site.Notes
}

// lawValue writes a fitted constant of a law for its legend: exponents
// to two significant digits and every other constant to three, as the
// guide promises (fit.Number keeps significant trailing zeros).
func lawValue(lf *site.LawFitted) func(string) (string, bool) {
	roles := lf.Model.Roles()
	return func(sym string) (string, bool) {
		i := slices.Index(lf.Names, sym)
		if i < 0 {
			return "", false
		}
		sig := 3
		if roles[i] == law.Exponent {
			sig = 2
		}
		return fit.Number(lf.Fit.Consts[i], sig), true
	}
}

// lawLegend is a fit by law's legend text: the law with its constants,
// and R² in the space it was fitted in.
func lawLegend(f site.Fitted) string {
	return f.Law.Law.Text(lawValue(f.Law)) + " (" + f.R2Text() + ")"
}

// lawStrands samples a fit by law along each of its strands, in axis
// space of x (log10 on a log x axis), fitSamples points in all over the
// data's range, and past it to extrapolate.
func lawStrands(f site.Fitted, p chartspec.Panel) []lawStrand {
	lf := f.Law
	logX := p.X.Scale == chartspec.ScaleLog
	conv, back := identity, identity
	if logX {
		conv, back = log10, func(v float64) float64 { return math.Pow(10, v) }
	}
	isX := make([]bool, len(lf.Spec.Where))
	for j, w := range lf.Spec.Where {
		isX[j] = w.Column.Name == p.X.Field.Name
	}
	span := conv(f.Hi) - conv(f.Lo)
	// vars interpolates the variables of points a and b at x (t of the way
	// from a to b in axis space; t outside [0, 1] extrapolates).
	vars := func(a, b []float64, t, x float64) []float64 {
		out := make([]float64, len(a))
		for j := range a {
			switch {
			case isX[j]:
				out[j] = x
			case a[j] > 0 && b[j] > 0:
				out[j] = math.Exp(math.Log(a[j]) + t*(math.Log(b[j])-math.Log(a[j])))
			default:
				out[j] = a[j] + t*(b[j]-a[j])
			}
		}
		return out
	}
	predict := func(consts, v []float64) float64 {
		y := lf.Model.Eval(consts, v)
		if math.IsInf(y, 0) {
			return math.NaN()
		}
		return y
	}
	var out []lawStrand
	for s, start := range lf.Strands {
		end := len(lf.Points)
		if s+1 < len(lf.Strands) {
			end = lf.Strands[s+1]
		}
		idx := make([]int, 0, end-start)
		for k := start; k < end; k++ {
			if x := conv(lf.Points[k].X); !math.IsNaN(x) && !math.IsInf(x, 0) {
				idx = append(idx, k)
			}
		}
		if len(idx) == 0 {
			continue
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			return cmpFloat(lf.Points[a].X, lf.Points[b].X)
		})
		var st lawStrand
		for n, k := range idx {
			if n > 0 {
				a := idx[n-1]
				ua, ub := conv(lf.Points[a].X), conv(lf.Points[k].X)
				steps := 1
				if span > 0 {
					steps = max(1, int(math.Round(fitSamples*(ub-ua)/span)))
				}
				for q := 1; q < steps; q++ {
					t := float64(q) / float64(steps)
					x := back(ua + t*(ub-ua))
					st.main = append(st.main, site.Point{X: x, Y: predict(lf.Fit.Consts, vars(lf.Vars[a], lf.Vars[k], t, x))})
				}
			}
			st.main = append(st.main, site.Point{X: lf.Points[k].X, Y: predict(lf.Fit.Consts, lf.Vars[k])})
		}
		if e := p.Fit.Extrapolate; e != nil && (!logX || *e > 0) {
			st.ext, st.band, st.bandNotes = lawExtrapolate(lf, idx, conv(*e), conv, back, span, vars, predict)
		}
		out = append(out, st)
	}
	return out
}

// lawExtrapolate samples a strand past its points to u (in axis space),
// and the bootstrap's 95% band there when the fit was bootstrapped.
func lawExtrapolate(lf *site.LawFitted, idx []int, u float64, conv, back func(float64) float64, span float64,
	vars func(a, b []float64, t, x float64) []float64, predict func(consts, v []float64) float64) (ext, band []site.Point, bandNotes *site.Notes) {
	first, last := idx[0], idx[len(idx)-1]
	lo, hi := conv(lf.Points[first].X), conv(lf.Points[last].X)
	// the two points whose trend the variables continue, and from where
	var a, b int
	var from float64
	switch {
	case u > hi:
		a, b, from = last, last, hi
		for n := len(idx) - 2; n >= 0; n-- {
			if conv(lf.Points[idx[n]].X) < hi {
				a = idx[n]
				break
			}
		}
	case u < lo:
		a, b, from = first, first, lo
		for _, k := range idx[1:] {
			if conv(lf.Points[k].X) > lo {
				a = k
				break
			}
		}
	default:
		return nil, nil, nil
	}
	ua, ub := conv(lf.Points[a].X), conv(lf.Points[b].X)
	steps := fitSamples / 2
	if span > 0 {
		steps = min(fitSamples, max(10, int(math.Round(fitSamples*math.Abs(u-from)/span))))
	}
	var reps [][]float64
	for _, r := range lf.Fit.Replicates {
		if !math.IsNaN(r[0]) {
			reps = append(reps, r)
		}
	}
	preds := make([]float64, 0, len(reps))
	for q := 0; q <= steps; q++ {
		uq := from + (u-from)*float64(q)/float64(steps)
		x := back(uq)
		if q == steps {
			x = back(u)
		}
		t := 0.0 // one point, or two at one x: the variables stay
		if ua != ub {
			t = (uq - ua) / (ub - ua)
		}
		v := vars(lf.Vars[a], lf.Vars[b], t, x)
		y := predict(lf.Fit.Consts, v)
		ext = append(ext, site.Point{X: x, Y: y})
		if len(reps) < 2 {
			continue
		}
		preds = preds[:0]
		for _, r := range reps {
			if p := predict(r, v); !math.IsNaN(p) {
				preds = append(preds, p)
			}
		}
		if len(preds) < 2 {
			continue
		}
		slices.Sort(preds)
		if bandNotes == nil {
			bandNotes = &site.Notes{}
		}
		band = append(band, bandNotes.With(site.Point{X: x, Y: y}, "", &site.Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: fit.Percentile(preds, 2.5), YHi: fit.Percentile(preds, 97.5)}))
	}
	return ext, band, bandNotes
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// lawBand is the faint band of a fit by law's extrapolation: the 95% of
// its bootstrap refits' predictions, drawn as the uncertainty bands of
// series are (marks.go), under the fit's legend entry.
func lawBand(name string, band []site.Point, notes *site.Notes, grid int, color string, logX, logY bool, k int) (auxSeries, bool) {
	data := bandData(band, notes, logX, logY)
	if data == nil {
		return auxSeries{}, false
	}
	return auxSeries{name: name, typ: "custom", opt: customSeries{
		Type: "custom", ID: "scalesite-fitband-" + strconv.Itoa(k), Name: name,
		XAxisIndex: grid, YAxisIndex: grid, RenderItem: bandToken, Encode: map[string][]int{"x": {0}, "y": {1, 2}}, Data: data,
		ItemStyle: map[string]any{"color": color}, Z: 1, Silent: true, Clip: true,
		Tooltip: map[string]any{"show": false},
	}}, true
}
