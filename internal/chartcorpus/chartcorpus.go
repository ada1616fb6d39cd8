// Package chartcorpus holds the charts the tests of chart and render share:
// specs that between them set every option the renderer writes, charts whose
// every text is hostile, a small site with charts to export, and the demo
// site at the root of the repository.
package chartcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// Hostile is a title, label or series name that tries to leave the JSON
// and the script element, and holds what JSON and JavaScript disagree on.
const Hostile = "</script><script>alert(1)</script><!-- \u2028\u2029 & \"q\" 'a' \\ \x01 -->"

// Specs are chart specs that between them set every option the
// renderer writes: panels, fits, frontiers, marks, intervals, styles,
// units, legends, dense and labelled data, and hostile text.
var Specs = []string{
	"data: |\n  compute,loss\n  1,4\n  10,2\n  100,1\n  1000,0.5\nx: {field: compute, scale: log}\ny: {field: loss, scale: log}\nfit: powerlaw\nfrontier: min\n",
	`data: |
  flops,loss
  1e20,2.6
  1e21,2.4
  1e22,2.2
x: {field: flops, scale: log}
y: {field: loss}
hlines: [2.5, {y: 2.1, label: "irreducible"}]
vlines: [{x: 1e24, label: "GPT-4 budget"}]
bands: [{y: [2.3, 2.35], label: "noise"}, {x: [3e20, 3e21]}]
annotations:
  - {x: 1e23, y: 2.1, text: "Chinchilla", arrow: true}
  - {x: 1e21, y: 2.45, text: "a note", position: right}
`,
	`data: |
  x,y
  1,2
  2,3
x: x
y: y
hlines: [2.5]
panels:
  - {title: A}
  - {title: B, hlines: []}
  - {title: C, y: {field: y, scale: log}, hlines: [{y: 100, label: hundred}]}
`,
	`type: scatter
data: |
  model,params,acc,sd
  a,1e8,0.26,0.015
  b,1e9,0.31,
  c,1e10,0.45,0.03
x: {field: params, scale: log}
y: {field: acc, err: sd, scale: log}
series: model
`,
	`data: |
  step,loss,lo,hi,flo,fhi
  1,3.0,2.9,3.1,0.9,1.1
  2,2.8,2.7,2.9,,
  3,2.7,,,,
  4,2.6,2.5,2.7,,
  5,2.5,2.45,2.55,,
x: {field: step, low: flo, high: fhi}
y: {field: loss, low: lo, high: hi}
`,
	`data: |
  run,x,y
  observed,1,2
  observed,2,3
  fit,1,2.1
  fit,2,2.9
  other,1,1
  other,2,1.5
series: run
x: x
y: y
style:
  observed: {draw: points, marker: square}
  fit: {dash: dotted, width: 1.5, color: "#555555"}
order: [fit, other]
`,
	`type: scatter
data: |
  run,x,y
  obs,1,2
  obs,2,3
  curve,1,2.1
  curve,2,2.9
series: run
x: x
y: y
style: {curve: {draw: line}}
`,
	`data: |
  run,x,y
  a,1,2
  b,1,3
series: run
x: x
y: y
colors: [red, red]
style: {a: {marker: rect}}
`,
	"type: scatter\ndata: |\n  model,n,compute,t\n  a,70M,1e20,12\n  b,1.4B,1e21,30\n" +
		"x: {field: compute, unit: FLOPs}\ny: {field: t, title: Step time, unit: ms}\n" +
		"panels:\n  - {title: A}\n  - {title: B, x: {field: n, title: Parameters, unit: ~}}\n  - {title: C, x: {title: Training FLOPs}}\n",
	`title: Observed and fitted
subtitle: A subtitle
legend: {title: Model size}
data: |
  size,flops,loss
  70M,1e18,3.9
  70M,1e19,3.5
  70M,1e20,3.3
  70M,1e21,3.2
  1.4B,1e19,3.2
  1.4B,1e20,2.9
  1.4B,1e21,2.7
  1.4B,1e22,2.6
x: {field: flops, scale: log, title: Compute, unit: FLOPs}
y: {field: loss, title: Loss}
series: size
fit: {type: powerlaw+c, extrapolate: 1e23}
frontier: min
`,
	`title: Budgets
data: |
  budget,params,loss
  6e18,1e7,4
  6e18,1e8,3.5
  6e18,1e9,3.8
  1e19,1e7,3.9
  1e19,1e8,3.3
  1e19,1e9,3.4
  3e21,1e8,2.8
  3e21,1e9,2.5
x: {field: params, scale: log}
y: loss
series: budget
columns: 2
height: 300
panels:
  - {title: Small}
  - {title: Large, type: scatter}
`,
}

// ExportSite has a log-x line chart of two series with labels and a gap, a
// linear scatter whose names are markup, and a chart on the home page.
var ExportSite = map[string]string{
	"scalesite.yaml":   "title: Lab\n",
	"content/index.md": "---\ntitle: Lab\n---\n```chart\ntype: scatter\ndata: data/home.csv\nx: a\ny: b\n```\n",
	"data/home.csv":    "a,b\n1,2\n3,4\n",
	"content/runs.md": "---\ntitle: Runs\n---\n" +
		"```chart\ntitle: Loss\ndata: runs.csv\nx: {field: flops, scale: log}\ny: loss\nseries: model\nlabel: note\n```\n\n" +
		"```chart\ntype: scatter\ntitle: \"<b>Evil</b>\"\ndata: evil.csv\nx: n\ny: v\nseries: name\n```\n",
	"content/runs.csv": "model,flops,loss,note\n" +
		"small,1e18,3.5,\n" +
		"small,1e19,,\n" + // a gap: the line breaks here
		"small,1e20,2.75,\"best, so far\"\n" +
		"\"big \"\"one\"\"\",1e19,3.25,\n" +
		"\"big \"\"one\"\"\",1e21,2.5,last\n",
	"content/evil.csv": "name,n,v\n" +
		"\"</script><script>alert(1)</script>\",1,2\n" +
		"\"<img src=x onerror=alert(2)>\",2,3\n",
}

// Charts loads every chart the equivalence tests compare: the demo site's
// (at root), a synthetic site's, ExportSite's and Specs', and charts whose
// every text is hostile. They are loaded once per test binary (loading
// them costs a few hundred milliseconds of CPU, and a package's tests ask
// for them a dozen times); each call returns a new slice of the same
// charts, which no test may change.
func Charts(t testing.TB, root string) []*site.Chart {
	t.Helper()
	key, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	loaded.Lock()
	defer loaded.Unlock()
	if charts, ok := loaded.charts[key]; ok {
		return slices.Clone(charts)
	}
	charts := loadCharts(t, root)
	if loaded.charts == nil {
		loaded.charts = map[string][]*site.Chart{}
	}
	loaded.charts[key] = charts
	return slices.Clone(charts)
}

// loaded holds what Charts loaded, by the demo site's absolute path: the
// charts are values in memory, their sites' temporary folders gone.
var loaded struct {
	sync.Mutex
	charts map[string][]*site.Chart
}

// loadCharts loads the charts Charts returns, writing the sites other
// than the demo into a temporary folder that it removes after.
func loadCharts(t testing.TB, root string) []*site.Chart {
	t.Helper()
	tmp, err := os.MkdirTemp("", "scalesite-chartcorpus-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	var out []*site.Chart
	add := func(s *site.Site) {
		if s.Home != nil {
			out = append(out, s.Body(s.Home).Charts...)
		}
		for _, p := range s.Pages {
			out = append(out, s.Body(p).Charts...)
		}
	}
	load := func(dir string) {
		s, err := site.Load(dir, site.Options{})
		if err != nil {
			t.Fatal(err)
		}
		add(s)
	}
	add(LoadDemo(t, root))
	synthetic := filepath.Join(tmp, "synthetic")
	synth.Write(t, synthetic, 3, 200)
	load(synthetic)
	export := filepath.Join(tmp, "export")
	sitetest.Write(t, export, ExportSite)
	load(export)
	files := map[string]string{}
	for i, spec := range append(Specs, HostileSpecs()...) {
		files[fmt.Sprintf("content/c%02d.md", i)] = "---\ntitle: Chart\n---\n```chart\n" + spec + "```\n"
	}
	specs := filepath.Join(tmp, "specs")
	sitetest.Write(t, specs, files)
	load(specs)
	return out
}

// HostileSpecs are charts whose title, subtitle, axis titles, units,
// series names, labels, panel titles, legend title and marks all hold the
// hostile string.
func HostileSpecs() []string {
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	h := q(Hostile)
	csv := func(s string) string {
		return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `"`, `""`), "\x01", "") + `"`
	}
	return []string{
		"type: scatter\ntitle: " + h + "\nsubtitle: " + h + "\nlegend: {title: " + h + "}\n" +
			"data: |\n  name,series,x,y\n  " + csv(Hostile) + "," + csv(Hostile) + ",1,2\n  b,s & t,2,3\n" +
			"x: {field: x, title: " + h + ", unit: \"<&\u2028>\"}\ny: {field: y, title: " + h + "}\nseries: series\nlabel: name\n" +
			"hlines: [{y: 2.5, label: " + h + "}]\nannotations:\n  - {x: 1.5, y: 2.5, text: " + h + "}\n",
		"title: " + h + "\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\npanels:\n  - {title: " + h + "}\n  - {title: ok}\n",
	}
}

// LoadDemo loads the demo site at root, the root of the repository.
func LoadDemo(t testing.TB, root string) *site.Site {
	t.Helper()
	s, err := site.Load(filepath.Join(root, ""), site.Options{})
	if err != nil {
		t.Fatalf("loading the demo site: %v", err)
	}
	return s
}

// FirstDiff describes the first line where got and want differ, or is "".
func FirstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return ""
}
