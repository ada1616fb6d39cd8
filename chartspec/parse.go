package chartspec

import (
	"bytes"
	"fmt"

	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/yamlx"
)

// Parse reads the YAML of one ```chart block.
//
// src is the block's content and at the position of its first line in the
// page (File is the page path, Line the page line of the first YAML line, Col
// normally 1). Every error is positioned in the page, not in the block, so a
// researcher can jump to it: a single problem comes back as a *diag.Error,
// several as a diag.List sorted by line, so that one build reports every
// wrong key at once instead of one per run.
//
// On success the Chart has at least one panel, and every panel has a type,
// data, and a field on both axes, with the chart's keys already inherited.
func Parse(src []byte, at diag.Pos) (c *Chart, err error) {
	return parse(src, at, true, true)
}

// parse is Parse, with the lifting of inline data blocks and the simple
// reading of plain YAML (yamlx.ParseSimple) optional, so that a test can
// check that neither ever changes the result.
func parse(src []byte, at diag.Pos, lift, simple bool) (c *Chart, err error) {
	if at.Col <= 0 {
		at.Col = 1
	}
	p := &parser{at: at, simple: simple}
	// The YAML library is large and has panicked on malformed input before; a
	// typo in one chart must fail that chart with a position, not the build.
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, diag.Errorf(at, "could not read this chart spec as YAML (%s): check its indentation and quoting", oneLine(fmt.Sprint(r)))
		}
	}()
	if bytes.IndexByte(src, '\r') >= 0 {
		// Windows line ends: columns are unchanged, and folded data and
		// messages no longer carry stray carriage returns. A lone CR ends a
		// line too, for YAML as for CommonMark.
		src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
		src = bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
	}
	p.src = src
	if lift {
		p.src, p.lifted, p.shifts = liftDataBlocks(src)
	}
	// The YAML library needs memory and time out of proportion for deep
	// nesting; what is left once inline data is out must be a few lines.
	if le := yamlx.CheckLimits(p.src, "this chart spec"); le != nil {
		msg := le.Msg
		if le.Line == 1 && le.Col == 1 && len(p.src) > yamlx.MaxSize {
			msg += ": put large data in a CSV file beside the page (data: runs.csv)"
		}
		return nil, diag.Errorf(p.at2(p.origLine(le.Line), le.Col), "%s", msg)
	}
	// Titles full of colons ("title: Loss: small models") mean what they say.
	p.src = yamlx.QuoteColonValues(p.src)
	root, err := p.document()
	if err != nil {
		return nil, err
	}
	// What the aliases stand for, and a refusal of aliases that multiply
	// the spec: before anything follows them.
	anchors, le := yamlx.ReadAnchors(root, "this chart spec")
	if le != nil {
		return nil, diag.Errorf(p.at2(p.origLine(le.Line), le.Col), "%s", le.Msg)
	}
	p.anchors = anchors
	for _, le := range yamlx.CheckEscapes(root) {
		p.errorf(p.at2(p.origLine(le.Line), le.Col), "%s", le.Msg)
	}
	c = p.chart(root)
	if c != nil {
		p.resolveGroup(c, p.runs)
		c.Warnings = p.warns.Sort()
	}
	if c == nil && len(p.errs) == 0 {
		p.errorf(p.at, "could not read this chart spec: check its indentation and quoting")
	}
	// Sorting also drops repeats: a chart key that is wrong for every panel
	// that inherits it is reported once.
	switch errs := p.errs.Sort(); len(errs) {
	case 0:
		return c, nil
	case 1:
		return nil, errs[0]
	default:
		return nil, errs
	}
}

// parser holds the state of one Parse call.
type parser struct {
	at   diag.Pos
	src  []byte
	errs diag.List
	// warns are the warnings found (Chart.Warnings).
	warns diag.List
	// lifted holds the inline data blocks taken out of src before parsing,
	// by the YAML line of their `data:` key (see liftDataBlocks).
	lifted map[int]liftedBlock
	// shifts maps lines of src back to the spec as written (see lift.go).
	shifts []lineShift
	// unknown counts the unknown keys reported: while there are any, a
	// missing key is not reported, since it is most likely the misspelt one.
	unknown int
	// anchors is what each YAML alias (*name) of the spec stands for.
	anchors *yamlx.Anchors
	// runs is the chart's group and band keys (group.go), which
	// resolveGroup gives every panel.
	runs Group
	// simple lets document read plain YAML itself (yamlx.ParseSimple).
	simple bool
}

// document parses src and returns the one document's body. Only a spec
// that cannot be read at all (bad YAML, empty, several documents) returns an
// error here; everything else is collected in p.errs.
func (p *parser) document() (ast.Node, error) {
	// Most specs, once their inline data is lifted, are a few lines of
	// plain YAML, which the simple reading takes at a tenth of the
	// library's cost.
	if p.simple {
		if body, ok := yamlx.ParseSimple(p.src); ok {
			return body, nil
		}
	}
	// Duplicate keys are allowed by the YAML library so that we can report
	// them with our own words and report every other problem too.
	f, err := yamlparser.ParseBytes(p.src, 0, yamlparser.AllowDuplicateMapKey())
	if err != nil {
		return nil, p.yamlError(err)
	}
	var body ast.Node
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		if _, ok := d.Body.(*ast.DirectiveNode); ok {
			continue // %YAML 1.2 before the ---
		}
		if body != nil {
			return nil, diag.Errorf(p.nodePos(d.Body), "a chart spec is one YAML document: remove the \"---\" line above this one, or start a new ```chart block")
		}
		body = d.Body
	}
	if body == nil {
		return nil, diag.Errorf(p.at, "the chart spec is empty: it needs at least data, x and y, e.g. data: runs.csv, x: flops, y: loss")
	}
	return body, nil
}

// pos converts a token's position in the YAML into a position in the page.
func (p *parser) pos(tk *token.Token) diag.Pos {
	if tk == nil || tk.Position == nil || tk.Position.Line <= 0 {
		return p.at
	}
	return p.at2(p.origLine(tk.Position.Line), tk.Position.Column)
}

// at2 converts a line and column (1-based) of the spec as written into a
// page position.
func (p *parser) at2(line, col int) diag.Pos {
	pos := diag.Pos{File: p.at.File, Line: p.at.Line + line - 1}
	if p.at.Line <= 0 {
		pos.Line = 0
	}
	if col > 0 {
		pos.Col = p.at.Col + col - 1
	}
	return pos
}

// nodePos is where a node starts in the page. A block mapping's own token is
// its first ":", so its first key stands for it instead.
func (p *parser) nodePos(n ast.Node) diag.Pos {
	if m, ok := n.(*ast.MappingNode); ok && !m.IsFlowStyle && len(m.Values) > 0 {
		n = m.Values[0].Key
	}
	if n == nil {
		return p.at
	}
	return p.pos(n.GetToken())
}

func (p *parser) errorf(pos diag.Pos, format string, args ...any) {
	p.errs = append(p.errs, diag.Errorf(pos, format, args...))
}
