package chartspec

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// Labels on some points only. A chart of 88 systems cannot label each
// without hiding most labels, yet a reader hovering any point must still
// learn its name; so the label's text names every point (in its tooltip,
// the table and the CSV) and `only` says which points also show it beside
// the marker:
//
//	label: model                              every point
//	label: {field: model, only: frontier}     the points of the panel's frontier
//
// `only` is a word rather than a where-style filter because the points
// worth a label are the record holders, which no column of the data says:
// they depend on every other point of the panel. The frontier is the one
// the panel's `frontier` key names (min or max), else max, the points above
// every point at a smaller x (the largest model so far, the best score so
// far).

// LabelOnlyFrontier labels the points of the panel's frontier.
const LabelOnlyFrontier = "frontier"

var (
	labelKeys  = []string{"field", "only"}
	labelOnlys = []string{LabelOnlyFrontier}
)

// LabelOnly is the `only` of a label mapping: which points show their
// label beside the marker. The zero value labels every point.
type LabelOnly struct {
	// What is LabelOnlyFrontier, or "" for every point.
	What string
	// Pos is where the value of `only` stands.
	Pos diag.Pos
}

// label reads `label`: a column name or template, or a mapping
// {field: model, only: frontier}. A flow mapping with none of the mapping's
// keys is a template YAML took for a mapping ({model}), which is explained.
func (p *parser) label(e entry) (Field, LabelOnly, bool) {
	m, isMap := p.resolve(e.val).(*ast.MappingNode)
	if !isMap {
		f, ok := p.field(e)
		return f, LabelOnly{}, ok
	}
	es := p.entries(m)
	if m.IsFlowStyle && !hasAnyKey(es, labelKeys) {
		p.errorf(p.valuePos(e), `YAML reads a label that starts with "{" as a mapping: put the template in quotes, e.g. label: "{model} ({params})", or write label: {field: model, only: frontier}`)
		return Field{}, LabelOnly{}, false
	}
	var f Field
	var only LabelOnly
	hasField, typo, ok := false, false, true
	for _, le := range es {
		switch le.key {
		case "field":
			hasField = true
			var fok bool
			f, fok = p.field(entry{key: "label", tok: le.tok, val: le.val})
			ok = ok && fok
		case "only":
			only.Pos = p.valuePos(le)
			only.What = p.choice(le, labelOnlys, "unknown label only %q: only: frontier labels the points of the panel's frontier (the others keep their name in the tooltip)%s", labelOnlyAlias)
			ok = ok && only.What != ""
		default:
			p.unknown++
			ok, typo = false, true
			p.errorf(p.pos(le.tok), "unknown key %q in label%s", le.key, labelKeyTail(le.key))
		}
	}
	if !hasField && !typo { // a misspelt field explains a missing one
		p.errorf(p.valuePos(e), `label has no field: say which column (or "{template}") names the points, e.g. label: {field: model, only: frontier}`)
	}
	if !hasField {
		return Field{}, LabelOnly{}, false
	}
	return f, only, ok
}

func hasAnyKey(es []entry, keys []string) bool {
	for _, e := range es {
		if contains(keys, e.key) {
			return true
		}
	}
	return false
}

func labelOnlyAlias(w string) string {
	switch w {
	case "pareto", "front", "frontiers", "records", "record", "best", "max", "envelope":
		return LabelOnlyFrontier
	}
	return ""
}

// labelKeyTail explains an unknown key of a label mapping.
func labelKeyTail(key string) string {
	switch strings.ToLower(key) {
	case "column", "name", "text", "template", "col":
		return ` — did you mean "field"?`
	case "where", "subset", "filter", "show", "which", "points":
		return ` — did you mean "only"?`
	}
	return diag.DidYouMean(key, labelKeys) + "; a label mapping has field and only"
}
