package table

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// hostileColumns are column names a pull request could put in a data file
// to write into a CI log or a terminal through the build's messages.
var hostileColumns = []string{
	"a\n::error file=x::pwned",
	"::warning::b",
	"\x1b[31mred\x1b[0m",
	"bell\a and \r return",
	"bin \xff\xfe\x80",
	strings.Repeat("w", 1<<20),
}

// TestHostileMessages feeds the data parsers values meant to escape from
// their messages and checks that every message is quoted, cut and escaped.
func TestHostileMessages(t *testing.T) {
	var header strings.Builder
	for i, c := range hostileColumns {
		if i > 0 {
			header.WriteByte(',')
		}
		header.WriteString(`"` + strings.ReplaceAll(c, `"`, `""`) + `"`)
	}
	wide := strings.Repeat("c,", 150000) + "c\n" // 150,001 columns, all named c
	json1MB := `[{"` + strings.Repeat("k", 1<<20) + `": 1, "` + strings.Repeat("k", 1<<20) + `": 2}]`
	tests := []struct {
		name, file, src string
		want            string // in the messages
	}{
		{"hostile header, short row", "h.csv", header.String() + "\n1,2\n", "row has 2 cells but the header has 6 columns"},
		{"hostile header twice", "h.csv", header.String() + "," + header.String() + "\n", "is used twice"},
		{"a megabyte cell too many", "h.csv", "a,b\n1,2," + strings.Repeat("z", 1<<20) + "\n", "row has 3 cells"},
		{"a single hostile column", "h.csv", "\x1b[2J;a\n::error::x;1\n", "the header has a single column"},
		{"150,000 columns named alike", "w.csv", wide, "is used twice"},
		{"a NUL byte", "n.csv", "a,b\n1,\x002\n", "holds a NUL byte"},
		{"UTF-16", "u.csv", string(utf16Bytes("a,b\n1,2\n")), "is saved as UTF-16"},
		{"a megabyte JSON key twice", "j.json", json1MB, "appears twice"},
		{"a JSON value that is a hostile word", "j.json", "[{\"a\": ::error::x\x1b}]", "expected"},
		{"an unknown extension", "x\n::error::.dat", "a\n", "data files must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			_, err := Parse(tt.file, []byte(tt.src))
			if d := time.Since(start); d > 30*time.Second { // a bound on a failure, not a pace: the quadratic check took 46 s
				t.Errorf("parsing took %v", d)
			}
			if err == nil {
				t.Fatal("no error")
			}
			var e *diag.Error
			var l diag.List
			if !errors.As(err, &e) && !errors.As(err, &l) {
				t.Fatalf("error of type %T", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("messages do not say %q:\n%.2000s", tt.want, msg)
			}
			sitetest.CheckMessages(t, msg)
		})
	}
}

// TestHostileCells checks the messages about cells that are not numbers.
func TestHostileCells(t *testing.T) {
	for _, cell := range append(hostileColumns, strings.Repeat("1", 1<<20)+" FLOPs", "12 ms\x1b[2J", "1e-400", "\x00") {
		if _, _, ok := Number(cell); ok {
			continue
		}
		sitetest.CheckMessages(t, Hint(cell))
	}
}

// TestWideHeaderIsLinear checks that the header checks take time in
// proportion to the columns: a 150,000-column header with every name
// different must parse, and quickly (the quadratic check took 46 s).
func TestWideHeaderIsLinear(t *testing.T) {
	var b strings.Builder
	for i := range 150000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("c" + strconv.Itoa(i))
	}
	b.WriteString("\n")
	start := time.Now()
	tab, err := ParseCSV([]byte(b.String()), diag.Pos{File: "w.csv", Line: 1, Col: 1}, ',')
	if err != nil {
		t.Fatalf("%.500v", err)
	}
	if len(tab.Columns) != 150000 {
		t.Fatalf("%d columns", len(tab.Columns))
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("a 150,000-column header took %v", d)
	}
}

func utf16Bytes(s string) []byte {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}
