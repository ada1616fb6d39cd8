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
