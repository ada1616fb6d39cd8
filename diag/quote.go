package diag

import (
	"strconv"
	"strings"
	"unicode"
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
func Quote(s string) string { return quoteCut(s, MaxQuoted) }

// Visible returns s with each character that Quote escapes (strconv's rule:
// control characters, invisible and bidirectional formatting characters
// such as U+202E and U+200B, invalid UTF-8) escaped as Quote escapes it,
// \u202e, but without quotes around it and with backslashes and quotes
// kept: for text shown unquoted, such as TeX, which is full of both.
func Visible(s string) string {
	return escapeRunes(s, func(r rune) bool { return !strconv.IsPrint(r) })
}

// MaxPlain is the longest path or name QuoteIfNeeded shows without quotes.
const MaxPlain = 200

// QuoteIfNeeded returns s, a file path or name that a message shows
// unquoted by custom (looked for content/p/x.png), as it is when it is
// plain: at most MaxPlain characters, none of which Quote would escape,
// no double quote or backslash, and no space at either end. Anything else
// is quoted as Quote quotes it, so that a path decoded from content
// ("x%0Aerror: fake.png") can no more start a line or hide its characters
// than any other value from content.
func QuoteIfNeeded(s string) string {
	if s == "" || len(s) > 4*MaxPlain || utf8.RuneCountInString(s) > MaxPlain || !utf8.ValidString(s) ||
		s[0] == ' ' || s[len(s)-1] == ' ' || strings.ContainsAny(s, "\"\\") {
		return Quote(s)
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return Quote(s)
		}
	}
	return s
}

// quoteCut is Quote with a limit of max characters.
func quoteCut(s string, max int) string {
	cut := false
	if len(s) > max && utf8.RuneCountInString(s) > max {
		n := 0
		for i := range s {
			if n == max {
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
// newline and tab are escaped, and so are the invisible characters that
// change how a terminal or an editor shows the text around them (bidi
// controls such as U+202E, which prints what follows it reversed, and
// zero-width characters such as U+200B), as \u202e; a line that would begin
// with "::" (a GitHub Actions workflow command, even after spaces) starts
// with a backslash instead. Messages quote content with Quote, which escapes
// all of these too; Clean is the last guard for text that did not pass
// through it.
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
		case lineStart && commandLine(msg[i:]):
			// The runner trims a line's leading space before it looks
			// for "::", so only a character that is not space defuses it.
			b.WriteString(`\`)
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
		case isControl(r):
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
	if strings.Contains(msg, "::") && (commandLine(msg) || hasCommandLine(msg)) {
		return false
	}
	for i := 0; i < len(msg); {
		r, size := utf8.DecodeRuneInString(msg[i:])
		if (r == utf8.RuneError && size == 1) || isControl(r) {
			return false
		}
		i += size
	}
	return true
}

// escapeControls escapes every character of s that isControl reports,
// newline and tab included, and invalid UTF-8, the way Go writes them in a
// quoted string; the rest of s is kept as it is.
func escapeControls(s string) string {
	return escapeRunes(s, func(r rune) bool { return isControl(r) || r == '\n' || r == '\t' })
}

// escapeRunes writes each character of s that escape reports, and each
// byte of invalid UTF-8, as Go writes it in a quoted string (\u202e, \xff),
// and keeps the rest of s as it is; s itself when nothing is escaped.
func escapeRunes(s string, escape func(rune) bool) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || escape(r) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case escape(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// commandLine reports whether the line starting at s would be read by a
// GitHub Actions runner as a workflow command: "::" after leading space.
func commandLine(s string) bool {
	return strings.HasPrefix(strings.TrimLeft(s, " \t\v\f\r"), "::")
}

// hasCommandLine reports whether a line of msg after the first is a
// workflow command.
func hasCommandLine(msg string) bool {
	for i := strings.IndexByte(msg, '\n'); i >= 0; {
		msg = msg[i+1:]
		if commandLine(msg) {
			return true
		}
		i = strings.IndexByte(msg, '\n')
	}
	return false
}

// isControl reports the characters Clean escapes: C0 and C1 controls but
// newline and tab, DEL, the Unicode line and paragraph separators, and the
// format characters (category Cf): the bidi controls (U+200E, U+200F,
// U+061C, U+202A–U+202E, U+2066–U+2069), the zero-width characters
// (U+200B–U+200D, U+2060, U+FEFF), the tag characters and the like, which
// print as nothing and can make a line read other than it is.
func isControl(r rune) bool {
	if r < 0x80 {
		return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f
	}
	return r < 0xa0 || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r)
}
