// Package yamlx holds the one leniency scalesite adds to YAML.
package yamlx

import (
	"bytes"
	"strconv"
	"strings"
)

// QuoteColonValues quotes plain values that contain ": " (or end in ":"), so
// that the line
//
//	title: Audio models: ROC-AUC vs. parameters
//
// means what its author meant instead of being a YAML error. Researchers'
// titles are full of colons, and the format guide's own example
// (content/format/index.md) has one. Only "key: value" lines whose value
// is plain text are touched (not quoted, flow, block, anchor, alias or
// tag values), so lines and columns of everything else stay where they
// were; the value moves one column right.
func QuoteColonValues(src []byte) []byte {
	if !bytes.Contains(src, []byte(": ")) {
		return src
	}
	// out is made at the first line quoted: most specs have none, and
	// copying every line of one (inline data included) was wasted.
	var out []byte
	copied := 0 // src[:copied] is in out
	block := -1 // indentation of the key owning a block scalar being skipped
	depth := 0  // open flow collections ({ or [) carried over from earlier lines
	for at := 0; at < len(src); {
		line := src[at:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		start := at
		at += len(line)
		indent := len(line) - len(bytes.TrimLeft(line, " "))
		blank := len(bytes.TrimSpace(line)) == 0
		if block >= 0 && (blank || indent > block) {
			continue
		}
		block = -1
		if startsBlockScalar(line) {
			block = indent
		}
		inFlow := depth > 0 // a continuation line of a {…} or […] spread over lines
		depth = flowDepth(line, depth)
		if inFlow {
			continue
		}
		if q, ok := quoteLine(line); ok {
			if out == nil {
				out = make([]byte, 0, len(src)+len(q)-len(line)+16)
			}
			out = append(out, src[copied:start]...)
			out = append(out, q...)
			copied = at
		}
	}
	if out == nil {
		return src
	}
	return append(out, src[copied:]...)
}

// quoteLine rewrites one "key: value" line whose plain value holds a colon.
func quoteLine(line []byte) ([]byte, bool) {
	body := bytes.TrimRight(line, "\r\n")
	eol := line[len(body):]
	i := 0
	for i < len(body) && body[i] == ' ' {
		i++
	}
	if i+1 < len(body) && body[i] == '-' && body[i+1] == ' ' { // a list item holding a mapping
		i += 2
		for i < len(body) && body[i] == ' ' {
			i++
		}
	}
	keyStart := i
	for i < len(body) && (isWord(body[i]) || (i > keyStart && body[i] == ' ' && i+1 < len(body) && body[i+1] != ':')) {
		i++
	}
	if i == keyStart || i+1 >= len(body) || body[i] != ':' || body[i+1] != ' ' {
		return nil, false
	}
	v := i + 1
	for v < len(body) && body[v] == ' ' {
		v++
	}
	value := bytes.TrimRight(body[v:], " \t")
	if len(value) == 0 || strings.IndexByte(`"'[{|>&*!#%@`+"`", value[0]) >= 0 {
		return nil, false
	}
	if !bytes.Contains(value, []byte(": ")) && value[len(value)-1] != ':' {
		return nil, false
	}
	if c := bytes.Index(value, []byte(" #")); c >= 0 { // keep a trailing comment a comment
		value = bytes.TrimRight(value[:c], " \t")
		if !bytes.Contains(value, []byte(": ")) && value[len(value)-1] != ':' {
			return nil, false
		}
	}
	out := make([]byte, 0, len(line)+8)
	out = append(out, body[:v]...)
	out = strconv.AppendQuote(out, string(value))
	out = append(out, body[v+len(value):]...)
	return append(out, eol...), true
}

// flowDepth returns the number of flow collections still open after line,
// given those open before it, ignoring brackets in quotes and comments.
func flowDepth(line []byte, depth int) int {
	var quote byte
	for i, c := range line {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if depth > 0 || i == 0 || line[i-1] == ' ' {
				quote = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return depth
		case c == '{' || c == '[':
			depth++
		case (c == '}' || c == ']') && depth > 0:
			depth--
		}
	}
	return depth
}

// startsBlockScalar reports whether a line ends in a block scalar indicator
// ("data: |", "text: >-"), whose following lines are text, not YAML.
func startsBlockScalar(line []byte) bool {
	t := bytes.TrimRight(line, " \t\r\n")
	if c := bytes.Index(t, []byte(" #")); c >= 0 {
		t = bytes.TrimRight(t[:c], " \t")
	}
	i := bytes.LastIndexAny(t, "|>")
	if i < 1 || t[i-1] != ' ' {
		return false
	}
	return len(bytes.Trim(t[i+1:], "+-0123456789")) == 0
}

func isWord(c byte) bool {
	return c == '_' || c == '-' || c == '.' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}
