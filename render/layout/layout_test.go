package layout

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// minimal is a theme with every kind's layout and a "base" template.
func minimal() map[string][]byte {
	files := map[string][]byte{"layouts/base.html": []byte(`{{define "base"}}<b>{{template "main" .}}</b>{{end}}`)}
	for _, k := range Kinds() {
		files["layouts/"+k+".html"] = []byte(`{{define "main"}}` + k + ` {{.Title}}{{end}}`)
	}
	return files
}

// TestParse: each kind gets its own "main" with the partials, and an error
// names the file it is in, or the file that is missing.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		edit    func(map[string][]byte)
		wantErr string
	}{
		{"complete", func(map[string][]byte) {}, ""},
		{"a kind missing", func(f map[string][]byte) { delete(f, "layouts/tag.html") }, "the theme has no layouts/tag.html"},
		{"no base", func(f map[string][]byte) { delete(f, "layouts/base.html") }, `define no "base" template`},
		{"bad partial", func(f map[string][]byte) { f["layouts/zz.html"] = []byte(`{{if}}`) }, "in layouts/zz.html:"},
		{"bad kind", func(f map[string][]byte) { f["layouts/home.html"] = []byte(`{{end}}`) }, "in layouts/home.html:"},
		{"not a layout", func(f map[string][]byte) { f["assets/x.html"] = []byte(`{{if}}`) }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := minimal()
			tc.edit(files)
			kinds, err := Parse(files, Funcs("/", func(string) (string, bool) { return "", false }),
				func(p string, err error) error { return fmt.Errorf("in %s: %w", p, err) })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range Kinds() {
				var b bytes.Buffer
				if err := kinds[k].ExecuteTemplate(&b, "base", &Page{Title: "<T>"}); err != nil {
					t.Fatal(err)
				}
				if want := "<b>" + k + " &lt;T&gt;</b>"; b.String() != want {
					t.Errorf("%s: %q, want %q", k, b.String(), want)
				}
			}
		})
	}
}

// TestFuncs: the functions a layout calls, at a base path.
func TestFuncs(t *testing.T) {
	asset := func(name string) (string, bool) { return "assets/" + name, name == "site.css" }
	files := minimal()
	files["layouts/page.html"] = []byte(`{{define "main"}}{{url ""}} {{url "/tags/"}} {{tagURL "Scaling Laws"}} {{asset "site.css"}}{{end}}`)
	files["layouts/home.html"] = []byte(`{{define "main"}}{{asset "nope.js"}}{{end}}`)
	kinds, err := Parse(files, Funcs("/repo/", asset), func(p string, err error) error { return err })
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := kinds["page"].ExecuteTemplate(&b, "main", &Page{}); err != nil {
		t.Fatal(err)
	}
	if want := "/repo/ /repo/tags/ /repo/tags/scaling-laws/ /repo/assets/site.css"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	if err := kinds["home"].ExecuteTemplate(&b, "main", &Page{}); err == nil || !strings.Contains(err.Error(), `the theme has no asset "nope.js"`) {
		t.Errorf("a missing asset: error %v", err)
	}
}
