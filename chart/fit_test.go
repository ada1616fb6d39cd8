package chart

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// specOption loads a page with one chart of the given spec and returns the
// chart and its option as JSON gives it to the browser.
func specOption(t *testing.T, spec string) (*site.Chart, map[string]any) {
	t.Helper()
	return specFilesOption(t, spec, nil)
}

// derived lists the option's series with the given scalesiteFit role.
func derived(opt map[string]any, role string) []map[string]any {
	var out []map[string]any
	for _, s := range opt["series"].([]any) {
		sm := s.(map[string]any)
		if m, ok := sm["scalesiteFit"].(map[string]any); ok && m["role"] == role {
			out = append(out, sm)
		}
	}
	return out
}

// gpt4Data is the GPT-4 gallery page's law, 1 + 0.26·C^-0.1257, without
// noise, at 13 half decades, and a final run.
const gpt4Spec = `data: |
  series,compute,bits_per_word
  Observed,1e-10,5.6987
  Observed,3.16227766e-10,5.0656
  Observed,1e-09,4.5178
  Observed,3.16227766e-09,4.0439
  Observed,1e-08,3.6337
  Observed,3.16227766e-08,3.2789
  Observed,1e-07,2.9718
  Observed,3.16227766e-07,2.7062
  Observed,1e-06,2.4763
  Observed,3.16227766e-06,2.2774
  Observed,1e-05,2.1053
  Observed,3.16227766e-05,1.9564
  Observed,0.0001,1.8275
  gpt-4,1,1.26
series: series
x: {field: compute, scale: log}
y: {field: bits_per_word}
fit: {type: powerlaw+c, series: Observed, extrapolate: 1, label: Prediction}
`

func TestFitSeriesInOption(t *testing.T) {
	c, opt := specOption(t, gpt4Spec)
	fits := c.Panels[0].Fits
	if len(fits) != 1 {
		t.Fatalf("%d fits, want 1", len(fits))
	}
	f := fits[0]
	// The data are the law rounded to 4 decimals: the fit gives it back.
	if math.Abs(f.A-0.26) > 0.005 || math.Abs(f.B+0.1257) > 0.002 || math.Abs(f.C-1) > 0.01 {
		t.Errorf("fitted %+v, want A 0.26, B -0.1257, C 1", f.Result)
	}
	lines := derived(opt, "fit")
	if len(lines) != 1 {
		t.Fatalf("%d fit series, want 1", len(lines))
	}
	s := lines[0]
	want := "Prediction: B = " + fit.Number(f.C, 3) + " + " + fit.Number(f.A, 3) + " · C⁻⁰·¹³ (" + f.R2Text() + ")"
	if s["name"] != want {
		t.Errorf("name %q, want %q", s["name"], want)
	}
	if s["type"] != "line" {
		t.Errorf("type %v, want line", s["type"])
	}
	ls := s["lineStyle"].(map[string]any)
	if ls["type"] == nil || ls["color"] != s["itemStyle"].(map[string]any)["color"] {
		t.Errorf("line style %v: want dashed, in the series' colour", ls)
	}
	// The line passes through the fitted values, over the data's x range,
	// in fitSamples points evenly spaced in log10 x.
	data := s["data"].([]any)
	if len(data) != fitSamples {
		t.Fatalf("%d points, want %d", len(data), fitSamples)
	}
	for k, d := range data {
		p := d.([]any)
		X, x, y := p[0].(float64), p[2].(float64), p[3].(float64)
		if math.Abs(X-math.Log10(x)) > 1e-9 {
			t.Errorf("point %d: X %v is not log10 of x %v", k, X, x)
		}
		if math.Abs(y-f.Eval(x)) > 1e-12*math.Abs(y) {
			t.Errorf("point %d: y %v, want the fit's %v", k, y, f.Eval(x))
		}
		if wantX := -10 + 6*float64(k)/float64(fitSamples-1); math.Abs(X-wantX) > 1e-6 {
			t.Errorf("point %d at %v, want %v", k, X, wantX)
		}
	}
	// The extrapolated part: from the last small run to GPT-4, dotted,
	// under the same legend entry.
	ext := derived(opt, "extrapolation")
	if len(ext) != 1 {
		t.Fatalf("%d extrapolations, want 1", len(ext))
	}
	ed := ext[0]["data"].([]any)
	first, last := ed[0].([]any), ed[len(ed)-1].([]any)
	if first[0].(float64) != -4 || last[0].(float64) != 0 || ext[0]["name"] != want {
		t.Errorf("extrapolation %v from %v to %v, want %q from -4 to 0", ext[0]["name"], first[0], last[0], want)
	}
	if got, wantY := last[3].(float64), f.Eval(1); math.Abs(got-wantY) > 1e-12 {
		t.Errorf("extrapolated to %v at GPT-4, want %v", got, wantY)
	}
	// The legend is shown and the y axis reaches the prediction.
	lg, _ := opt["legend"].(map[string]any)
	if l, ok := opt["legend"].([]any); ok {
		lg = l[0].(map[string]any)
	}
	if lg["show"] != true {
		t.Errorf("legend %v, want it shown", lg)
	}
	if ymin := opt["yAxis"].([]any)[0].(map[string]any)["min"].(float64); ymin > f.Eval(1) {
		t.Errorf("y axis starts at %v, above the prediction %v", ymin, f.Eval(1))
	}
}

func TestFitOverAllAndExtrapolatedAxis(t *testing.T) {
	spec := `data: |
  model,params,loss
  a,1e6,4.0
  a,1e7,3.5
  b,1e8,3.05
  b,1e9,2.68
x: {field: params, scale: log}
y: {field: loss, scale: log}
series: model
fit: {type: powerlaw, over: all, extrapolate: 1e12}
`
	c, opt := specOption(t, spec)
	f := c.Panels[0].Fits[0]
	if f.Series != "" || f.N != 4 {
		t.Errorf("fit %+v, want one over all 4 points", f)
	}
	lines := derived(opt, "fit")
	if len(lines) != 1 || !strings.HasPrefix(lines[0]["name"].(string), "fit: L = ") {
		t.Fatalf("fit series %v, want one named fit: L = …", lines)
	}
	if col := lines[0]["itemStyle"].(map[string]any)["color"]; col != neutralColor {
		t.Errorf("a fit over all points in %v, want the neutral %s", col, neutralColor)
	}
	// The x axis reaches 10^12 (plus its padding).
	if xmax := opt["xAxis"].([]any)[0].(map[string]any)["max"].(float64); xmax < 12 {
		t.Errorf("x axis ends at 10^%v, before the extrapolation to 10^12", xmax)
	}
	// On log-log axes the power law is straight: X and Y in axis space.
	for _, d := range derived(opt, "extrapolation")[0]["data"].([]any) {
		p := d.([]any)
		if y := math.Log10(f.A) + f.B*p[0].(float64); math.Abs(y-p[1].(float64)) > 1e-9 {
			t.Errorf("extrapolated point %v off the line (%v)", p, y)
		}
	}
}

func TestFrontierSeries(t *testing.T) {
	spec := `data: |
  model,flops,loss
  s,1,5
  s,2,4
  s,4,3.6
  m,2,4.5
  m,4,3.2
  m,8,2.9
  l,8,3.5
  l,16,2.5
x: {field: flops, scale: log}
y: loss
series: model
frontier: min
fit: {type: powerlaw, over: frontier}
`
	c, opt := specOption(t, spec)
	line, rings := derived(opt, "frontier"), derived(opt, "frontier-points")
	if len(line) != 1 || len(rings) != 1 {
		t.Fatalf("%d frontier lines and %d ring series, want 1 and 1", len(line), len(rings))
	}
	wantX := []float64{1, 2, 4, 8, 16}
	wantY := []float64{5, 4, 3.2, 2.9, 2.5}
	for _, s := range []map[string]any{line[0], rings[0]} {
		if s["name"] != "Frontier" {
			t.Errorf("named %v, want Frontier", s["name"])
		}
		data := s["data"].([]any)
		if len(data) != len(wantX) {
			t.Fatalf("%s: %d points, want %d", s["type"], len(data), len(wantX))
		}
		for k, d := range data {
			p := d.([]any)
			if p[2].(float64) != wantX[k] || p[3].(float64) != wantY[k] {
				t.Errorf("%s point %d: %v, want (%v, %v)", s["type"], k, p, wantX[k], wantY[k])
			}
		}
	}
	if line[0]["step"] != "end" || rings[0]["silent"] != true || rings[0]["type"] != "scatter" {
		t.Errorf("frontier line step %v, rings %v silent %v: want a staircase and silent rings", line[0]["step"], rings[0]["type"], rings[0]["silent"])
	}
	if f := c.Panels[0].Fits[0]; f.N != 5 {
		t.Errorf("the fit over the frontier has %d points, want 5", f.N)
	}
}

func TestFitLoadErrors(t *testing.T) {
	tests := []struct{ name, spec, want string }{
		{"too few points", "data: |\n  x,y\n  1,2\n  2,3\n  3,3.5\nx: x\ny: y\nfit: powerlaw+c\n",
			"content/f.md:12:6: the fit of the points: a powerlaw+c fit needs at least 4 points at different x values, and has 3"},
		{"y at 0 for a power law", "data: |\n  x,y\n  1,2\n  2,0\n  3,3.5\nx: x\ny: y\nfit: powerlaw\n",
			"content/f.md:12:6: the fit of the points: a powerlaw fit needs y values above 0 (it is a straight line on log-log axes), but y is 0: use powerlaw+c, which allows any y (\"y\" at content/f.md:8)"},
		{"no convergence", "data: |\n  x,y\n  1,5\n  10,4\n  100,3\n  1000,2\n  10000,1\nx: x\ny: y\npanels:\n  - fit: powerlaw+c\n",
			"content/f.md:15:10: the fit of the points in panel 1: the powerlaw+c fit did not converge: the points lie on a straight line on a log x axis, so the exponent cannot be told (it runs to 0 and the constants to infinity); use fit: loglinear, or powerlaw"},
		{"a series that is not there", "data: |\n  s,x,y\n  Observed,1,2\n  Observed,2,3\nx: x\ny: y\nseries: s\nfit: {type: linear, series: Obsrved}\n",
			`content/f.md:12:29: fit series "Obsrved" is not a series of the panel (the values of "s": "Observed") — did you mean "Observed"?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			md := "---\ntitle: Chart\n---\n```chart\n" + tc.spec + "```\n"
			_, err := site.Load(sitetest.New(t, map[string]string{"content/f.md": md}), site.Options{})
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", err, tc.want)
			}
		})
	}
}

// TestAltTextNamesFits: the chart's description for screen readers and
// readers without JavaScript states the fitted law.
func TestAltTextNamesFits(t *testing.T) {
	c, _ := specOption(t, "data: |\n  compute,loss\n  1,4\n  10,2\n  100,1\n  1000,0.5\nx: {field: compute, scale: log}\ny: {field: loss, scale: log}\nfit: powerlaw\nfrontier: min\n")
	alt := AltText(c)
	if !strings.Contains(alt, "Fit: L = ") || !strings.Contains(alt, "R²") || !strings.Contains(alt, "frontier") {
		t.Errorf("alt text %q does not state the fit and the frontier", alt)
	}
}

// BenchmarkOptionManyFits builds the option of one chart of n series, each
// with fit: powerlaw, up to site.MaxChartSeries curves. Naming each fit
// once listed every series (styleNames per fit): 3,000 fitted series took
// over a minute; the cost per series must stay flat as n grows.
func BenchmarkOptionManyFits(b *testing.B) {
	for _, n := range []int{100, site.MaxChartSeries / 2} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var csv strings.Builder
			csv.WriteString("model,flops,loss\n")
			for i := range n {
				fmt.Fprintf(&csv, "m%d,1e18,3.%d\nm%d,1e19,2.%d\nm%d,1e20,1.%d\n", i, i%10, i, i%10, i, i%10)
			}
			md := "---\ntitle: Chart\n---\n```chart\ndata: data/runs.csv\nx: {field: flops, scale: log}\ny: {field: loss, scale: log}\nseries: model\nfit: powerlaw\n```\n"
			s, err := site.Load(sitetest.New(b, map[string]string{"content/f.md": md, "data/runs.csv": csv.String()}), site.Options{})
			if err != nil {
				b.Fatal(err)
			}
			c := s.Body(s.Pages[0]).Charts[0]
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				OptionBytes(Option(c))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/series")
		})
	}
}
