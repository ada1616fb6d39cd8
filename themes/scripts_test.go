package themes

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// TestChartScripts: the lists of the chart scripts, the bundle's and the
// optional ones, name files of the theme, each once, the layout scripts
// first and in their order; the bundle's name is no theme file's; and
// base.html loads ECharts, then the bundle, then the page's optional
// scripts (.ChartScripts), all deferred, and none of the bundle's scripts
// one by one.
func TestChartScripts(t *testing.T) {
	all := ChartScripts()
	layout := LayoutScripts()
	if !slices.Equal(all[:len(layout)], layout) {
		t.Errorf("ChartScripts %q do not start with LayoutScripts %q", all, layout)
	}
	seen := map[string]bool{}
	for _, name := range append(all, OptionalScripts()...) {
		if seen[name] {
			t.Errorf("%s listed twice", name)
		}
		seen[name] = true
		if _, err := fs.Stat(Default(), "assets/"+name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if BuildOnly["assets/"+name] {
			t.Errorf("%s is build-only, yet the pages run it", name)
		}
	}
	if _, err := fs.Stat(Default(), "assets/"+ChartBundle); err == nil {
		t.Errorf("the theme has a file assets/%s, the name of the bundle the renderer makes", ChartBundle)
	}
	all[0] = "changed.js"
	if ChartScripts()[0] == "changed.js" {
		t.Error("ChartScripts returns the same slice each time")
	}

	base, err := fs.ReadFile(Default(), "layouts/base.html")
	if err != nil {
		t.Fatal(err)
	}
	_, charts, _ := strings.Cut(string(base), "{{- if gt .Charts 0}}")
	charts, _, _ = strings.Cut(charts, "{{- end}}")
	want := "\n<script src=\"{{asset \"echarts.min.js\"}}\" defer></script>\n<script src=\"{{asset \"" + ChartBundle + "\"}}\" defer></script>\n" +
		"{{- range .ChartScripts}}\n<script src=\"{{asset .}}\" defer></script>\n"
	if charts != want {
		t.Errorf("base.html loads, on a page with charts:%s\nwant:%s", charts, want)
	}
}
