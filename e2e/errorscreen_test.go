package e2e

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// contrastJS returns, for every element matched by the selector held in
// the variable sel that has text of its own, the WCAG 2.x contrast ratio of
// its computed text colour against the colour behind it (its own and its
// ancestors' computed backgrounds, composited over the canvas, white or,
// under a dark color-scheme, Chromium's dark canvas): the least of them,
// with the element's text, colour and background for the message.
const contrastJS = `
const parse = s => { const m = s.match(/rgba?\(([^)]*)\)/); if (!m) return null;
	const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
const over = (top, under) => { const a = top[3]; return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
const lum = c => { const l = v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
	return 0.2126 * l(c[0]) + 0.7152 * l(c[1]) + 0.0722 * l(c[2]); };
const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const darkCanvas = getComputedStyle(document.documentElement).colorScheme.includes('dark') && matchMedia('(prefers-color-scheme: dark)').matches;
const canvas = darkCanvas ? [18, 18, 18, 1] : [255, 255, 255, 1];
const behind = el => { const layers = []; for (let e = el; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
	let c = canvas; for (let i = layers.length - 1; i >= 0; i--) if (layers[i]) c = over(layers[i], c); return c; };
let worst = null;
for (const el of document.querySelectorAll(sel)) {
	const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== '');
	if (!own) continue;
	const fg = over(parse(getComputedStyle(el).color), behind(el)), bg = behind(el);
	const r = ratio(fg, bg);
	if (!worst || r < worst.Ratio) worst = {Ratio: r, Text: el.textContent.slice(0, 60), Color: getComputedStyle(el).color, Background: 'rgb(' + bg.slice(0, 3).map(Math.round).join(', ') + ')'};
}
return worst;`

type contrast struct {
	Ratio                   float64
	Text, Color, Background string
}

// TestErrorScreenContrast: the preview's error screens meet WCAG AA (4.5:1
// for text) in the light and the dark scheme: the overlay a page shows
// when a save does not build (over the theme's stylesheet, which gives pre
// a pale background in the light scheme), and the page served while no
// build has succeeded yet.
func TestErrorScreenContrast(t *testing.T) {
	const good = "---\ntitle: Runs\ndescription: Runs.\n---\nLoss falls.\n\n```chart\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\n```\n"
	const broken = "---\ntitle: Runs\ndescription: Runs.\n---\nLoss falls.\n\n```chart\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\nserie: x\n```\n"
	b := newBrowser(t)
	tests := []struct {
		name   string
		page   string // the page the preview starts with
		broken bool   // the page is broken after it is shown
		sel    string // the error screen's elements
		wait   string // true once the error screen shows
	}{
		{"overlay", good, true, "#scalesite-error-overlay, #scalesite-error-overlay *", "!!document.getElementById('scalesite-error-overlay')"},
		{"not built", broken, false, "body, body *", "document.title.includes('not built') && document.body.innerText.includes('unknown key')"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := sitetest.New(t, map[string]string{
				"scalesite.yaml":   "title: T\ndescription: A site.\n",
				"content/index.md": "---\ntitle: Home\n---\nHome.\n",
				"content/runs.md":  tc.page,
			})
			hs := startPreview(t, dir, io.Discard)
			tb := b.tab(t)
			if tc.broken {
				tb.open(t, hs.URL+"/runs/", 1)
				tb.waitLive(t)
				if err := os.WriteFile(filepath.Join(dir, "content", "runs.md"), []byte(broken), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err := chromedp.Run(tb.ctx, chromedp.Navigate(hs.URL+"/runs/")); err != nil {
				t.Fatal(err)
			}
			tb.poll(t, "the error screen never showed", tc.wait)
			for _, scheme := range []string{"light", "dark"} {
				var worst *contrast
				err := chromedp.Run(tb.ctx,
					emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}))
				if err != nil {
					t.Fatal(err)
				}
				tb.eval(t, "const sel = "+jsString(tc.sel)+";"+contrastJS, &worst)
				switch {
				case worst == nil:
					t.Errorf("%s scheme: no text found in %s", scheme, tc.sel)
				case worst.Ratio < 4.5:
					t.Errorf("%s scheme: %q is %s on %s, a contrast of %.2f:1, below WCAG AA's 4.5:1", scheme, worst.Text, worst.Color, worst.Background, worst.Ratio)
				default:
					t.Logf("%s scheme: least contrast %.2f:1 (%s on %s)", scheme, worst.Ratio, worst.Color, worst.Background)
				}
			}
			tb.saveScreenshot(t, "serve-error-screen-"+strings.ReplaceAll(tc.name, " ", "-"))
		})
	}
}
