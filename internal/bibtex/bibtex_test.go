package bibtex

import (
	"reflect"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Entry // Pos.File is always "refs.bib"
	}{
		{
			name: "braces and quotes",
			src:  "@article{kaplan2020,\n  title = {Scaling Laws for {Neural} Language Models},\n  year = \"2020\",\n}\n",
			want: []Entry{{Type: "article", Key: "kaplan2020", Fields: map[string]string{"title": "Scaling Laws for {Neural} Language Models", "year": "2020"}, Pos: pos(1, 1)}},
		},
		{
			name: "bare number, upper-case type and field, no trailing comma",
			src:  "@MISC{a, YEAR = 2022}",
			want: []Entry{{Type: "misc", Key: "a", Fields: map[string]string{"year": "2022"}, Pos: pos(1, 1)}},
		},
		{
			name: "parentheses delimit an entry",
			src:  "@book(b, title = {A (Short) Book})",
			want: []Entry{{Type: "book", Key: "b", Fields: map[string]string{"title": "A (Short) Book"}, Pos: pos(1, 1)}},
		},
		{
			name: "string macros, months and concatenation",
			src:  "@string{nips = \"Advances in Neural \"}\n@STRING(ips = {Information Processing Systems})\n@inproceedings{h, booktitle = nips # ips, month = mar, note = \"vol \" # 35}",
			want: []Entry{{Type: "inproceedings", Key: "h", Fields: map[string]string{"booktitle": "Advances in Neural Information Processing Systems", "month": "March", "note": "vol 35"}, Pos: pos(3, 1)}},
		},
		{
			name: "comments: text between entries, % lines and @comment",
			src:  "Notes by jo@example.com, and @ home.\n% @article{commented, title = {Out}}\n@comment{ @article{also, title = {Out}} }\n@preamble{ \"\\newcommand{\\x}{y}\" }\n  @misc{kept, title = {In} % a comment between fields\n}",
			want: []Entry{{Type: "misc", Key: "kept", Fields: map[string]string{"title": "In"}, Pos: pos(5, 3)}},
		},
		{
			name: "quotes inside braces and braces inside quotes",
			src:  "@misc{q, title = {The \"best\" one}, note = \"a {\"quoted\"} word\"}",
			want: []Entry{{Type: "misc", Key: "q", Fields: map[string]string{"title": `The "best" one`, "note": `a {"quoted"} word`}, Pos: pos(1, 1)}},
		},
		{
			name: "keys with punctuation, an entry without fields",
			src:  "@misc{Hoffmann:2022/chinchilla.v2}\n@misc{empty,}",
			want: []Entry{
				{Type: "misc", Key: "Hoffmann:2022/chinchilla.v2", Fields: map[string]string{}, Pos: pos(1, 1)},
				{Type: "misc", Key: "empty", Fields: map[string]string{}, Pos: pos(2, 1)},
			},
		},
		{
			name: "column counts characters",
			src:  "é @misc{x}",
			want: []Entry{{Type: "misc", Key: "x", Fields: map[string]string{}, Pos: pos(1, 3)}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.src), "refs.bib")
			if err != nil {
				t.Fatal(err)
			}
			var got []Entry
			for _, e := range f.Entries {
				got = append(got, *e)
				if f.Lookup(e.Key) != e {
					t.Errorf("Lookup(%q) does not find the entry", e.Key)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"missing comma", "@misc{a,\n  title = {T}\n  year = 2020\n}", []string{`refs.bib:3:3: in the entry "a", a comma must follow a field before the next field (or } end the entry)`}},
		{"missing key", "@misc{, title = {T}}", []string{`refs.bib:1:7: "@misc" has no citation key`}},
		{"unclosed brace", "@misc{a,\n  title = {T\n", []string{`refs.bib:2:11: this { is never closed`}},
		{"unclosed quote", "@misc{a, title = \"T", []string{`refs.bib:1:18: this quoted value is never closed`}},
		{"unclosed entry", "@misc{a, title = {T}", []string{`refs.bib:1:1: the entry "a" is never closed: end it with }`}},
		{"undefined macro with suggestion", "@string{neurips = {NeurIPS}}\n@misc{a, booktitle = nuerips}", []string{`refs.bib:2:22: "nuerips" is not a @string defined above this line — did you mean "neurips"?`}},
		{"duplicate key", "@misc{a, title = {1}}\n\n@misc{a, title = {2}}", []string{`refs.bib:3:1: the key "a" is used twice (first at line 1)`}},
		{"duplicate field", "@misc{a, title = {1},\n title = {2}}", []string{`refs.bib:2:2: the entry "a" sets "title" twice (first at line 1)`}},
		{"missing equals", "@misc{a, title {T}}", []string{`refs.bib:1:16: in the entry "a", the field "title" needs an = and a value`}},
		{"missing value", "@misc{a, title = }", []string{`refs.bib:1:18: a value must follow the =`}},
		{"bad value", "@misc{a, title = #x}", []string{`refs.bib:1:18: a value starts with {, ", a digit or a @string name, not "#"`}},
		{"stray brace in quotes", "@misc{a, title = \"T}\"}", []string{`refs.bib:1:20: this } closes no {`}},
		{"no delimiter", "@misc a, title = {T}}\n@misc{b}", []string{`refs.bib:1:1: "@misc" must be followed by { or (`}},
		{"lone at", "@\n@misc{b}", []string{`refs.bib:1:1: an @ at the start of a line starts no entry`}},
		{"spaced at", "@ home\n@misc{b}", []string{`refs.bib:1:1: "@home" must be followed by { or (`}},
		{"not UTF-8", "@misc{a, title = {caf\xe9}}", []string{`refs.bib:1:22: is not UTF-8 text`}},
		{"recovers after a broken entry", "@misc{a, title = {T} year = 1}\n@misc{b, title {T}}\n@misc{c}", []string{`refs.bib:1:22:`, `refs.bib:2:16:`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.src), "refs.bib")
			if err == nil {
				t.Fatalf("no error; entries %v", f.Keys())
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("got %d problems, want %d:\n%v", len(lines), len(tt.want), err)
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("problem %d:\n got %s\nwant %s…", i+1, lines[i], w)
				}
			}
		})
	}
}

// A file that is not BibTeX stops after a bounded number of problems.
func TestParseManyErrors(t *testing.T) {
	_, err := Parse([]byte(strings.Repeat("@x\n", 1000)), "refs.bib")
	if err == nil {
		t.Fatal("no error")
	}
	if n := strings.Count(err.Error(), "\n") + 1; n > maxErrors+1 {
		t.Errorf("%d problems reported, want at most %d", n, maxErrors+1)
	}
	if !strings.Contains(err.Error(), "is it a BibTeX file?") {
		t.Errorf("no closing note:\n%v", err)
	}
}

func pos(line, col int) diag.Pos { return diag.Pos{File: "refs.bib", Line: line, Col: col} }
