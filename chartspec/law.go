package chartspec

import (
	"errors"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/law"
)

// A fit by law names its law as a formula in the paper's symbols:
//
//	fit:
//	  law: "L = E + A / N^alpha + B / D^beta"
//	  where: {N: params, D: tokens}   # the variables' columns; the response is y's field
//	  loss: huber                     # huber | squared (default squared)
//	  delta: 1e-3                     # Huber's delta
//	  in: log                         # residuals of log(response) or of the response
//	  start: {alpha: [0, 2], E: 1.5}  # ranges (or values) to start the search from
//	  bootstrap: 1000                 # resamples for standard errors and intervals
//	  derive: {a: "beta / (alpha + beta)"}
//
// Every symbol the law has that where does not bind is a constant to fit.

// FitLaw is the Fit.Type of a fit by law.
const FitLaw = "law"

// Losses of a fit by law, and the spaces its residuals are taken in.
const (
	LossSquared = "squared"
	LossHuber   = "huber"
	InLog       = "log"
	InLinear    = "linear"
)

// DefaultDelta is Huber's delta when the spec sets none: Hoffmann et al.'s
// 1e-3 on log loss.
const DefaultDelta = 1e-3

var (
	lawKeys = []string{"law", "where", "loss", "delta", "in", "start", "derive"}
	losses  = []string{LossHuber, LossSquared}
	spaces  = []string{InLog, InLinear}
)

// Law is the part of a fit by law beyond its type: the formula, the
// columns of its variables and how it is fitted.
type Law struct {
	// Formula is the law as written: "L = E + A / N^alpha + B / D^beta".
	Formula string
	// Where binds the law's variables to columns, in the order written.
	Where []LawVar
	// Loss is LossSquared or LossHuber; Delta is Huber's delta.
	Loss  string
	Delta float64
	// In is InLog or InLinear: log when the spec leaves it out and y is on
	// a log axis.
	In string
	// Start holds the ranges the search starts from, in the order written.
	Start []StartRange
	// Derive holds the quantities of the constants to report, in order.
	Derive []Derived
	// Pos is where the formula stands; At places a byte of it.
	Pos diag.Pos
	// DeltaPos, LossPos and InPos are where those values stand (the fit's
	// position when the spec leaves them out).
	DeltaPos, LossPos, InPos diag.Pos
	tok                      *token.Token
}

// LawVar binds a symbol of the law to a column.
type LawVar struct {
	Symbol string
	// SymbolPos is where the symbol stands in where.
	SymbolPos diag.Pos
	Column    Field
}

// StartRange is where the search for one constant starts: Lo and Hi are
// equal for a single value.
type StartRange struct {
	Name   string
	Lo, Hi float64
	Pos    diag.Pos
}

// Derived is a quantity of the fitted constants, like Chinchilla's
// a = β/(α+β).
type Derived struct {
	Name string
	Expr string
	Pos  diag.Pos
	tok  *token.Token
}

// At is where byte off of the formula stands in the page, for a parse
// error's offset: on the formula's line when it is written on one line.
func (l *Law) At(off int) diag.Pos {
	return texPos(l.Formula, off, texShift(l.Formula, l.tok, l.Pos), l.Pos)
}

// At is where byte off of the expression stands in the page.
func (d *Derived) At(off int) diag.Pos {
	return texPos(d.Expr, off, texShift(d.Expr, d.tok, d.Pos), d.Pos)
}

// lawLayer gathers the law keys of one fit mapping as they are read.
type lawLayer struct {
	law           Law
	set           map[string]diag.Pos // the law keys written, at their keys
	bad           map[string]bool     // the law keys whose value was wrong
	hasLaw, inSet bool
}

// lawKey reads one of the law keys of a fit mapping into l, reporting
// whether the key was one of them.
func (p *parser) lawKey(l *lawLayer, e entry) bool {
	if !contains(lawKeys, e.key) {
		return false
	}
	if l.set == nil {
		l.set = map[string]diag.Pos{}
	}
	l.set[e.key] = p.pos(e.tok)
	ok := true
	switch e.key {
	case "law":
		l.law.Formula, l.law.Pos, ok = p.text(e, `a formula, like "L = E + A / N^alpha"`)
		l.law.Formula = strings.TrimSpace(l.law.Formula)
		l.law.tok = tokenOf(p.resolve(e.val))
		if ok && l.law.Formula == "" {
			p.errorf(l.law.Pos, `fit law is empty: write the law as a formula, like law: "L = E + A / N^alpha + B / D^beta"`)
			ok = false
		}
		l.hasLaw = ok
	case "where":
		l.law.Where, ok = p.lawWhere(e)
	case "loss":
		l.law.LossPos = p.valuePos(e)
		l.law.Loss = p.choice(e, losses, "unknown loss %q: a law is fitted with loss huber (robust to outliers, as Hoffmann et al.) or squared (least squares)%s", lossAlias)
		ok = l.law.Loss != ""
	case "delta":
		var v *float64
		var text string
		v, text, l.law.DeltaPos, ok = p.number(e)
		if ok && v != nil && *v <= 0 {
			p.errorf(l.law.DeltaPos, "delta is %s, but Huber's delta is the residual above which the loss grows linearly and must be above 0: Hoffmann et al. use 1e-3 on log loss", text)
			ok = false
		}
		if ok && v != nil {
			l.law.Delta = *v
		}
	case "in":
		l.law.InPos = p.valuePos(e)
		l.law.In = p.choice(e, spaces, "unknown in %q: a law's residuals are taken in log (of the response) or linear%s", spaceAlias)
		ok, l.inSet = l.law.In != "", true
	case "start":
		l.law.Start, ok = p.lawStart(e)
	case "derive":
		l.law.Derive, ok = p.lawDerive(e)
	}
	if !ok {
		if l.bad == nil {
			l.bad = map[string]bool{}
		}
		l.bad[e.key] = true
	}
	return true
}

// resolveLaw completes a fit mapping's law keys: a law needs where, the
// other keys need a law, and delta needs the Huber loss. It reports
// whether the fit can be used.
func (p *parser) resolveLaw(f *Fit, l *lawLayer, hasType, typo bool) bool {
	if len(l.set) == 0 {
		return true
	}
	_, lawWritten := l.set["law"]
	if !lawWritten {
		for _, k := range lawKeys {
			if at, ok := l.set[k]; ok {
				p.errorf(at, "%s belongs to a fit by law: add law: \"L = E + A / N^alpha\" (with where for its variables), or remove %s", k, k)
				return false
			}
		}
	}
	if hasType {
		p.errorf(l.set["law"], "fit has both type and law: a law says which curve to fit by itself; remove type")
		return false
	}
	if !l.hasLaw || typo { // a misspelt key may be the missing one
		return false
	}
	lw := l.law
	if _, ok := l.set["where"]; !ok {
		p.errorf(lw.Pos, "fit law has no where: bind each variable of the law to a column, like where: {N: params, D: tokens}; every other symbol is a constant to fit")
		return false
	}
	if lw.Loss == "" {
		lw.Loss = LossSquared
	}
	if at, ok := l.set["delta"]; ok && lw.Loss != LossHuber && !l.bad["loss"] {
		p.errorf(at, "delta is Huber's delta, but the loss is squared: add loss: huber, or remove delta")
		return false
	}
	if lw.Delta == 0 {
		lw.Delta = DefaultDelta
	}
	if lw.LossPos == (diag.Pos{}) {
		lw.LossPos = f.Pos
	}
	if lw.DeltaPos == (diag.Pos{}) {
		lw.DeltaPos = lw.LossPos
	}
	if lw.InPos == (diag.Pos{}) {
		lw.InPos = f.Pos
	}
	// The formula is read, and bound when where could be, whatever else
	// was wrong, so that every mistake of the fit is said at once.
	if !p.checkLaw(&lw, !l.bad["where"]) || len(l.bad) > 0 {
		return false
	}
	f.Type, f.Law = FitLaw, &lw
	return true
}

// checkLaw reads the formula and the derive expressions and binds the
// law's variables, as the site will to fit it, so that a formula that
// cannot be read, a where symbol the law does not have, or a derive or
// start naming no constant is an error at its place in the spec, with the
// spec's other errors. bind is false when where could not be read: the
// formula is only read.
func (p *parser) checkLaw(lw *Law, bind bool) bool {
	parsed, err := law.Parse(lw.Formula)
	if err != nil {
		p.errs = append(p.errs, lw.ErrorAt(err, nil))
		return false
	}
	if !bind {
		return true
	}
	syms := make([]string, len(lw.Where))
	for i, w := range lw.Where {
		syms[i] = w.Symbol
	}
	m, err := parsed.Bind(syms)
	if err != nil {
		p.errs = append(p.errs, lw.ErrorAt(err, nil))
		return false
	}
	consts := m.Constants()
	ok := true
	for i := range lw.Derive {
		d := &lw.Derive[i]
		e, err := law.ParseExpr(d.Expr)
		if err == nil {
			_, err = e.Compile(consts)
		}
		if err != nil {
			p.errs = append(p.errs, lw.ErrorAt(err, d))
			ok = false
		}
	}
	for _, s := range lw.Start {
		if !contains(consts, s.Name) {
			p.errorf(s.Pos, "start gives a range for %s, which is not a constant of the law (its constants are %s)%s",
				s.Name, strings.Join(consts, ", "), diag.DidYouMean(s.Name, consts))
			ok = false
		}
	}
	return ok
}

// ErrorAt places an error of package law: at its byte of the formula (of
// derive d's expression when d is not nil), or at the where symbol it
// names when that is not in the formula (Offset −1).
func (l *Law) ErrorAt(err error, d *Derived) *diag.Error {
	var le *law.Error
	if !errors.As(err, &le) {
		return diag.Errorf(l.Pos, "fit law: %v", err)
	}
	switch {
	case d != nil && le.Offset >= 0:
		return diag.Errorf(d.At(le.Offset), "derive %s: %s", d.Name, le.Msg)
	case le.Offset >= 0:
		return diag.Errorf(l.At(le.Offset), "fit law: %s", le.Msg)
	}
	for _, w := range l.Where {
		if w.Symbol == le.Symbol {
			return diag.Errorf(w.SymbolPos, "where: %s", le.Msg)
		}
	}
	return diag.Errorf(l.Pos, "fit law: %s", le.Msg)
}

// lawWhere reads where: a mapping of each variable's symbol to a column.
func (p *parser) lawWhere(e entry) ([]LawVar, bool) {
	pos := p.valuePos(e)
	m, isMap := p.resolve(e.val).(*ast.MappingNode)
	if !isMap {
		p.errorf(pos, "fit where must bind the law's variables to columns, like where: {N: params, D: tokens}, %s", unlike(p.resolve(e.val)))
		return nil, false
	}
	var out []LawVar
	ok := true
	for _, we := range p.entries(m) {
		col, at, isText := p.text(we, "a column name")
		col = strings.TrimSpace(col)
		if !isText || col == "" {
			if isText {
				p.errorf(at, "where %s has no column: name the column that holds %s, like %s: params", diag.Quote(we.key), diag.Quote(we.key), we.key)
			}
			ok = false
			continue
		}
		out = append(out, LawVar{Symbol: we.key, SymbolPos: p.pos(we.tok), Column: Field{Name: col, Pos: at}})
	}
	if ok && len(out) == 0 {
		p.errorf(pos, "fit where is empty: bind each variable of the law to a column, like where: {N: params}")
		return nil, false
	}
	return out, ok
}

// lawStart reads start: for each constant a range [lo, hi] of starting
// points, or one value.
func (p *parser) lawStart(e entry) ([]StartRange, bool) {
	pos := p.valuePos(e)
	m, isMap := p.resolve(e.val).(*ast.MappingNode)
	if !isMap {
		p.errorf(pos, "fit start must give starting ranges by constant, like start: {alpha: [0, 2], E: 1.5}, %s", unlike(p.resolve(e.val)))
		return nil, false
	}
	var out []StartRange
	ok := true
	for _, se := range p.entries(m) {
		at := p.valuePos(se)
		what := "start " + se.key
		switch v := p.resolve(se.val).(type) {
		case nil:
			ok = false
		case *ast.SequenceNode:
			if len(v.Values) != 2 {
				p.errorf(at, "%s must be a range [low, high] or one value, like %s: [0, 2]; it has %d entries", what, se.key, len(v.Values))
				ok = false
				continue
			}
			lo, okLo := p.markNumber(p.resolve(v.Values[0]), p.nodePos(v.Values[0]), what)
			hi, okHi := p.markNumber(p.resolve(v.Values[1]), p.nodePos(v.Values[1]), what)
			if !okLo || !okHi {
				ok = false
				continue
			}
			if lo.v > hi.v {
				p.errorf(at, "%s is the range [%s, %s], which runs backwards: write it low to high, [%s, %s]", what, lo.text, hi.text, hi.text, lo.text)
				ok = false
				continue
			}
			out = append(out, StartRange{Name: se.key, Lo: lo.v, Hi: hi.v, Pos: at})
		default:
			val, okVal := p.markNumber(v, at, what)
			if !okVal {
				ok = false
				continue
			}
			out = append(out, StartRange{Name: se.key, Lo: val.v, Hi: val.v, Pos: at})
		}
	}
	return out, ok
}

// lawDerive reads derive: named expressions of the constants.
func (p *parser) lawDerive(e entry) ([]Derived, bool) {
	pos := p.valuePos(e)
	m, isMap := p.resolve(e.val).(*ast.MappingNode)
	if !isMap {
		p.errorf(pos, `fit derive must name quantities of the constants, like derive: {a: "beta / (alpha + beta)"}, %s`, unlike(p.resolve(e.val)))
		return nil, false
	}
	var out []Derived
	ok := true
	for _, de := range p.entries(m) {
		s, at, isText := p.text(de, `an expression of the constants, like "beta / (alpha + beta)"`)
		if !isText || strings.TrimSpace(s) == "" {
			if isText {
				p.errorf(at, "derive %s is empty: write it as an expression of the constants, like %s: \"beta / (alpha + beta)\"", diag.Quote(de.key), de.key)
			}
			ok = false
			continue
		}
		out = append(out, Derived{Name: de.key, Expr: s, Pos: at, tok: tokenOf(p.resolve(de.val))})
	}
	return out, ok
}

func lossAlias(w string) string {
	switch strings.NewReplacer(" ", "", "_", "", "-", "").Replace(w) {
	case "l2", "mse", "leastsquares", "ls", "ols", "sse", "square", "quadratic", "gaussian":
		return LossSquared
	case "robust", "huberloss", "smoothl1", "l1", "hubers":
		return LossHuber
	}
	return ""
}

func spaceAlias(w string) string {
	switch w {
	case "ln", "log10", "logarithmic", "logspace", "log-space", "loglog", "log-log":
		return InLog
	case "lin", "raw", "identity", "none", "data", "natural", "linear-space":
		return InLinear
	}
	return ""
}
