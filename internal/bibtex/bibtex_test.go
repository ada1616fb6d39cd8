package bibtex

import (
	"fmt"
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

// TestParseExpansionBudget: @string names that repeat one another stop at
// the name that takes the file past its budget, with the entries before
// it kept, instead of expanding until memory runs out.
func TestParseExpansionBudget(t *testing.T) {
	doubling := func(n int) string { // m_i = m_{i-1} # m_{i-1}: 2^n bytes
		var b strings.Builder
		b.WriteString("@misc{before, title = {kept}}\n@string{m0 = \"ha\"}\n")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "@string{m%d = m%d # m%d}\n", i, i-1, i-1)
		}
		fmt.Fprintf(&b, "@misc{after, title = m%d}\n", n)
		return b.String()
	}
	kilobyte := "@string{k = {" + strings.Repeat("x", 1000) + "}}\n"
	tests := []struct {
		name, src string
		want      string // the one problem, "" for none
	}{
		{"macros that double", doubling(24),
			`refs.bib:20:21: the @string "m17" takes this file past 1MB of text once @string names are written out (4 times the file's size, and at least 1MB): a @string that repeats others can grow without end; write the text out instead (the rest of the file is not read)`},
		{"one @string joined with # many times", kilobyte + "@string{big = k" + strings.Repeat(" # k", 1100) + "}\n",
			`refs.bib:2:4203: the @string "k" takes this file past 1MB`},
		{"one @string joined with # in many fields", kilobyte + numbered(400, "@misc{x%d, title = k # k # k}\n"),
			`refs.bib:351:21: the @string "k" takes this file past 1MB`},
		{"a journal name in many entries", manyEntries(20000), ""},
		{"a large file has a larger budget", kilobyte + numbered(300, "@misc{x%d, title = {"+strings.Repeat("y", 1000)+"}, note = k}\n") +
			"@misc{z, title = k" + strings.Repeat(" # k", 450) + "}\n", ""}, // 1.05MB of text
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse([]byte(tt.src), "refs.bib")
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; %d entries", len(f.Entries))
			}
			if got := err.Error(); strings.Contains(got, "\n") || !strings.HasPrefix(got, tt.want) {
				t.Errorf("got  %s\nwant %s…", got, tt.want)
			}
			if f.Lookup("before") == nil && strings.Contains(tt.src, "{before,") {
				t.Error("the entry before the bomb is lost")
			}
			var total int
			for _, e := range f.Entries {
				for _, v := range e.Fields {
					total += len(v)
				}
			}
			if total > max(MinExpansion, ExpansionRatio*len(tt.src)) {
				t.Errorf("the entries hold %d bytes of text", total)
			}
		})
	}
}

// numbered repeats format n times, each with its number.
func numbered(n int, format string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, format, i)
	}
	return b.String()
}

// manyEntries is a bibliography of n entries that use @strings as real
// ones do: a journal or conference name each.
func manyEntries(n int) string {
	var b strings.Builder
	b.WriteString("@string{jmlr = {Journal of Machine Learning Research}}\n@string{neurips = {Advances in Neural Information Processing Systems}}\n")
	for i := range n {
		venue := "journal = jmlr"
		if i%2 == 1 {
			venue = "booktitle = neurips # { " + fmt.Sprint(2000+i%25) + "}"
		}
		fmt.Fprintf(&b, "@article{key%d,\n  author = {Doe, Jane and Roe, Richard},\n  title = {Scaling Laws, Part %d},\n  %s,\n  year = %d, month = jun,\n}\n", i, i, venue, 2000+i%25)
	}
	return b.String()
}

// TestParseManyMacrosNoHint: an undefined @string name in a file of
// thousands of @strings gets no "did you mean" hint, which would compare
// it with every name for each of up to 20 typos.
func TestParseManyMacrosNoHint(t *testing.T) {
	var b strings.Builder
	for i := range maxSuggestMacros + 1 {
		fmt.Fprintf(&b, "@string{name%05d = {x}}\n", i)
	}
	b.WriteString("@misc{a, title = nane00001}\n")
	_, err := Parse([]byte(b.String()), "refs.bib")
	if err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("got %v, want an undefined name without a hint", err)
	}
	_, err = Parse([]byte("@string{name00001 = {x}}\n@misc{a, title = nane00001}\n"), "refs.bib")
	if err == nil || !strings.Contains(err.Error(), `did you mean "name00001"`) {
		t.Errorf("a file of few names: got %v, want a hint", err)
	}
}
