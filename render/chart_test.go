package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/spec"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// loadDemo loads the demo site at the root of the repository.
func loadDemo(t testing.TB) *site.Site {
	t.Helper()
	s, err := site.Load(filepath.Join("..", ""), site.Options{})
	if err != nil {
		t.Fatalf("loading the demo site: %v", err)
	}
	return s
}

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
// its golden file. Run `go test ./render -run TestSeedChartOptions -update`
// after an intended change, and read the diff.
func TestSeedChartOptions(t *testing.T) {
	s := loadDemo(t)
	for _, slug := range []string{"audio-models", "rwkv-scaling", "flops-accuracy"} {
		t.Run(slug, func(t *testing.T) {
			p := findPage(t, s, slug)
			if len(p.Charts) != 1 {
				t.Fatalf("%d charts, want 1", len(p.Charts))
			}
			got, err := json.MarshalIndent(chartOption(p.Charts[0], altText(p.Charts[0])), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := filepath.Join("testdata", slug+".golden.json")
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
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return ""
}

// TestSeedChartSemantics checks what the seeds promise, independently of the
// golden bytes: axis types and ranges, formats, colours, labels, panels.
func TestSeedChartSemantics(t *testing.T) {
	s := loadDemo(t)
	opt := func(slug string) map[string]any {
		p := findPage(t, s, slug)
		b, err := json.Marshal(chartOption(p.Charts[0], ""))
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
		{"audio-models", []any{"xAxis", 0, "type"}, "log"},
		{"audio-models", []any{"xAxis", 0, "axisLabel", "formatter"}, "@pow"},
		{"audio-models", []any{"xAxis", 0, "name"}, "Number of Audio Parameters (Millions)"},
		{"audio-models", []any{"yAxis", 0, "type"}, "value"},
		{"audio-models", []any{"yAxis", 0, "min"}, 84.0},
		{"audio-models", []any{"yAxis", 0, "max"}, 89.0},
		{"audio-models", []any{"series", 0, "type"}, "scatter"},
		{"audio-models", []any{"series", 0, "label", "show"}, true},
		{"audio-models", []any{"series", 0, "labelLayout", "moveOverlap"}, "shiftY"},
		{"audio-models", []any{"series", 0, "data", 0, "name"}, "VGG-ish (84.45)"},
		{"audio-models", []any{"series", 0, "itemStyle", "color"}, "#f28e2b"},
		{"audio-models", []any{"legend", "show"}, false},
		{"audio-models", []any{"tooltip", "formatter"}, "@tooltip"},
		{"rwkv-scaling", []any{"grid", 1, "left"}, "57%"},
		{"rwkv-scaling", []any{"xAxis", 1, "gridIndex"}, 1.0},
		{"rwkv-scaling", []any{"xAxis", 0, "axisLabel", "formatter"}, "@sci"},
		{"rwkv-scaling", []any{"title", 1, "text"}, "Training"},
		{"rwkv-scaling", []any{"title", 2, "text"}, "Inference"},
		{"rwkv-scaling", []any{"series", 0, "name"}, "Qwen2.5 7B"},
		{"rwkv-scaling", []any{"series", 5, "name"}, "Qwen2.5 7B"},
		{"rwkv-scaling", []any{"series", 5, "xAxisIndex"}, 1.0},
		{"rwkv-scaling", []any{"series", 5, "itemStyle", "color"}, "#4e79a7"},
		{"rwkv-scaling", []any{"series", 1, "itemStyle", "color"}, "#e15759"},
		{"rwkv-scaling", []any{"legend", "show"}, true},
		{"flops-accuracy", []any{"yAxis", 0, "axisLabel", "formatter"}, "@percent"},
		{"flops-accuracy", []any{"xAxis", 0, "min"}, 1e20},
		{"flops-accuracy", []any{"series", 1, "name"}, "Qwen2.5 0.5B"},
		{"flops-accuracy", []any{"series", 1, "data", 2, 0}, 1e23},
		{"flops-accuracy", []any{"series", 1, "data", 2, 1}, 60.0},
	}
	for _, tt := range tests {
		if got := get(opt(tt.slug), tt.path...); got != tt.want {
			t.Errorf("%s %v = %#v, want %#v", tt.slug, tt.path, got, tt.want)
		}
	}
}

// TestSeriesDataMatchesEncodingJSON checks the hand-written encoding of
// points against encoding/json: the same values once parsed, and strings
// escaped the same way.
func TestSeriesDataMatchesEncodingJSON(t *testing.T) {
	points := []site.Point{{X: 1e20, Y: 0.41}, {X: 1e21, Y: -3.5}, {X: 7e-7, Y: 123456789}, {X: 1, Y: 0, Label: `</script><b>"x"&`}, {X: 2.5e-10, Y: 1e300}, {X: 1.2664e19, Y: 39.71}}
	got, _ := seriesData(points)
	var items []any
	for _, p := range points {
		if p.Label != "" {
			items = append(items, map[string]any{"name": p.Label, "value": [2]float64{p.X, p.Y}})
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

// TestSeriesColorsNeverRepeat: series the spec gives no colour skip the
// colours it gave to others.
func TestSeriesColorsNeverRepeat(t *testing.T) {
	c := &site.Chart{Spec: &spec.Chart{Colors: map[string]string{"A": "red", "D": "#4e79a7"}}, Panels: []site.Panel{{Series: []site.Series{{Name: "A"}, {Name: "B"}, {Name: "C"}, {Name: "D"}}}}}
	got := seriesColors(c)
	want := map[string]string{"A": "#e15759", "B": "#f28e2b", "C": "#76b7b2", "D": "#4e79a7"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("colour of %s = %s, want %s (all: %v)", k, got[k], v, got)
		}
	}
}
