package chartspec

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// Row filters: `where` picks the rows of a long-format table that a chart or
// a panel draws, so that one CSV (task, model, flops, score) feeds a panel
// per task:
//
//	where: {task: "Modular arithmetic"}      rows whose task is that text
//	where: {budget: [6e18, 1e19]}            any of these values
//	where: {params: ">= 1e9"}                a comparison with a number
//	where: {params: ">= 1e9 and < 1e11"}     comparisons that must all hold
//	where: {model: "!= GPT-3"}               any value but this one
//
// Several columns must all match. A panel's where is laid over the chart's
// column by column: a panel's condition on a column the chart also filters
// replaces the chart's for that column, conditions on other columns are
// added to it (AND), and a column set to nothing (task: ~) drops the chart's
// condition on it. where: ~ in a panel drops the chart's filter altogether.
//
// A value that reads as a number (6e18, 1.4B, 1,024) matches the cells that
// read as the same number, however written (6e+18, 6000000000000000000);
// any other value matches the cell's text exactly.

// Where operators.
const (
	OpEq = "="
	OpNe = "!="
	OpLt = "<"
	OpLe = "<="
	OpGt = ">"
	OpGe = ">="
)

// Cond is the condition on one column: a row passes when its cell matches
// any of Any.
type Cond struct {
	Column Field // the column, at its key
	Any    []Match
}

// Match is one accepted value: a row's cell matches when every test holds.
type Match struct {
	Text  string // as written, for messages: "Modular arithmetic", ">= 1e9"
	Tests []Test
	Pos   diag.Pos
}

// Test compares a cell with one value.
type Test struct {
	Op    string // one of the Op constants
	Value string // the value as written, trimmed
	// Num is Value as a number, when IsNum; the ordering operators always
	// have one.
	Num   float64
	IsNum bool
}

// Equality reports whether m is a plain value (one OpEq test), which a
// message can say a column lacks.
func (m Match) Equality() bool { return len(m.Tests) == 1 && m.Tests[0].Op == OpEq }

// whereLayer is `where` as one level of the spec wrote it.
type whereLayer struct {
	conds []Cond
	// drop lists the columns set to nothing (task: ~): a panel drops the
	// chart's condition on them.
	drop []string
	set  bool // written, valid or not
	// clear is where: ~ (or empty): the panel drops every inherited condition.
	clear bool
}

// where reads `where`. panel says whether it belongs to a panel (where a
// column set to nothing drops the chart's condition) or to the chart.
func (p *parser) where(e entry, panel bool) whereLayer {
	w := whereLayer{set: true}
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
		return w
	case *ast.NullNode:
		w.clear = true
		return w
	case *ast.MappingNode:
		for _, ce := range p.entries(v) {
			col := strings.TrimSpace(ce.key)
			if col == "" {
				p.errorf(p.pos(ce.tok), `a where condition needs a column name, e.g. where: {task: "Modular arithmetic"}`)
				continue
			}
			if isNull(p.resolveQuiet(ce.val)) && !isTag(ce.val) {
				if panel {
					w.drop = append(w.drop, col)
					continue
				}
				p.errorf(p.valuePos(ce), `where %q has no value: write the value the rows must have, e.g. where: {task: "Modular arithmetic"}, or a list of values, or a comparison like ">= 1e9"`, col)
				continue
			}
			c := Cond{Column: Field{Name: col, Pos: p.pos(ce.tok)}}
			c.Any = p.matches(ce, col)
			if len(c.Any) > 0 {
				w.conds = append(w.conds, c)
			}
		}
		return w
	}
	p.errorf(p.valuePos(e), `where must be a set of "column: value" pairs, e.g. where: {task: "Modular arithmetic"} or where: {budget: [6e18, 1e19]}, %s`, unlike(n))
	return w
}

// resolveQuiet is resolve without reporting: the caller resolves the
// value again, and reports once.
func (p *parser) resolveQuiet(n ast.Node) ast.Node {
	errs := len(p.errs)
	r := p.resolve(n)
	p.errs = p.errs[:errs]
	return r
}

// isTag reports whether n carries a YAML tag: "!= GPT-3" written without
// quotes reads as the tag != on the value GPT-3.
func isTag(n ast.Node) bool {
	_, ok := n.(*ast.TagNode)
	return ok
}

// matches reads a condition's value: one value or a list of them.
func (p *parser) matches(e entry, col string) []Match {
	if seq, ok := p.resolve(e.val).(*ast.SequenceNode); ok {
		if len(seq.Values) == 0 {
			p.errorf(p.valuePos(e), `where %q is an empty list: list the values to keep, e.g. [6e18, 1e19]`, col)
			return nil
		}
		var out []Match
		for i, v := range seq.Values {
			pos := p.nodePos(v)
			if isNull(v) && i < len(seq.Entries) && seq.Entries[i] != nil {
				pos = p.pos(seq.Entries[i].GetToken())
			}
			if m, ok := p.match(v, pos, col, true); ok {
				out = append(out, m)
			}
		}
		return out
	}
	if m, ok := p.match(e.val, p.valuePos(e), col, false); ok {
		return []Match{m}
	}
	return nil
}

// match reads one value of a condition.
func (p *parser) match(raw ast.Node, pos diag.Pos, col string, inList bool) (Match, bool) {
	prefix := ""
	if tag, ok := raw.(*ast.TagNode); ok && tag.Start != nil && strings.HasPrefix(tag.Start.Value, "!=") {
		// != GPT-3 without quotes: YAML's tag syntax, read as meant.
		prefix = tag.Start.Value + " "
	}
	n := p.resolve(raw)
	if n == nil {
		return Match{}, false
	}
	s, ok := scalarText(n)
	if !ok {
		what := "a value, a list of values or a comparison"
		if inList {
			what = "a value"
		}
		p.errorf(pos, `where %q must be %s, e.g. where: {task: "Modular arithmetic"} or {params: ">= 1e9"}, %s`, col, what, unlike(n))
		return Match{}, false
	}
	if isTag(raw) && prefix == "" {
		p.errorf(pos, `where %q: a value that starts with "!" reads as a YAML tag: put it in quotes`, col)
		return Match{}, false
	}
	text := strings.TrimSpace(prefix + s)
	m := Match{Text: text, Pos: pos}
	if !startsWithOp(text) {
		if isNaN(text) {
			p.nanError(pos, col, text)
			return Match{}, false
		}
		m.Tests = []Test{valueTest(OpEq, text)}
		return m, true
	}
	for _, part := range splitAnd(text) {
		op, v := cutOp(part)
		if op == "" {
			p.errorf(pos, `where %q %q: each part joined by "and" needs its own comparison, e.g. ">= 1e9 and < 1e11"`, col, text)
			return Match{}, false
		}
		if v == "" {
			p.errorf(pos, `where %q %q: the comparison %s needs a value after it, e.g. "%s 1e9"`, col, text, op, op)
			return Match{}, false
		}
		if isNaN(v) {
			p.nanError(pos, col, text)
			return Match{}, false
		}
		t := valueTest(op, v)
		if op != OpEq && op != OpNe && !t.IsNum {
			hint := ""
			if h := table.Hint(v); h != "" && !strings.HasSuffix(h, "is not a number") {
				hint = " (" + h + ")"
			}
			p.errorf(pos, `where %q %q: %s compares with a number, like "%s 1e9" or "%s 1.4B", and %q is not one%s`, col, text, op, op, op, v, hint)
			return Match{}, false
		}
		m.Tests = append(m.Tests, t)
	}
	return m, true
}

// isNaN reports whether a where value is NaN, however written (nan, NaN,
// YAML's .nan, with a sign).
func isNaN(v string) bool {
	v = strings.TrimPrefix(strings.TrimLeft(strings.TrimSpace(v), "+-"), ".")
	return strings.EqualFold(v, "nan")
}

// nanError reports a where value that is NaN: NaN is equal to nothing,
// itself included, so a filter that compares with it keeps no row (or,
// with !=, every row), and would build an empty chart without a word. It
// says what to write instead.
func (p *parser) nanError(pos diag.Pos, col, text string) {
	p.errorf(pos, `where %q %q: NaN equals nothing, not even NaN, so comparing with it keeps no row (and != keeps every row); `+
		`rows whose %q is blank, NA or NaN are left out of the chart anyway, and the build names them; `+
		`to keep only the rows where %q is a number, compare it with one, e.g. ">= 0"`, col, text, col, col)
}

// valueTest is the test "cell op v".
func valueTest(op, v string) Test {
	t := Test{Op: op, Value: v}
	if f, missing, ok := table.Number(v); ok && !missing {
		t.Num, t.IsNum = f, true
	}
	return t
}

// ops lists the comparison operators, longest first so that ">=" is not
// read as ">" and "=1e9".
var ops = []struct{ text, op string }{
	{">=", OpGe}, {"<=", OpLe}, {"!=", OpNe}, {"==", OpEq}, {"=>", OpGe}, {"=<", OpLe}, {"<>", OpNe},
	{"≥", OpGe}, {"≤", OpLe}, {"≠", OpNe}, {">", OpGt}, {"<", OpLt}, {"=", OpEq},
}

func startsWithOp(s string) bool {
	op, _ := cutOp(s)
	return op != ""
}

// cutOp splits "<= 1e9" into its operator and value.
func cutOp(s string) (op, value string) {
	s = strings.TrimSpace(s)
	for _, o := range ops {
		if rest, ok := strings.CutPrefix(s, o.text); ok {
			return o.op, strings.TrimSpace(rest)
		}
	}
	return "", s
}

// splitAnd splits ">= 1e9 and < 1e11" at each " and " (or "&&").
func splitAnd(s string) []string {
	s = strings.NewReplacer("&&", " and ", " AND ", " and ").Replace(s)
	return strings.Split(s, " and ")
}

// mergeWhere lays a panel's conditions over the chart's (see the comment at
// the top of this file).
func mergeWhere(chart, panel whereLayer) []Cond {
	if !panel.set {
		return chart.conds
	}
	if panel.clear {
		return nil
	}
	var out []Cond
	for _, c := range chart.conds {
		if !hasCond(panel.conds, c.Column.Name) && !contains(panel.drop, c.Column.Name) {
			out = append(out, c)
		}
	}
	return append(out, panel.conds...)
}

func hasCond(cs []Cond, col string) bool {
	for _, c := range cs {
		if c.Column.Name == col {
			return true
		}
	}
	return false
}

// comparisonHint explains the YAML error of an unquoted comparison: YAML
// reads "params: >= 1e9" as a folded block (>) with a bad header.
func comparisonHint(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "invalid header option: ")
	if !ok || !strings.HasPrefix(strings.Trim(rest, `"`), "=") {
		return "", false
	}
	return `a comparison must be in quotes, e.g. where: {params: ">= 1e9"}: YAML reads a value that starts with ">" as a block of text`, true
}
