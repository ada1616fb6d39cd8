package themes

import (
	"encoding/json"
	"strings"
	"testing"
)

// marksCase is a harness case for marks.js: a drawing function (fn) run on
// item index of data, or wire run on an option.
type marksCase struct {
	Kind   string         `json:"kind"`
	Fn     string         `json:"fn,omitempty"`
	Data   [][]float64    `json:"data,omitempty"`
	Index  int            `json:"index"`
	Option map[string]any `json:"option,omitempty"`
	Dark   bool           `json:"dark,omitempty"`
}

// The harness' api puts (x, y) at the pixels (10x, 1000 − 10y).
func TestErrorBarsDrawing(t *testing.T) {
	got := harness(t, []marksCase{
		{Kind: "renderItem", Fn: "errorBars", Data: [][]float64{{2, 30, 2, 2, 28, 33}}},
		{Kind: "renderItem", Fn: "errorBars", Data: [][]float64{{2, 30, 1, 4, 30, 30}}},
		{Kind: "renderItem", Fn: "errorBars", Data: [][]float64{{2, 30, 2, 2, 30, 30}}},
	}, 3)
	var bars struct {
		Type     string
		Children []struct {
			Type  string
			Shape struct{ X1, Y1, X2, Y2 float64 }
			Style struct{ Stroke string }
		}
	}
	if err := json.Unmarshal([]byte(got[0]), &bars); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	want := [][4]float64{{20, 720, 20, 670}, {16, 720, 24, 720}, {16, 670, 24, 670}}
	if bars.Type != "group" || len(bars.Children) != 3 {
		t.Fatalf("y error bar %s, want a group of a whisker and two caps", got[0])
	}
	for i, c := range bars.Children {
		s := c.Shape
		if c.Type != "line" || [4]float64{s.X1, s.Y1, s.X2, s.Y2} != want[i] || c.Style.Stroke != "#3b75af" {
			t.Errorf("line %d: %+v, want %v in the series' colour", i, c, want[i])
		}
	}
	if !strings.Contains(got[1], `"x1":10,"y1":700,"x2":40,"y2":700`) {
		t.Errorf("x error bar %s, want a whisker from x 1 to 4 at y 30", got[1])
	}
	if got[2] != "null" {
		t.Errorf("a point without an interval drew %s", got[2])
	}
}

func TestBandDrawing(t *testing.T) {
	data := [][]float64{{1, 10, 12, 0}, {2, 11, 14, 0}, {3, 12, 15, 0}, {5, 20, 22, 1}}
	got := harness(t, []marksCase{
		{Kind: "renderItem", Fn: "band", Data: data, Index: 0},
		{Kind: "renderItem", Fn: "band", Data: data, Index: 1},
		{Kind: "renderItem", Fn: "band", Data: data, Index: 3},
	}, 3)
	// The run's first item draws the polygon: the upper ends forward, the
	// lower ends back.
	want := `{"type":"polygon","shape":{"points":[[10,880],[20,860],[30,850],[30,880],[20,890],[10,900]]},"style":{"fill":"#3b75af","opacity":0.2}}`
	if got[0] != want {
		t.Errorf("band\n got %s\nwant %s", got[0], want)
	}
	if got[1] != "null" {
		t.Errorf("the second item of a run drew %s", got[1])
	}
	if !strings.HasPrefix(got[2], `{"type":"line","shape":{"x1":50,"y1":800,"x2":50,"y2":780}`) {
		t.Errorf("a run of one point: %s, want a whisker", got[2])
	}
}

func TestMarksWire(t *testing.T) {
	option := map[string]any{"series": []any{
		map[string]any{"type": "custom", "renderItem": "@errorBars"},
		map[string]any{"type": "custom", "renderItem": "@band"},
		map[string]any{"type": "custom", "renderItem": "alert(1)"},
		map[string]any{"type": "line", "renderItem": "@band", "markLine": map[string]any{"data": []any{}}, "markArea": map[string]any{"label": map[string]any{"show": true}}},
	}}
	got := harness(t, []marksCase{{Kind: "marksWire", Option: option}, {Kind: "marksWire", Option: option, Dark: true}}, 2)
	var o struct {
		Series []struct {
			RenderItem string
			MarkLine   struct{ Label map[string]any }
			MarkArea   struct{ Label map[string]any }
		}
	}
	if err := json.Unmarshal([]byte(got[0]), &o); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	// Tokens become functions on custom series only; anything else a custom
	// series names draws nothing.
	for i, want := range []string{"<function>", "<function>", "<function>", "@band"} {
		if o.Series[i].RenderItem != want {
			t.Errorf("series %d renderItem %q, want %q", i, o.Series[i].RenderItem, want)
		}
	}
	if l := o.Series[3].MarkLine.Label; l["color"] != "#555555" || l["textBorderColor"] != "#ffffff" {
		t.Errorf("light scheme markLine label %v", l)
	}
	if l := o.Series[3].MarkArea.Label; l["show"] != true || l["color"] != "#555555" {
		t.Errorf("light scheme markArea label %v, want its own keys kept", l)
	}
	if !strings.Contains(got[1], `"color":"#c8c8c8"`) || !strings.Contains(got[1], `"textBorderColor":"#111418"`) {
		t.Errorf("dark scheme: %s", got[1])
	}
}

// TestIntervalAndMarkTooltips: a point's interval follows its value; marks
// on a log axis read as the data's values; a band reads as its range.
func TestIntervalAndMarkTooltips(t *testing.T) {
	option := map[string]any{
		"xAxis":   []any{map[string]any{"type": "value", "scalesiteLog": true, "name": "FLOPs", "axisLabel": map[string]any{"formatter": "@auto"}}},
		"yAxis":   []any{map[string]any{"type": "value", "name": "Accuracy", "axisLabel": map[string]any{"formatter": "@percent"}}},
		"tooltip": map[string]any{"trigger": "item", "formatter": "@tooltip"},
		"series": []any{
			map[string]any{"type": "scatter", "name": "runs", "data": []any{
				map[string]any{"value": []any{21, 45.2, 1e21, 45.2}, "interval": map[string]any{"y": []any{40.1, 50.3}, "x": []any{5e20, 2e21}}}}},
			map[string]any{"type": "line", "id": "scalesite-marks-0", "data": []any{}},
		},
	}
	point := map[string]any{"componentType": "series", "seriesIndex": 0, "seriesName": "runs", "color": "#3b75af",
		"value": []any{21, 45.2, 1e21, 45.2}, "data": option["series"].([]any)[0].(map[string]any)["data"].([]any)[0]}
	got := runJS(t, []jsCase{
		{Kind: "tooltip", Option: option, Params: point},
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "markLine", "seriesIndex": 1, "name": "GPT-4", "value": 24, "data": map[string]any{"xAxis": 24}}},
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "markLine", "seriesIndex": 1, "name": "", "value": 25, "data": map[string]any{"yAxis": 25}}},
		{Kind: "tooltip", Option: option, Params: map[string]any{"componentType": "markArea", "seriesIndex": 1, "name": "human <range>", "data": map[string]any{"yAxis": 60, "coord": []any{[]any{nil, 60}, []any{nil, 75}}}}},
	})
	for _, want := range []string{"Accuracy: <b>45.2%</b> (40.1% – 50.3%)", "FLOPs: <b>10²¹</b> (5 × 10²⁰ – 2 × 10²¹)"} {
		if !strings.Contains(got[0], want) {
			t.Errorf("point tooltip lacks %q:\n%s", want, got[0])
		}
	}
	for i, want := range []string{"<div>GPT-4: <b>10²⁴</b></div>", "<div>Reference line: <b>25%</b></div>", "<div>human &lt;range&gt;: <b>60% – 75%</b></div>"} {
		if got[i+1] != want {
			t.Errorf("mark tooltip %d: got %q, want %q", i, got[i+1], want)
		}
	}
}
