package render

// The built-in layouts written out in Go. html/template costs about a
// reflective call per action and per escaper, some 150 of them on a page
// and 30 per entry of a listing: a fifth of a build went there. For the
// templates that are exactly the built-in ones, execute writes the same
// bytes directly, escaping each value as html/template escapes it in its
// place (see internal/htmlesc).
//
// The layouts stay the definition: each Go writer (layoutfast_write.go) is
// used only while the parse tree of the template it mirrors is the one it
// was written from (fastFingerprints), so a site theme that overrides
// base.html, page.html, home.html, tag.html or list.html gets its own
// template executed, and an edit of the built-in layouts turns the writer
// off until it is updated (TestFastLayoutsInUse says so).
// TestFastLayoutsSameBytes holds the two paths to the same output.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scalesite/scalesite/internal/htmlesc"
)

// fastFingerprints are the fingerprints (templateFingerprint) of the
// built-in templates the Go writers mirror: update them with the writers.
var fastFingerprints = map[string]string{
	"base":      "5e6cb43a754e9e48",
	"page":      "643b736d219c93ac", // its "main"
	"home":      "10fb5a0d7221422e",
	"tag":       "4f3195be7da6020f",
	"page-list": "7a69b8c81e18c5c2",
}

// templateFingerprint identifies the parse tree of the named template of t,
// or is "" when t has none.
func templateFingerprint(t *template.Template, name string) string {
	x := t.Lookup(name)
	if x == nil || x.Tree == nil || x.Tree.Root == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(x.Tree.Root.String()))
	return hex.EncodeToString(sum[:8])
}

// fastLayouts writes one kind of page whose "base" template is the
// built-in one.
type fastLayouts struct {
	// main writes the kind's "main" template, nil when that is not the
	// built-in one: it is executed as a template then.
	main func(b []byte, f *fastAssets, d *PageData) []byte
	*fastAssets
}

// fastAssets are the theme's addresses as the built-in layouts write them,
// escaped, and the tag links written so far.
type fastAssets struct {
	basePath                                 string
	icon, siteCSS, codeCSS, codeJS, searchJS string
	chartScripts                             string // every <script> of a page with charts
	home, tagsIndex                          string // {{url ""}} and {{url "tags/"}}
	tagLinks                                 sync.Map
	tagLinkCount                             atomic.Int32
}

// fastChartAssets are the scripts base.html loads on a page with charts, in order.
var fastChartAssets = []string{"echarts.min.js", "format.js", "ticks.js", "labels.js", "colors.js", "chartlayout.js", "marks.js", "site.js", "export.js"}

// newFastLayouts returns the Go writers of the page kinds whose "base"
// template is the built-in one: the other kinds are executed as templates.
func newFastLayouts(t *theme, basePath string) map[string]*fastLayouts {
	asset := func(name string) (string, bool) {
		a, ok := t.assets[name]
		return string(htmlesc.AppendURL(nil, basePath+a.Path)), ok
	}
	fa := &fastAssets{
		basePath:  basePath,
		home:      string(htmlesc.AppendURL(nil, basePath)),
		tagsIndex: string(htmlesc.AppendURL(nil, basePath+"tags/")),
	}
	ok := true
	for _, x := range []struct {
		to   *string
		name string
	}{{&fa.icon, "favicon.svg"}, {&fa.siteCSS, "site.css"}, {&fa.codeCSS, "code.css"}, {&fa.codeJS, "code.js"}, {&fa.searchJS, "search.js"}} {
		var found bool
		*x.to, found = asset(x.name)
		ok = ok && found
	}
	var scripts strings.Builder
	for _, name := range fastChartAssets {
		u, found := asset(name)
		ok = ok && found
		scripts.WriteString("\n<script src=\"" + u + "\" defer></script>")
	}
	fa.chartScripts = scripts.String()
	if !ok {
		return nil // the built-in base.html would fail: let it say so
	}
	mains := map[string]func([]byte, *fastAssets, *PageData) []byte{"page": fastPageMain, "home": fastHomeMain, "tag": fastTagMain}
	out := map[string]*fastLayouts{}
	for kind, k := range t.kinds {
		if templateFingerprint(k, "base") != fastFingerprints["base"] {
			continue
		}
		f := &fastLayouts{fastAssets: fa}
		if m := mains[kind]; m != nil && templateFingerprint(k, "main") == fastFingerprints[kind] &&
			(kind == "page" || templateFingerprint(k, "page-list") == fastFingerprints["page-list"]) {
			f.main = m
		}
		out[kind] = f
	}
	return out
}

// fastBufPool holds the buffers pages are written into before they are copied
// out at their size.
var fastBufPool = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

// fastMaxPooled is the largest buffer put back in fastBufPool.
const fastMaxPooled = 4 << 20

// executeFast writes the page of kind with the built-in "base" template
// written in Go, and the kind's "main" template in Go too when it is the
// built-in one.
func (t *theme) executeFast(f *fastLayouts, kind string, d *PageData) ([]byte, error) {
	bp := fastBufPool.Get().(*[]byte)
	b := fastBase(f, d, (*bp)[:0])
	if f.main != nil {
		b = f.main(b, f.fastAssets, d)
	} else {
		w := bytes.NewBuffer(b)
		if err := t.kinds[kind].ExecuteTemplate(w, "main", d); err != nil {
			*bp = w.Bytes()[:0]
			fastBufPool.Put(bp)
			return nil, err
		}
		b = w.Bytes()
	}
	b = fastBaseEnd(f, d, b)
	out := make([]byte, len(b))
	copy(out, b)
	if cap(b) <= fastMaxPooled {
		*bp = b[:0]
		fastBufPool.Put(bp)
	}
	return out, nil
}
