package sitetest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// MaxMessageLine is the longest line a message about content may print:
// values from content are quoted and cut, so a line stays short whatever
// the content holds.
const MaxMessageLine = 500

// CheckMessages asserts that text, the messages a build prints, is safe to
// print in a terminal or a CI log whatever the content held: no line
// starts (even after spaces) with "::", a GitHub Actions workflow command;
// no control character but the newline between lines, nor invalid UTF-8;
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
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Errorf("message line %d holds the control character %U: %.200q", i+1, r, line)
				break
			}
		}
	}
}
