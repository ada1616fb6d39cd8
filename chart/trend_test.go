package chart

import (
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
)

// TestTrendLegend: an exponential trend's legend entry gives its doubling
// time with the bootstrap interval, its curve is the fitted exponential
// (a straight line on the log y axis), and the description gives the law
// and the doubling time.
func TestTrendLegend(t *testing.T) {
	spec := "data: |\n  date,compute\n  2018.0,1e20\n  2018.5,2.2e20\n  2019.0,3.8e20\n  2019.5,8.5e20\n  2020.0,1.5e21\n  2020.5,3.3e21\n" +
		"x: {field: date, format: year}\ny: {field: compute, scale: log}\nfit: {type: exponential, bootstrap: 300}\n"
	c, opt := specOption(t, spec)
	f := c.Panels[0].Fits[0]
	if f.Doubling == nil || !f.Doubling.HasSE {
		t.Fatalf("no bootstrapped doubling time: %+v", f)
	}
	fits := derived(opt, "fit")
	if len(fits) != 1 {
		t.Fatalf("%d fit series, want 1", len(fits))
	}
	d := f.Doubling
	want := "fit: doubling every " + fit.Number(12*d.Estimate.Estimate, 2) + " months [" + fit.Number(12*d.CI95[0], 2) + ", " + fit.Number(12*d.CI95[1], 2) + "] (" + f.R2Text() + ")"
	if got := fits[0]["name"]; got != want {
		t.Errorf("legend %q, want %q", got, want)
	}
	if !strings.HasPrefix(want, "fit: doubling every 6.") {
		t.Errorf("legend %q: the data double every six months", want)
	}
	// on the log y axis the curve's points are log10 of the fit
	pts := fits[0]["data"].([]any)
	first, last := pts[0].([]any), pts[len(pts)-1].([]any)
	for _, p := range [][]any{first, last} {
		x, y := p[0].(float64), p[1].(float64)
		if w := math.Log10(f.Eval(x)); math.Abs(y-w) > 1e-9 {
			t.Errorf("curve at %g: %g, want log10 of the fit %g", x, y, w)
		}
	}
	if first[0].(float64) != 2018 || last[0].(float64) != 2020.5 {
		t.Errorf("curve from %v to %v, want the data's 2018 to 2020.5", first[0], last[0])
	}
	alt := AltText(c)
	if !strings.Contains(alt, "Fit: C = ") || !strings.Contains(alt, ", doubling every 6.") {
		t.Errorf("description %q does not give the law and the doubling time", alt)
	}
}
