package chart

import "github.com/scalesite/scalesite/site"

// fitLegend is what a fit's legend entry says after whose fit it is: the
// fitted law and R², or for an exponential trend the number people quote,
// its doubling time: "doubling every 6.2 months [5.8, 6.7] (R² 0.980)".
func fitLegend(f site.Fitted, ysym, xsym string) string {
	if f.Law != nil {
		return lawLegend(f)
	}
	if f.Doubling != nil {
		return f.Doubling.Text() + " (" + f.R2Text() + ")"
	}
	return f.Formula(ysym, xsym) + " (" + f.R2Text() + ")"
}

// fitDescription is what the chart's text description says of a fit: the
// law, then a trend's doubling time, and R².
func fitDescription(f site.Fitted, ysym, xsym string) string {
	if f.Law != nil {
		return lawLegend(f)
	}
	law := f.Formula(ysym, xsym)
	if f.Doubling != nil {
		law += ", " + f.Doubling.Text()
	}
	return law + " (" + f.R2Text() + ")"
}
