package themes

import (
	"encoding/json"
	"strings"
	"testing"
)

// jsCase is one input for testdata/harness.js; see run() there.
type jsCase struct {
	Kind     string         `json:"kind"`
	Format   string         `json:"format,omitempty"`
	Value    any            `json:"value,omitempty"`
	Token    string         `json:"token,omitempty"`
	AxisType string         `json:"axisType,omitempty"`
	Axis     string         `json:"axis,omitempty"`
	Option   map[string]any `json:"option,omitempty"`
	Params   map[string]any `json:"params,omitempty"`
}

// runJS runs the cases through format.js and tooltip.js in Node and returns one string each.
func runJS(t *testing.T, cases []jsCase) []string {
	t.Helper()
	return harness(t, cases, len(cases))
}

type jsTest struct {
	name string
	c    jsCase
	want string
}

func checkJS(t *testing.T, tests []jsTest) {
	t.Helper()
	cases := make([]jsCase, len(tests))
	for i, tt := range tests {
		cases[i] = tt.c
	}
	got := runJS(t, cases)
	for i, tt := range tests {
		if got[i] != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got[i], tt.want)
		}
	}
}

func tick(format string, v any, want string) jsTest {
	return jsTest{name: format + "(" + jsonString(v) + ")", c: jsCase{Kind: "tick", Format: format, Value: v}, want: want}
}

func full(format string, v any, want string) jsTest {
	return jsTest{name: "full " + format + "(" + jsonString(v) + ")", c: jsCase{Kind: "full", Format: format, Value: v}, want: want}
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestTickFormatters(t *testing.T) {
	checkJS(t, []jsTest{
		// pow: powers of ten with superscript exponents
		tick("pow", 1e20, "10²⁰"),
		tick("pow", 1e21, "10²¹"),
		tick("pow", 1e-3, "10⁻³"),
		tick("pow", 1, "1"),
		tick("pow", 10, "10¹"),
		tick("pow", 5e8, "5×10⁸"),
		tick("pow", 2.5e23, "2.5×10²³"),
		tick("pow", 9.999999999999918e+23, "10²⁴"), // echarts 5 log-axis noise
		tick("pow", 0, "0"),
		tick("pow", -1e5, "-10⁵"),
		// sci
		tick("sci", 1e21, "1E+21"),
		tick("sci", 5e8, "5E+8"),
		tick("sci", 1.5e-3, "1.5E-3"),
		tick("sci", -2e5, "-2E+5"),
		tick("sci", 0, "0"),
		// si: model sizes
		tick("si", 2.9e9, "2.9B"),
		tick("si", 1.3e8, "130M"),
		tick("si", 7000, "7k"),
		tick("si", 1.2e12, "1.2T"),
		tick("si", 950, "950"),
		tick("si", 0.5, "500m"), // below 1: m, µ, n, p
		tick("si", 0.002, "2m"),
		tick("si", 1.5e-3, "1.5m"),
		tick("si", 3e-6, "3µ"),
		tick("si", 2.5e-7, "250n"),
		tick("si", 5e-9, "5n"),
		tick("si", 1e-10, "100p"),
		tick("si", 1e-12, "1p"),
		tick("si", 1e-13, "0.1p"), // nothing below p
		tick("si", 0.0009999, "1m"),
		tick("si", 0.9999, "1"),
		tick("si", -0.002, "-2m"),
		tick("si", 1e15, "1,000T"), // nothing above T
		tick("si", 1.25e9, "1.25B"),
		tick("si", 1.234e9, "1.23B"),
		tick("si", 999999, "1M"),
		tick("si", 1e6, "1M"),
		tick("si", -7000, "-7k"),
		tick("si", 0, "0"),
		// percent: value already in percent
		tick("percent", 45, "45%"),
		tick("percent", 45.00000001, "45%"),
		tick("percent", 45.2, "45.2%"),
		tick("percent", 0.1+0.2, "0.3%"),
		tick("percent", 100, "100%"),
		// fraction
		tick("fraction", 0.45, "45%"),
		tick("fraction", 0.07, "7%"),
		tick("fraction", 1, "100%"),
		// plain: thousands separators
		tick("plain", 1e6, "1,000,000"),
		tick("plain", 1234.5, "1,234.5"),
		tick("year", 2017, "2017"),
		tick("year", 1950.0000000001, "1950"),
		tick("plain", -1234567, "-1,234,567"),
		tick("plain", 0.30000000000000004, "0.3"),
		tick("plain", 1e21, "1,000,000,000,000,000,000,000"),
		tick("plain", 1e-7, "0.0000001"),
		// auto (linear form): plain without float noise
		tick("auto", 0.30000000000000004, "0.3"),
		tick("auto", 84.5, "84.5"),
		tick("auto", 2000, "2,000"),
		// issue 32: huge and tiny as powers, never 101 digits
		tick("auto", 1e100, "10¹⁰⁰"),
		tick("auto", -2.5e-10, "-2.5×10⁻¹⁰"),
		tick("auto", 1e-320, "10⁻³²⁰"),
		tick("auto", 1.7e308, "1.7×10³⁰⁸"),
		tick("auto", 999999999, "999,999,999"),
		tick("auto", 0.0001, "0.0001"),
	})
}

func TestAxisFormatResolution(t *testing.T) {
	af := func(token, typ, want string) jsTest {
		return jsTest{name: token + " on " + typ, c: jsCase{Kind: "axisFormat", Token: token, AxisType: typ}, want: want}
	}
	checkJS(t, []jsTest{
		af("@auto", "log", "pow"),
		af("@auto", "value", "auto"),
		af("@auto", "", "auto"), // echarts' default axis type is value
		af("@auto", "category", "null"),
		af("@si", "log", "si"),
		af("@sci", "value", "sci"),
		af("@nope", "value", "null"),
		af("pow", "value", "null"),
		af("@toString", "value", "null"), // inherited properties are not tokens
	})
}

func TestFullPrecisionValues(t *testing.T) {
	checkJS(t, []jsTest{
		full("pow", 3.14e23, "3.14 × 10²³"),
		// issue 32: auto's tooltip writes huge and tiny values as powers
		full("auto", 1e100, "10¹⁰⁰"),
		full("auto", 1.23456789e100, "1.23456789 × 10¹⁰⁰"),
		full("auto", 1300000, "1,300,000"),
		full("auto", 1e-320, "10⁻³²⁰"),
		full("pow", 3.14159265358979e23, "3.14159265358979 × 10²³"),
		full("pow", 1e23, "10²³"),
		full("pow", 88.98, "88.98"),
		full("sci", 3.14e23, "3.14E+23"),
		full("plain", 88.98, "88.98"),
		full("plain", 1300000000, "1,300,000,000"),
		full("plain", 0.30000000000000004, "0.3"),
		full("year", 2019, "2019"),
		full("year", 2019.5, "2019.5"),
		full("si", 1300000000, "1.3B (1,300,000,000)"),
		full("si", 950, "950"),
		full("si", 0.002, "2m (0.002)"),
		full("si", 1e-10, "100p (0.0000000001)"),
		full("si", 1234567, "1.234567M (1,234,567)"),
		full("percent", 45.2, "45.2%"),
		full("percent", 45.23456, "45.23456%"),
		full("fraction", 0.452, "45.2%"),
		full("plain", "n/a", "n/a"),
	})
}

func TestEscapeHTML(t *testing.T) {
	checkJS(t, []jsTest{
		{name: "all five", c: jsCase{Kind: "escape", Value: `<a href="x" title='y'>&</a>`},
			want: "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;"},
		{name: "number", c: jsCase{Kind: "escape", Value: 7}, want: "7"},
	})
}

// hostile is a string that would run code if it reached HTML unescaped.
const hostile = `</script><img src=x onerror="alert(1)">'&`

func sampleOption() map[string]any {
	return map[string]any{
		"title": map[string]any{"text": "@pow", "subtext": "@tooltip"},
		"xAxis": []any{
			map[string]any{"type": "log", "name": "Training FLOPs " + hostile, "axisLabel": map[string]any{"formatter": "@auto"}},
			map[string]any{"type": "value", "name": "Params", "gridIndex": 1, "axisLabel": map[string]any{"formatter": "@si"}},
		},
		"yAxis": []any{
			map[string]any{"type": "value", "name": "Accuracy", "axisLabel": map[string]any{"formatter": "@percent"}},
			map[string]any{"type": "value", "gridIndex": 1, "axisLabel": map[string]any{"formatter": "{value} pts"}},
		},
		"tooltip":  map[string]any{"trigger": "item", "formatter": "@tooltip"},
		"legend":   map[string]any{"formatter": "@pow"},
		"dataZoom": []any{map[string]any{"type": "inside"}, map[string]any{"type": "slider", "xAxisIndex": []any{0}}},
		"series": []any{
			map[string]any{"type": "line", "name": hostile, "data": []any{[]any{1e20, 41.5}},
				"label": map[string]any{"formatter": "@si"}},
			map[string]any{"type": "scatter", "name": "@pow", "xAxisIndex": 1, "yAxisIndex": 1,
				"data": []any{map[string]any{"name": "@tooltip", "value": []any{1.3e9, 88.98}}}},
		},
	}
}

func TestApplyTokensOnlyWhereAllowed(t *testing.T) {
	got := runJS(t, []jsCase{{Kind: "wire", Option: sampleOption()}})[0]
	var o map[string]any
	if err := json.Unmarshal([]byte(got), &o); err != nil {
		t.Fatalf("wired option: %v\n%s", err, got)
	}
	get := func(path ...any) any {
		var cur any = o
		for _, p := range path {
			switch k := p.(type) {
			case string:
				cur = cur.(map[string]any)[k]
			case int:
				cur = cur.([]any)[k]
			}
		}
		return cur
	}
	checks := []struct {
		path []any
		want any
	}{
		{[]any{"xAxis", 0, "axisLabel", "formatter"}, "<function>"},
		{[]any{"xAxis", 1, "axisLabel", "formatter"}, "<function>"},
		{[]any{"yAxis", 0, "axisLabel", "formatter"}, "<function>"},
		{[]any{"yAxis", 1, "axisLabel", "formatter"}, "{value} pts"}, // echarts template, kept
		{[]any{"tooltip", "formatter"}, "<function>"},
		{[]any{"dataZoom", 1, "labelFormatter"}, "<function>"}, // slider labels read like the axis
		// tokens anywhere else stay strings
		{[]any{"title", "text"}, "@pow"},
		{[]any{"title", "subtext"}, "@tooltip"},
		{[]any{"legend", "formatter"}, "@pow"},
		{[]any{"series", 0, "label", "formatter"}, "@si"},
		{[]any{"series", 1, "name"}, "@pow"},
		{[]any{"series", 1, "data", 0, "name"}, "@tooltip"},
		{[]any{"series", 0, "name"}, hostile},
	}
	for _, c := range checks {
		if g := get(c.path...); g != c.want {
			t.Errorf("%v: got %#v, want %#v", c.path, g, c.want)
		}
	}
}

func TestWiredAxisFormatters(t *testing.T) {
	opt := func(axis string, typ string, token string) map[string]any {
		return map[string]any{axis: map[string]any{"type": typ, "axisLabel": map[string]any{"formatter": token}}}
	}
	checkJS(t, []jsTest{
		{name: "@auto on log x", c: jsCase{Kind: "axisTick", Axis: "xAxis", Option: opt("xAxis", "log", "@auto"), Value: 1e22}, want: "10²²"},
		{name: "@auto on value y", c: jsCase{Kind: "axisTick", Axis: "yAxis", Option: opt("yAxis", "value", "@auto"), Value: 0.30000000000000004}, want: "0.3"},
		{name: "@auto on value y, large", c: jsCase{Kind: "axisTick", Axis: "yAxis", Option: opt("yAxis", "value", "@auto"), Value: 1000000}, want: "1,000,000"},
		{name: "@sci on log x", c: jsCase{Kind: "axisTick", Axis: "xAxis", Option: opt("xAxis", "log", "@sci"), Value: 1e21}, want: "1E+21"},
		{name: "@si on log x", c: jsCase{Kind: "axisTick", Axis: "xAxis", Option: opt("xAxis", "log", "@si"), Value: 2.9e9}, want: "2.9B"},
		{name: "@fraction on y", c: jsCase{Kind: "axisTick", Axis: "yAxis", Option: opt("yAxis", "value", "@fraction"), Value: 0.45}, want: "45%"},
	})
}

func TestTooltip(t *testing.T) {
	option := sampleOption()
	params := func(series int, name string, color string, value []any) map[string]any {
		s := option["series"].([]any)[series].(map[string]any)
		return map[string]any{"componentType": "series", "seriesType": s["type"], "seriesIndex": series,
			"seriesName": s["name"], "name": name, "color": color, "value": value, "data": value}
	}
	got := runJS(t, []jsCase{
		{Kind: "tooltip", Option: option, Params: params(0, "", "#5470c6", []any{3.14e23, 45.2})},
		{Kind: "tooltip", Option: option, Params: params(1, "tiny-7M "+hostile, `red;background:url(x)`, []any{1.3e9, 88.98})},
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "markLine", "seriesIndex": 0,
			"name": "chance", "value": 50, "data": map[string]any{"yAxis": 50}}},
	})

	first := got[0]
	for _, want := range []string{
		"background-color:#5470c6",
		"<strong>&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</strong>",
		"Training FLOPs &lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;: <b>3.14 × 10²³</b>",
		"Accuracy: <b>45.2%</b>",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("tooltip for series 0 lacks %q:\n%s", want, first)
		}
	}
	second := got[1]
	for _, want := range []string{
		"<strong>@pow</strong>",
		"<div>tiny-7M &lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;</div>",
		"Params: <b>1.3B (1,300,000,000)</b>",
		"y: <b>88.98</b>",       // yAxis[1] has no name and a template formatter
		"background-color:#888", // a colour that is not a plain colour is dropped
	} {
		if !strings.Contains(second, want) {
			t.Errorf("tooltip for series 1 lacks %q:\n%s", want, second)
		}
	}
	for i, html := range got {
		if strings.Contains(html, "<img") || strings.Contains(html, "</script>") || strings.Contains(html, "url(") {
			t.Errorf("tooltip %d lets user markup through:\n%s", i, html)
		}
	}
	if want := "<div>chance: <b>50%</b></div>"; got[2] != want {
		t.Errorf("markLine tooltip: got %q, want %q", got[2], want)
	}
}
