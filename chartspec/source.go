package chartspec

import (
	"path"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// source reads `source`: text, or a list of citations ([@a, @b] in YAML's
// flow style), which it joins as "@a; @b".
func (p *parser) source(c *Chart, e entry) {
	if seq, ok := p.resolve(e.val).(*ast.SequenceNode); ok {
		var parts []string
		for _, v := range seq.Values {
			s, isText := scalarText(p.resolve(v))
			if !isText || !strings.HasPrefix(strings.TrimSpace(s), "@") {
				p.errorf(p.valuePos(e), `source lists citations, e.g. source: ["@kaplan2020", "@hoffmann2022"]; one web address or text is written alone, not in a list`)
				return
			}
			parts = append(parts, strings.TrimSpace(s))
		}
		c.Source = Field{Name: p.plain(strings.Join(parts, "; "), "source", nil, p.valuePos(e)), Pos: p.valuePos(e)}
		return
	}
	c.Source.Name, c.Source.Pos, _ = p.text(e, `a citation ("@key"), a web address or text`)
	c.Source.Name = p.plain(strings.TrimSpace(c.Source.Name), "source", nil, c.Source.Pos)
}

// checkSource reports a source that names a data file: the data is
// `data`, and a chart without it is not reported as such too.
func (p *parser) checkSource(c *Chart) {
	s := c.Source.Name
	switch strings.ToLower(path.Ext(s)) {
	case ".csv", ".tsv", ".json":
		if !strings.Contains(s, "://") && !strings.ContainsAny(s, " \t") {
			p.unknown++ // like a misspelt key, it explains the missing data
			p.errorf(c.Source.Pos, "source %q names a data file: a chart reads its data from data: %s, and source: says where the data comes from (a citation like \"@hoffmann2022\", a web address or text)", s, diag.QuoteIfNeeded(s))
		}
	}
}
