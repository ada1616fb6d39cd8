package yamlx

import (
	"strings"
	"testing"

	"github.com/goccy/go-yaml/parser"
)

// TestCheckEscapes: TeX in double quotes that YAML's escapes changed is
// found at its value, with the key and the escape named; the same TeX in
// single quotes or plain, and a line break meant as one, are not.
func TestCheckEscapes(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // "line:col: part of the message"
	}{
		{"alpha in a title", `title: "Exponent $\alpha_N$ by run"`, []string{`1:8: the value of "title" holds the control character U+0007, which YAML's double quotes make of \a (as in \alpha)`}},
		{"theta in an axis title", "x:\n  title: \"$\\theta$ steps\"\n", []string{`2:10: the value of "title" holds the control character U+0009`}},
		{"frac in an annotation", "annotations: [{text: \"$\\frac{1}{2}$\"}]\n", []string{`1:22: the value of "text" holds the control character U+000C, which YAML's double quotes make of \f (as in \frac)`}},
		{"a column name is left to its own message", "x: \"a\\tb\"\n", nil},
		{"a character written as a code is meant", `title: "\x1b[2J \u2028 \t"`, []string{`1:8: the value of "title" holds the control character U+0009, which YAML's double quotes make of \t`}},
		{"only codes", `title: "\x1b[2J \u2028"`, nil},
		{"nu beside math", `label: "$\nu$ = 3"`, []string{`1:8: the value of "label" holds the control character U+000A`}},
		{"Lambda", `note: "$\Lambda$CDM"`, []string{`1:7: the value of "note" holds the control character U+2028`}},
		{"inside an anchor, once", "style: &s {title: \"$\\rho$\"}\npanels: [*s, *s]\n", []string{`1:19: the value of "title" holds the control character U+000D`}},
		{"single quotes", `title: 'Exponent $\alpha_N$ by run'`, nil},
		{"plain", `title: Exponent $\alpha_N$ by run`, nil},
		{"a line break meant as one", `title: "Loss\nby run"`, nil},
		{"an escaped backslash", `title: "$\\alpha_N$"`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseBytes([]byte(tc.src), 0)
			if err != nil {
				t.Fatal(err)
			}
			got := CheckEscapes(f.Docs[0].Body)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d problems %v, want %d", len(got), got, len(tc.want))
			}
			for i, le := range got {
				if !strings.HasPrefix(le.Error(), tc.want[i]) {
					t.Errorf("got  %s\nwant %s…", le, tc.want[i])
				}
				if !strings.Contains(le.Msg, "single quotes") {
					t.Errorf("%s: does not say what to write instead", le)
				}
			}
		})
	}
}
