package chart

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/site"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// loadDemo loads the demo site at the root of the repository.
func loadDemo(t testing.TB) *site.Site { return chartcorpus.LoadDemo(t, "..") }

func findPage(t testing.TB, s *site.Site, slug string) *site.Page {
	t.Helper()
	for _, p := range s.Pages {
		if p.Slug == slug {
			return p
		}
	}
	t.Fatalf("the demo site has no page %q", slug)
	return nil
}

// TestSeedChartOptions compares the ECharts option of each seed chart with
// its golden file. Run `go test ./chart -run TestSeedChartOptions -update`
// after an intended change, and read the diff.
func TestSeedChartOptions(t *testing.T) {
	s := loadDemo(t)
	for _, slug := range []string{"audio-models", "rwkv-scaling", "flops-accuracy"} {
		t.Run(slug, func(t *testing.T) {
			p := findPage(t, s, slug)
			if len(p.Charts) != 1 {
				t.Fatalf("%d charts, want 1", len(p.Charts))
			}
			checkOptionGolden(t, slug+".golden.json", s.Body(p).Charts[0])
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want []byte) string { return chartcorpus.FirstDiff(got, want) }

// TestSeedChartSemantics checks what the seeds promise, independently of the
// golden bytes: axis types and ranges, formats, colours, labels, panels.
func TestSeedChartSemantics(t *testing.T) {
	s := loadDemo(t)
	opt := func(slug string) map[string]any {
		p := findPage(t, s, slug)
		b, err := json.Marshal(Option(s.Body(p).Charts[0]))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	get := func(m map[string]any, path ...any) any {
		var v any = m
		for _, k := range path {
			switch k := k.(type) {
			case string:
				v = v.(map[string]any)[k]
			case int:
				v = v.([]any)[k]
			}
		}
		return v
	}
	tests := []struct {
		slug string
		path []any
		want any
	}{
		{"audio-models", []any{"xAxis", 0, "type"}, "value"},
		{"audio-models", []any{"xAxis", 0, "scalesiteLog"}, true},
		{"audio-models", []any{"xAxis", 0, "axisLabel", "formatter"}, "@pow"},
		{"audio-models", []any{"xAxis", 0, "name"}, "Number of Audio Parameters (Millions)"},
		{"audio-models", []any{"yAxis", 0, "type"}, "value"},
		{"audio-models", []any{"yAxis", 0, "min"}, 84.0},
		{"audio-models", []any{"yAxis", 0, "max"}, 89.0},
		{"audio-models", []any{"series", 0, "type"}, "scatter"},
		{"audio-models", []any{"series", 0, "label", "show"}, true},
		{"audio-models", []any{"series", 0, "labelLayout"}, "@placeLabels"},
		{"audio-models", []any{"series", 0, "data", 0, "name"}, "VGG-ish (84.45)"},
		{"audio-models", []any{"series", 0, "itemStyle", "color"}, namedColors["orange"]},
		{"audio-models", []any{"legend", "show"}, false},
		{"audio-models", []any{"tooltip", "formatter"}, "@tooltip"},
		{"rwkv-scaling", []any{"scalesite", "columns"}, 2.0},
		{"rwkv-scaling", []any{"scalesite", "panels"}, 2.0},
		{"rwkv-scaling", []any{"xAxis", 1, "gridIndex"}, 1.0},
		{"rwkv-scaling", []any{"xAxis", 0, "axisLabel", "formatter"}, "@sci"},
		{"rwkv-scaling", []any{"title", 1, "text"}, "Training"},
		{"rwkv-scaling", []any{"title", 2, "text"}, "Inference"},
		{"rwkv-scaling", []any{"series", 0, "name"}, "Qwen2.5 7B"},
		{"rwkv-scaling", []any{"series", 5, "name"}, "Qwen2.5 7B"},
		{"rwkv-scaling", []any{"series", 5, "xAxisIndex"}, 1.0},
		{"rwkv-scaling", []any{"series", 5, "itemStyle", "color"}, namedColors["blue"]},
		{"rwkv-scaling", []any{"series", 1, "itemStyle", "color"}, namedColors["red"]},
		{"rwkv-scaling", []any{"legend", "show"}, true},
		{"flops-accuracy", []any{"yAxis", 0, "axisLabel", "formatter"}, "@percent"},
		{"flops-accuracy", []any{"xAxis", 0, "min"}, 20.0},
		{"flops-accuracy", []any{"series", 1, "name"}, "Qwen2.5 0.5B"},
		{"flops-accuracy", []any{"series", 1, "data", 2, 0}, 1e23}, // its value: the page takes log10 (scalesite.raw)
		{"flops-accuracy", []any{"series", 1, "data", 2, 1}, 60.0},
		{"flops-accuracy", []any{"scalesite", "raw"}, true},
	}
	for _, tt := range tests {
		if got := get(opt(tt.slug), tt.path...); got != tt.want {
			t.Errorf("%s %v = %#v, want %#v", tt.slug, tt.path, got, tt.want)
		}
	}
	// where the panels go is the layout's (chartlayout.js frame), for the
	// width the chart gets: the option carries no grid of its own
	if g, ok := opt("rwkv-scaling")["grid"]; ok {
		t.Errorf("rwkv-scaling's option has a grid of its own: %v", g)
	}
}

// TestSeriesDataMatchesEncodingJSON checks the hand-written encoding of
// points against encoding/json: the same values once parsed, and strings
// escaped the same way.
func TestSeriesDataMatchesEncodingJSON(t *testing.T) {
	var n site.Notes
	points := []site.Point{{X: 1e20, Y: 0.41}, {X: 1e21, Y: -3.5}, {X: 7e-7, Y: 123456789}, n.With(site.Point{X: 1, Y: 0}, `</script><b>"x"&`, nil), {X: 2.5e-10, Y: 1e300}, {X: 1.2664e19, Y: 39.71}}
	data, _ := seriesData(points, &n)
	got, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	var items []any
	for _, p := range points {
		if n.Label(p) != "" {
			items = append(items, map[string]any{"name": n.Label(p), "value": [2]float64{p.X, p.Y}})
		} else {
			items = append(items, [2]float64{p.X, p.Y})
		}
	}
	want, _ := json.Marshal(items)
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("seriesData wrote invalid JSON %s: %v", got, err)
	}
	json.Unmarshal(want, &w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("seriesData:\n got %s\nwant %s", got, want)
	}
	if strings.Contains(string(got), "<") || !strings.Contains(string(got), `[1e+20,0.41]`) || !strings.Contains(string(got), `[1.2664e+19,39.71]`) {
		t.Errorf("seriesData = %s: want < escaped and powers of ten written short", got)
	}
}

// TestSeriesDataLogAxes: on a log axis too a point carries its values as
// they are (the page puts them at their exponents: chartlayout.js
// expandRaw), and the chart's meta says so; a gap breaks the line.
func TestSeriesDataLogAxes(t *testing.T) {
	var n site.Notes
	points := []site.Point{{X: 1e20, Y: 0.41}, {X: 3.14e23, Y: math.NaN()}, n.With(site.Point{X: 1e-3, Y: 2}, "m", nil)}
	data, labelled := seriesData(points, &n)
	got := appendPoints(nil, data.points, data.notes)
	want := `[[1e+20,0.41],[3.14e+23,"-"],{"name":"m","value":[0.001,2]}]`
	if string(got) != want || !labelled {
		t.Errorf("seriesData = %s (labelled %v), want %s", got, labelled, want)
	}
	for _, tc := range []struct {
		x, y string
		raw  bool
	}{{"linear", "linear", false}, {"log", "linear", true}, {"linear", "log", true}} {
		_, opt := specFilesOption(t, "type: line\ndata: d.csv\nx: {field: x, scale: "+tc.x+"}\ny: {field: y, scale: "+tc.y+"}\n",
			map[string]string{"content/d.csv": "x,y\n1,2\n10,20\n"})
		meta, _ := opt["scalesite"].(map[string]any)
		if raw, _ := meta["raw"].(bool); raw != tc.raw {
			t.Errorf("x %s, y %s: meta raw %v, want %v", tc.x, tc.y, raw, tc.raw)
		}
	}
}

// TestSeriesStylesNeverRepeat: series the spec gives no colour skip the
// colours it gave to others, and once the palette is used up, series that
// share a colour differ in marker and dash.
func TestSeriesStylesNeverRepeat(t *testing.T) {
	c := &site.Chart{Spec: &chartspec.Chart{Colors: map[string]string{"A": "red", "D": palette[0]}}, Panels: []site.Panel{{Series: []site.Series{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}}}}
	got := SeriesStyles(c)
	want := map[string]string{"A": namedColors["red"], "B": palette[1], "C": palette[3], "D": palette[0]}
	for k, v := range want {
		if got[k].Color != v {
			t.Errorf("colour of %s = %s, want %s (all: %v)", k, got[k].Color, v, got)
		}
	}
	var many []site.Series
	for i := range 35 {
		many = append(many, site.Series{Name: strconv.Itoa(i)})
	}
	styles := SeriesStyles(&site.Chart{Spec: &chartspec.Chart{}, Panels: []site.Panel{{Series: many}}})
	seen := map[string]string{}
	for name, st := range styles {
		key := fmt.Sprint(st.Color, st.Symbol, st.Dash)
		if other, dup := seen[key]; dup {
			t.Errorf("series %s and %s look alike: %s", name, other, key)
		}
		seen[key] = name
	}
}

func TestNumberName(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{{6e18, "6×10¹⁸"}, {1e19, "10¹⁹"}, {3e21, "3×10²¹"}, {1024, "1024"}, {0.5, "0.5"}, {2.5e-7, "2.5×10⁻⁷"}, {-1e6, "-10⁶"},
		{999900, "10⁶"}, {1.2345e5, "1.23×10⁵"}, {-2.5e-315, "-2.5×10⁻³¹⁵"}, {5e-324, "4.94×10⁻³²⁴"}, {math.MaxFloat64, "1.8×10³⁰⁸"}} {
		if got := numberName(tt.v); got != tt.want {
			t.Errorf("numberName(%g) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestAxisRange(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, tt := range []struct {
		name     string
		a        chartspec.Axis
		lo, hi   float64
		wlo, whi float64
	}{
		{"linear pads 4% each side", chartspec.Axis{}, 100, 200, 96, 204},
		{"linear across zero pads both sides", chartspec.Axis{}, -10, 10, -10.8, 10.8},
		// issue 20: steps 0..50,000 were drawn from -2,000
		{"linear from zero stays at zero", chartspec.Axis{}, 0, 50000, 0, 52000},
		{"linear near zero stops at zero", chartspec.Axis{}, 0.5, 50, 0, 51.98},
		{"linear up to zero stops at zero", chartspec.Axis{}, -50, 0, -52, 0},
		{"min set below zero kept", chartspec.Axis{Min: f(-1000)}, 0, 50000, -1000, 52000},
		{"log pads in decades", chartspec.Axis{Scale: chartspec.ScaleLog}, 1, 1e10, -0.4, 10.4},
		{"bounds kept", chartspec.Axis{Min: f(40), Max: f(80)}, 45, 75, 40, 80},
		{"log bounds as exponents", chartspec.Axis{Scale: chartspec.ScaleLog, Min: f(1e20), Max: f(1e24)}, 2e20, 5e23, 20, 24},
		{"one value", chartspec.Axis{Scale: chartspec.ScaleLog}, 100, 100, 1.5, 2.5},
		{"min beyond data", chartspec.Axis{Min: f(100)}, 1, 10, 100, 109},
		// issue 32: every magnitude a float64 holds, never Infinity or NaN
		{"near the largest", chartspec.Axis{}, 1e308, 1.7e308, 0.972e308, 1.728e308},
		{"one value near the largest", chartspec.Axis{}, 1.7e308, 1.7e308, 1.53e308, math.MaxFloat64},
		{"one value near the most negative", chartspec.Axis{}, -1.7e308, -1.7e308, -math.MaxFloat64, -1.53e308},
		{"subnormals", chartspec.Axis{}, 1e-320, 3e-320, 9.2e-321, 3.08e-320},
		{"tiny", chartspec.Axis{}, -3e-300, -1e-300, -3.08e-300, -9.2e-301},
		// 1e-320 is 9.99988671826831e-321 as a float64 (math.Log10 read it as 10^-307.95)
		{"subnormals on a log axis", chartspec.Axis{Scale: chartspec.ScaleLog}, 1e-320, 1e-310, -320.400005028, -309.599999807},
	} {
		lo, hi := axisRange(tt.a, tt.lo, tt.hi)
		// to 1e-9 of the wanted range (an absolute 1e-9 says nothing of 1e-320)
		tol := 1e-9 * math.Max(math.Abs(tt.whi-tt.wlo), math.Max(math.Abs(tt.wlo), math.Abs(tt.whi))/1e3)
		if !(math.Abs(lo-tt.wlo) <= tol && math.Abs(hi-tt.whi) <= tol) {
			t.Errorf("%s: axisRange = [%g, %g], want [%g, %g]", tt.name, lo, hi, tt.wlo, tt.whi)
		}
	}
}

// TestSeriesCarryTheirColours: the palette is chart/'s alone. Every series
// of every demo chart carries its colour (SeriesStyles': the palette's, or
// the spec's) in the option, and every option a colour list of its own, so
// the site script gives nothing a colour (e2e's TestDemoSiteInChromium
// checks that the page draws these colours).
func TestSeriesCarryTheirColours(t *testing.T) {
	s := loadDemo(t)
	charts := 0
	for _, p := range s.Pages {
		for _, c := range s.Body(p).Charts {
			charts++
			var o struct {
				Color  []string `json:"color"`
				Series []struct {
					Name      string `json:"name"`
					ItemStyle *struct {
						Color string `json:"color"`
					} `json:"itemStyle"`
				} `json:"series"`
			}
			if err := json.Unmarshal(OptionBytes(Option(c)), &o); err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			if len(o.Color) == 0 {
				t.Errorf("%s: the option has no colour list: ECharts would colour what has none from its theme", c.ID)
			}
			styles := SeriesStyles(c)
			for _, sr := range o.Series {
				st, ok := styles[sr.Name]
				if !ok {
					continue // a fit's or a mark's series, coloured by its own marks
				}
				if sr.ItemStyle == nil || sr.ItemStyle.Color != st.Color {
					t.Errorf("%s: series %q carries itemStyle %+v, want colour %s", c.ID, sr.Name, sr.ItemStyle, st.Color)
				}
			}
		}
	}
	if charts < 10 {
		t.Fatalf("the demo has %d charts, want its many", charts)
	}
}

// TestPaletteContrast: each colour of the palette has at least 3:1 contrast
// (WCAG 2.x) on both page backgrounds, #ffffff and #111418, and no colour
// repeats.
func TestPaletteContrast(t *testing.T) {
	lum := func(hex string) float64 {
		var rgb [3]float64
		for i := range rgb {
			v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
			if err != nil || len(hex) != 7 {
				t.Fatalf("palette colour %q is not #rrggbb", hex)
			}
			c := float64(v) / 255
			if c <= 0.04045 {
				rgb[i] = c / 12.92
			} else {
				rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
	}
	contrast := func(a, b string) float64 {
		la, lb := lum(a), lum(b)
		return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
	}
	if len(palette) != 10 {
		t.Errorf("the palette has %d colours, want 10", len(palette))
	}
	seen := map[string]bool{}
	for _, c := range palette {
		if seen[c] {
			t.Errorf("the palette repeats %s", c)
		}
		seen[c] = true
		light, dark := contrast(c, "#ffffff"), contrast(c, "#111418")
		if light < 3 || dark < 3 {
			t.Errorf("palette colour %s: contrast %.2f on #ffffff and %.2f on #111418, want >= 3 on both", c, light, dark)
		}
	}
}

// appendNumberStrconv is appendNumber as it was written first: both forms
// from strconv, the shorter kept.
func appendNumberStrconv(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	if len(b)-start <= 6 {
		return b
	}
	var e [32]byte
	sci := strconv.AppendFloat(e[:0], v, 'e', -1, 64)
	if len(sci) < len(b)-start {
		b = append(b[:start], sci...)
	}
	return b
}

// TestAppendNumberMatchesStrconv: appendNumber writes what strconv's plain
// and scientific forms would, for every kind of float.
func TestAppendNumberMatchesStrconv(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 19, 100000, 999999, 1e6, -99999, -1e5, 123456.5, 0.5, -0.5, 1e-7, 2.5e-10,
		1e20, 1e21, 1e22, 1.2664e19, 39.71, 41.23, 23.4969296481, 1e300, 5e-324, math.MaxFloat64, -math.MaxFloat64, 0.001, 0.0001, 1234567,
		12345.678, 1e-8, 9.999999999999999e-9, 1e36, 9.99999999999999e35, 1e35, 1e23, 1e22, 8.41e21, 123456789012345, 1234567890123456, 12345678901234567,
		99999.9999999999, -99999.99999, 1e-10, -1e-10, 1.5e-10, 0.0000000001, 123.4567890123, 99999.99999999999, 1e5 - 1e-10, 1.5e6, 100, 0.1, 0.30000000000000004, math.NaN(), math.Inf(1), math.Inf(-1), 7e-7, 123456789, -3.5, 84.45, 316}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var v float64
		switch rng.IntN(9) {
		case 0:
			v = math.Float64frombits(rng.Uint64())
		case 1:
			v = math.Round(rng.NormFloat64()*1e4) / math.Pow(10, float64(rng.IntN(12)))
		case 2:
			v = math.Pow(10, rng.Float64()*60-30)
		case 3: // a log coordinate
			v = logCoord(math.Pow(10, rng.Float64()*60-30))
		case 4: // data written with a few decimals, near the 1e5 bound too
			v = float64(rng.Int64N(2e15)-1e15) / math.Pow(10, float64(rng.IntN(16)))
		case 6:
			v = float64(rng.Int64N(1e15)) * math.Pow(10, float64(rng.IntN(60)-30))
		case 7:
			v = math.Nextafter(math.Pow(10, float64(rng.IntN(50)-10)), math.Inf(rng.IntN(2)*2-1))
		case 5:
			v = math.Nextafter(float64(rng.IntN(200000)-100000)/math.Pow(10, float64(rng.IntN(11))), math.Inf(rng.IntN(2)*2-1))
		default:
			v = float64(rng.IntN(3000000) - 1000000)
		}
		vals = append(vals, v)
	}
	for _, v := range vals {
		got, want := appendNumber([]byte("x"), v), appendNumberStrconv([]byte("x"), v)
		if string(got) != string(want) {
			t.Fatalf("appendNumber(%v) = %s, want %s", v, got[1:], want[1:])
		}
	}
}

// checkOptionGolden compares c's option, indented, with the golden file
// testdata/NAME (written anew with -update).
func checkOptionGolden(t *testing.T, name string, c *site.Chart) {
	t.Helper()
	got, err := json.MarshalIndent(Option(c), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("option differs from %s (run with -update and read the diff):\n%s", golden, firstDiff(got, want))
	}
}
