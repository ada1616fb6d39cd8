package render

import (
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/themes"
)

// TestChartBundle: the page's one chart script file is the theme's chart
// scripts, each as minified, in their order; a site's theme that overrides
// one of them changes the bundle and its name; and a site's file named as
// the bundle is refused, naming it.
func TestChartBundle(t *testing.T) {
	builtin, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, name := range themes.ChartScripts() {
		want.Write(builtin.assets[name].Data)
	}
	b := builtin.assets[themes.ChartBundle]
	if string(b.Data) != want.String() {
		t.Errorf("the bundle (%d B) is not the chart scripts joined in order (%d B)", len(b.Data), want.Len())
	}
	if b.Path != hashedName("assets/"+themes.ChartBundle, b.Data) || !strings.HasPrefix(b.Path, "assets/charts.") {
		t.Errorf("bundle path %q, want assets/charts.<hash of its content>.js", b.Path)
	}

	tests := []struct {
		name  string
		files map[string]string
		mark  string // what the bundle then holds
		err   string // "" for none
	}{
		{"a script overridden", map[string]string{"assets/ticks.js": "window.scalesiteTicksMine = 1;\n"}, "window.scalesiteTicksMine=1;", ""},
		{"the last script overridden, without a newline", map[string]string{"assets/export.js": "window.scalesiteExportMine = 2"}, "window.scalesiteExportMine=2;\n", ""},
		{"a file named as the bundle", map[string]string{"assets/charts.js": "var x = 1;\n"}, "", "assets/charts.js is the name of the file scalesite makes"},
	}
	for _, tt := range tests {
		dir := writeSite(t, tt.files)
		th, err := loadTheme(themes.Default(), os.DirFS(dir), dir, "/")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), dir) {
				t.Errorf("%s: err = %v, want %q naming %s", tt.name, err, tt.err, dir)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		got := th.assets[themes.ChartBundle]
		if got.Path == b.Path {
			t.Errorf("%s: the bundle keeps its name %s", tt.name, got.Path)
		}
		if !strings.Contains(string(got.Data), tt.mark) {
			t.Errorf("%s: the bundle lacks the site's script (%q)", tt.name, tt.mark)
		}
		if !strings.HasSuffix(string(got.Data), "\n") {
			t.Errorf("%s: the bundle does not end in a newline", tt.name)
		}
		if !strings.Contains(string(got.Data), string(builtin.assets["site.js"].Data)) {
			t.Errorf("%s: the bundle lost the built-in site.js", tt.name)
		}
	}
}

// TestPageChartScripts: a page, the home page too, loads the optional
// chart scripts its charts need (chart.Scripts) after the bundle, each
// once, and a page whose charts need none loads ECharts and the bundle
// alone.
func TestPageChartScripts(t *testing.T) {
	smoothed := "```chart\ndata: data/log.csv\nx: step\ny: loss\ntype: line\nsmooth: {ema: 0.9}\n```\n"
	plain := "```chart\ndata: data/log.csv\nx: step\ny: loss\ntype: line\n```\n"
	s, files := renderFiles(t, map[string]string{
		"scalesite.yaml":         "title: Lab\nstaticFigures: false\n",
		"data/log.csv":           "step,loss\n1,4\n2,3.5\n3,3.2\n4,3.1\n",
		"content/index.md":       "Home.\n\n" + smoothed,
		"content/runs/index.md":  "---\ntitle: Runs\n---\n" + plain + smoothed + smoothed,
		"content/plain/index.md": "---\ntitle: Plain\n---\n" + plain,
		"content/prose/index.md": "---\ntitle: Prose\n---\nNo chart.\n",
	})
	th, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	src := func(name string) string { return `<script src="/` + th.assets[name].Path + `" defer></script>` }
	bundle := src("echarts.min.js") + "\n" + src(themes.ChartBundle)
	smooth := bundle + "\n" + src(themes.SmoothScript)
	scriptsRe := regexp.MustCompile(`<script src="[^"]*" defer></script>(\n<script src="[^"]*" defer></script>)*`)
	for _, tt := range []struct {
		path, want string
	}{
		{"index.html", smooth},
		{"runs/index.html", smooth},
		{"plain/index.html", bundle},
		{"prose/index.html", ""},
	} {
		head, _, _ := strings.Cut(files[tt.path], "</head>")
		if got := scriptsRe.FindString(head); got != tt.want {
			t.Errorf("%s loads:\n%s\nwant:\n%s", tt.path, got, tt.want)
		}
	}
	// the rule is chart.Scripts' (a page loads those of its charts)
	for _, p := range s.Pages {
		var want []string
		for _, c := range s.Body(p).Charts {
			want = append(want, chart.Scripts(c.Spec)...)
		}
		slices.Sort(want)
		if got := chartScripts(s.Body(p).Charts); !slices.Equal(got, slices.Compact(want)) {
			t.Errorf("%s: chartScripts = %q, want %q", p.Slug, got, want)
		}
	}
}

// TestBundleForOwnBase: a site's own base.html that does not load the
// page's optional chart scripts (.ChartScripts), as one written before
// they left the bundle, gets them in the bundle, so that its smoothed
// charts keep their control; one that loads them, and the built-in one,
// do not.
func TestBundleForOwnBase(t *testing.T) {
	builtin, err := loadTheme(themes.Default(), nil, "", "/")
	if err != nil {
		t.Fatal(err)
	}
	base, err := fs.ReadFile(themes.Default(), "layouts/base.html")
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`(?s)\{\{- range \.ChartScripts\}\}.*?\{\{- end\}\}`).ReplaceAllString(string(base), "")
	if old == string(base) {
		t.Fatal("the built-in base.html does not load .ChartScripts")
	}
	smooth := string(builtin.assets[themes.SmoothScript].Data)
	for _, tt := range []struct {
		name    string
		base    string // "" for the built-in one
		bundled bool
	}{
		{"built-in", "", false},
		{"its own, loading them", string(base) + "{{/* mine */}}", false},
		{"its own, not loading them", old, true},
	} {
		th := builtin
		if tt.base != "" {
			dir := writeSite(t, map[string]string{"layouts/base.html": tt.base})
			if th, err = loadTheme(themes.Default(), os.DirFS(dir), dir, "/"); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		if got := strings.Contains(string(th.assets[themes.ChartBundle].Data), smooth); got != tt.bundled {
			t.Errorf("%s base.html: %s in the bundle: %v, want %v", tt.name, themes.SmoothScript, got, tt.bundled)
		}
	}
}
