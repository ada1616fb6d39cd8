package site

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/law"
	"github.com/scalesite/scalesite/table"
)

// A fit by law (chartspec.Law) is fitted to each group of points as the
// other fits are (per series, over all points, over the frontier), with
// the law's variables read from the columns `where` names on each point's
// row. The groups are fitted in parallel, each bootstrapped on every core
// by fit.FitLaw; the result is the same bytes whatever the number of cores.

// LawFitted is what a fit by law adds to Fitted.
type LawFitted struct {
	// Law is the parsed law, Model the law bound to its variables.
	Law   *law.Law
	Model *law.Model
	// Names are the constants, in the order of Fit.Consts and Fit.Params.
	Names []string
	Fit   fit.LawFit
	// Derived are the spec's derive quantities, in its order.
	Derived []NamedEstimate
	// Points are the points fitted, in the group's order, and Vars each one's
	// variables (in the order of Model.Variables).
	Points []Point
	Vars   [][]float64
	// Strands are where each series' points start in Points: a fit over
	// all points is drawn along each series it was fitted to.
	Strands []int
	// Spec is the fit's law as the spec wrote it.
	Spec *chartspec.Law
}

// NamedEstimate is a derived quantity with its estimate.
type NamedEstimate struct {
	Name string
	fit.Estimate
}

// lawSeed seeds every bootstrap: the same data and spec give the same
// resamples, and so the same intervals, on every build.
const lawSeed = 20220329 // Hoffmann et al.'s arXiv date

// lawVars are the values of a fit by law's variables on each row of a
// panel's table, by the row's line.
type lawVars struct {
	cols    []int // the table's column of each variable
	byLine  map[int][]float64
	missing map[int]int // line → the variable whose cell is blank
	t       *table.Table
	rowOf   map[int]int // line → row index in t
}

// readLawVars reads the columns a fit by law binds on every row of t: an
// unknown column is an error at its name in where (with the columns t
// has), a cell that is not a number an error at the cell. A blank cell is
// an error only if its row is fitted (fitLawGroup).
func readLawVars(sp *chartspec.Panel, t *table.Table, tname string, errs *diag.List) *lawVars {
	lw := sp.Fit.Law
	if lw == nil {
		return nil
	}
	v := &lawVars{t: t, byLine: make(map[int][]float64, t.Len()), missing: map[int]int{}, rowOf: make(map[int]int, t.Len())}
	bad := false
	for _, w := range lw.Where {
		i := t.Index(w.Column.Name)
		if i < 0 {
			errs.Add(diag.Errorf(w.Column.Pos, "where binds %s to column %q, which is not in %s (its columns: %s)%s",
				w.Symbol, w.Column.Name, tname, diag.QuoteList(t.Columns, 8), diag.DidYouMean(w.Column.Name, t.Columns)))
			bad = true
		}
		v.cols = append(v.cols, i)
	}
	if bad {
		return nil
	}
	for r := range t.Len() {
		vals := make([]float64, len(v.cols))
		line := t.Line(r)
		v.rowOf[line] = r
		for k, c := range v.cols {
			cell := t.Cell(r, c)
			x, missing, ok := table.Number(cell)
			switch {
			case missing:
				if _, seen := v.missing[line]; !seen {
					v.missing[line] = k
				}
			case !ok:
				errs.Add(&diag.Error{Pos: t.Pos(r, c), Msg: fmt.Sprintf("%s in column %s, which the law's %s reads, is not a number%s",
					diag.Quote(cell), diag.Quote(t.Columns[c]), lw.Where[k].Symbol, hintTail(cell))})
			}
			vals[k] = x
		}
		v.byLine[line] = vals
	}
	return v
}

// hintTail is table.Hint's advice about a cell that is not a number, after
// a colon, or "".
func hintTail(cell string) string {
	hint := table.Hint(cell)
	if _, rest, ok := strings.Cut(hint, " is not a number"); ok {
		hint = strings.TrimPrefix(rest, ": ")
	}
	if hint == "" {
		return ""
	}
	return ": " + hint
}

// bindLaw parses the spec's law and binds its variables, as chartspec
// checked it could (chartspec.Law.ErrorAt places what it could not).
func bindLaw(lw *chartspec.Law) (*law.Law, *law.Model, error) {
	l, err := law.Parse(lw.Formula)
	if err != nil {
		return nil, nil, lw.ErrorAt(err, nil)
	}
	syms := make([]string, len(lw.Where))
	for i, w := range lw.Where {
		syms[i] = w.Symbol
	}
	m, err := l.Bind(syms)
	if err != nil {
		return nil, nil, lw.ErrorAt(err, nil)
	}
	return l, m, nil
}

// lawFitModel is the model fit.FitLaw fits: the law m over the group's
// rows, vars[i] the variables of row i, prepared once (law.Rows) so that
// what depends on the variables alone is not worked out at every
// evaluation; it gives the bits m.Eval and m.EvalGrad give.
func lawFitModel(m *law.Model, vars [][]float64) fit.Model {
	columns := make([][]float64, len(m.Variables()))
	for j := range columns {
		columns[j] = make([]float64, len(vars))
		for i, v := range vars {
			columns[j][i] = v[j]
		}
	}
	return m.Rows(columns)
}

// fitLaws fits the panel's law to each group, in parallel.
func fitLaws(sp *chartspec.Panel, p *Panel, groups []fitGroup, file, sum string, cache *fitCache) ([]Fitted, error) {
	lw := sp.Fit.Law
	l, m, err := bindLaw(lw)
	if err != nil {
		return nil, err
	}
	derived := make([]*law.Model, len(lw.Derive))
	for i := range lw.Derive {
		d := &lw.Derive[i]
		e, err := law.ParseExpr(d.Expr)
		if err == nil {
			derived[i], err = e.Compile(m.Constants())
		}
		if err != nil {
			return nil, lw.ErrorAt(err, d)
		}
	}
	out := make([]Fitted, len(groups))
	errs := make([]error, len(groups))
	par.For(len(groups), 0, func(i int) {
		out[i], errs[i] = fitLawGroup(sp, p, groups[i], l, m, derived, file, sum, cache)
	})
	var list diag.List
	var fitted []Fitted
	for i := range groups {
		if errs[i] != nil {
			list.Add(errs[i])
			continue
		}
		fitted = append(fitted, out[i])
	}
	return fitted, list.Err()
}

// The limits of a fit by law, so that no spec within them makes a build
// run for minutes: the grid of starts and every bootstrap refit read each
// point, and a refit has a fixed cost besides (its optimiser's set-up),
// about that of reading lawRefitFixed points; 100,000 resamples of 40
// points took 49 s of one core.
const (
	// MaxLawPoints is the most points one fit by law takes.
	MaxLawPoints = 20000
	// MaxLawRefitWork bounds resamples × (points + lawRefitFixed) of one
	// fit by law: Chinchilla's 240 runs allow 11,000 resamples (the paper's
	// check takes 4,000), 40 points 20,000; about 10 s of one core at most.
	MaxLawRefitWork = 5_000_000
	lawRefitFixed   = 200
)

// lawWork says why fitting the law to g with n bootstrap resamples is past
// the limits above, or nil.
func lawWork(lw *chartspec.Law, g fitGroup, n int) error {
	pts := len(g.pts)
	if pts > MaxLawPoints {
		return diag.Errorf(lw.Pos, "the fit %s has %d points, and a fit by law takes at most %d (its starts and refits read every point): leave rows out with where, or fit a built-in kind (fit: powerlaw), which has a closed form",
			g.what, pts, MaxLawPoints)
	}
	if most := MaxLawRefitWork / (pts + lawRefitFixed); n > most {
		return diag.Errorf(lw.Pos, "the fit %s asks for %d bootstrap resamples of %d points, and a fit by law of %d points may refit at most %d times in a build: ask for %d or fewer (1,000 is usual)",
			g.what, n, pts, pts, most, most)
	}
	return nil
}

// fitLawGroup fits the law to one group of points.
func fitLawGroup(sp *chartspec.Panel, p *Panel, g fitGroup, l *law.Law, m *law.Model, derived []*law.Model, file, sum string, cache *fitCache) (Fitted, error) {
	lw := sp.Fit.Law
	vars := make([][]float64, len(g.pts))
	ys := make([]float64, len(g.pts))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, pt := range g.pts {
		line := pt.Row
		if k, blank := p.law.missing[int(line)]; blank {
			w := lw.Where[k]
			return Fitted{}, diag.Errorf(p.law.t.Pos(p.law.rowOf[int(line)], p.law.cols[k]), "the fit %s reads %s from column %s, which is blank on this row: fill it in, or leave the row out with where",
				g.what, w.Symbol, diag.Quote(w.Column.Name))
		}
		vars[i], ys[i] = p.law.byLine[int(line)], pt.Y
		lo, hi = min(lo, pt.X), max(hi, pt.X)
	}
	if err := lawWork(lw, g, sp.Fit.Bootstrap); err != nil {
		return Fitted{}, err
	}
	if err := domainCheck(lw, m, g, vars, p); err != nil {
		return Fitted{}, err
	}
	names := m.Constants()
	o := fit.LawOptions{Names: names, Loss: lw.Loss, Delta: lw.Delta, Log: lw.In == chartspec.InLog, Bootstrap: sp.Fit.Bootstrap, Seed: lawSeed}
	for _, r := range m.Roles() {
		o.Roles = append(o.Roles, fit.Role(r))
	}
	if len(lw.Start) > 0 {
		o.Start = map[string][2]float64{}
		for _, s := range lw.Start {
			o.Start[s.Name] = [2]float64{s.Lo, s.Hi}
		}
	}
	var key string
	if cache != nil && cache.store.Dir(fitKind) != "" {
		key = cache.key(lw, o.Bootstrap, ys, vars)
	}
	r, cached := cache.get(key)
	var err error
	if !cached {
		r, err = fit.FitLaw(lawFitModel(m, vars), ys, o)
		if err == nil && key != "" {
			cache.put(key, r)
		}
	}
	if err != nil {
		msg := err.Error()
		var le *fit.LawError
		if errors.As(err, &le) && len(le.Rows) > 0 {
			lines := make([]int, 0, len(le.Rows))
			for _, row := range le.Rows {
				if row >= 0 && row < len(g.pts) {
					lines = append(lines, int(g.pts[row].Row))
				}
			}
			msg += fmt.Sprintf(" (the points are on %s of %s)", p.rowsText(lines), file)
		}
		at := lw.Pos
		if le != nil && len(le.Consts) > 0 && len(le.Consts) < len(names) { // the constants at fault, not all of them
			if off := symbolOffset(lw.Formula, le.Consts[0]); off >= 0 {
				at = lw.At(off)
			}
		}
		return Fitted{}, diag.Errorf(at, "the fit %s: %s", g.what, msg)
	}
	lf := &LawFitted{Law: l, Model: m, Names: names, Fit: r, Points: g.pts, Vars: vars, Strands: g.strands, Spec: lw}
	if len(lf.Strands) == 0 {
		lf.Strands = []int{0}
	}
	col := make([]float64, len(r.Replicates))
	for i, dm := range derived {
		for b, rep := range r.Replicates {
			col[b] = math.NaN()
			if !math.IsNaN(rep[0]) {
				col[b] = dm.Eval(rep, nil)
			}
		}
		lf.Derived = append(lf.Derived, NamedEstimate{Name: lw.Derive[i].Name, Estimate: fit.Summarize(dm.Eval(r.Consts, nil), col)})
	}
	return Fitted{Series: g.series, Result: fit.Result{Kind: chartspec.FitLaw, R2: r.R2, N: r.N}, Lo: lo, Hi: hi, Law: lf, DataSHA256: sum}, nil
}

// domainCheck finds a row whose values the law cannot take whatever its
// constants: the first operation outside its domain (a logarithm of a
// value ≤ 0, a square root of a negative value) at two unrelated sets of
// constants, at the same place of the formula. It is an error at that
// place, naming the row.
func domainCheck(lw *chartspec.Law, m *law.Model, g fitGroup, vars [][]float64, p *Panel) error {
	k := len(m.Constants())
	ones, twos := make([]float64, k), make([]float64, k)
	for i := range k {
		ones[i], twos[i] = 1, 2.5
	}
	for i, v := range vars {
		off, _, msg, ok := m.Domain(ones, v)
		if ok {
			continue
		}
		if off2, _, _, ok2 := m.Domain(twos, v); ok2 || off2 != off {
			continue
		}
		return diag.Errorf(lw.At(off), "the fit %s cannot take the values of %s %s: %s, with %s; leave the row out with where, or write the law for these values",
			g.what, p.rows.File, p.rowText(int(g.pts[i].Row)), msg, varsText(lw, v))
	}
	return nil
}

// varsText writes a row's variables for a message: "N = -3, D = 2e+10".
func varsText(lw *chartspec.Law, v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprintf("%s = %g in column %s", lw.Where[i].Symbol, x, diag.Quote(lw.Where[i].Column.Name))
	}
	return strings.Join(parts, ", ")
}

// symbolOffset is the byte offset of the first use of symbol name in a
// formula, -1 if it has none.
func symbolOffset(formula, name string) int {
	isIdent := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
	}
	for from := 0; from < len(formula); {
		i := strings.Index(formula[from:], name)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isIdent(formula[i-1])) && (end == len(formula) || !isIdent(formula[end])) {
			return i
		}
		from = i + 1
	}
	return -1
}
