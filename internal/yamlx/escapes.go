package yamlx

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"

	"github.com/scalesite/scalesite/diag"
)

// CheckEscapes returns a problem for each double-quoted text of root (the
// value of a key that holds words a reader sees: title, subtitle, label,
// text, note, name, legend, unit, description, ...; see isTextKey) that
// YAML's escapes turned into a control character. In double quotes a
// backslash starts an escape, so TeX written there is silently changed:
// "$\alpha_N$" becomes U+0007 and "lpha_N", "\theta" a tab and "heta",
// "\frac" a form feed, "\nu" a line break and "u". No title, name or label
// means such a character, so each is an error at the value that says to
// use single quotes, where a backslash is a backslash. A line break alone
// ("first line\nsecond") may be meant, and is refused only in a value that
// holds math ($...$). Aliases are not followed: the value they repeat is
// checked where it is written. Other values (column names, paths, where
// values) are left to the messages that know them, which quote what they
// hold.
func CheckEscapes(root ast.Node) []*LimitError {
	var out []*LimitError
	checkEscapes(root, "", &out)
	return out
}

func checkEscapes(n ast.Node, key string, out *[]*LimitError) {
	switch n := n.(type) {
	case *ast.DocumentNode:
		checkEscapes(n.Body, key, out)
	case *ast.MappingNode:
		for _, mv := range n.Values {
			checkEscapes(mv, key, out)
		}
	case *ast.MappingValueNode:
		k := ""
		if s, ok := n.Key.(*ast.StringNode); ok {
			k = s.Value
		}
		checkEscapes(n.Value, k, out)
	case *ast.SequenceNode:
		for _, v := range n.Values {
			checkEscapes(v, key, out)
		}
	case *ast.AnchorNode:
		checkEscapes(n.Value, key, out)
	case *ast.TagNode:
		checkEscapes(n.Value, key, out)
	case *ast.StringNode:
		tk := n.GetToken()
		if !isTextKey(key) || tk == nil || tk.Type != token.DoubleQuoteType || tk.Position == nil {
			return
		}
		if r, bad := escapedControl(n.Value, tk.Origin); bad {
			*out = append(*out, &LimitError{Line: tk.Position.Line, Col: tk.Position.Column, Msg: escapeMessage(key, r)})
		}
	}
}

// isTextKey reports whether the value of key is text a reader sees, in the
// page or the chart: where TeX is written.
func isTextKey(key string) bool {
	switch strings.ToLower(key) {
	case "title", "subtitle", "label", "labels", "text", "note", "notes", "name",
		"legend", "unit", "content", "heading", "header", "caption", "description":
		return true
	}
	return false
}

// escapedControl returns the first character of s, the value of a
// double-quoted scalar written as written, that one of YAML's escapes
// starting like a TeX command made (\a of \alpha, \t of \theta, \f of
// \frac, ...): a control character, or a line or paragraph separator; a
// line break only where s holds math ($...$), since "first\nsecond" may be
// meant. A character written as a code (\u2028, \x1b) or typed as it is
// was meant, and is left to the messages that quote it.
func escapedControl(s, written string) (rune, bool) {
	math := strings.Contains(s, "$")
	for _, r := range s {
		if r == '\n' && !math {
			continue
		}
		if name := escapeName(r); name != "" && strings.Contains(written, name[:2]) {
			return r, true
		}
	}
	return 0, false
}

// escapeName names the escape of YAML's double quotes that makes r, with
// the TeX commands that start with it, or "".
func escapeName(r rune) string {
	switch r {
	case '\a':
		return `\a (as in \alpha)`
	case '\b':
		return `\b (as in \beta)`
	case '\t':
		return `\t (as in \theta, \tau, \times)`
	case '\n':
		return `\n (as in \nu, \nabla)`
	case '\v':
		return `\v (as in \varepsilon)`
	case '\f':
		return `\f (as in \frac)`
	case '\r':
		return `\r (as in \rho)`
	case 0x1b:
		return `\e (as in \epsilon, \eta)`
	case 0x85:
		return `\N (as in \Nu)`
	case '\u2028':
		return `\L (as in \Lambda)`
	case '\u2029':
		return `\P (as in \Phi, \Pi, \Psi)`
	}
	return ""
}

// escapeMessage says what the value of key holds: r, and the escape that
// made it.
func escapeMessage(key string, r rune) string {
	what := "this value"
	if key != "" {
		what = "the value of " + diag.Quote(key)
	}
	return fmt.Sprintf("%s holds the control character %U, which YAML's double quotes make of %s: in double quotes a backslash starts an escape, so TeX loses its commands; write the value in single quotes ('$\\alpha_N$'), where a backslash stays a backslash", what, r, escapeName(r))
}
