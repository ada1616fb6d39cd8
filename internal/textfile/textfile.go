// Package textfile recognises files that are not UTF-8 text before a parser
// reads them, so that a UTF-16 export or a binary file gets one clear
// message instead of whatever the parser makes of its bytes ("row has 1
// cell" followed by raw bytes).
package textfile

import (
	"bytes"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// DataFile is the role of a file whose problems name spreadsheets' ways.
const DataFile = "data file"

// sniff is how much of a file without a byte order mark is looked at to
// tell UTF-16 from a binary file: enough for a header row or the first
// lines of a page.
const sniff = 512

// Check returns an error when src, whose first byte stands at `at`, is not
// UTF-8 text: UTF-16 or UTF-32 (with or without a byte order mark), or a
// file holding a NUL byte, which no text file does. what names the file's
// role for the message ("data file", "page", "site config"). A nil result
// means src may be read as text; invalid UTF-8 in it is left to the parser,
// which shows such bytes escaped.
func Check(src []byte, at diag.Pos, what string) *diag.Error {
	if err := CheckHead(src, at, what); err != nil {
		return err
	}
	i := bytes.IndexByte(src, 0)
	if i < 0 {
		return nil
	}
	line := bytes.Count(src[:i], []byte{'\n'})
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	return NUL(at, line+1, utf8.RuneCount(src[start:i])+1, what)
}

// Sniff is how much of its start CheckHead needs to see of a file.
const Sniff = sniff

// CheckHead is the part of Check that looks at the start of a file alone
// (its first Sniff bytes, or all of a shorter file): UTF-16 or UTF-32. A
// reader that streams a file checks its head so, and each NUL byte it
// meets with NUL.
func CheckHead(head []byte, at diag.Pos, what string) *diag.Error {
	if enc := utf16or32(head); enc != "" {
		how := "in your editor, save it with the UTF-8 encoding"
		if what == DataFile {
			how = `from a spreadsheet, export "CSV UTF-8"; in an editor, choose the UTF-8 encoding`
		}
		return diag.Errorf(at, "this %s is saved as %s text: save it as UTF-8 (%s)", what, enc, how)
	}
	return nil
}

// NUL is Check's error for a NUL byte at line and (character) col of the
// text whose first byte stands at `at`, both counted from 1.
func NUL(at diag.Pos, line, col int, what string) *diag.Error {
	pos := diag.Pos{File: at.File, Line: at.Line + line - 1, Col: col}
	if line == 1 {
		pos.Col += at.Col - 1
	}
	return diag.Errorf(pos, "this %s holds a NUL byte here, so it is a binary file, not text: a %s must be text saved as UTF-8", what, what)
}

// utf16or32 names the encoding of src when it is UTF-16 or UTF-32, known by
// its byte order mark or, without one, by the NUL bytes that text mostly in
// ASCII has beside every character; it returns "" for anything else.
func utf16or32(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte{0xff, 0xfe, 0, 0}), bytes.HasPrefix(src, []byte{0, 0, 0xfe, 0xff}):
		return "UTF-32"
	case bytes.HasPrefix(src, []byte{0xff, 0xfe}), bytes.HasPrefix(src, []byte{0xfe, 0xff}):
		return "UTF-16"
	}
	head := src[:min(len(src), sniff)]
	if len(head) < 4 || bytes.IndexByte(head, 0) < 0 {
		return "" // no NUL: the usual case, found at once (JSON Lines asks of every line)
	}
	// Count the NULs at even and odd offsets: UTF-16 text in ASCII has one
	// at every odd offset (little-endian) or every even one (big-endian).
	var even, odd int
	for i, c := range head {
		if c == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	need := max(4, len(head)/2*3/4) // most characters, and more than a stray NUL or two
	switch {
	case odd >= need && even == 0, even >= need && odd == 0:
		return "UTF-16"
	}
	return ""
}
