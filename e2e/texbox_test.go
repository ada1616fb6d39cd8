package e2e

// TestTexboxMatchesChromium is texbox's decisive test: Chromium lays out
// KaTeX's HTML with katex.css and KaTeX's fonts, and every glyph texbox
// places, and the width of each formula, must be where Chromium puts it.

import (
	"bytes"
	"fmt"
	"html"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/scalesite/scalesite/figure"
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
	`\left( \frac{\frac{\frac{a}{b}}{c}}{d} \right) \Bigg\{`,
	`\binom{n}{k} + \displaystyle\sum_{i=1}^n x_i + \int_0^1 f\,dx + \lim_{x\to 0}`,
	`\overline{x}\underline{y} + \vec{x}\dot{y} + \phantom{z}w`,
	`\mathsf{A}\mathtt{B}\mathfrak{C}\mathscr{D} \boldsymbol{\alpha} \textbf{bold} \textit{it} \text{é}`,
	`x' \infty \sim \partial \nabla \{ x \} \|x\| \langle x \rangle`,
	`\operatorname{softmax}(z) \hspace{1em} \raisebox{0.5em}{x} \kern1em 10^{-3}`,
	`\sqrt{\sqrt{\sqrt{x}}} + \sqrt{\frac{\frac{a}{b}}{\frac{c}{d}}}`,
	`\overset{!}{=} \underset{x}{\arg\min} \stackrel{def}{=} \tfrac{1}{2}\dfrac{1}{2} \binom{N}{k}^2 \pmod{p}`,
	`\bigl( x \bigr) \Bigl\{ y \Bigr\} \left\| \frac{\frac{a}{b}}{\frac{c}{d}} \right\|`,
	`\left( \frac{\frac{\frac{\frac{a}{b}}{c}}{d}}{e} \right) \left\lfloor \frac{\frac{\frac{a}{b}}{c}}{d} \right\rceil \left\{ \frac{\frac{\frac{a}{b}}{c}}{d} \right\}`,
	`\prod_{i=1}^{n} \bigcup_i \oint \displaystyle\int_0^\infty \prod_{i=1}^{n}`,
	`f'(x) = \lim_{h \to 0} \frac{f(x+h)-f(x)}{h}`,
	`\mathring{a} \breve{b} \check{c} \acute{d} \grave{e} \ddot{x} \widetilde{abc} \overleftarrow{AB}`,
	`\sqrt[n]{x^2+y^2} + \sqrt{\frac{\frac{\frac{a}{b}}{c}}{d}}`,
	`\text{ a  b }x\text{ c }`,
	`\overleftrightarrow{AB} \xrightarrow{f} \xleftarrow[below]{above} \xRightarrow{f} \xleftrightarrow{g}`,
	`\overbrace{x+y}^{n} \underbrace{x+y}_n \overgroup{AB} \underleftarrow{x} \utilde{AB}`,
	`a \neq b \not\le c \llap{x}y \rlap{z}w \mathclap{v}u`,
}

// texboxCase is a formula at a font size, as texbox lays it out.
type texboxCase struct {
	tex, html string
	size      float64
	box       *texbox.Box
}

// texboxPage serves a page with KaTeX's stylesheet and fonts showing each
// of texboxFormulas at each of sizes, one a line, after a marker (an empty
// inline block, its bottom on the formula's baseline and its left where
// the formula starts), and returns its URL and the cases in page order.
func texboxPage(t *testing.T, sizes ...float64) (string, []texboxCase) {
	t.Helper()
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
	var cases []texboxCase
	var page strings.Builder
	page.WriteString(`<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="katex.min.css"><body style="margin:8px;background:#fff;color:#000">`)
	for _, tex := range texboxFormulas {
		r, err := katex.Render(tex, false)
		if err != nil {
			t.Fatalf("%s: %v", tex, err)
		}
		for _, size := range sizes {
			b, err := texbox.Layout(r.HTML, size)
			if err != nil {
				t.Fatalf("%s at %g px: %v", tex, size, err)
			}
			cases = append(cases, texboxCase{tex, r.HTML, size, b})
			fmt.Fprintf(&page, `<div class="case" style="font-size:%gpx;line-height:3;white-space:nowrap" title="%s"><span class="mark" style="display:inline-block;width:0;height:0"></span>%s</div>`,
				size, html.EscapeString(tex), r.HTML)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return serve(t, dir) + "/index.html", cases
}

// fontsLoaded waits for KaTeX's fonts and two frames.
const fontsLoaded = `await document.fonts.ready;
		await Promise.all([...document.fonts].map(f => f.status === 'loaded' ? f : f.load()));
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));`

func TestTexboxMatchesChromium(t *testing.T) {
	browserTest(t)
	url, cases := texboxPage(t, 16, 20)
	tb := newBrowser(t).tab(t)
	// Each case: its width (the katex-html span), its struts, rules and
	// drawings, and, for each character drawn (text nodes outside the
	// MathML, the vlists' zero-width spacers and \phantom), its box from
	// a Range, all relative to the marker.
	const measure = `(async () => {
		` + fontsLoaded + `
		return [...document.querySelectorAll('.case')].map(c => {
			const m = c.querySelector('.mark').getBoundingClientRect();
			const h = c.querySelector('.katex-html');
			const out = {w: h.getBoundingClientRect().width, glyphs: [], struts: [], rules: [], svgs: []};
			const rel = r => [r.left - m.left, r.top - m.bottom, r.width, r.height];
			for (const s of h.querySelectorAll('.frac-line, .overline-line, .underline-line')) {
				const r = s.getBoundingClientRect();
				const bw = parseFloat(getComputedStyle(s).borderBottomWidth);
				out.rules.push([r.left - m.left, r.bottom - bw - m.bottom, r.width, bw]);
			}
			for (const s of h.querySelectorAll('svg')) out.svgs.push(rel(s.getBoundingClientRect()));
			for (const s of h.querySelectorAll('.strut')) {
				const r = s.getBoundingClientRect();
				out.struts.push([r.top - m.bottom, r.bottom - m.bottom]);
			}
			const walk = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
			for (let n = walk.nextNode(); n; n = walk.nextNode()) {
				if (n.parentElement.closest('.vlist-s')) continue;
				if (getComputedStyle(n.parentElement).color === 'rgba(0, 0, 0, 0)') continue; // \phantom
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
		Rules  [][4]float64
		SVGs   [][4]float64
	}
	var got []caseBox
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url),
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
		worstW = max(worstW, math.Abs(b.Width-g.W))
		if math.Abs(b.Width-g.W) > tol {
			t.Errorf("%s: width %.2f px, Chromium %.2f", name, b.Width, g.W)
		}
		if a, d := strutExtent(g.Struts); math.Abs(b.Ascent-a) > tol || math.Abs(b.Descent-d) > tol {
			t.Errorf("%s: ascent %.2f, descent %.2f px; Chromium's struts %.2f, %.2f", name, b.Ascent, b.Descent, a, d)
		}
		compareRects(t, name+": rule", b.Rules, g.Rules, tol)
		compareRects(t, name+": drawing", b.Drawings, g.SVGs, tol)
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
			glyphs++
			if string(have.Rune) != want.Ch || math.Abs(have.X-want.X) > tol || math.Abs(have.Advance-want.W) > tol || math.Abs(have.Y-base) > tol {
				t.Errorf("%s: glyph %d %q at %.2f, %.2f (advance %.2f); Chromium %q at %.2f, %.2f (width %.2f; box %.2f to %.2f)",
					name, j, have.Rune, have.X, have.Y, have.Advance, want.Ch, want.X, base, want.W, want.Top, want.Bottom)
			}
		}
	}
	t.Logf("%d formulas, %.0f glyphs: worst glyph x %.3f px, baseline %.3f px, formula width %.3f px", len(cases), glyphs, worstX, worstY, worstW)
}

// strutExtent is the extent of a formula's struts above and below the
// baseline, from their boxes (top, bottom) relative to the baseline.
func strutExtent(struts [][2]float64) (ascent, descent float64) {
	for _, s := range struts {
		ascent, descent = max(ascent, -s[0]), max(descent, s[1])
	}
	return ascent, descent
}

// compareRects reports each rectangle of have (x, y, w, h) further than
// tol px from Chromium's.
func compareRects(t *testing.T, what string, have []texbox.Rect, want [][4]float64, tol float64) {
	t.Helper()
	if len(have) != len(want) {
		t.Errorf("%s: %d, Chromium %d", what, len(have), len(want))
		return
	}
	for i, w := range want {
		h := have[i]
		if math.Abs(h.X-w[0]) > tol || math.Abs(h.Y-w[1]) > tol || math.Abs(h.W-w[2]) > tol || math.Abs(h.H-w[3]) > tol {
			t.Errorf("%s %d at %.2f, %.2f, %.2f × %.2f; Chromium %.2f, %.2f, %.2f × %.2f", what, i, h.X, h.Y, h.W, h.H, w[0], w[1], w[2], w[3])
		}
	}
}

// TestTexboxInkMatchesChromium draws each formula, 40 px, with the figure
// writer (figure.WritePNG of a "tex" item) and compares its ink with
// Chromium's screenshot of KaTeX's HTML: an inked pixel of either with no
// inked pixel of the other within a pixel is a miss (a part left out, or
// drawn where the browser draws nothing); antialiasing and hinting move
// edges by less. Glyph positions are TestTexboxMatchesChromium's; this
// checks the ink: the right glyphs, and the rules and drawings whole.
func TestTexboxInkMatchesChromium(t *testing.T) {
	browserTest(t)
	const size, pad = 40, 4
	url, cases := texboxPage(t, size)
	tb := newBrowser(t).tab(t)
	var marks [][2]float64
	var shot []byte
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url),
		chromedp.Evaluate(`(async () => {
			`+fontsLoaded+`
			return [...document.querySelectorAll('.mark')].map(m => {
				const r = m.getBoundingClientRect();
				return [r.left + scrollX, r.bottom + scrollY];
			});
		})()`, &marks, awaitPromise),
		chromedp.FullScreenshot(&shot, 100)); err != nil {
		t.Fatal(err)
	}
	page, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if len(marks) != len(cases) {
		t.Fatalf("%d formulas on the page, want %d", len(marks), len(cases))
	}
	worst := 0.0
	for i, c := range cases {
		b := c.box
		x0, y0 := math.Floor(marks[i][0])-pad, math.Floor(marks[i][1]-b.Ascent)-pad
		w, h := math.Ceil(b.Width)+2*pad+1, math.Ceil(b.Ascent+b.Descent)+2*pad+1
		scene := &figure.Scene{Width: w, Height: h, Background: "#fff", Items: []figure.Item{{
			Kind: "tex", HTML: c.html, FontSize: size, Fill: "#000",
			X: marks[i][0] - x0, Y: marks[i][1] - y0,
		}}}
		var buf bytes.Buffer
		if err := figure.WritePNG(&buf, scene, figure.PNGOptions{}); err != nil {
			t.Fatalf("%s: %v", c.tex, err)
		}
		ours, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		theirs := func(x, y int) bool { return inked(page, int(x0)+x, int(y0)+y) }
		mine := func(x, y int) bool { return inked(ours, x, y) }
		ink, missed := 0, 0
		for y := range int(h) {
			for x := range int(w) {
				a, b := mine(x, y), theirs(x, y)
				if a {
					ink++
				}
				if a && !inkNear(theirs, x, y) || b && !inkNear(mine, x, y) {
					missed++
				}
			}
		}
		share := float64(missed) / float64(max(ink, 1))
		worst = max(worst, share)
		if ink == 0 || share > 0.02 {
			t.Errorf("%s: %d of %d inked pixels have no ink of Chromium's within a pixel (or the other way)", c.tex, missed, ink)
		}
	}
	t.Logf("%d formulas at %d px: at worst %.2f%% of the ink misses Chromium's", len(cases), size, 100*worst)
}

// inked reports whether the pixel at x, y is darker than mid-grey.
func inked(img image.Image, x, y int) bool {
	if !(image.Point{x, y}).In(img.Bounds()) {
		return false
	}
	r, g, b, _ := img.At(x, y).RGBA()
	return r+g+b < 3*0x8000
}

// inkNear reports whether ink has an inked pixel within one pixel of x, y.
func inkNear(ink func(x, y int) bool, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if ink(x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}
