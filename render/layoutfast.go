package render

// Which page kinds are written by the Go writers of the built-in layouts
// (package fastlayout) rather than executed as templates, and the buffers
// both write into.
//
// The layouts stay the definition: the writers are generated from them
// (go generate ./render/fastlayout), and a writer is used only while the
// parse tree of the theme's template is the built-in one it was generated
// from (fastlayout.Mirrors), so a site theme that overrides base.html,
// page.html, home.html, tag.html, list.html or pager.html gets its own
// template executed.

import (
	"bytes"
	"html/template"

	"github.com/scalesite/scalesite/render/fastlayout"
	"github.com/scalesite/scalesite/render/layout"
)

// fastLayouts writes one kind of page whose "base" template is the
// built-in one.
type fastLayouts struct {
	// main writes the kind's "main" template, nil when that is not the
	// built-in one: it is executed as a template then.
	main func(b []byte, d *layout.Page) ([]byte, error)
	*fastlayout.Writer
}

// newFastLayouts returns the Go writers of the page kinds whose "base"
// template is the built-in one, writing with w (nil: none): the other
// kinds are executed as templates.
func newFastLayouts(kinds map[string]*template.Template, w *fastlayout.Writer) map[string]*fastLayouts {
	if w == nil {
		return nil // the built-in base.html would fail: let it say so
	}
	out := map[string]*fastLayouts{}
	for kind, k := range kinds {
		if fastlayout.Fingerprint(k, "base") != fastlayout.Mirrors("base") {
			continue
		}
		f := &fastLayouts{Writer: w}
		if m := w.Main(kind); m != nil && fastlayout.Fingerprint(k, "main") == fastlayout.Mirrors(kind) &&
			(kind == "page" || fastlayout.Fingerprint(k, "page-list") == fastlayout.Mirrors("page-list") &&
				fastlayout.Fingerprint(k, "pager") == fastlayout.Mirrors("pager")) {
			f.main = m
		}
		out[kind] = f
	}
	return out
}

// executeFast writes the page of kind with the built-in "base" template
// written in Go, and the kind's "main" template in Go too when it is the
// built-in one.
func (t *theme) executeFast(f *fastLayouts, kind string, d *layout.Page) ([]byte, error) {
	bp := t.bufs.get()
	b, err := f.Page(*bp, f.main, t.kinds[kind], d)
	*bp = b
	if err != nil {
		t.bufs.put(bp)
		return nil, err
	}
	out := bytes.Clone(b)
	t.bufs.put(bp)
	return out, nil
}
