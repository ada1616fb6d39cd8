package site

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/ast"

	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/markdown"
)

// TestMathTypeset: the loader typesets every formula and keeps the markup
// on its node, and marks the pages that hold math.
func TestMathTypeset(t *testing.T) {
	s := load(t, map[string]string{
		"scalesite.yaml":   "title: T\n",
		"content/index.md": "Home, at $5 a run.\n",
		"content/law.md":   "---\ntitle: Law\n---\nThe fit $N^\\alpha$:\n\n$$\nL = E + \\frac{A}{N}\n$$\n\n- in a list, \\(x_1\\)\n",
	}, Options{})
	if s.Home.Math {
		t.Error("the home page, with a price and no formula, is marked as holding math")
	}
	p := body(t, s, "content/law.md")
	if !p.Page.Math {
		t.Fatal("the page with formulas is not marked as holding math")
	}
	var html []string
	_ = ast.Walk(p.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f := markdown.FormulaOf(n); f != nil && entering {
			html = append(html, string(f.HTML))
		}
		return ast.WalkContinue, nil
	})
	if len(html) != 3 {
		t.Fatalf("%d formulas, want 3", len(html))
	}
	for i, h := range html {
		if !strings.HasPrefix(h, `<span class="katex`) || !strings.Contains(h, "<math") {
			t.Errorf("formula %d: markup %.120q", i+1, h)
		}
	}
	if !strings.Contains(html[1], "katex-display") {
		t.Errorf("the display formula is not typeset as display math: %.120q", html[1])
	}
}

// TestMathErrors: a formula KaTeX refuses fails the build at the place of
// the mistake, in the file, with KaTeX's message.
func TestMathErrors(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"unfinished fraction", "Bad: $\\frac{1}{$ here.\n",
			[]string{`content/p.md:4:16: KaTeX cannot typeset $\frac{1}{$: Unexpected end of input in a macro argument, expected '}'`}},
		{"unknown command", "Text.\n\nA $x + \\Chinchilla$ law.\n",
			[]string{`content/p.md:6:8: KaTeX cannot typeset $x + \Chinchilla$: Undefined control sequence: \Chinchilla (KaTeX knows the commands listed at https://katex.org/docs/supported)`}},
		{"in the third line of a block", "$$\nL = E\n  + \\foo{A}\n$$\n",
			[]string{`content/p.md:6:5: KaTeX cannot typeset $$ L = E + \foo{A} $$: Undefined control sequence: \foo`}},
		{"a block that ends too early", "$$\nL = E\n  + \\frac{A}{N^\\alpha\n$$\n",
			[]string{`content/p.md:7:1: KaTeX cannot typeset $$ L = E + \frac{A}{N^\alpha $$: Unexpected end of input in a macro argument, expected '}'`}},
		{"in a block quote", "> Quoted \\(x^^2\\).\n",
			[]string{`content/p.md:4:13: KaTeX cannot typeset \(x^^2\): Expected group after '^'`}},
		{"after non-ASCII", "Ünïcödé — $x_{_}$\n",
			[]string{`content/p.md:4:15: KaTeX cannot typeset $x_{_}$`}},
		{"two on a page", "$\\frac{$ and $\\sqrt{$\n", []string{`content/p.md:4:8: KaTeX cannot typeset $\frac{$`, `content/p.md:4:21: KaTeX cannot typeset $\sqrt{$`}},
		{"an unclosed block", "Intro.\n\n$$\nL = E\n\nMore prose.\n",
			[]string{`content/p.md:6:1: display math opened with $$ is never closed: end it with $$ on a line of its own (or at the end of the formula's last line)`}},
		{"an unclosed bracket block", "\\[\nx\n",
			[]string{`content/p.md:4:1: display math opened with \[ is never closed: end it with \] on a line of its own`}},
		{"a link", "The $x + \\href{https://arxiv.org}{paper}$ law.\n",
			[]string{`content/p.md:4:10: KaTeX cannot typeset $x + \href{https://arxiv.org}{paper}$: \href makes a link, which scalesite's formulas cannot: write the link in Markdown outside the formula, e.g. [the paper](https://…)`}},
		{"an address", "$$\n\\text{at } \\url{https://arxiv.org}\n$$\n",
			[]string{`content/p.md:5:12: KaTeX cannot typeset $$ \text{at } \url{https://arxiv.org} $$: \url makes a link, which scalesite's formulas cannot: write the address outside the formula, as <https://…>, which Markdown makes a link`}},
		{"an image", "$\\includegraphics{fig.png}$\n",
			[]string{`content/p.md:4:2: KaTeX cannot typeset $\includegraphics{fig.png}$: \includegraphics shows an image, which scalesite's formulas cannot: put the image outside the formula, as ![what it shows](image.png)`}},
		{"macros that multiply", "$\\def\\a{xxxxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c$\n",
			[]string{`content/p.md:4:78: KaTeX cannot typeset $\def\a{xxxxxxxxxx}\def\b{\a\a\a\a\a\a\a\a\a\a}\def\c{\b\b\b…: the macros of this formula expand to more than 2000 symbols and commands (2 times its length, and at least 2000), which would take minutes to typeset: define fewer or shorter macros, or write the formula out`}},
		{"a bidi override in an undefined command", "$\\foo\u2066 + x$\n",
			[]string{`content/p.md:4:2: KaTeX cannot typeset $\foo\u2066 + x$: Undefined control sequence: \foo`}},
		{"a long formula is cut", "$" + strings.Repeat("x+", 60) + "\\foo$\n",
			[]string{`content/p.md:4:122: KaTeX cannot typeset $x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x+x…: Undefined control sequence: \foo`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := sitetest.New(t, map[string]string{
				"scalesite.yaml": "title: T\n",
				"content/p.md":   "---\ntitle: P\n---\n" + tt.body,
			})
			_, err := Load(root, Options{})
			if err == nil {
				t.Fatal("the page loads")
			}
			sitetest.CheckMessages(t, err.Error())
			got := strings.Split(err.Error(), "\n")
			if len(got) != len(tt.want) {
				t.Fatalf("errors:\n%s\nwant %d", err, len(tt.want))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("error:\n got %s\nwant %s", got[i], tt.want[i])
				}
			}
		})
	}
}

// TestMathWarnings: TeX that KaTeX typesets but LaTeX would not is a
// warning at the character.
func TestMathWarnings(t *testing.T) {
	s := load(t, map[string]string{
		"scalesite.yaml": "title: T\n",
		"content/p.md":   "---\ntitle: P\n---\nLoss in $\\text{é} + é$ nats.\n",
	}, Options{})
	want := `content/p.md:4:21: in $\text{é} + é$: Accented Unicode text character "é" used in math mode [unicodeTextInMathMode] (KaTeX typesets it; LaTeX would not)`
	found := false
	for _, w := range s.Warnings {
		found = found || w.Error() == want
	}
	if !found {
		t.Errorf("warnings:\n%v\nwant:\n%s", s.Warnings, want)
	}
}

// TestMathWarningsVisible: invisible and bidirectional characters in a
// formula, and in what KaTeX says of it, are escaped as diag.Quote escapes
// them, so that a warning cannot hide or reorder its own text.
func TestMathWarningsVisible(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"U+202E", "$x \u202e y$\n", `content/p.md:4:4: in $x \u202e y$: Unrecognized Unicode character "\u202e" (8238) [unknownSymbol] (KaTeX typesets it; LaTeX would not)`},
		{"U+200B", "$\\text{a\u200bb}$\n", `content/p.md:4:9: in $\text{a\u200bb}$: Unrecognized Unicode character "\u200b" (8203) [unknownSymbol] (KaTeX typesets it; LaTeX would not)`},
		{"U+2066", "$x\u2066$\n", `content/p.md:4:1: in $x\u2066$: No character metrics for '\u2066' in style 'Main-Regular' and mode 'text' (KaTeX typesets it all the same)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := load(t, map[string]string{
				"scalesite.yaml": "title: T\n",
				"content/p.md":   "---\ntitle: P\n---\n" + tc.body,
			}, Options{})
			found := false
			for _, w := range s.Warnings {
				msg := w.Error()
				found = found || msg == tc.want
				if strings.ContainsAny(msg, "\u202e\u200b\u2066") {
					t.Errorf("a warning holds an invisible character: %+q", msg)
				}
			}
			if !found {
				t.Errorf("warnings:\n%v\nwant:\n%s", s.Warnings, tc.want)
			}
		})
	}
}

// TestMathBudgets: a page whose formulas take longer than the page's time
// in all, or a build's that take longer than the build's, stops at the
// formula being typeset, with an error there, and leaves the rest as TeX.
func TestMathBudgets(t *testing.T) {
	const slow = "$$\n" + `\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}+\frac{a}{b}` + "+%d\n$$\n\n"
	var body strings.Builder
	for i := range 20 {
		fmt.Fprintf(&body, slow, i)
	}
	files := map[string]string{"scalesite.yaml": "title: T\n", "content/p.md": "---\ntitle: P\n---\n" + body.String()}
	s := load(t, files, Options{})
	for _, tc := range []struct {
		name        string
		page, build time.Duration
		want        string
	}{
		{"the page's time", 30 * time.Millisecond, time.Minute, "this page's formulas took more than 30ms to typeset in all, and KaTeX was stopped at $$ \\frac{a}{b}"},
		{"the build's time", time.Minute, 30 * time.Millisecond, "the site's formulas took more than 30ms to typeset in all, and KaTeX was stopped at $$ \\frac{a}{b}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := s.buildCaches()
			c.formulas, c.math = new(katex.Cache), katex.NewBudget(tc.build)
			l := s.pageLoader(c)
			l.pageMath = tc.page
			_, p, err := l.load("content/p.md")
			if err == nil || strings.Count(err.Error(), "\n") != 0 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want one error: …%s…", err, tc.want)
			}
			typeset := 0
			_ = ast.Walk(p.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if f := markdown.FormulaOf(n); f != nil && entering && f.HTML != nil {
					typeset++
				}
				return ast.WalkContinue, nil
			})
			if typeset >= 19 {
				t.Errorf("%d of 20 formulas typeset", typeset)
			}
		})
	}
}

// TestMathReload: a page loaded again by Reload typesets only its new
// formulas; the others come from the site's cache.
func TestMathReload(t *testing.T) {
	root := sitetest.New(t, map[string]string{
		"scalesite.yaml": "title: T\n",
		"content/p.md":   "---\ntitle: P\n---\n$a$ and $b$.\n",
	})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := s.formulas.Len(); n != 2 {
		t.Fatalf("%d formulas typeset, want 2", n)
	}
	sitetest.Write(t, root, map[string]string{"content/p.md": "---\ntitle: P\n---\n$a$ and $b$ and $c$.\n"})
	r, err := s.Reload([]string{"content/p.md"})
	if err != nil {
		t.Fatal(err)
	}
	if r.formulas != s.formulas || r.formulas.Len() != 3 {
		t.Errorf("after Reload: %d formulas in the cache (the same cache: %v), want 3", r.formulas.Len(), r.formulas == s.formulas)
	}
	if !page(t, r, "content/p.md").Math {
		t.Error("the reloaded page is not marked as holding math")
	}
}

// TestMathCostlyFormulasStopThePage: after MaxCostlyFormulas formulas a
// page's macros blew up, the rest of its formulas are left untypeset with
// one error, on any machine (the page's time budget would stop them only
// where the machine is slow); ordinary mistakes, however many, are each
// reported.
func TestMathCostlyFormulasStopThePage(t *testing.T) {
	amplifier := `\def\a{` + strings.Repeat("x", 400) + `}` + strings.Repeat(`\a`, 200)
	var costly, mistakes strings.Builder
	for i := range 6 {
		fmt.Fprintf(&costly, "$$\n%s+%d\n$$\n\n", amplifier, i)
		fmt.Fprintf(&mistakes, "$\\frac{%d}{$\n\n", i)
	}
	for _, tc := range []struct {
		name, body string
		errors     int
		last       string
	}{
		{"macros that blow up", costly.String(), MaxCostlyFormulas + 1, `KaTeX was stopped at $$ \def\a{xxx`},
		{"ordinary mistakes", mistakes.String(), 6, `KaTeX cannot typeset $\frac{5}{$`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sitetest.New(t, map[string]string{
				"scalesite.yaml": "title: T\n",
				"content/p.md":   "---\ntitle: P\n---\n" + tc.body,
			})
			_, err := Load(root, Options{})
			if err == nil {
				t.Fatal("the page loaded without an error")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != tc.errors {
				t.Fatalf("%d errors, want %d:\n%v", len(lines), tc.errors, err)
			}
			if last := lines[len(lines)-1]; !strings.Contains(last, tc.last) {
				t.Errorf("last error: %s\nwant …%s…", last, tc.last)
			}
			if tc.errors == MaxCostlyFormulas+1 && !strings.Contains(lines[len(lines)-1], fmt.Sprintf("%d formulas above it on this page were refused", MaxCostlyFormulas)) {
				t.Errorf("the stop does not say why: %s", lines[len(lines)-1])
			}
		})
	}
}

// TestMathFormulasPerPage: a page of more than MaxFormulas formulas fails
// with one error, at the first formula past the limit.
func TestMathFormulasPerPage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		formulas int
		want     string
	}{
		{"at the limit", MaxFormulas, ""},
		{"one more", MaxFormulas + 1, fmt.Sprintf("content/p.md:4:%d: this is formula %d of the page, more than the %d formulas a page may have: split the page", 4*MaxFormulas+1, MaxFormulas+1, MaxFormulas)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := sitetest.New(t, map[string]string{
				"scalesite.yaml": "title: T\n",
				"content/p.md":   "---\ntitle: P\n---\n" + strings.Repeat("$x$ ", tc.formulas) + "\n",
			})
			_, err := Load(root, Options{})
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}
