package markdown

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// formulas parses src and describes its formulas in order: "inline $x$",
// "display $$x$$" in a paragraph, "block $$x$$" for a display block
// ("block! ..." when unclosed), with TeX between the delimiters. It checks
// that each formula's Pos is its opening delimiter and that Offset maps
// every byte of TeX to the same byte of src.
func formulas(t testing.TB, src string) []string {
	t.Helper()
	doc := New().Parser().Parse(text.NewReader([]byte(src)))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		f := FormulaOf(n)
		if f == nil || !entering {
			return ast.WalkContinue, nil
		}
		kind := "inline"
		if f.Display {
			kind = "display"
		}
		if b, ok := n.(*MathBlock); ok {
			kind = "block"
			if b.Unclosed {
				kind = "block!"
			}
		}
		tex := f.TeX
		if kind != "inline" && kind != "display" {
			tex = "\n" + tex
		}
		out = append(out, kind+" "+f.Open+tex+f.Close)
		if at := n.Pos(); at < 0 || !strings.HasPrefix(src[at:], f.Open) {
			t.Errorf("%s: Pos %d is not at %s in %q", out[len(out)-1], at, f.Open, src)
		}
		for i := range len(f.TeX) {
			if o := f.Offset(i); o < 0 || o >= len(src) || src[o] != f.TeX[i] {
				t.Errorf("%s: Offset(%d) = %d, not at %q in %q", out[len(out)-1], i, o, f.TeX[i], src)
				break
			}
		}
		return ast.WalkSkipChildren, nil
	})
	return out
}

func TestMathParser(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		// What is math.
		{"inline", "The exponent $\\alpha$ is small.", []string{`inline $\alpha$`}},
		{"inline at the start and end", "$a$ and $b$", []string{"inline $a$", "inline $b$"}},
		{"chinchilla", "Fit $L(N,D) = E + A/N^\\alpha + B/D^\\beta$ to runs.",
			[]string{`inline $L(N,D) = E + A/N^\alpha + B/D^\beta$`}},
		{"a word right after", "the $x$-axis", []string{"inline $x$"}},
		{"spaces inside", "$a + b$", []string{"inline $a + b$"}},
		{"escaped dollar inside", `$\$5 + x$`, []string{`inline $\$5 + x$`}},
		{"over two lines", "We fit $a +\nb$ here.", []string{"inline $a +\nb$"}},
		{"display in a paragraph", "The law $$L = E$$ holds.", []string{"display $$L = E$$"}},
		{"display over lines in a paragraph", "The law $$L = E +\n\\frac{A}{N}$$ holds.", []string{"display $$L = E +\n\\frac{A}{N}$$"}},
		{"display that a $$ line closes", "The law $$L = E\n$$", []string{"display $$L = E\n$$"}},
		{"display with a dollar inside", "$$a $ b$$", []string{"display $$a $ b$$"}},
		{"paren", `Then \(x^2\) grows.`, []string{`inline \(x^2\)`}},
		{"bracket in a paragraph", `So \[x^2\] grows.`, []string{`display \[x^2\]`}},
		{"block", "Intro.\n\n$$\nL = E + \\frac{A}{N^\\alpha}\n$$\n\nAfter.", []string{"block $$\nL = E + \\frac{A}{N^\\alpha}\n$$"}},
		{"block right after a paragraph", "The law:\n$$\nL = E\n$$\nwhere E is...", []string{"block $$\nL = E\n$$"}},
		{"block closed at a line's end", "$$\na +\nb $$\n", []string{"block $$\na +\nb $$"}},
		{"block with a blank line", "$$\na\n\nb\n$$\n", []string{"block $$\na\n\nb\n$$"}},
		{"block with list-like lines", "$$\n- x\n+ y\n# z\n$$\n", []string{"block $$\n- x\n+ y\n# z\n$$"}},
		{"bracket block", "\\[\nx = 1\n\\]\n", []string{"block \\[\nx = 1\n\\]"}},
		{"block with spaces after the fence", "$$  \nx\n$$  \n", []string{"block $$\nx\n$$"}},
		{"block in a list item", "- item\n\n  $$\n  x^2\n  $$\n", []string{"block $$\nx^2\n$$"}},
		{"block in a block quote", "> $$\n> x^2\n> $$\n", []string{"block $$\nx^2\n$$"}},
		{"unclosed block", "$$\nx^2\n\nMore prose.\n", []string{"block! $$\nx^2\n\nMore prose.\n$$"}},
		{"unclosed block in a quote", "> $$\n> x\n\nProse.\n", []string{"block! $$\nx\n$$"}},
		{"a block's escaped closer", "$$\n\\$$\n$$\n", []string{"block $$\n\\$$\n$$"}},
		{"Windows line ends", "$$\r\nx\r\n$$\r\n\r\nAnd $y$.\r\n", []string{"block $$\nx\r\n$$", "inline $y$"}},
		{"non-ASCII", "Ünï $é^2$ and $𝔼[x]$.", []string{"inline $é^2$", "inline $𝔼[x]$"}},
		{"in emphasis", "*see $a_1$*", []string{"inline $a_1$"}},
		{"in a link", "[the $x$ axis](https://example.org/)", []string{"inline $x$"}},
		{"in a heading", "## Loss $L(N)$\n", []string{"inline $L(N)$"}},
		{"in a table cell", "| law |\n|---|\n| $N^a$ |\n", []string{"inline $N^a$"}},
		{"underscores are not emphasis", "$a_1 + b_2$ and _c_", []string{"inline $a_1 + b_2$"}},

		// What is not.
		{"a price", "It took $5 of compute.", nil},
		{"two prices", "It costs $5 and $10.", nil},
		{"a range of prices", "Between $5-$10 a run.", nil},
		{"prices then a formula", "From $5 to $10, see $x$.", []string{"inline $x$"}},
		{"a price then a formula", "Pay $5, get $x$", []string{"inline $x$"}},
		{"a closing $ before a digit", "$a$1", nil},
		{"the first closing $ decides", "$a $b$", []string{"inline $b$"}},
		{"a space after the opening $", "$ 5 and 6$", nil},
		{"a space before the closing $", "$5 and 6 $", nil},
		{"escaped dollars", `\$5 and \$10`, nil},
		{"an escaped opening dollar", `\$x$`, nil},
		{"code span", "Run `echo $HOME` and `$x$`.", nil},
		{"a price before code with a dollar", "It costs $10, see `$HOME` and `x$`.", nil},
		{"a formula then code", "$x$ and `$y$`", []string{"inline $x$"}},
		{"a backtick in display math", "$$a`b$$", []string{"display $$a`b$$"}},
		{"code block", "```\n$x$\n```\n", nil},
		{"chart block", "```chart\ntitle: $x$\n```\n", nil},
		{"a lone dollar", "$", nil},
		{"a lone double dollar", "US$$ rates", nil},
		{"unclosed paren", `\(x`, nil},
		{"escaped paren", `\\(x\\)`, nil},
		{"no formula across paragraphs", "$a\n\nb$", nil},
		{"$$ with text after is prose", "$$ is a dollar twice\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := formulas(t, tc.src); !slices.Equal(got, tc.want) {
				t.Errorf("formulas in %q:\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}

// TestMathProse checks what prose around dollar signs renders as: dollar
// signs that are not math are kept as they are written.
func TestMathProse(t *testing.T) {
	tests := []struct{ src, want string }{
		{"It took $5 of compute.", "<p>It took $5 of compute.</p>\n"},
		{"It costs $5 and $10.", "<p>It costs $5 and $10.</p>\n"},
		{`Write \$x\$ for dollars.`, "<p>Write $x$ for dollars.</p>\n"},
		{"US$$ rates", "<p>US$$ rates</p>\n"},
		{`An \(escaped\) paren`, "<p>An <span class=\"math inline\">\\(escaped\\)</span> paren</p>\n"},
		{`\(x`, "<p>(x</p>\n"},
		{"$a<b$ & more", "<p><span class=\"math inline\">$a&lt;b$</span> &amp; more</p>\n"},
		{"$$\nx<1\n$$\n", "<div class=\"math display\">$$\nx&lt;1\n$$</div>\n"},
		{"So $$x$$.", "<p>So <span class=\"math display\">$$x$$</span>.</p>\n"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		if err := New().Convert([]byte(tc.src), &b); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("%q renders as\n%q, want\n%q", tc.src, b.String(), tc.want)
		}
	}
}

// TestMathHTML: a formula whose HTML is set renders as that HTML.
func TestMathHTML(t *testing.T) {
	src := []byte("Inline $x$.\n\n$$\ny\n$$\n")
	md := New()
	doc := md.Parser().Parse(text.NewReader(src))
	n := 0
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if f := FormulaOf(node); f != nil && entering {
			n++
			f.HTML = fmt.Appendf(nil, "<b>%d:%s</b>", n, f.TeX)
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, doc); err != nil {
		t.Fatal(err)
	}
	want := "<p>Inline <span class=\"math inline\"><b>1:x</b></span>.</p>\n<div class=\"math display\"><b>2:y\n</b></div>\n"
	if b.String() != want {
		t.Errorf("rendered:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestMathManyDollars: a paragraph of prices, or of openings without a
// closing, is read once, not once per dollar sign (which would take
// minutes here).
func TestMathManyDollars(t *testing.T) {
	src := strings.Repeat("It costs $5 and $6,\n", 50000)
	if got := formulas(t, src); got != nil {
		t.Errorf("%d formulas", len(got))
	}
	for _, src := range []string{
		strings.Repeat("a \\(b\n", 50000),
		strings.Repeat("a $$\n$$\n", 50000), // each $$ line closes the formula the line before opens
	} {
		if got := formulas(t, src); len(got) > 50000 {
			t.Errorf("%d formulas", len(got))
		}
	}
}

// FuzzMath checks that no text makes the math parser panic or renders
// unbalanced markup; that each formula's Pos and Offset point into the
// source at its delimiter and its TeX; and, for one-line inputs of
// letters, spaces, digits and dollar signs, that the formulas are those a
// direct reading of Pandoc's rule finds (pandoc/src/Text/Pandoc/Parsing/
// Math.hs: the first $ after the opening one closes it, or fails).
func FuzzMath(f *testing.F) {
	for _, s := range []string{
		"$x$", "$5 and $10", "a $b$ c $$d$$ e", "$$\nx\n$$\n", "\\(a\\) \\[b\\]",
		"> $$\n> x\n", "- $$\n  x\n  $$\n", "`$x$` $y$", "\\$x$ $y\\$", "$a\nb$", "$$\n\n",
		"$$a $ b$$", "$1$a$", "| $a|b$ |\n|--|\n", "$$x\n$$", "a$ b$c$", "",
	} {
		f.Add(s)
	}
	md := New()
	f.Fuzz(func(t *testing.T, src string) {
		got := formulas(t, src)
		var b bytes.Buffer
		if err := md.Convert([]byte(src), &b); err != nil {
			t.Fatalf("Convert: %v", err)
		}
		out := b.String()
		for _, tag := range []string{"span", "div"} {
			if strings.Count(out, "<"+tag) != strings.Count(out, "</"+tag+">") {
				t.Errorf("unbalanced %ss in %q", tag, out)
			}
		}
		if want, ok := pandocDollars(src); ok && !slices.Equal(got, want) {
			t.Errorf("formulas in %q:\n got %q\nwant %q", src, got, want)
		}
	})
}

// pandocDollars reads the $…$ and $$…$$ formulas of a one-line src of
// letters, digits, spaces and dollar signs by Pandoc's rule, directly.
// ok is false for other inputs.
func pandocDollars(src string) (out []string, ok bool) {
	for _, r := range src {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == ' ' || r == '$') {
			return nil, false
		}
	}
	if strings.HasPrefix(src, " ") || strings.HasPrefix(src, "$$") || strings.HasSuffix(src, " ") {
		return nil, false // block openers and trimmed spaces are for the other tests
	}
	for i := 0; i < len(src); i++ {
		if src[i] != '$' {
			continue
		}
		if strings.HasPrefix(src[i:], "$$") {
			if j := strings.Index(src[i+2:], "$$"); j >= 0 {
				out = append(out, "display "+src[i:i+2+j+2])
				i += 2 + j + 1
			} else {
				i++ // both dollar signs are prose
			}
			continue
		}
		if i+1 >= len(src) || src[i+1] == ' ' {
			continue
		}
		j := strings.IndexByte(src[i+1:], '$') + i + 1
		if j > i && src[j-1] != ' ' && !(j+1 < len(src) && '0' <= src[j+1] && src[j+1] <= '9') {
			out = append(out, "inline "+src[i:j+1])
			i = j
		}
	}
	return out, true
}

// TestMathText: a formula's TeX is its node's text, so that an image's alt
// text or a heading's words keep it.
func TestMathText(t *testing.T) {
	var b bytes.Buffer
	if err := New().Convert([]byte("![loss $L(N)$ by size](a.png)\n"), &b); err != nil {
		t.Fatal(err)
	}
	if want := `alt="loss L(N) by size"`; !strings.Contains(b.String(), want) {
		t.Errorf("%s lacks %s", b.String(), want)
	}
}
