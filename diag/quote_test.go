package diag

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"loss", `"loss"`},
		{"a\n::error file=x::boom", `"a\n::error file=x::boom"`},
		{"\x1b[31mred", `"\x1b[31mred"`},
		{"nul\x00byte", `"nul\x00byte"`},
		{"bad \xff utf8", `"bad \xff utf8"`},
		{"µ and ×10²¹", `"µ and ×10²¹"`},
		{strings.Repeat("é", 100), `"` + strings.Repeat("é", MaxQuoted) + `…"`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestQuoteIfNeeded(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"content/p/x.png", "content/p/x.png"},
		{"content/µ × 10²¹.png", "content/µ × 10²¹.png"},
		{"content/my figure.png", "content/my figure.png"},
		{"content/x\nerror: fake.png", `"content/x\nerror: fake.png"`},
		{"content/y\u202egnp.png", `"content/y\u202egnp.png"`},
		{"content/zero\u200bwidth.png", `"content/zero\u200bwidth.png"`},
		{"a\x1b[2Jb", `"a\x1b[2Jb"`},
		{"bad \xff", `"bad \xff"`},
		{`say "hi"`, `"say \"hi\""`},
		{" lead", `" lead"`},
		{"", `""`},
		{strings.Repeat("d/", MaxPlain), `"` + strings.Repeat("d/", MaxQuoted/2) + `…"`},
	} {
		if got := QuoteIfNeeded(tc.in); got != tc.want {
			t.Errorf("QuoteIfNeeded(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestClean(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain message\nsecond line", "plain message\nsecond line"},
		{"::error file=x::boom", `\::error file=x::boom`},
		{"a\n::warning::x", "a\n\\::warning::x"},
		{"a\n   ::warning::x", "a\n\\   ::warning::x"},
		{"a\n\t::x", "a\n\\\t::x"},
		{"ratio 2::1 is fine", "ratio 2::1 is fine"},
		{"esc \x1b[2J here", `esc \x1b[2J here`},
		{"cr\rhere", `cr\rhere`},
		{"bad \xfe byte", `bad \xfe byte`},
		{"tab\tkept", "tab\tkept"},
		{"bidi \u202egnp.exe", `bidi \u202egnp.exe`},
		{"isolates \u2066a\u2067b\u2068c\u2069", `isolates \u2066a\u2067b\u2068c\u2069`},
		{"marks \u200e\u200f\u061c", `marks \u200e\u200f\u061c`},
		{"embeddings \u202a\u202b\u202c\u202d", `embeddings \u202a\u202b\u202c\u202d`},
		{"zero\u200bwidth\u200c\u200d\u2060\ufeff", `zero\u200bwidth\u200c\u200d\u2060\ufeff`},
		{"tag \U000e0041", `tag \U000e0041`},
		{"µ × 10²¹ – “quoted” …", "µ × 10²¹ – “quoted” …"},
	} {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzClean checks the promise Clean makes for any text: no line of its
// result starts with "::", and no control character but newline and tab
// survives, nor any invisible character that changes how the text around
// it reads (bidi controls, zero-width characters); and that a problem
// (*Error) prints as one such line, whatever its file name and message.
func FuzzClean(f *testing.F) {
	f.Add("::error::x\n::y")
	f.Add("\x1b[31m\x00\r\n")
	f.Add("a\u202eb\u2066c\u200bd\ufeff\n\u2029error: fake")
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimLeft(line, " \t\v\f\r"), "::") {
				t.Fatalf("line starts with ::: %q", line)
			}
		}
		if r, ok := unsafeRune(out, true); ok {
			t.Fatalf("%U survives in %q", r, out)
		}
		q := Quote(s)
		if r, ok := unsafeRune(q, false); ok {
			t.Fatalf("Quote(%q) = %q holds %U", s, q, r)
		}
		e := (&Error{Pos: Pos{File: s, Line: 1, Col: 1}, Msg: s}).Error()
		if r, ok := unsafeRune(e, false); ok {
			t.Fatalf("a problem prints %q, which holds %U", e, r)
		}
		if strings.HasPrefix(strings.TrimLeft(e, " \t\v\f\r"), "::") {
			t.Fatalf("a problem prints as a workflow command: %q", e)
		}
	})
}

// unsafeRune returns the first character of s that a message must not
// print as it is: a control character (newline and tab allowed when
// lines is true), a line or paragraph separator, a format character (bidi
// control, zero-width character) or a byte of invalid UTF-8.
func unsafeRune(s string, lines bool) (rune, bool) {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return r, true
		case r == '\n' || r == '\t':
			if !lines {
				return r, true
			}
		case r < 0x20 || (r >= 0x7f && r < 0xa0) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r):
			return r, true
		}
	}
	return 0, false
}

// TestVisible: text shown unquoted (TeX) has every character Quote
// escapes escaped the same way, and keeps its backslashes and quotes.
func TestVisible(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`\frac{a}{b} "x"`, `\frac{a}{b} "x"`},
		{"\\foo\u2066 + x", `\foo\u2066 + x`},
		{"a\u202eb\u200bc", `a\u202eb\u200bc`},
		{"line\nbreak\ttab", `line\nbreak\ttab`},
		{"bad \xff byte \x05", `bad \xff byte \x05`},
		{"×·≈ α", "×·≈ α"},
	} {
		if got := Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got, quoted := Visible(tc.in), Quote(tc.in); len(tc.in) < MaxQuoted && !strings.Contains(tc.in, `"`) && !strings.Contains(tc.in, `\`) && `"`+got+`"` != quoted {
			t.Errorf("Visible(%q) = %q, Quote = %s: not the same rule", tc.in, got, quoted)
		}
	}
}
