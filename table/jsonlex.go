package table

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// scalar reads a string, number, true, false or null (which gives "").
func (p *jsonParser) scalar() (string, bool) {
	c := p.peek()
	switch {
	case c == '"':
		return p.str()
	case c == '-' || '0' <= c && c <= '9':
		return p.number()
	}
	word := p.word()
	switch word {
	case "true", "false":
		p.i += len(word)
		return word, true
	case "null":
		p.i += len(word)
		return "", true
	case "":
	case "NaN", "Infinity", "inf", "nan", "None", "undefined":
		p.fail(p.i, "JSON has no "+word+": write null for a missing value")
		return "", false
	case "True", "False", "TRUE", "FALSE":
		p.fail(p.i, "write "+strings.ToLower(word)+" in lower case")
		return "", false
	default:
		p.fail(p.i, "text must be in double quotes: write \""+word+"\"")
		return "", false
	}
	switch c {
	case '\'':
		p.fail(p.i, "JSON needs double quotes around strings, not single quotes")
	case '+', '.':
		p.fail(p.i, "a JSON number starts with a digit or -: write 0.5, not .5 or +0.5")
	default:
		p.fail(p.i, "expected a value (a number, a string in double quotes, true, false or null), found "+p.found())
	}
	return "", false
}

// number reads a number as written, checking JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *jsonParser) number() (string, bool) {
	s, start := p.s, p.i
	i := start
	if s[i] == '-' {
		i++
		if w := wordAt(s, i); w == "Infinity" || w == "inf" {
			p.fail(start, "JSON has no -"+w+": write null for a missing value")
			return "", false
		}
	}
	digits := func() int {
		n := 0
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
		if i < len(s) && '0' <= s[i] && s[i] <= '9' {
			from := i
			digits()
			fix := strings.TrimLeft(s[from:i], "0")
			if fix == "" {
				fix = "0"
			}
			p.fail(start, "a JSON number cannot start with 0: write "+s[start:from-1]+fix)
			return "", false
		}
	case digits() == 0:
		p.fail(i, "expected digits in the number, found "+p.foundAt(i))
		return "", false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			p.fail(i, "expected digits after the decimal point, found "+p.foundAt(i))
			return "", false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.fail(i, "expected the exponent's digits, found "+p.foundAt(i))
			return "", false
		}
	}
	p.i = i
	return s[start:i], true
}

// str reads a string in double quotes. Without escapes (the usual case) it
// is a slice of the source, not a copy.
func (p *jsonParser) str() (string, bool) {
	s, start := p.s, p.i
	escaped := false
	for i := start + 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			p.i = i + 1
			if !escaped {
				return s[start+1 : i], true
			}
			return unescape(s[start+1 : i]), true
		case c == '\\':
			escaped = true
			i++
			if i == len(s) {
				break
			}
			switch s[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(s) || !isHex(s[i+1:i+5]) {
					p.fail(i-1, `\u must be followed by four hex digits, e.g. \u00e9`)
					return "", false
				}
				i += 4
			default:
				p.fail(i-1, `invalid escape \`+p.foundRune(i)+` in a string: write \\ for a backslash`)
				return "", false
			}
		case c < 0x20:
			p.fail(i, "a string cannot contain a line break or other control character: write \\n, \\t and so on, or close the string with \"")
			return "", false
		}
	}
	p.fail(start, `this string is never closed: add the closing "`)
	return "", false
}

// unescape decodes a JSON string's escapes, already checked by str.
func unescape(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r := hex4(s[i+1:])
			i += 4
			if utf16.IsSurrogate(r) && i+6 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' && isHex(s[i+3:i+7]) {
				if pair := utf16.DecodeRune(r, hex4(s[i+3:])); pair != utf8.RuneError {
					r = pair
					i += 6
				}
			}
			b.WriteRune(r) // a lone surrogate becomes U+FFFD
		default: // " \ /
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func hex4(s string) rune {
	var r rune
	for i := 0; i < 4; i++ {
		c := rune(s[i])
		switch {
		case c <= '9':
			c -= '0'
		case c >= 'a':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | c
	}
	return r
}

// ws skips white space as JSON defines it.
func (p *jsonParser) ws() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// peek returns the next byte, or -1 at the end.
func (p *jsonParser) peek() int {
	if p.i < len(p.src) {
		return int(p.src[p.i])
	}
	return -1
}

// word returns the letters at the current offset, to name a bare word.
func (p *jsonParser) word() string { return wordAt(p.s, p.i) }

func wordAt(s string, i int) string {
	j := i
	for j < len(s) && (s[j]|0x20 >= 'a' && s[j]|0x20 <= 'z' || s[j] == '_' || j > i && '0' <= s[j] && s[j] <= '9') {
		j++
	}
	return s[i:j]
}

// valueKind names the kind of value that starts with c, or "" if none does.
func valueKind(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == '-' || '0' <= c && c <= '9':
		return "a number"
	case c == 't' || c == 'f':
		return "a boolean"
	case c == 'n':
		return "null"
	}
	return ""
}

func (p *jsonParser) found() string { return p.foundAt(p.i) }

// foundAt describes what stands at offset i, for "expected …, found …".
func (p *jsonParser) foundAt(i int) string {
	if i >= len(p.s) {
		if p.perLine {
			return "the end of the line (each line of a .jsonl file holds a whole object)"
		}
		return "the end of the data"
	}
	if w := wordAt(p.s, i); w != "" {
		return quote(w)
	}
	if r, _ := utf8.DecodeRuneInString(p.s[i:]); !unicode.IsPrint(r) && r >= 0x20 && r != utf8.RuneError {
		return quote(string(r)) // a line separator or a C1 control, escaped
	}
	return `"` + p.foundRune(i) + `"`
}

func (p *jsonParser) foundRune(i int) string {
	r, _ := utf8.DecodeRuneInString(p.s[i:])
	if r < 0x20 || r == utf8.RuneError {
		return fmt.Sprintf("%U", r)
	}
	return string(r)
}
