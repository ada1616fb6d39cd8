package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestReadJSONL(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"basic", "{\"step\": 1, \"loss\": 2.5}\n{\"step\": 2, \"loss\": 2.25e-1}\n",
			"step|loss\n1: \"1\"@1:10 \"2.5\"@1:21\n2: \"2\"@2:10 \"2.25e-1\"@2:21"},
		{"numbers kept as written", `{"a": 1.50, "b": -0, "c": 3E+2}`, "a|b|c\n1: \"1.50\"@1:7 \"-0\"@1:18 \"3E+2\"@1:27"},
		{"keys in first-seen order, missing and null blank", "{\"a\": 1}\n{\"b\": \"x\", \"a\": null}\n",
			"a|b\n1: \"1\"@1:7 \"\"@1:0\n2: \"\"@2:17 \"x\"@2:7"},
		{"nested objects flattened with a slash", `{"_step": 3, "train": {"loss": 2, "acc": {"top1": 0.5}}, "val/loss": 4}`,
			"_step|train/loss|train/acc/top1|val/loss\n1: \"3\"@1:11 \"2\"@1:32 \"0.5\"@1:51 \"4\"@1:70"},
		{"blank lines, CRLF and BOM", "\ufeff{\"a\": true}\r\n\r\n   \n{\"a\": false}", "a\n1: \"true\"@1:7\n4: \"false\"@4:7"},
		{"empty object", "{}\n{\"a\": 1}\n", "a\n1: \"\"@1:0\n2: \"1\"@2:7"},
		{"strings unescaped", `{"s": "caf\u00e9 \"q\""}`, "s\n1: \"café \\\"q\\\"\"@1:7"},
		{"columns count characters", `{"é": "ü", "b": 2}`, "é|b\n1: \"ü\"@1:7 \"2\"@1:17"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := ReadJSONL("log.jsonl", strings.NewReader(tt.src))
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got := dump(tab); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			checkTable(t, tab, file("log.jsonl"))
		})
	}
}

func TestReadJSONLErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "\n  \n", `log.jsonl:1: the file is empty: write one object per line, like {"model": "a", "acc": 71.2}`},
		{"array value", "{\"a\": 1}\n{\"a\": [1, 2]}\n", `log.jsonl:2:7: the value of "a" is an array: a cell must be a number, a string, true, false, null or an object of those`},
		{"nested array names the flat key", `{"t": {"h": []}}`, `log.jsonl:1:13: the value of "t/h" is an array: a cell must be a number, a string, true, false, null or an object of those`},
		{"not an object", "{\"a\": 1}\n[1]\n", `log.jsonl:2:1: line 2 is an array, not an object: each line of a .jsonl file must be one object, like {"model": "a", "acc": 71.2}`},
		{"two objects on a line", `{"a": 1} {"a": 2}`, `log.jsonl:1:10: unexpected "{" after the object: each line of a .jsonl file holds one object`},
		{"cut line", "{\"a\": 1,\n", `log.jsonl:1:9: expected a key in double quotes, found the end of the line (each line of a .jsonl file holds a whole object)`},
		{"NaN", `{"loss": NaN}`, `log.jsonl:1:10: JSON has no NaN: write null for a missing value`},
		{"duplicate key", `{"a": 1, "a": 2}`, `log.jsonl:1:10: the key "a" appears twice in this object`},
		{"flattened key clashes", `{"a/b": 1, "a": {"b": 2}}`, `log.jsonl:1:18: the key "a/b" appears twice in this object`},
		{"empty key", `{"": 1}`, `log.jsonl:1:2: empty key: every column needs a name`},
		{"binary", "{\"a\": 1}\n{\"a\x00\": 1}\n", `log.jsonl:2:4: this data file holds a NUL byte here, so it is a binary file, not text: a data file must be text saved as UTF-8`},
		{"too deep", strings.Repeat(`{"a":`, maxNesting+1) + "1" + strings.Repeat("}", maxNesting+1),
			`log.jsonl:1:161: objects nested more than 32 levels deep: flatten the log's keys`},
		{"every bad line reported", "{\"a\": x}\n{\"a\": 1}\n{\"a\": 'y'}\n",
			"log.jsonl:1:7: text must be in double quotes: write \"x\"\nlog.jsonl:3:7: JSON needs double quotes around strings, not single quotes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadJSONL("log.jsonl", strings.NewReader(tt.src))
			if err == nil {
				t.Fatal("no error")
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			checkError(t, err, file("log.jsonl"))
		})
	}
}

// TestReadJSONLCells: many lines of few keys and a line of many make a
// table far larger than its file; it is refused before it is made.
func TestReadJSONLCells(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range MaxColumns {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":1`, i)
	}
	b.WriteString("}\n")
	b.WriteString(strings.Repeat("{}\n", MaxCells/MaxColumns+1))
	_, err := ReadJSONL("log.jsonl", strings.NewReader(b.String()))
	if err == nil || !strings.Contains(err.Error(), "log.jsonl: 10,002 rows of 10,000 columns: the table has more than 100,000,000 cells") {
		t.Errorf("got %v", err)
	}
}

// TestReadJSONLLongLine reads a line longer than the reader's buffer.
func TestReadJSONLLongLine(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	src := "{\"a\": 1}\n{\"a\": 2, \"s\": \"" + long + "\"}\n{\"a\": 3}\n"
	tab, err := ReadJSONL("log.jsonl", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Len() != 3 || tab.Cell(1, 1) != long || tab.Cell(2, 0) != "3" || tab.Line(2) != 3 {
		t.Errorf("rows wrong: %d rows", tab.Len())
	}
}

// TestParseDispatchesJSONL checks that Parse reads .jsonl and .ndjson.
func TestParseDispatchesJSONL(t *testing.T) {
	for _, name := range []string{"runs/a.jsonl", "b.NDJSON"} {
		tab, err := Parse(name, []byte(`{"x": 1}`))
		if err != nil || dump(tab) != "x\n1: \"1\"@1:7" || tab.Name != name {
			t.Errorf("Parse(%q) = %v, %v", name, tab, err)
		}
	}
}

var jsonlSeeds = []string{
	"{\"step\": 1, \"loss\": 2.5}\n{\"step\": 2, \"loss\": 2.25e-1}\n",
	`{"_step": 3, "train": {"loss": 2, "acc": {"top1": 0.5}}, "val/loss": 4}`,
	"\ufeff{\"a\": true}\r\n\r\n   \n{\"a\": false}", "{}\n{\"a\": 1}\n", `{"é": "ü", "b": 2}`,
	"{\"a\": 1}\n{\"a\": [1, 2]}\n", "{\"a\": 1}\n[1]\n", `{"a": 1} {"a": 2}`, "{\"a\": 1,\n",
	`{"a/b": 1, "a": {"b": 2}}`, `{"": 1}`, "{\"a\x00\": 1}", `{"a": "\ud83d"}`, "\xff\xfe{",
}

func FuzzJSONL(f *testing.F) {
	for _, s := range jsonlSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		at := file("f.jsonl")
		checkBlocks(t, src)
		tab, err := ReadJSONL(at.File, strings.NewReader(string(src)))
		if err != nil {
			checkError(t, err, at)
			return
		}
		checkTable(t, tab, at)
		checkSomeColumns(t, tab, src)
		checkStreamed(t, tab, src)
		for i, r := range rowsOf(tab) {
			for j, c := range r.Cells {
				if text, ok := atCell(src, tab, i, j, at); ok && !strings.HasPrefix(text, c) &&
					!strings.HasPrefix(text, `"`) && !strings.HasPrefix(text, "null") {
					t.Fatalf("cell %q of row %d is at %v, where the text is %q", c, i, tab.Pos(i, j), text)
				}
				if utf8.Valid(src) && !utf8.ValidString(c) {
					t.Fatalf("invalid UTF-8 cell %q from valid input", c)
				}
			}
		}
	})
}

// checkSomeColumns reads src again keeping one column of tab, src read
// whole, and compares that column's cells and places.
func checkSomeColumns(t *testing.T, tab *Table, src []byte) {
	if len(tab.Columns) == 0 {
		return
	}
	c := len(tab.Columns) / 2
	some, err := ReadJSONLColumns(tab.Name, strings.NewReader(string(src)), tab.Columns[c:c+1])
	if err != nil {
		t.Fatalf("read for column %q: %v; read whole, no error", tab.Columns[c], err)
	}
	if some.Len() != tab.Len() || len(some.Columns) != len(tab.Columns) {
		t.Fatalf("read for column %q: %d rows, %d columns; want %d, %d", tab.Columns[c], some.Len(), len(some.Columns), tab.Len(), len(tab.Columns))
	}
	for r := range tab.Len() {
		if some.Cell(r, c) != tab.Cell(r, c) || some.Pos(r, c) != tab.Pos(r, c) {
			t.Fatalf("row %d, column %q: %q at %v, want %q at %v", r, tab.Columns[c], some.Cell(r, c), some.Pos(r, c), tab.Cell(r, c), tab.Pos(r, c))
		}
	}
}

// checkStreamed reads src again as StreamJSONLColumns would, handed over
// at every row (and its text let go), keeping one column of tab, src
// read whole: each is first called once the column is named, and sees
// the column's cells and places as read whole.
func checkStreamed(t *testing.T, tab *Table, src []byte) {
	if len(tab.Columns) == 0 {
		return
	}
	c := len(tab.Columns) - 1 // the column named last: each waits for it
	name := tab.Columns[c]
	seen := 0
	check := func(tb *Table) {
		for r := seen; r < tb.Len(); r++ {
			if tb.Cell(r, c) != tab.Cell(r, c) || tb.Pos(r, c) != tab.Pos(r, c) {
				t.Fatalf("streamed, row %d, column %q: %q at %v, want %q at %v", r, name, tb.Cell(r, c), tb.Pos(r, c), tab.Cell(r, c), tab.Pos(r, c))
			}
		}
		seen = tb.Len()
	}
	streamed, err := readJSONL(tab.Name, strings.NewReader(string(src)), int64(len(src)), []string{name}, func(tb *Table, read int64) {
		if tb.Index(name) != c {
			t.Fatalf("handed %d rows with column %q at %d, want %d", tb.Len(), name, tb.Index(name), c)
		}
		if read <= 0 || read > int64(len(src)) {
			t.Fatalf("handed %d rows, %d bytes of %d read", tb.Len(), read, len(src))
		}
		check(tb)
		tb.ForgetText(tb.Len())
	}, 1)
	if err != nil {
		t.Fatalf("streamed for column %q: %v; read whole, no error", name, err)
	}
	if streamed.Len() != tab.Len() || !slices.Equal(streamed.Columns, tab.Columns) {
		t.Fatalf("streamed for column %q: %d rows of %q; want %d of %q", name, streamed.Len(), streamed.Columns, tab.Len(), tab.Columns)
	}
	check(streamed)
}

// TestJSONLNamesOutliveTheirLine reads a log whose keys are named first on
// lines far apart, with more than the reader's buffer of lines between
// and after them: the cells are slices of a line that the reader's buffer
// holds until the next lines overwrite it, so every column's name must be
// a copy of its own.
func TestJSONLNamesOutliveTheirLine(t *testing.T) {
	var b strings.Builder
	const lines = 6_000 // about 330 KB: the buffer (64 KiB) refilled five times
	for i := range lines {
		fmt.Fprintf(&b, `{"step": %d`, i)
		if i >= lines/3 {
			fmt.Fprintf(&b, `, "late key": %d`, i)
		}
		if i >= 2*lines/3 {
			fmt.Fprintf(&b, `, "later": "v%d"`, i)
		}
		b.WriteString(`, "pad": "xxxxxxxxxxxxxxxxxxxxxxxxxx"}` + "\n")
	}
	for _, keep := range [][]string{nil, {"late key", "later"}} {
		tab, err := readJSONL("log.jsonl", strings.NewReader(b.String()), 0, keep, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"step", "pad", "late key", "later"}; !slices.Equal(tab.Columns, want) {
			t.Errorf("keeping %q, columns %q, want %q", keep, tab.Columns, want)
		}
		if got := tab.Cell(lines-1, 3); got != fmt.Sprintf("v%d", lines-1) {
			t.Errorf("keeping %q, the last row's later reads %q", keep, got)
		}
	}
}
