package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// hostile is a title, label or series name that tries to leave the JSON
// and the script element, and holds what JSON and JavaScript disagree on.
const hostile = "</script><script>alert(1)</script><!-- \u2028\u2029 & \"q\" 'a' \\ \x01 -->"

// chartCorpus are chart specs that between them set every option the
// renderer writes: panels, fits, frontiers, marks, intervals, styles,
// units, legends, dense and labelled data, and hostile text.
var chartCorpus = []string{
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

// corpusCharts loads every chart the equivalence tests compare: the demo
// site's, a synthetic site's, the export test site's and the corpus', and
// charts whose every text is hostile.
func corpusCharts(t testing.TB) []*site.Chart {
	t.Helper()
	var out []*site.Chart
	add := func(s *site.Site) {
		if s.Home != nil {
			out = append(out, s.Home.Charts...)
		}
		for _, p := range s.Pages {
			out = append(out, p.Charts...)
		}
	}
	add(loadDemo(t))
	dir := t.TempDir()
	synth.Write(t, dir, 3, 200)
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	add(s)
	s, err = site.Load(sitetest.New(t, exportSite), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	add(s)
	files := map[string]string{}
	for i, spec := range append(chartCorpus, hostileSpecs()...) {
		files[fmt.Sprintf("content/c%02d.md", i)] = "---\ntitle: Chart\n---\n```chart\n" + spec + "```\n"
	}
	s, err = site.Load(sitetest.New(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	add(s)
	return out
}

// hostileSpecs are charts whose title, subtitle, axis titles, units,
// series names, labels, panel titles, legend title and marks all hold the
// hostile string.
func hostileSpecs() []string {
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	h := q(hostile)
	csv := func(s string) string {
		return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `"`, `""`), "\x01", "") + `"`
	}
	return []string{
		"type: scatter\ntitle: " + h + "\nsubtitle: " + h + "\nlegend: {title: " + h + "}\n" +
			"data: |\n  name,series,x,y\n  " + csv(hostile) + "," + csv(hostile) + ",1,2\n  b,s & t,2,3\n" +
			"x: {field: x, title: " + h + ", unit: \"<&\u2028>\"}\ny: {field: y, title: " + h + "}\nseries: series\nlabel: name\n" +
			"hlines: [{y: 2.5, label: " + h + "}]\nannotations:\n  - {x: 1.5, y: 2.5, text: " + h + "}\n",
		"title: " + h + "\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\npanels:\n  - {title: " + h + "}\n  - {title: ok}\n",
	}
}

// refVisitor writes an option as go-echarts and encoding/json write it:
// the reference the hand-written JSON must match.
type refVisitor struct {
	charts.BaseConfigurationVisitor
	o *echartsOption
}

func (v refVisitor) VisitTitleOpt(opts.Title) any { return v.o.titles }

func (refVisitor) VisitTooltipOpt(t opts.Tooltip) any { return tooltipJSON{t, true} }

func (v refVisitor) VisitXAxis(xs []opts.XAxis) any {
	out := make([]xAxisJSON, len(xs))
	for i, x := range xs {
		out[i] = xAxisJSON{x, scaleMark{i < len(v.o.ex.logX) && v.o.ex.logX[i], markUnit(v.o.ex.unitX, i, x.Name)}}
	}
	return out
}

func (v refVisitor) VisitYAxis(ys []opts.YAxis) any {
	out := make([]yAxisJSON, len(ys))
	for i, y := range ys {
		out[i] = yAxisJSON{y, scaleMark{i < len(v.o.ex.logY) && v.o.ex.logY[i], markUnit(v.o.ex.unitY, i, y.Name)}}
	}
	return out
}

func (v refVisitor) VisitSeriesOpt(ss charts.MultiSeries) any {
	out := make([]any, len(ss))
	own := false
	for i, s := range ss {
		var ex seriesExtra
		if i < len(v.o.ex.series) {
			ex = v.o.ex.series[i]
		}
		out[i] = newSeriesJSON(s, ex)
		if ex.own != nil {
			out[i], own = ex.own, true
		}
	}
	if !own { // as a []seriesJSON, which encodes the same
		typed := make([]seriesJSON, len(out))
		for i := range out {
			typed[i] = out[i].(seriesJSON)
		}
		return typed
	}
	return out
}

func (refVisitor) VisitDataZooms(zs []opts.DataZoom) any {
	out := make([]zoomJSON, len(zs))
	for i, z := range zs {
		out[i] = newZoomJSON(z)
	}
	return out
}

func (v refVisitor) Visit(m map[string]any) {
	m["backgroundColor"] = "transparent"
	m["animation"] = false
	m["scalesite"] = v.o.ex.meta
}

// referenceJSON writes o through a go-echarts chart and encoding/json, as
// the renderer did before it wrote options itself.
func referenceJSON(t testing.TB, o *echartsOption) []byte {
	t.Helper()
	ch := charts.NewScatter()
	ch.SetGlobalOptions(
		charts.WithLegendOpts(o.legend), charts.WithToolboxOpts(o.toolbox),
		charts.WithAriaOpts(o.aria), charts.WithTooltipOpts(o.tooltip),
	)
	ch.XAxisList, ch.YAxisList = o.xAxes, o.yAxes
	ch.GridList, ch.DataZoomList, ch.MultiSeries = o.grids, o.zooms, o.series
	ch.Accept(refVisitor{o: o})
	b, err := json.Marshal(ch.JSON())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOptionJSONMatchesEncodingJSON: the option chartOption writes is, byte
// for byte, what go-echarts and encoding/json write for the same values.
func TestOptionJSONMatchesEncodingJSON(t *testing.T) {
	for _, c := range corpusCharts(t) {
		alt := altText(c)
		want := referenceJSON(t, buildOption(c, alt))
		got := buildOption(c, alt).write()
		if string(got.text) != string(want) {
			t.Errorf("%s: the option differs from encoding/json's:\n%s", c.ID, firstDiff(bytes.ReplaceAll(got.text, []byte(","), []byte(",\n")), bytes.ReplaceAll(want, []byte(","), []byte(",\n"))))
			continue
		}
		// Through the map, as a site's own chart.html encodes it.
		m, err := json.Marshal(chartOption(c, alt))
		if err != nil || string(m) != string(want) {
			t.Errorf("%s: json.Marshal(chartOption) differs (%v)", c.ID, err)
		}
	}
}

// TestSiteChartTemplate: a site's own layouts/chart.html gets the same
// fields, and {{.Option}} there encodes the same option as the built-in
// template writes, escaped for the script element.
func TestSiteChartTemplate(t *testing.T) {
	chartMD := "---\ntitle: Mine\n---\n```chart\ntype: scatter\ntitle: " + strconv.Quote(hostile) + "\ndata: |\n  name,x,y\n  \"" +
		strings.ReplaceAll(strings.ReplaceAll(hostile, `"`, `""`), "\x01", "") + "\",1,2\n  b,2,3\nx: x\ny: y\nlabel: name\n```\n"
	mine := `{{define "chart"}}<div class="mine" id="{{.ID}}" data-h="{{.Height}}" title="{{.Title}}" data-csv="{{.CSV}}" data-rows="{{.Rows}}">` +
		`<script type="application/json" class="scalesite-option" data-chart="{{.ID}}">{{.Option}}</script></div>{{end}}`
	_, files := renderFiles(t, map[string]string{
		"scalesite.yaml":                 "title: Lab\ntheme: mine\n",
		"themes/mine/layouts/chart.html": mine,
		"content/c.md":                   chartMD,
	})
	_, builtin := renderFiles(t, map[string]string{"scalesite.yaml": "title: Lab\n", "content/c.md": chartMD})
	option := func(page string) string {
		_, rest, ok := strings.Cut(page, `class="scalesite-option" data-chart="chart-c-1">`)
		body, _, ok2 := strings.Cut(rest, "</script>")
		if !ok || !ok2 {
			t.Fatalf("no option in\n%s", page)
		}
		return body
	}
	page := files["c/index.html"]
	if !strings.Contains(page, `<div class="mine" id="chart-c-1" data-h="440"`) || !strings.Contains(page, `data-csv="chart-c-1.csv" data-rows="2"`) {
		t.Errorf("the site's chart template was not used as written:\n%s", page)
	}
	got, want := option(page), option(builtin["c/index.html"])
	if got != want {
		t.Errorf("the site's {{.Option}} differs from the built-in option:\n got %s\nwant %s", got, want)
	}
	if strings.ContainsAny(got, "<>&\u2028") || !strings.Contains(got, `\u003c/script\u003e`) {
		t.Errorf("option not escaped for the script element: %s", got)
	}
}

// TestOptionJSONFallsBack: a go-echarts value with a field the writer does
// not know is written by encoding/json, so the option still has it.
func TestOptionJSONFallsBack(t *testing.T) {
	c := corpusCharts(t)[0]
	o := buildOption(c, "alt <&>")
	o.titles[0].Link = "https://example.com/?a=<b>&c"
	o.legend.Icon = "circle"
	o.toolbox.Feature.Restore.Icon = "path://M0,0"
	o.tooltip.AxisPointer = &opts.AxisPointer{Type: "cross"}
	o.grids[0].ContainLabel = optTrue
	o.xAxes[0].SplitArea = &opts.SplitArea{Show: optTrue}
	o.yAxes[0].AxisLabel.Rotate = 45
	o.yAxes[0].AxisLabel.Align = "left"
	o.series[0].BarWidth = "5"
	o.series[0].Emphasis = &opts.Emphasis{Focus: "series", Label: &opts.Label{Show: optTrue, BorderWidth: 1.5}}
	o.zooms[0].Start = 10
	want := referenceJSON(t, o)
	if got := o.write().text; !bytes.Equal(got, want) {
		t.Errorf("the option differs from encoding/json's:\n%s", firstDiff(bytes.ReplaceAll(got, []byte(","), []byte(",\n")), bytes.ReplaceAll(want, []byte(","), []byte(",\n"))))
	}
	for _, k := range []string{`"link":`, `"icon":"circle"`, `"axisPointer":`, `"containLabel":true`, `"splitArea":`, `"rotate":45`, `"align":"left"`, `"barWidth":"5"`, `"borderWidth":1.5`, `"start":10`} {
		if !bytes.Contains(want, []byte(k)) {
			t.Errorf("the reference lacks %s: the test no longer sets what it means to", k)
		}
	}
}
