package themes

import (
	"bytes"
	"encoding/json"
	"math"
	"os/exec"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/smooth"
)

// runSmoothJS runs script in Node with smooth.js loaded as S and returns
// what it prints.
func runSmoothJS(t *testing.T, script string) []byte {
	t.Helper()
	return runNode(t, "const S = require('./default/assets/smooth.js');\n"+script)
}

// harnessTooltip is the option's "@tooltip" formatter called with params
// (an axis tooltip's list).
func harnessTooltip(t *testing.T, option map[string]any, params []any) string {
	t.Helper()
	o, _ := json.Marshal(option)
	p, _ := json.Marshal(params)
	out := runNode(t, `
require('./default/assets/format.js');
const T = require('./default/assets/tooltip.js');
const o = T.applyTokens(`+string(o)+`);
console.log(JSON.stringify(o.tooltip.formatter(`+string(p)+`)));
`)
	var html string
	if err := json.Unmarshal(out, &html); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return html
}

func runNode(t *testing.T, script string) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if testing.Short() {
			t.Skip("node not on PATH (needed to test the theme's scripts)")
		}
		t.Fatal("node not on PATH: the theme's scripts are tested in Node (use -short to skip)")
	}
	cmd := exec.Command(node, "-e", script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	return out
}

// TestSmoothJSMatchesGo: the page's slider smooths as the build does
// (package smooth), to 1e-12, gaps and all.
func TestSmoothJSMatchesGo(t *testing.T) {
	y := make([]float64, 400)
	for i := range y {
		y[i] = 2 + 3/math.Sqrt(float64(i+1)) + 0.3*math.Sin(float64(i*i))
	}
	y[17], y[200] = math.NaN(), math.NaN()
	in := make([]any, len(y))
	for i, v := range y {
		if math.IsNaN(v) {
			in[i] = nil // JSON has no NaN: the script reads null as one
		} else {
			in[i] = v
		}
	}
	b, _ := json.Marshal(in)
	out := runSmoothJS(t, `
const y = `+string(b)+`.map((v) => v === null ? NaN : v);
const r = {};
for (const w of [0, 0.6, 0.9, 0.999]) r['ema' + w] = S.ema(y, w);
for (const n of [2, 3, 50, 1000]) r['window' + n] = S.windowMean(y, n);
console.log(JSON.stringify(r, (k, v) => typeof v === 'number' && isNaN(v) ? null : v));
`)
	var got map[string][]*float64
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	check := func(key string, want []float64) {
		g := got[key]
		if len(g) != len(want) {
			t.Fatalf("%s: %d values, want %d", key, len(g), len(want))
		}
		for i, w := range want {
			if math.IsNaN(w) != (g[i] == nil) || (g[i] != nil && math.Abs(*g[i]-w) > 1e-12) {
				t.Fatalf("%s[%d] = %v, Go has %v", key, i, g[i], w)
			}
		}
	}
	for _, w := range []float64{0, 0.6, 0.9, 0.999} {
		check("ema"+jsonString(w), smooth.EMA(y, w))
	}
	for _, n := range []int{2, 3, 50, 1000} {
		check("window"+jsonString(n), smooth.Window(y, n))
	}
}

// TestSmoothedData: the slider's line from the drawn raw points: every
// row drawn, exactly the build's smoothing; on a log y axis the mean of
// the values, written as their log10; gaps kept; off draws nothing. A
// thinned line weighs each point by the rows it stands for (x distance /
// step).
func TestSmoothedData(t *testing.T) {
	out := runSmoothJS(t, `
const lg = [[1, Math.log10(3.16), 1, 3.16], [2, '-'], [3, Math.log10(2.5), 3, 2.5], [4, Math.log10(2.2), 4, 2.2]];
console.log(JSON.stringify([
  S.smoothedData(lg, {method: 'ema', weight: 0.5}, {stride: 1}, true),
  S.smoothedData([[0, 4], [2, 2], [4, 0]], {method: 'window', window: 6}, {stride: 2, step: 1}, false),
  S.smoothedData(lg, {off: true}, {stride: 1}, true),
]));
`)
	var got [3][][]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := smooth.EMA([]float64{3.16, math.NaN(), 2.5, 2.2}, 0.5)
	ema := got[0]
	if len(ema) != 4 || ema[1][1] != "-" {
		t.Fatalf("ema on a log axis: %v", ema)
	}
	for _, i := range []int{0, 2, 3} {
		if math.Abs(ema[i][3].(float64)-want[i]) > 1e-12 || math.Abs(ema[i][1].(float64)-math.Log10(want[i])) > 1e-12 || ema[i][2] != float64(i+1) {
			t.Errorf("ema on a log axis, point %d: %v, want [%d, %v, %d, %v]", i, ema[i], i+1, math.Log10(want[i]), i+1, want[i])
		}
	}
	// points 2 apart stand for 2 rows each; a window of 6 rows spans 3
	// before and 2 after: (4 + 2·2)/3, (4 + 2·2 + 0)/5, (2·2 + 0)/4
	win := got[1]
	for i, w := range []float64{8.0 / 3, 1.6, 1} {
		if len(win) != 3 || math.Abs(win[i][1].(float64)-w) > 1e-12 {
			t.Fatalf("window over thinned points: %v, want the means 8/3, 1.6, 1", win)
		}
	}
	if len(got[2]) != 0 {
		t.Errorf("off: %v, want no points", got[2])
	}
}

// TestEMARowsIsTheRowsEMA: a drawn point that stands for k rows moves the
// slider's EMA as k rows of its value would: TensorBoard's EMA of the
// rows, to 1e-12.
func TestEMARowsIsTheRowsEMA(t *testing.T) {
	ys := []float64{3.2, 2.9, 3.1, 2.5, 2.7}
	ks := []int{1, 3, 1, 4, 2}
	var rows []float64
	for i, y := range ys {
		for range ks[i] {
			rows = append(rows, y)
		}
	}
	b, _ := json.Marshal([]any{ys, ks})
	out := runSmoothJS(t, "const [y, k] = "+string(b)+";\nconsole.log(JSON.stringify([0.6, 0.9, 0.999].map((w) => S.emaRows(y, k, w))));")
	var got [][]float64
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for wi, w := range []float64{0.6, 0.9, 0.999} {
		full := smooth.EMA(rows, w)
		at := -1
		for i, k := range ks {
			at += k
			if math.Abs(got[wi][i]-full[at]) > 1e-12 {
				t.Errorf("w %v, point %d: %v, the rows' EMA is %v", w, i, got[wi][i], full[at])
			}
		}
	}
}

// TestSmoothedTooltip: at the pointer's x a smoothed line and its raw
// line make one row, the smoothed value then the raw one.
func TestSmoothedTooltip(t *testing.T) {
	option := map[string]any{
		"xAxis":   []any{map[string]any{"type": "value", "name": "Step", "axisLabel": map[string]any{"formatter": "@auto"}}},
		"yAxis":   []any{map[string]any{"type": "value", "name": "Loss", "axisLabel": map[string]any{"formatter": "@auto"}}},
		"tooltip": map[string]any{"trigger": "axis", "formatter": "@tooltip"},
		"series": []any{
			map[string]any{"type": "line", "name": "small", "id": "scalesite-smooth-0", "scalesiteSmooth": map[string]any{"role": "smoothed", "partner": 1}},
			map[string]any{"type": "line", "name": "small", "id": "scalesite-smooth-0-raw", "scalesiteSmooth": map[string]any{"role": "raw", "partner": -1}},
			map[string]any{"type": "line", "name": "other"},
		},
	}
	p := func(i int, v []any) map[string]any {
		name := option["series"].([]any)[i].(map[string]any)["name"]
		return map[string]any{"componentType": "series", "seriesType": "line", "seriesIndex": i, "seriesName": name, "color": "#3b75af", "value": v, "data": v}
	}
	html := harnessTooltip(t, option, []any{p(0, []any{100, 2.25}), p(1, []any{100, 2.5}), p(2, []any{100, 3})})
	for _, want := range []string{"Loss (smoothed): <b>2.25</b>", "raw: <b>2.5</b>", "Loss: <b>3</b>"} {
		if !strings.Contains(html, want) {
			t.Errorf("tooltip lacks %q:\n%s", want, html)
		}
	}
	if n := strings.Count(html, "<strong>small</strong>"); n != 1 {
		t.Errorf("the smoothed pair makes %d rows, want 1:\n%s", n, html)
	}
	// the smoothed line off (no point of it at the pointer): the raw line
	// is a row of its own
	html = harnessTooltip(t, option, []any{p(1, []any{100, 2.5})})
	if !strings.Contains(html, "<strong>small</strong>") || !strings.Contains(html, "Loss: <b>2.5</b>") {
		t.Errorf("raw line alone: %s", html)
	}
}
