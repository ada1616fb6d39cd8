package chartspec

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/fit"
)

// What a fit is fitted to (Fit.Over).
const (
	FitOverSeries   = "series"   // one fit per series (the default)
	FitOverAll      = "all"      // one fit over every point of the panel
	FitOverFrontier = "frontier" // one fit over the points of the panel's frontier
)

// Frontier directions.
const (
	FrontierMax = "max" // the points above every point at a smaller x
	FrontierMin = "min" // the points below every point at a smaller x
)

var (
	fitKeys      = append([]string{"type", "over", "series", "extrapolate", "label", "variable", "response", "bootstrap"}, lawKeys...)
	fitOvers     = []string{FitOverSeries, FitOverAll, FitOverFrontier}
	frontierDirs = []string{FrontierMax, FrontierMin}
)

// Fit is the `fit` key of a panel: a curve fitted to its points at build
// time and drawn over them.
type Fit struct {
	// Type is one of fit.Kinds or FitLaw; "" means no fit.
	Type string
	// Law is the law of a fit by law (Type FitLaw), nil otherwise.
	Law *Law
	// Over is FitOverSeries, FitOverAll or FitOverFrontier.
	Over string
	// Series names the series to fit, as the data spells them; empty means
	// every series of the panel.
	Series []Field
	// Extrapolate continues the curve past the data to this x.
	Extrapolate *float64
	// Label replaces "fit" before the formula in the legend.
	Label string
	// Variable and Response are the symbols the formula writes for x and
	// y (L = 11.6 · N⁻⁰·⁰⁷⁶), as plain text; "" leaves the first letter of
	// the axis' column. They are read as a formula, so N_{opt} is Nₒₚₜ.
	Variable, Response string
	// Bootstrap is how many resampled refits give the fit's standard
	// errors and 95% intervals (trend.go); 0 for none.
	Bootstrap int
	// Pos is where the value of `fit` stands.
	Pos diag.Pos
}

// Frontier is the `frontier` key of a panel: its Pareto envelope.
type Frontier struct {
	// Dir is FrontierMax, FrontierMin, or "" for none.
	Dir string
	// Pos is where the value of `frontier` stands.
	Pos diag.Pos
}

// fitLayer holds fit and frontier as one level of the spec set them. A
// panel's fit replaces the chart's as a whole (fit: none drops it).
type fitLayer struct {
	fit         Fit
	frontier    Frontier
	fitSet      bool
	frontierSet bool
}

// fitKey reads `fit` or `frontier` into l, reporting whether the key was
// one of them.
func (p *parser) fitKey(l *fitLayer, e entry) bool {
	switch e.key {
	case "fit":
		l.fit, l.fitSet = p.fit(e)
	case "frontier":
		l.frontier, l.frontierSet = p.frontier(e)
	default:
		return false
	}
	return true
}

// mergeFits lays a panel's fit and frontier over the chart's.
func mergeFits(chart, panel fitLayer) fitLayer {
	out := chart
	if panel.fitSet {
		out.fit, out.fitSet = panel.fit, true
	}
	if panel.frontierSet {
		out.frontier, out.frontierSet = panel.frontier, true
	}
	return out
}

// resolveFits sets the panel's fit and frontier and checks what needs the
// whole panel: a fit over the frontier needs one, and extrapolating on a
// log x axis needs an x above 0. n is the panel's number, 0 for a chart
// without panels.
func (p *parser) resolveFits(pan *Panel, l fitLayer, n int) {
	pan.Fit, pan.Frontier = l.fit, l.frontier
	f := &pan.Fit
	if f.Type == "" {
		return
	}
	where := ""
	if n > 0 {
		where = " of panel " + strconv.Itoa(n)
	}
	if f.Over == FitOverFrontier && pan.Frontier.Dir == "" {
		p.errorf(f.Pos, "the fit%s is over the frontier, but the panel has no frontier: add frontier: min (or max), or fit over series or all", where)
		f.Type = ""
		return
	}
	if f.Law != nil { // the chart's law is shared by the panels that inherit it
		law := *f.Law
		if law.In == "" {
			law.In = InLinear
			if pan.Y.Scale == ScaleLog {
				law.In = InLog
			}
		}
		f.Law = &law
	}
	if f.Extrapolate != nil && *f.Extrapolate <= 0 && pan.X.Scale == ScaleLog {
		p.errorf(f.Pos, "the fit%s extrapolates to %g, but the x axis is log and only shows values above 0", where, *f.Extrapolate)
		f.Type = ""
	}
}

// fit reads `fit`: a kind (fit: powerlaw), a mapping
// ({type: powerlaw+c, over: all, series: [a, b], extrapolate: 1e25, label: ...}),
// or none / false / nothing, which drops a fit a panel would inherit. ok
// is false after an error.
func (p *parser) fit(e entry) (Fit, bool) {
	f := Fit{Pos: p.valuePos(e), Over: FitOverSeries}
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
		return Fit{}, false
	case *ast.NullNode:
		return Fit{Pos: f.Pos}, true
	case *ast.BoolNode:
		if !v.Value {
			return Fit{Pos: f.Pos}, true
		}
		p.errorf(f.Pos, "fit: true does not say which law to fit: use %s", kindList())
		return Fit{}, false
	case *ast.MappingNode:
		hasType, typo := false, false
		var byLaw lawLayer
		for _, fe := range p.entries(v) {
			switch fe.key {
			case "type":
				hasType = true
				f.Type = p.fitType(fe)
			case "over":
				f.Over = p.choice(fe, fitOvers, "unknown fit over %q: a fit is over series (one per series), all (one over every point of the panel) or frontier%s", fitOverAlias)
				if f.Over == "" {
					f.Over = FitOverSeries
				}
			case "series":
				f.Series = p.fitSeries(fe)
			case "extrapolate":
				f.Extrapolate, _, _, _ = p.number(fe)
			case "label":
				f.Label, _, _ = p.chartText(fe)
			case "variable":
				f.Variable = p.fitSymbol(fe)
			case "response":
				f.Response = p.fitSymbol(fe)
			case "bootstrap":
				f.Bootstrap = p.fitBootstrap(fe)
			default:
				if p.lawKey(&byLaw, fe) {
					continue
				}
				p.unknown++
				typo = true
				p.errorf(p.pos(fe.tok), "unknown key %q in fit%s", fe.key, fitKeyTail(fe.key))
			}
		}
		if _, hasLaw := byLaw.set["law"]; !hasType && !typo && !hasLaw { // a misspelt type explains a missing one
			p.errorf(f.Pos, `fit has no type: say which law to fit, e.g. fit: {type: powerlaw, ...} or fit: {law: "L = A * N^alpha", where: {N: params}}; the types are %s`, kindList())
		}
		if !p.resolveLaw(&f, &byLaw, hasType, typo) {
			return Fit{}, false
		}
		return f, f.Type != ""
	}
	if _, ok := scalarText(n); !ok {
		p.errorf(f.Pos, "fit must be a law (%s) or a mapping like {type: powerlaw+c, extrapolate: 1e25}, %s", kindList(), unlike(n))
		return Fit{}, false
	}
	if s, _ := scalarText(n); isNone(s) {
		return Fit{Pos: f.Pos}, true
	}
	f.Type = p.fitType(e)
	return f, f.Type != ""
}

// fitType reads the law of a fit.
func (p *parser) fitType(e entry) string {
	return p.choice(e, fit.Kinds, "unknown fit %q: scalesite fits "+kindList()+"%s", fitAlias)
}

func kindList() string {
	k := fit.Kinds
	return strings.Join(k[:len(k)-1], ", ") + " or " + k[len(k)-1]
}

// fitSeries reads the series a fit is limited to: a name or a list of names.
func (p *parser) fitSeries(e entry) []Field {
	n := p.resolve(e.val)
	seq, isList := n.(*ast.SequenceNode)
	if !isList {
		s, pos, ok := p.text(e, "a series name or a list of them")
		if !ok || strings.TrimSpace(s) == "" {
			if ok {
				p.errorf(pos, "fit series is empty: name the series to fit, or leave the key out to fit every series")
			}
			return nil
		}
		return []Field{{Name: p.seriesKey(strings.TrimSpace(s), tokenOf(e.val), pos), Pos: pos}}
	}
	var out []Field
	for _, v := range seq.Values {
		pos := p.nodePos(v)
		s, ok := scalarText(p.resolve(v))
		if !ok || strings.TrimSpace(s) == "" {
			p.errorf(pos, "fit series lists series names, e.g. series: [Observed, Baseline]")
			continue
		}
		out = append(out, Field{Name: p.seriesKey(strings.TrimSpace(s), tokenOf(v), pos), Pos: pos})
	}
	return out
}

// frontier reads `frontier`: max, min, or none / false / nothing.
func (p *parser) frontier(e entry) (Frontier, bool) {
	f := Frontier{Pos: p.valuePos(e)}
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
		return Frontier{}, false
	case *ast.NullNode:
		return f, true
	case *ast.BoolNode:
		if !v.Value {
			return f, true
		}
		p.errorf(f.Pos, "frontier: true does not say which side: use max (the points above all those at a smaller x) or min (below)")
		return Frontier{}, false
	}
	if s, ok := scalarText(n); ok && isNone(s) {
		return f, true
	}
	f.Dir = p.choice(e, frontierDirs, "unknown frontier %q: a frontier is max (the points above all those at a smaller x) or min (below)%s", frontierAlias)
	return f, f.Dir != ""
}

func isNone(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "off", "no":
		return true
	}
	return false
}

// fitKeyTail explains an unknown key of a fit mapping.
func fitKeyTail(key string) string {
	k := strings.ToLower(key)
	alias := ""
	switch k {
	case "kind", "model", "fit", "curve":
		alias = "type"
	case "formula", "equation", "expr", "expression", "form", "function":
		alias = "law"
	case "bind", "vars", "variables", "columns", "map", "mapping", "with":
		alias = "where"
	case "objective", "huber", "robust", "criterion", "cost":
		alias = "loss"
	case "nboot", "n_boot":
		alias = "bootstrap"
	case "init", "p0", "starts", "initial", "guess", "x0", "grid":
		alias = "start"
	case "derived", "quantities", "compute", "report":
		alias = "derive"
	case "space", "residuals", "scale":
		alias = "in"
	case "extend", "extrapolate_to", "extrapolation", "until", "to", "predict", "forecast", "xmax", "x_max":
		alias = "extrapolate"
	case "name", "title", "legend", "text":
		alias = "label"
	case "resample", "resamples", "bootstraps", "boot", "replicates", "samples":
		alias = "bootstrap"
	case "by", "per", "scope", "group", "pool", "groups":
		alias = "over"
	case "only", "include", "fit_series", "subset":
		alias = "series"
	}
	if alias != "" {
		return ` — did you mean "` + alias + `"?`
	}
	if s := diag.DidYouMean(key, fitKeys); s != "" {
		return s
	}
	return ": the keys of fit are " + strings.Join(fitKeys, ", ")
}

func fitAlias(w string) string {
	w = strings.NewReplacer(" ", "", "_", "", "-", "").Replace(w)
	switch w {
	case "power", "pow", "powerlaw", "powlaw", "loglog", "kaplan":
		return fit.PowerLaw
	case "powerlawc", "powerlaw+const", "powerlawconst", "powerlawconstant", "powerlaw+constant", "powerlaw+offset", "powerlawoffset",
		"saturating", "chinchilla", "offset", "pow+c", "powc", "c+powerlaw":
		return fit.PowerLawC
	case "log", "logarithmic", "semilog", "semilogx", "linlog", "loglin", "logx":
		return fit.LogLinear
	case "lin", "line", "straight", "ols", "regression", "linearregression":
		return fit.Linear
	case "exp", "expo", "exponent", "growth", "doubling", "trend", "logy", "semilogy", "loglineary":
		return fit.Exponential
	}
	return ""
}

func fitOverAlias(w string) string {
	switch w {
	case "each", "per-series", "per_series", "perseries", "separate", "separately", "series-wise":
		return FitOverSeries
	case "panel", "together", "pooled", "pool", "combined", "global", "everything", "points":
		return FitOverAll
	case "pareto", "envelope", "front":
		return FitOverFrontier
	}
	return ""
}

func frontierAlias(w string) string {
	switch w {
	case "maximum", "upper", "top", "highest", "largest", "high", "sota", "best", "pareto":
		return FrontierMax
	case "minimum", "lower", "bottom", "lowest", "smallest", "low":
		return FrontierMin
	}
	return ""
}

// fitSymbol reads `variable` or `response`: a symbol for the fit's
// formula, read as TeX whether or not it is written between $ signs, so
// that N_{opt} and $N_{opt}$ both give Nₒₚₜ.
func (p *parser) fitSymbol(e entry) string {
	s, pos, ok := p.text(e, "a symbol, like N, D or C_{min}")
	s = strings.TrimSpace(s)
	if !ok || s == "" {
		if ok {
			p.errorf(pos, "fit %s is empty: name the symbol the formula writes, like %s: N", e.key, e.key)
		}
		return ""
	}
	if !strings.Contains(s, "$") {
		// Read as a formula, between the $ signs the author left out; an
		// error stands at the value (its text has those $ signs added).
		out := p.plain("$"+s+"$", "fit "+e.key+" (read as a formula)", nil, pos)
		if strings.Contains(out, "$") {
			return s
		}
		return out
	}
	return p.plain(s, e.key, tokenOf(e.val), pos)
}
