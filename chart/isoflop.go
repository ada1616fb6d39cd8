package chart

import (
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/site"
)

// An isoflop chart's fits (site's isoflopFits) draw as every fit does, and
// this file adds what is theirs alone: a marker at each budget's minimum,
// over its parabola, and the bootstrap's 95% band around the power law
// through the minima, over the data and as far as the fit is extrapolated.
// Each goes by its fit's legend name, so that the legend shows and hides
// them with it.

// bandSamples is how many points draw the band, evenly in log compute.
const bandSamples = 60

// isoflopMarks are panel i's minimum markers (series) and band (aux; k
// numbers the chart's aux series so far).
func isoflopMarks(c *site.Chart, i int, styles map[string]SeriesStyle, names *fitNames, k int) ([]charts.SingleSeries, []seriesExtra, []auxSeries) {
	p := c.Spec.Panels[i]
	var out []charts.SingleSeries
	var extras []seriesExtra
	var aux []auxSeries
	for _, f := range c.Panels[i].Fits {
		color := fitColor(p, f, styles)
		name := fitName(c, i, f, names)
		switch {
		case f.Kind == fit.IsoFLOPCurve:
			m := fit.Parabola{P0: f.A, P1: f.B, P2: f.C}.Minimum()
			items, _ := seriesData([]site.Point{{X: m.X, Y: m.Y}}, nil)
			out = append(out, charts.SingleSeries{
				Name: name, Type: types.ChartScatter, Data: items, XAxisIndex: i, YAxisIndex: i,
				Symbol: "diamond", SymbolSize: 13,
				ItemStyle: &opts.ItemStyle{Color: color, BorderColor: "#ffffff", BorderWidth: 1.5},
			})
			extras = append(extras, seriesExtra{derived: &seriesDerived{Fit: &fitMark{Role: roleMinimum, Type: f.Kind, A: m.X, B: m.Y, Series: f.Series}}})
		case f.IsoFLOP != nil:
			if pts, notes := bandPoints(f, p.Fit.Extrapolate); len(pts) > 0 {
				aux = append(aux, intervalSeries(p, pts, notes, i, name, SeriesStyle{Color: color}, true, k+len(aux))...)
			}
		}
	}
	return out, extras, aux
}

// roleMinimum marks an isoflop chart's minimum markers (scalesiteFit.role).
const roleMinimum = "minimum"

// bandPoints samples the bootstrap band of an isoflop chart's power law,
// from the data's smallest compute to its largest or to extrapolate, as
// points whose bounds in notes are the band.
func bandPoints(f site.Fitted, extrapolate *float64) (pts []site.Point, notes *site.Notes) {
	lo, hi := f.Lo, f.Hi
	if extrapolate != nil && *extrapolate > 0 {
		lo, hi = min(lo, *extrapolate), max(hi, *extrapolate)
	}
	if _, _, ok := f.IsoFLOP.Band(lo); !ok || lo <= 0 {
		return nil, nil
	}
	a, b := math.Log10(lo), math.Log10(hi)
	pts, notes = make([]site.Point, bandSamples), &site.Notes{}
	for k := range pts {
		x := math.Pow(10, a+(b-a)*float64(k)/(bandSamples-1))
		blo, bhi, _ := f.IsoFLOP.Band(x)
		pts[k] = notes.With(site.Point{X: x, Y: f.IsoFLOP.Optimum(x)}, "", &site.Bounds{XLo: math.NaN(), XHi: math.NaN(), YLo: blo, YHi: bhi})
	}
	return pts, notes
}

// bandExtent widens a panel's y extent to its isoflop band, so that the
// axis shows it whole where the power law is extrapolated.
func bandExtent(p chartspec.Panel, data site.Panel, ylo, yhi float64) (float64, float64) {
	for _, f := range data.Fits {
		if f.IsoFLOP == nil {
			continue
		}
		pts, notes := bandPoints(f, p.Fit.Extrapolate)
		for _, pt := range pts {
			bd := notes.Bounds(pt)
			ylo, yhi = min(ylo, bd.YLo), max(yhi, bd.YHi)
		}
	}
	return ylo, yhi
}
