package yamlx

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// MaxExpanded bounds what one YAML document stands for once every alias
// (*name) in it is written out as the value it repeats: each value counts
// the bytes of its text and one more. Aliases let a spec name a style
// once and use it in every panel; they must not let 200 KB stand for a
// 150 MB page (a long title repeated by a thousand aliases), nor nine
// lists of nine aliases for a billion values. A document within MaxSize
// and without aliases counts at most about twice its size, so this is
// the room aliases have: a few KB is what real specs use.
const MaxExpanded = 4 * MaxSize

// Anchors is what the aliases of one YAML document stand for, as YAML
// reads them: an alias repeats the value of the last anchor (&name) of its
// name before it.
type Anchors struct {
	targets map[*ast.AliasNode]ast.Node
}

// Target returns the value alias stands for, looked through anchors, tags
// and aliases that alias other aliases, so never an alias itself. ok is
// false for an alias that no anchor before it defines.
func (a *Anchors) Target(alias *ast.AliasNode) (target ast.Node, ok bool) {
	if a == nil {
		return nil, false
	}
	target, ok = a.targets[alias]
	return target, ok
}

// ReadAnchors resolves the aliases of root, a document's body that
// CheckLimits passed, and measures what the document stands for with its
// aliases written out, in one walk: each anchored value is measured once,
// and an alias adds its anchor's measure. It returns a *LimitError at the
// alias that takes the document past MaxExpanded, or that stands inside
// its own anchor's value (which would repeat itself without end). what
// names the document in the message ("this chart spec").
func ReadAnchors(root ast.Node, what string) (*Anchors, *LimitError) {
	r := readAnchors(root, what)
	if r.err != nil {
		return nil, r.err
	}
	return r.out, nil
}

func readAnchors(root ast.Node, what string) *anchorReader {
	r := &anchorReader{what: what, anchors: map[string]*anchor{}, out: &Anchors{targets: map[*ast.AliasNode]ast.Node{}}}
	r.walk(root)
	return r
}

type anchorReader struct {
	what string
	// anchors holds the last anchor of each name met so far.
	anchors map[string]*anchor
	out     *Anchors
	// expanded is what the document walked so far stands for.
	expanded int
	err      *LimitError
	// steps counts the nodes walked: each node of the document at most
	// once, however often aliases repeat it.
	steps int
}

type anchor struct {
	value ast.Node
	// expanded is what value stands for, or -1 while it is being walked.
	expanded int
}

// walk measures n, adding to r.expanded, and resolves the aliases in it.
// It goes as deep as the YAML nests, which CheckLimits bounds.
func (r *anchorReader) walk(n ast.Node) {
	if r.err != nil {
		return
	}
	r.steps++
	switch v := n.(type) {
	case nil:
	case *ast.AnchorNode:
		a := &anchor{value: v.Value, expanded: -1}
		r.anchors[TokenText(v.Name)] = a
		start := r.expanded
		r.walk(v.Value)
		a.expanded = r.expanded - start
	case *ast.AliasNode:
		name := TokenText(v.Value)
		a, ok := r.anchors[name]
		if !ok {
			r.expanded++ // an alias to nothing, which the reader reports
			return
		}
		if a.expanded < 0 {
			r.fail(v, fmt.Sprintf("the alias %s stands inside the value of its own anchor %s, so it would repeat itself without end: give the anchor a value that does not use it",
				diag.Quote("*"+name), diag.Quote("&"+name)))
			return
		}
		r.out.targets[v] = r.final(a.value)
		r.expanded += a.expanded
		if r.expanded > MaxExpanded {
			r.fail(v, fmt.Sprintf("the alias %s takes %s past %s once its aliases are written out: aliases may repeat a value, not multiply the size of the YAML; write the value out where it is needed, or use fewer aliases",
				diag.Quote("*"+name), r.what, kb(MaxExpanded)))
		}
	case *ast.TagNode:
		r.walk(v.Value)
	case *ast.DocumentNode:
		r.walk(v.Body)
	case *ast.MappingNode:
		r.expanded++
		for _, mv := range v.Values {
			r.walk(mv)
		}
	case *ast.MappingValueNode:
		r.walk(v.Key)
		r.walk(v.Value)
	case *ast.MappingKeyNode:
		r.walk(v.Value)
	case *ast.SequenceNode:
		r.expanded++
		for _, e := range v.Values {
			r.walk(e)
		}
	case *ast.LiteralNode:
		r.expanded++
		if v.Value != nil {
			r.expanded += len(v.Value.Value)
		}
	case *ast.CommentNode, *ast.CommentGroupNode, *ast.DirectiveNode:
		// Not values: an alias does not repeat them.
	default: // a scalar
		r.expanded += 1 + len(TokenText(v))
	}
}

// final looks through anchors, tags and aliases to the value n stands
// for. An alias in n has been walked before n's anchor was complete, so
// it is resolved already, to a value that is no alias.
func (r *anchorReader) final(n ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.AnchorNode:
			n = v.Value
		case *ast.TagNode:
			n = v.Value
		case *ast.AliasNode:
			t, ok := r.out.targets[v]
			if !ok {
				return v // an alias to nothing, which the reader reports
			}
			return t
		default:
			return n
		}
	}
}

func (r *anchorReader) fail(at ast.Node, msg string) {
	line, col := 1, 1
	if tk := at.GetToken(); tk != nil && tk.Position != nil {
		line, col = tk.Position.Line, tk.Position.Column
	}
	r.err = &LimitError{Line: line, Col: col, Msg: msg}
}

// TokenText is a node's text as the YAML library read it, or "".
func TokenText(n ast.Node) string {
	if n == nil {
		return ""
	}
	if tk := n.GetToken(); tk != nil {
		return tk.Value
	}
	return ""
}
