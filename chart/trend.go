package chart

import (
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/site"
)

// fitName is a fit's legend entry, and so its tooltip's title: whose fit
// it is, then fitLegend.
func fitName(c *site.Chart, i int, f site.Fitted, names *fitNames) string {
	ysym, xsym := symbols2(c.Spec, i)
	return names.owner(i, f) + ": " + fitLegend(f, ysym, xsym)
}

// fitLegend is what a fit's legend entry says after whose fit it is: the
// fitted law and R², or for an exponential trend the number people quote,
// its doubling time: "doubling every 6.2 months [5.8, 6.7] (R² 0.980)".
// An isoflop chart's parabola gives its minimum, "N = 1.86×10⁸, L = 3.10"
// (its owner says "6×10¹⁸ minimum"), and its power law the 95% interval of
// the exponent when bootstrapped: "N = 0.555 · C⁰·⁴⁵, exponent [0.41, 0.47]
// (R² > 0.999)".
func fitLegend(f site.Fitted, ysym, xsym string) string {
	if f.Law != nil {
		return lawLegend(f)
	}
	r2 := " (" + f.R2Text() + ")"
	switch extra := fitQuote(f, ysym, xsym); {
	case f.Doubling != nil:
		return extra + r2
	case f.Kind == fit.IsoFLOPCurve:
		return extra
	case extra != "":
		return f.Formula(ysym, xsym) + ", " + extra + r2
	}
	return f.Formula(ysym, xsym) + r2
}

// fitDescription is what the chart's text description says of a fit: the
// law, what fitQuote quotes of it, and R².
func fitDescription(f site.Fitted, ysym, xsym string) string {
	if f.Law != nil {
		return lawLegend(f)
	}
	law := f.Formula(ysym, xsym)
	if extra := fitQuote(f, ysym, xsym); extra != "" {
		if f.Kind == fit.IsoFLOPCurve {
			extra = "minimum at " + extra
		}
		law += ", " + extra
	}
	return law + " (" + f.R2Text() + ")"
}

// fitQuote is the number a fit is quoted by besides its law, "" for none:
// a trend's doubling time, a parabola's minimum, the 95% interval of a
// bootstrapped power law's exponent (an isoFLOP chart's too) or of a
// line's slope.
func fitQuote(f site.Fitted, ysym, xsym string) string {
	switch {
	case f.Doubling != nil:
		return f.Doubling.Text()
	case f.Kind == fit.IsoFLOPCurve:
		m := fit.Parabola{P0: f.A, P1: f.B, P2: f.C}.Minimum()
		return xsym + " = " + fit.Number(m.X, 3) + ", " + ysym + " = " + fit.Number(m.Y, 3)
	case f.IsoFLOP != nil && f.IsoFLOP.A.HasSE:
		return intervalQuote("exponent", f.IsoFLOP.A)
	case (f.Kind == fit.PowerLaw || f.Kind == fit.PowerLawC) && f.Constants[1].HasSE:
		return intervalQuote("exponent", f.Constants[1])
	case (f.Kind == fit.LogLinear || f.Kind == fit.Linear) && f.Constants[1].HasSE:
		return intervalQuote("slope", f.Constants[1])
	}
	return ""
}

// intervalQuote is a bootstrapped constant's 95% interval as a legend
// quotes it after the law, "exponent [0.41, 0.47]": the law already
// writes the estimate with two significant digits, and the interval in
// the same digits says how far to trust them.
func intervalQuote(what string, e fit.Estimate) string {
	return what + " [" + fit.Number(e.CI95[0], 2) + ", " + fit.Number(e.CI95[1], 2) + "]"
}
