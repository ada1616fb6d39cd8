package render

import (
	"os"
	"strings"
	"testing"

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
