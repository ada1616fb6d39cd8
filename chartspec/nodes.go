package chartspec

import (
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/yamlx"
)

// resolve looks through anchors, tags and aliases to the node that holds the
// value. It returns nil for an alias to an unknown anchor (after reporting
// it), and a null node for a missing value.
func (p *parser) resolve(n ast.Node) ast.Node {
	// Each step goes one node deeper, and an alias's target is never an
	// alias (yamlx.ReadAnchors refused aliases that repeat themselves).
	for {
		switch v := n.(type) {
		case nil:
			return null
		case *ast.AnchorNode:
			n = v.Value
		case *ast.TagNode:
			n = v.Value
		case *ast.AliasNode:
			target, ok := p.anchors.Target(v)
			if !ok {
				name := yamlx.TokenText(v.Value)
				p.errorf(p.pos(v.GetToken()), "the alias %q refers to no anchor %q above it", "*"+name, "&"+name)
				return nil
			}
			n = target
		default:
			return n
		}
	}
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
		return yamlx.TokenText(v), true
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
