package katex

import (
	"slices"
	"strings"
	"testing"
)

// TestFonts checks the fonts of typeset formulas: KaTeX's markup followed
// through the stylesheet's font rules, as a browser's cascade does (e2e's
// TestKaTeXFontsPreloaded holds them to the fonts Chromium loads).
func TestFonts(t *testing.T) {
	const main, math = "fonts/KaTeX_Main-Regular.woff2", "fonts/KaTeX_Math-Italic.woff2"
	for _, tc := range []struct {
		tex  string
		want []string
	}{
		{`\text{Compute-optimal allocation}`, []string{main}},
		// .katex's own box is in KaTeX_Main
		{`x`, []string{main, math}},
		{`\text{a power law }{a \cdot C^{b}}`, []string{main, math}},
		// bold and italic nest: \textit inside \textbf is Main's bold italic
		{`\mathbf{x} + \textbf{\textit{y}}`, []string{"fonts/KaTeX_Main-Bold.woff2", "fonts/KaTeX_Main-BoldItalic.woff2", main}},
		{`\boldsymbol{\alpha}`, []string{main, "fonts/KaTeX_Math-BoldItalic.woff2"}},
		// an operator of the size of inline math (.op-symbol.small-op)
		{`\sum x`, []string{main, math, "fonts/KaTeX_Size1-Regular.woff2"}},
		{`\displaystyle\sum x`, []string{main, math, "fonts/KaTeX_Size2-Regular.woff2"}},
		{`\mathbb{R}`, []string{"fonts/KaTeX_AMS-Regular.woff2", main}},
		{`\mathcal{L}\mathfrak{g}`, []string{"fonts/KaTeX_Caligraphic-Regular.woff2", "fonts/KaTeX_Fraktur-Regular.woff2", main}},
		{`\texttt{t}\mathsf{s}`, []string{main, "fonts/KaTeX_SansSerif-Regular.woff2", "fonts/KaTeX_Typewriter-Regular.woff2"}},
		// Script has one face, drawn bold where bold is asked for
		{`\mathbf{\mathscr{S}}`, []string{main, "fonts/KaTeX_Script-Regular.woff2"}},
	} {
		r, err := Render(tc.tex, false)
		if err != nil {
			t.Fatalf("%s: %v", tc.tex, err)
		}
		if got := Fonts(r.HTML); !slices.Equal(got, tc.want) {
			t.Errorf("Fonts(%s) = %q, want %q", tc.tex, got, tc.want)
		}
	}
}

// TestFontsMarkup checks Fonts on markup around formulas: markup outside a
// formula is in no KaTeX font, and the MathML copy in none either.
func TestFontsMarkup(t *testing.T) {
	for _, tc := range []struct {
		name, markup string
		want         []string
	}{
		{"plain text", `Scaling <em>laws</em> &amp; more`, nil},
		{"empty", ``, nil},
		{"MathML only", `<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span></span>`, []string{"fonts/KaTeX_Main-Regular.woff2"}},
		{"MathML classes", `<span class="katex"><span class="katex-mathml"><math><mi class="mathnormal">x</mi></math></span></span>`, []string{"fonts/KaTeX_Main-Regular.woff2"}},
		{"after the MathML", `<span class="katex"><span class="katex-mathml"><math><mi>x</mi></math></span><span class="katex-html"><span class="mord mathnormal">x</span></span></span> and text`,
			[]string{"fonts/KaTeX_Main-Regular.woff2", "fonts/KaTeX_Math-Italic.woff2"}},
		{"void element inside", `<span class="katex"><br><span class="mord">1</span></span>`, []string{"fonts/KaTeX_Main-Regular.woff2"}},
		{"stray end tag", `</span><span class="katex"></i><span class="mord textbf">1</span></span>`, []string{"fonts/KaTeX_Main-Bold.woff2", "fonts/KaTeX_Main-Regular.woff2"}},
		{"after a formula", `<span class="katex"><span class="mord">1</span></span><span class="mathnormal">x</span>`, []string{"fonts/KaTeX_Main-Regular.woff2"}},
	} {
		if got := Fonts(tc.markup); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Fonts = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestFontSheet checks what is read of KaTeX's stylesheet: every
// @font-face, each naming a file that Files holds, and every rule that
// chooses a font, so that a KaTeX release that chooses fonts by another
// kind of selector fails here rather than leave a font unpreloaded.
func TestFontSheet(t *testing.T) {
	s := sheet()
	files := map[string]bool{}
	for _, f := range Files() {
		files[f.Name] = true
	}
	if len(s.faces) != 20 {
		t.Errorf("%d @font-face rules read, want KaTeX's 20", len(s.faces))
	}
	for _, f := range s.faces {
		if !files[f.url] {
			t.Errorf("@font-face %s %d italic=%v names %q, which is not among the files published", f.family, f.weight, f.italic, f.url)
		}
	}
	css, _ := dist.ReadFile("dist/" + Stylesheet)
	want := strings.Count(string(css), "font-family:KaTeX_") - len(s.faces) // the rules naming a KaTeX family
	got := 0
	for _, r := range s.rules {
		if strings.HasPrefix(r.family, "KaTeX_") {
			got++
		}
	}
	// a rule of several selectors names the family once and is read as one rule each
	if got < want {
		t.Errorf("%d rules read that choose a KaTeX font, fewer than the stylesheet's %d", got, want)
	}
}

func BenchmarkFonts(b *testing.B) {
	r, err := Render(`\text{Table 3 of Hoffmann et al. (2022); a power law }{a \cdot C^{b}}\text{ fitted in each panel}`, false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Fonts(r.HTML)
	}
}
