package markdown

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// nesting is how deep block quotes and list items are nested in goldmark's
// tree of src: what MaxNesting bounds.
func nesting(src []byte) int {
	doc := New().Parser().Parse(text.NewReader(src))
	deepest, depth := 0, 0
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Kind() != ast.KindBlockquote && n.Kind() != ast.KindListItem {
			return ast.WalkContinue, nil
		}
		if entering {
			depth++
			deepest = max(deepest, depth)
		} else {
			depth--
		}
		return ast.WalkContinue, nil
	})
	return deepest
}

func TestPrescan(t *testing.T) {
	deepList := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat("  ", i) + "- x\n")
		}
		return b.String()
	}
	footnotes := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("[^n" + strings.Repeat("i", i%5) + "]: note\n\n")
		}
		return b.String()
	}
	tests := []struct {
		name   string
		src    string
		offset int    // where the limit is passed, -1 for none
		msg    string // the start of the message
	}{
		{"plain prose", "Some *prose*.\n\n- a\n  - b\n\n> quoted\n", -1, ""},
		{"32 markers on a line", strings.Repeat("- ", 32) + "x\n", -1, ""},
		{"33 list markers on a line", strings.Repeat("- ", 33) + "x\n", 64, "block quotes and lists are nested 33 deep here, more than the 32 levels"},
		{"33 quote markers on a line", strings.Repeat("> ", 33) + "x\n", 64, "block quotes and lists are nested 33 deep here"},
		{"quotes and lists mixed", strings.Repeat("> 1. ", 17) + "x\n", 5 * 16, "block quotes and lists are nested 33 deep here"},
		{"a list indented 32 deep", deepList(32), -1, ""},
		{"a list indented 33 deep", deepList(33), len(deepList(32)) + 64, "block quotes and lists are nested 33 deep here"},
		{"quotes continued lazily", strings.Repeat("> ", 30) + "x\ny\n" + "> > > z\n", -1, ""},
		{"nested further after a lazy line", strings.Repeat("> ", 30) + "x\ny\n" + strings.Repeat("> ", 33) + "z\n", len(strings.Repeat("> ", 30)+"x\ny\n") + 64, "block quotes and lists are nested 33 deep"},
		{"a list item continued lazily", deepList(30) + "lazy text\n" + strings.Repeat("  ", 30) + "- a\n" + strings.Repeat("  ", 31) + "- b\n" + strings.Repeat("  ", 32) + "- c\n", len(deepList(30)+"lazy text\n") + 64 + 66 + 64, "block quotes and lists are nested 33 deep"},
		{"a thematic break is no list", strings.Repeat("- ", 40) + "\n", -1, ""},
		{"markers in a fenced code block", "```\n" + strings.Repeat("> ", 40) + "\n```\n", -1, ""},
		{"markers in a code block in a list", "- a\n\n  ~~~~\n  " + strings.Repeat("- ", 40) + "x\n  ~~~~\n", -1, ""},
		{"markers after the code block ends", "```\nx\n```\n" + strings.Repeat("> ", 33) + "\n", 10 + 64, "block quotes and lists are nested 33 deep"},
		{"indented code is no container", "    " + strings.Repeat("> ", 40) + "\n", -1, ""},
		{"1000 footnotes", footnotes(1000), -1, ""},
		{"1001 footnotes", footnotes(1001), len(footnotes(1000)), "this is footnote 1001 of the page, more than the 1000 footnotes"},
		{"1000 lines of links", strings.Repeat("[a]\n", 1000), -1, ""},
		{"1001 lines of links", strings.Repeat("[a]\n", 1001), 4000, "this paragraph runs on for more than 1000 lines with links or brackets in it"},
		{"a bracket after 1000 lines", strings.Repeat("a\n", 1499) + "b [a]\n", 2998, "this paragraph runs on"},
		{"5000 lines without a bracket", strings.Repeat("a\n", 5000), -1, ""},
		{"paragraphs of 600 lines", strings.Repeat(strings.Repeat("[a]\n", 600)+"\n", 3), -1, ""},
		{"a list of 2000 links", strings.Repeat("- [a]\n", 2000), -1, ""},
		{"a paragraph continued lazily in a quote", "> [a]\n" + strings.Repeat("[a]\n", 1000), 6 + 999*4, "this paragraph runs on"},
		{"1 MB", strings.Repeat("a", MaxBytes), -1, ""},
		{"over 1 MB", strings.Repeat("a", MaxBytes+1), MaxBytes, "the Markdown of this page is 1.0 MB, more than the 1 MB a page may have"},
		{"over 1 MB in lines", strings.Repeat("a\n", MaxBytes/2+1), MaxBytes, "the Markdown of this page is 1.0 MB, more than the 1 MB"},
		{"a limit passed before 1 MB is told first", strings.Repeat("> ", 33) + "x\n" + strings.Repeat("a", MaxBytes), 64, "block quotes and lists are nested 33 deep"},
		{"a block of 5000 link definitions", "[a]\n\n" + strings.Repeat("[a]: /u\n", 5000), -1, ""},
		{"5000 definitions after text are text", "a\n" + strings.Repeat("[a]: /u\n", 5000), 2 + 999*8, "this paragraph runs on"},
		{"footnote references are not definitions", strings.Repeat("a[^1] ", 2000) + "\n\n[^1]: x\n", -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Prescan([]byte(tc.src))
			switch {
			case tc.offset < 0 && err != nil:
				t.Fatalf("refused at %d: %s", err.Offset, err.Msg)
			case tc.offset >= 0 && err == nil:
				t.Fatalf("accepted; want refused at %d", tc.offset)
			case err != nil && (err.Offset != tc.offset || !strings.HasPrefix(err.Msg, tc.msg)):
				t.Fatalf("refused at %d: %s\nwant at %d: %s…", err.Offset, err.Msg, tc.offset, tc.msg)
			}
			if err == nil && len(tc.src) < 1<<14 {
				if n := nesting([]byte(tc.src)); n > MaxNesting {
					t.Errorf("accepted, but goldmark nests it %d deep", n)
				}
			}
		})
	}
}

// FuzzPrescan holds the pre-scan to goldmark's own tree, with a limit small
// enough for the fuzzer to reach: a page it accepts is nested no deeper than
// the limit, and a page goldmark nests less than half as deep is accepted
// (raw HTML aside, whose lines may look like markers to the scan).
func FuzzPrescan(f *testing.F) {
	for _, s := range []string{
		"- a\n  - b\n    - c\n",
		"> > > x\ny\n> > > > z\n",
		"1. a\n   > b\n   > - c\n",
		"- a\n\n      code\n  - b\n",
		"```\n> > > > >\n```\n> > > > >\n",
		"-\t-\t-\tx\n",
		"* * * *\n- - - x\n",
		"[^a]: x\n[^b]: y\n\n[^c]: z\n",
		"10) a\n    2. b\n       - c\n",
		"> - a\n>   - b\nlazy\n>     - c\n",
	} {
		f.Add(s)
	}
	const limit = 4
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		err := prescanWith([]byte(src), limit, 3, 1000)
		deep := nesting([]byte(src))
		nestingErr := err != nil && strings.HasPrefix(err.Msg, "block quotes")
		if err == nil && deep > limit {
			t.Errorf("accepted, but goldmark nests %q %d deep (limit %d)", src, deep, limit)
		}
		if nestingErr && deep <= limit/2 && !strings.Contains(src, "<") {
			t.Errorf("refused at %d (%s), but goldmark nests %q only %d deep", err.Offset, err.Msg, src, deep)
		}
		if err != nil && (err.Offset < 0 || err.Offset > len(src)) {
			t.Errorf("offset %d outside the source of %d bytes", err.Offset, len(src))
		}
	})
}
