package spec

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
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
	if at.Col <= 0 {
		at.Col = 1
	}
	p := &parser{at: at}
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
	root, err := p.document()
	if err != nil {
		return nil, err
	}
	c = p.chart(root)
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
	// anchors maps the YAML anchors (&name) met so far to their nodes, so that
	// aliases (*name) can be followed. Nil until the first anchor.
	anchors map[string]ast.Node
	// collected reports whether anchors holds every anchor of the document
	// (filled on the first alias that was not found in walk order).
	collected bool
	root      ast.Node
}

// document parses src and returns the one document's body, or nil for an
// empty spec. Only YAML that cannot be parsed at all returns an error here;
// everything else is collected in p.errs.
func (p *parser) document() (ast.Node, error) {
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
		if body != nil {
			return nil, diag.Errorf(p.nodePos(d.Body), "a chart spec is one YAML document: remove the \"---\" line above this one, or start a new ```chart block")
		}
		body = d.Body
	}
	if body == nil {
		return nil, diag.Errorf(p.at, "the chart spec is empty: it needs at least data, x and y, e.g. data: runs.csv, x: flops, y: loss")
	}
	p.root = body
	return body, nil
}

// yamlError turns the YAML library's error into a positioned error in plain
// words, without the library's colour codes and source excerpt (the build
// prints positions; editors show the source).
func (p *parser) yamlError(err error) error {
	var ye interface {
		GetToken() *token.Token
		GetMessage() string
	}
	if !errors.As(err, &ye) {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return diag.Errorf(p.at, "invalid YAML: %s", oneLine(strings.TrimSpace(msg)))
	}
	pos := p.pos(ye.GetToken())
	msg := ye.GetMessage()
	switch {
	case strings.Contains(msg, "'\t'"):
		msg = "a tab cannot indent YAML: use spaces"
	case strings.HasPrefix(msg, "mapping value is not allowed"):
		msg = `unexpected ":": check the indentation, and put text that contains ": " in quotes, e.g. title: "Loss: small models"`
	case strings.HasPrefix(msg, "could not find flow mapping end"), strings.HasPrefix(msg, "',' or '}' must be specified"):
		msg = `this "{" is never closed by a "}"`
		if l, c, ok := p.unclosed(pos, '{'); ok {
			pos = p.at2(l, c)
		} else {
			msg = `a "," or a "}" is missing here`
		}
	case strings.HasPrefix(msg, "sequence end token"), strings.HasPrefix(msg, "',' or ']' must be specified"):
		msg = `this "[" is never closed by a "]"`
		if l, c, ok := p.unclosed(pos, '['); ok {
			pos = p.at2(l, c)
		} else {
			msg = `a "," or a "]" is missing here`
		}
	case strings.HasPrefix(msg, "found an invalid key"), strings.HasPrefix(msg, "unexpected key name"):
		msg = "a key must be a name, like title or x"
	case strings.HasPrefix(msg, "could not find end character of double-quoted"):
		msg = `this quoted text has no closing '"'`
	case strings.HasPrefix(msg, "could not find end character of single-quoted"):
		msg = `this quoted text has no closing "'"`
	case strings.HasPrefix(msg, "undefined alias"):
		msg = "this alias (*name) refers to no anchor (&name) defined above it"
	}
	if p.lineHasHash(pos.Line - p.at.Line + 1) {
		msg += `; note that # starts a comment in YAML, so a colour like #1f77b4 must be quoted: "#1f77b4"`
	}
	return diag.Errorf(pos, "invalid YAML: %s", oneLine(msg))
}

// oneLine keeps a message that quotes the spec on one line, since a build
// prints one problem per line, and keeps control characters (say, a stray
// escape code) away from the terminal.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f:
			return '\uFFFD'
		}
		return r
	}, s)
}

// unclosed finds the "{" or "[" that is still open where the YAML library
// gave up (at, a page position), so that the error points at the bracket
// the researcher has to close rather than at the line after it. It returns
// the YAML line and column of the bracket.
func (p *parser) unclosed(at diag.Pos, open byte) (line, col int, ok bool) {
	type opener struct {
		c         byte
		line, col int
	}
	var stack []opener
	endLine, endCol := at.Line-p.at.Line+1, at.Col-p.at.Col+1
	line, col = 1, 0
	prev := byte('\n') // the last character that is not a space
	for i := 0; i < len(p.src); i++ {
		c := p.src[i]
		col++
		if line > endLine || line == endLine && col >= endCol {
			// The library may point at the bracket itself.
			if line == endLine && col == endCol && c == open {
				stack = append(stack, opener{c, line, col})
			}
			break
		}
		switch {
		case c == '\n':
			line, col = line+1, 0
		case c == ' ' || c == '\t':
			continue
		case c == '#' && (col == 1 || p.src[i-1] == ' ' || p.src[i-1] == '\t'):
			for i+1 < len(p.src) && p.src[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			// Skip the quoted text, counting its lines.
			for i+1 < len(p.src) {
				i++
				col++
				d := p.src[i]
				if d == '\n' {
					line, col = line+1, 0
				} else if d == '\\' && c == '"' && i+1 < len(p.src) && p.src[i+1] != '\n' {
					i++
					col++
				} else if d == c {
					if c == '\'' && i+1 < len(p.src) && p.src[i+1] == '\'' {
						i++
						col++
						continue
					}
					break
				}
			}
		case (c == '{' || c == '[') && (prev == '\n' || prev == ':' || prev == '-' || prev == ',' || prev == '[' || prev == '{'):
			stack = append(stack, opener{c, line, col})
		case (c == '}' || c == ']') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
		prev = c
		if c == '\n' {
			prev = '\n'
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].c == open {
			return stack[i].line, stack[i].col, true
		}
	}
	return 0, 0, false
}

// lineHasHash reports whether YAML line n (1-based) of the source holds a "#"
// followed by a hex digit, that YAML reads as a comment: the usual cause of a
// broken colour.
func (p *parser) lineHasHash(n int) bool {
	line := p.line(n)
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '[' || line[i-1] == '{' || line[i-1] == ',') &&
			i+1 < len(line) && isHex(line[i+1]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// line returns YAML line n (1-based) of the source, without its line end.
func (p *parser) line(n int) []byte {
	src := p.src
	for ; n > 1 && len(src) > 0; n-- {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return nil
		}
		src = src[i+1:]
	}
	if n != 1 {
		return nil
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return src
}

// pos converts a token's position in the YAML into a position in the page.
func (p *parser) pos(tk *token.Token) diag.Pos {
	if tk == nil || tk.Position == nil || tk.Position.Line <= 0 {
		return p.at
	}
	return p.at2(tk.Position.Line, tk.Position.Column)
}

// at2 converts a YAML line and column (1-based) into a page position.
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

// resolve looks through anchors, tags and aliases to the node that holds the
// value. It returns nil for an alias to an unknown anchor (after reporting
// it), and a null node for a missing value.
func (p *parser) resolve(n ast.Node) ast.Node {
	if n == nil {
		return null
	}
	start := n
	// Bounded: an alias that leads back to itself (&a *a) must not loop.
	for range 64 {
		switch v := n.(type) {
		case nil:
			return null
		case *ast.AnchorNode:
			if v.Name != nil {
				if p.anchors == nil {
					p.anchors = map[string]ast.Node{}
				}
				p.anchors[tokenValue(v.Name)] = v.Value
			}
			n = v.Value
		case *ast.TagNode:
			n = v.Value
		case *ast.AliasNode:
			name := tokenValue(v.Value)
			target, ok := p.anchors[name]
			if !ok && !p.collected {
				p.collectAnchors()
				target, ok = p.anchors[name]
			}
			if !ok {
				name = oneLine(name)
				p.errorf(p.pos(v.GetToken()), "the alias *%s refers to no anchor &%s", name, name)
				return nil
			}
			n = target
		default:
			return n
		}
	}
	p.errorf(p.pos(start.GetToken()), "this alias leads back to itself: give the anchor a value")
	return nil
}

// tokenValue is a node's text as the YAML library read it, or "".
func tokenValue(n ast.Node) string {
	if n == nil {
		return ""
	}
	if tk := n.GetToken(); tk != nil {
		return tk.Value
	}
	return ""
}

// collectAnchors records every anchor in the document, for an alias whose
// anchor stands somewhere the walk has not visited (e.g. in another panel's
// key that is read later).
func (p *parser) collectAnchors() {
	p.collected = true
	ast.Walk(anchorVisitor{p}, p.root)
}

type anchorVisitor struct{ p *parser }

func (v anchorVisitor) Visit(n ast.Node) ast.Visitor {
	if a, ok := n.(*ast.AnchorNode); ok && a.Name != nil {
		if v.p.anchors == nil {
			v.p.anchors = map[string]ast.Node{}
		}
		if _, seen := v.p.anchors[tokenValue(a.Name)]; !seen {
			v.p.anchors[tokenValue(a.Name)] = a.Value
		}
	}
	return v
}

// entry is one key of a mapping, with its value.
type entry struct {
	key string
	tok *token.Token
	val ast.Node
}

// entries lists a mapping's keys in order, reporting duplicate keys and
// expanding YAML merge keys (<<: *defaults) for keys not set explicitly.
func (p *parser) entries(m *ast.MappingNode) []entry {
	es := make([]entry, 0, len(m.Values))
	var merged []*ast.MappingNode
	for _, mv := range m.Values {
		if mv == nil || mv.Key == nil {
			continue
		}
		if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
			merged = p.mergeSources(merged, mv.Value)
			continue
		}
		key, tok, ok := p.keyText(mv.Key)
		if !ok {
			continue
		}
		if prev := find(es, key); prev != nil {
			p.errorf(p.pos(tok), "duplicate key %q: it is already set on line %d", key, p.pos(prev.tok).Line)
			continue
		}
		es = append(es, entry{key, tok, mv.Value})
	}
	for _, src := range merged {
		for _, mv := range src.Values {
			if mv == nil || mv.Key == nil {
				continue
			}
			if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
				continue
			}
			if key, tok, ok := p.keyText(mv.Key); ok && find(es, key) == nil {
				es = append(es, entry{key, tok, mv.Value})
			}
		}
	}
	return es
}

func find(es []entry, key string) *entry {
	for i := range es {
		if es[i].key == key {
			return &es[i]
		}
	}
	return nil
}

// mergeSources adds the mappings a merge key's value names (one mapping or a
// list of them) to dst.
func (p *parser) mergeSources(dst []*ast.MappingNode, v ast.Node) []*ast.MappingNode {
	switch v := p.resolve(v).(type) {
	case *ast.MappingNode:
		return append(dst, v)
	case *ast.SequenceNode:
		for _, e := range v.Values {
			if m, ok := p.resolve(e).(*ast.MappingNode); ok {
				dst = append(dst, m)
			}
		}
		return dst
	case nil:
		return dst
	default:
		p.errorf(p.nodePos(v), "<< merges a mapping (<<: *defaults), %s", unlike(v))
		return dst
	}
}

// keyText returns a mapping key as written. Keys are names; a list or mapping
// used as a key is reported.
func (p *parser) keyText(k ast.Node) (string, *token.Token, bool) {
	if mk, ok := k.(*ast.MappingKeyNode); ok {
		if mk.Value == nil {
			p.errorf(p.pos(mk.GetToken()), "a key must be a name, like title or x")
			return "", nil, false
		}
		k = mk.Value
	}
	n := p.resolve(k)
	if n == nil {
		return "", nil, false
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(p.pos(k.GetToken()), "a key must be a name, like title or x, %s", unlike(n))
		return "", nil, false
	}
	return s, k.GetToken(), true
}

// scalarText returns a scalar's text: the unquoted string, or a number or
// boolean as written (a column may well be called 2024 or true). A null is
// the empty string. Lists and mappings are not scalars.
func scalarText(n ast.Node) (string, bool) {
	switch v := n.(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		if v.Value == nil {
			return "", true
		}
		return v.Value.Value, true
	case *ast.NullNode:
		return "", true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return tokenValue(v), true
	}
	return "", false
}

// kind names a node's kind for messages: "a list", "a mapping", ...
func kind(n ast.Node) string {
	switch n.(type) {
	case *ast.MappingNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.NullNode, nil:
		return "nothing"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a number"
	case *ast.BoolNode:
		return "true/false"
	}
	return "text"
}

// null stands for a value the YAML library left out.
var null = &ast.NullNode{BaseNode: &ast.BaseNode{}}

// unlike completes "x must be ..., " with what the value is instead.
func unlike(n ast.Node) string {
	if isNull(n) {
		return "but it is empty"
	}
	return "not " + kind(n)
}

// isNull reports whether a value is missing (key: with nothing after it, or ~).
func isNull(n ast.Node) bool {
	_, ok := n.(*ast.NullNode)
	return n == nil || ok
}

// text reads a value that must be text (a title, a column name); an empty
// value reads as "". ok is false, after reporting, when it is a list or
// mapping or an alias to nothing.
func (p *parser) text(e entry, what string) (string, diag.Pos, bool) {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	if n == nil {
		return "", pos, false
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(pos, "%s must be %s, %s", e.key, what, unlike(n))
	}
	return s, pos, ok
}

// valuePos is where an entry's value stands; for an empty value (key: with
// nothing after it) that is the key itself.
func (p *parser) valuePos(e entry) diag.Pos {
	if e.val == nil {
		return p.pos(e.tok)
	}
	if nn, ok := e.val.(*ast.NullNode); ok && nn.GetToken() != nil && nn.GetToken().Type == token.ImplicitNullType {
		return p.pos(e.tok)
	}
	return p.nodePos(e.val)
}
