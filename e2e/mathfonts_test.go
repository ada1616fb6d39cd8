package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// mathFontsJS reports the KaTeX fonts a page preloads and those the
// browser loaded for its text, as file names (KaTeX_Main-Regular.woff2).
const mathFontsJS = `
const file = f => f.family.replace(/"/g, '') + '-' + ({'400normal': 'Regular', '700normal': 'Bold', '400italic': 'Italic', '700italic': 'BoldItalic'}[f.weight + f.style] || f.weight + f.style) + '.woff2';
const loaded = [];
document.fonts.forEach(f => { if (f.family.replace(/"/g, '').startsWith('KaTeX_') && f.status === 'loaded') loaded.push(file(f)); });
return {Preloaded: [...document.querySelectorAll('link[rel=preload][as=font]')].map(l => l.href).filter(h => h.includes('/katex')).map(h => h.replace(/^.*\//, '')).sort(),
  Loaded: [...new Set(loaded)].sort()};`

// TestKaTeXFontsPreloaded opens pages whose chart title, title, headings
// and links hold TeX in Chromium: each preloads the KaTeX fonts its text
// is drawn in, so that they are there for the first layout (KaTeX's
// fonts hide their text until they arrive, then move it), and no font it
// does not draw in; each font is fetched once (the preload is the fetch
// the stylesheet's @font-face uses, which it is only when their modes
// match: crossorigin).
func TestKaTeXFontsPreloaded(t *testing.T) {
	files := map[string]string{
		"scalesite.yaml": "title: Lab\n",
		"content/a.md": "---\ntitle: Chart\ndate: 2025-01-03\n---\nText.\n\n" +
			"```chart\ntitle: 'Loss falls as $a N^{b}$'\nsubtitle: 'Fitted on $\\mathbb{R}$'\ndata: k.csv\nx: {field: n, scale: log}\ny: loss\n```\n",
		"content/x.md":         "---\ntitle: 'The $x$'\ndate: 2026-01-01\n---\nText.\n",
		"content/subscript.md": "---\ntitle: 'The $x_i$'\ndate: 2020-01-01\n---\nText.\n",
		"content/k.csv":        "n,loss\n1e6,4.1\n1e7,3.5\n1e8,3.0\n",
	}
	for k, v := range texTitleSite {
		if k != "scalesite.yaml" {
			files[k] = v
		}
	}
	base := buildSite(t, files)
	b := newBrowser(t)
	for _, tt := range []struct {
		path string
		want []string
	}{
		// the chart's title and subtitle, and the older page's title in
		// the link to it
		{"/a/", []string{"KaTeX_AMS-Regular.woff2", "KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// its title, headings and contents
		{"/loss/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		{"/plain/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		{"/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// only its title holds TeX, x_i
		{"/subscript/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// a lone x: KaTeX_Main too, for the formula's own box (.katex)
		{"/x/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
	} {
		tb := b.tab(t)
		var ok bool
		if err := chromedp.Run(tb.ctx, chromedp.Navigate(base+tt.path),
			chromedp.Poll(`document.readyState === 'complete' && document.fonts.status === 'loaded'`, &ok, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		var got struct{ Preloaded, Loaded []string }
		if err := tb.evalJSON(mathFontsJS, &got); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Preloaded, tt.want) {
			t.Errorf("%s preloads %q, want %q", tt.path, got.Preloaded, tt.want)
		}
		// on these pages every formula is in a title: what was drawn is
		// what was preloaded
		if !slices.Equal(got.Loaded, got.Preloaded) {
			t.Errorf("%s: Chromium loaded the KaTeX fonts %q for its text, and the page preloads %q", tt.path, got.Loaded, got.Preloaded)
		}
		counts := map[string]int{}
		for _, r := range tb.requestsSnapshot() {
			if strings.Contains(r, "/fonts/KaTeX_") {
				counts[r[strings.LastIndex(r, "/")+1:]]++
			}
		}
		for _, f := range got.Preloaded {
			if n := counts[f]; n != 1 {
				t.Errorf("%s: %s fetched %d times, want once: the preload is not the fetch @font-face uses", tt.path, f, n)
			}
		}
	}
}
