// Package texdelim is the one rule for where a TeX formula written between
// dollar signs ends, shared by the Markdown of pages (markdown/math.go) and
// the plain text of charts (internal/plaintex), so that "$5 and $10" is
// prose and "$C^{0.5}$" a formula in a paragraph and in a chart title alike.
package texdelim

// Closer returns where the closing delimiter close is in line, or -1 when
// line has none: its first occurrence not escaped by a backslash. A single
// $ closes only with a non-space before it and no digit after it; the first
// $ that does not is no closing one, and ok is false: the opening $ was a
// dollar sign. So is it when a backtick comes first, which unlike Pandoc
// keeps "costs $10, see `$HOME`" prose and code. afterSpace reports whether
// the character before line is a space (a line end).
func Closer[S ~string | ~[]byte](line S, close string, afterSpace bool) (i int, ok bool) {
	for i = 0; i < len(line); i++ {
		if close == "$" && line[i] == '`' {
			return i, false
		}
		if hasPrefixAt(line, i, close) {
			if close != "$" {
				return i, true
			}
			spaceBefore := afterSpace
			if i > 0 {
				spaceBefore = IsSpace(line[i-1])
			}
			digitAfter := i+1 < len(line) && '0' <= line[i+1] && line[i+1] <= '9'
			return i, !spaceBefore && !digitAfter
		}
		if line[i] == '\\' {
			i++
		}
	}
	return -1, true
}

// IsSpace reports whether c is a space, tab or line end (goldmark's
// util.IsSpace): the characters that may not follow an opening $ or come
// before a closing one.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

func hasPrefixAt[S ~string | ~[]byte](s S, i int, p string) bool {
	if len(s)-i < len(p) {
		return false
	}
	for k := 0; k < len(p); k++ {
		if s[i+k] != p[k] {
			return false
		}
	}
	return true
}
