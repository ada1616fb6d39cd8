package gen

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"text/template/parse"
)

// pipe is the value of pipeline p and the escapers html/template added to
// it, by their names without _html_template_.
func (f *fn) pipe(p *parse.PipeNode, dot val) (val, []string) {
	if len(p.Cmds) == 0 {
		f.errorf(p, "an empty pipeline")
	}
	v := f.command(p.Cmds[0], dot)
	var esc []string
	for _, c := range p.Cmds[1:] {
		id, ok := c.Args[0].(*parse.IdentifierNode)
		if !ok || len(c.Args) != 1 || !strings.HasPrefix(id.Ident, "_html_template_") {
			f.errorf(c, "pipes a value into %s: call the function with the value as its argument instead", c)
		}
		esc = append(esc, strings.TrimPrefix(id.Ident, "_html_template_"))
	}
	return v, esc
}

// command is the value of a command of a pipeline.
func (f *fn) command(c *parse.CommandNode, dot val) val {
	args := c.Args[1:]
	noArgs := func() {
		if len(args) > 0 {
			f.errorf(c, "%s takes no arguments", c.Args[0])
		}
	}
	switch n := c.Args[0].(type) {
	case *parse.FieldNode:
		return f.fields(n, dot, n.Ident, args, dot)
	case *parse.VariableNode:
		return f.fields(n, f.varValue(n, n.Ident[0], dot), n.Ident[1:], args, dot)
	case *parse.DotNode:
		noArgs()
		return dot
	case *parse.IdentifierNode:
		return f.call(n, n.Ident, args, dot)
	case *parse.PipeNode:
		noArgs()
		v, esc := f.pipe(n, dot)
		if len(esc) > 0 {
			f.errorf(n, "escapers inside parentheses")
		}
		return v
	}
	noArgs()
	return f.arg(c.Args[0], dot)
}

// arg is the value of an argument of a function or method.
func (f *fn) arg(n parse.Node, dot val) val {
	switch n := n.(type) {
	case *parse.StringNode:
		return val{expr: strconv.Quote(n.Text), typ: reflect.TypeFor[string](), konst: true}
	case *parse.NumberNode:
		if !n.IsInt {
			f.errorf(n, "the number %s is not an integer", n.Text)
		}
		return val{expr: strconv.FormatInt(n.Int64, 10), typ: reflect.TypeFor[int](), konst: true}
	case *parse.BoolNode:
		return val{expr: strconv.FormatBool(n.True), typ: reflect.TypeFor[bool](), konst: true}
	case *parse.DotNode:
		return dot
	case *parse.FieldNode:
		return f.fields(n, dot, n.Ident, nil, dot)
	case *parse.VariableNode:
		return f.fields(n, f.varValue(n, n.Ident[0], dot), n.Ident[1:], nil, dot)
	case *parse.PipeNode:
		v, esc := f.pipe(n, dot)
		if len(esc) > 0 {
			f.errorf(n, "escapers inside parentheses")
		}
		return v
	}
	f.errorf(n, "%s is not supported by the generator", n)
	return val{}
}

// varValue is the value of template variable name ($ the template's data).
func (f *fn) varValue(n parse.Node, name string, dot val) val {
	if name == "$" {
		return val{expr: "d", typ: f.spec.Data, nonNil: f.spec.NonNilRoot}
	}
	v := f.variable(n, name)
	return val{expr: v.name, typ: v.typ, ref: &v.used}
}

// fields is the value of the chain of fields, methods and map keys names
// from v, the last given args.
func (f *fn) fields(n parse.Node, v val, names []string, args []parse.Node, dot val) val {
	if len(names) == 0 && len(args) > 0 {
		f.errorf(n, "%s takes no arguments", n)
	}
	for i, name := range names {
		var a []parse.Node
		if i == len(names)-1 {
			a = args
		}
		v = f.field(n, v, name, a, dot)
	}
	return v
}

// field is v.name, a method's result, a struct's field or a map's element,
// as text/template looks them up (a method first).
func (f *fn) field(n parse.Node, v val, name string, args []parse.Node, dot val) val {
	if v.cond || v.mapIdx || v.call != "" || v.typ == nil {
		f.errorf(n, "reads %s of a value whose type the generator does not know", name)
	}
	t := v.typ
	if m, ok := t.MethodByName(name); ok {
		if t.Kind() == reflect.Pointer {
			if _, byValue := t.Elem().MethodByName(name); byValue {
				f.nilCheck(n, v, name)
			}
		}
		return f.method(n, v, m, args, dot)
	}
	if len(args) > 0 {
		f.errorf(n, "%s is a field: it takes no arguments", name)
	}
	st := t
	if t.Kind() == reflect.Pointer {
		st = t.Elem()
	}
	switch st.Kind() {
	case reflect.Struct:
		sf, ok := st.FieldByName(name)
		if !ok || !sf.IsExported() {
			f.errorf(n, "%s has no field or method %s", t, name)
		}
		if t.Kind() == reflect.Pointer {
			f.nilCheck(n, v, name)
		}
		return val{expr: f.use(n, v) + "." + name, typ: sf.Type}
	case reflect.Map:
		if st.Key().Kind() != reflect.String || t.Kind() == reflect.Pointer {
			f.errorf(n, "%s: only a map with string keys may be read by key", t)
		}
		return val{expr: fmt.Sprintf("%s[%q]", f.use(n, v), name), typ: st.Elem(), mapIdx: true}
	}
	f.errorf(n, "%s has no field or method %s", t, name)
	return val{}
}

// method is the result of the method m of v called with args.
func (f *fn) method(n parse.Node, v val, m reflect.Method, args []parse.Node, dot val) val {
	mt := m.Type // with the receiver first
	if mt.IsVariadic() || mt.NumIn()-1 != len(args) {
		f.errorf(n, "%s takes %d arguments", m.Name, mt.NumIn()-1)
	}
	var as []string
	for i, a := range args {
		as = append(as, f.convert(a, f.arg(a, dot), mt.In(i+1)))
	}
	recv := f.use(n, v)
	r := f.result(n, fmt.Sprintf("%s.%s(%s)", recv, m.Name, strings.Join(as, ", ")), mt)
	// A method that makes a string, printed, is better appended straight
	// into a buffer by its Append form when it has one of the same
	// arguments (time.Time's Format and AppendFormat, layout.Chart's
	// OptionJSON and AppendOptionJSON).
	if am, ok := v.typ.MethodByName("Append" + m.Name); ok && r.typ.Kind() == reflect.String && mt.NumOut() == 1 {
		at := am.Type
		same := at.NumIn() == mt.NumIn()+1 && at.NumOut() == 1 && at.Out(0) == reflect.TypeFor[[]byte]() && at.In(1) == reflect.TypeFor[[]byte]()
		for i := 1; same && i < mt.NumIn(); i++ {
			same = at.In(i+1) == mt.In(i)
		}
		if same {
			r.appendCall = fmt.Sprintf("%s.Append%s(%s)", recv, m.Name, strings.Join(append([]string{"\x00"}, as...), ", "))
		}
	}
	return r
}

// result is the value of a call of a function of type ft (a method's
// with its receiver), checking its error if it returns one.
func (f *fn) result(n parse.Node, call string, ft reflect.Type) val {
	switch {
	case ft.NumOut() == 1:
		return val{expr: call, typ: ft.Out(0)}
	case ft.NumOut() == 2 && ft.Out(1) == reflect.TypeFor[error]():
		f.pre(n)
		t := f.temp("t")
		f.line("%s, err := %s", t, call)
		f.failIf("err != nil", "err")
		return val{expr: t, typ: ft.Out(0)}
	}
	f.errorf(n, "calls a function of type %s, which returns no value or more than a value and an error", ft)
	return val{}
}

// convert is a's Go expression as an argument of type t.
func (f *fn) convert(n parse.Node, a val, t reflect.Type) string {
	if a.konst && a.typ.Kind() == t.Kind() {
		return a.expr // an untyped constant in Go too
	}
	if a.typ == nil || !a.typ.AssignableTo(t) {
		f.errorf(n, "gives a %v where a %s is wanted", a.typ, t)
	}
	return f.use(n, a)
}

// call is the value of a call of a built-in function of text/template or a
// layout function.
func (f *fn) call(n *parse.IdentifierNode, name string, args []parse.Node, dot val) val {
	boolean := reflect.TypeFor[bool]()
	switch name {
	case "and", "or":
		if len(args) < 2 {
			f.errorf(n, "%s with fewer than two arguments", name)
		}
		var parts []string
		for i, a := range args {
			if i == 1 {
				f.lazy++
				defer func() { f.lazy-- }()
			}
			parts = append(parts, f.truth(a, f.arg(a, dot)))
		}
		op := " && "
		if name == "or" {
			op = " || "
		}
		return val{expr: "(" + strings.Join(parts, op) + ")", typ: boolean, cond: true}
	case "not":
		if len(args) != 1 {
			f.errorf(n, "not takes one argument")
		}
		t := f.truth(args[0], f.arg(args[0], dot))
		if strings.ContainsAny(t, " !") && !strings.HasPrefix(t, "(") {
			t = "(" + t + ")"
		}
		return val{expr: "!" + t, typ: boolean}
	case "eq", "ne", "lt", "le", "gt", "ge":
		if len(args) != 2 {
			f.errorf(n, "%s with other than two arguments", name)
		}
		a, b := f.arg(args[0], dot), f.arg(args[1], dot)
		ka, kb := basicKind(a.typ), basicKind(b.typ)
		if ka == "" || ka != kb || (name != "eq" && name != "ne" && ka == "bool") {
			f.errorf(n, "compares a %v with a %v", a.typ, b.typ)
		}
		if !a.konst && !b.konst && a.typ != b.typ {
			f.errorf(n, "compares a %s with a %s", a.typ, b.typ)
		}
		op := map[string]string{"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}[name]
		return val{expr: "(" + f.use(args[0], a) + " " + op + " " + f.use(args[1], b) + ")", typ: boolean}
	case "printf":
		if len(args) == 0 {
			f.errorf(n, "printf without a format")
		}
		as := []string{}
		strs := true // every argument after the format is a string
		for i, a := range args {
			v := f.arg(a, dot)
			if i == 0 && (!v.konst || v.typ.Kind() != reflect.String) {
				f.errorf(n, "printf with a format that is not a constant string")
			}
			strs = strs && (i == 0 || v.typ == reflect.TypeFor[string]())
			as = append(as, f.use(a, v))
		}
		if s := concat(as); strs && s != "" {
			return val{expr: s, typ: reflect.TypeFor[string]()}
		}
		f.g.imports["fmt"] = true
		return val{expr: "fmt.Sprintf(" + strings.Join(as, ", ") + ")", typ: reflect.TypeFor[string]()}
	}
	fv, ok := f.g.funcs[name]
	if !ok {
		f.errorf(n, "calls %s, which is neither a layout function (layout.Funcs) nor a built-in function the generator knows", name)
	}
	ft := reflect.TypeOf(fv)
	if ft.IsVariadic() || ft.NumIn() != len(args) {
		f.errorf(n, "%s takes %d arguments", name, ft.NumIn())
	}
	if f.g.usedFns == nil {
		f.g.usedFns = map[string]bool{}
	}
	f.g.usedFns[name] = true
	konst := true
	var as []string
	for i, a := range args {
		v := f.arg(a, dot)
		konst = konst && v.konst
		as = append(as, f.convert(a, v, ft.In(i)))
	}
	call := fmt.Sprintf("f.%s(%s)", name, strings.Join(as, ", "))
	if konst && (ft.NumOut() == 1 || ft.NumOut() == 2 && ft.Out(1) == reflect.TypeFor[error]()) {
		// The same on every page: made once, if printed.
		return val{call: call, fails: ft.NumOut() == 2, typ: ft.Out(0), constCall: true}
	}
	if len(as) == 1 && ft.In(0) == reflect.TypeFor[string]() && ft.NumOut() == 1 {
		// A layout function is a function of its arguments alone: if
		// printed, its result is kept by argument.
		return val{call: call, typ: ft.Out(0), memoArg: as[0]}
	}
	f.usesW = true
	return f.result(n, "w.funcs."+strings.TrimPrefix(call, "f."), ft)
}

// concat is printf's call of the format and strings as, as Go's + of
// strings, the same text made with less work, when its format has no verb
// but %s, one for each string; "" otherwise.
func concat(as []string) string {
	format, err := strconv.Unquote(as[0])
	if err != nil || strings.Count(format, "%") != strings.Count(format, "%s") || strings.Count(format, "%s") != len(as)-1 {
		return ""
	}
	var out []string
	for i, p := range strings.Split(format, "%s") {
		if p != "" {
			out = append(out, strconv.Quote(p))
		}
		if i < len(as)-1 {
			out = append(out, as[i+1])
		}
	}
	if len(out) == 0 {
		return `""`
	}
	return strings.Join(out, " + ")
}

// basicKind is the kind of comparison text/template makes of a value of
// type t: "int", "string", "bool", or "" for one the generator does not
// compare.
func basicKind(t reflect.Type) string {
	if t == nil {
		return ""
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "int"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	}
	return ""
}

// truth is the Go condition that v is true, as text/template's if has it.
func (f *fn) truth(n parse.Node, v val) string {
	if v.cond {
		return v.expr
	}
	v.mapIdx = false // a missing key is nil, false as the template has it
	x := f.use(n, v)
	switch v.typ.Kind() {
	case reflect.Bool:
		return x
	case reflect.String:
		return x + ` != ""`
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return x + " != 0"
	case reflect.Slice, reflect.Map, reflect.Array:
		return "len(" + x + ") != 0"
	case reflect.Pointer:
		return x + " != nil"
	case reflect.Interface:
		f.g.isTrue = true
		return "isTrue(" + x + ")"
	case reflect.Struct:
		return "true"
	}
	f.errorf(n, "the truth of a %s", v.typ)
	return ""
}
