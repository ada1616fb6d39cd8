package site

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/plaintex"
)

// TestChartTitleTeX: a chart title or subtitle that holds a formula is
// typeset by KaTeX (its markup and measured box on the chart), with its
// plain form for alt text and no warning about a linear form; the page
// then loads KaTeX's stylesheet. Axis names keep the linear form and its
// warning. TeX KaTeX refuses is an error at its line and column.
func TestChartTitleTeX(t *testing.T) {
	const data = "n,loss\n1,4\n2,3\n"
	spec := func(keys string) string {
		return "---\ntitle: T\n---\n```chart\n" + keys + "data: d.csv\nx: n\ny: loss\n```\n"
	}
	s := load(t, map[string]string{
		"content/d.csv": data,
		"content/k.md": spec("title: 'Loss $L(N)$ falls as $N^{-\\alpha_N}$'\n" +
			"subtitle: Kaplan et al.\n"),
		"content/s.md":    spec(`title: 'Odd # $x$ {100%} & \ _^~'` + "\n"),
		"content/p.md":    spec("title: Costs $5 and $10\n"),
		"content/axis.md": "---\ntitle: A\n---\n```chart\ndata: d.csv\nx: {field: n, title: '$N^{-\\alpha_N}$'}\ny: loss\n```\n",
	}, Options{})
	k := body(t, s, "content/k.md")
	c := k.Charts[0]
	// one formula, the prose as \text: the pictures lay out one
	if c.Spec.Title != "Loss L(N) falls as N^(−α_N)" || c.TitleTeX == nil || strings.Count(c.TitleTeX.HTML, `<span class="katex">`) != 1 ||
		!strings.Contains(c.TitleTeX.HTML, `<annotation encoding="application/x-tex">\text{Loss }{L(N)}\text{ falls as }{N^{-\alpha_N}}</annotation>`) || !k.Page.Math {
		t.Fatalf("title %q, typeset %+v, page math %v", c.Spec.Title, c.TitleTeX, k.Page.Math)
	}
	if c.TitleTeX.Width <= 0 || c.TitleTeX.Ascent <= 0 || c.TitleTeX.Descent < 0 {
		t.Errorf("title's box %+v", c.TitleTeX)
	}
	// the subtitle, plain, typeset with it: it stands under the title's box
	if c.SubtitleTeX == nil || !strings.Contains(c.SubtitleTeX.HTML, `<annotation encoding="application/x-tex">\text{Kaplan et al.}</annotation>`) {
		t.Errorf("subtitle %+v", c.SubtitleTeX)
	}
	if p := body(t, s, "content/p.md"); p.Charts[0].TitleTeX != nil || p.Charts[0].Spec.Title != "Costs $5 and $10" || p.Page.Math {
		t.Errorf("a title of dollars: %q, %+v", p.Charts[0].Spec.Title, p.Charts[0].TitleTeX)
	}
	// TeX's specials in the prose are the prose's
	if c := body(t, s, "content/s.md").Charts[0]; c.TitleTeX == nil || !strings.Contains(c.TitleTeX.HTML, `\text{Odd \# }{x}\text{ \{100\%\} \&amp; \textbackslash{} \_\textasciicircum{}\textasciitilde{}}`) {
		t.Errorf("a title of TeX's specials: %+v", c.TitleTeX)
	}
	// a title the pictures cannot lay out typeset is drawn plain, with a
	// warning, never an error (a combining mark KaTeX reads as an accent
	// on the brace before it)
	combining := load(t, map[string]string{"content/d.csv": data, "content/c.md": spec("title: '\u0322 $x$'\n")}, Options{})
	if c := body(t, combining, "content/c.md").Charts[0]; c.TitleTeX != nil || len(combining.Warnings) != 1 || combining.Warnings[0].Name != diag.TeXLinearForm.Name {
		t.Errorf("a title KaTeX cannot set as a line: typeset %+v, warnings %v", c.TitleTeX, combining.Warnings)
	}
	var linear []string
	for _, w := range s.Warnings {
		if w.Name == diag.TeXLinearForm.Name {
			linear = append(linear, w.Error())
		}
	}
	if len(linear) != 1 || !strings.HasPrefix(linear[0], "content/axis.md:6:25:") {
		t.Errorf("linear-form warnings %q, want one, of the axis' title", linear)
	}
	for _, tc := range []struct{ title, want string }{
		{`'Loss $\badmacro{N}$'`, "content/a.md:5:15: title: KaTeX cannot typeset"},
		{`Loss $\frac{a}$`, "content/a.md:5:14: title: KaTeX cannot typeset"},
	} {
		errs := loadErr(t, map[string]string{"content/d.csv": data, "content/a.md": spec("title: " + tc.title + "\n")})
		if len(errs) != 1 || !strings.HasPrefix(errs[0], tc.want) {
			t.Errorf("title %s: errors %q, want %q…", tc.title, errs, tc.want)
		}
	}
}

// FuzzLineTeX: whatever prose a title holds, its line (lineTeX) is TeX
// KaTeX accepts, and reads back as the prose: TeX's specials in it are
// escaped, never read as commands.
func FuzzLineTeX(f *testing.F) {
	for _, s := range []string{"Loss by size", `Odd # {100%} & \ _^~`, `\alpha`, "}{", "a\\", "%", "\u00e9t\u00e9 \u2014 \u03b1"} {
		f.Add(s)
	}
	formulas := new(katex.Cache)
	f.Fuzz(func(t *testing.T, prose string) {
		// (what KaTeX's lexer refuses, a private-use character or a line
		// separator, or a combining mark it puts on the brace before it:
		// such a title is drawn plain, with a warning: TestChartTitleTeX)
		refused := func(r rune) bool {
			return unicode.IsControl(r) || unicode.IsMark(r) || unicode.In(r, unicode.Co, unicode.Zl, unicode.Zp)
		}
		if !utf8.ValidString(prose) || strings.ContainsFunc(prose, refused) || len(prose) > 200 {
			return
		}
		tex := lineTeX([]plaintex.Segment{{Text: prose}})
		res, err := formulas.Render(tex, false, katex.NewBudget(PageMathTime))
		if err != nil {
			var ke *katex.Error
			if errors.As(err, &ke) && ke.Costly {
				return
			}
			t.Fatalf("KaTeX refuses the line of %q (%s): %v", prose, tex, err)
		}
		if !strings.Contains(res.HTML, `class="mord text"`) && strings.TrimSpace(prose) != "" {
			t.Errorf("the line of %q is not text: %s", prose, res.HTML)
		}
	})
}
