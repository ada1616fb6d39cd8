package diag

import (
	"strings"
	"testing"
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
	} {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzClean checks the promise Clean makes for any text: no line of its
// result starts with "::", and no control character but newline and tab
// survives.
func FuzzClean(f *testing.F) {
	f.Add("::error::x\n::y")
	f.Add("\x1b[31m\x00\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimLeft(line, " \t\v\f\r"), "::") {
				t.Fatalf("line starts with ::: %q", line)
			}
		}
		for _, r := range out {
			if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f {
				t.Fatalf("control character %U survives in %q", r, out)
			}
		}
		q := Quote(s)
		if strings.ContainsAny(q, "\n\r\x1b") {
			t.Fatalf("Quote(%q) = %q spans lines or escapes", s, q)
		}
	})
}
