package chart

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// TestAxisUnits: the option tells the site script each axis' unit (for
// tooltips) and its tick unit (short units only); a long unit goes in the
// axis title unless the title names it.
func TestAxisUnits(t *testing.T) {
	md := "---\ntitle: U\n---\n\n```chart\n" +
		"type: scatter\ndata: |\n  model,n,compute,t\n  a,70M,1e20,12\n  b,1.4B,1e21,30\n" +
		"x: {field: compute, unit: FLOPs}\ny: {field: t, title: Step time, unit: ms}\n" +
		"panels:\n  - {title: A}\n  - {title: B, x: {field: n, title: Parameters, unit: ~}}\n  - {title: C, x: {title: Training FLOPs}}\n```\n"
	s, err := site.Load(sitetest.New(t, map[string]string{"content/u.md": md}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	b, err := json.Marshal(Option(c))
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		X []map[string]any `json:"xAxis"`
		Y []map[string]any `json:"yAxis"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, unit, tick any }{
		{"compute (FLOPs)", "FLOPs", nil},
		{"Parameters", nil, nil},
		{"Training FLOPs", "FLOPs", nil},
	}
	for i, w := range want {
		x := o.X[i]
		if x["name"] != w.name || x["scalesiteUnit"] != w.unit || x["scalesiteTickUnit"] != w.tick {
			t.Errorf("x axis %d: name %v, unit %v, tick unit %v; want %v, %v, %v", i, x["name"], x["scalesiteUnit"], x["scalesiteTickUnit"], w.name, w.unit, w.tick)
		}
		y := o.Y[i]
		if name, _ := y["name"].(string); (name != "" && name != "Step time") || y["scalesiteUnit"] != "ms" || y["scalesiteTickUnit"] != "ms" {
			t.Errorf("y axis %d: name %v, unit %v, tick unit %v; want Step time (or shared), ms, ms", i, y["name"], y["scalesiteUnit"], y["scalesiteTickUnit"])
		}
	}
	if alt := AltText(c); !strings.Contains(alt, "compute (FLOPs)") {
		t.Errorf("alt text %q does not name the x unit", alt)
	}
}

func TestLegendNumber(t *testing.T) {
	for _, tt := range []struct {
		name string
		v    float64
		want string
	}{
		{"70M", 70e6, "70M"},
		{" 1.4B", 1.4e9, "1.4B"},
		{"1,024", 1024, "1,024"},
		{"6e18", 6e18, "6×10¹⁸"},
		{"1024", 1024, "1024"},
	} {
		if got := legendNumber(tt.name, tt.v); got != tt.want {
			t.Errorf("legendNumber(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
