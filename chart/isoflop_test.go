package chart

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
)

// TestIsoFLOPMarks: an isoflop chart names each parabola by its budget and
// minimum, marks the minimum with a diamond going by the same name, and
// draws the power law's band under its name, out to the extrapolation.
func TestIsoFLOPMarks(t *testing.T) {
	csv, err := os.ReadFile("../content/format/trends/isoflop-runs.csv")
	if err != nil {
		t.Fatal(err)
	}
	c, opt := specFilesOption(t, "type: isoflop\ndata: runs.csv\ncompute: compute\nx: {field: params, title: Parameters N}\ny: {field: loss, title: Loss L}\n"+
		"fit: {type: powerlaw, bootstrap: 200, extrapolate: 1e24}\n", map[string]string{"content/runs.csv": string(csv)})
	fits, marks := derived(opt, "fit"), derived(opt, roleMinimum)
	if len(fits) != 7 || len(marks) != 6 {
		t.Fatalf("%d fits and %d minimum marks, want 7 and 6", len(fits), len(marks))
	}
	if got := fits[0]["name"]; got != "6×10¹⁸ minimum: N = 1.86×10⁸, L = 3.10" {
		t.Errorf("first parabola's legend %q", got)
	}
	for k, m := range marks {
		if m["name"] != fits[k]["name"] || m["symbol"] != "diamond" {
			t.Errorf("mark %d: %v %v, want a diamond named %q", k, m["name"], m["symbol"], fits[k]["name"])
		}
		f := c.Panels[0].Fits[k]
		v := fit.Parabola{P0: f.A, P1: f.B, P2: f.C}.Minimum()
		pt := m["data"].([]any)[0].([]any)
		if x := pt[0].(float64); math.Abs(x-math.Log10(v.X)) > 1e-9 {
			t.Errorf("mark %d at log10 x %g, want %g", k, x, math.Log10(v.X))
		}
	}
	law := fits[6]["name"].(string)
	if !strings.HasPrefix(law, "fit: N = 0.555 · C⁰·⁴⁵, exponent [0.4") {
		t.Errorf("power law's legend %q", law)
	}
	alt := AltText(c)
	for _, want := range []string{"Fit to 6e+18: L = 27.0 − 5.79 · log₁₀ N + 0.350 · (log₁₀ N)², minimum at N = 1.86×10⁸, L = 3.10 (R² 0.994).",
		"Fit: N = 0.555 · C⁰·⁴⁵, exponent [0.4"} {
		if !strings.Contains(alt, want) {
			t.Errorf("description %q does not say %q", alt, want)
		}
	}
	var band map[string]any
	for _, s := range opt["series"].([]any) {
		if sm := s.(map[string]any); sm["type"] == "custom" && strings.HasPrefix(sm["id"].(string), "scalesite-band-") {
			band = sm
		}
	}
	if band == nil || band["name"] != law || band["xAxisIndex"].(float64) != 1 {
		t.Fatalf("band %v, want one in panel 2 named %q", band, law)
	}
	// the axis shows the band whole, out to 1e24
	_, _, _, yhi := PanelExtent(c, 1)
	if _, hi, _ := c.Panels[1].Fits[0].IsoFLOP.Band(1e24); yhi < hi {
		t.Errorf("panel 2's extent reaches %g, under the band's %g at 1e24", yhi, hi)
	}
}
