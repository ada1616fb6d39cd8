// Package htmlesc escapes strings for HTML byte for byte as html/template
// does, for the markup render writes in Go rather than through a template
// (the built-in layouts and the chart's figure, render/fastlayout) and for
// the rows of a chart's data table (chart's export.go). Each function
// names the html/template escaper it matches;
// the tests compare them with html/template on hostile text.
package htmlesc

import (
	"bytes"
	"html/template"
	"strings"
)

// replacement is what html/template's htmlEscaper, rcdataEscaper and
// attrEscaper write for c, or "" when c is written as it is.
func replacement(c byte) string {
	switch c {
	case 0:
		return "\uFFFD"
	case '"':
		return "&#34;"
	case '&':
		return "&amp;"
	case '\'':
		return "&#39;"
	case '+':
		return "&#43;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	}
	return ""
}

// Append appends s escaped as html/template escapes a string in text, in
// <title> and in a quoted attribute that holds no URL: its htmlEscaper,
// rcdataEscaper and attrEscaper, which replace the same bytes (NUL as
// U+FFFD, " & ' + < > as character references).
func Append[S string | []byte](b []byte, s S) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		r := replacement(s[i])
		if r == "" {
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, r...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

// Write writes s to b escaped as Append escapes it.
func Write(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		r := replacement(s[i])
		if r == "" {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// WriteEscapeString writes s to b escaped as html/template's
// HTMLEscapeString escapes it: as Write, but with '+' kept.
func WriteEscapeString(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '+' {
			continue
		}
		r := replacement(s[i])
		if r == "" {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(r)
		last = i + 1
	}
	b.WriteString(s[last:])
}

// AppendURL appends s as html/template writes a string that is the whole
// value of a URL attribute (href, src, action): its urlFilter (a scheme
// other than http, https or mailto becomes #ZgotmplZ), urlNormalizer and
// attrEscaper.
func AppendURL(b []byte, s string) []byte {
	if !safeURL(s) {
		s = "#ZgotmplZ"
	}
	return processURL(b, s, true)
}

// AppendURLPart appends s as html/template writes a string in the query or
// fragment of a URL attribute (href="#{{.ID}}"): its urlEscaper and
// attrEscaper.
func AppendURLPart(b []byte, s string) []byte { return processURL(b, s, false) }

// processURL is html/template's processURLOnto followed by its attrEscaper,
// which after normalizing has only '&' and '+' left to replace.
func processURL(b []byte, s string, norm bool) []byte {
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
			if norm && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
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

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// safeURL is html/template's: s is relative or its scheme is http, https
// or mailto.
func safeURL(s string) bool {
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		if !strings.EqualFold(protocol, "http") && !strings.EqualFold(protocol, "https") && !strings.EqualFold(protocol, "mailto") {
			return false
		}
	}
	return true
}

// AppendJSValue appends v as html/template's jsValEscaper writes a value in
// a <script> element: a template.JS as it is, which is how the renderer's
// charts carry their option. Any other value is written by html/template
// itself, through a template made for the call, as its JSON encoding (and
// what it writes for a value that has none) is html/template's to decide:
// no page the built-in layouts write takes this way.
func AppendJSValue(b []byte, v any) []byte {
	if js, ok := v.(template.JS); ok {
		return append(b, js...)
	}
	const start, end = `<script type="application/json">`, `</script>`
	var w bytes.Buffer
	// jsValEscaper writes a value it cannot encode as a comment: the
	// template does not fail.
	_ = template.Must(template.New("").Parse(start+"{{.}}"+end)).Execute(&w, v)
	out := w.Bytes()
	if len(out) < len(start)+len(end) {
		return b
	}
	return append(b, out[len(start):len(out)-len(end)]...)
}
