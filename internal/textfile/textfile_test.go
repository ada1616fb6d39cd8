package textfile

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/scalesite/scalesite/diag"
)

// utf16LE encodes s as UTF-16, little-endian, as Windows tools save it.
func utf16LE(s string, bom bool) []byte {
	var b []byte
	if bom {
		b = append(b, 0xff, 0xfe)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

func utf16BE(s string, bom bool) []byte {
	var b []byte
	if bom {
		b = append(b, 0xfe, 0xff)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return b
}

func TestCheck(t *testing.T) {
	at := diag.Pos{File: "data/runs.csv", Line: 1, Col: 1}
	csv := "model,flops,acc\nA,1e21,71.2\nB,3e23,80\n"
	tests := []struct {
		name string
		src  []byte
		at   diag.Pos
		want string // "" for no error
	}{
		{"utf-8", []byte(csv), at, ""},
		{"utf-8 with BOM", append([]byte("\xef\xbb\xbf"), csv...), at, ""},
		{"latin-1 is left to the parser", []byte("caf\xe9,b\n1,2\n"), at, ""},
		{"empty", nil, at, ""},
		{"utf-16 LE with BOM", utf16LE(csv, true), at,
			`data/runs.csv:1:1: this data file is saved as UTF-16 text: save it as UTF-8 (from a spreadsheet, export "CSV UTF-8"; in an editor, choose the UTF-8 encoding)`},
		{"utf-16 BE with BOM", utf16BE(csv, true), at, "data/runs.csv:1:1: this data file is saved as UTF-16 text"},
		{"utf-16 LE without BOM", utf16LE(csv, false), at, "data/runs.csv:1:1: this data file is saved as UTF-16 text"},
		{"utf-16 BE without BOM", utf16BE(csv, false), at, "data/runs.csv:1:1: this data file is saved as UTF-16 text"},
		{"utf-16 of one character", utf16LE("a", false), at, "data/runs.csv:1:2: this data file holds a NUL byte"}, // too little to tell it from binary
		{"utf-32", []byte{0xff, 0xfe, 0, 0, 'a', 0, 0, 0}, at, "data/runs.csv:1:1: this data file is saved as UTF-32 text"},
		{"a NUL in line 3", []byte("a,b\n1,2\n3,é\x004\n"), at,
			"data/runs.csv:3:4: this data file holds a NUL byte here, so it is a binary file, not text: a data file must be text saved as UTF-8"},
		{"a NUL on the first line of inline data", []byte("a\x00b\n"), diag.Pos{File: "p.md", Line: 9, Col: 5}, "p.md:9:6: this data file holds a NUL byte"},
		{"a binary file", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), at, "data/runs.csv:3:1: this data file holds a NUL byte here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(tt.src, tt.at, DataFile)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want %q", tt.want)
			case tt.want != "" && !strings.HasPrefix(err.Error(), tt.want):
				t.Fatalf("error:\n %v\nwant it to start with:\n %s", err, tt.want)
			}
		})
	}
}

func TestCheckPage(t *testing.T) {
	err := Check(utf16LE("---\ntitle: A\n---\nText\n", true), diag.Pos{File: "content/a.md", Line: 1, Col: 1}, "page")
	want := "content/a.md:1:1: this page is saved as UTF-16 text: save it as UTF-8 (in your editor, save it with the UTF-8 encoding)"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
}
