package chartspec

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
)

// Bounds of `height`, in CSS pixels: below 150 a chart has no room for its
// axes, above 2000 it no longer fits any screen.
const (
	MinHeight = 150
	MaxHeight = 2000
)

// data reads `data`: a file name, or CSV written inline.
func (p *parser) data(e entry) (DataRef, bool) {
	ref := DataRef{Pos: p.valuePos(e)}
	n := p.resolve(e.val)
	if n == nil {
		return ref, false
	}
	if lit, ok := n.(*ast.LiteralNode); ok {
		ref.Inline, ref.InlinePos = p.block(lit)
		if tk := lit.GetToken(); tk != nil && tk.Position != nil {
			if b, ok := p.lifted[tk.Position.Line]; ok {
				ref.Inline, ref.InlinePos = b.text, p.at2(b.line, b.col)
			}
		}
		if strings.TrimSpace(ref.Inline) == "" {
			p.errorf(ref.Pos, "the inline data is empty: write the CSV header and rows on the lines below data: |, indented")
			return ref, false
		}
		return ref, true
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(ref.Pos, "data must be a file name (data: runs.csv) or inline CSV (data: |), %s", unlike(n))
		return ref, false
	}
	if strings.TrimSpace(s) == "" {
		p.errorf(ref.Pos, `data has no value: name a file (data: runs.csv) or write CSV on the lines below "data: |"`)
		return ref, false
	}
	if strings.IndexByte(s, '\n') >= 0 {
		// Inline CSV in a quoted string. Its lines map to the page only
		// roughly (quotes fold lines), so point at its first character.
		ref.Inline, ref.InlinePos = s, ref.Pos
		if tk := n.GetToken(); tk != nil && (tk.Type == token.DoubleQuoteType || tk.Type == token.SingleQuoteType) {
			ref.InlinePos.Col++
		}
		return ref, true
	}
	ref.Path = strings.TrimSpace(s)
	return ref, true
}

// block returns the text of a block scalar (data: | or data: >) and the page
// position of its first line, so that a CSV reader that counts lines and
// bytes from there names the right line and column of any cell. Leading blank
// lines are dropped so that the header is the first line.
//
// A folded block (>) is read line by line like a literal one: folding would
// join the CSV rows into one line, which is never what was meant.
func (p *parser) block(lit *ast.LiteralNode) (string, diag.Pos) {
	line := 1
	if tk := lit.GetToken(); tk != nil && tk.Position != nil {
		line = p.origLine(tk.Position.Line) + 1
	}
	if lit.Value == nil || lit.Value.GetToken() == nil {
		return "", p.at2(line, 1)
	}
	origin := lit.Value.GetToken().Origin
	value := lit.Value.Value
	for {
		i := strings.IndexByte(origin, '\n')
		if i < 0 || strings.TrimLeft(origin[:i], " \t") != "" {
			break
		}
		origin = origin[i+1:]
		line++
		if j := strings.IndexByte(value, '\n'); j >= 0 && strings.TrimLeft(value[:j], " \t") == "" {
			value = value[j+1:]
		}
	}
	// The indentation is what YAML took off the first line.
	indent := leadingSpaces(origin) - leadingSpaces(value)
	if indent < 0 {
		indent = 0
	}
	if tk := lit.GetToken(); tk != nil && tk.Type == token.FoldedType {
		value = unindent(origin, indent)
	}
	return value, p.at2(line, indent+1)
}

// leadingSpaces counts the spaces a line starts with.
func leadingSpaces[T string | []byte](s T) int {
	n := 0
	for n < len(s) && s[n] == ' ' {
		n++
	}
	return n
}

// unindent removes the block's indentation from every line of origin.
func unindent(origin string, indent int) string {
	var b strings.Builder
	b.Grow(len(origin))
	for origin != "" {
		line, rest, found := strings.Cut(origin, "\n")
		line = line[min(indent, leadingSpaces(line)):]
		b.WriteString(line)
		if found {
			b.WriteByte('\n')
		}
		origin = rest
	}
	s := strings.TrimRight(b.String(), "\n")
	if s != "" {
		s += "\n"
	}
	return s
}

// height reads `height`: whole CSS pixels, "px" allowed.
func (p *parser) height(e entry) int {
	pos := p.valuePos(e)
	n := p.resolve(e.val)
	if n == nil {
		return 0
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(pos, "height must be a whole number of pixels, like 400, %s", unlike(n))
		return 0
	}
	if isNull(n) {
		return 0
	}
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "px"))
	h, err := strconv.Atoi(t)
	if err != nil {
		p.errorf(pos, "height must be a whole number of pixels, like 400, not %q", s)
		return 0
	}
	if h < MinHeight || h > MaxHeight {
		p.errorf(pos, "height %d is out of range: use %d to %d (pixels)", h, MinHeight, MaxHeight)
		return 0
	}
	return h
}

// colors reads `colors`: a list (colours given to series in first-seen
// order) or a mapping from series name to colour.
func (p *parser) colors(c *Chart, e entry) {
	n := p.resolve(e.val)
	switch v := n.(type) {
	case nil:
	case *ast.NullNode:
	case *ast.SequenceNode:
		for i, cv := range v.Values {
			var at *ast.SequenceEntryNode
			if i < len(v.Entries) {
				at = v.Entries[i]
			}
			pos := p.nodePos(cv)
			if isNull(cv) && at != nil {
				pos = p.pos(at.GetToken())
			}
			if col, ok := p.color(cv, pos); ok {
				c.ColorList = append(c.ColorList, col)
			}
		}
	case *ast.MappingNode:
		for _, ce := range p.entries(v) {
			if col, ok := p.color(ce.val, p.valuePos(ce)); ok {
				if c.Colors == nil {
					c.Colors = make(map[string]string, len(v.Values))
				}
				c.Colors[p.seriesKey(ce.key, ce.tok, p.pos(ce.tok))] = col
			}
		}
	default:
		p.errorf(p.valuePos(e), "colors must be a list of colours ([red, \"#1f77b4\"]) or a mapping from series to colour ({gpt: red}), %s", unlike(n))
	}
}

// color reads one CSS colour.
func (p *parser) color(n ast.Node, pos diag.Pos) (string, bool) {
	raw := n
	n = p.resolve(n)
	if n == nil {
		return "", false
	}
	s, ok := scalarText(n)
	if !ok {
		p.errorf(pos, "a colour is a name like red or a code like \"#1f77b4\", %s", unlike(n))
		return "", false
	}
	s = strings.TrimSpace(s)
	if s == "" {
		if _, implicit := raw.(*ast.NullNode); implicit && p.lineHasHash(p.yamlLine(pos.Line-p.at.Line+1)) {
			p.errorf(pos, `this colour is empty because YAML reads # as the start of a comment: put the colour in quotes, e.g. "#1f77b4"`)
		} else {
			p.errorf(pos, `the colour is empty: use a name like red or a code like "#1f77b4"`)
		}
		return "", false
	}
	if strings.IndexByte(s, '(') > 0 && strings.IndexByte(s, ')') < 0 {
		p.errorf(pos, "%q is not a colour: inside [...] or {...} YAML splits text at commas, so put the colour in quotes: \"rgb(31, 119, 180)\"", s)
		return "", false
	}
	if !validColor(s) {
		p.errorf(pos, "%q is not a colour: use a name like red, a code like \"#1f77b4\" or \"#f00\", or rgb(31, 119, 180)", s)
		return "", false
	}
	return s, true
}

// validColor accepts what a browser does, loosely: a name, a hex code, or a
// colour function. Exact checking is the browser's job; this catches typos
// such as a missing # or a stray digit.
func validColor(s string) bool {
	if s[0] == '#' {
		h := s[1:]
		switch len(h) {
		case 3, 4, 6, 8:
		default:
			return false
		}
		for i := 0; i < len(h); i++ {
			if !isHex(h[i]) {
				return false
			}
		}
		return true
	}
	if i := strings.IndexByte(s, '('); i > 0 {
		switch strings.ToLower(s[:i]) {
		case "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color":
		default:
			return false
		}
		body, ok := strings.CutSuffix(s[i+1:], ")")
		if !ok || strings.TrimSpace(body) == "" {
			return false
		}
		for j := 0; j < len(body); j++ {
			c := body[j]
			if !('0' <= c && c <= '9' || c == '.' || c == ',' || c == ' ' || c == '%' || c == '/' || c == '-' || c == '+' || 'a' <= c && c <= 'z') {
				return false
			}
		}
		return true
	}
	if len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
