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
		"content/d.md": "## Loss  falls  as  $N^{-a}$  grows\n\nText.\n",
		"content/e.md": "## Loss  falls  as  $N^{-a}$  grows\n\nSee www.example.org.\n",
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
	// runs of spaces are one space, however goldmark cut the text (a
	// page with an autolink's start is read with linkify, which cuts it
	// at every space)
	for _, f := range []string{"content/d.md", "content/e.md"} {
		if h := page(t, s, f).Headings[0]; !regexp.MustCompile(`^Loss falls as <span class="math inline">.*</span> grows$`).MatchString(h.HTML) {
			t.Errorf("%s: heading %+v", f, h)
		}
	}
	if b := page(t, s, "content/b.md"); b.Title != "Costs $5 and $10, $3" || b.TitleHTML != "" || b.Math {
		t.Errorf("a title of dollars: %q, %q, math %v", b.Title, b.TitleHTML, b.Math)
	}
	// its only formulas in its title: a page with math all the same, which
	// links KaTeX's stylesheet
	if c := page(t, s, "content/c.md"); c.Title != "Loss L(N) falls as N^(−α_N)" || strings.Count(c.TitleHTML, `class="katex"`) != 2 || !c.Math {
		t.Errorf("Kaplan's title: %q, %q, math %v", c.Title, c.TitleHTML, c.Math)
	}
	errs := loadErr(t, map[string]string{"content/a.md": "---\ntitle: 'Loss $\\frac{a}$'\n---\nText.\n"})
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "content/a.md:2:8: title: KaTeX cannot typeset") {
		t.Errorf("errors %q", errs)
	}
}

// TestTeXTitleIsMathWhenScanned: a page whose only formulas are in its
// title is a page with math (KaTeX's stylesheet and fonts) when LoadPage
// loads it after Scan, as a build does, not only when Load does: a build
// left such a page's typeset title without the stylesheet.
func TestTeXTitleIsMathWhenScanned(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"content/c.md": "---\ntitle: 'Loss $L(N)$'\n---\nText.\n"})
	s, err := Scan(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Pages[0].Math {
		t.Error("the page Scan made is not one with math")
	}
	p, _, _, err := s.LoadPage(s.Pages[0])
	if err != nil {
		t.Fatal(err)
	}
	if !p.Math || p.TitleHTML == "" {
		t.Errorf("the page LoadPage made: math %v, title markup %q", p.Math, p.TitleHTML)
	}
}
