package chartspec

import "testing"

// isoSpec is an isoflop chart over runs.csv (line 10 of the page onward).
const isoSpec = "type: isoflop\ndata: runs.csv\ncompute: flops\nx: {field: params, title: Parameters N}\ny: loss\n"

// TestParseIsoFLOP: an isoflop chart is laid out as two panels, the runs
// by budget (log x, a series per budget) and the minima against compute
// (log-log), the chart's fit giving the power law's settings.
func TestParseIsoFLOP(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		bootstrap int
		extra     *float64
	}{
		{"no fit", isoSpec, 0, nil},
		{"a bootstrapped, extrapolated power law", isoSpec + "fit: {type: powerlaw, bootstrap: 500, extrapolate: 1e24}\n", 500, num(1e24)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if c.IsoFLOP == nil || c.IsoFLOP.Compute != field("flops", 3, 10) || c.IsoFLOP.Bootstrap != tc.bootstrap {
				t.Fatalf("IsoFLOP %+v, want compute flops at 3:10, bootstrap %d", c.IsoFLOP, tc.bootstrap)
			}
			if !c.HasPanels || len(c.Panels) != 2 {
				t.Fatalf("%d panels, want 2", len(c.Panels))
			}
			runs, minima := c.Panels[0], c.Panels[1]
			if runs.Type != TypeScatter || runs.Series.Name != "flops" || runs.X.Field.Name != "params" || runs.X.Scale != ScaleLog || runs.Y.Field.Name != "loss" || runs.Fit.Type != "" {
				t.Errorf("runs panel %+v", runs)
			}
			if minima.Type != TypeScatter || minima.Series.Name != "flops" || minima.X.Field.Name != "flops" || minima.X.Scale != ScaleLog ||
				minima.Y.Field.Name != "params" || minima.Y.Scale != ScaleLog || minima.Y.Title != "Optimal Parameters N" || minima.Fit.Type != "" {
				t.Errorf("minima panel %+v", minima)
			}
			if minima.Fit.Bootstrap != tc.bootstrap || (tc.extra == nil) != (minima.Fit.Extrapolate == nil) || tc.extra != nil && *minima.Fit.Extrapolate != *tc.extra {
				t.Errorf("minima fit %+v, want bootstrap %d, extrapolate %v", minima.Fit, tc.bootstrap, tc.extra)
			}
		})
	}
}

func TestParseIsoFLOPErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no compute", "type: isoflop\n" + ok,
			`content/audio.md:10:1: an isoflop chart needs compute: the column of each run's compute budget, e.g. compute: flops`},
		{"panels", isoSpec + "panels:\n  - {title: A}\n",
			`content/audio.md:16:3: an isoflop chart draws its own two panels (the runs at each compute budget, and their minima against compute): leave out panels`},
		{"series", isoSpec + "series: model\n",
			`content/audio.md:15:9: an isoflop chart's series are its compute budgets (compute: flops): leave out series`},
		{"another law", isoSpec + "fit: loglinear\n",
			`content/audio.md:15:6: an isoflop chart fits a power law through the minima, not loglinear: write fit: {type: powerlaw, bootstrap: 1000, extrapolate: 1e24}, or leave fit out`},
		{"a panel's type", ok + "panels:\n  - {type: isoflop}\n",
			`content/audio.md:14:5: type: isoflop is a whole chart's type (it draws its own two panels), not a panel's`},
		{"compute without isoflop", ok + "compute: flops\n",
			`content/audio.md:13:10: compute names the compute budgets of an isoflop chart: add type: isoflop, or leave compute out`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c.Panels)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
