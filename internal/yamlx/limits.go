package yamlx

import (
	"bytes"
	"fmt"
)

// Limits on the YAML scalesite hands to the YAML library. A front matter, a
// site config or a chart spec a researcher writes is a few dozen lines
// nested three or four levels deep; the limits are far above that and far
// below what exhausts the library, which needs memory and time out of all
// proportion for deep nesting (100,000 levels in a 200 KB file took 15 GB).
const (
	// MaxDepth is how deeply mappings, lists and { } or [ ] may nest.
	MaxDepth = 64
	// MaxSize is the most bytes of YAML read in one piece. Inline data
	// (data: |) in a chart spec is taken out before the YAML library reads
	// the spec, so it does not count.
	MaxSize = 256 << 10
)

// LimitError is YAML past MaxDepth or MaxSize, at a line and column
// (1-based) of the YAML.
type LimitError struct {
	Line, Col int
	Msg       string
}

func (e *LimitError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// CheckLimits reads src once, in linear time, before the YAML library does,
// and returns a *LimitError when it is larger than MaxSize or nested more
// than MaxDepth levels deep, the document's own mapping being level 1. Nesting counts indentation levels, list items
// that open on one line ("- - - x"), and flow collections ({ and [), which
// may span lines; brackets in quoted text, in comments, in block scalars
// (text: |) and inside plain text ("a [b") do not count.
func CheckLimits(src []byte, what string) *LimitError {
	if len(src) > MaxSize {
		return &LimitError{Line: 1, Col: 1, Msg: fmt.Sprintf("%s is %s of YAML, more than the %s allowed",
			what, kb(len(src)), kb(MaxSize))}
	}
	var s depthScanner
	for line, rest := 1, src; len(rest) > 0; line++ {
		l := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if col := s.line(l); col > 0 {
			return &LimitError{Line: line, Col: col, Msg: fmt.Sprintf(
				"%s is nested more than %d levels deep here: no setting needs that many; check the brackets and the indentation", what, MaxDepth)}
		}
	}
	return nil
}

func kb(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", (n+1023)>>10)
}

// depthScanner follows the nesting of YAML line by line.
type depthScanner struct {
	indents []int // indentation of each open block level, increasing
	flow    int   // open { and [, carried over lines
	quote   byte  // the quote of a quoted scalar carried over lines, or 0
	inBlock bool  // in a block scalar (text: |), whose lines are text
	block   int   // the indentation of the line that opened the block scalar
}

// line reads one line (without its end) and returns the 1-based column at
// which nesting passes MaxDepth, or 0.
func (s *depthScanner) line(l []byte) int {
	l = bytes.TrimSuffix(l, []byte{'\r'})
	indent := 0
	for indent < len(l) && l[indent] == ' ' {
		indent++
	}
	blank := len(bytes.TrimSpace(l)) == 0
	if s.inBlock {
		if blank || indent > s.block {
			return 0
		}
		s.inBlock = false
	}
	if blank {
		return 0
	}
	i := indent
	if s.flow == 0 && s.quote == 0 {
		if l[i] == '#' {
			return 0
		}
		for len(s.indents) > 0 && s.indents[len(s.indents)-1] >= indent {
			s.indents = s.indents[:len(s.indents)-1]
		}
		s.indents = append(s.indents, indent)
		// Compact nesting: "- - x" and "- key: - y" open a level per "- ".
		for i+1 < len(l) && (l[i] == '-' || l[i] == '?') && (l[i+1] == ' ' || l[i+1] == '\t') {
			i += 2
			for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
				i++
			}
			s.indents = append(s.indents, i) // the item's content indents past the dash
			if len(s.indents) > MaxDepth {
				return i - 1
			}
		}
		if len(s.indents) > MaxDepth {
			return indent + 1
		}
	}
	base := len(s.indents)
	prev := byte(' ') // the last character before i that is not a space; ' ' at the start
	for ; i < len(l); i++ {
		c := l[i]
		if s.quote != 0 {
			switch {
			case c == '\\' && s.quote == '"':
				i++
			case c == s.quote:
				if s.quote == '\'' && i+1 < len(l) && l[i+1] == '\'' {
					i++ // '' stands for a quote
					continue
				}
				s.quote = 0
				prev = c
			}
			continue
		}
		switch c {
		case ' ', '\t':
			continue
		case '#':
			if i == 0 || l[i-1] == ' ' || l[i-1] == '\t' {
				return 0 // a comment
			}
		case '"', '\'':
			if opensValue(prev) {
				s.quote = c
			}
		case '[', '{':
			if !opensValue(prev) && s.flow == 0 {
				prev = 'a' // text, as in "a [b": no value starts after it
				continue
			}
			s.flow++
			if base+s.flow > MaxDepth {
				return i + 1
			}
		case ']', '}':
			if s.flow > 0 {
				s.flow--
			}
		case '|', '>':
			if s.flow == 0 && opensValue(prev) && isBlockHeader(l[i+1:]) {
				s.inBlock, s.block = true, indent
				return 0
			}
		}
		prev = c
	}
	return 0
}

// opensValue reports whether a value may start after prev, the last
// character that is not a space: at the start of a line, after a key's
// ":", a list's "-" or "?", or inside { } and [ ] after "," or a bracket.
func opensValue(prev byte) bool {
	switch prev {
	case ' ', ':', '-', '?', ',', '[', '{':
		return true
	}
	return false
}

// isBlockHeader reports whether rest, what follows a "|" or ">", ends a
// block scalar header: indicators (+, -, a digit), then a comment or nothing.
func isBlockHeader(rest []byte) bool {
	t := bytes.TrimLeft(rest, "+-0123456789")
	t = bytes.TrimLeft(t, " \t")
	return len(t) == 0 || t[0] == '#'
}
