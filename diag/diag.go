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
	"strings"
)

// Pos is a place in a content file. Line and Col are 1-based; zero means unknown.
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position the way compilers do: file:line:col.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is one problem in the content, at a position.
type Error struct {
	Pos
	Msg string
}

// Errorf returns an *Error at pos with a formatted message.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (e *Error) Error() string {
	if e.File == "" {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
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
