// Package fastlayout writes the built-in theme's layouts (base.html,
// page.html, home.html, tag.html, list.html, pager.html) and the chart's
// figure (the "chart-markup" template of chart.html) in Go, the same bytes
// the templates write, each value escaped as html/template escapes it in
// its place by the one escaper of markup written in Go, internal/htmlesc.
//
// Why: html/template costs about a reflective call per action and per
// escaper, some 150 of them on a page and 30 per entry of a listing; the
// writers here save a fifth of a cold build (BENCHMARKS.md, "Issue 19: the
// mirrors").
//
// The layouts stay the definition: the writers, layouts_gen.go, are
// generated from them by `go generate` (package internal/gen), and
// TestGeneratedIsCurrent fails while they are not what the layouts make.
// Package render uses a writer only while its theme's template has the
// fingerprint of the built-in one it was generated from (Mirrors,
// Fingerprint), so a site theme that overrides a layout gets its own
// template executed. TestFastLayoutsSameBytes and TestFigureMatchesTemplate
// hold the writers to the templates, whatever the data.
package fastlayout

//go:generate go run ./internal/gen/genlayout

import (
	"bytes"
	"html/template"
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/render/layout"
)

// Fingerprint identifies the parse tree of the named template of t, or is
// "" when t has none (layout.Fingerprint).
func Fingerprint(t *template.Template, name string) string { return layout.Fingerprint(t, name) }

// Writer writes the built-in layouts for one site: it holds the layout
// functions of the site and their calls that are the same on every page,
// escaped once.
type Writer struct {
	funcs  layoutFuncs
	consts []string
	memos  []memo
}

// memo keeps the escaped results of a layout function's calls by their
// argument: {{tagURL .}}, called for the same few tags on thousands of
// pages and listings' entries.
type memo struct {
	m sync.Map // argument → result
	n atomic.Int32
}

// maxMemo is the most results a memo keeps.
const maxMemo = 1 << 12

// get is the result for arg, made by make unless kept.
func (m *memo) get(arg string, make func(string) string) string {
	if r, ok := m.m.Load(arg); ok {
		return r.(string)
	}
	r := make(arg)
	if m.n.Load() < maxMemo {
		m.n.Add(1)
		m.m.Store(arg, r)
	}
	return r
}

// New returns the writer of a site at basePath whose theme's assets are at
// the paths asset returns (as layout.Funcs takes them), or nil when an
// asset the layouts name is missing: the built-in layout would fail, and
// executed as a template it says so.
func New(basePath string, asset func(name string) (string, bool)) *Writer {
	f := newLayoutFuncs(layout.Funcs(basePath, asset))
	c, err := f.constants()
	if err != nil {
		return nil
	}
	return &Writer{funcs: f, consts: c, memos: make([]memo, memos)}
}

// Main is the writer of the "main" template of the layout of kind ("page",
// "home" or "tag"), or nil for a kind it has none for. The writers of
// "home" and "tag" also write list.html's "page-list" and pager.html's
// "pager". d must not be nil.
func (w *Writer) Main(kind string) func(b []byte, d *layout.Page) ([]byte, error) {
	switch kind {
	case "page":
		return func(b []byte, d *layout.Page) ([]byte, error) { return w.appendPageMain(b, d, nil) }
	case "home":
		return w.appendHomeMain
	case "tag":
		return w.appendTagMain
	}
	return nil
}

// Page appends the page d (not nil) to b: base.html written in Go around
// its "main", written by main, or executed from t when main is nil (a site
// theme's own layout of the kind). On an error it returns what it wrote so
// far, so the caller may use its buffer again.
func (w *Writer) Page(b []byte, main func([]byte, *layout.Page) ([]byte, error), t *template.Template, d *layout.Page) ([]byte, error) {
	return w.appendBase(b, d, func(b []byte) ([]byte, error) {
		if main != nil {
			return main(b, d)
		}
		x := bytes.NewBuffer(b)
		err := t.ExecuteTemplate(x, "main", d)
		return x.Bytes(), err
	})
}

// PageContent is Page for a page of kind "page" whose "main" template is
// the built-in one (Main("page")), with the page's content appended in its
// place by content instead of taken from d.Content: written straight into
// the page, the content is not made apart and copied in. On an error it
// returns what it wrote so far, as Page does.
func (w *Writer) PageContent(b []byte, d *layout.Page, content func([]byte) ([]byte, error)) ([]byte, error) {
	return w.appendBase(b, d, func(b []byte) ([]byte, error) { return w.appendPageMain(b, d, content) })
}
