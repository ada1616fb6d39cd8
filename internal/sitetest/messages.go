package sitetest

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// MaxMessageLine is the longest line a message about content may print:
// values from content are quoted and cut, so a line stays short whatever
// the content holds.
const MaxMessageLine = 500

// CheckMessages asserts that text, the messages a build prints, is safe to
// print in a terminal or a CI log whatever the content held: no line
// starts (even after spaces) with "::", a GitHub Actions workflow command;
// no control character but the newline between lines, no line or
// paragraph separator, no invisible format character (a bidi control such
// as U+202E, a zero-width character such as U+200B), nor invalid UTF-8;
// and every line is shorter than MaxMessageLine bytes.
func CheckMessages(t testing.TB, text string) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			t.Errorf("message line %d starts with \"::\": %.200q", i+1, line)
		}
		if len(line) >= MaxMessageLine {
			t.Errorf("message line %d is %d bytes long: %.200q…", i+1, len(line), line)
		}
		if !utf8.ValidString(line) {
			t.Errorf("message line %d is not valid UTF-8: %.200q", i+1, line)
		}
		for _, r := range line {
			if Unsafe(r) {
				t.Errorf("message line %d holds the character %U: %.200q", i+1, r, line)
				break
			}
		}
	}
}

// Unsafe reports the characters no message may print as they are: control
// characters, the line and paragraph separators, and the format characters
// (category Cf: bidi controls, zero-width characters), which print as
// nothing and can make a line read other than it is.
func Unsafe(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r)
}

// CheckProblems asserts that each problem prints as one line that
// CheckMessages accepts: a value from content cannot make a problem span
// lines, so that a line of its own cannot pass for another problem.
func CheckProblems(t testing.TB, problems []error) {
	t.Helper()
	for _, p := range problems {
		msg := p.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("a problem prints on more than one line: %.300q", msg)
		}
		CheckMessages(t, msg)
	}
}
