package chart

import (
	"encoding/json"
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

// TestKindBootstrap: a power law and a line asked for a bootstrap give
// their constants' standard errors and intervals in the fit file and the
// table, and the legend quotes the exponent's (the slope's) interval.
func TestKindBootstrap(t *testing.T) {
	data := "data: |\n  n,loss\n  1e6,3.02\n  3e6,2.71\n  1e7,2.49\n  3e7,2.30\n  1e8,2.09\n  3e8,1.95\n  1e9,1.78\n  3e9,1.66\n"
	tests := []struct {
		kind, what string
		sym        string // the constant whose interval the legend quotes
	}{
		{"powerlaw", "exponent", "b"},
		{"powerlaw+c", "exponent", "b"},
		{"loglinear", "slope", "b"},
		{"linear", "slope", "b"},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			c, opt := specOption(t, data+"x: {field: n, scale: log}\ny: loss\nfit: {type: "+tt.kind+", bootstrap: 200}\n")
			f := c.Panels[0].Fits[0]
			b := f.Constants[1]
			if !b.HasSE || b.SE <= 0 || !(b.CI95[0] <= b.Estimate && b.Estimate <= b.CI95[1]) {
				t.Fatalf("B = %+v, want an SE and an interval holding the estimate", b)
			}
			quote := tt.what + " [" + fit.Number(b.CI95[0], 2) + ", " + fit.Number(b.CI95[1], 2) + "]"
			if got := derived(opt, "fit")[0]["name"].(string); !strings.Contains(got, ", "+quote+" (R²") {
				t.Errorf("legend %q does not quote %q", got, quote)
			}
			raw, err := FitJSON(c)
			if err != nil {
				t.Fatal(err)
			}
			var file struct {
				Fits []struct {
					Bootstrap  int
					Parameters map[string]struct {
						Estimate float64
						SE       *float64
						CI95     []float64
					}
				}
			}
			if err := json.Unmarshal(raw, &file); err != nil {
				t.Fatal(err)
			}
			p := file.Fits[0].Parameters[tt.sym]
			if file.Fits[0].Bootstrap != 200 || p.SE == nil || *p.SE != b.SE || len(p.CI95) != 2 || p.CI95[0] != b.CI95[0] {
				t.Errorf("fit file's %s: %+v (bootstrap %d), want SE %v and interval %v", tt.sym, p, file.Fits[0].Bootstrap, b.SE, b.CI95)
			}
			row := "<th scope=\"row\">b</th><td>" + fit.Number(b.Estimate, 4) + "</td><td>" + fit.Number(b.SE, 2) + "</td>"
			if table := string(FitTable(c)); !strings.Contains(table, row) {
				t.Errorf("table has no row %q:\n%s", row, table)
			}
		})
	}
}
