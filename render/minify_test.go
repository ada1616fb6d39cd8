package render

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/themes"
)

// TestMinifyAsset: scripts and stylesheets are shipped minified, keeping the
// names other scripts read (globals, properties); files already minified and
// other kinds pass through byte for byte; a file that cannot be read is an
// error naming it, its line and column.
func TestMinifyAsset(t *testing.T) {
	cases := []struct {
		file, in   string
		want       string // "" when the output must equal in
		keep, gone []string
		err        string
	}{
		{file: "t/assets/a.js", in: "// a comment\n(function () {\n  var longLocalName = 40 + 2;\n  window.scalesiteThing = { answer: longLocalName };\n})();\n",
			keep: []string{"window.scalesiteThing", "answer:"}, gone: []string{"a comment", "longLocalName", "\n  "}},
		{file: "t/assets/a.css", in: "/* colours */\nbody {\n  color: #ff0000;\n}\n@media (prefers-color-scheme: dark) {\n  body { color: #ffffff; }\n}\n",
			keep: []string{"prefers-color-scheme:dark", "body{color:"}, gone: []string{"colours", "\n  "}},
		{file: "t/assets/lib.min.js", in: "var  a = 1 ;  // kept as is\n"},
		{file: "t/assets/icon.svg", in: "<svg>  <!-- kept --> </svg>\n"},
		{file: "t/assets/bad.js", in: "var ok = 1;\nfunction (\n", err: "t/assets/bad.js:2:10: the theme's script cannot be read"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			out, err := minifyAsset(c.file, []byte(c.in))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.keep == nil && string(out) != c.in {
				t.Fatalf("changed a file it should pass through:\n%q", out)
			}
			for _, s := range c.keep {
				if !strings.Contains(string(out), s) {
					t.Errorf("output lost %q:\n%s", s, out)
				}
			}
			for _, s := range c.gone {
				if strings.Contains(string(out), s) {
					t.Errorf("output still has %q:\n%s", s, out)
				}
			}
		})
	}
}

// TestBuiltinThemeMinified: every script and stylesheet of the built-in
// theme is shipped smaller than written, and a site's own theme file is
// minified too, while a syntax error in it names the site's file.
func TestBuiltinThemeMinified(t *testing.T) {
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range th.assets {
		if strings.HasSuffix(name, ".min.js") || !(strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".css")) || name == themes.ChartBundle {
			continue // the bundle is made of the scripts checked here (TestChartBundle)
		}
		src, err := fs.ReadFile(themes.Default(), "assets/"+name)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Data) >= len(src)*9/10 {
			t.Errorf("%s: shipped %d bytes of %d written: not minified", name, len(a.Data), len(src))
		}
	}
	bad := writeSite(t, map[string]string{"assets/extra.js": "let x = ;\n"})
	_, err = loadTheme(themes.Default(), os.DirFS(bad), bad, "/")
	if err == nil || !strings.Contains(err.Error(), bad+"/assets/extra.js:1:9") {
		t.Errorf("err = %v, want it to name %s/assets/extra.js:1:9", err, bad)
	}
}

// TestPremadeMinified: render/minified holds each script and stylesheet
// of the built-in theme that a build publishes, as esbuild minifies it
// now, named for the content it was made from, and nothing else; -update
// rewrites the folder (make golden). A stale folder costs no correctness
// (a file not found in it is minified as the build runs) but the time it
// is there to save.
func TestPremadeMinified(t *testing.T) {
	want := map[string][]byte{}
	err := fs.WalkDir(themes.Default(), "assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.HasPrefix(d.Name(), ".") || themes.BuildOnly[p] {
			return err
		}
		loader, ok := minifyLoader(p)
		if !ok {
			return nil
		}
		b, err := fs.ReadFile(themes.Default(), p)
		if err != nil {
			return err
		}
		m, err := esbuildMinify(themeFile("", p), b, loader)
		want[premadeName(themeFile("", p), b)] = m
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 10 {
		t.Fatalf("only %d scripts and stylesheets in the built-in theme", len(want))
	}
	if *update {
		old, err := os.ReadDir("minified")
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range old {
			if err := os.Remove(filepath.Join("minified", e.Name())); err != nil {
				t.Fatal(err)
			}
		}
		for name, b := range want {
			if err := os.WriteFile(filepath.Join("minified", name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	const fix = "run go test ./render -run TestPremadeMinified -update"
	got, err := fs.ReadDir(premade, "minified")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range got {
		if _, ok := want[e.Name()]; !ok {
			t.Errorf("render/minified/%s is no built-in theme file's: %s", e.Name(), fix)
		}
	}
	for name, w := range want {
		b, err := premade.ReadFile("minified/" + name)
		if err != nil {
			t.Errorf("render/minified lacks %s, a built-in theme file minified: %s", name, fix)
		} else if !bytes.Equal(b, w) {
			t.Errorf("render/minified/%s is not what esbuild makes of its file now: %s", name, fix)
		}
	}
}

// BenchmarkLoadTheme: reading the built-in theme, as every build does
// once: minifying its scripts and stylesheets was most of it.
func BenchmarkLoadTheme(b *testing.B) {
	for b.Loop() {
		if _, err := loadTheme(themes.Default(), nil, "", "/"); err != nil {
			b.Fatal(err)
		}
	}
}
