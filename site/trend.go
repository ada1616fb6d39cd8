package site

import (
	"math"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
)

// fitSeed seeds the bootstrap of every fit of a kind (a trend's doubling
// time and the constants of every kind), so that the same data give the
// same intervals on every build, and a trend's doubling time and its
// constants come from the same resamples.
const fitSeed = 1

// LooksLikeYears reports whether the panel's x (or y) values are years:
// whole numbers between 1800 and 2200, which a linear axis prints without
// a thousands separator (2017, not 2,017) and a trend reads as dates.
func (p Panel) LooksLikeYears(x bool) bool {
	n := 0
	for _, s := range p.Series {
		for _, pt := range s.Points {
			v := pt.Y
			if x {
				v = pt.X
			}
			if math.IsNaN(v) {
				continue
			}
			if v != math.Trunc(v) || v < 1800 || v > 2200 {
				return false
			}
			n++
		}
	}
	return n > 0
}

// trendUnit is the unit of an exponential trend's doubling time: years
// when x is a date (format: year, or values that look like years), else
// the x axis' unit, else its column's name.
func trendUnit(sp *chartspec.Panel, p *Panel) string {
	switch {
	case sp.X.Format == chartspec.FormatYear || (sp.X.Format == "" || sp.X.Format == chartspec.FormatAuto) && p.LooksLikeYears(true):
		return "years"
	case sp.X.Unit != "":
		return sp.X.Unit
	}
	return sp.X.Field.Name
}

// fitDoubling is the doubling time of an exponential fit to xs and ys,
// bootstrapped as the spec asks; nil for the other kinds of fit.
func fitDoubling(sp *chartspec.Panel, p *Panel, xs, ys []float64) (*fit.Doubling, error) {
	if sp.Fit.Type != fit.Exponential {
		return nil, nil
	}
	d, err := fit.TrendDoubling(xs, ys, trendUnit(sp, p), sp.Fit.Bootstrap, fitSeed)
	if err != nil {
		return nil, err
	}
	return &d, nil
}
