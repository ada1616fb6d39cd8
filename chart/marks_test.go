package chart

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// optSeries lists the option's series.
func optSeries(opt map[string]any) []map[string]any {
	var out []map[string]any
	for _, s := range opt["series"].([]any) {
		out = append(out, s.(map[string]any))
	}
	return out
}

// seriesByID finds the series whose id starts with prefix.
func seriesByID(t *testing.T, opt map[string]any, prefix string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, s := range optSeries(opt) {
		if id, _ := s["id"].(string); strings.HasPrefix(id, prefix) {
			out = append(out, s)
		}
	}
	return out
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestMarksInOption(t *testing.T) {
	_, opt := specOption(t, `data: |
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
`)
	marks := seriesByID(t, opt, "scalesite-marks-")
	if len(marks) != 1 {
		t.Fatalf("%d mark series, want 1", len(marks))
	}
	m := marks[0]
	if _, named := m["name"]; named || m["type"] != "line" || len(m["data"].([]any)) != 0 || m["xAxisIndex"] != 0.0 {
		t.Errorf("mark series %s, want an unnamed line without data on panel 0", jsonOf(m))
	}
	ml := m["markLine"].(map[string]any)
	want := `[{"label":{"show":false},"yAxis":2.5},{"name":"irreducible","yAxis":2.1},{"name":"GPT-4 budget","xAxis":24}]`
	if got := jsonOf(ml["data"]); got != want {
		t.Errorf("markLine data %s, want %s (values in axis space: log10 on the log x axis)", got, want)
	}
	if ml["precision"] != 10.0 || jsonOf(ml["symbol"]) != `["none","none"]` || ml["lineStyle"].(map[string]any)["type"] != "dashed" {
		t.Errorf("markLine %s: want precision 10 (ECharts rounds to 2 places), no end symbols, dashed", jsonOf(ml))
	}
	ma := m["markArea"].(map[string]any)
	want = `[[{"label":{"position":"insideTopLeft","show":true},"name":"noise","yAxis":2.3},{"yAxis":2.35}],[{"label":{"position":"insideTop","show":false},"xAxis":20.4771212547},{"xAxis":21.4771212547}]]`
	if got := jsonOf(ma["data"]); got != want {
		t.Errorf("markArea data %s, want %s", got, want)
	}
	mp := m["markPoint"].(map[string]any)
	pts := mp["data"].([]any)
	if len(pts) != 2 {
		t.Fatalf("markPoint data %s", jsonOf(pts))
	}
	p0, p1 := pts[0].(map[string]any), pts[1].(map[string]any)
	if jsonOf(p0["coord"]) != "[23,2.1]" || p0["name"] != "Chinchilla" || !strings.HasPrefix(p0["symbol"].(string), "path://") ||
		jsonOf(p0["symbolOffset"]) != "[0,-20]" || p0["label"].(map[string]any)["position"] != "top" {
		t.Errorf("annotation with an arrow %s: want it at [23, 2.1], an arrow above the point, the text on top", jsonOf(p0))
	}
	if jsonOf(p1["coord"]) != "[21,2.45]" || p1["symbol"] != "circle" || p1["label"].(map[string]any)["position"] != "right" {
		t.Errorf("annotation without an arrow %s: want a dot at [21, 2.45], the text on its right", jsonOf(p1))
	}
	// The marks are drawn after the data and reach the axis ranges.
	ss := optSeries(opt)
	if ss[0]["name"] != "loss" || ss[len(ss)-1]["id"] != "scalesite-marks-0" {
		t.Errorf("series order %s", jsonOf(ss))
	}
	xa := opt["xAxis"].([]any)[0].(map[string]any)
	ya := opt["yAxis"].([]any)[0].(map[string]any)
	if xa["max"].(float64) <= 24 || ya["min"].(float64) >= 2.1 {
		t.Errorf("axes x max %v, y min %v: want them to reach the vline at 10²⁴ and the hline at 2.1", xa["max"], ya["min"])
	}
	// Still one legend entry: the marks have none.
	if lg, ok := opt["legend"].(map[string]any); ok && lg["show"] == true {
		t.Errorf("legend shown for a chart of one series")
	}
}

func TestMarksPerPanel(t *testing.T) {
	_, opt := specOption(t, `data: |
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
`)
	marks := seriesByID(t, opt, "scalesite-marks-")
	var got []string
	for _, m := range marks {
		got = append(got, jsonOf([]any{m["xAxisIndex"], m["yAxisIndex"], m["markLine"].(map[string]any)["data"]}))
	}
	want := []string{`[0,0,[{"label":{"show":false},"yAxis":2.5}]]`, `[2,2,[{"name":"hundred","yAxis":2}]]`}
	if !slices.Equal(got, want) {
		t.Errorf("marks %q, want %q", got, want)
	}
}

func TestErrorBarsInOption(t *testing.T) {
	_, opt := specOption(t, `type: scatter
data: |
  model,params,acc,sd
  a,1e8,0.26,0.015
  b,1e9,0.31,
  c,1e10,0.45,0.03
x: {field: params, scale: log}
y: {field: acc, err: sd, scale: log}
series: model
`)
	bars := seriesByID(t, opt, "scalesite-bars-")
	if len(bars) != 2 {
		t.Fatalf("%d error-bar series, want 2 (b has no error): %s", len(bars), jsonOf(bars))
	}
	b := bars[0]
	if b["type"] != "custom" || b["name"] != "a" || b["renderItem"] != "@errorBars" || b["clip"] != true || b["silent"] != true ||
		b["tooltip"].(map[string]any)["show"] != false {
		t.Errorf("error bars %s: want a clipped, silent custom series named after its data, drawn by @errorBars", jsonOf(b))
	}
	d := b["data"].([]any)[0].([]any)
	want := []float64{8, math.Log10(0.26), 8, 8, math.Log10(0.26 - 0.015), math.Log10(0.26 + 0.015)}
	for i := range want {
		if math.Abs(d[i].(float64)-want[i]) > 1e-9 {
			t.Errorf("error bar %v, want %v (axis space, log10)", d, want)
			break
		}
	}
	if b["itemStyle"].(map[string]any)["color"] != optSeries(opt)[0]["itemStyle"].(map[string]any)["color"] {
		t.Errorf("error bars in %v, the points in %v", b["itemStyle"], optSeries(opt)[0]["itemStyle"])
	}
	// The point carries its interval in data units for the tooltip.
	pt := optSeries(opt)[0]["data"].([]any)[0].(map[string]any)
	if got := jsonOf(pt["interval"]); got != `{"y":[0.245,0.275]}` {
		t.Errorf("point %s: interval %s, want {\"y\":[0.245,0.275]}", jsonOf(pt), got)
	}
	// A point without an interval keeps the plain encoding.
	if pb := optSeries(opt)[1]["data"].([]any)[0]; reflect.TypeOf(pb).Kind() != reflect.Slice {
		t.Errorf("point without an interval %s, want a plain array", jsonOf(pb))
	}
}

func TestBandInOption(t *testing.T) {
	_, opt := specOption(t, `data: |
  step,loss,lo,hi,flo,fhi
  1,3.0,2.9,3.1,0.9,1.1
  2,2.8,2.7,2.9,,
  3,2.7,,,,
  4,2.6,2.5,2.7,,
  5,2.5,2.45,2.55,,
x: {field: step, low: flo, high: fhi}
y: {field: loss, low: lo, high: hi}
`)
	band := seriesByID(t, opt, "scalesite-band-")
	if len(band) != 1 {
		t.Fatalf("%d bands, want 1", len(band))
	}
	// Two runs: the third point has no interval and breaks the band.
	if got := jsonOf(band[0]["data"]); got != `[[1,2.9,3.1,0],[2,2.7,2.9,0],[4,2.5,2.7,1],[5,2.45,2.55,1]]` {
		t.Errorf("band data %s", got)
	}
	if band[0]["renderItem"] != "@band" || jsonOf(band[0]["encode"]) != `{"x":[0],"y":[1,2]}` {
		t.Errorf("band %s", jsonOf(band[0]))
	}
	// The x interval of a line is drawn as bars, without the y (the band has it).
	bars := seriesByID(t, opt, "scalesite-bars-")
	if len(bars) != 1 || jsonOf(bars[0]["data"]) != `[[1,3,0.9,1.1,3,3]]` {
		t.Errorf("x error bars %s, want one bar at step 1 from 0.9 to 1.1", jsonOf(bars))
	}
}

func TestSeriesStyleOverrides(t *testing.T) {
	c, opt := specOption(t, `data: |
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
`)
	var got []string
	for _, s := range optSeries(opt) {
		ls, _ := s["lineStyle"].(map[string]any)
		got = append(got, jsonOf([]any{s["name"], s["type"], s["symbol"], s["showSymbol"], ls["type"], ls["width"], s["itemStyle"].(map[string]any)["color"]}))
	}
	st := SeriesStyles(c)
	want := []string{
		jsonOf([]any{"fit", "line", st["fit"].Symbol, true, []int{2, 2}, 1.5, "#555555"}),
		jsonOf([]any{"other", "line", st["other"].Symbol, true, st["other"].Dash, 2, st["other"].Color}),
		jsonOf([]any{"observed", "scatter", "rect", nil, nil, nil, st["observed"].Color}),
	}
	if !slices.Equal(got, want) {
		t.Errorf("series\n got %q\nwant %q", got, want)
	}
	// Colours follow the order, and no series takes the one the spec gave.
	if st["other"].Color != palette[0] || st["observed"].Color != palette[1] {
		t.Errorf("colours other %s, observed %s, want the palette's first two in order", st["other"].Color, st["observed"].Color)
	}
	// A line drawn without markers in a scatter panel.
	_, opt = specOption(t, `type: scatter
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
`)
	s := optSeries(opt)
	if s[0]["type"] != "scatter" || s[1]["type"] != "line" || s[1]["showSymbol"] != false || s[1]["lineStyle"] == nil {
		t.Errorf("series %s, want obs as points and curve as a line without markers", jsonOf(s))
	}
}

// TestSpecStylesKeepSeriesApart: a style that gives a series the look
// another would get moves the other one on.
func TestSpecStylesKeepSeriesApart(t *testing.T) {
	c, _ := specOption(t, `data: |
  run,x,y
  a,1,2
  b,1,3
series: run
x: x
y: y
style: {a: {color: "#e5731b"}}
`)
	st := SeriesStyles(c)
	if st["a"].Color == st["b"].Color && st["a"].Symbol == st["b"].Symbol && slices.Equal(st["a"].Dash, st["b"].Dash) {
		t.Errorf("a and b look alike: %+v %+v", st["a"], st["b"])
	}
	c, _ = specOption(t, `data: |
  run,x,y
  a,1,2
  b,1,3
series: run
x: x
y: y
colors: [red, red]
style: {a: {marker: rect}}
`)
	st = SeriesStyles(c)
	if st["a"].Symbol == st["b"].Symbol && slices.Equal(st["a"].Dash, st["b"].Dash) {
		t.Errorf("a and b look alike: %+v %+v", st["a"], st["b"])
	}
}

func TestIntervalKind(t *testing.T) {
	const data = `data: |
  m,x,y,lo,hi
  a,1,2,1.5,2.5
  a,2,3,2.5,3.5
series: m
x: x
`
	_, opt := specOption(t, data+"y: {field: y, low: lo, high: hi, interval: bars}\n")
	if len(seriesByID(t, opt, "scalesite-band-")) != 0 || len(seriesByID(t, opt, "scalesite-bars-")) != 1 {
		t.Errorf("interval: bars on a line: series %s, want error bars and no band", jsonOf(optSeries(opt)))
	}
	_, opt = specOption(t, "type: scatter\n"+data+"y: {field: y, low: lo, high: hi, interval: band}\n")
	if len(seriesByID(t, opt, "scalesite-band-")) != 1 || len(seriesByID(t, opt, "scalesite-bars-")) != 0 {
		t.Errorf("interval: band on points: series %s, want a band and no bars", jsonOf(optSeries(opt)))
	}
}
