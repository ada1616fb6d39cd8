// Package fastlayout writes the built-in theme's layouts (base.html,
// page.html, home.html, tag.html, list.html, pager.html) and the chart's figure (the
// "chart-markup" template of chart.html) in Go, the same bytes the
// templates write, each value escaped as html/template escapes it in its
// place by the one escaper of markup written in Go, internal/htmlesc.
//
// Why: html/template costs about a reflective call per action and per
// escaper, some 150 of them on a page and 30 per entry of a listing; the
// writers here save a fifth of a cold build (BENCHMARKS.md, "Issue 19: the
// mirrors").
//
// The layouts stay the definition. Each writer mirrors one built-in
// template, whose parse tree's fingerprint Mirrors gives; package render
// uses a writer only while its theme's template has that fingerprint
// (Fingerprint), so a site theme that overrides a layout gets its own
// template executed, and an edit of a built-in layout turns its writer off
// until it is updated here (render's TestFastLayoutsInUse says so). The
// tests here hold each writer to its template, whatever the data
// (TestFastLayoutsSameBytes, TestFigureMatchesTemplate).
package fastlayout

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/render/layout"
)

// Mirrors is the fingerprint (Fingerprint) of the built-in template the Go
// writer of name mirrors: "base" (base.html), the "main" of "page", "home"
// and "tag", "page-list" (list.html), "pager" (pager.html) and "chart"
// (chart.html's, whose {{.Figure}} AppendFigure writes); "" for any other
// name. Update it with the writer.
func Mirrors(name string) string {
	switch name {
	case "base":
		return "fd646f9691255f67"
	case "page":
		return "9deb682ba527fc73" // its "main"
	case "home":
		return "272179343c0c0faf"
	case "tag":
		return "e297bacc46fd65a4"
	case "page-list":
		return "49d135dec3eafbd3"
	case "pager":
		return "8edc26a826ddc383"
	case "chart":
		return "5008ba3c4f008a43"
	}
	return ""
}

// Fingerprint identifies the parse tree of the named template of t, or is
// "" when t has none.
func Fingerprint(t *template.Template, name string) string {
	x := t.Lookup(name)
	if x == nil || x.Tree == nil || x.Tree.Root == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(x.Tree.Root.String()))
	return hex.EncodeToString(sum[:8])
}

// Writer writes the built-in layouts for one site: it holds the theme's
// addresses as the layouts write them, escaped once, and the tag links
// written so far.
type Writer struct {
	basePath                                 string
	icon, siteCSS, codeCSS, codeJS, searchJS string
	chartScripts                             string // every <script> of a page with charts
	home, tagsIndex                          string // {{url ""}} and {{url "tags/"}}
	tagLinks                                 sync.Map
	tagLinkCount                             atomic.Int32
}

// chartAssets are the scripts base.html loads on a page with charts, in
// order: ECharts, then the theme's chart scripts in one file
// (themes.ChartBundle).
func chartAssets() []string {
	return []string{"echarts.min.js", "charts.js"}
}

// New returns the writer of a site at basePath whose theme's assets are at
// the paths asset returns (as layout.Funcs takes them), or nil when an
// asset base.html names is missing: the built-in base.html would fail, and
// executed as a template it says so.
func New(basePath string, asset func(name string) (string, bool)) *Writer {
	url := func(name string) (string, bool) {
		p, ok := asset(name)
		return string(htmlesc.AppendURL(nil, basePath+p)), ok
	}
	w := &Writer{
		basePath:  basePath,
		home:      string(htmlesc.AppendURL(nil, basePath)),
		tagsIndex: string(htmlesc.AppendURL(nil, basePath+"tags/")),
	}
	ok := true
	for _, x := range []struct {
		to   *string
		name string
	}{{&w.icon, "favicon.svg"}, {&w.siteCSS, "site.css"}, {&w.codeCSS, "code.css"}, {&w.codeJS, "code.js"}, {&w.searchJS, "search.js"}} {
		var found bool
		*x.to, found = url(x.name)
		ok = ok && found
	}
	var scripts strings.Builder
	for _, name := range chartAssets() {
		u, found := url(name)
		ok = ok && found
		scripts.WriteString("\n<script src=\"" + u + "\" defer></script>")
	}
	w.chartScripts = scripts.String()
	if !ok {
		return nil
	}
	return w
}

// Main is the writer of the "main" template of the layout of kind ("page",
// "home" or "tag"), or nil for a kind it has none for. The writers of
// "home" and "tag" also write list.html's "page-list" and pager.html's
// "pager".
func (w *Writer) Main(kind string) func(b []byte, d *layout.Page) []byte {
	switch kind {
	case "page":
		return w.pageMain
	case "home":
		return w.homeMain
	case "tag":
		return w.tagMain
	}
	return nil
}

// Page appends the page d to b: base.html written in Go around its "main",
// written by main, or executed from t when main is nil (a site theme's own
// layout of the kind). On an error it returns what it wrote so far, so the
// caller may use its buffer again.
func (w *Writer) Page(b []byte, main func([]byte, *layout.Page) []byte, t *template.Template, d *layout.Page) ([]byte, error) {
	b = w.base(b, d)
	if main != nil {
		b = main(b, d)
	} else {
		x := bytes.NewBuffer(b)
		if err := t.ExecuteTemplate(x, "main", d); err != nil {
			return x.Bytes(), err
		}
		b = x.Bytes()
	}
	return w.baseEnd(b, d), nil
}
