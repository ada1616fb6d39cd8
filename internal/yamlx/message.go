package yamlx

import "strings"

// The plain messages for unclosed flow collections; a caller that can find
// the opening bracket points there.
const (
	UnclosedBrace   = `this "{" is never closed by a "}"`
	UnclosedBracket = `this "[" is never closed by a "]"`
)

// PlainMessage rewords goccy/go-yaml's commonest error messages in words a
// researcher understands, the same for front matter, scalesite.yaml and
// chart specs. A message it does not know is returned as it is.
func PlainMessage(msg string) string {
	switch {
	case strings.Contains(msg, "'\t'"), strings.HasPrefix(msg, "tab character"):
		return "a tab cannot indent YAML: use spaces"
	case strings.HasPrefix(msg, "mapping value is not allowed"):
		return `unexpected ":": check the indentation; inside { } or [ ], put text that contains ": " in quotes, e.g. {title: "Loss: small models"}`
	case strings.HasPrefix(msg, "could not find flow mapping end"), strings.HasPrefix(msg, "',' or '}' must be specified"):
		return UnclosedBrace
	case strings.HasPrefix(msg, "sequence end token"), strings.HasPrefix(msg, "',' or ']' must be specified"):
		return UnclosedBracket
	case strings.HasPrefix(msg, "value is not allowed in this context"):
		return "unexpected text here: check the indentation"
	case strings.HasPrefix(msg, "found an invalid key"), strings.HasPrefix(msg, "unexpected key name"):
		return "a key must be a name, like title or x"
	case strings.HasPrefix(msg, "could not find end character of double-quoted"):
		return `this quoted text has no closing '"'`
	case strings.HasPrefix(msg, "could not find end character of single-quoted"):
		return `this quoted text has no closing "'"`
	case strings.HasPrefix(msg, "undefined alias"):
		return "this alias (*name) refers to no anchor (&name) defined above it"
	}
	return oneLine(msg)
}

// maxMessage bounds a message of the YAML library, which may quote the
// YAML it could not read.
const maxMessage = 200

// oneLine keeps the first line of a message of the YAML library (the rest
// is a source excerpt with colour codes), with control characters made
// visible and cut to maxMessage characters.
func oneLine(msg string) string {
	msg, _, _ = strings.Cut(strings.TrimSpace(msg), "\n")
	var b strings.Builder
	n := 0
	for _, r := range msg {
		if n == maxMessage {
			b.WriteString("…")
			break
		}
		n++
		switch {
		case r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
