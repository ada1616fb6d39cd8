package fastlayout_test

import (
	"bytes"
	"io/fs"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/render"
	"github.com/scalesite/scalesite/render/fastlayout"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/themes"
)

// TestDemoSameBytes: the demo site rendered with the Go writers is, file
// for file, the demo rendered by html/template. The templates run under a
// site theme whose layouts are the built-in ones with a template that
// writes nothing ({{if false}}{{end}}) at the start of each: another
// fingerprint, so no writer is used, and the same bytes.
func TestDemoSameBytes(t *testing.T) {
	s := chartcorpus.LoadDemo(t, "../..")
	s.Config.StaticFigures = false // drawn alike either way, and slow
	fast, err := render.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	define := regexp.MustCompile(`\{\{define "[^"]+" -\}\}`)
	over := fstest.MapFS{}
	files := map[string][]byte{}
	err = fs.WalkDir(themes.Default(), "layouts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(themes.Default(), p)
		b = define.ReplaceAll(b, []byte("$0{{if false}}{{end -}}"))
		over[p], files[p] = &fstest.MapFile{Data: b}, b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	kinds, err := layout.Parse(files, layout.Funcs("/", func(string) (string, bool) { return "", true }), func(p string, err error) error { return err })
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range [][2]string{{"base", "base"}, {"main", "page"}, {"page-list", "page-list"}, {"pager", "pager"}, {"chart", "chart"}} {
		if fastlayout.Fingerprint(kinds["home"], x[0]) == fastlayout.Mirrors(x[1]) && x[1] != "page" ||
			fastlayout.Fingerprint(kinds["page"], x[0]) == fastlayout.Mirrors(x[1]) {
			t.Fatalf("the theme's %q has the built-in fingerprint: its Go writer would be used", x[0])
		}
	}
	s.Theme, s.ThemeDir = over, "themes/same"
	slow, err := render.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	for _, f := range slow.Files {
		want[f.Path] = f.Data
	}
	pages := 0
	for _, f := range fast.Files {
		w, ok := want[f.Path]
		if !ok {
			t.Errorf("%s: written with the Go writers only", f.Path)
			continue
		}
		if !bytes.Equal(f.Data, w) {
			t.Errorf("%s: the Go writers differ from the templates:\n%s", f.Path, chartcorpus.FirstDiff(f.Data, w))
		}
		if bytes.HasPrefix(f.Data, []byte("<!DOCTYPE html>")) {
			pages++
		}
		delete(want, f.Path)
	}
	for p := range want {
		t.Errorf("%s: written by the templates only", p)
	}
	if pages < 10 {
		t.Errorf("%d pages compared, want the demo's every page", pages)
	}
}
