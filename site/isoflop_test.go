package site

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/fit"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestIsoFLOPChart: an isoflop chart's first panel gets each budget's
// parabola as a fit of its series, its second one point per budget, the
// minimum numpy finds (fit/isoflop_test.go), and the power law through
// them with the bootstrap behind it.
func TestIsoFLOPChart(t *testing.T) {
	csv, err := os.ReadFile("../content/format/trends/isoflop-runs.csv")
	if err != nil {
		t.Fatal(err)
	}
	spec := "type: isoflop\ndata: runs.csv\ncompute: compute\nx: {field: params, scale: log}\ny: loss\nfit: {type: powerlaw, bootstrap: 200, extrapolate: 1e24}\n"
	s, err := Load(sitetest.New(t, map[string]string{"content/f.md": trendPage(spec), "content/runs.csv": string(csv)}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	runs, minima := c.Panels[0], c.Panels[1]
	// np.polyfit(np.log10(params), loss, 2) per budget: the minima's x
	want := map[string]float64{"6e+18": 185846518.412015, "1e+19": 232210641.726188, "3e+19": 379115071.472251,
		"6e+19": 507015162.037701, "1e+20": 664587650.02628, "3e+20": 1098657478.94375}
	if len(runs.Fits) != len(want) || len(minima.Series) != len(want) {
		t.Fatalf("%d parabolas and %d minima, want %d", len(runs.Fits), len(minima.Series), len(want))
	}
	for k, f := range runs.Fits {
		m := fit.Parabola{P0: f.A, P1: f.B, P2: f.C}.Minimum()
		if f.Kind != fit.IsoFLOPCurve || math.Abs(m.X-want[f.Series]) > 1e-8*want[f.Series] {
			t.Errorf("parabola of %q: %s, minimum %g, want %g", f.Series, f.Kind, m.X, want[f.Series])
		}
		pt := minima.Series[k].Points
		budget, _ := strconv.ParseFloat(f.Series, 64)
		if minima.Series[k].Name != f.Series || len(pt) != 1 || pt[0].X != budget || pt[0].Y != m.X || pt[0].Row == 0 {
			t.Errorf("minimum of %q: %+v, want (%g, %g) on a row", f.Series, minima.Series[k], budget, m.X)
		}
	}
	law := minima.Fits[0]
	if law.Kind != fit.PowerLaw || math.Abs(law.B-0.453728567718706) > 1e-9 || math.Abs(law.A-0.554700607417006) > 1e-8 ||
		law.Lo != 6e18 || law.Hi != 3e20 || law.IsoFLOP == nil || !law.IsoFLOP.A.HasSE {
		t.Errorf("power law %+v", law)
	}
}

// TestIsoFLOPChartErrors: a budget without a minimum stops the build at
// compute, naming the budget and how to leave it out.
func TestIsoFLOPChartErrors(t *testing.T) {
	spec := "type: isoflop\ndata: |\n  c,n,l\n  1e18,1e8,2.2\n  1e18,2e8,2.1\n  1e18,4e8,2.2\n  1e19,1e8,2.3\n  1e19,2e8,2.1\n  1e19,4e8,2.0\n  1e20,1e9,2\n  1e20,2e9,1.9\n  1e20,4e9,2\ncompute: c\nx: n\ny: l\n"
	_, err := Load(sitetest.New(t, map[string]string{"content/f.md": trendPage(spec)}), Options{})
	want := "content/f.md:17:10: the isoflop fit: the budget 1e+19: its minimum, at x = 5.66e+08, lies outside the sizes run (1e+08 to 4e+08); run sizes beyond it; or leave the budget out with where: {c: \"!= 1e+19\"}"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v, want %q", err, want)
	}
	// the message's where: leaves the budget out, and the chart builds
	s, err := Load(sitetest.New(t, map[string]string{"content/f.md": trendPage(spec + "where: {c: \"!= 1e+19\"}\n")}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Body(s.Pages[0]).Charts[0].Panels[1].Series); got != 2 {
		t.Errorf("%d minima, want 2", got)
	}
}
