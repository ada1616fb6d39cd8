package chart

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// chinchillaLaw is L = 1.69 + 406.4/N^0.34 + 410.7/D^0.28 (Hoffmann et
// al.'s constants).
func chinchillaLaw(n, d float64) float64 {
	return 1.69 + 406.4/math.Pow(n, 0.34) + 410.7/math.Pow(d, 0.28)
}

// chinchillaSpec is a loss-vs-compute chart of runs at three model sizes
// on the exact surface, with the law fitted over all of them.
func chinchillaSpec(fitExtra string) string {
	var b strings.Builder
	b.WriteString("data: |\n  params,tokens,flops,loss\n")
	for _, n := range []float64{1e8, 1e9, 1e10} {
		for _, d := range []float64{1e9, 4e9, 1.6e10, 6.4e10, 2.56e11} {
			fmt.Fprintf(&b, "  %g,%g,%g,%.10g\n", n, d, 6*n*d, chinchillaLaw(n, d))
		}
	}
	b.WriteString("series: params\nx: {field: flops, scale: log}\ny: {field: loss, scale: log}\n")
	b.WriteString("fit:\n  law: \"L = E + A / N^alpha + B / D^beta\"\n  where: {N: params, D: tokens}\n  over: all\n" + fitExtra)
	return b.String()
}

// TestLawCurves: a law fitted over every run is drawn along each run, in
// the legend once with its constants (3 significant digits, exponents 2),
// through the law's value at each run's points; extrapolated, each run's
// curve continues dashed with a band of the bootstrap's predictions.
func TestLawCurves(t *testing.T) {
	c, opt := specOption(t, chinchillaSpec("  bootstrap: 40\n  extrapolate: 1e23\n"))
	f := c.Panels[0].Fits[0]
	if f.Law == nil {
		t.Fatalf("no fit by law: %+v", f)
	}
	fits := derived(opt, "fit")
	if len(fits) != 3 {
		t.Fatalf("%d fit curves, want one along each of the 3 runs", len(fits))
	}
	want := "fit: L = 1.69 + 406/N⁰·³⁴ + 411/D⁰·²⁸ (R² 1)"
	for _, s := range fits {
		if s["name"] != want {
			t.Errorf("legend %q, want %q", s["name"], want)
		}
	}
	// Along the run at N = 1e9 the curve goes through the law at the
	// run's points, and between them follows D = C/6N exactly.
	run := fits[1]["data"].([]any)
	if len(run) < 50 {
		t.Fatalf("%d points along the run, want about %d", len(run), fitSamples)
	}
	for _, p := range run {
		x, y := p.([]any)[0].(float64), p.([]any)[1].(float64)
		c := math.Pow(10, x)
		if w := math.Log10(chinchillaLaw(1e9, c/6e9)); math.Abs(y-w) > 1e-6 {
			t.Fatalf("curve at C = %.4g: log10 L = %.8g, want %.8g", c, y, w)
		}
	}
	exts := derived(opt, "extrapolation")
	if len(exts) != 3 {
		t.Fatalf("%d extrapolations, want 3", len(exts))
	}
	last := exts[1]["data"].([]any)
	end := last[len(last)-1].([]any)
	if x := end[0].(float64); math.Abs(x-23) > 1e-9 {
		t.Errorf("extrapolation ends at 10^%g, want 10^23", x)
	}
	if y, w := end[1].(float64), math.Log10(chinchillaLaw(1e9, 1e23/6e9)); math.Abs(y-w) > 1e-4 {
		t.Errorf("extrapolated to 1e23: %g, want the law's %g (D = C/6N continued)", y, w)
	}
	bands := 0
	for _, s := range opt["series"].([]any) {
		if id, _ := s.(map[string]any)["id"].(string); strings.HasPrefix(id, "scalesite-fitband-") {
			bands++
			if s.(map[string]any)["name"] != want {
				t.Errorf("band %s under %q, want the fit's legend entry", id, s.(map[string]any)["name"])
			}
		}
	}
	if bands != 3 {
		t.Errorf("%d prediction bands, want one per extrapolated run (3)", bands)
	}
	if alt := AltText(c); !strings.Contains(alt, "L = 1.69 + 406/N⁰·³⁴ + 411/D⁰·²⁸") {
		t.Errorf("description %q does not give the law", alt)
	}
}
