package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/scalesite/scalesite/diag"
)

// file is the origin of data in a file of its own.
func file(name string) diag.Pos { return diag.Pos{File: name, Line: 1, Col: 1} }

// page is the origin of inline data indented by 2 in a page, starting on line 10.
var page = diag.Pos{File: "content/p.md", Line: 10, Col: 3}

// dump writes a table compactly: the columns, then one line per row, each
// cell as text@line:col (via Table.Pos, so that Lines is checked too).
func dump(t *Table) string {
	var b strings.Builder
	b.WriteString(strings.Join(t.Columns, "|"))
	for i, r := range rowsOf(t) {
		fmt.Fprintf(&b, "\n%d:", r.Line)
		for j, c := range r.Cells {
			p := t.Pos(i, j)
			fmt.Fprintf(&b, " %q@%d:%d", c, p.Line, p.Col)
		}
	}
	return b.String()
}

func TestParseCSV(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		at    diag.Pos
		comma rune
		want  string
	}{
		{"basic", "model,flops,acc\nA,1e21,71.2\nB,3.14e+23,80\n", file("f.csv"), ',',
			"model|flops|acc\n2: \"A\"@2:1 \"1e21\"@2:3 \"71.2\"@2:8\n3: \"B\"@3:1 \"3.14e+23\"@3:3 \"80\"@3:12"},
		{"spaces trimmed", " model , acc \n  A ,  71.2  \n", file("f.csv"), ',',
			"model|acc\n2: \"A\"@2:3 \"71.2\"@2:8"},
		{"header only", "a,b\n", file("f.csv"), ',', "a|b"},
		{"no final newline", "a,b\n1,2", file("f.csv"), ',', "a|b\n2: \"1\"@2:1 \"2\"@2:3"},
		{"blank lines and empty rows skipped", "\n\na,b\n\n1,2\n,\n  \n \t, \n3,4\n\n", file("f.csv"), ',',
			"a|b\n5: \"1\"@5:1 \"2\"@5:3\n9: \"3\"@9:1 \"4\"@9:3"},
		{"missing cells kept", "a,b,c\n1,,NA\n", file("f.csv"), ',', "a|b|c\n2: \"1\"@2:1 \"\"@2:3 \"NA\"@2:4"},
		{"BOM", "\ufeffa,b\n1,2\n", file("f.csv"), ',', "a|b\n2: \"1\"@2:1 \"2\"@2:3"},
		{"CRLF", "a,b\r\n1,2\r\n\r\n3,\"x\r\ny\"\r\n", file("f.csv"), ',',
			"a|b\n2: \"1\"@2:1 \"2\"@2:3\n4: \"3\"@4:1 \"x\\ny\"@4:3"},
		{"quoted cells", "model,acc\n\"Llama 2, 7B\",71\n\"say \"\"hi\"\"\", 72\n", file("f.csv"), ',',
			"model|acc\n2: \"Llama 2, 7B\"@2:1 \"71\"@2:15\n3: \"say \\\"hi\\\"\"@3:1 \"72\"@3:15"},
		{"multi-line quoted cell", "model,acc\n\"two\nlines\",72\nB,73\n", file("f.csv"), ',',
			"model|acc\n2: \"two\\nlines\"@2:1 \"72\"@3:8\n4: \"B\"@4:1 \"73\"@4:3"},
		{"inline offset", "x,y\n1,2\n\n3,4\n", page, ',',
			"x|y\n11: \"1\"@11:3 \"2\"@11:5\n13: \"3\"@13:3 \"4\"@13:5"},
		{"inline multi-line cell", "x,y\n\"a\nb\",2\n", page, ',', "x|y\n11: \"a\\nb\"@11:3 \"2\"@12:6"},
		{"unknown origin counts as 1:1", "x\n1\n", diag.Pos{File: "f.csv"}, ',', "x\n2: \"1\"@2:1"},
		{"columns count characters", "é,b\n\"ü\",  x\nß,€\n", file("f.csv"), ',',
			"é|b\n2: \"ü\"@2:1 \"x\"@2:7\n3: \"ß\"@3:1 \"€\"@3:3"},
		{"TSV keeps empty cells", "a\tb\tc\n1\t\t3\n", file("f.tsv"), '\t', "a|b|c\n2: \"1\"@2:1 \"\"@2:3 \"3\"@2:4"},
		{"TSV trims spaces", "a\tb\n 1\t  2 \n", file("f.tsv"), '\t', "a|b\n2: \"1\"@2:2 \"2\"@2:6"},
		{"semicolons", "a;b\n1;2\n", file("f.csv"), ';', "a|b\n2: \"1\"@2:1 \"2\"@2:3"},
		{"one column", "acc\n1\n2\n", file("f.csv"), ',', "acc\n2: \"1\"@2:1\n3: \"2\"@3:1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ParseCSV([]byte(tt.src), tt.at, tt.comma)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			sameStreamed(t, []byte(tt.src), tt.at, tt.comma)
			if got := dump(tab); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if tab.Name != tt.at.File {
				t.Errorf("Name = %q, want %q", tab.Name, tt.at.File)
			}
		})
	}
}

func TestParseCSVErrors(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		at    diag.Pos
		comma rune
		want  string
	}{
		{"empty", "", file("f.csv"), ',', "f.csv:1: the file is empty: the first row must name the columns"},
		{"blank", "\n  \n\r\n", file("f.csv"), ',', "f.csv:1: the file is empty: the first row must name the columns"},
		{"BOM only", "\ufeff", file("f.csv"), ',', "f.csv:1: the file is empty: the first row must name the columns"},
		{"inline empty", "\n", page, ',', "content/p.md:10: the inline data is empty: the first row must name the columns"},
		{"empty header name", "a,,c\n", file("f.csv"), ',',
			"f.csv:1:3: column 2 of the header has no name: every column needs one"},
		{"trailing comma in header", "a,b,\n1,2,\n", file("f.csv"), ',',
			"f.csv:1:5: column 3 of the header has no name: every column needs one (remove the comma at the end of the header)"},
		{"duplicate header name", "a, b ,a\n", file("f.csv"), ',',
			`f.csv:1:7: column name "a" is used twice (columns 1 and 3): each column needs its own name`},
		{"semicolons in a CSV", "model;flops;acc\nA;1;2\n", file("f.csv"), ',',
			`f.csv:1:1: the header has a single column, "model;flops;acc": the columns seem to be separated by semicolons, not commas; write commas between cells`},
		{"commas in a TSV", "model,acc\nA,2\n", file("f.tsv"), '\t',
			`f.tsv:1:1: the header has a single column, "model,acc": the columns seem to be separated by commas, not tabs; name the file .csv`},
		{"too many cells", "model,flops,acc\nA,1,2\nB,1,2,3\n", file("f.csv"), ',',
			`f.csv:3:7: row has 4 cells but the header has 3 columns ("model", "flops", "acc") — put a cell that contains a comma in double quotes`},
		{"too few cells", "model,flops,acc\nA,1\n", file("f.csv"), ',',
			`f.csv:2: row has 2 cells but the header has 3 columns ("model", "flops", "acc") — an empty cell is written as nothing between two commas`},
		{"trailing comma in row", "model,acc\nA,1,\n", file("f.csv"), ',',
			`f.csv:2:5: row has 3 cells but the header has 2 columns ("model", "acc") — remove the comma at the end of the row`},
		{"thousands separator", "model,acc\nA,1,000\n", file("f.csv"), ',',
			`f.csv:2:5: row has 3 cells but the header has 2 columns ("model", "acc") — a number like 1,000 splits into two cells: write 1000`},
		{"ragged inline", "x,y\n1,2\n3\n", page, ',',
			`content/p.md:12: row has 1 cell but the header has 2 columns ("x", "y") — an empty cell is written as nothing between two commas`},
		{"wide header listed short", "a,b,c,d,e,f,g,h,i\n1\n", file("f.csv"), ',',
			`f.csv:2: row has 1 cell but the header has 9 columns ("a", "b", "c", "d", "e", "f", "g", "h", … and 1 more) — an empty cell is written as nothing between two commas`},
		{"bare quote", "model,acc\nLlama 2 \"chat\",1\n", file("f.csv"), ',',
			`f.csv:2:9: unexpected " in a cell that does not start with one: to keep it, put the whole cell in double quotes and double this one, e.g. "say ""hi"""`},
		{"text after closing quote", "model,acc\n\"Llama\" 2,1\n", file("f.csv"), ',',
			`f.csv:2:7: text follows the " that closes this quoted cell: a quoted cell must end at a comma or at the end of the line (write "" for a " inside a quoted cell)`},
		{"unclosed quote", "model,acc\nA,1\nB, \"2\nC,3\n", file("f.csv"), ',',
			`f.csv:3:4: this " opens a quoted cell that is never closed: add the closing " (write "" for a " inside a quoted cell)`},
		{"unclosed quote after a closed one", "a,b\n\"x\"\"y\",\"z\n", file("f.csv"), ',',
			`f.csv:2:8: this " opens a quoted cell that is never closed: add the closing " (write "" for a " inside a quoted cell)`},
		{"unclosed quote inline", "x,y\n1,\"2\n", page, ',',
			`content/p.md:11:5: this " opens a quoted cell that is never closed: add the closing " (write "" for a " inside a quoted cell)`},
		{"quote error in header", "a,b\"\n1,2\n", file("f.csv"), ',',
			`f.csv:1:4: unexpected " in a cell that does not start with one: to keep it, put the whole cell in double quotes and double this one, e.g. "say ""hi"""`},
		{"unclosed quote in TSV", "a\tb\n1\t\"2\n", file("f.tsv"), '\t',
			`f.tsv:2:3: this " opens a quoted cell that is never closed: add the closing " (write "" for a " inside a quoted cell)`},
		{"bad separator", "a\n", file("f.csv"), '"', `f.csv:1:1: cannot use '"' to separate cells`},
		{"several problems, sorted", "a,a\n1\n2,3\n4,5,6\n", file("f.csv"), ',', strings.Join([]string{
			`f.csv:1:3: column name "a" is used twice (columns 1 and 2): each column needs its own name`,
			`f.csv:2: row has 1 cell but the header has 2 columns ("a", "a") — an empty cell is written as nothing between two commas`,
			`f.csv:4:5: row has 3 cells but the header has 2 columns ("a", "a") — put a cell that contains a comma in double quotes`,
		}, "\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ParseCSV([]byte(tt.src), tt.at, tt.comma)
			if err == nil {
				t.Fatalf("no error; table:\n%s", dump(tab))
			}
			sameStreamed(t, []byte(tt.src), tt.at, tt.comma)
			if got := err.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if tab != nil {
				t.Errorf("a table with an error")
			}
			if _, ok := err.(*diag.Error); !ok && !strings.Contains(tt.want, "\n") {
				t.Errorf("one problem should be a *diag.Error, is %T", err)
			}
		})
	}
}

// TestTooManyProblems checks that a table that is wrong throughout reports a
// bounded number of problems, ending with a note that there are more.
func TestTooManyProblems(t *testing.T) {
	src := "a,b\n" + strings.Repeat("1\n", 50)
	_, err := ParseCSV([]byte(src), file("f.csv"), ',')
	list, ok := err.(diag.List)
	if !ok {
		t.Fatalf("got %T, want diag.List", err)
	}
	if len(list) != maxErrors+1 {
		t.Errorf("got %d problems, want %d", len(list), maxErrors+1)
	}
	if last := list[len(list)-1].Error(); last != "f.csv:12: too many problems in this table; fix the ones above first" {
		t.Errorf("last problem: %s", last)
	}
}

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name string
		src  string
		at   diag.Pos
		want string
	}{
		{"compact", `[{"model":"A","flops":3.14e+23,"acc":71.2},{"model":"B","flops":1E21,"acc":-0.5}]`, file("f.json"),
			"model|flops|acc\n1: \"A\"@1:11 \"3.14e+23\"@1:23 \"71.2\"@1:38\n1: \"B\"@1:53 \"1E21\"@1:65 \"-0.5\"@1:76"},
		{"pretty, keys in any order, missing keys", "[\n  {\n    \"model\": \"A\",\n    \"acc\": 71\n  },\n  {\"acc\": 72, \"extra\": true, \"model\": null},\n  {}\n]\n", file("f.json"),
			"model|acc|extra\n2: \"A\"@3:14 \"71\"@4:12 \"\"@2:0\n6: \"\"@6:39 \"72\"@6:11 \"true\"@6:24\n7: \"\"@7:0 \"\"@7:0 \"\"@7:0"},
		{"values", `[{"s":" padded ","e":"caf\u00e9 \"q\" \\ \/ \n","f":false,"n":null,"z":0,"g":"😀 \ud83d\ude00"}]`, file("f.json"),
			"s|e|f|n|z|g\n1: \"padded\"@1:7 \"café \\\"q\\\" \\\\ /\"@1:22 \"false\"@1:53 \"\"@1:63 \"0\"@1:72 \"😀 😀\"@1:78"},
		{"keys trimmed", `[{" a ":1}]`, file("f.json"), "a\n1: \"1\"@1:9"},
		{"empty array", " [ ] ", file("f.json"), ""},
		{"BOM and CRLF", "\ufeff[\r\n{\"a\":1},\r\n{\"a\":2}]", file("f.json"), "a\n2: \"1\"@2:6\n3: \"2\"@3:6"},
		{"non-ASCII columns", "[{\"é\":\"ü\",\"b\":1}]", file("f.json"), "é|b\n1: \"ü\"@1:7 \"1\"@1:15"},
		{"inline offset", "[\n{\"a\": 1}]", page, "a\n11: \"1\"@11:9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ParseJSON([]byte(tt.src), tt.at)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got := dump(tab); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", `f.json:1: the file is empty: write an array of objects, one per row, like [{"model": "a", "acc": 71.2}]`},
		{"blank", " \n ", `f.json:1: the file is empty: write an array of objects, one per row, like [{"model": "a", "acc": 71.2}]`},
		{"object at top", `{"model": ["a"]}`, `f.json:1:1: the data must be an array of objects, one per row, like [{"model": "a", "acc": 71.2}], but it is an object`},
		{"number at top", ` 12`, `f.json:1:2: the data must be an array of objects, one per row, like [{"model": "a", "acc": 71.2}], but it is a number`},
		{"not JSON", `model,acc`, `f.json:1:1: expected [ to start an array of rows, found "model"`},
		{"element not an object", "[\n{\"a\":1},\n\"x\",\n[1, {}]\n]", strings.Join([]string{
			`f.json:3:1: element 2 of the array is a string, not an object: each row must be an object like {"model": "a", "acc": 71.2}`,
			`f.json:4:1: element 3 of the array is an array, not an object: each row must be an object like {"model": "a", "acc": 71.2}`,
		}, "\n")},
		{"nested value", "[{\"a\": 1,\n  \"b\": {\"c\": [2]}}]", `f.json:2:8: the value of "b" is an object: a cell must be a number, a string, true, false or null`},
		{"nested array", `[{"a": [1, "]"]}]`, `f.json:1:8: the value of "a" is an array: a cell must be a number, a string, true, false or null`},
		{"duplicate key", `[{"a": 1, "a": 2}]`, `f.json:1:11: the key "a" appears twice in this object`},
		{"empty key", `[{"": 1}]`, `f.json:1:3: empty key: every column needs a name`},
		{"trailing comma in array", "[{\"a\":1},\n]", `f.json:1:9: remove this comma: JSON does not allow a comma after the last item`},
		{"trailing comma in object", `[{"a":1, }]`, `f.json:1:8: remove this comma: JSON does not allow a comma after the last item`},
		{"missing comma", "[\n{\"a\":1}\n{\"a\":2}]", `f.json:3:1: expected , or ] after element 1 of the array, found "{"`},
		{"missing comma in object", `[{"a":1 "b":2}]`, `f.json:1:9: expected , or } after the value of "a", found """`},
		{"missing colon", `[{"a" 1}]`, `f.json:1:7: expected : after the key "a", found "1"`},
		{"unclosed array", `[{"a":1}`, `f.json:1:9: the data ends too early: add the ] that closes it`},
		{"unclosed object", "[{\"a\":1\n", `f.json:2:1: the data ends too early: add the } that closes it`},
		{"unclosed string", `[{"a":"x}]`, `f.json:1:7: this string is never closed: add the closing "`},
		{"unclosed nested", `[{"a":[1`, `f.json:1:7: this [ is never closed`},
		{"mismatched nested", `[{"a":[1}]`, `f.json:1:9: expected ] to close the [, found "}"`},
		{"text after array", "[]\n[]", `f.json:2:1: unexpected "[" after the ] that closes the array: the data must be a single array`},
		{"single quotes", `[{'a':1}]`, `f.json:1:3: JSON needs double quotes around keys and strings, not single quotes`},
		{"single-quoted value", `[{"a":'x'}]`, `f.json:1:7: JSON needs double quotes around strings, not single quotes`},
		{"unquoted key", `[{a:1}]`, `f.json:1:3: expected a key in double quotes, found "a"`},
		{"NaN", `[{"a":NaN}]`, `f.json:1:7: JSON has no NaN: write null for a missing value`},
		{"-Infinity", `[{"a":-Infinity}]`, `f.json:1:7: JSON has no -Infinity: write null for a missing value`},
		{"Python True", `[{"a":True}]`, `f.json:1:7: write true in lower case`},
		{"bare word", `[{"a":gpt}]`, `f.json:1:7: text must be in double quotes: write "gpt"`},
		{"leading zero", `[{"a":-007}]`, `f.json:1:7: a JSON number cannot start with 0: write -7`},
		{"leading point", `[{"a":.5}]`, `f.json:1:7: a JSON number starts with a digit or -: write 0.5, not .5 or +0.5`},
		{"bad fraction", `[{"a":1.}]`, `f.json:1:9: expected digits after the decimal point, found "}"`},
		{"bad exponent", `[{"a":1e+}]`, `f.json:1:10: expected the exponent's digits, found "}"`},
		{"lone minus", `[{"a":-}]`, `f.json:1:8: expected digits in the number, found "}"`},
		{"bad escape", `[{"a":"x\q"}]`, `f.json:1:9: invalid escape \q in a string: write \\ for a backslash`},
		{"bad unicode escape", `[{"a":"\u12"}]`, `f.json:1:8: \u must be followed by four hex digits, e.g. \u00e9`},
		{"line break in string", "[{\"a\":\"x\ny\"}]", `f.json:1:9: a string cannot contain a line break or other control character: write \n, \t and so on, or close the string with "`},
		{"garbage value", `[{"a":@}]`, `f.json:1:7: expected a value (a number, a string in double quotes, true, false or null), found "@"`},
		{"garbage element", `[@]`, `f.json:1:2: expected an object for row 1, like {"model": "a", "acc": 71.2}, found "@"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ParseJSON([]byte(tt.src), file("f.json"))
			if err == nil {
				t.Fatalf("no error; table:\n%s", dump(tab))
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
	// Inline JSON positions are shifted like inline CSV's.
	_, err := ParseJSON([]byte("[\n  1]"), page)
	if want := `content/p.md:11:5: element 1 of the array is a number, not an object: each row must be an object like {"model": "a", "acc": 71.2}`; err == nil || err.Error() != want {
		t.Errorf("inline: got %v, want %s", err, want)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"a/b.csv", "x,y\n1,2", "x|y\n2: \"1\"@2:1 \"2\"@2:3"},
		{"a/B.CSV", "x,y\n1,2", "x|y\n2: \"1\"@2:1 \"2\"@2:3"},
		{"b.tsv", "x\ty\n1\t2", "x|y\n2: \"1\"@2:1 \"2\"@2:3"},
		{"c.json", `[{"x":1}]`, "x\n1: \"1\"@1:7"},
		{"data/r.xlsx", "", `data/r.xlsx: cannot read the spreadsheet "r.xlsx": export it as CSV and use the .csv file`},
		{"data/r.txt", "", `data/r.txt: cannot read "r.txt": data files must be .csv, .tsv, .json, .jsonl or .parquet (or a folder of TensorBoard event files)`},
		{"data/r", "", `data/r: cannot tell what kind of data "r" holds: name it .csv, .tsv, .json, .jsonl or .parquet`},
	}
	for _, tt := range tests {
		tab, err := Parse(tt.name, []byte(tt.src))
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = dump(tab)
			if tab.Name != tt.name {
				t.Errorf("%s: Name = %q", tt.name, tab.Name)
			}
		}
		if got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

func TestIndexAndPos(t *testing.T) {
	tab, err := ParseCSV([]byte("model, acc\nA, 1\n"), page, ',')
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		column string
		want   int
	}{{"model", 0}, {"acc", 1}, {"Acc", -1}, {"", -1}} {
		if got := tab.Index(tt.column); got != tt.want {
			t.Errorf("Index(%q) = %d, want %d", tt.column, got, tt.want)
		}
	}
	for _, tt := range []struct {
		row, col int
		want     string
	}{
		{0, 1, "content/p.md:11:6"},
		{-1, 1, "content/p.md:10:10"}, // the header
		{0, 5, "content/p.md:11"},
		{3, 0, "content/p.md"},
		{-2, 0, "content/p.md"},
	} {
		if got := tab.Pos(tt.row, tt.col).String(); got != tt.want {
			t.Errorf("Pos(%d, %d) = %s, want %s", tt.row, tt.col, got, tt.want)
		}
	}
	js, err := ParseJSON([]byte("[{\"a\": 1,\n \"b\": 2}]"), file("f.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := js.Pos(-1, 1).String(); got != "f.json:2:2" {
		t.Errorf("JSON header Pos = %s", got)
	}
}

// TestRowsDoNotAlias checks that a row Table.Row returns is the caller's:
// changing it, or appending to it, leaves the table alone.
func TestRowsDoNotAlias(t *testing.T) {
	tab, err := ParseCSV([]byte("a,b\n1,2\n3,4\n"), file("f.csv"), ',')
	if err != nil {
		t.Fatal(err)
	}
	r0 := tab.Row(0)
	_ = append(r0.Cells, "x")
	_ = append(r0.Cols, 99)
	r0.Cells[1], r0.Cols[1] = "y", 42
	if r1 := tab.Row(1); r1.Cells[0] != "3" || r1.Cols[0] != 1 || tab.Cell(0, 1) != "2" || tab.Pos(0, 1).Col != 3 {
		t.Errorf("the table changed: %v %v, cell (0, 1) %q at %v", r1.Cells, r1.Cols, tab.Cell(0, 1), tab.Pos(0, 1))
	}
}

// sameStreamed checks that src read a byte at a time, and in pieces of
// every size up to 5, with its size unknown, gives what ParseCSV gives:
// the same table, or the same errors. The window that keeps a streamed
// record's text must hold every byte a position or message needs.
func sameStreamed(t *testing.T, src []byte, at diag.Pos, comma rune) {
	t.Helper()
	wantTab, wantErr := ParseCSV(src, at, comma)
	want := outcome(wantTab, wantErr)
	for piece := 1; piece <= 5; piece++ {
		var r io.Reader = &pieces{src: src, n: piece}
		if piece == 1 {
			r = iotest.OneByteReader(bytes.NewReader(src))
		}
		if got := outcome(ReadCSV(r, 0, at, comma)); got != want {
			t.Errorf("read in pieces of %d bytes:\n%s\nparsed whole:\n%s", piece, got, want)
		}
	}
}

// outcome writes a parse's result for a comparison.
func outcome(tab *Table, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return dump(tab)
}

// pieces reads src n bytes at a time.
type pieces struct {
	src []byte
	n   int
}

func (p *pieces) Read(b []byte) (int, error) {
	if len(p.src) == 0 {
		return 0, io.EOF
	}
	n := copy(b, p.src[:min(p.n, len(p.src))])
	p.src = p.src[n:]
	return n, nil
}

// rowsOf is every row of t, as Table.Row returns it.
func rowsOf(t *Table) []Row {
	rows := make([]Row, t.Len())
	for i := range rows {
		rows[i] = t.Row(i)
	}
	return rows
}

// BenchmarkParseCSV parses an inline table of the size a typical chart has.
func BenchmarkParseCSV(b *testing.B) {
	var src strings.Builder
	src.WriteString("model,train_flops,acc\n")
	for i := range 120 {
		fmt.Fprintf(&src, "model-%d,%de21,%d.%d\n", i%7, i+1, 50+i%40, i%10)
	}
	in := []byte(src.String())
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseCSV(in, page, ','); err != nil {
			b.Fatal(err)
		}
	}
}

// samePlainLines checks that splitting plain lines beside encoding/csv
// (csvlines.go) reads src as encoding/csv alone does, and so do rows
// lexed ahead in batches of a few (csvblocks.go): the same table,
// positions and messages, whole and in pieces.
func samePlainLines(t *testing.T, src []byte, at diag.Pos, comma rune) {
	t.Helper()
	want := outcome(readCSVLines(bytes.NewReader(src), 0, at, comma, nil, csvHow{}, nil))
	for _, how := range []csvHow{{plain: true}, {plain: true, ahead: true, rows: 3}, {ahead: true, rows: 5}} {
		for piece := 0; piece <= 3; piece++ {
			var r io.Reader = bytes.NewReader(src)
			if piece > 0 {
				r = &pieces{src: src, n: piece * 7}
			}
			if got := outcome(readCSVLines(r, 0, at, comma, nil, how, nil)); got != want {
				t.Errorf("read as %+v (pieces of %d bytes):\n%s\nall through encoding/csv:\n%s", how, piece*7, got, want)
			}
		}
	}
}

// TestPlainLines: long inputs that mix plain lines with every kind that
// encoding/csv reads (quoted cells over several lines, CRLF, text beyond
// ASCII, blank and space-only lines, lines longer than the read buffer, a
// last line without its newline, a mistake far in) read the same with
// plain lines split apart as without.
func TestPlainLines(t *testing.T) {
	odd := []string{
		"\"q, %d\",2,3", "%d,\"two\nlines\",3", "%d,2,3\r", "é%d,ü,3", "", "   ", " \t, ,", "%d , 2 ,\t3",
		"%d," + strings.Repeat("x", 70_000) + ",3", "%d,,", ",,%d",
	}
	tail := []string{"", "7,8,9", "\"bare\" %d,1,2\n", "1,2\n3,\"open\n", "1,2,3,4\n", "1,\"x\"y,3\n"}
	for _, comma := range []rune{',', '\t', ';'} {
		for k, end := range tail {
			var b strings.Builder
			b.WriteString("a,b,c\n")
			for i := range 5_000 {
				if i%97 == 0 {
					fmt.Fprintf(&b, odd[i/97%len(odd)]+"\n", i)
					continue
				}
				fmt.Fprintf(&b, "%d,%d.5,r%d\n", i, i*3, i%4)
			}
			if strings.Contains(end, "%d") {
				end = fmt.Sprintf(end, k)
			}
			b.WriteString(end)
			src := strings.ReplaceAll(b.String(), ",", string(comma))
			samePlainLines(t, []byte(src), diag.Pos{File: "runs.csv", Line: 1, Col: 1}, comma)
			samePlainLines(t, []byte(src), diag.Pos{File: "page.md", Line: 12, Col: 5}, comma)
		}
	}
}

// failing reads src, then fails once with err and ends.
type failing struct {
	src    []byte
	err    error
	failed bool
}

func (f *failing) Read(b []byte) (int, error) {
	if len(f.src) > 0 {
		n := copy(b, f.src[:min(len(f.src), 1000)])
		f.src = f.src[n:]
		return n, nil
	}
	if !f.failed {
		f.failed = true
		return 0, f.err
	}
	return 0, io.EOF
}

// TestPlainLinesReadError: an input that fails once, then reads as ended,
// gives its error with plain lines split apart as through encoding/csv
// alone, although splitting peeks ahead.
func TestPlainLinesReadError(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	src := b.String() + "7,8"
	at := diag.Pos{File: "f.csv", Line: 1, Col: 1}
	want := outcome(readCSVLines(&failing{src: []byte(src), err: errors.New("the disk failed")}, 0, at, ',', nil, csvHow{}, nil))
	got := outcome(readCSVLines(&failing{src: []byte(src), err: errors.New("the disk failed")}, 0, at, ',', nil, csvRead(), nil))
	if got != want || !strings.Contains(got, "the disk failed") {
		t.Errorf("plain lines split apart:\n%.300s\nall through encoding/csv:\n%.300s", got, want)
	}
}
