package site

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/textfile"
	"github.com/scalesite/scalesite/internal/yamlx"
)

// yamlError is what goccy/go-yaml's errors have in common.
type yamlError interface {
	GetToken() *token.Token
	GetMessage() string
}

// parseMapping parses src, whose first line stands at line at.Line of at.File,
// as a YAML mapping of keys to values. An empty document is an empty mapping.
//
// YAML anchors (&name), aliases (*name) and tags (!!str) are looked
// through: each value in the result, and each entry of a list value, is
// the value they stand for, so that callers see only strings, numbers,
// booleans, nulls, lists and mappings. Aliases share their anchor's value
// rather than copy it, and yamlx.ReadAnchors refuses YAML whose aliases
// would multiply its size if they were copied (a page's tags are).
func parseMapping(src []byte, at diag.Pos, what string) (entries []*ast.MappingValueNode, err error) {
	if e := textfile.Check(src, at, what); e != nil {
		return nil, e
	}
	if le := yamlx.CheckLimits(src, "the "+what); le != nil {
		return nil, diag.Errorf(tokenPos(at, &token.Token{Position: &token.Position{Line: le.Line, Column: le.Col}}), "%s", le.Msg)
	}
	// The YAML library has panicked on malformed input before: a typo must
	// fail with a position, not crash the build.
	defer func() {
		if r := recover(); r != nil {
			entries, err = nil, diag.Errorf(at, "%s could not be read as YAML: check its indentation and quoting", what)
		}
	}()
	body, err := parseDocument(yamlx.QuoteColonValues(src), at, what)
	if body == nil || err != nil {
		return nil, err
	}
	anchors, le := yamlx.ReadAnchors(body, "the "+what)
	if le != nil {
		return nil, diag.Errorf(tokenPos(at, &token.Token{Position: &token.Position{Line: le.Line, Column: le.Col}}), "%s", le.Msg)
	}
	if n, err := resolveNode(body, anchors, at); err != nil {
		return nil, err
	} else if n != nil {
		body = n
	}
	switch body := body.(type) {
	case *ast.MappingNode:
		entries = body.Values
	case *ast.MappingValueNode:
		entries = []*ast.MappingValueNode{body}
	case *ast.CommentNode:
		return nil, nil
	default:
		return nil, diag.Errorf(nodePos(at, body), "%s must be a list of \"key: value\" lines", what)
	}
	var errs diag.List
	for _, mv := range entries {
		if mv == nil || mv.Key == nil {
			continue
		}
		v, err := resolveNode(mv.Value, anchors, at)
		if err != nil {
			errs.Add(err)
			continue
		}
		mv.Value = v
		if seq, ok := v.(*ast.SequenceNode); ok {
			for i, e := range seq.Values {
				r, err := resolveNode(e, anchors, at)
				if err != nil {
					errs.Add(err)
					continue
				}
				seq.Values[i] = r
			}
		}
	}
	return entries, errs.Err()
}

// parseDocument returns the body of the one YAML document in src, nil for
// none. Plain YAML, as most front matter is, is read without the library
// (yamlx.ParseSimple).
func parseDocument(src []byte, at diag.Pos, what string) (ast.Node, error) {
	if body, ok := yamlx.ParseSimple(src); ok {
		return body, nil
	}
	f, err := parser.ParseBytes(src, 0)
	if err != nil {
		var ye yamlError
		if errors.As(err, &ye) && ye.GetToken() != nil {
			return nil, diag.Errorf(tokenPos(at, ye.GetToken()), "%s is not valid YAML: %s", what, yamlx.PlainMessage(ye.GetMessage()))
		}
		return nil, diag.Errorf(at, "%s is not valid YAML: %s", what, yamlx.PlainMessage(err.Error()))
	}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return nil, nil
	}
	if len(f.Docs) > 1 {
		return nil, diag.Errorf(nodePos(at, f.Docs[1]), "%s holds more than one YAML document", what)
	}
	return f.Docs[0].Body, nil
}

// resolveNode looks through anchors, tags and aliases to the value they
// stand for. A nil node stays nil.
func resolveNode(n ast.Node, anchors *yamlx.Anchors, at diag.Pos) (ast.Node, error) {
	// Each step goes one node deeper, and an alias's target is never an
	// alias (ReadAnchors refused aliases that repeat themselves).
	for {
		switch v := n.(type) {
		case *ast.AnchorNode:
			n = v.Value
		case *ast.TagNode:
			n = v.Value
		case *ast.AliasNode:
			target, ok := anchors.Target(v)
			if !ok {
				name := yamlx.TokenText(v.Value)
				return nil, diag.Errorf(nodePos(at, v), "the alias %q refers to no anchor %q above it", "*"+name, "&"+name)
			}
			n = target
		default:
			return n, nil
		}
	}
}

func tokenPos(at diag.Pos, tk *token.Token) diag.Pos {
	if tk == nil || tk.Position == nil {
		return at
	}
	p := diag.Pos{File: at.File, Line: at.Line + tk.Position.Line - 1, Col: tk.Position.Column}
	if tk.Position.Line == 1 {
		p.Col += at.Col - 1
	}
	return p
}

func nodePos(at diag.Pos, n ast.Node) diag.Pos {
	if n == nil {
		return at
	}
	return tokenPos(at, n.GetToken())
}

// keyName returns a mapping entry's key as text.
func keyName(mv *ast.MappingValueNode) string {
	if s, ok := mv.Key.(*ast.StringNode); ok {
		return s.Value
	}
	return mv.Key.String()
}

// checkKeys reports keys that are not in known, with a suggestion, and keys
// given twice.
func checkKeys(entries []*ast.MappingValueNode, at diag.Pos, known []string, what string) diag.List {
	var errs diag.List
	seen := make(map[string]bool, len(entries))
	for _, mv := range entries {
		k := keyName(mv)
		pos := nodePos(at, mv.Key)
		switch {
		case seen[k]:
			errs = append(errs, diag.Errorf(pos, "%q is given twice in the %s", k, what))
		case !slices.Contains(known, k):
			hint := diag.DidYouMean(k, known)
			if hint == "" {
				hint = " (known keys: " + strings.Join(known, ", ") + ")"
			}
			errs = append(errs, diag.Errorf(pos, "unknown key %q in the %s%s", k, what, hint))
		}
		seen[k] = true
	}
	return errs
}

// escapeProblems reports the values of entries that YAML's double quotes
// changed into control characters (yamlx.CheckEscapes): TeX written in
// them, "$\alpha$", loses its commands.
func escapeProblems(entries []*ast.MappingValueNode, at diag.Pos) diag.List {
	var errs diag.List
	for _, mv := range entries {
		for _, le := range yamlx.CheckEscapes(mv) {
			errs.Add(diag.Errorf(tokenPos(at, &token.Token{Position: &token.Position{Line: le.Line, Column: le.Col}}), "%s", le.Msg))
		}
	}
	return errs
}

// scalarText returns the text of a scalar value (string, number, bool, date),
// or an error naming the key when the value is a list or a mapping.
func scalarText(mv *ast.MappingValueNode, at diag.Pos) (string, error) {
	switch v := mv.Value.(type) {
	case *ast.NullNode:
		return "", nil
	case *ast.StringNode:
		return v.Value, nil
	case *ast.LiteralNode:
		return v.Value.Value, nil
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return v.GetToken().Value, nil
	default:
		return "", diag.Errorf(nodePos(at, mv.Value), "%q must be a single value, not %s", keyName(mv), kindOf(mv.Value))
	}
}

// boolValue reads true/false.
func boolValue(mv *ast.MappingValueNode, at diag.Pos) (bool, error) {
	if b, ok := mv.Value.(*ast.BoolNode); ok {
		return b.Value, nil
	}
	return false, diag.Errorf(nodePos(at, mv.Value), "%q must be true or false", keyName(mv))
}

// stringList reads a list of strings: [a, b], a block list, or a single string.
func stringList(mv *ast.MappingValueNode, at diag.Pos) ([]string, error) {
	if seq, ok := mv.Value.(*ast.SequenceNode); ok {
		out := make([]string, 0, len(seq.Values))
		for _, v := range seq.Values {
			switch s := v.(type) {
			case *ast.StringNode:
				out = append(out, s.Value)
			case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode:
				out = append(out, s.GetToken().Value)
			default:
				return nil, diag.Errorf(nodePos(at, v), "each entry of %q must be a word or phrase, not %s", keyName(mv), kindOf(v))
			}
		}
		return out, nil
	}
	s, err := scalarText(mv, at)
	if err != nil || s == "" {
		return nil, err
	}
	return []string{s}, nil
}

func kindOf(n ast.Node) string {
	switch n.Type() {
	case ast.MappingType, ast.MappingValueType:
		return "a mapping"
	case ast.SequenceType:
		return "a list"
	default:
		return fmt.Sprintf("a %s", strings.ToLower(n.Type().String()))
	}
}

// subMapping returns the entries of a key whose value is a mapping of
// settings (limits:, markdown:); an empty value has none. example shows
// the key written right, for the message when it is not a mapping.
func subMapping(mv *ast.MappingValueNode, at diag.Pos, example string) ([]*ast.MappingValueNode, diag.List) {
	switch v := mv.Value.(type) {
	case *ast.MappingNode:
		return v.Values, nil
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{v}, nil
	case *ast.NullNode:
		return nil, nil
	}
	return nil, diag.List{diag.Errorf(nodePos(at, mv.Value), "%s must be a mapping, like %s", keyName(mv), example)}
}
