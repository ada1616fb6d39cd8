package chart

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/law"
	"github.com/scalesite/scalesite/site"
)

// Every chart with a fit writes CHART-ID.fit.json beside its CSV file: its
// fits' constants, with standard errors and 95% intervals when
// bootstrapped, in the content contract's shape (fits[], law, series, n,
// loss, delta, in, objective, r2, data_sha256, parameters, derived,
// doubling, minima), plus the panel, whether the optimiser converged and
// the number of resamples. The same chart gives the same bytes: keys in a
// fixed order (parameters in the law's order), numbers as Go's shortest
// round-trip form, a number that is not finite as null.

// FitName is the name of a chart's fit file, which pages link relative
// to themselves.
func FitName(c *site.Chart) string { return c.ID + ".fit.json" }

// FitFile is the output path of a chart's fit file, beside its CSV file.
func FitFile(slug string, c *site.Chart) string {
	if slug == "" {
		return FitName(c)
	}
	return slug + "/" + FitName(c)
}

// HasFits reports whether any panel of the chart has a fitted curve.
func HasFits(c *site.Chart) bool {
	for _, p := range c.Panels {
		if len(p.Fits) > 0 {
			return true
		}
	}
	return false
}

// object is a JSON object whose keys keep the order they are added in.
type object []member

type member struct {
	key string
	val any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := marshal(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// number is a float64 written in its shortest round-trip form, or null.
type number float64

func (n number) MarshalJSON() ([]byte, error) {
	v := float64(n)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}

// marshal encodes v without escaping <, > and & (a law may hold them in
// names of series).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// FitJSON is the chart's fit file, or nil when it has no fit. The error
// is a value JSON cannot hold (a trend's doubling time that is not a
// finite number).
func FitJSON(c *site.Chart) ([]byte, error) {
	if !HasFits(c) {
		return nil, nil
	}
	var fits []any
	for i, sp := range c.Spec.Panels {
		if i >= len(c.Panels) {
			break
		}
		for _, f := range c.Panels[i].Fits {
			fits = append(fits, fitObject(c, sp, i, f))
		}
	}
	raw, err := marshal(object{{"fits", fits}})
	if err != nil {
		return nil, fmt.Errorf("the fit file of chart %s: %w", c.ID, err)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return nil, fmt.Errorf("the fit file of chart %s: %w", c.ID, err)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// fitRow is one constant or quantity of a fit as the file and the table
// give it.
type fitRow struct {
	name string // as the law writes it (alpha)
	fit.Estimate
}

// fitFacts are what the file and the table say of one fit.
type fitFacts struct {
	law           string // as written, with its symbols
	loss, in      string
	delta         float64 // NaN: not Huber
	objective, r2 float64 // objective NaN: not reported
	n             int
	converged     *bool
	bootstrap     int
	params        []fitRow
	derived       []fitRow
	sum           string
}

// factsOf gathers the facts of fit f of panel sp.
func factsOf(c *site.Chart, sp chartspec.Panel, f site.Fitted) fitFacts {
	if lf := f.Law; lf != nil {
		ff := fitFacts{law: lf.Spec.Formula, loss: lf.Spec.Loss, in: lf.Spec.In, delta: math.NaN(), objective: lf.Fit.Objective, r2: lf.Fit.R2,
			n: lf.Fit.N, bootstrap: sp.Fit.Bootstrap, sum: f.DataSHA256}
		if ff.loss == chartspec.LossHuber {
			ff.delta = lf.Spec.Delta
		}
		conv := lf.Fit.Converged
		ff.converged = &conv
		for i, name := range lf.Names {
			ff.params = append(ff.params, fitRow{name, lf.Fit.Params[i]})
		}
		for _, d := range lf.Derived {
			ff.derived = append(ff.derived, fitRow{d.Name, d.Estimate})
		}
		return ff
	}
	ff := fitFacts{loss: chartspec.LossSquared, in: chartspec.InLinear, delta: math.NaN(), objective: math.NaN(), r2: f.R2, n: f.N, bootstrap: sp.Fit.Bootstrap, sum: f.DataSHA256}
	names := []string{"a", "b"}
	vals := []float64{f.A, f.B}
	switch f.Kind {
	case fit.PowerLaw:
		ff.law, ff.in = "y = a * x^b", chartspec.InLog
	case fit.PowerLawC:
		ff.law = "y = c + a * x^b"
		names, vals = append(names, "c"), append(vals, f.C)
	case fit.LogLinear:
		ff.law = "y = a + b * log10(x)"
	case fit.Linear:
		ff.law = "y = a + b * x"
	case fit.Exponential:
		ff.law, ff.in = "y = a * b^(x - c)", chartspec.InLog
		names, vals = append(names, "c"), append(vals, f.C)
	case fit.IsoFLOPCurve:
		ff.law = "y = a + b * log10(x) + c * log10(x)^2"
		names, vals = append(names, "c"), append(vals, f.C)
	}
	if r := f.IsoFLOP; r != nil { // an isoflop chart's power law of the minima
		ff.law, ff.in = "x = k * C^a", chartspec.InLog
		ps := r.Parameters()
		for _, n := range []string{"a", "k"} {
			ff.params = append(ff.params, fitRow{n, ps[n]})
		}
		return ff
	}
	for i, n := range names {
		e := fit.Estimate{Estimate: vals[i]}
		if f.Constants[i].HasSE {
			e = f.Constants[i]
		}
		ff.params = append(ff.params, fitRow{n, e})
	}
	return ff
}

// estimateObject is an estimate as the file writes it: se and ci95 only
// when bootstrapped.
func estimateObject(e fit.Estimate) object {
	o := object{{"estimate", number(e.Estimate)}}
	if e.HasSE {
		o = append(o, member{"se", number(e.SE)}, member{"ci95", []number{number(e.CI95[0]), number(e.CI95[1])}})
	}
	return o
}

// fitObject is one entry of the file's fits.
func fitObject(c *site.Chart, sp chartspec.Panel, i int, f site.Fitted) object {
	ff := factsOf(c, sp, f)
	var series any
	if f.Series != "" || (sp.Fit.Over == chartspec.FitOverSeries && sp.Named()) {
		series = f.Series
	}
	var delta any
	if !math.IsNaN(ff.delta) {
		delta = number(ff.delta)
	}
	var sum any
	if ff.sum != "" {
		sum = ff.sum
	}
	params := object{}
	for _, r := range ff.params {
		params = append(params, member{r.name, estimateObject(r.Estimate)})
	}
	derived := object{}
	for _, r := range ff.derived {
		derived = append(derived, member{r.name, estimateObject(r.Estimate)})
	}
	var doubling, minima any
	if d := f.Doubling; d != nil {
		doubling = d.JSON()
	}
	if r := f.IsoFLOP; r != nil {
		minima = r.Minima
	}
	var converged any
	if ff.converged != nil {
		converged = *ff.converged
	}
	panel := any(nil)
	if len(c.Spec.Panels) > 1 {
		panel = i + 1
	}
	return object{
		{"law", ff.law}, {"series", series}, {"n", ff.n}, {"loss", ff.loss}, {"delta", delta}, {"in", ff.in},
		{"objective", number(ff.objective)}, {"r2", number(ff.r2)}, {"data_sha256", sum},
		{"parameters", params}, {"derived", derived}, {"doubling", doubling}, {"minima", minima},
		{"panel", panel}, {"converged", converged}, {"bootstrap", ff.bootstrap},
	}
}

// symbolText writes a constant's name, or a derive expression, as the law
// writes it in Unicode (alpha as α, D_0 as D₀).
func symbolText(name string) string {
	e, err := law.ParseExpr(name)
	if err != nil {
		return name
	}
	return e.Text(nil)
}
