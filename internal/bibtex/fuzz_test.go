package bibtex

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// FuzzParse checks that any file parses without panicking, that every
// problem names a line and column inside the file, that every entry's
// key and fields turn into valid UTF-8 text without panicking, and that
// @string names, however they repeat one another, expand the file's text
// no further than its budget (ExpansionRatio).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"@article{kaplan2020,\n  author = {Kaplan, Jared and others},\n  title = {Scaling {L}aws},\n  year = 2020,\n}",
		"@string{n = \"a\" # {b}}\n@misc(x, title = n # \" c\", month = jan)",
		"% comment\n@comment{@misc{y}}\n@preamble{\"x\"}",
		`@misc{z, title = {M{\"u}ller \'{e} \v c $10^{23}$ \href{u}{t} \'{\i} --- ~}}`,
		"@misc{a, title = {unclosed",
		"@misc{a, title = \"a {\"} b\"}",
		"@\n@misc{",
		`@misc{n, author = {van der Waals, Jr., J. and {OpenAI} and de~la~Cruz and others}}`,
		"@string{a = \"ha\"}\n@string{b = a # a # a # a}\n@string{c = b # b # b # b}\n@string{d = c # c # c # c}\n@string{e = d # d # d # d}\n@string{f = e # e # e # e}\n@string{g = f # f # f # f}\n@string{h = g # g # g # g}\n@string{i = h # h # h # h}\n@string{j = i # i # i # i}\n@string{k = j # j # j # j}\n@misc{x, title = k # k, note = k}",
		"@string(a = {xxxxxxxxxxxxxxxx})@string(b = a#a#a#a#a#a#a#a#a#a#a#a#a#a#a#a)@string(c = b#b#b#b#b#b#b#b#b#b#b#b#b#b#b#b)@string(d = c#c#c#c#c#c#c#c#c#c#c#c#c#c#c#c)@misc(y, a = d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d, b = d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d#d)",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse(src, "refs.bib")
		lines := strings.Count(string(src), "\n") + 1
		var list diag.List
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("error is not a diag.List: %v", err)
		}
		for _, e := range list {
			if e.File != "refs.bib" || e.Line > lines || e.Col < 0 {
				t.Fatalf("problem outside the file (%d lines): %v", lines, e)
			}
		}
		if file == nil {
			t.Fatal("nil file")
		}
		text := 0
		for _, e := range file.Entries {
			for _, v := range e.Fields {
				text += len(v)
			}
		}
		if budget := max(MinExpansion, ExpansionRatio*len(src)); text > budget {
			t.Fatalf("the fields hold %d bytes of text, past the budget of %d for a file of %d bytes", text, budget, len(src))
		}
		for _, e := range file.Entries {
			if e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
				t.Fatalf("entry %q at %v, outside the file", e.Key, e.Pos)
			}
			if file.Lookup(e.Key) != e {
				t.Fatalf("Lookup(%q) misses the entry", e.Key)
			}
			for name, v := range e.Fields {
				if s := Text(v); utf8.ValidString(v) && !utf8.ValidString(s) {
					t.Fatalf("Text of field %s gave invalid UTF-8 %q", name, s)
				}
			}
			names, _, _ := e.Authors()
			for _, n := range names {
				_ = n.Full() + n.Family()
			}
			_ = e.Year() + e.Venue() + e.DOI() + e.ArXiv() + e.URL()
		}
	})
}

// FuzzText checks that Text never panics and keeps valid UTF-8 valid.
func FuzzText(f *testing.F) {
	for _, s := range []string{`\"{u}`, `\'\i`, `$x^{2}_{1}$`, `\v`, `{\`, `\c{`, `---~''`, "\\'{\\'{\\'{\\'{e}}}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Text(%q) = %q, not UTF-8", s, got)
		}
		ParseNames(s)
	})
}
