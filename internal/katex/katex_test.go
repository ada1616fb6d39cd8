package katex

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden typesets a few formulas and compares KaTeX's markup with
// testdata/NAME.html (go test -update rewrites them after a KaTeX upgrade).
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name, tex string
		display   bool
	}{
		{"inline-power", `N^\alpha`, false},
		{"chinchilla", `L(N,D) = E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}}`, true},
		{"kaplan", `L(N) = \left(\frac{N_c}{N}\right)^{\alpha_N}`, true},
		{"sum", `\sum_{i=1}^{n} x_i^2 \approx \int_0^1 f(x)\,dx`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Render(tc.tex, tc.display)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Warnings) > 0 {
				t.Errorf("warnings: %v", res.Warnings)
			}
			golden := filepath.Join("testdata", tc.name+".html")
			if *update {
				if err := os.WriteFile(golden, []byte(res.HTML+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got := res.HTML + "\n"; got != string(want) {
				t.Errorf("%s differs from KaTeX's markup (go test -update rewrites it):\n%s", golden, got)
			}
			for _, part := range []string{`<span class="katex">`, `<math xmlns="http://www.w3.org/1998/Math/MathML"`, `<annotation encoding="application/x-tex">`, `class="katex-html" aria-hidden="true"`} {
				if !strings.Contains(res.HTML, part) {
					t.Errorf("no %s in the markup", part)
				}
			}
			if got := strings.Contains(res.HTML, `class="katex-display"`); got != tc.display {
				t.Errorf("katex-display in the markup: %v, want %v", got, tc.display)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		tex    string
		msg    string
		offset int
	}{
		{`\frac{1}{`, "Unexpected end of input in a macro argument, expected '}'", 9},
		{`\frac{1}{2`, "Unexpected end of input in a macro argument, expected '}'", 10},
		{`a + \foo + b`, `Undefined control sequence: \foo`, 4},
		{`x^2^3`, "Double superscript", 3},
		// Positions count bytes, though JavaScript counts UTF-16 units.
		{`é + \text{😀} + \bar`, "Unexpected end of input in a macro argument, expected '}'", len(`é + \text{😀} + \bar`)},
		{`\text{😀} \foo`, `Undefined control sequence: \foo`, len(`\text{😀} `)},
		{`\left( x`, `Expected '\right', got 'EOF'`, len(`\left( x`)},
		// KaTeX's own checks throw a plain Error, without a place.
		{`\begin\ `, "Expected node of type textord, but got node of type spacing", -1},
		{strings.Repeat("{", 3000) + "x" + strings.Repeat("}", 3000), "the formula is nested too deeply", -1},
		{strings.Repeat("x+", 4001), "the formula is 8002 bytes long, and scalesite typesets formulas of up to 8000: split it", 8000},
	} {
		_, err := Render(tc.tex, false)
		var ke *Error
		if !errors.As(err, &ke) {
			t.Errorf("%.40q: got %v, want a KaTeX error", tc.tex, err)
			continue
		}
		if ke.Msg != tc.msg || ke.Offset != tc.offset {
			t.Errorf("%.40q: got %q at %d, want %q at %d", tc.tex, ke.Msg, ke.Offset, tc.msg, tc.offset)
		}
	}
}

// TestEngineSurvivesErrors: a runtime that threw typesets the next
// formula as it should.
func TestEngineSurvivesErrors(t *testing.T) {
	for range 3 * cap(idle) {
		if _, err := Render(`\frac{`, false); err == nil {
			t.Fatal("no error")
		}
	}
	a, err := Render(`x+1`, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a.HTML, "<mn>1</mn>") {
		t.Errorf("markup: %s", a.HTML)
	}
}

// TestAstral: characters beyond the Basic Multilingual Plane, which the
// engine's regular expressions misread, are typeset and annotated as
// written.
func TestAstral(t *testing.T) {
	res, err := Render(`\text{😀a} + 𝔸_1`, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{`<span class="mord">😀a</span>`, `<span class="mord mathbb">A</span>`, `<annotation encoding="application/x-tex">\text{😀a} + 𝔸_1</annotation>`} {
		if !strings.Contains(res.HTML, part) {
			t.Errorf("no %s in %s", part, res.HTML)
		}
	}
	escaped, back := escapeAstral("a😀b𝔸c")
	if escaped != `a\@char{128512}b\@char{120120}c` {
		t.Errorf("escaped: %s", escaped)
	}
	for off, want := range map[int]int{-1: -1, 0: 0, 1: 1, 3: 1, 14: 1, 15: 5, 16: 6, 30: 10, 31: 11} {
		if got := back(off); got != want {
			t.Errorf("back(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestWarnings(t *testing.T) {
	res, err := Render(`x = é`, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Msg, "unicodeTextInMathMode") || res.Warnings[0].Offset != 4 || !res.Warnings[0].LaTeX {
		t.Errorf("warnings: %+v", res.Warnings)
	}
	// \message writes to the console, which the engine provides.
	if _, err := Render(`\message{hi} x`, false); err != nil {
		t.Error(err)
	}
}

// TestMacrosDoNotLeak: a macro defined in one formula is unknown in the
// next, so that a cached result never depends on the formulas before it.
func TestMacrosDoNotLeak(t *testing.T) {
	for range cap(idle) + 1 {
		if _, err := Render(`\gdef\mymacro{x} \mymacro`, false); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Render(`\mymacro`, false)
	var ke *Error
	if !errors.As(err, &ke) || !strings.Contains(ke.Msg, "Undefined control sequence") {
		t.Errorf("got %v, want an undefined control sequence", err)
	}
}

// TestUntrusted: a command that needs KaTeX's trust, which stays off, is
// a refusal at the command that says what to write instead, not the
// command's name typeset in red.
func TestUntrusted(t *testing.T) {
	for _, tc := range []struct {
		tex    string
		msg    string
		offset int
	}{
		{`x + \href{javascript:alert(1)}{x}`, `\href makes a link, which scalesite's formulas cannot: write the link in Markdown outside the formula`, 4},
		{`\text{see \url{https://arxiv.org}}`, `\url makes a link, which scalesite's formulas cannot: write the address outside the formula`, 10},
		{`\includegraphics{fig.png}`, `\includegraphics shows an image, which scalesite's formulas cannot`, 0},
		{`\htmlClass{x}{y}`, `\htmlClass sets HTML attributes`, 0},
		{`\def\l{\href}\l{u}{t}`, `\href makes a link`, 7},
	} {
		res, err := Render(tc.tex, false)
		var ke *Error
		if !errors.As(err, &ke) || !strings.HasPrefix(ke.Msg, tc.msg) || ke.Offset != tc.offset {
			t.Errorf("%s: got %v (%+v), want %q… at %d", tc.tex, err, ke, tc.msg, tc.offset)
		}
		if strings.Contains(res.HTML, "href=") {
			t.Errorf("%s: a link made it into the markup: %s", tc.tex, res.HTML)
		}
	}
}

// TestMacroExpansionBound: macros that expand past the formula's budget
// (ExpansionRatio) are refused at once, where KaTeX's own maxExpand, which
// counts expansions, let a formula run for minutes; macros as a page uses
// them, and KaTeX's own, are typeset.
func TestMacroExpansionBound(t *testing.T) {
	for _, tc := range []struct {
		name, tex string
		refused   bool
	}{
		{"a long macro used 990 times", `\def\a{` + strings.Repeat("x", 3500) + `}` + strings.Repeat(`\a`, 990), true},
		{"macros of macros", `\def\a{xxxxxxxxxx}\def\b{\a\a\a\a\a\a\a\a\a\a}\def\c{\b\b\b\b\b\b\b\b\b}\c\c\c\c\c\c\c\c\c\c`, true},
		{"a page's macros", `\newcommand{\E}{\mathbb{E}}\newcommand{\loss}[1]{\mathcal{L}\left(#1\right)}\E[\loss{\theta}] \le \loss{\theta_0} + \dots + \binom{n}{k} \pmod{p}`, false},
		{"KaTeX's own macros", strings.Repeat(`a \iff b \implies c \dots \colon \binom{n}{k} \neq \; `, 25), false},
		{"a macro used often", `\newcommand{\loss}{\mathcal{L}(\theta)}` + strings.Repeat(`\loss + `, 200), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			_, err := Render(tc.tex, false)
			var ke *Error
			switch {
			case !tc.refused && err != nil:
				t.Fatal(err)
			case tc.refused && (!errors.As(err, &ke) || !strings.Contains(ke.Msg, "the macros of this formula expand to more than")):
				t.Fatalf("got %v after %v, want a refusal of the macros", err, time.Since(start))
			case tc.refused && (ke.Offset < 0 || ke.Offset > len(tc.tex)):
				t.Errorf("refused at %d, outside the formula", ke.Offset)
			}
		})
	}
}

func TestCommandOffset(t *testing.T) {
	for _, tc := range []struct {
		tex, cmd string
		want     int
	}{
		{`\href{u}{t}`, `\href`, 0},
		{`\hrefs + \href`, `\href`, 9},
		{`\url{x}`, `\href`, -1},
		{`x\href`, `\href`, 1},
	} {
		if got := commandOffset(tc.tex, tc.cmd); got != tc.want {
			t.Errorf("commandOffset(%q, %q) = %d, want %d", tc.tex, tc.cmd, got, tc.want)
		}
	}
}

// TestMaxSize: a size written in a formula is capped, so that a formula
// cannot cover the page.
func TestMaxSize(t *testing.T) {
	res, err := Render(`\rule{10000em}{10000em}`, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.HTML, "width:10000em") || !strings.Contains(res.HTML, "border-right-width:100em") {
		t.Errorf("the rule is not capped at 100em: %s", res.HTML)
	}
}

func TestConcurrent(t *testing.T) {
	want, err := Render(`a_{1}`, false)
	if err != nil {
		t.Fatal(err)
	}
	var c Cache
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for i := range 32 {
		wg.Go(func() {
			tex := fmt.Sprintf(`a_{%d}`, i%4)
			res, err := c.Render(tex, false)
			if err != nil {
				errs <- err
				return
			}
			if i%4 == 1 && res.HTML != want.HTML {
				errs <- fmt.Errorf("%s: markup differs", tex)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if len(c.entries) != 4 {
		t.Errorf("the cache holds %d formulas, want 4", len(c.entries))
	}
}

// TestFiles: the stylesheet names exactly the fonts published beside it,
// WOFF2 only, by relative URLs.
func TestFiles(t *testing.T) {
	if !regexp.MustCompile(`^0\.16\.\d+$`).MatchString(Version) {
		t.Errorf("Version = %q", Version)
	}
	var css string
	var fonts []string
	for _, f := range Files() {
		switch {
		case f.Name == Stylesheet:
			css = string(f.Data)
		case strings.HasPrefix(f.Name, "fonts/"):
			fonts = append(fonts, f.Name)
		case f.Name != "LICENSE":
			t.Errorf("unexpected file %s", f.Name)
		}
	}
	var named []string
	for _, m := range regexp.MustCompile(`url\(([^)]*)\)`).FindAllStringSubmatch(css, -1) {
		named = append(named, m[1])
	}
	slices.Sort(named)
	named = slices.Compact(named)
	if !slices.Equal(named, fonts) || len(fonts) != 20 {
		t.Errorf("the stylesheet names %v, the fonts are %v", named, fonts)
	}
	if !strings.HasPrefix(css, "/*! KaTeX "+Version+" (MIT)") {
		t.Errorf("the stylesheet starts %.80q", css)
	}
}

// BenchmarkTypeset is the cost of one formula, uncached, on a warm engine.
func BenchmarkTypeset(b *testing.B) {
	for _, bc := range []struct {
		name, tex string
		display   bool
	}{
		{"inline", `N^\alpha`, false},
		{"chinchilla", `L(N,D) = E + \frac{A}{N^{\alpha}} + \frac{B}{D^{\beta}}`, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			if _, err := Render(bc.tex, bc.display); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := Render(bc.tex, bc.display); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEngine is the cost of a new engine: KaTeX's script run in a
// fresh runtime (compiled once per process, before the timer starts).
func BenchmarkEngine(b *testing.B) {
	if _, err := newEngine(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := newEngine(); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzTypeset checks that no TeX makes the engine panic or hang, that a
// refusal is an *Error at an offset within the TeX, and that warnings'
// offsets are within it too.
func FuzzTypeset(f *testing.F) {
	for _, s := range []string{`x^2`, `\frac{1}{`, `\text{😀}_𝔸`, `\left(`, `\gdef\a{\a}\a`, `\verb|x|`, `{{{{`, `\begin{matrix}a&b\\c\end{matrix}`, "\x00\xff"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, tex string, display bool) {
		res, err := Render(tex, display)
		var ke *Error
		switch {
		case errors.As(err, &ke):
			if ke.Offset < -1 || ke.Offset > len(tex) {
				t.Errorf("%q: error offset %d outside the TeX", tex, ke.Offset)
			}
		case err != nil:
			t.Errorf("%q: %v", tex, err)
		case !strings.HasPrefix(res.HTML, `<span class="katex`):
			t.Errorf("%q: markup %.80q", tex, res.HTML)
		}
		for _, w := range res.Warnings {
			if w.Offset < -1 || w.Offset > len(tex) {
				t.Errorf("%q: warning offset %d outside the TeX", tex, w.Offset)
			}
		}
	})
}

// TestTimeout: a formula stopped at its time limit is a TimeError without
// a budget, not a refusal of the TeX, and the engine it ran in is not
// reused. (TestBudget checks what a cache keeps.)
func TestTimeout(t *testing.T) {
	e, err := newEngine()
	if err != nil {
		t.Fatal(err)
	}
	_, err, reusable := e.run(strings.Repeat(`\frac{a}{b}+`, 200), true, time.Nanosecond)
	var te *TimeError
	if !errors.As(err, &te) || te.Budget != nil || reusable {
		t.Fatalf("got %v (reusable %v), want a TimeError", err, reusable)
	}
	if got := err.Error(); got != "KaTeX took more than 10s to typeset the formula" {
		t.Errorf("message %q", got)
	}
}

// TestBudget: formulas charged to a budget are stopped when it runs out,
// the next ones are not started, a cache does not keep a budget's stop,
// and a caller that waited for a formula another's budget stopped
// typesets it with its own.
func TestBudget(t *testing.T) {
	slow := strings.Repeat(`\frac{a}{b}+`, 100)
	page := NewBudget(50 * time.Millisecond)
	var c Cache
	start := time.Now()
	_, err := c.Render(slow, true, page)
	var te *TimeError
	if !errors.As(err, &te) || te.Budget != page {
		t.Fatalf("got %v, want the page's budget run out", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if c.Len() != 0 {
		t.Errorf("the cache keeps a budget's stop")
	}
	if _, err := c.Render(`x`, false, page); !errors.As(err, &te) || te.Budget != page {
		t.Errorf("after the budget ran out: %v, want it not started", err)
	}
	if _, err := c.Render(slow, true, NewBudget(time.Minute)); err != nil || c.Len() != 1 {
		t.Errorf("with a budget of its own: %v, %d cached", err, c.Len())
	}
}

// TestBudgetWaiter: a caller that waited for a formula which another
// caller's budget stopped typesets it itself, with its own budget.
func TestBudgetWaiter(t *testing.T) {
	var c Cache
	other := &cacheEntry{err: &TimeError{Budget: NewBudget(time.Millisecond)}}
	other.once.Do(func() {}) // as if another page had typeset it and run out
	c.entries = map[cacheKey]*cacheEntry{{`x^2`, false}: other}
	res, err := c.Render(`x^2`, false, NewBudget(time.Minute))
	if err != nil || !strings.HasPrefix(res.HTML, `<span class="katex">`) {
		t.Fatalf("got %v, %.40q; want the formula typeset", err, res.HTML)
	}
	if c.Len() != 1 {
		t.Errorf("%d formulas cached, want 1", c.Len())
	}
	// Stopped by its own budget, a caller gets the stop.
	mine := NewBudget(time.Millisecond)
	stopped := &cacheEntry{err: &TimeError{Budget: mine}}
	stopped.once.Do(func() {})
	c.entries[cacheKey{`y^2`, false}] = stopped
	if _, err := c.Render(`y^2`, false, mine); !errors.As(err, new(*TimeError)) {
		t.Errorf("got %v, want its own budget's stop", err)
	}
}
