package table

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// csvSeeds and jsonSeeds are inputs from the tests above, so that the fuzzer
// starts from every shape the parsers are known to handle.
var csvSeeds = []string{
	"model,flops,acc\nA,1e21,71.2\nB,3.14e+23,80\n",
	" model , acc \n  A ,  71.2  \n",
	"a,b\n",
	"\n\na,b\n\n1,2\n,\n  \n \t, \n3,4\n\n",
	"\ufeffa,b\r\n1,2\r\n\r\n3,\"x\r\ny\"\r\n",
	"model,acc\n\"Llama 2, 7B\",71\n\"say \"\"hi\"\"\", 72\n",
	"model,acc\n\"two\nlines\",72\nB,73\n",
	"é,b\n\"ü\",  x\nß,€\n",
	"a\tb\tc\n1\t\t3\n",
	"a,,c\n", "a, b ,a\n", "model;flops;acc\nA;1;2\n",
	"model,flops,acc\nA,1,2\nB,1,2,3\n",
	"model,acc\nLlama 2 \"chat\",1\n",
	"model,acc\n\"Llama\" 2,1\n",
	"model,acc\nA,1\nB, \"2\nC,3\n",
	"a,b\n\"x\"\"y\",\"z\n",
	"a,b\"\n1,2\n",
	"a,b\n1,2\n\"3\",4\n5, 6\n  \n7,\"8\n9\"\n10,11\r\n12,13",
	"a,b\n1,2\n3,\"x\n",
	"a,b\n1,2\n3\n4,5,6\n7,  \n",
}

var jsonSeeds = []string{
	`[{"model":"A","flops":3.14e+23,"acc":71.2},{"model":"B","flops":1E21,"acc":-0.5}]`,
	"[\n  {\n    \"model\": \"A\",\n    \"acc\": 71\n  },\n  {\"acc\": 72, \"extra\": true, \"model\": null},\n  {}\n]\n",
	`[{"s":" padded ","e":"caf\u00e9 \"q\" \\ \/ \n","f":false,"n":null,"z":0,"g":"😀 \ud83d\ude00"}]`,
	"\ufeff[\r\n{\"a\":1},\r\n{\"a\":2}]",
	"", " [ ] ", `{"model": ["a"]}`, "[\n{\"a\":1},\n\"x\",\n[1, {}]\n]",
	"[{\"a\": 1,\n  \"b\": {\"c\": [2]}}]", `[{"a": [1, "]"]}]`, `[{"a":[1}]`,
	`[{"a": 1, "a": 2}]`, `[{"": 1}]`, `[{"a":1, }]`, `[{"a":1 "b":2}]`,
	`[{"a":"x}]`, `[{'a':1}]`, `[{"a":-Infinity}]`, `[{"a":-007}]`, `[{"a":1e+}]`,
	`[{"a":"x\q"}]`, `[{"a":"\u12"}]`, `[{"a":"\ud83d"}]`, `[{"a":"\ud83d\u0041"}]`,
}

// checkTable asserts what every successful parse promises.
func checkTable(t *testing.T, tab *Table, at diag.Pos) {
	t.Helper()
	at = normalize(at)
	for i, r := range rowsOf(tab) {
		if len(r.Cells) != len(tab.Columns) || len(r.Cols) != len(r.Cells) {
			t.Fatalf("row %d: %d cells, %d cols, %d columns", i, len(r.Cells), len(r.Cols), len(tab.Columns))
		}
		if r.Lines != nil && len(r.Lines) != len(r.Cells) {
			t.Fatalf("row %d: %d lines for %d cells", i, len(r.Lines), len(r.Cells))
		}
		if r.Line < at.Line {
			t.Fatalf("row %d: line %d before %d", i, r.Line, at.Line)
		}
		for j, c := range r.Cells {
			if c != strings.TrimSpace(c) {
				t.Fatalf("row %d cell %d not trimmed: %q", i, j, c)
			}
			if p := tab.Pos(i, j); p.Line < r.Line || p.Col != 0 && p.Col < at.Col {
				t.Fatalf("row %d cell %d at %v", i, j, p)
			}
			// A column held as numbers reads as Number reads its text.
			if got, want := fmt.Sprint(tab.NumberAt(i, j)), numberText(c); got != want {
				t.Fatalf("row %d cell %d: NumberAt = %s, Number(%q) = %s", i, j, got, c, want)
			}
		}
	}
	seen := map[string]bool{}
	for _, c := range tab.Columns {
		if c == "" || seen[c] {
			t.Fatalf("bad column name %q in %q", c, tab.Columns)
		}
		seen[c] = true
	}
}

// checkError asserts that a failure is a positioned problem in the file.
func checkError(t *testing.T, err error, at diag.Pos) {
	t.Helper()
	var list diag.List
	if e, ok := err.(*diag.Error); ok {
		list = diag.List{e}
	} else if !errors.As(err, &list) {
		t.Fatalf("error of type %T: %v", err, err)
	}
	for _, e := range list {
		if e.File != at.File || e.Line < normalize(at).Line || e.Msg == "" {
			t.Fatalf("bad problem: %v", e)
		}
	}
}

// atCell returns the source text from where Pos(row, col) says the cell
// starts, so that the fuzzers can check that positions point at the cells.
func atCell(src []byte, tab *Table, row, col int, at diag.Pos) (string, bool) {
	at = normalize(at)
	p := tab.Pos(row, col)
	if p.Col == 0 {
		return "", false
	}
	lines := strings.Split(string(stripBOM(src)), "\n")
	l := p.Line - at.Line
	if l < 0 || l >= len(lines) {
		return "", false
	}
	text := lines[l]
	for range p.Col - at.Col { // columns count characters
		if text == "" {
			return "", false
		}
		_, size := utf8.DecodeRuneInString(text)
		text = text[size:]
	}
	return text, true
}

func FuzzParseCSV(f *testing.F) {
	for _, s := range csvSeeds {
		f.Add([]byte(s), 1, 1, ',')
		f.Add([]byte(s), 10, 3, '\t')
	}
	f.Add([]byte("a;b\n1;2\n"), 4, 5, ';')
	for _, s := range csvSeeds[:8] { // a space separates cells in some exported tables
		f.Add([]byte(s), 1, 1, ' ')
	}
	f.Add([]byte("model flops acc\nA  1e21\t71.2\n\"B C\" 3e23 80\n"), 2, 4, ' ')
	f.Fuzz(func(t *testing.T, src []byte, line, col int, comma rune) {
		if line < 0 || col < 0 || line > 1e6 || col > 1e6 {
			return
		}
		at := diag.Pos{File: "f.csv", Line: line, Col: col}
		tab, err := ParseCSV(src, at, comma)
		sameStreamed(t, src, at, comma)
		samePlainLines(t, src, at, comma)
		if err != nil {
			checkError(t, err, at)
			return
		}
		checkTable(t, tab, at)
		if len(tab.Columns) == 0 {
			t.Fatal("a table without columns")
		}
		for i, r := range rowsOf(tab) {
			for j, c := range r.Cells {
				text, ok := atCell(src, tab, i, j, at)
				if !ok || !strings.HasPrefix(text, c) && !strings.HasPrefix(text, `"`) {
					t.Fatalf("cell %q of row %d is at %v, where the text is %q", c, i, tab.Pos(i, j), text)
				}
			}
		}
	})
}

func FuzzParseJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s), 1, 1)
	}
	f.Add([]byte("[\n  1]"), 10, 3)
	f.Fuzz(func(t *testing.T, src []byte, line, col int) {
		if line < 0 || col < 0 || line > 1e6 || col > 1e6 {
			return
		}
		at := diag.Pos{File: "f.json", Line: line, Col: col}
		tab, err := ParseJSON(src, at)
		if err != nil {
			checkError(t, err, at)
			return
		}
		checkTable(t, tab, at)
		for i, r := range rowsOf(tab) {
			for j, c := range r.Cells {
				if text, ok := atCell(src, tab, i, j, at); ok && !strings.HasPrefix(text, c) &&
					!strings.HasPrefix(text, `"`) && !strings.HasPrefix(text, "null") {
					t.Fatalf("cell %q of row %d is at %v, where the text is %q", c, i, tab.Pos(i, j), text)
				}
				if utf8.ValidString(string(src)) && !utf8.ValidString(c) {
					t.Fatalf("invalid UTF-8 cell %q from valid input", c)
				}
			}
		}
	})
}

func FuzzNumber(f *testing.F) {
	for _, s := range []string{"12", "-3.5", ".5", "3.14e+23", "1E21", "NA", "n/a", "", "1,000", "45%",
		"1.2B", "130M", "7k", "inf", "abc", "3.14×10^23", "10⁻⁵", "−3.5", "1.000,5", "12 ± 0.3", "0x1F",
		// issue 32: every magnitude a float64 holds, and just past it
		"1e-320", "-4.9e-324", "2e-324", "2.2250738585072014e-308", "1e-400", "1e100", "-1.7e308",
		"1.7976931348623157e308", "1.8e308", "1e400", "0.000000000000000000000000000000000000000001e-280"} {
		f.Add(s)
	}
	f.Add("123456789012345")
	f.Add("-0.000000000000001")
	f.Add("9007199254740993")
	f.Fuzz(func(t *testing.T, cell string) {
		v, missing, ok := Number(cell)
		hint := Hint(cell)
		if short, isShort := shortDecimal(cell); isShort {
			parsed, err := strconv.ParseFloat(cell, 64)
			if err != nil || math.Float64bits(short) != math.Float64bits(parsed) || !isDecimal(cell) {
				t.Fatalf("shortDecimal(%q) = %v, ParseFloat %v, %v", cell, short, parsed, err)
			}
		}
		switch {
		case missing:
			if !ok || !math.IsNaN(v) {
				t.Fatalf("Number(%q) = %v, %v, %v", cell, v, missing, ok)
			}
		case ok:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("Number(%q) = %v", cell, v)
			}
		}
		if ok != (hint == "") {
			t.Fatalf("Number(%q) ok = %v but Hint = %q", cell, ok, hint)
		}
		// A fix Hint proposes must itself be a number.
		if fix, found := strings.CutPrefix(hint, "write "); found && !strings.HasPrefix(fix, "the ") {
			fix, _, _ = strings.Cut(fix, ";")
			fix, _, _ = strings.Cut(fix, " ")
			if _, m, ok := Number(fix); !ok || m {
				t.Fatalf("Hint(%q) = %q proposes %q, which is not a number", cell, hint, fix)
			}
		}
	})
}
