package chartspec

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/yamlx"
)

// yamlError turns the YAML library's error into a positioned error in plain
// words, without the library's colour codes and source excerpt (the build
// prints positions; editors show the source).
func (p *parser) yamlError(err error) error {
	var ye interface {
		GetToken() *token.Token
		GetMessage() string
	}
	if !errors.As(err, &ye) {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return diag.Errorf(p.at, "invalid YAML: %s", oneLine(strings.TrimSpace(msg)))
	}
	pos := p.pos(ye.GetToken())
	msg := yamlx.PlainMessage(ye.GetMessage())
	switch msg {
	case yamlx.UnclosedBrace:
		if l, c, ok := p.unclosed(pos, '{'); ok {
			pos = p.at2(p.origLine(l), c)
		} else {
			msg = `a "," or a "}" is missing here`
		}
	case yamlx.UnclosedBracket:
		if l, c, ok := p.unclosed(pos, '['); ok {
			pos = p.at2(p.origLine(l), c)
		} else {
			msg = `a "," or a "]" is missing here`
		}
	}
	if m, ok := comparisonHint(msg); ok {
		return diag.Errorf(pos, "invalid YAML: %s", m)
	}
	if p.valueStartsFlow(p.yamlLine(pos.Line-p.at.Line+1)) && !strings.Contains(msg, `"{"`) && !strings.Contains(msg, `"["`) {
		msg += `; text that starts with "{" or "[" must be in quotes, e.g. label: "{model} ({params})"`
	}
	if strings.Contains(msg, "'@' is a reserved character") {
		msg += `; a citation must be in quotes, e.g. source: "@hoffmann2022"`
	}
	if p.lineHasHash(p.yamlLine(pos.Line - p.at.Line + 1)) {
		msg += `; note that # starts a comment in YAML, so a colour like #1f77b4 must be quoted: "#1f77b4"`
	}
	return diag.Errorf(pos, "invalid YAML: %s", oneLine(msg))
}

// maxOneLine bounds a message that may quote the spec.
const maxOneLine = 300

// oneLine keeps a message that quotes the spec on one line, since a build
// prints one problem per line, keeps control characters (say, a stray
// escape code) away from the terminal, and cuts it to maxOneLine
// characters.
func oneLine(s string) string {
	if utf8.RuneCountInString(s) > maxOneLine {
		n := 0
		for i := range s {
			if n == maxOneLine {
				s = s[:i] + "…"
				break
			}
			n++
		}
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return '\uFFFD'
		}
		return r
	}, s)
}

// unclosed finds the "{" or "[" that is still open where the YAML library
// gave up (at, a page position), so that the error points at the bracket
// the researcher has to close rather than at the line after it. It returns
// the YAML line and column of the bracket.
func (p *parser) unclosed(at diag.Pos, open byte) (line, col int, ok bool) {
	type opener struct {
		c         byte
		line, col int
	}
	var stack []opener
	endLine, endCol := p.yamlLine(at.Line-p.at.Line+1), at.Col-p.at.Col+1
	line, col = 1, 0
	prev := byte('\n') // the last character that is not a space
	for i := 0; i < len(p.src); i++ {
		c := p.src[i]
		col++
		if line > endLine || line == endLine && col >= endCol {
			// The library may point at the bracket itself.
			if line == endLine && col == endCol && c == open {
				stack = append(stack, opener{c, line, col})
			}
			break
		}
		switch {
		case c == '\n':
			line, col = line+1, 0
		case c == ' ' || c == '\t':
			continue
		case c == '#' && (col == 1 || p.src[i-1] == ' ' || p.src[i-1] == '\t'):
			for i+1 < len(p.src) && p.src[i+1] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			// Skip the quoted text, counting its lines.
			for i+1 < len(p.src) {
				i++
				col++
				d := p.src[i]
				if d == '\n' {
					line, col = line+1, 0
				} else if d == '\\' && c == '"' && i+1 < len(p.src) && p.src[i+1] != '\n' {
					i++
					col++
				} else if d == c {
					if c == '\'' && i+1 < len(p.src) && p.src[i+1] == '\'' {
						i++
						col++
						continue
					}
					break
				}
			}
		case (c == '{' || c == '[') && (prev == '\n' || prev == ':' || prev == '-' || prev == ',' || prev == '[' || prev == '{'):
			stack = append(stack, opener{c, line, col})
		case (c == '}' || c == ']') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
		prev = c
		if c == '\n' {
			prev = '\n'
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].c == open {
			return stack[i].line, stack[i].col, true
		}
	}
	return 0, 0, false
}

// valueStartsFlow reports whether the value on YAML line n starts with "{"
// or "[" and has more text after the closing bracket: a label template or
// title that YAML took for a mapping or list.
func (p *parser) valueStartsFlow(n int) bool {
	line := p.line(n)
	i := bytes.Index(line, []byte(": "))
	if i < 0 {
		return false
	}
	v := bytes.TrimSpace(line[i+2:])
	if len(v) == 0 || v[0] != '{' && v[0] != '[' {
		return false
	}
	close := byte('}')
	if v[0] == '[' {
		close = ']'
	}
	j := bytes.IndexByte(v, close)
	return j >= 0 && j+1 < len(v) && v[j+1] != ',' && v[j+1] != '#'
}

// lineHasHash reports whether YAML line n (1-based) of the source holds a "#"
// followed by a hex digit, that YAML reads as a comment: the usual cause of a
// broken colour.
func (p *parser) lineHasHash(n int) bool {
	line := p.line(n)
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '[' || line[i-1] == '{' || line[i-1] == ',') &&
			i+1 < len(line) && isHex(line[i+1]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// line returns YAML line n (1-based) of the source, without its line end.
func (p *parser) line(n int) []byte {
	src := p.src
	for ; n > 1 && len(src) > 0; n-- {
		i := bytes.IndexByte(src, '\n')
		if i < 0 {
			return nil
		}
		src = src[i+1:]
	}
	if n != 1 {
		return nil
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		src = src[:i]
	}
	return src
}
