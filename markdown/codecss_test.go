package markdown

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/styles"
)

// Code styles: the Chroma styles code.css is made from, for the light and the
// dark scheme.
const (
	LightCodeStyle = "github"
	DarkCodeStyle  = "github-dark"
)

// CodeCSS writes the stylesheet of highlighted code: the colours of Chroma's
// style light, and those of dark under the dark colour scheme. The
// background is left to the theme (its --code-bg), so that highlighted and
// plain blocks look alike. themes/default/assets/code.css is its output
// for LightCodeStyle and DarkCodeStyle (go test ./markdown -run
// TestCodeCSS -update writes it again).
func CodeCSS(w io.Writer, light, dark string) error {
	ls, ds := styles.Get(light), styles.Get(dark)
	if ls.Name != light || ds.Name != dark {
		return fmt.Errorf("chroma has no style %q or %q", light, dark)
	}
	lightRules, darkRules := codeRules(ls), codeRules(ds)
	var b strings.Builder
	fmt.Fprintf(&b, "/* Highlighted code: Chroma's %q style, and %q under the dark scheme.\n", light, dark)
	b.WriteString("   Made by `go test ./markdown -run TestCodeCSS -update`; do not edit. */\n\n")
	b.WriteString(codeLayout)
	for _, r := range lightRules {
		fmt.Fprintf(&b, "%s { %s }\n", r.selector, strings.Join(r.decls, "; "))
	}
	b.WriteString("\n@media (prefers-color-scheme: dark) {\n")
	for _, r := range darkRules {
		decls := r.decls
		// A property the light style sets and the dark one does not would
		// keep its light value: it is set back.
		if i := slices.IndexFunc(lightRules, func(l codeRule) bool { return l.selector == r.selector }); i >= 0 {
			decls = withResets(decls, lightRules[i].decls)
		}
		if len(decls) > 0 {
			fmt.Fprintf(&b, "  %s { %s }\n", r.selector, strings.Join(decls, "; "))
		}
	}
	for _, l := range lightRules {
		if !slices.ContainsFunc(darkRules, func(r codeRule) bool { return r.selector == l.selector }) {
			fmt.Fprintf(&b, "  %s { %s }\n", l.selector, strings.Join(withResets(nil, l.decls), "; "))
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// codeLayout is what every style shares: line numbers (```go {linenos=true})
// that copying leaves out, and highlighted lines (```go {hl_lines=[2]}) the
// width of the block, on the theme's soft accent colour (the styles' own
// grey hides the text of a dark one).
const codeLayout = `.chroma .line { display: flex }
.chroma .hl { background-color: var(--accent-soft, #e8effc) }
.chroma .ln, .chroma .lnt { white-space: pre; user-select: none; margin-right: 0.4em; padding: 0 0.4em }
.chroma .lntable { border-spacing: 0; padding: 0; margin: 0; border: 0 }
.chroma .lntd { vertical-align: top; padding: 0; margin: 0; border: 0 }

`

type codeRule struct {
	selector string
	decls    []string // "color: #cf222e"
}

// codeRules are the rules of one Chroma style: the text colour of the block,
// then each token class that the style sets apart from plain text, in
// Chroma's order of token types. The block's background and that of
// highlighted lines are the theme's (codeLayout).
func codeRules(s *chroma.Style) []codeRule {
	bg := s.Get(chroma.Background)
	var out []codeRule
	if bg.Colour.IsSet() {
		out = append(out, codeRule{".chroma", []string{"color: " + bg.Colour.String()}})
	}
	types := make([]chroma.TokenType, 0, len(chroma.StandardTypes))
	for tt := range chroma.StandardTypes {
		types = append(types, tt)
	}
	slices.Sort(types)
	for _, tt := range types {
		class := chroma.StandardTypes[tt]
		// What a lexer cannot read (the "..." of an example cut short)
		// is shown as plain text, not in the styles' alarming red.
		if class == "" || tt == chroma.Background || tt == chroma.PreWrapper || tt == chroma.LineHighlight || tt == chroma.Error {
			continue
		}
		e := s.Get(tt).Sub(bg)
		if e.IsZero() {
			continue
		}
		css := chromahtml.StyleEntryToCSS(e)
		if css == "" {
			continue
		}
		out = append(out, codeRule{".chroma ." + class, strings.Split(css, "; ")})
	}
	return out
}

// withResets adds to decls a neutral value for each property that light sets
// and decls does not.
func withResets(decls, light []string) []string {
	neutral := map[string]string{
		"color": "inherit", "background-color": "transparent", "font-weight": "inherit",
		"font-style": "inherit", "text-decoration": "none",
	}
	out := slices.Clone(decls)
	for _, l := range light {
		prop, _, _ := strings.Cut(l, ":")
		if slices.ContainsFunc(decls, func(d string) bool { return strings.HasPrefix(d, prop+":") }) {
			continue
		}
		if v, ok := neutral[prop]; ok {
			out = append(out, prop+": "+v)
		}
	}
	return out
}
