package e2e

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
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

// TestKaTeXFontsPreloaded opens pages whose prose, chart title, title,
// headings and links hold TeX in Chromium: each preloads the KaTeX fonts
// its text is drawn in, so that they are there for the first layout
// (KaTeX's fonts hide their text until they arrive, then move it and all
// below it), and no font it does not draw in; each font is fetched once
// (the preload is the fetch the stylesheet's @font-face uses, which it is
// only when their modes match: crossorigin); and nothing on the page moves
// from its first layout until its fonts have loaded, each page opened
// afresh (no font in a cache) over a connection of 40 ms latency, where
// the prose page's fonts arrived after its first layout without their
// preloads (a layout shift of 0.029; the demo's math page shifted 0.049
// at 1200 px).
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
	// formulas in the prose of a page alone (no title in TeX beside it),
	// at its top, in lines of text that wrap, and text below
	prose := buildSite(t, map[string]string{
		"scalesite.yaml": "title: Lab\n",
		"content/prose.md": "---\ntitle: Prose\n---\n" +
			strings.Repeat("The loss $\\mathcal{L}$ of a model of $N$ parameters trained on $D$ tokens falls as $E + A/N^{\\alpha}$, ", 3) + "so\n\n" +
			"$$\n\\mathcal{L}(N, D) = E + \\left( \\frac{N_c}{N} \\right)^{\\alpha_N} + \\frac{B}{D^{\\beta}},\n$$\n\n" +
			strings.Repeat("and the text below the formula moves when its fonts arrive late. ", 12) + "\n",
	})
	b := newBrowser(t)
	for _, tt := range []struct {
		site, path string
		want       []string
	}{
		// the chart's title and subtitle, and the older page's title in
		// the link to it
		{base, "/a/", []string{"KaTeX_AMS-Regular.woff2", "KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// its title, headings and contents
		{base, "/loss/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		{base, "/plain/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		{base, "/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// only its title holds TeX, x_i
		{base, "/subscript/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// a lone x: KaTeX_Main too, for the formula's own box (.katex)
		{base, "/x/", []string{"KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2"}},
		// its prose: \mathcal, and the display's delimiters (KaTeX_Size3)
		{prose, "/prose/", []string{"KaTeX_Caligraphic-Regular.woff2", "KaTeX_Main-Regular.woff2", "KaTeX_Math-Italic.woff2", "KaTeX_Size3-Regular.woff2"}},
	} {
		tb := b.freshTab(t)
		var ok bool
		var shifts string
		if err := chromedp.Run(tb.ctx, slowNetwork(40), watchShifts(),
			chromedp.Navigate(tt.site+tt.path),
			chromedp.Poll(`document.readyState === 'complete' && document.fonts.status === 'loaded'`, &ok, chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Evaluate(shiftReadJS, &shifts, awaitPromise)); err != nil {
			t.Fatalf("%s: %v", tt.path, err)
		}
		var got struct{ Preloaded, Loaded []string }
		if err := tb.evalJSON(mathFontsJS, &got); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Preloaded, tt.want) {
			t.Errorf("%s preloads %q, want %q", tt.path, got.Preloaded, tt.want)
		}
		// what was drawn is what was preloaded
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
		var read shiftRead
		if err := json.Unmarshal([]byte(shifts), &read); err != nil {
			t.Fatal(err)
		}
		for _, e := range read.Entries {
			t.Errorf("%s: layout shift %.4f before its fonts had loaded (%s)", tt.path, e.V, strings.Join(e.Nodes, ", "))
		}
	}
}

// freshTab opens a tab in a browser context of its own: nothing another
// tab loaded (a font) is in its caches.
func (b *browser) freshTab(t *testing.T) *tab {
	t.Helper()
	exec := cdp.WithExecutor(b.ctx, chromedp.FromContext(b.ctx).Browser)
	bc, err := target.CreateBrowserContext().Do(exec)
	if err != nil {
		t.Fatalf("making a browser context: %v", err)
	}
	id, err := target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).WithWidth(1280).WithHeight(900).Do(exec)
	if err != nil {
		t.Fatalf("opening a tab in it: %v", err)
	}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(id))
	t.Cleanup(func() {
		cancel()
		_ = target.DisposeBrowserContext(bc).Do(exec)
	})
	return recordTab(t, ctx)
}

// slowNetwork gives every response of the tab ms of latency, as a reader's
// connection has: a file the page asks for late (a font found at layout)
// arrives after the first layout, as it does for a reader.
func slowNetwork(ms float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if err := network.SetCacheDisabled(true).Do(ctx); err != nil {
			return err
		}
		_, err := network.EmulateNetworkConditionsByRule([]*network.Conditions{{Latency: ms, DownloadThroughput: -1, UploadThroughput: -1}}).Do(ctx)
		return err
	})
}

// watchShifts records the layout shifts of the pages the tab opens from
// their start (shiftProbeJS), for shiftReadJS to read.
func watchShifts() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(shiftProbeJS).Do(ctx)
		return err
	})
}
