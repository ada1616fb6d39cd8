package gen

import (
	"fmt"
	"reflect"
	"text/template/parse"

	"github.com/scalesite/scalesite/render/layout"
)

// ifWith writes an if or a with (with: dot is the value in its body).
func (f *fn) ifWith(n parse.Node, b *parse.BranchNode, dot val, with bool) {
	if len(b.Pipe.Decl) > 0 {
		f.errorf(n, "declares a variable in an if or with")
	}
	v, esc := f.pipe(b.Pipe, dot)
	if len(esc) > 0 {
		f.errorf(n, "escapers in a condition")
	}
	if !with || v.cond || v.mapIdx {
		if with {
			f.errorf(n, "with of a condition or a map's element")
		}
		f.open("if %s {", f.truth(b.Pipe, v))
	} else {
		expr := f.use(b.Pipe, v)
		d := f.temp("d")
		used := false
		inner := val{expr: d, typ: v.typ, nonNil: v.typ.Kind() == reflect.Pointer, ref: &used}
		i := f.open("if %s := %s; %s {", d, expr, f.truth(b.Pipe, val{expr: d, typ: v.typ}))
		f.list(b.List, inner)
		if !used {
			f.replace(i, "if %s {", f.truth(b.Pipe, val{expr: expr, typ: v.typ}))
		}
		f.elseList(b, dot)
		return
	}
	f.list(b.List, dot)
	f.elseList(b, dot)
}

// elseList closes an if or with, with its else.
func (f *fn) elseList(b *parse.BranchNode, dot val) {
	if b.ElseList == nil {
		f.close("}")
		return
	}
	f.close("} else {")
	f.depth++
	f.push()
	f.list(b.ElseList, dot)
	f.close("}")
}

// rangeNode writes a range over a slice.
func (f *fn) rangeNode(n *parse.RangeNode, dot val) {
	if n.ElseList != nil {
		f.errorf(n, "range with an else")
	}
	p := n.Pipe
	v, esc := f.pipe(p, dot)
	if len(esc) > 0 {
		f.errorf(n, "escapers in a range")
	}
	if v.typ == nil || v.typ.Kind() != reflect.Slice {
		f.errorf(n, "ranges over a %v, not a slice", v.typ)
	}
	expr := f.use(p, v)
	d, i := f.temp("d"), f.temp("i")
	var dotUsed, idxUsed bool
	elem := val{expr: d, typ: v.typ.Elem(), ref: &dotUsed}
	line := f.open("for")
	memo := f.spec.Memo && elem.typ == reflect.TypeFor[layout.PageLink]()
	var start string
	if memo {
		// The entry as kept (layout.EntryMemo), or written and kept.
		start, dotUsed = f.temp("start"), true
		f.line("if m := %s.Memo.Markup(); m != nil {", d)
		f.line("	b = append(b, m...)")
		f.line("	continue")
		f.line("}")
		f.line("%s := len(b)", start)
	}
	s := f.scopes[len(f.scopes)-1]
	switch len(p.Decl) {
	case 0:
	case 1:
		s.vars[p.Decl[0].Ident[0]] = &variable{name: d, typ: elem.typ, used: true}
		elem.ref = nil
		dotUsed = true // the variable may be read, and Go tells no difference
	case 2:
		s.vars[p.Decl[0].Ident[0]] = &variable{name: i, typ: reflect.TypeFor[int](), used: true}
		s.vars[p.Decl[1].Ident[0]] = &variable{name: d, typ: elem.typ, used: true}
		elem.ref = nil
		dotUsed, idxUsed = true, true
	default:
		f.errorf(n, "a range with more than two variables")
	}
	f.list(n.List, elem)
	if memo {
		f.line("%s.Memo.Keep(b[%s:])", d, start)
	}
	switch {
	case idxUsed:
		f.replace(line, "for %s, %s := range %s {", i, d, expr)
	case dotUsed:
		f.replace(line, "for _, %s := range %s {", d, expr)
	default:
		f.replace(line, "for range %s {", expr)
	}
	f.close("}")
}

// templateCall writes a call of another template: its generated function,
// or the function a hole of this one gives.
func (f *fn) templateCall(n *parse.TemplateNode, dot val) {
	for _, h := range f.spec.Holes {
		if h.Template == n.Name {
			if n.Pipe == nil || n.Pipe.String() != "." {
				f.errorf(n, "the hole %s is given other data than the template's own", n.Name)
			}
			f.usesEr = true
			f.failIf(fmt.Sprintf("b, err = %s(b); err != nil", h.Param), "err")
			return
		}
	}
	callee := f.g.spec(n.Name)
	if callee == nil {
		f.errorf(n, "calls template %q, which the generator does not write (gen.Builtin)", n.Name)
	}
	if n.Pipe == nil {
		f.errorf(n, "calls template %q without data", n.Name)
	}
	v, esc := f.pipe(n.Pipe, dot)
	if len(esc) > 0 {
		f.errorf(n, "escapers in a template call")
	}
	if v.typ != callee.Data {
		f.errorf(n, "gives template %q a %v, where its function takes a %s", n.Name, v.typ, callee.Data)
	}
	if callee.NonNilRoot && v.typ.Kind() == reflect.Pointer && !v.nonNil && !f.knownNonNil(v.expr) {
		f.errorf(n, "gives template %q a pointer that may be nil", n.Name)
	}
	recv := ""
	if !callee.Plain {
		recv = "w."
		f.usesW = true
	}
	args := "b, " + f.use(n.Pipe, v)
	for range callee.Holes {
		args += ", nil"
	}
	if callee.NoError {
		f.line("b = %s%s(%s)", recv, callee.Func, args)
		return
	}
	f.usesEr = true
	f.failIf(fmt.Sprintf("b, err = %s%s(%s); err != nil", recv, callee.Func, args), "err")
}
