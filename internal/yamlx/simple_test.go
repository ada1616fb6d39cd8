package yamlx

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	yamlparser "github.com/goccy/go-yaml/parser"
)

// simpleCases are YAML sources ParseSimple must read (true) or leave to the
// library (false).
var simpleCases = []struct {
	src  string
	want bool
}{
	{"type: line\ntitle: Accuracy vs compute (0)\nx: {field: flops, title: Training FLOPs, scale: log}\ny: {field: acc, title: Average accuracy (%)}\nseries: model\ndata: |\n", true},
	{"a: 1\ndata: |", true},
	{"x:\n  data: |\n", true},
	{"x:\n  data: |\ny: 2\n", true},
	{"x:\n  data: |\n  y: 2\n", true},
	{"type: line\ntitle: Accuracy vs compute (0)\nx: {field: flops, title: Training FLOPs, scale: log}\ny: {field: acc, title: Average accuracy (%)}\nseries: model\ndata: |\nheight: 300\n", true},
	{"type: scatter\ntitle: Score vs parameters (0)\nx: {field: params, title: Parameters, scale: log}\ny: {field: score, title: Score}\nlabel: name\ndata: |\nheight: 300", true},
	{"a: 1\nb: 1.5e3\nc: true\nd: null\ne: -2\nf: 0x1F\ng: .inf\nh: .nan\ni: 2025-01-01\nj: yes\n", true},
	{"x:\n  field: flops\n  scale: log\ny:\n  field: loss\n  title: Loss, nats\n", true},
	{"panels:\n  a:\n    b: c\n  d: e\nf: g\n", true},
	{"x: {field: flops,scale: log}\n", true},
	{"x: { field: flops, scale: log}\n", true},
	{"true: 1\nnull: 2\nno: 3\n", true},
	{"a: True\nb: NULL\nc: FALSE\nd: yes\ne: Null\nf: nULL\ng: tRUE\nh: off\ni: Inf\nj: NaN\nk: infinity\nl: .Inf\nm: -.inf\nn: +1\no: 1_000\np: 0o17\nq: 0b101\nr: 017\ns: 1e5\nt: e5\nu: _1\nv: a.b\nw: 1.2.3\nx: 2 models\n", true},
	{"title: a: b\n", false},
	{"title: 'a'\n", false},
	{"title: a # note\n", false},
	{"title: Synthetic scaling study 0\ndate: 2025-01-01\ndescription: Page 0 of a synthetic benchmark site\ntags: [bench, scaling]\n", true},
	{"x: [a,b, 1e3 ,true]\n", false},
	{"x: [a,b, 1e3, true]\n", true},
	{"x: []\n", false},
	{"x: [a, [b]]\n", false},
	{"x: [a, b\n", false},
	{"x: 1\nx: 2\n", false},
	{"x: {a: 1, a: 2}\n", false},
	{"x:\n  a: 1\n  a: 2\n", false},
	{"x: {field: a:b}\n", false},
	{"x: {field: flops }\n", false},
	{"x:\n", false},
	{"x:\ny: 1\n", false},
	{"a: 1\n\nb: 2\n", false},
	{"a: 1 \n", false},
	{"a: &x 1\n", false},
	{"a: *x\n", false},
	{"a: !!str 1\n", false},
	{"- a\n", false},
	{"---\na: 1\n", false},
	{"a: |\n  x\n", false},
	{"a: 1\n  b: 2\n", false},
	{"a: -\n", false},
	{"a: --x\n", false},
	{"a: ~\n", false},
	{"title: Loss (α)\n", false},
	{"", false},
}

func TestParseSimpleMatchesLibrary(t *testing.T) {
	for _, c := range simpleCases {
		got, ok := ParseSimple([]byte(c.src))
		if ok != c.want {
			t.Errorf("ParseSimple(%q) read it: %v, want %v", c.src, ok, c.want)
			continue
		}
		if ok {
			if d, w := dumpNode(got), libraryDump(t, c.src); d != w {
				t.Errorf("ParseSimple(%q):\n%s\nthe library:\n%s", c.src, d, w)
			}
		}
	}
}

func FuzzParseSimple(f *testing.F) {
	for _, c := range simpleCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, ok := ParseSimple([]byte(src))
		if !ok {
			return
		}
		if d, w := dumpNode(got), libraryDump(t, src); d != w {
			t.Errorf("ParseSimple(%q):\n%s\nthe library:\n%s", src, d, w)
		}
	})
}

// libraryDump is the dump of the one document the YAML library reads from
// src, as chartspec calls it; a source it refuses dumps as its error.
func libraryDump(t *testing.T, src string) string {
	t.Helper()
	f, err := yamlparser.ParseBytes([]byte(src), 0, yamlparser.AllowDuplicateMapKey())
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			b.WriteString(dumpNode(d.Body))
		}
	}
	return b.String()
}

// dumpNode writes what scalesite reads of a node and its children: each
// node's type, its token's type, value, line, column and source (spaces
// trimmed), a scalar's String, and whether a collection is in flow style.
func dumpNode(n ast.Node) string {
	var b strings.Builder
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ind := strings.Repeat("  ", depth)
		if n == nil || reflect.ValueOf(n).IsNil() {
			fmt.Fprintf(&b, "%snil\n", ind)
			return
		}
		fmt.Fprintf(&b, "%s%T", ind, n)
		if tk := n.GetToken(); tk != nil {
			fmt.Fprintf(&b, " %v %q %q", tk.Type, tk.Value, strings.TrimSpace(tk.Origin))
			if p := tk.Position; p != nil {
				fmt.Fprintf(&b, " %d:%d", p.Line, p.Column)
			}
		}
		if _, ok := n.(ast.ScalarNode); ok {
			fmt.Fprintf(&b, " %q", n.String()) // site's keyName reads a key so
		}
		b.WriteByte('\n')
		switch v := n.(type) {
		case *ast.MappingNode:
			fmt.Fprintf(&b, "%sflow %v end %v\n", ind, v.IsFlowStyle, v.End != nil)
			for _, mv := range v.Values {
				walk(mv, depth+1)
			}
		case *ast.MappingValueNode:
			walk(v.Key, depth+1)
			walk(v.Value, depth+1)
		case *ast.LiteralNode:
			walk(v.Value, depth+1)
		case *ast.SequenceNode:
			fmt.Fprintf(&b, "%sflow %v end %v\n", ind, v.IsFlowStyle, v.End != nil)
			for _, e := range v.Values {
				walk(e, depth+1)
			}
		}
	}
	walk(n, 0)
	return b.String()
}

// BenchmarkParseSimple reads the line chart spec of the synthetic site's
// pages (as chartspec hands it over, its data lifted out) with ParseSimple
// and with the library.
func BenchmarkParseSimple(b *testing.B) {
	src := []byte(simpleCases[0].src)
	b.Run("simple", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := ParseSimple(src); !ok {
				b.Fatal("not read")
			}
		}
	})
	b.Run("library", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := yamlparser.ParseBytes(src, 0, yamlparser.AllowDuplicateMapKey()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
