package chart

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/smooth"
)

// smoothChart loads one chart of spec over a training log of two runs of
// rows steps each (a decaying loss with a saw-tooth of noise).
func smoothChart(t *testing.T, spec string, rows int) *site.Chart {
	t.Helper()
	var csv strings.Builder
	csv.WriteString("run,step,loss\n")
	for _, run := range []string{"small", "large"} {
		scale := 1.0
		if run == "large" {
			scale = 0.8
		}
		for i := 1; i <= rows; i++ {
			noise := 0.3 * float64((i*7919)%13-6) / 6
			fmt.Fprintf(&csv, "%s,%d,%.4f\n", run, i*10, scale*(2+3/math.Sqrt(float64(i)))+noise)
		}
	}
	md := "---\ntitle: S\n---\n```chart\n" + spec + "```\n"
	s, err := site.Load(sitetest.New(t, map[string]string{"content/s.md": md, "content/log.csv": csv.String()}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s.Body(s.Pages[0]).Charts[0]
}

// optionSeries is the option's series as JSON values.
func optionSeries(t *testing.T, c *site.Chart) []map[string]any {
	t.Helper()
	b, err := json.Marshal(Option(c))
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Series  []map[string]any `json:"series"`
		Tooltip map[string]any   `json:"tooltip"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if o.Tooltip["trigger"] != "axis" {
		t.Errorf("tooltip trigger %v: a smoothed chart's tooltip follows the axis, to show both lines", o.Tooltip["trigger"])
	}
	return o.Series
}

// TestSmoothedOptionGolden: a smoothed chart's option, whole. Run
// `go test ./chart -run TestSmoothedOptionGolden -update` after an intended
// change, and read the diff.
func TestSmoothedOptionGolden(t *testing.T) {
	c := smoothChart(t, "data: log.csv\nx: step\ny: loss\nseries: run\nsmooth: {ema: 0.6}\n", 12)
	checkOptionGolden(t, "smoothed.golden.json", c)
}

// TestSmoothedSeries: each series is drawn twice, smoothed then raw, under
// one name; the smoothed values are the EMA (or window mean) of every
// row, taken before downsampling, at the x the raw line keeps, to the 7
// significant digits the option keeps (smoothDigits).
func TestSmoothedSeries(t *testing.T) {
	tests := []struct {
		name   string
		smooth string
		rows   int
		want   func(y []float64) []float64
		stride bool
	}{
		{"ema", "{ema: 0.9}", 50, func(y []float64) []float64 { return smooth.EMA(y, 0.9) }, false},
		{"window", "{window: 6}", 50, func(y []float64) []float64 { return smooth.Window(y, 6) }, false},
		{"ema downsampled", "{ema: 0.99}", 5000, func(y []float64) []float64 { return smooth.EMA(y, 0.99) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := smoothChart(t, "data: log.csv\nx: step\ny: loss\nseries: run\nsmooth: "+tt.smooth+"\ndownsample: 500\n", tt.rows)
			// A downsampled line also has its min/max band (band.go): the
			// pairs are the series that smoothing marks.
			var ss []map[string]any
			for _, s := range optionSeries(t, c) {
				if _, ok := s["scalesiteSmooth"]; ok {
					ss = append(ss, s)
				}
			}
			if len(ss) != 4 {
				t.Fatalf("%d series, want 4 (two runs, smoothed and raw)", len(ss))
			}
			for k, s := range c.Panels[0].Series {
				sm, raw := ss[2*k], ss[2*k+1]
				if sm["name"] != raw["name"] {
					t.Errorf("smoothed %q and raw %q: one name, one legend entry", sm["name"], raw["name"])
				}
				mk := sm["scalesiteSmooth"].(map[string]any)
				rk := raw["scalesiteSmooth"].(map[string]any)
				if mk["role"] != "smoothed" || rk["role"] != "raw" || mk["partner"] != 1.0 || rk["partner"] != -1.0 {
					t.Errorf("marks %v and %v", mk, rk)
				}
				if op := raw["lineStyle"].(map[string]any)["opacity"]; op != rawOpacity {
					t.Errorf("raw line opacity %v, want %v", op, rawOpacity)
				}
				if raw["z"] != float64(rawZ) {
					t.Errorf("raw line z %v", raw["z"])
				}
				y := make([]float64, len(s.Points))
				at := map[float64]float64{}
				for i, pt := range s.Points {
					y[i] = pt.Y
				}
				want := tt.want(y)
				for i, pt := range s.Points {
					at[pt.X] = want[i]
				}
				sd, rd := sm["data"].([]any), raw["data"].([]any)
				if len(sd) != len(rd) {
					t.Fatalf("%d smoothed points, %d raw", len(sd), len(rd))
				}
				if tt.stride != (len(rd) < len(s.Points)) {
					t.Errorf("%d of %d points drawn", len(rd), len(s.Points))
				}
				for i := range sd {
					p, r := sd[i].([]any), rd[i].([]any)
					if p[0] != r[0] {
						t.Fatalf("point %d: smoothed at x %v, raw at %v", i, p[0], r[0])
					}
					if w := at[p[0].(float64)]; math.Abs(p[1].(float64)-w) > 1e-6*math.Abs(w) {
						t.Fatalf("point %d at x %v: %v, the smoothed series has %v", i, p[0], p[1], w)
					}
				}
				stride := mk["stride"].(float64)
				if want := float64(len(s.Points)) / float64(len(rd)); math.Abs(stride-want) > 1e-12 {
					t.Errorf("stride %v, want %v", stride, want)
				}
				// the rows are 10 steps apart: a thinned line's mark says so
				if step, _ := mk["step"].(float64); tt.stride != (step == 10) {
					t.Errorf("step %v on a line of %d rows drawn from %d", mk["step"], len(s.Points), len(rd))
				}
			}
		})
	}
}

// TestSmoothKeepsRawElsewhere: the CSV and the data table keep the raw
// values, and the alt text says how the lines are smoothed.
func TestSmoothKeepsRawElsewhere(t *testing.T) {
	c := smoothChart(t, "data: log.csv\nx: step\ny: loss\nseries: run\nsmooth: {window: 5}\n", 20)
	csv := string(CSV(c))
	first := c.Panels[0].Series[0].Points[0]
	if !strings.Contains(csv, fmt.Sprintf(",%v\n", first.Y)) && !strings.Contains(csv, fmt.Sprintf(",%v,", first.Y)) {
		t.Errorf("the CSV lost the raw value %v:\n%s", first.Y, csv[:min(len(csv), 300)])
	}
	alt := AltText(c)
	if !strings.Contains(alt, "moving mean of 5 points") {
		t.Errorf("alt text does not say how the lines are smoothed: %q", alt)
	}
}

// TestSmoothedOptionMatchesEncodingJSON: the option writer writes the
// smoothed pair's keys as encoding/json writes seriesJSON.
func TestSmoothedOptionMatchesEncodingJSON(t *testing.T) {
	for _, spec := range []string{"smooth: {ema: 0.9}\n", "smooth: {window: 4}\n"} {
		c := smoothChart(t, "data: log.csv\nx: step\ny: loss\nseries: run\n"+spec, 30)
		want := referenceJSON(t, buildOption(c))
		got := buildOption(c).write()
		if string(got.text) != string(want) {
			t.Errorf("%s: the option differs from encoding/json's:\n%s", spec, firstDiff(got.text, want))
		}
	}
}
