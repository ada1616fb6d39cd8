package chart

import (
	"html/template"
	"math"
	"strconv"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/law"
	"github.com/scalesite/scalesite/site"
)

// Under a fitted chart the page shows the numbers of its fit file in
// static HTML, readable without scripts, printed and in either colour
// scheme: a table per fit (constant, estimate, standard error, 95%
// interval; the derive quantities and a trend's doubling time after the
// constants), then what the fit was (n, loss, objective, R² in the space
// fitted, the data's SHA-256 cut to 12 digits) and a link to the file.

// maxFitTables is the most fits whose tables a chart shows: the file has
// every fit.
const maxFitTables = 20

// FitTable is the HTML of the tables under a fitted chart, "" without a
// fit.
func FitTable(c *site.Chart) template.HTML {
	if !HasFits(c) {
		return ""
	}
	b := []byte(`<div class="scalesite-fits">`)
	shown, total := 0, 0
	nums, numeric := NumericNames(c)
	if !numeric {
		nums = nil
	}
	names := newFitNames(c, nums)
	for i, sp := range c.Spec.Panels {
		if i >= len(c.Panels) {
			break
		}
		for _, f := range c.Panels[i].Fits {
			total++
			if shown == maxFitTables {
				continue
			}
			shown++
			b = appendFitTable(b, c, sp, i, f, names)
		}
	}
	b = append(b, "\n<p>"...)
	if shown < total {
		b = append(b, "The first "...)
		b = strconv.AppendInt(b, int64(shown), 10)
		b = append(b, " of "...)
		b = strconv.AppendInt(b, int64(total), 10)
		b = append(b, " fits; "...)
	}
	b = append(b, `<a href="`...)
	b = htmlesc.AppendURLPart(b, FitName(c))
	b = append(b, `" download="`...)
	b = htmlesc.Append(b, FitName(c))
	b = append(b, `" type="application/json">`...)
	if shown < total {
		b = append(b, `every fit in the fit file</a>.</p>`...)
	} else {
		b = append(b, `The fit file</a> has these numbers in full precision.</p>`...)
	}
	b = append(b, "\n</div>"...)
	return template.HTML(b)
}

// appendFitTable appends the table of fit f of panel i.
func appendFitTable(b []byte, c *site.Chart, sp chartspec.Panel, i int, f site.Fitted, names *fitNames) []byte {
	ff := factsOf(c, sp, f)
	law := lawText(ff.law)
	resp := "y"
	if f.Law != nil {
		law = f.Law.Law.Text(nil)
		resp = symbolText(f.Law.Law.Response)
	}
	b = append(b, "\n<table>\n<caption>"...)
	b = htmlesc.Append(b, names.owner(i, f)+": "+law)
	b = append(b, "</caption>\n<thead><tr><th scope=\"col\">Constant</th><th scope=\"col\">Estimate</th><th scope=\"col\">SE</th><th scope=\"col\">95% interval</th></tr></thead>\n<tbody>\n"...)
	for _, r := range ff.params {
		b = appendEstimateRow(b, symbolText(r.name), r.Estimate)
	}
	if lf := f.Law; lf != nil {
		for k, d := range lf.Derived {
			b = appendEstimateRow(b, symbolText(d.Name)+" = "+symbolText(lf.Spec.Derive[k].Expr), d.Estimate)
		}
	}
	if d := f.Doubling; d != nil {
		what := "doubling time"
		if d.Halving {
			what = "halving time"
		}
		b = appendEstimateRow(b, what+" ("+d.Unit+")", d.Estimate)
	}
	b = append(b, "</tbody>\n</table>\n<p>"...)
	b = htmlesc.Append(b, fitFactsText(ff, resp))
	b = append(b, "</p>"...)
	return b
}

// appendEstimateRow appends a row: the name, the estimate to four
// significant digits, the standard error to two and the interval to
// three, or dashes without a bootstrap.
func appendEstimateRow(b []byte, name string, e fit.Estimate) []byte {
	b = append(b, `<tr><th scope="row">`...)
	b = htmlesc.Append(b, name)
	b = append(b, "</th><td>"...)
	b = htmlesc.Append(b, fit.Number(e.Estimate, 4))
	b = append(b, "</td><td>"...)
	if e.HasSE {
		b = htmlesc.Append(b, fit.Number(e.SE, 2))
		b = append(b, "</td><td>["...)
		b = htmlesc.Append(b, fit.Number(e.CI95[0], 3)+", "+fit.Number(e.CI95[1], 3))
		b = append(b, "]</td></tr>\n"...)
	} else {
		b = append(b, "—</td><td>—</td></tr>\n"...)
	}
	return b
}

// fitFactsText is the line under a fit's table: "n = 240 · Huber loss
// (δ = 0.001) on log L · objective 0.00101827 · R² 0.970 of log L ·
// bootstrap 1000 · data SHA-256 1a2b3c4d5e6f".
func fitFactsText(ff fitFacts, resp string) string {
	space := resp
	if ff.in == chartspec.InLog {
		space = "log " + resp
	}
	s := "n = " + strconv.Itoa(ff.n) + " · "
	if ff.loss == chartspec.LossHuber {
		s += "Huber loss (δ = " + strconv.FormatFloat(ff.delta, 'g', -1, 64) + ")"
	} else {
		s += "least squares"
	}
	s += " on " + space
	if !math.IsNaN(ff.objective) {
		s += " · objective " + strconv.FormatFloat(ff.objective, 'g', 6, 64)
	}
	s += " · R² " + strconv.FormatFloat(ff.r2, 'f', 3, 64) + " of " + space
	if ff.bootstrap > 0 {
		s += " · bootstrap " + strconv.Itoa(ff.bootstrap) + " resamples"
	}
	if ff.converged != nil && !*ff.converged {
		s += " · the optimiser stopped at its iteration limit"
	}
	if len(ff.sum) >= 12 {
		s += " · data SHA-256 " + ff.sum[:12]
	}
	return s
}

// lawText is a built-in kind's law (fitFacts.law, written in the law
// language for the fit file) as the table's caption writes it: y = a·xᵇ.
func lawText(src string) string {
	l, err := law.Parse(src)
	if err != nil {
		return src
	}
	return l.Text(nil)
}
