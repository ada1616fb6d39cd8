package gen

import (
	"reflect"

	"github.com/scalesite/scalesite/render/layout"
)

// Spec is one template of the built-in theme to write in Go.
type Spec struct {
	// Set is the kind of page whose template set (layout.Parse) the
	// template is taken from, Name its name there.
	Set, Name string
	// Mirror is its name for Mirrors, "" for none.
	Mirror string
	// Func is the name of the Go function that writes it; "" for a
	// template only fingerprinted (its Go writer is elsewhere).
	Func string
	// Doc says what the function writes, after its name.
	Doc string
	// Data is the type of the data the template is given.
	Data reflect.Type
	// NonNilRoot says the caller never gives the function a nil pointer.
	NonNilRoot bool
	// Plain makes the function a plain one, not a method of Writer: it may
	// call no layout function.
	Plain bool
	// NoError makes the function return only its bytes: a construct that
	// can fail is a generator error.
	NoError bool
	// Holes are the places the function's caller fills by a callback.
	Holes []Hole
	// Memo has each entry of the template's range over layout.PageLink
	// values written once, kept in its Memo (layout.EntryMemo), and
	// copied from there by the next call that writes it.
	Memo bool
}

// Hole is a place in a template that the Go function's caller writes
// with a parameter of type func([]byte) ([]byte, error).
type Hole struct {
	// Template names the template call ({{template "main" .}}) the
	// parameter writes: the parameter must not be nil. Action is the
	// pipeline of an action ({{.Content}}) it writes instead: nil writes
	// what the template writes.
	Template, Action string
	Param            string
}

// Builtin are the specs of the built-in layouts.
func Builtin() []Spec {
	page := reflect.TypeFor[*layout.Page]()
	return []Spec{
		{Set: "page", Name: "base", Mirror: "base", Func: "appendBase", Data: page, NonNilRoot: true,
			Doc:   "writes layouts/base.html, its {{template \"main\" .}} written by main.",
			Holes: []Hole{{Template: "main", Param: "main"}}},
		{Set: "page", Name: "main", Mirror: "page", Func: "appendPageMain", Data: page, NonNilRoot: true,
			Doc:   "writes the \"main\" template of layouts/page.html, its {{.Content}} written by content when that is not nil.",
			Holes: []Hole{{Action: ".Content", Param: "content"}}},
		{Set: "home", Name: "main", Mirror: "home", Func: "appendHomeMain", Data: page, NonNilRoot: true,
			Doc: "writes the \"main\" template of layouts/home.html."},
		{Set: "tag", Name: "main", Mirror: "tag", Func: "appendTagMain", Data: page, NonNilRoot: true,
			Doc: "writes the \"main\" template of layouts/tag.html."},
		{Set: "home", Name: "page-list", Mirror: "page-list", Func: "appendPageList", Data: reflect.TypeFor[[]layout.PageLink](), Memo: true,
			Doc: "writes the \"page-list\" template of layouts/list.html."},
		{Set: "home", Name: "pager", Mirror: "pager", Func: "appendPager", Data: reflect.TypeFor[*layout.Pager](),
			Doc: "writes the \"pager\" template of layouts/pager.html."},
		{Set: "page", Name: "chart-markup", Func: "appendChartMarkup", Data: reflect.TypeFor[*layout.Chart](), NonNilRoot: true, Plain: true, NoError: true,
			Doc: "writes the \"chart-markup\" template of layouts/chart.html."},
		// chart.html's "chart" is written by package render (pageWriter's
		// WriteChart): {{.Figure}} is AppendFigure's "chart-markup".
		{Set: "page", Name: "chart", Mirror: "chart"},
	}
}
