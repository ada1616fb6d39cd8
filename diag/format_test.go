package diag

import (
	"strings"
	"testing"
)

func TestErrorfQuotes(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	tests := []struct {
		name   string
		format string
		args   []any
		want   string
	}{
		{"a short value is quoted as %q quotes", "column %q", []any{"loss"}, `column "loss"`},
		{"a long value is cut", "column %q", []any{long}, `column "` + strings.Repeat("x", MaxQuoted) + `…"`},
		{"control characters are escaped", "key %q", []any{"a\n::error file=x::b\x1b[2J\x00"}, `key "a\n::error file=x::b\x1b[2J\x00"`},
		{"%s writes text as it is", "%s: %q", []any{"the inline data", "a b"}, `the inline data: "a b"`},
		{"width flags still work", "%-6s|%5d", []any{"ab", 42}, "ab    |   42"},
		{"other types are untouched", "%q %v %d", []any{'x', []string{"a"}, 3}, `'x' [a] 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Errorf(Pos{}, tt.format, tt.args...).Msg; got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestErrorIsSafe(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"a file name with a newline", &Error{Pos: Pos{File: "data/a\n::error::.csv", Line: 2, Col: 3}, Msg: "bad"},
			`data/a\n::error::.csv:2:3: bad`},
		{"a message with a raw escape", &Error{Pos: Pos{File: "p.md", Line: 1}, Msg: "x\x1b[31m\n::warning::y"},
			"p.md:1: x\\x1b[31m\\n::warning::y"},
		{"a message that pastes decoded text", &Error{Pos: Pos{File: "p.md", Line: 4, Col: 1}, Msg: "looked for content/x\nerror: fake.png"},
			`p.md:4:1: looked for content/x\nerror: fake.png`},
		{"a file name and message with bidi and zero-width characters", &Error{Pos: Pos{File: "a\u202egnp.md", Line: 1}, Msg: "b\u2066c\u200b"},
			`a\u202egnp.md:1: b\u2066c\u200b`},
		{"a message past MaxMessage", &Error{Msg: strings.Repeat("é", MaxMessage)}, strings.Repeat("é", MaxMessage/2) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestQuoteList(t *testing.T) {
	many := make([]string, 150000)
	for i := range many {
		many[i] = "col"
	}
	tests := []struct {
		values []string
		max    int
		want   string
	}{
		{nil, 8, ""},
		{[]string{"model", "flops"}, 8, `"model", "flops"`},
		{[]string{"a", "b\nc", "d"}, 2, `"a", "b\nc", … and 1 more`},
		{[]string{strings.Repeat("y", 100)}, 8, `"` + strings.Repeat("y", MaxListed) + `…"`},
		{many, 3, `"col", "col", "col", … and 149997 more`},
	}
	for _, tt := range tests {
		if got := QuoteList(tt.values, tt.max); got != tt.want {
			t.Errorf("QuoteList(%d values, %d) = %s, want %s", len(tt.values), tt.max, got, tt.want)
		}
	}
}

func TestSuggestBounded(t *testing.T) {
	cols := make([]string, 150000)
	for i := range cols {
		cols[i] = "column_" + strings.Repeat("x", i%50)
	}
	if got := Suggest(strings.Repeat("y", 1<<20), cols); got != "" {
		t.Errorf("a megabyte word got a suggestion %q", got)
	}
	if got := DidYouMean("colum_", append(cols, "\x1b[2J")); got != ` — did you mean "column_"?` {
		t.Errorf("DidYouMean = %q", got)
	}
	if got := DidYouMean("a\x1b[2J", []string{"a\x1b[2K"}); got != ` — did you mean "a\x1b[2K"?` {
		t.Errorf("a suggestion is quoted: %q", got)
	}
}
