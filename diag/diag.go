// Package diag carries the problems scalesite finds in a site's content.
//
// Every problem names the file and line (and column when known) it was found at,
// so that a researcher can jump straight to it. Errors stop a build; warnings are
// printed and the build goes on.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pos is a place in a content file. Line and Col are 1-based; zero means unknown.
type Pos struct {
	File string
	Line int
	Col  int

	// Row says that Line counts the rows of a table that has no lines of
	// text (a Parquet file, a folder of TensorBoard event files) and Col its
	// columns; Column, when set, is that column's name. Such a position
	// reads as a researcher counts: "row 12,345 of runs.parquet, column
	// "train_loss"", since "runs.parquet:12345:3" would send an editor to a
	// line the file does not have.
	Row    bool   `json:",omitempty"`
	Column string `json:",omitempty"`
}

// String formats the position the way compilers do: file:line:col. The
// file name is written as it is, for editors to follow, except that control
// characters in it are escaped: a file may be named "a\n::error::.csv". A
// row of a table without lines (Row) is written out in words instead.
func (p Pos) String() string {
	file := escapeControls(p.File)
	if p.Row {
		return p.rowString(file)
	}
	switch {
	case p.Line == 0:
		return file
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", file, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// rowString is String for a row position: "row 12,345 of runs.parquet,
// column "train_loss"", the header's column as "runs.parquet, column
// "train_loss"".
func (p Pos) rowString(file string) string {
	var b strings.Builder
	if p.Line > 0 {
		b.WriteString("row " + Thousands(p.Line) + " of ")
	}
	b.WriteString(file)
	switch {
	case p.Column != "":
		b.WriteString(", column " + Quote(p.Column))
	case p.Col > 0:
		b.WriteString(", column " + strconv.Itoa(p.Col))
	}
	return b.String()
}

// LineText names the line of p in a message: "line 12", or "row 12,345"
// for a row of a table without lines.
func (p Pos) LineText() string {
	if p.Row {
		return "row " + Thousands(p.Line)
	}
	return "line " + strconv.Itoa(p.Line)
}

// LinesText names lines in a message, the first eight and how many more:
// "line 4", "lines 4, 9 and 3 more"; for a table without lines (row true)
// its rows, "rows 1, 4001 and 4002". A list writes its numbers without
// thousands' commas, which would read as more numbers.
func LinesText(lines []int, row bool) string {
	const show = 8
	var b strings.Builder
	word := "line"
	if row {
		word = "row"
	}
	if len(lines) == 1 && row {
		return "row " + Thousands(lines[0])
	}
	b.WriteString(word)
	if len(lines) != 1 {
		b.WriteString("s")
	}
	b.WriteString(" ")
	WriteFirst(&b, len(lines), show, " and %d more", func(i int) string { return strconv.Itoa(lines[i]) })
	return b.String()
}

// Thousands writes n with commas between groups of three digits, as a
// researcher reads a row count: 12,345.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return neg + string(b)
}

// Error is one problem in the content, at a position.
type Error struct {
	Pos
	Msg string
	// Name is a warning's name (a Warning's), "" for an error: Warnf sets it.
	Name string `json:",omitempty"`
}

// Errorf returns an *Error at pos with a formatted message. It formats as
// fmt.Sprintf does, except that a string under %q is written as Quote
// writes it: cut to MaxQuoted characters, with control characters escaped.
// A value from content goes into a message with %q, never %s.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, quoteArgs(args)...)}
}

// MaxMessage is the most bytes of a message Error prints. Messages quote
// content with Quote and stay far shorter; the cut is the last guard
// against a message that pasted a whole cell or file into itself.
const MaxMessage = 1000

// Error prints the position and the message on one line, made safe by
// Clean and cut to MaxMessage bytes, since the message may be printed in a
// CI log. Line breaks and tabs in the message are escaped too (\n, \t), so
// that no text in a message can start a line of its own that reads as
// another problem ("error: ...").
func (e *Error) Error() string {
	msg := e.Msg
	if len(msg) > MaxMessage {
		cut := MaxMessage
		for cut > 0 && !utf8.RuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	msg = escapeControls(msg)
	if e.File != "" {
		msg = e.Pos.String() + ": " + msg
	}
	return Clean(msg)
}

// List is a set of problems. As an error it prints one problem per line.
type List []*Error

// Add appends the problems held by err: a *Error, a List, or any other error
// (which is attributed to no file).
func (l *List) Add(err error) {
	switch e := err.(type) {
	case nil:
	case *Error:
		*l = append(*l, e)
	case List:
		*l = append(*l, e...)
	default:
		*l = append(*l, &Error{Msg: err.Error()})
	}
}

// Sort orders the problems by file, line and column, and drops exact repeats.
func (l List) Sort() List {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return slices.CompactFunc(l, func(a, b *Error) bool { return *a == *b })
}

// Err returns the list as an error, or nil when it is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
