package texbox

import (
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/katex"
)

// render is KaTeX's HTML of tex, inline.
func render(t testing.TB, tex string) string {
	t.Helper()
	r, err := katex.Render(tex, false)
	if err != nil {
		t.Fatalf("%s: %v", tex, err)
	}
	return r.HTML
}

// TestLayoutRefuses: what texbox cannot lay out as the browser does is an
// error naming it, never a formula drawn wrong. (TestTexboxMatchesChromium
// in e2e checks what it can.)
func TestLayoutRefuses(t *testing.T) {
	for _, c := range []struct{ tex, want string }{
		{`\color{red}{x}`, "style color: red"},
		{`\textcolor{blue}{x}`, "style color: blue"},
		{`\boxed{x}`, `class "boxpad"`},
		{`\begin{pmatrix}a&b\\c&d\end{pmatrix}`, `class "mtable"`},
		{`a\\b`, `class "newline"`},
		{`\sout{x}`, `class "sout"`},
		{`\fbox{x}`, `class "boxpad"`},
		{`\colorbox{red}{x}`, `style property "background-color"`},
		{`\rule{1em}{2em}`, `style property "border-right-width"`},
		{`\vdots`, `style property "border-right-width"`},
		{`\cancel{x}`, "<svg>"},
		{`\text{日本}`, `class "cjk_fallback"`},
	} {
		_, err := Layout(render(t, c.tex), 16)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s", c.tex, err, c.want)
		}
	}
}

// TestLayoutBadHTML: HTML that is not KaTeX's, or that texbox does not
// know, is an error.
func TestLayoutBadHTML(t *testing.T) {
	const base = `<span class="katex"><span class="katex-html"><span class="base">%s</span></span></span>`
	for _, c := range []struct{ html, want string }{
		{`<b>x</b>`, "no katex-html"},
		{strings.Replace(base, "%s", `<img src="x">`, 1), "<img>"},
		{strings.Replace(base, "%s", `<span style="margin-right:2px">x</span>`, 1), "in px"},
		{strings.Replace(base, "%s", `<span style="float:left">x</span>`, 1), `"float"`},
		{strings.Replace(base, "%s", `<span class="sizing size3">x</span>`, 1), "reset-size"},
		{strings.Replace(base, "%s", `<span class="vlist-t"><span class="x">y</span></span>`, 1), "vlist-r"},
		{strings.Replace(base, "%s", `<span class="vlist-t"><span class="vlist-r"><span class="vlist" style="height:1em"><span style="top:-3em"><span>x</span></span></span></span></span>`, 1), "pstrut"},
		{strings.Replace(base, "%s", `<span class="frac-line" style="border-bottom-width:0.04em"></span>`, 1), "unknown width"},
		{strings.Replace(base, "%s", `<span class="mord mathnormal">ㄱ</span>`, 1), "no glyph"},
		{strings.Replace(base, "%s", `<span class="amsrm textbf">x</span>`, 1), "no bold upright face of KaTeX_AMS"},
	} {
		_, err := Layout(c.html, 16)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.html, err, c.want)
		}
	}
	if _, err := Layout(render(t, "x"), math.NaN()); err == nil {
		t.Error("a NaN font size: no error")
	}
}

// TestDrawingsReachTheirEdges: a square root's bar and a stretchy
// arrow's shaft run to the far edge of their drawing's viewport, cut
// there (their paths run 400 em on); a wide accent fills its viewport.
func TestDrawingsReachTheirEdges(t *testing.T) {
	for _, tex := range []string{`\sqrt{xyz}`, `\overrightarrow{AB}`, `\widehat{xyz}`, `\sqrt{\frac{a}{b}}`} {
		b, err := Layout(render(t, tex), 16)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Drawings) != 1 || len(b.shapes) != 1 {
			t.Fatalf("%s: %d drawings", tex, len(b.Drawings))
		}
		v, ink := b.Drawings[0], b.shapes[0].path().Bounds()
		if math.Abs(ink.X1-(v.X+v.W)) > 0.3 || ink.X0 < v.X-1e-9 || ink.X0 > v.X+0.3*v.W {
			t.Errorf("%s: ink from x %.2f to %.2f, its viewport %.2f to %.2f", tex, ink.X0, ink.X1, v.X, v.X+v.W)
		}
		if ink.Y0 < v.Y-1e-9 || ink.Y1 > v.Y+v.H+1e-9 {
			t.Errorf("%s: ink from y %.2f to %.2f, outside its viewport %.2f to %.2f", tex, ink.Y0, ink.Y1, v.Y, v.Y+v.H)
		}
	}
}

// TestLayoutScales: a formula at twice the font size is twice as large,
// and sits on the same baseline.
func TestLayoutScales(t *testing.T) {
	h := render(t, `L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}`)
	a, err := Layout(h, 16)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Layout(h, 32)
	if err != nil {
		t.Fatal(err)
	}
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	if !near(2*a.Width, b.Width) || !near(2*a.Ascent, b.Ascent) || !near(2*a.Descent, b.Descent) {
		t.Errorf("at 16 px %.3f × %.3f + %.3f, at 32 px %.3f × %.3f + %.3f", a.Width, a.Ascent, a.Descent, b.Width, b.Ascent, b.Descent)
	}
	// Chromium snaps the fraction bar to whole px (1 px at both sizes)
	if len(a.Rules) != 1 || a.Rules[0].H != 1 || b.Rules[0].H != 1 {
		t.Errorf("fraction bars %+v and %+v, want 1 px thick", a.Rules, b.Rules)
	}
	for i := range a.Glyphs {
		if !near(2*a.Glyphs[i].X, b.Glyphs[i].X) || !near(2*a.Glyphs[i].Y, b.Glyphs[i].Y) {
			t.Errorf("glyph %d at %.3f, %.3f and %.3f, %.3f", i, a.Glyphs[i].X, a.Glyphs[i].Y, b.Glyphs[i].X, b.Glyphs[i].Y)
		}
	}
	if a.Glyphs[0].Rune != 'L' || a.Glyphs[0].Font != "KaTeX_Math-Italic" || !near(a.Glyphs[0].Size, 16*KatexScale) {
		t.Errorf("the first glyph is %q in %s at %.3f px", a.Glyphs[0].Rune, a.Glyphs[0].Font, a.Glyphs[0].Size)
	}
}

// FuzzLayout lays out KaTeX's HTML of fuzzed TeX: it may refuse, never
// panic, and what it lays out is finite.
func FuzzLayout(f *testing.F) {
	for _, tex := range []string{`L(N) = (N_c/N)^{\alpha_N}`, `\sqrt[3]{\frac{a}{b}}`, `\hat{x}\vec{y}\widehat{z}`,
		`\left(\sum_{i=1}^n\right)`, `\overrightarrow{AB}\phantom{x}`, `\mathbf{W}\text{é}`, `x^{y^{z^{w}}}`} {
		f.Add(tex)
	}
	f.Fuzz(func(t *testing.T, tex string) {
		r, err := katex.Render(tex, false)
		if err != nil {
			return
		}
		checkLayout(t, r.HTML)
	})
}

// FuzzLayoutHTML lays out fuzzed HTML, seeded with KaTeX's: it may refuse,
// never panic.
func FuzzLayoutHTML(f *testing.F) {
	for _, tex := range []string{`N^{-\alpha_N}`, `\sqrt{x}`, `\frac{\beta}{\alpha+\beta}`, `\widehat{xy}`, `\vec{x}`} {
		r, err := katex.Render(tex, false)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(r.HTML)
	}
	f.Fuzz(func(t *testing.T, h string) { checkLayout(t, h) })
}

func checkLayout(t *testing.T, h string) {
	b, err := Layout(h, 16)
	if err != nil {
		return
	}
	if !finite(b.Width, b.Ascent, b.Descent) {
		t.Fatalf("a box of %g × %g + %g", b.Width, b.Ascent, b.Descent)
	}
	for _, g := range b.Glyphs {
		if !finite(g.X, g.Y, g.Size) {
			t.Fatalf("a glyph at %g, %g, %g px", g.X, g.Y, g.Size)
		}
	}
	for _, r := range append(b.Rules, b.Drawings...) {
		if !finite(r.X, r.Y, r.W, r.H) {
			t.Fatalf("a rule or drawing at %+v", r)
		}
	}
	if _, err := b.Outline(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLayout is the time to typeset one chart title from KaTeX's
// HTML: laid out, and its outline built.
func BenchmarkLayout(b *testing.B) {
	h := render(b, `L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}`)
	if _, err := faces(); err != nil {
		b.Fatal(err)
	}
	b.Run("layout", func(b *testing.B) {
		for b.Loop() {
			if _, err := Layout(h, 16); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("layout+outline", func(b *testing.B) {
		for b.Loop() {
			box, err := Layout(h, 16)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := box.Outline(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sqrt", func(b *testing.B) {
		h := render(b, `\sqrt{\frac{1}{N}} + \overrightarrow{AB}`)
		for b.Loop() {
			box, err := Layout(h, 16)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := box.Outline(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
