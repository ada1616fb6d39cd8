package e2e

// TestTexboxMatchesChromium is texbox's decisive test: Chromium lays out
// KaTeX's HTML with katex.css and KaTeX's fonts, and every glyph texbox
// places, and the width of each formula, must be where Chromium puts it.

import (
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/texbox"
)

// texboxFormulas are the formulas texbox must lay out as Chromium does:
// what a chart title of a scaling-law paper holds.
var texboxFormulas = []string{
	`L(N) = (N_c/N)^{\alpha_N}`,
	`N^{-\alpha_N}`,
	`\frac{\beta}{\alpha+\beta}`,
	`\sqrt{x}`,
	`\left(\frac{a}{b}\right)`,
	`L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}`,
	`x^{y^{z}} + x_{i_j}`,
	`\log N + \exp(-x) + \min_i z_i`,
	`\hat{\theta} + \tilde{y} + \bar{x}`,
	`a \cdot b \times c \approx d \propto e \le f`,
	`\mathrm{d}x \, \text{loss } \mathbf{W}`,
	`\Big( \bigg[ x \bigg] \Big)`,
	`a\,b\;c\quad d\!e \qquad f`,
	`\sqrt{\frac{1}{N}} + \sqrt[3]{x}`,
	`L(N, D) = E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}}`,
	`\left[ \sum_{i=1}^{n} x_i \right]`,
	`C \approx 6ND`,
	`\mathcal{L}(\theta) = \mathbb{E}[\ell]`,
	`\widehat{xyz} + \overrightarrow{AB}`,
	`\left(\frac{\frac{a}{b}}{\frac{c}{d}}\right)`,
}

func TestTexboxMatchesChromium(t *testing.T) {
	browserTest(t)
	dir := t.TempDir()
	for _, f := range katex.Files() {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type tcase struct {
		tex  string
		size float64
		box  *texbox.Box
	}
	var cases []tcase
	var page strings.Builder
	page.WriteString(`<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="katex.min.css"><body style="margin:8px">`)
	for _, tex := range texboxFormulas {
		r, err := katex.Render(tex, false)
		if err != nil {
			t.Fatalf("%s: %v", tex, err)
		}
		for _, size := range []float64{16, 20} {
			b, err := texbox.Layout(r.HTML, size)
			if err != nil {
				t.Fatalf("%s at %g px: %v", tex, size, err)
			}
			cases = append(cases, tcase{tex, size, b})
			// the marker, an empty inline block, has its bottom on the
			// formula's baseline and its left where the formula starts
			fmt.Fprintf(&page, `<div class="case" style="font-size:%gpx;line-height:3;white-space:nowrap" title="%s"><span class="mark" style="display:inline-block;width:0;height:0"></span>%s</div>`,
				size, html.EscapeString(tex), r.HTML)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	url := serve(t, dir)
	tb := newBrowser(t).tab(t)
	// Each case: its width (the katex-html span) and, for each character
	// drawn (text nodes outside the MathML and the vlists' zero-width
	// spacers), its box from a Range, relative to the marker.
	const measure = `(async () => {
		await document.fonts.ready;
		await Promise.all([...document.fonts].map(f => f.status === 'loaded' ? f : f.load()));
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
		return [...document.querySelectorAll('.case')].map(c => {
			const m = c.querySelector('.mark').getBoundingClientRect();
			const h = c.querySelector('.katex-html');
			const out = {w: h.getBoundingClientRect().width, glyphs: [], struts: []};
			for (const s of h.querySelectorAll('.strut')) {
				const r = s.getBoundingClientRect();
				out.struts.push([r.top - m.bottom, r.bottom - m.bottom]);
			}
			const walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				if (n.parentElement.closest('.vlist-s')) continue;
				let i = 0;
				for (const ch of n.data) {
					const range = document.createRange();
					range.setStart(n, i);
					range.setEnd(n, i + ch.length);
					const r = range.getClientRects()[0];
					out.glyphs.push({ch, x: r.left - m.left, w: r.width, top: r.top - m.bottom, bottom: r.bottom - m.bottom});
					i += ch.length;
				}
			}
			return out;
		});
	})()`
	type glyphBox struct {
		Ch                string
		X, W, Top, Bottom float64
	}
	type caseBox struct {
		W      float64
		Glyphs []glyphBox
		Struts [][2]float64
	}
	var got []caseBox
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url+"/index.html"),
		chromedp.Evaluate(measure, &got, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(cases) {
		t.Fatalf("Chromium measured %d formulas, want %d", len(got), len(cases))
	}
	const tol = 0.5
	var worstX, worstY, worstW, glyphs float64
	for i, c := range cases {
		b, g := c.box, got[i]
		name := fmt.Sprintf("%s at %g px", c.tex, c.size)
		if math.Abs(b.Width-g.W) > tol {
			t.Errorf("%s: width %.2f px, Chromium %.2f", name, b.Width, g.W)
		}
		if len(b.Glyphs) != len(g.Glyphs) {
			t.Errorf("%s: %d glyphs, Chromium draws %d", name, len(b.Glyphs), len(g.Glyphs))
			continue
		}
		for j, want := range g.Glyphs {
			have := b.Glyphs[j]
			// Chromium's box of a character spans the font's ascent and
			// descent, each rounded to a whole px, about the baseline
			base := want.Bottom - math.Round(have.Descent)
			worstX = max(worstX, math.Abs(have.X-want.X))
			worstY = max(worstY, math.Abs(have.Y-base))
			worstW = max(worstW, math.Abs(b.Width-g.W))
			glyphs++
			if string(have.Rune) != want.Ch || math.Abs(have.X-want.X) > tol || math.Abs(have.Advance-want.W) > tol || math.Abs(have.Y-base) > tol {
				t.Errorf("%s: glyph %d %q at %.2f, %.2f (advance %.2f); Chromium %q at %.2f, %.2f (width %.2f; box %.2f to %.2f)",
					name, j, have.Rune, have.X, have.Y, have.Advance, want.Ch, want.X, base, want.W, want.Top, want.Bottom)
			}
		}
	}
	t.Logf("%d formulas, %.0f glyphs: worst glyph x %.3f px, baseline %.3f px, formula width %.3f px", len(cases), glyphs, worstX, worstY, worstW)
}
