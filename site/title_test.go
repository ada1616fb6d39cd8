package site

import (
	"regexp"
	"strings"
	"testing"
)

// TestTeXInTitles: a title and a heading with TeX have a plain form (as
// chart text is drawn) and markup with the formulas typeset by KaTeX; a
// title without a formula has no markup; TeX KaTeX refuses is an error.
func TestTeXInTitles(t *testing.T) {
	s := load(t, map[string]string{
		"content/a.md": "---\ntitle: 'Loss falls as $a + b \\log N$'\n---\n## $L(N) = E + A N^{-\\alpha}$\n\nText.\n\n## A $x$  and <b>y</b> *z*\n",
		"content/b.md": "---\ntitle: 'Costs $5 and $10, \\$3'\n---\nText.\n",
		"content/c.md": "---\ntitle: 'Loss $L(N)$ falls as $N^{-\\alpha_N}$'\n---\nText.\n",
	}, Options{})
	a := page(t, s, "content/a.md")
	if a.Title != "Loss falls as a + b log N" || !strings.Contains(a.TitleHTML, `<span class="katex">`) || !strings.HasPrefix(a.TitleHTML, "Loss falls as <span class=\"math inline\">") || !a.Math {
		t.Errorf("title %q, markup %q, math %v", a.Title, a.TitleHTML, a.Math)
	}
	if h := a.Headings[0]; h.Text != "L(N) = E + A N⁻ᵅ" || !strings.HasPrefix(h.HTML, `<span class="math inline"><span class="katex">`) {
		t.Errorf("heading %+v", h)
	}
	if h := a.Headings[1]; h.Text != "A x and y z" || !regexp.MustCompile(`^A <span class="math inline">.*</span> and y z$`).MatchString(h.HTML) {
		t.Errorf("heading %+v", h)
	}
	if b := page(t, s, "content/b.md"); b.Title != "Costs $5 and $10, $3" || b.TitleHTML != "" || b.Math {
		t.Errorf("a title of dollars: %q, %q, math %v", b.Title, b.TitleHTML, b.Math)
	}
	if c := page(t, s, "content/c.md"); c.Title != "Loss L(N) falls as N^(−α_N)" || strings.Count(c.TitleHTML, `class="katex"`) != 2 {
		t.Errorf("Kaplan's title: %q, %q", c.Title, c.TitleHTML)
	}
	errs := loadErr(t, map[string]string{"content/a.md": "---\ntitle: 'Loss $\\frac{a}$'\n---\nText.\n"})
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "content/a.md:2:8: title: KaTeX cannot typeset") {
		t.Errorf("errors %q", errs)
	}
}
