package render

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/themes"
)

// TestMissingBundle: a binary built without the ECharts bundle (a plain
// `go install`) says how to get it instead of writing a site whose charts
// cannot load.
func TestMissingBundle(t *testing.T) {
	without := fstest.MapFS{}
	err := fs.WalkDir(themes.Default(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "assets/"+EChartsAsset {
			return err
		}
		b, err := fs.ReadFile(themes.Default(), p)
		without[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = loadTheme(without, nil, "", "/")
	if err == nil || !strings.Contains(err.Error(), "built without the ECharts library") || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("err = %v, want the message that the bundle is missing and how to build it", err)
	}
	if _, err := loadTheme(themes.Default(), nil, "", "/"); err != nil {
		t.Fatalf("with the bundle: %v", err)
	}
}

// TestThemeOverride: a site's theme replaces built-in files one by one, and
// a template error names the site's file.
func TestThemeOverride(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"layouts/page.html": `{{define "main"}}<p class="mine">{{.Title}}</p>{{end}}`,
		"assets/site.css":   "body{color:red}",
	})
	th, err := loadTheme(themes.Default(), os.DirFS(dir), dir, "/")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(th.assets["site.css"].Data)) != "body{color:red}" || th.assets["site.js"].Data == nil {
		t.Errorf("site.css not replaced, or site.js lost")
	}
	out, err := th.execute("page", &layout.Page{Site: &layout.Site{}, Kind: "page", Title: "T"})
	if err != nil || !strings.Contains(string(out), `<p class="mine">T</p>`) {
		t.Errorf("page layout not replaced: %v\n%s", err, out)
	}
	bad := writeSite(t, map[string]string{"layouts/page.html": `{{define "main"}}{{.Title}{{end}}`})
	if _, err := loadTheme(themes.Default(), os.DirFS(bad), bad, "/"); err == nil || !strings.Contains(err.Error(), "layouts/page.html") || !strings.Contains(err.Error(), bad) {
		t.Errorf("template error %v, want it to name %s/layouts/page.html", err, bad)
	}
}

// TestBuildOnlyAssetsUnpublished: the theme's build-only scripts
// (themes.BuildOnly: scene.js, which draws the static figure at build time,
// and medium.js, its layout for cards and paper figures)
// are not published with the assets the pages load.
func TestBuildOnlyAssetsUnpublished(t *testing.T) {
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	for p := range themes.BuildOnly {
		if _, err := fs.Stat(themes.Default(), p); err != nil {
			t.Errorf("build-only %s is not in the theme: %v", p, err)
		}
		if a, ok := th.assets[strings.TrimPrefix(p, "assets/")]; ok {
			t.Errorf("build-only %s is published as %s", p, a.Path)
		}
	}
}
