package markdown

import (
	"bytes"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// TestUntimedLexers: after a page with fenced code is parsed, every
// regular expression of the lexers it names, and of the lexers those hand
// text to (HTML's CSS and JavaScript), has no match timeout, so a build
// paused for a while by a busy machine colours code as an idle one does.
// It also fails when a new Chroma keeps its compiled rules otherwise.
func TestUntimedLexers(t *testing.T) {
	md := New()
	src := "```yaml\na: 1\n```\n\n```html\n<style>p{color:red}</style><script>var x = 1;</script>\n```\n\n```nosuchlanguage\nx\n```\n"
	var out bytes.Buffer
	if err := md.Convert([]byte(src), &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"yaml", "html", "css", "javascript"} {
		l, ok := lexers.Get(name).(*chroma.RegexLexer)
		if !ok {
			t.Fatalf("lexer %s is not a RegexLexer", name)
		}
		rules, err := compiledRules(l)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, state := range rules {
			for _, r := range state {
				if r.Regexp == nil {
					continue
				}
				n++
				if r.Regexp.MatchTimeout != forever {
					t.Fatalf("%s: a rule keeps a match timeout of %v", name, r.Regexp.MatchTimeout)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no compiled rules read", name)
		}
	}
}
