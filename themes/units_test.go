package themes

import (
	"strings"
	"testing"
)

// unitCase is a harness case about axis units (see testdata/harness.js).
type unitCase struct {
	Kind   string         `json:"kind"`
	Format string         `json:"format,omitempty"`
	Value  any            `json:"value,omitempty"`
	Log    bool           `json:"log,omitempty"`
	Unit   string         `json:"unit,omitempty"`
	Option map[string]any `json:"option,omitempty"`
	Params map[string]any `json:"params,omitempty"`
}

const nbsp = "\u00a0"

// TestUnitFormatting: tooltips write the axis' unit after every value, tick
// labels the tick unit the page gives them; symbols attach to the number.
func TestUnitFormatting(t *testing.T) {
	tests := []struct {
		c    unitCase
		want string
	}{
		// tooltips: full values, then the unit
		{unitCase{Kind: "fullUnit", Format: "pow", Value: 3.14e23, Unit: "FLOPs"}, "3.14 × 10²³" + nbsp + "FLOPs"},
		{unitCase{Kind: "fullUnit", Format: "plain", Value: 12.5, Unit: "ms"}, "12.5" + nbsp + "ms"},
		{unitCase{Kind: "fullUnit", Format: "si", Value: 1.3e9, Unit: "tokens"}, "1.3B" + nbsp + "tokens (1,300,000,000)"},
		{unitCase{Kind: "fullUnit", Format: "si", Value: 500, Unit: "tokens"}, "500" + nbsp + "tokens"},
		{unitCase{Kind: "fullUnit", Format: "plain", Value: 3, Unit: "×"}, "3×"},
		{unitCase{Kind: "fullUnit", Format: "plain", Value: 20, Unit: "°C"}, "20°C"},
		{unitCase{Kind: "fullUnit", Format: "plain", Value: 2, Unit: ""}, "2"},
		{unitCase{Kind: "fullUnit", Format: "plain", Value: nil, Unit: "ms"}, ""},
		// ticks: the tick unit when the page gives one
		{unitCase{Kind: "tickLabel", Format: "auto", Value: 12, Unit: "ms"}, "12" + nbsp + "ms"},
		{unitCase{Kind: "tickLabel", Format: "si", Value: 2e9, Unit: "GB"}, "2B" + nbsp + "GB"},
		{unitCase{Kind: "tickLabel", Format: "auto", Value: 1e21, Log: true, Unit: "s"}, "10²¹" + nbsp + "s"},
		{unitCase{Kind: "tickLabel", Format: "auto", Value: 2000, Log: true}, "2,000"},
		{unitCase{Kind: "tickLabel", Format: "year", Value: 2017, Unit: "AD"}, "2017" + nbsp + "AD"},
	}
	cases := make([]unitCase, len(tests))
	for i, tt := range tests {
		cases[i] = tt.c
	}
	got := harness(t, cases, len(cases))
	for i, tt := range tests {
		if got[i] != tt.want {
			t.Errorf("%s %s(%v, unit %q) = %q, want %q", tt.c.Kind, tt.c.Format, tt.c.Value, tt.c.Unit, got[i], tt.want)
		}
	}
}

// TestTooltipUnits: the tooltip reads each axis' unit from the option
// (scalesiteUnit), and escapes it like every other user string.
func TestTooltipUnits(t *testing.T) {
	option := map[string]any{
		"xAxis": []any{map[string]any{"type": "value", "name": "Training compute", "scalesiteLog": true, "scalesiteUnit": "FLOPs",
			"axisLabel": map[string]any{"formatter": "@auto"}}},
		"yAxis": []any{map[string]any{"type": "value", "name": "Latency", "scalesiteUnit": "<b>ms</b>", "scalesiteTickUnit": "ms",
			"axisLabel": map[string]any{"formatter": "@auto"}}},
		"series":  []any{map[string]any{"type": "scatter", "name": "A", "xAxisIndex": 0, "yAxisIndex": 0}},
		"tooltip": []any{map[string]any{"formatter": "@tooltip"}},
	}
	point := []any{21.5, 12, 3.16e21, 12}
	got := harness(t, []unitCase{
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "series", "seriesIndex": 0, "seriesName": "A", "value": point, "data": point}},
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "markLine", "seriesIndex": 0, "name": "budget", "value": 21, "data": map[string]any{"xAxis": 21}}},
	}, 2)
	for _, want := range []string{
		"Training compute: <b>3.16 × 10²¹" + nbsp + "FLOPs</b>",
		"Latency: <b>12" + nbsp + "&lt;b&gt;ms&lt;/b&gt;</b>",
	} {
		if !strings.Contains(got[0], want) {
			t.Errorf("tooltip lacks %q:\n%s", want, got[0])
		}
	}
	if want := "<div>budget: <b>10²¹" + nbsp + "FLOPs</b></div>"; got[1] != want {
		t.Errorf("markLine tooltip: got %q, want %q", got[1], want)
	}
}
