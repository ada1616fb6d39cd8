package plaintex

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/scalesite/scalesite/markdown"
)

// Convert is convert in its strict form: what Unicode has no characters
// for is an error.
func Convert(s string) (string, error) { return convert(s, nil) }

func TestConvert(t *testing.T) {
	tests := []struct{ in, want string }{
		// no formula: as written
		{"Training FLOPs", "Training FLOPs"},
		{`C:\data \alpha`, `C:\data \alpha`},
		// dollars that open no formula stay dollar signs
		{"Cost ($5M)", "Cost ($5M)"},
		{"$5 and $10", "$5 and $10"},
		{"$ 5", "$ 5"},
		{"a $ b $ c", "a $ b $ c"},
		{"price $", "price $"},
		{`\$5M`, "$5M"},
		{`costs \$5, $N$ params`, "costs $5, N params"},
		{`$a$1`, "$a$1"},
		{"$10 for `$HOME`", "$10 for `$HOME`"},
		// the examples
		{`$\alpha_N$`, ""}, // error, below
		{`$L(N)$`, "L(N)"},
		{`$C^{0.5}$`, "C⁰·⁵"},
		{`$6ND$`, "6ND"},
		{`Loss $L$ vs. compute $C$ (FLOPs)`, "Loss L vs. compute C (FLOPs)"},
		{`$$L(N)$$`, "L(N)"},
		// Greek, scripts, operators
		{`$\alpha$`, "α"}, {`$\alpha = 0.5$`, "α = 0.5"}, {`$\sigma \approx 0.01$`, "σ ≈ 0.01"}, {`$\beta$`, "β"}, {`$\Delta L$`, "ΔL"}, {`$\alpha N$`, "αN"},
		{`$N_{opt}$`, "Nₒₚₜ"}, {`$C_\mathrm{min}$`, "Cₘᵢₙ"}, {`$C_{\min}$`, "Cₘᵢₙ"},
		{`$x_2$`, "x₂"}, {`$x_{10}$`, "x₁₀"}, {`$\log_{10} C$`, "log₁₀ C"},
		{`$10^{21}$`, "10²¹"}, {`$10^{-3}$`, "10⁻³"}, {`$N^{-0.076}$`, "N⁻⁰·⁰⁷⁶"},
		{`$D^\alpha$`, "Dᵅ"}, {`$N^*$`, "N*"}, {`$N^{*}$`, "N*"}, {`$x^2_i$`, "x²ᵢ"},
		{`$x'$`, "x′"}, {`$x^\prime$`, "x′"}, {`$-0.5$`, "−0.5"},
		{`$3 \times 10^{21}$`, "3 × 10²¹"}, {`$3\times10^{21}$`, "3×10²¹"},
		{`$L = 11.6 \cdot S$`, "L = 11.6 · S"}, {`$L \approx 2$`, "L ≈ 2"},
		{`$L \sim N$`, "L ∼ N"}, {`$L \propto N^{-\alpha}$`, "L ∝ N⁻ᵅ"},
		{`$x \le 1$`, "x ≤ 1"}, {`$x \leq 1$`, "x ≤ 1"}, {`$x \ge 1$`, "x ≥ 1"}, {`$x\geq1$`, "x≥1"},
		{`$\pm 0.3$`, "±0.3"}, {`$2 \pm 0.3$`, "2 ± 0.3"}, {`$\infty$`, "∞"}, {`$x \to \infty$`, "x → ∞"},
		{`$\log N$`, "log N"}, {`$\log{N}$`, "log N"}, {`$\log(N)$`, "log(N)"}, {`$\exp(x)$`, "exp(x)"},
		{`$\mathrm{FLOPs}$`, "FLOPs"}, {`$\text{tokens per param}$`, "tokens per param"},
		{`$N_\text{opt}$`, "Nₒₚₜ"}, {`$\text{a - b}$`, "a - b"}, {`$\operatorname{loss}(x)$`, "loss(x)"},
		{`$\mathbf{x}$`, "x"}, {`$\left(N\right)$`, "(N)"},
		{`${N}$`, "N"}, {`$\{a\}$`, "{a}"}, {`$1.4\,T$`, "1.4\u2009T"}, {`$a\!b$`, "ab"},
		{`$a\ b$`, "a b"}, {`$a~b$`, "a\u00a0b"}, {`$10\%$`, "10%"}, {`$\$5$`, "$5"},
		{`$a   b$`, "a b"}, {`$ab $x$`, "$ab x"},
		{`$\epsilon$ vs $\varepsilon$`, "ϵ vs ε"},
		{`$\sum_i x_i$`, "∑ᵢ xᵢ"},
		// unicode passes through
		{`$α_N$ ≈ 0.076`, ""},
		{`$√(N)$`, "√(N)"},
	}
	for _, tt := range tests {
		if tt.want == "" {
			continue
		}
		got, err := Convert(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Convert(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if strings.Contains(tt.in, "$") && !strings.Contains(tt.want, "$") && strings.ContainsAny(got, `$\`) {
			t.Errorf("Convert(%q) = %q: a $ or \\ is left", tt.in, got)
		}
	}
}

// TestConvertEveryCommand converts each command of the tables, so that a
// command added to them is one that works.
func TestConvertEveryCommand(t *testing.T) {
	for name, want := range symbols {
		if got, err := Convert(`$\` + name + `$`); err != nil || got != want {
			t.Errorf(`\%s = %q, %v; want %q`, name, got, err, want)
		}
	}
	for name, want := range operators {
		if got, err := Convert(`$a\` + name + ` b$`); err != nil || got != "a"+want+"b" {
			t.Errorf(`\%s = %q, %v; want %q`, name, got, err, "a"+want+"b")
		}
	}
	for name := range functions {
		if got, err := Convert(`$\` + name + `(x)$`); err != nil || got != name+"(x)" {
			t.Errorf(`\%s = %q, %v`, name, got, err)
		}
	}
	for name := range textCommands {
		if got, err := Convert(`$\` + name + `{ab}$`); err != nil || got != "ab" {
			t.Errorf(`\%s = %q, %v`, name, got, err)
		}
	}
	for name := range ignored {
		if got, err := Convert(`$\` + name + ` x$`); err != nil || got != "x" {
			t.Errorf(`\%s = %q, %v`, name, got, err)
		}
	}
	for c, want := range symbolCommands {
		if got, err := Convert(`$a\` + string(c) + `b$`); err != nil || got != "a"+want+"b" {
			t.Errorf(`\%c = %q, %v; want %q`, c, got, err, "a"+want+"b")
		}
	}
	for r, want := range superscripts {
		in := string(r)
		if r == '-' || r == '\'' {
			in = string(r) // converted to − and ′ first
		}
		if got, err := Convert(`$x^{` + in + `}$`); err != nil || got != "x"+string(want) {
			t.Errorf(`^%c = %q, %v; want %q`, r, got, err, "x"+string(want))
		}
	}
	for r, want := range subscripts {
		if got, err := Convert(`$x_{` + string(r) + `}$`); err != nil || got != "x"+string(want) {
			t.Errorf(`_%c = %q, %v; want %q`, r, got, err, "x"+string(want))
		}
	}
}

func TestConvertErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		tex    string
		reason string // a part of it
	}{
		{`$\alpha_N$`, 7, "_N", `"N" has no subscript form`},
		{`Loss $N_c$`, 7, "_c", `as in $\alpha$_c`},
		{`$\alpha_{NC}$`, 7, "_{NC}", `"N" has no subscript form`},
		{`$x^{q}$`, 2, "^{q}", `"q" has no superscript form`},
		{`$x^{1/2}$`, 2, "^{1/2}", `"/" has no superscript form`},
		{`$\frac{a}{b}$`, 1, `\frac`, "write a/b instead"},
		{`$\sqrt{N}$`, 1, `\sqrt`, "√"},
		{`$\hat{y}$`, 1, `\hat`, "accent"},
		{`$\mathcal{L}$`, 1, `\mathcal`, "ℒ"},
		{`$\foo$`, 1, `\foo`, "not a command scalesite can write"},
		{`$a\\b$`, 2, `\\`, "one line"},
		{`$\@$`, 1, `\@`, "not a command"},
		{`$x^$`, 2, "^", "needs something after it"},
		{`$x_{}$`, 2, "_{}", "needs something after it"},
		{`$x^{a$`, 3, "{a", "never closed"},
		{`$a}$`, 2, "}", "closes no {"},
		{`$\mathrm x$`, 1, `\mathrm`, "in braces"},
		{`$\alpha_N = 0.076`, 0, `$\alpha_N`, "never closed"},
		{`fit $L = N^{-0.07} `, 4, "$L = N^{-0.07}", "never closed"},
	}
	for _, tt := range tests {
		got, err := Convert(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Convert(%q) = %q, %v; want an error", tt.in, got, err)
			continue
		}
		if e.Offset != tt.offset || e.TeX != tt.tex || !strings.Contains(e.Reason, tt.reason) {
			t.Errorf("Convert(%q): error at %d %q %q; want at %d %q, saying %q", tt.in, e.Offset, e.TeX, e.Reason, tt.offset, tt.tex, tt.reason)
		}
	}
}

// FuzzConvert: whatever the text, Convert returns or errs without
// panicking; what it returns is valid UTF-8 when the input was, and text
// without a $ comes back as it is.
func FuzzConvert(f *testing.F) {
	for _, s := range []string{`$\alpha_N$`, `$C^{0.5}$`, `\$5M`, "$5 and $10", `$\frac{a}{b}$`, `$x^{a$`, `$$x$$`, `$\text{a $ b}$`, `$\left(\right)$`, "$a\\", "${{}}$", `$x_\mathrm{min}^2$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Convert(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Convert(%q): error %v", s, err)
			}
			return
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Convert(%q) = %q: not UTF-8", s, got)
		}
		if !strings.Contains(s, "$") && got != s {
			t.Fatalf("Convert(%q) = %q: changed text without a formula", s, got)
		}
	})
}

// BenchmarkConvert: a title with a formula, and one without (the common
// case, which returns at once).
func BenchmarkConvert(b *testing.B) {
	for _, s := range []string{`Test loss $L$ against $N$: $L = (N_{opt}/N)^{0.076}$, $\alpha = 0.5$`, "Validation loss (nats per token)"} {
		b.Run(strings.Fields(s)[0], func(b *testing.B) {
			for b.Loop() {
				if _, err := Convert(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSameDollarsAsThePage: Convert finds the formulas the page's Markdown
// finds (markdown/math.go) in the same text, so that a title reads like the
// prose beside it. The rule is written twice, as markdown imports no
// scalesite package; this test keeps the two the same.
func TestSameDollarsAsThePage(t *testing.T) {
	for _, s := range []string{
		"$5 and $10", "costs $5, $N$ params", "$x$1", "a $b$ c", "$ 5$", "$a $b$", "$a$ and $b$",
		"$10 for `$HOME`", "price $", "$$x$$", "$a$$b$", "x $y $z$", "$\\$5$", "\\$5 $N$", "$a\\$b$",
		"$5M-$8M", "from $5 to $10", "$L(N)$ vs $D$: $6ND$", "a$b$c", "$x$y$",
	} {
		var page []string
		doc := markdown.New().Parser().Parse(text.NewReader([]byte(s)))
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if f := markdown.FormulaOf(n); f != nil && entering {
				page = append(page, f.TeX)
			}
			return ast.WalkContinue, nil
		})
		var chart []string
		for i := 0; i < len(s); {
			switch {
			case s[i] == '\\' && i+1 < len(s) && s[i+1] == '$':
				i += 2
				continue
			case s[i] != '$':
				i++
				continue
			}
			open := 1
			if i+1 < len(s) && s[i+1] == '$' {
				open = 2
			}
			end, ok := closer(s, i+open, open)
			if !ok {
				i += open
				continue
			}
			chart = append(chart, s[i+open:end])
			i = end + open
		}
		if strings.Join(page, "|") != strings.Join(chart, "|") {
			t.Errorf("%q: the page finds formulas %q, a chart %q", s, page, chart)
		}
	}
}

func TestSubscriptAndGreek(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{{"0", "₀", true}, {"opt", "ₒₚₜ", true}, {"c", "", false}, {"N", "", false}} {
		if got, ok := Subscript(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("Subscript(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	for _, tt := range []struct {
		in, want string
		ok       bool
	}{{"alpha", "α", true}, {"Omega", "Ω", true}, {"infty", "", false}, {"N", "", false}} {
		if got, ok := Greek(tt.in); got != tt.want || ok != tt.ok {
			t.Errorf("Greek(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
