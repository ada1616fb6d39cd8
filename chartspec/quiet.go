package chartspec

import (
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// quiet reads `quiet`: the names of the warnings the chart silences
// (quiet: [crowded-labels]), one name or a list of them. A name that is no
// warning's is an error, with the nearest name.
func (p *parser) quiet(e entry) []Field {
	n := p.resolve(e.val)
	if n == nil || isNull(n) {
		return nil
	}
	values := []ast.Node{n}
	seq, isList := n.(*ast.SequenceNode)
	if isList {
		values = seq.Values
	}
	var out []Field
	for _, v := range values {
		pos := p.nodePos(v)
		r := p.resolve(v)
		if r == nil {
			continue
		}
		s, isText := scalarText(r)
		s = strings.TrimSpace(s)
		if !isText || s == "" {
			p.errorf(pos, "quiet lists the names of warnings to silence, e.g. quiet: [crowded-labels], %s", unlike(r))
			continue
		}
		if err := diag.UnknownQuiet(s, pos); err != nil {
			p.errs = append(p.errs, err)
			continue
		}
		out = append(out, Field{Name: s, Pos: pos})
	}
	return out
}

// QuietNames returns the names of the warnings the chart silences.
func (c *Chart) QuietNames() []string {
	if c == nil {
		return nil
	}
	names := make([]string, len(c.Quiet))
	for i, f := range c.Quiet {
		names[i] = f.Name
	}
	return names
}
