package gen

import (
	"fmt"
	"html/template"
	"reflect"
	"strconv"
	"strings"
	"text/template/parse"
	"unicode"
)

// fn writes the Go function of one template.
type fn struct {
	g      *generator
	spec   *Spec
	tree   *parse.Tree
	lines  []string
	depth  int
	scopes []*scope
	n      int  // the last temporary's number
	usesW  bool // it calls a layout function or reads a constant
	fails  bool // it may return an error
	usesEr bool // it assigns err
	usesTm bool // it appends into tmp
	lazy   int  // > 0 in an argument and or or may not evaluate
}

// scope is what a block of the template knows: its variables, and the
// pointers already checked for nil.
type scope struct {
	vars   map[string]*variable
	nonNil map[string]bool
}

// variable is a template variable ($desc) as a Go variable.
type variable struct {
	name string
	typ  reflect.Type
	used bool
	line int // the line that declares it
}

// val is the value of a pipeline as Go: an expression and its type.
type val struct {
	expr   string
	typ    reflect.Type
	nonNil bool  // a pointer known not to be nil
	cond   bool  // and/or: only its truth may be used
	konst  bool  // a constant
	mapIdx bool  // a map's element: only its truth may be used
	ref    *bool // set when expr is used (a with's or range's variable)
	// call is a layout function's call with constant arguments, as Go on
	// a layoutFuncs f: printed, it is one of the Writer's constants.
	call      string
	fails     bool // call returns an error too
	constCall bool // call's arguments are constants
	// memoArg is the argument of call, a layout function's of one
	// string: printed, its result is kept by argument (memo).
	memoArg string
	// appendCall is expr, a method's string, as the call of its Append
	// form (time.Time's AppendFormat) onto the buffer "\x00".
	appendCall string
}

// genError is a generator error, raised by panic within a function.
type genError struct{ err error }

// errorf stops the generation with an error at node n.
func (f *fn) errorf(n parse.Node, format string, args ...any) {
	loc, _ := f.tree.ErrorContext(n)
	if i := strings.LastIndexByte(loc, ':'); i >= 0 {
		loc = loc[:i] // file:line, without the column
	}
	panic(genError{fmt.Errorf("layouts/%s: template %q: %s", loc, f.tree.Name, fmt.Sprintf(format, args...))})
}

// function generates the Go function of spec from its escaped template t.
func (g *generator) function(spec *Spec, t *template.Template) (err error) {
	if t == nil || t.Tree == nil {
		return fmt.Errorf("the %s layouts define no template %q", spec.Set, spec.Name)
	}
	f := &fn{g: g, spec: spec, tree: t.Tree}
	defer func() {
		if r := recover(); r != nil {
			ge, ok := r.(genError)
			if !ok {
				panic(r)
			}
			err = ge.err
		}
	}()
	f.depth = 1
	f.push()
	f.list(t.Tree.Root, val{expr: "d", typ: spec.Data, nonNil: spec.NonNilRoot})
	f.pop()
	if spec.NoError && f.fails {
		f.errorf(t.Tree.Root, "may fail here, which %s cannot report: write it without a function or field that can fail", spec.Func)
	}
	if spec.Plain && f.usesW {
		f.errorf(t.Tree.Root, "calls a layout function, which %s, a plain function, cannot", spec.Func)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n// %s %s\n", spec.Func, spec.Doc)
	if !spec.Plain {
		b.WriteString("func (w *Writer) ")
	} else {
		b.WriteString("func ")
	}
	fmt.Fprintf(&b, "%s(b []byte, d %s", spec.Func, g.typeName(spec.Data))
	for _, h := range spec.Holes {
		fmt.Fprintf(&b, ", %s func([]byte) ([]byte, error)", h.Param)
	}
	if spec.NoError {
		b.WriteString(") []byte {\n")
	} else {
		b.WriteString(") ([]byte, error) {\n")
	}
	if f.usesEr {
		b.WriteString("\tvar err error\n")
	}
	if f.usesTm {
		b.WriteString("\tvar tmp [64]byte\n")
	}
	for _, l := range f.lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if spec.NoError {
		b.WriteString("\treturn b\n}\n")
	} else {
		b.WriteString("\treturn b, nil\n}\n")
	}
	g.bodies = append(g.bodies, b.String())
	return nil
}

// line adds a line of Go and returns its index.
func (f *fn) line(format string, args ...any) int {
	f.lines = append(f.lines, strings.Repeat("\t", f.depth)+fmt.Sprintf(format, args...))
	return len(f.lines) - 1
}

// replace sets line i to a new text, kept at its indent.
func (f *fn) replace(i int, format string, args ...any) {
	indent := len(f.lines[i]) - len(strings.TrimLeft(f.lines[i], "\t"))
	f.lines[i] = f.lines[i][:indent] + fmt.Sprintf(format, args...)
}

func (f *fn) temp(prefix string) string {
	f.n++
	return prefix + strconv.Itoa(f.n)
}

func (f *fn) push() {
	f.scopes = append(f.scopes, &scope{vars: map[string]*variable{}, nonNil: map[string]bool{}})
}

// pop leaves a block, marking used the variables it declared and never
// read (Go refuses them otherwise).
func (f *fn) pop() {
	s := f.scopes[len(f.scopes)-1]
	for _, v := range s.vars {
		if !v.used {
			indent := f.lines[v.line][:len(f.lines[v.line])-len(strings.TrimLeft(f.lines[v.line], "\t"))]
			f.lines[v.line] += "\n" + indent + "_ = " + v.name
		}
	}
	f.scopes = f.scopes[:len(f.scopes)-1]
}

// open starts a block of Go and of the template.
func (f *fn) open(format string, args ...any) int {
	i := f.line(format, args...)
	f.depth++
	f.push()
	return i
}

func (f *fn) close(text string) {
	f.pop()
	f.depth--
	f.line("%s", text)
}

// fail writes the return of an error.
func (f *fn) fail(err string) {
	f.fails = true
	if f.spec.NoError {
		f.line("return b")
		return
	}
	f.line("return b, %s", err)
}

// failIf writes the return of the error err when cond holds.
func (f *fn) failIf(cond, err string) {
	f.line("if %s {", cond)
	f.depth++
	f.fail(err)
	f.depth--
	f.line("}")
}

// use is v's expression, marking its variable used.
func (f *fn) use(n parse.Node, v val) string {
	if v.cond || v.mapIdx {
		f.errorf(n, "%s can only be the condition of an if or with here", v.expr)
	}
	if v.ref != nil {
		*v.ref = true
	}
	if v.call != "" {
		// Not printed: called where it stands.
		f.usesW = true
		call := "w.funcs." + strings.TrimPrefix(v.call, "f.")
		if !v.fails {
			return call
		}
		t := f.temp("t")
		f.pre(n)
		f.line("%s, err := %s", t, call)
		f.failIf("err != nil", "err")
		return t
	}
	return v.expr
}

// pre checks that a statement may be written before the expression being
// evaluated: not within an argument of and or or, which may be left
// unevaluated.
func (f *fn) pre(n parse.Node) {
	if f.lazy > 0 {
		f.errorf(n, "an argument of and or or after the first may not need a nil check or a call that can fail: move it into an if")
	}
}

// knownNonNil reports a pointer expression already checked in this block.
func (f *fn) knownNonNil(expr string) bool {
	for _, s := range f.scopes {
		if s.nonNil[expr] {
			return true
		}
	}
	return false
}

// nilCheck writes the check of pointer v before it is dereferenced: the
// template fails on a nil pointer there.
func (f *fn) nilCheck(n parse.Node, v val, field string) {
	if v.nonNil || f.knownNonNil(v.expr) {
		return
	}
	f.pre(n)
	loc, _ := f.tree.ErrorContext(n)
	f.g.imports["errors"] = true
	f.failIf(fmt.Sprintf("%s == nil", f.use(n, v)), "errors.New("+strconv.Quote(fmt.Sprintf("template: %s: nil pointer evaluating %s.%s", loc, v.typ, field))+")")
	f.scopes[len(f.scopes)-1].nonNil[v.expr] = true
}

// list writes the nodes of l with dot.
func (f *fn) list(l *parse.ListNode, dot val) {
	if l == nil {
		return
	}
	for _, n := range l.Nodes {
		f.node(n, dot)
	}
}

func (f *fn) node(n parse.Node, dot val) {
	switch n := n.(type) {
	case *parse.TextNode:
		if len(n.Text) > 0 {
			f.line("b = append(b, %s...)", strconv.Quote(string(n.Text)))
		}
	case *parse.ActionNode:
		f.action(n, dot)
	case *parse.IfNode:
		f.ifWith(n, &n.BranchNode, dot, false)
	case *parse.WithNode:
		f.ifWith(n, &n.BranchNode, dot, true)
	case *parse.RangeNode:
		f.rangeNode(n, dot)
	case *parse.TemplateNode:
		f.templateCall(n, dot)
	case *parse.CommentNode:
	default:
		f.errorf(n, "%s is not supported by the generator", n)
	}
}

// action writes an action: a declaration or assignment of a variable, or
// a value printed.
func (f *fn) action(n *parse.ActionNode, dot val) {
	p := n.Pipe
	if len(p.Decl) > 1 {
		f.errorf(n, "declares more than one variable")
	}
	for _, h := range f.spec.Holes {
		if h.Action != "" && len(p.Cmds) > 0 && p.Cmds[0].String() == h.Action {
			f.line("if %s != nil {", h.Param)
			f.depth++
			f.usesEr = true
			f.failIf(fmt.Sprintf("b, err = %s(b); err != nil", h.Param), "err")
			f.depth--
			f.line("} else {")
			f.depth++
			f.print(n, dot)
			f.depth--
			f.line("}")
			return
		}
	}
	if len(p.Decl) == 0 {
		f.print(n, dot)
		return
	}
	v, esc := f.pipe(p, dot)
	if len(esc) > 0 {
		f.errorf(n, "a declaration with escapers")
	}
	name := p.Decl[0].Ident[0]
	expr := f.use(n, v)
	typ := v.typ
	if p.IsAssign {
		x := f.variable(n, name)
		if typ != x.typ {
			f.errorf(n, "assigns a %s to %s, a %s", typ, name, x.typ)
		}
		f.line("%s = %s", x.name, expr)
		for _, s := range f.scopes { // what was checked of the old value
			for k := range s.nonNil {
				if k == x.name || strings.HasPrefix(k, x.name+".") {
					delete(s.nonNil, k)
				}
			}
		}
		return
	}
	s := f.scopes[len(f.scopes)-1]
	if s.vars[name] != nil {
		f.errorf(n, "declares %s again", name)
	}
	goName := "v" + strings.TrimPrefix(name, "$")
	if r := []rune(goName); len(r) > 1 {
		r[1] = unicode.ToUpper(r[1])
		goName = string(r)
	}
	s.vars[name] = &variable{name: goName, typ: typ, line: f.line("%s := %s", goName, expr)}
}

// variable is the template variable name in scope.
func (f *fn) variable(n parse.Node, name string) *variable {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		if v := f.scopes[i].vars[name]; v != nil {
			return v
		}
	}
	f.errorf(n, "no variable %s", name)
	return nil
}

// print writes the value of action n, escaped.
func (f *fn) print(n *parse.ActionNode, dot val) {
	v, esc := f.pipe(n.Pipe, dot)
	if len(esc) == 0 {
		f.errorf(n, "an action html/template did not escape")
	}
	escape := f.escaper(n, v.typ, esc)
	switch {
	case v.call != "" && v.constCall:
		i := f.g.constIndex(constCall{call: v.call, fails: v.fails, escape: escape})
		f.usesW = true
		f.line("b = append(b, w.consts[%d]...)", i)
		return
	case v.memoArg != "":
		call := "w.funcs." + v.call[len("f."):strings.IndexByte(v.call, '(')] + "(s)"
		i := f.g.memoIndex(call + " " + escape)
		f.usesW = true
		f.line("b = append(b, w.memos[%d].get(%s, func(s string) string { return string(%s) })...)", i, v.memoArg, fmt.Sprintf(escape, "nil", call))
		return
	case v.appendCall != "" && escape == "append(%s, %s...)":
		f.line("b = %s", strings.Replace(v.appendCall, "\x00", "b", 1))
		return
	case v.appendCall != "" && escape == stringEscaper("htmlescaper"):
		f.usesTm = true
		f.line("b = %s", fmt.Sprintf(escape, "b", strings.Replace(v.appendCall, "\x00", "tmp[:0]", 1)))
		return
	}
	f.line("b = %s", fmt.Sprintf(escape, "b", f.use(n, v)))
}

// stringEscaper is the append of internal/htmlesc that writes a string
// as the chain of html/template's escapers does, "" for none.
func stringEscaper(chain string) string {
	switch chain {
	case "htmlescaper", "attrescaper", "rcdataescaper":
		return "htmlesc.Append(%s, %s)"
	case "urlfilter urlnormalizer attrescaper":
		return "htmlesc.AppendURL(%s, %s)"
	case "urlescaper attrescaper":
		return "htmlesc.AppendURLPart(%s, %s)"
	}
	return ""
}

// intSafe reports an escaper that writes a decimal integer as it is.
func intSafe(escaper string) bool {
	switch escaper {
	case "htmlescaper", "attrescaper", "rcdataescaper", "cssvaluefilter":
		return true
	}
	return false
}

// escaper is the Go append, a format of the buffer and the value, that
// writes a value of type t as the escapers esc do.
func (f *fn) escaper(n parse.Node, t reflect.Type, esc []string) string {
	chain := strings.Join(esc, " ")
	switch {
	case t == reflect.TypeFor[template.HTML]() && chain == "htmlescaper",
		t == reflect.TypeFor[template.JS]() && chain == "jsvalescaper":
		return "append(%s, %s...)" // safe content, as it is
	case t == reflect.TypeFor[string]() && stringEscaper(chain) != "":
		f.g.imports["github.com/scalesite/scalesite/internal/htmlesc"] = true
		return stringEscaper(chain)
	case t.Kind() == reflect.Int:
		for _, e := range esc {
			if !intSafe(e) {
				f.errorf(n, "no Go escaper for an int in this place (%s): add one to internal/htmlesc", chain)
			}
		}
		f.g.imports["strconv"] = true
		return "strconv.AppendInt(%s, int64(%s), 10)"
	case chain == "jsvalescaper":
		f.g.imports["github.com/scalesite/scalesite/internal/htmlesc"] = true
		return "htmlesc.AppendJSValue(%s, %s)"
	}
	f.errorf(n, "no Go escaper for a %s in this place (%s): add one to internal/htmlesc", t, chain)
	return ""
}
