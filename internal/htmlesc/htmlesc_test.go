package htmlesc

import (
	"encoding/json"
	"html/template"
	"math/rand/v2"
	"strings"
	"testing"
)

// pieces are odd bits of text: markup, quotes, URL schemes and escapes,
// NUL, non-characters, invalid UTF-8, line separators.
var pieces = []string{"", "a", "Z9", " ", "<", ">", "&", `"`, "'", "+", "\x00", ":", "/", "#", "%", "%4", "%41", "%zz", "?", "=",
	"javascript:", "JavaScript:", "http:", "HTTPS:", "mailto:", "data:", "//x", "é", "“", "\u2028", "\ufdd0", "\uffff", "\xff", "</script>",
	"<!--", "-->", "{{.}}", "!$*,;@[]", "-._~", "\t\n"}

// TestMatchesTemplate: every function writes what html/template writes for
// the same string in the place the function names.
func TestMatchesTemplate(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p><a href="{{.}}">x</a><a href="#{{.}}">y</a>`))
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		var sb strings.Builder
		for range rng.IntN(8) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := sb.String()
		if i == 0 {
			s = strings.Join(pieces, "")
		}
		var want strings.Builder
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		text := string(Append(nil, s))
		var w strings.Builder
		Write(&w, s)
		if w.String() != text || string(Append(nil, []byte(s))) != text {
			t.Fatalf("%q: Write, Append of a string and of bytes disagree", s)
		}
		got := `<p title="` + text + `">` + text + `</p><a href="` + string(AppendURL(nil, s)) + `">x</a><a href="#` + string(AppendURLPart(nil, s)) + `">y</a>`
		if got != want.String() {
			t.Fatalf("%q:\n got %s\nwant %s", s, got, want.String())
		}
		var e strings.Builder
		WriteEscapeString(&e, s)
		if e.String() != template.HTMLEscapeString(s) {
			t.Fatalf("%q: WriteEscapeString %q, HTMLEscapeString %q", s, e.String(), template.HTMLEscapeString(s))
		}
	}
}

// stringer is a value html/template's jsValEscaper writes by its String.
type stringer struct{ s string }

func (s stringer) String() string { return s.s }

// TestAppendJSValue: AppendJSValue writes what html/template writes for a
// value in a script element: a template.JS as it is, and any other value
// as JSON (a map, a string that tries to close the element, a number, nil,
// a Stringer, a json.RawMessage, a value JSON cannot encode).
func TestAppendJSValue(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<script type="application/json">{{.}}</script>`))
	for _, v := range []any{
		template.JS(`{"a":1,"b":"</script>"}`), template.JS(""), map[string]any{"scalesite": true, "t": "</script>\u2028&"},
		"</script><!--", 42, -1.5, nil, stringer{"x<y"}, json.RawMessage(`{"r":1}`), make(chan int), []int{1, 2},
	} {
		var want strings.Builder
		if err := tmpl.Execute(&want, v); err != nil {
			t.Fatal(err)
		}
		got := `<script type="application/json">` + string(AppendJSValue([]byte{}, v)) + `</script>`
		if got != want.String() {
			t.Errorf("%#v:\n got %s\nwant %s", v, got, want.String())
		}
	}
}
