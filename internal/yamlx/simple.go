package yamlx

import (
	"bytes"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// ParseSimple reads src when it is written in the plain YAML most chart
// specs and front matter are: a block mapping of names to plain scalars,
// one-line flow mappings and sequences of plain scalars ({field: flops,
// scale: log}, [bench, scaling]), nested block mappings, and an empty
// literal block (data: |, its lines lifted out). It returns the document's body as the YAML library's parser
// builds it: the same nodes, token types, values, lines and columns
// (TestParseSimpleMatchesLibrary, FuzzParseSimple), for a tenth of the
// time and memory. For anything else (quotes, comments, block lists,
// anchors, tags, a key given twice, blank lines, tabs and other control characters, text beyond ASCII, a value the simple reading
// cannot be sure of) it returns false, and the library must read src.
func ParseSimple(src []byte) (ast.Node, bool) {
	for _, c := range src {
		if c >= 0x7f || c < ' ' && c != '\n' || c == '#' || c == '"' || c == '\'' {
			return nil, false
		}
	}
	// Two positions a key (its name and colon) and two a flow collection,
	// and one for a literal's text, are about what a spec's tokens need.
	n := 2*bytes.Count(src, []byte(":")) + 2*bytes.Count(src, []byte("{")) + 2*bytes.Count(src, []byte("[")) + 2
	s := simple{src: src, text: string(src), free: make([]token.Position, n)}
	m, ok := s.block(0)
	if !ok || s.at < len(src) {
		return nil, false
	}
	return m, true
}

// simple is the state of one ParseSimple: the source, the offset of the
// line being read and its number (1-based).
type simple struct {
	src  []byte
	text string // src, whose substrings are the scalars' text
	at   int
	line int
	// free are positions allocated for the tokens to come, together.
	free []token.Position
}

// current returns the line starting at s.at without its line end, its
// indentation, and the offset of the next line.
func (s *simple) current() (line []byte, indent, next int) {
	end := s.at
	for end < len(s.src) && s.src[end] != '\n' {
		end++
	}
	line = s.src[s.at:end]
	for indent < len(line) && line[indent] == ' ' {
		indent++
	}
	next = end
	if end < len(s.src) {
		next++
	}
	return line, indent, next
}

// pos is the position of byte i of the line being read, line s.line+1.
// The library's byte offsets (Position.Offset), which scalesite does not
// read, are left out.
func (s *simple) pos(i int) *token.Position {
	if len(s.free) == 0 {
		s.free = make([]token.Position, 16)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	p.Line, p.Column = s.line+1, i+1
	return p
}

// block reads the lines indented by exactly indent as a block mapping, up
// to the first line indented less.
func (s *simple) block(indent int) (*ast.MappingNode, bool) {
	var values []*ast.MappingValueNode
	for s.at < len(s.src) {
		line, n, next := s.current()
		if n < indent && len(values) > 0 {
			break
		}
		if n != indent || n == len(line) || line[len(line)-1] == ' ' {
			return nil, false // a blank line, a trailing space, a stray indentation
		}
		k := nameEnd(line, n)
		if k == n || k >= len(line) || line[k] != ':' || (k+1 < len(line) && line[k+1] != ' ') {
			return nil, false
		}
		key := scalarNode(s.scalar(n, k))
		colon := token.MappingValue(s.pos(k))
		v := k + 1
		for v < len(line) && line[v] == ' ' {
			v++
		}
		var value ast.Node
		switch {
		case v == len(line): // a nested block mapping
			s.at, s.line = next, s.line+1
			if s.at >= len(s.src) {
				return nil, false
			}
			_, child, _ := s.current()
			if child <= indent {
				return nil, false // key: with no value
			}
			m, ok := s.block(child)
			if !ok {
				return nil, false
			}
			value = m
		case line[v] == '|' && v+1 == len(line):
			lit, ok := s.literal(v, next, indent)
			if !ok {
				return nil, false
			}
			value = lit
		case line[v] == '{' || line[v] == '[':
			f, ok := s.flow(line, v)
			if !ok {
				return nil, false
			}
			value = f
			s.at, s.line = next, s.line+1
		default:
			if !plainValue(line[v:], false) {
				return nil, false
			}
			value = scalarNode(s.scalar(v, len(line)))
			s.at, s.line = next, s.line+1
		}
		if key == nil || value == nil || hasKey(values, key) {
			return nil, false
		}
		values = append(values, ast.MappingValue(colon, key, value))
	}
	if len(values) == 0 {
		return nil, false
	}
	return ast.Mapping(values[0].GetToken(), false, values...), true
}

// hasKey reports whether a mapping's values have the key already: the
// library refuses such a mapping, or keeps both when told to.
func hasKey(values []*ast.MappingValueNode, key ast.Node) bool {
	for _, mv := range values {
		if mv.Key.GetToken().Value == key.GetToken().Value {
			return true
		}
	}
	return false
}

// literal reads `key: |` (the | at byte v of the line being read) when no
// line of the block follows: its lines were lifted out (chartspec's
// liftDataBlocks). The library reads it as an empty text where the next
// line starts, or at the | when it is the last line.
func (s *simple) literal(v, next, indent int) (ast.Node, bool) {
	bar := token.Literal("|", "|", s.pos(v))
	lit := ast.Literal(bar)
	if next >= len(s.src) {
		lit.Value = ast.String(token.String("", "", s.pos(v)))
		s.at, s.line = next, s.line+1
		return lit, true
	}
	s.at, s.line = next, s.line+1
	_, n, _ := s.current()
	if n > indent {
		return nil, false
	}
	lit.Value = ast.String(token.String("", "", s.pos(n)))
	return lit, true
}

// flow reads the flow mapping ({name: value, name: value}) or flow
// sequence ([value, value]) of plain scalars that starts at byte v of the
// line being read and ends it.
func (s *simple) flow(line []byte, v int) (ast.Node, bool) {
	seq := line[v] == '['
	end := byte('}')
	if seq {
		end = ']'
	}
	if line[len(line)-1] != end {
		return nil, false
	}
	open, close := token.MappingStart("{", s.pos(v)), token.MappingEnd("}", s.pos(len(line)-1))
	if seq {
		open, close = token.SequenceStart("[", s.pos(v)), token.SequenceEnd("]", s.pos(len(line)-1))
	}
	var values []*ast.MappingValueNode
	var items []ast.Node
	i := v + 1
	for {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		var key ast.Node
		var colon *token.Token
		if !seq {
			k := nameEnd(line, i)
			if k == i || k+1 >= len(line) || line[k] != ':' || line[k+1] != ' ' {
				return nil, false
			}
			key = scalarNode(s.scalar(i, k))
			colon = token.MappingValue(s.pos(k))
			for i = k + 1; i < len(line) && line[i] == ' '; i++ {
			}
		}
		e := i
		for e < len(line) && line[e] != ',' && line[e] != end {
			e++
		}
		if e == len(line) || !plainValue(line[i:e], true) {
			return nil, false
		}
		value := scalarNode(s.scalar(i, e))
		switch {
		case value == nil:
			return nil, false
		case seq:
			items = append(items, value)
		case key == nil || hasKey(values, key):
			return nil, false
		default:
			values = append(values, ast.MappingValue(colon, key.(ast.MapKeyNode), value))
		}
		if line[e] == end {
			if e != len(line)-1 {
				return nil, false
			}
			break
		}
		i = e + 1
	}
	if seq {
		sq := ast.Sequence(open, true)
		sq.Values, sq.End = items, close
		return sq, true
	}
	m := ast.Mapping(open, true, values...)
	m.End = close
	return m, true
}

// nameEnd returns where the name starting at byte i of line ends: a letter
// or _, then letters, digits, _, - and dots.
func nameEnd(line []byte, i int) int {
	if i >= len(line) || !(line[i] == '_' || line[i]|0x20 >= 'a' && line[i]|0x20 <= 'z') {
		return i
	}
	k := i + 1
	for k < len(line) {
		c := line[k]
		if !(c == '_' || c == '-' || c == '.' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9') {
			break
		}
		k++
	}
	return k
}

// plainValue reports whether v is a plain scalar the simple reading
// takes as the library does: not empty, no space at either end, no
// character that starts YAML syntax first, no ": " in it, no ending colon,
// and in a flow mapping none of ,[]{}: at all.
func plainValue(v []byte, flow bool) bool {
	if len(v) == 0 || v[len(v)-1] == ' ' || v[len(v)-1] == ':' || v[0] == ' ' {
		return false
	}
	switch v[0] {
	case '?', ':', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '%', '@', '`', '~':
		return false
	case '-':
		if len(v) < 2 || v[1] == ' ' || v[1] == '-' {
			return false
		}
	}
	for i, c := range v {
		switch c {
		case ':':
			if flow || i+1 < len(v) && v[i+1] == ' ' {
				return false
			}
		case ',', '[', ']', '{', '}':
			if flow {
				return false
			}
		case '\\':
			return false
		}
	}
	return true
}

// scalar is the library's token for the plain scalar in bytes a to b of
// the line being read: its scanner's token.New, which tells numbers,
// booleans and nulls from text, for a scalar that may be one; text at once
// for the rest, since token.New tries text as a number first and a failed
// strconv parse allocates its error.
func (s *simple) scalar(a, b int) *token.Token {
	v, text := s.src[s.at+a:s.at+b], s.text[s.at+a:s.at+b]
	if mayBeTyped(v) {
		return token.New(text, text, s.pos(a))
	}
	return token.String(text, text, s.pos(a))
}

// mayBeTyped reports whether the library may read the plain scalar v as
// other than text: a number starts with a digit, a sign or a dot (.inf,
// .nan), and YAML 1.2's words for null and the booleans are null, true
// and false (lower case, capitalised or in capitals) and ~. None has a
// space in it.
func mayBeTyped(v []byte) bool {
	if len(v) == 0 || bytes.IndexByte(v, ' ') >= 0 {
		return false
	}
	switch c := v[0]; {
	case c >= '0' && c <= '9', c == '+', c == '-', c == '.', c == '~', c == '_':
		return true
	}
	return bytes.EqualFold(v, []byte("null")) || bytes.EqualFold(v, []byte("true")) || bytes.EqualFold(v, []byte("false"))
}

// scalarNode is the library's node for a scalar token (its parser's
// parseScalarValue), or nil for a token the simple reading leaves to it.
func scalarNode(tk *token.Token) ast.MapKeyNode {
	switch tk.Type {
	case token.NullType:
		return ast.Null(tk)
	case token.BoolType:
		return ast.Bool(tk)
	case token.IntegerType, token.BinaryIntegerType, token.OctetIntegerType, token.HexIntegerType:
		return ast.Integer(tk)
	case token.FloatType:
		return ast.Float(tk)
	case token.InfinityType:
		return ast.Infinity(tk)
	case token.NanType:
		return ast.Nan(tk)
	case token.StringType:
		return ast.String(tk)
	}
	return nil
}
