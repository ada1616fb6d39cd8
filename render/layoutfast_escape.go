package render

// The escapers of the built-in layouts written in Go (layoutfast.go): each
// appends a value as html/template escapes it in its place.

import "strings"

// fastHTML appends s escaped as html/template escapes a string in text,
// in <title> and in a quoted attribute that holds no URL: its htmlEscaper,
// rcdataEscaper and attrEscaper, which replace the same bytes.
func fastHTML[S string | []byte](b []byte, s S) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		var r string
		switch s[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '&':
			r = "&amp;"
		case '\'':
			r = "&#39;"
		case '+':
			r = "&#43;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		default:
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, r...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

// fastURL appends s as html/template writes a string that is the
// whole value of a URL attribute (href, src, action): its urlFilter (a
// scheme other than http, https or mailto becomes #ZgotmplZ), urlNormalizer
// and attrEscaper.
func fastURL(b []byte, s string) []byte {
	if !fastSafeURL(s) {
		s = "#ZgotmplZ"
	}
	return fastProcessURL(b, s, true)
}

// fastURLPart appends s as html/template writes a string in the query or
// fragment of a URL attribute (href="#{{.ID}}"): its urlEscaper and
// attrEscaper.
func fastURLPart(b []byte, s string) []byte { return fastProcessURL(b, s, false) }

// fastProcessURL is html/template's processURLOnto followed by its attrEscaper,
// which after normalizing has only '&' and '+' left to replace.
func fastProcessURL(b []byte, s string, norm bool) []byte {
	const hex = "0123456789abcdef"
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']':
			if norm {
				switch c {
				case '&':
					b = append(b, s[last:i]...)
					b = append(b, "&amp;"...)
					last = i + 1
				case '+':
					b = append(b, s[last:i]...)
					b = append(b, "&#43;"...)
					last = i + 1
				}
				continue
			}
		case '-', '.', '_', '~':
			continue
		case '%':
			if norm && i+2 < len(s) && fastIsHex(s[i+1]) && fastIsHex(s[i+2]) {
				continue
			}
		default:
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				continue
			}
		}
		b = append(b, s[last:i]...)
		b = append(b, '%', hex[c>>4], hex[c&0xf])
		last = i + 1
	}
	return append(b, s[last:]...)
}

func fastIsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// fastSafeURL is html/template's: s is relative or its scheme is http, https
// or mailto.
func fastSafeURL(s string) bool {
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		if !strings.EqualFold(protocol, "http") && !strings.EqualFold(protocol, "https") && !strings.EqualFold(protocol, "mailto") {
			return false
		}
	}
	return true
}
