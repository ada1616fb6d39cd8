package diag

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxQuoted is how many characters of a value from content a message shows;
// longer values are cut and end in "…".
const MaxQuoted = 60

// Quote returns s as a message shows a value that came from content: in
// double quotes, cut to MaxQuoted characters with "…", with control
// characters, invalid UTF-8 and quotes escaped the way Go writes them. A
// quoted value therefore never spans lines, never carries a terminal escape,
// and cannot begin a line of a CI log (such as a GitHub Actions "::error"
// command).
func Quote(s string) string {
	cut := false
	if utf8.RuneCountInString(s) > MaxQuoted {
		n := 0
		for i := range s {
			if n == MaxQuoted {
				s, cut = s[:i], true
				break
			}
			n++
		}
	}
	q := strconv.Quote(s)
	if cut {
		q = q[:len(q)-1] + "…\""
	}
	return q
}

// Clean makes a whole message safe to print: control characters other than
// newline and tab are escaped, and a line that would begin with "::" (a
// GitHub Actions workflow command) is indented. Messages quote content with
// Quote; Clean is the last guard for text that did not pass through it.
func Clean(msg string) string {
	if isClean(msg) {
		return msg
	}
	var b strings.Builder
	b.Grow(len(msg) + 8)
	lineStart := true
	for i := 0; i < len(msg); {
		r, size := utf8.DecodeRuneInString(msg[i:])
		switch {
		case lineStart && strings.HasPrefix(msg[i:], "::"):
			b.WriteString("  ")
		}
		lineStart = false
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(msg[i]), 16))
		case r == '\n':
			b.WriteByte('\n')
			lineStart = true
		case r == '\t':
			b.WriteByte('\t')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029':
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(msg[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isClean reports whether msg needs no change from Clean: the common case,
// checked without allocating.
func isClean(msg string) bool {
	if strings.HasPrefix(msg, "::") || strings.Contains(msg, "\n::") {
		return false
	}
	for i := 0; i < len(msg); {
		r, size := utf8.DecodeRuneInString(msg[i:])
		if (r == utf8.RuneError && size == 1) || (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' {
			return false
		}
		i += size
	}
	return true
}
