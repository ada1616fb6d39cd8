package law

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
)

// tokKind is the kind of a token of a law.
type tokKind uint8

const (
	tEOF tokKind = iota
	tNum
	tIdent
	tOp // one of + - * / ^ ( ) , =
)

// token is one token: its kind, its byte span in the law, the operator
// (ASCII, so − and × read as - and *), the identifier or the number.
type token struct {
	kind     tokKind
	pos, end int
	op       byte
	text     string
	num      float64
}

// lexer reads tokens from a law's text one at a time.
type lexer struct {
	src string
	at  int
}

// next returns the token at the lexer's position and moves past it.
func (l *lexer) next() (token, error) {
	src := l.src
	for l.at < len(src) && (src[l.at] == ' ' || src[l.at] == '\t' || src[l.at] == '\n' || src[l.at] == '\r') {
		l.at++
	}
	start := l.at
	if start == len(src) {
		return token{kind: tEOF, pos: start, end: start}, nil
	}
	c := src[start]
	switch {
	case c == '*' && start+1 < len(src) && src[start+1] == '*':
		return token{}, errAt(src, start, start+2, "", "** is not a power in a law: write powers with ^, as N^alpha")
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '^' || c == '(' || c == ')' || c == ',' || c == '=':
		l.at++
		return token{kind: tOp, pos: start, end: l.at, op: c}, nil
	case c >= '0' && c <= '9' || c == '.':
		return l.number()
	}
	r, size := utf8.DecodeRuneInString(src[start:])
	switch r {
	case '−':
		l.at += size
		return token{kind: tOp, pos: start, end: l.at, op: '-'}, nil
	case '·', '×', '⋅':
		l.at += size
		return token{kind: tOp, pos: start, end: l.at, op: '*'}, nil
	}
	if isIdentStart(r) {
		l.at += size
		for l.at < len(src) {
			r, size := utf8.DecodeRuneInString(src[l.at:])
			if !isIdentStart(r) && !unicode.IsDigit(r) {
				break
			}
			l.at += size
		}
		return token{kind: tIdent, pos: start, end: l.at, text: src[start:l.at]}, nil
	}
	return token{}, errAt(src, start, start+size, "", stray(src[start:start+size], r))
}

// isIdentStart reports whether r may begin a symbol: a letter or _.
func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

// stray is the message for a character a law cannot hold.
func stray(s string, r rune) string {
	what := diag.Quote(s)
	if r == utf8.RuneError {
		what = "a byte that is not UTF-8 text"
	}
	switch r {
	case '[', ']', '{', '}':
		return what + " cannot appear in a law: group with round parentheses ( )"
	case '²', '³', '¹', '⁰', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹', '⁻':
		return what + " cannot appear in a law: write powers with ^, as N^2"
	}
	return what + " cannot appear in a law: a law is written with numbers, symbols (letters, digits and _), + - * / ^, parentheses and the functions " + functionList()
}

// number reads a decimal number: digits with an optional point and an
// optional exponent (12, 0.5, .5, 1e-3, 6.02E23).
func (l *lexer) number() (token, error) {
	src := l.src
	start := l.at
	digits := func() int {
		n := 0
		for l.at < len(src) && src[l.at] >= '0' && src[l.at] <= '9' {
			l.at++
			n++
		}
		return n
	}
	n := digits()
	if l.at < len(src) && src[l.at] == '.' {
		l.at++
		n += digits()
	}
	if n == 0 {
		return token{}, errAt(src, start, l.at, "", `"." is not a number: write a number with digits, as 0.5 or .5`)
	}
	if l.at < len(src) && (src[l.at] == 'e' || src[l.at] == 'E') {
		save := l.at
		l.at++
		if l.at < len(src) && (src[l.at] == '+' || src[l.at] == '-') {
			l.at++
		}
		if digits() == 0 {
			if save+1 < len(src) && isIdentStart(rune(src[save+1])) && src[save+1] != 'e' && src[save+1] != 'E' {
				l.at = save // 2exp(…), 3E_0: a product without *, reported by the parser
			} else {
				return token{}, errAt(src, start, l.at, "", diag.Quote(src[start:l.at])+" has no digits after its e: write an exponent, as 1e-3 for 0.001")
			}
		}
	}
	if l.at < len(src) && src[l.at] == '.' {
		return token{}, errAt(src, start, l.at+1, "", diag.Quote(src[start:l.at+1])+" is not a number: a number has one decimal point")
	}
	text := src[start:l.at]
	v, err := strconv.ParseFloat(text, 64)
	if errors.Is(err, strconv.ErrRange) {
		return token{}, errAt(src, start, l.at, "", fmt.Sprintf("%s is too large for a number (the largest is about 1.8e308): write the law in other units", text))
	}
	if err != nil {
		return token{}, errAt(src, start, l.at, "", diag.Quote(text)+" is not a number")
	}
	if v == 0 && strings.ContainsAny(strings.FieldsFunc(text, func(r rune) bool { return r == 'e' || r == 'E' })[0], "123456789") {
		return token{}, errAt(src, start, l.at, "", fmt.Sprintf("%s is too small for a number (the smallest is about 4.9e-324): write 0, or the law in other units", text))
	}
	return token{kind: tNum, pos: start, end: l.at, text: text, num: v}, nil
}
