package yamlx

import (
	"fmt"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// parseBody parses src as scalesite's readers do and returns the body of
// its document, or nil when CheckLimits or the YAML library refuse it.
func parseBody(t testing.TB, src string) (body ast.Node) {
	t.Helper()
	if CheckLimits([]byte(src), "this spec") != nil {
		return nil
	}
	defer func() {
		if recover() != nil { // the library's own crashes are caught by its callers
			body = nil
		}
	}()
	f, err := parser.ParseBytes([]byte(src), 0, parser.AllowDuplicateMapKey())
	if err != nil || len(f.Docs) == 0 {
		return nil
	}
	return f.Docs[0].Body
}

// laughs is n lists of nine aliases of the list before: 9^n values.
func laughs(n int) string {
	s := "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	for i := 1; i <= n; i++ {
		s += fmt.Sprintf("a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), ", "))
	}
	return s
}

func TestReadAnchors(t *testing.T) {
	longTitle := "title: &t \"" + strings.Repeat("x", 150000) + "\"\nhlines:\n" + strings.Repeat("  - {y: 3, label: *t}\n", 1000)
	tests := []struct {
		name      string
		src       string
		targets   map[string]string // the alias on each line (1-based, as "line") → its target's text
		line, col int               // where it is refused; 0 for not
		msg       string
	}{
		{"an alias", "x: &f flops\nlabel: *f\n", map[string]string{"2": "flops"}, 0, 0, ""},
		{"an alias of an alias", "a: &a flops\nb: &b\n  *a\nc: *b\n", map[string]string{"3": "flops", "4": "flops"}, 0, 0, ""},
		{"through a tag", "a: &a !!str 2024\nb: *a\n", map[string]string{"2": "2024"}, 0, 0, ""},
		{"the last anchor of the name before the alias", "a: &x one\nb: *x\nc: &x two\nd: *x\n", map[string]string{"2": "one", "4": "two"}, 0, 0, ""},
		{"an alias before its anchor is to nothing", "a: *x\nb: &x one\n", map[string]string{"1": ""}, 0, 0, ""},
		{"a style used by every panel", "s: &s {color: red, dash: dot}\npanels:\n" + strings.Repeat("  - {style: *s}\n", 100), nil, 0, 0, ""},
		{"a list repeated up to the limit", "w: &w [" + strings.Repeat("1, ", 5000) + "1]\np:\n" + strings.Repeat("  - *w\n", 100), nil, 0, 0, ""},
		{"an alias as its own anchor's value", "a: &a\n  *a\n", nil, 2, 3, `the alias "*a" stands inside the value of its own anchor "&a", so it would repeat itself without end`},
		{"an alias inside its own anchor's list", "a: &a [1, [2, *a]]\n", nil, 1, 15, `the alias "*a" stands inside the value of its own anchor "&a"`},
		{"nine laughs", laughs(9), nil, 6, 25, `the alias "*a4" takes this spec past 1.0 MB once its aliases are written out: aliases may repeat a value, not multiply the size of the YAML; write the value out where it is needed, or use fewer aliases`},
		{"a long title repeated by a thousand aliases", longTitle, nil, 8, 19, `the alias "*t" takes this spec past 1.0 MB`},
		{"a list repeated past the limit", "w: &w [" + strings.Repeat("1, ", 6000) + "1]\np:\n" + strings.Repeat("  - *w\n", 100), nil, 89, 5, `the alias "*w" takes this spec past 1.0 MB`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := parseBody(t, tt.src)
			if body == nil {
				t.Fatal("the YAML does not parse")
			}
			anchors, le := ReadAnchors(body, "this spec")
			if tt.line != 0 {
				if le == nil || le.Line != tt.line || le.Col != tt.col || !strings.HasPrefix(le.Msg, tt.msg) {
					t.Fatalf("got %v, want %d:%d: %s…", le, tt.line, tt.col, tt.msg)
				}
				return
			}
			if le != nil {
				t.Fatal(le)
			}
			for alias := range aliasesByLine(body) {
				target, ok := anchors.Target(alias)
				got := ""
				if ok {
					got = fmt.Sprint(target)
				}
				if w, listed := tt.targets[fmt.Sprint(alias.GetToken().Position.Line)]; listed && got != w {
					t.Errorf("the alias on line %d stands for %q, want %q", alias.GetToken().Position.Line, got, w)
				}
				if _, isAlias := target.(*ast.AliasNode); ok && isAlias {
					t.Errorf("the alias on line %d stands for another alias", alias.GetToken().Position.Line)
				}
			}
		})
	}
}

// aliasesByLine lists the aliases of a document.
func aliasesByLine(root ast.Node) map[*ast.AliasNode]bool {
	out := map[*ast.AliasNode]bool{}
	ast.Walk(visitFunc(func(n ast.Node) {
		if a, ok := n.(*ast.AliasNode); ok {
			out[a] = true
		}
	}), root)
	return out
}

type visitFunc func(ast.Node)

func (f visitFunc) Visit(n ast.Node) ast.Visitor { f(n); return f }

// FuzzReadAnchors checks, for any YAML that CheckLimits and the YAML
// library accept, that ReadAnchors walks each node at most once, however
// the aliases nest; that what it accepts stands for at most MaxExpanded
// once every alias is written out, and that what it refuses for its size
// stands for more (both checked by writing the aliases out, up to the
// limit); that a document without aliases is never refused; and that no
// alias it resolves stands for another alias.
func FuzzReadAnchors(f *testing.F) {
	for _, s := range []string{
		"x: &f flops\nlabel: *f\n",
		"a: &a [1, [2, *a]]\n",
		"a: &a\n  *a\n",
		"a: &a flops\nb: &b\n  *a\nc: [*b, *a]\n",
		"a: &x one\nb: *x\nc: &x [*x, *x]\nd: *x\n",
		"s: &s {color: red}\np: [{<<: *s, width: 2}, {style: *s}]\n",
		"a: *x\nb: &x one\n",
		laughs(3),
		"t: &t \"" + strings.Repeat("x", 1000) + "\"\nl: [" + strings.Repeat("*t, ", 1100) + "*t]\n",
		"a: &a !!str |\n  text\nb: [*a, *a]\n",
		"? &k key\n: *k\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		body := parseBody(t, src)
		if body == nil {
			return
		}
		nodes := 0
		ast.Walk(visitFunc(func(ast.Node) { nodes++ }), body)
		r := readAnchors(body, "this spec")
		if r.steps > nodes {
			t.Fatalf("walked %d nodes of a document of %d", r.steps, nodes)
		}
		if len(aliasesByLine(body)) == 0 && r.err != nil {
			t.Fatalf("a document without aliases is refused: %v", r.err)
		}
		for alias := range aliasesByLine(body) {
			if target, ok := r.out.Target(alias); ok {
				if _, isAlias := target.(*ast.AliasNode); isAlias {
					t.Fatalf("an alias stands for an alias")
				}
			}
		}
		if r.err != nil && !strings.Contains(r.err.Msg, "past") {
			return // an alias inside its own anchor: it has no size to check
		}
		budget := MaxExpanded + 1
		writeOut(body, r.out, &budget)
		switch over := budget < 0; {
		case r.err == nil && over:
			t.Fatalf("accepted, but stands for more than %d", MaxExpanded)
		case r.err != nil && !over:
			t.Fatalf("refused (%v), but stands for %d", r.err, MaxExpanded+1-budget)
		}
	})
}

// writeOut takes from budget what n stands for with its aliases written
// out, as ReadAnchors measures it, stopping once budget is below 0.
func writeOut(n ast.Node, anchors *Anchors, budget *int) {
	if *budget < 0 {
		return
	}
	switch v := n.(type) {
	case nil:
	case *ast.AnchorNode:
		writeOut(v.Value, anchors, budget)
	case *ast.TagNode:
		writeOut(v.Value, anchors, budget)
	case *ast.AliasNode:
		if target, ok := anchors.Target(v); ok {
			writeOut(target, anchors, budget)
		} else {
			*budget--
		}
	case *ast.DocumentNode:
		writeOut(v.Body, anchors, budget)
	case *ast.MappingNode:
		*budget--
		for _, mv := range v.Values {
			writeOut(mv, anchors, budget)
		}
	case *ast.MappingValueNode:
		writeOut(v.Key, anchors, budget)
		writeOut(v.Value, anchors, budget)
	case *ast.MappingKeyNode:
		writeOut(v.Value, anchors, budget)
	case *ast.SequenceNode:
		*budget--
		for _, e := range v.Values {
			writeOut(e, anchors, budget)
		}
	case *ast.LiteralNode:
		*budget--
		if v.Value != nil {
			*budget -= len(v.Value.Value)
		}
	case *ast.CommentNode, *ast.CommentGroupNode, *ast.DirectiveNode:
	default:
		*budget -= 1 + len(TokenText(v))
	}
}
