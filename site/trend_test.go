package site

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

// datedRows is fit/exponential_test.go's dated series (compute doubling
// every six months, decimal years), as CSV rows.
const datedRows = `  date,compute
  2018.032,6.106e+19
  2019.351,5.419e+20
  2019.529,3.893e+20
  2019.671,6.054e+20
  2019.801,5.813e+20
  2019.818,1.132e+21
  2020.67,2.44e+21
  2020.808,5.466e+21
  2021.027,7.074e+21
  2021.321,9.268e+21
  2021.751,6.624e+21
  2022.654,5.11e+22
  2022.782,7.424e+22
  2022.927,9.684e+22
  2023.241,7.755e+22
  2023.383,1.438e+23
`

// TestTrendDoubling: an exponential fit carries its doubling time, in
// years when x is a date (decimal years under format: year, or whole
// years), else in x's unit or column; numpy's polyfit on ln y gives
// 0.480779978676154 years for the dated series (fit/exponential_test.go).
func TestTrendDoubling(t *testing.T) {
	tests := []struct {
		name, spec string
		want       float64
		unit       string
		halving    bool
		se         bool
	}{
		{"decimal years, format: year", "data: |\n" + datedRows + "x: {field: date, format: year}\ny: {field: compute, scale: log}\nfit: {type: exponential, bootstrap: 200}\n",
			0.480779978676154, "years", false, true},
		{"whole years", "data: |\n  year,n\n  2018,1\n  2019,2\n  2020,4\n  2021,8\nx: year\ny: n\nfit: exponential\n",
			1, "years", false, false},
		{"steps with a unit", "data: |\n  step,loss\n  0,8\n  1,4\n  2,2\nx: {field: step, unit: steps}\ny: loss\nfit: exponential\n",
			1, "steps", true, false},
		{"a column without a unit", "data: |\n  step,loss\n  0,8\n  3,4\n  6,2\nx: step\ny: loss\nfit: exponential\n",
			3, "step", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := trendChart(t, tc.spec)
			f := c.Panels[0].Fits[0]
			d := f.Doubling
			if d == nil {
				t.Fatalf("no doubling time: %+v", f)
			}
			if math.Abs(d.Estimate.Estimate-tc.want) > 1e-9*tc.want || d.Unit != tc.unit || d.Halving != tc.halving || d.HasSE != tc.se {
				t.Errorf("doubling %+v, want %g %s (halving %v, SE %v)", *d, tc.want, tc.unit, tc.halving, tc.se)
			}
		})
	}
	if c := trendChart(t, "data: |\n  c,l\n  1,4\n  10,2\n  100,1\nx: c\ny: l\nfit: powerlaw\n"); c.Panels[0].Fits[0].Doubling != nil {
		t.Errorf("a power law has a doubling time: %+v", c.Panels[0].Fits[0].Doubling)
	}
}

// TestTrendErrors: a trend the data cannot give stops the build at the
// fit, naming the row at fault.
func TestTrendErrors(t *testing.T) {
	tests := []struct{ name, spec, want string }{
		{"a y at 0", "data: |\n  step,loss\n  0,8\n  1,0\n  2,2\nx: step\ny: loss\nfit: exponential\n",
			`the fit of the points: an exponential fit needs y values above 0 (it is a straight line in log y), but y is 0 ("loss" at content/f.md:8)`},
		{"flat", "data: |\n  step,loss\n  0,8\n  1,8\nx: step\ny: loss\nfit: exponential\n",
			`the fit of the points: all 2 y values are 8: there is no trend to fit`},
	}
	for _, tc := range tests {
		_, err := Load(sitetest.New(t, map[string]string{"content/f.md": trendPage(tc.spec)}), Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want it to say %q", tc.name, err, tc.want)
		}
	}
}

func trendPage(spec string) string { return fmt.Sprintf("---\ntitle: T\n---\n```chart\n%s```\n", spec) }

func trendChart(t *testing.T, spec string) *Chart {
	t.Helper()
	s, err := Load(sitetest.New(t, map[string]string{"content/f.md": trendPage(spec)}), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s.Body(s.Pages[0]).Charts[0]
}
