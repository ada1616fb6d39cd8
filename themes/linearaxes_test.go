package themes

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// TestLinearOption: linearaxes.js turns the log x axis the reader asks for
// linear (its range and every point back to the values, marks included)
// and leaves the y axis, not asked for, as it was.
func TestLinearOption(t *testing.T) {
	option := map[string]any{
		"xAxis": []any{map[string]any{"scalesiteLog": true, "min": 1, "max": 7, "axisLabel": map[string]any{"formatter": "@auto"}}},
		"yAxis": []any{map[string]any{"scalesiteLog": true, "min": 0, "max": 2}},
		"series": []any{
			map[string]any{"type": "scatter", "data": []any{[]any{2, 1, 100, 10}, []any{3, 1.5}},
				"markLine": map[string]any{"data": []any{map[string]any{"xAxis": 4}}}},
		},
	}
	got := harness(t, []map[string]any{{"kind": "linearOption", "option": option, "lin": map[string]any{"x": true}}}, 1)
	var o struct {
		XAxis []struct {
			ScalesiteLog bool           `json:"scalesiteLog"`
			Min          float64        `json:"min"`
			Max          float64        `json:"max"`
			AxisLabel    map[string]any `json:"axisLabel"`
		} `json:"xAxis"`
		YAxis []struct {
			ScalesiteLog bool    `json:"scalesiteLog"`
			Min          float64 `json:"min"`
			Max          float64 `json:"max"`
		} `json:"yAxis"`
		Series []struct {
			Data     [][]float64 `json:"data"`
			MarkLine struct {
				Data []map[string]float64 `json:"data"`
			} `json:"markLine"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(got[0]), &o); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	x, y := o.XAxis[0], o.YAxis[0]
	if x.ScalesiteLog || x.Max != 1e7 || x.AxisLabel["formatter"] != "@pow" {
		t.Errorf("x axis %+v, want linear up to 1e7 with @pow labels", x)
	}
	if !y.ScalesiteLog || y.Min != 0 || y.Max != 2 {
		t.Errorf("y axis %+v, want it log as it was", y)
	}
	if want := [][]float64{{100, 1, 100, 10}, {1000, 1.5}}; !reflect.DeepEqual(o.Series[0].Data, want) {
		t.Errorf("points %v, want %v (x the value, y as it was)", o.Series[0].Data, want)
	}
	if m := o.Series[0].MarkLine.Data; len(m) != 1 || m[0]["xAxis"] != 1e4 {
		t.Errorf("mark line %v, want at x = 1e4", m)
	}
}

// TestLinearOptionRaw: on a chart whose points carry their values as
// they are (scalesite.raw) and whose min/max band is written by bucket
// ('@spread'), the points and the band stay as they are (the layout puts
// them in axis space for the axes still log); a band in axis space
// ('@band') and the marks are made linear.
func TestLinearOptionRaw(t *testing.T) {
	option := map[string]any{
		"scalesite": map[string]any{"raw": true},
		"xAxis":     []any{map[string]any{"scalesiteLog": true, "min": 0, "max": 6}},
		"yAxis":     []any{map[string]any{"scalesiteLog": false, "min": 0, "max": 10}},
		"series": []any{
			map[string]any{"type": "line", "data": []any{[]any{1, 9.5}, []any{1000, "-"}, map[string]any{"name": "m", "value": []any{1e6, 2}}},
				"markLine": map[string]any{"data": []any{map[string]any{"xAxis": 3}}}},
			map[string]any{"type": "custom", "renderItem": "@spread", "encode": map[string]any{"x": []any{0}, "y": []any{1, 2}},
				"data": []any{[]any{1, 10, 9, 9.5, 0}, []any{1e6, 2, 2, 0}}},
			map[string]any{"type": "custom", "renderItem": "@band", "encode": map[string]any{"x": []any{0}, "y": []any{1, 2}},
				"data": []any{[]any{2, 1, 3, 0}}},
		},
	}
	got := harness(t, []map[string]any{{"kind": "linearOption", "option": option, "lin": map[string]any{"x": true}}}, 1)
	var o struct {
		Series []struct {
			Data     []any `json:"data"`
			MarkLine struct {
				Data []map[string]float64 `json:"data"`
			} `json:"markLine"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(got[0]), &o); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	for i, want := range []string{
		`[[1,9.5],[1000,"-"],{"name":"m","value":[1000000,2]}]`,
		`[[1,10,9,9.5,0],[1000000,2,2,0]]`,
		`[[100,1,3,0]]`,
	} {
		if b, _ := json.Marshal(o.Series[i].Data); string(b) != want {
			t.Errorf("series %d: %s, want %s", i, b, want)
		}
	}
	if m := o.Series[0].MarkLine.Data; len(m) != 1 || m[0]["xAxis"] != 1000 {
		t.Errorf("mark line %v, want at x = 1000", m)
	}
}

// TestLinearOptionNearTheLargest (issue 32): a log axis padded past the
// largest double (10^306.9 to 10^308.3) made linear ends at the largest
// double, not at Infinity, where ECharts draws nothing.
func TestLinearOptionNearTheLargest(t *testing.T) {
	option := map[string]any{
		"xAxis":  []any{map[string]any{"scalesiteLog": true, "min": 306.9, "max": 308.3}},
		"series": []any{map[string]any{"type": "line", "data": []any{[]any{307, 1, 1e307, 1}}}},
	}
	got := harness(t, []map[string]any{{"kind": "linearOption", "option": option, "lin": map[string]any{"x": true}}}, 1)
	var o struct {
		XAxis []struct {
			Min float64  `json:"min"`
			Max *float64 `json:"max"` // JSON writes Infinity as null
		} `json:"xAxis"`
	}
	if err := json.Unmarshal([]byte(got[0]), &o); err != nil {
		t.Fatalf("%v: %s", err, got[0])
	}
	if x := o.XAxis[0]; x.Max == nil || *x.Max != math.MaxFloat64 || x.Min <= 0 {
		t.Errorf("x axis from %v to %v, want up to the largest double %v", x.Min, x.Max, math.MaxFloat64)
	}
}
