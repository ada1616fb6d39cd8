package chartspec

import (
	"reflect"
	"testing"
)

func TestParseFit(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		fits     []Fit      // per panel
		frontier []Frontier // per panel; nil: none anywhere
	}{
		{"a law", ok + "fit: powerlaw\n", []Fit{{Type: "powerlaw", Over: FitOverSeries, Pos: pos(4, 6)}}, nil},
		{"case and an alias", ok + "fit: Power-Law\n", nil, nil}, // an error: see TestParseFitErrors
		{"a mapping", ok + "fit: {type: powerlaw+c, over: all, series: Observed, extrapolate: 1e25, label: Prediction}\n",
			[]Fit{{Type: "powerlaw+c", Over: FitOverAll, Series: []Field{field("Observed", 4, 44)}, Extrapolate: num(1e25), Label: "Prediction", Pos: pos(4, 6)}}, nil},
		{"a list of series", ok + "fit:\n  type: loglinear\n  series: [a, b]\n",
			[]Fit{{Type: "loglinear", Over: FitOverSeries, Series: []Field{field("a", 6, 12), field("b", 6, 15)}, Pos: pos(5, 3)}}, nil},
		{"frontier", ok + "frontier: min\nfit: {type: powerlaw, over: frontier}\n",
			[]Fit{{Type: "powerlaw", Over: FitOverFrontier, Pos: pos(5, 6)}}, []Frontier{{Dir: FrontierMin, Pos: pos(4, 11)}}},
		{"panels inherit, and replace or drop", ok + "fit: linear\nfrontier: max\npanels:\n  - {title: A}\n  - {title: B, fit: none, frontier: false}\n  - {title: C, fit: {type: powerlaw, over: all}}\n",
			[]Fit{{Type: "linear", Over: FitOverSeries, Pos: pos(4, 6)}, {Pos: pos(8, 21)}, {Type: "powerlaw", Over: FitOverAll, Pos: pos(9, 21)}},
			[]Frontier{{Dir: FrontierMax, Pos: pos(5, 11)}, {Pos: pos(8, 37)}, {Dir: FrontierMax, Pos: pos(5, 11)}}},
		{"a trend, bootstrapped", ok + "fit: {type: exponential, bootstrap: 1000}\n", []Fit{{Type: "exponential", Over: FitOverSeries, Bootstrap: 1000, Pos: pos(4, 6)}}, nil},
		{"a trend by another name", ok + "fit: doubling\n", nil, nil}, // an alias is an error too
		{"no fit", ok, []Fit{{}}, nil},
	}
	for _, tc := range tests {
		if tc.fits == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Panels) != len(tc.fits) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tc.fits))
			}
			for i, p := range c.Panels {
				if !reflect.DeepEqual(p.Fit, tc.fits[i]) {
					t.Errorf("panel %d: fit %+v, want %+v", i+1, p.Fit, tc.fits[i])
				}
				var fr Frontier
				if tc.frontier != nil {
					fr = tc.frontier[i]
				}
				if p.Frontier != fr {
					t.Errorf("panel %d: frontier %+v, want %+v", i+1, p.Frontier, fr)
				}
			}
		})
	}
}

func TestParseFitErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"typo in the law", ok + "fit: powrlaw\n",
			`content/audio.md:13:6: unknown fit "powrlaw": scalesite fits powerlaw, powerlaw+c, loglinear, linear or exponential — did you mean "powerlaw"?`},
		{"another name for the law", ok + "fit: Power-Law\n",
			`content/audio.md:13:6: unknown fit "Power-Law": scalesite fits powerlaw, powerlaw+c, loglinear, linear or exponential — did you mean "powerlaw"?`},
		{"chinchilla's law", ok + "fit: {type: saturating}\n",
			`content/audio.md:13:13: unknown fit "saturating": scalesite fits powerlaw, powerlaw+c, loglinear, linear or exponential — did you mean "powerlaw+c"?`},
		{"no law", ok + "fit: true\n",
			`content/audio.md:13:6: fit: true does not say which law to fit: use powerlaw, powerlaw+c, loglinear, linear or exponential`},
		{"no type", ok + "fit: {over: all}\n",
			`content/audio.md:13:6: fit has no type: say which law to fit, e.g. fit: {type: powerlaw, ...} or fit: {law: "L = A * N^alpha", where: {N: params}}; the types are powerlaw, powerlaw+c, loglinear, linear or exponential`},
		{"typo in over", ok + "fit: {type: linear, over: al}\n",
			`content/audio.md:13:27: unknown fit over "al": a fit is over series (one per series), all (one over every point of the panel) or frontier — did you mean "all"?`},
		{"unknown fit key", ok + "fit: {type: linear, extrapolte: 10}\n",
			`content/audio.md:13:21: unknown key "extrapolte" in fit — did you mean "extrapolate"?`},
		{"unknown fit key, alias", ok + "fit: {kind: linear}\n",
			`content/audio.md:13:7: unknown key "kind" in fit — did you mean "type"?`},
		{"unknown fit key, far", ok + "fit: {type: linear, zzz: 1}\n",
			`content/audio.md:13:21: unknown key "zzz" in fit: the keys of fit are type, over, series, extrapolate, label, variable, response, bootstrap, law, where, loss, delta, in, start, derive`},
		{"bootstrap not whole", ok + "fit: {type: exponential, bootstrap: 10.5}\n",
			`content/audio.md:13:37: fit bootstrap is 10.5: it is how many times to resample the points and refit, a whole number from 0 (none) to 100000; 1000 is usual`},
		{"bootstrap below 0", ok + "fit: {type: exponential, bootstrap: -1}\n",
			`content/audio.md:13:37: fit bootstrap is -1: it is how many times to resample the points and refit, a whole number from 0 (none) to 100000; 1000 is usual`},
		{"bootstrap misspelt", ok + "fit: {type: exponential, resamples: 100}\n",
			`content/audio.md:13:26: unknown key "resamples" in fit — did you mean "bootstrap"?`},
		{"extrapolate not a number", ok + "fit: {type: linear, extrapolate: far}\n",
			`content/audio.md:13:34: extrapolate must be a number, like 0.5 or 1e20, not "far"`},
		{"extrapolate below 0 on log x", "data: runs.csv\nx: {field: flops, scale: log}\ny: loss\nfit: {type: powerlaw, extrapolate: -1}\n",
			`content/audio.md:13:6: the fit extrapolates to -1, but the x axis is log and only shows values above 0`},
		{"over the frontier without one", ok + "panels:\n  - {fit: {type: powerlaw, over: frontier}}\n",
			`content/audio.md:14:11: the fit of panel 1 is over the frontier, but the panel has no frontier: add frontier: min (or max), or fit over series or all`},
		{"frontier typo", ok + "frontier: minn\n",
			`content/audio.md:13:11: unknown frontier "minn": a frontier is max (the points above all those at a smaller x) or min (below) — did you mean "min"?`},
		{"frontier alias", ok + "frontier: lower\n",
			`content/audio.md:13:11: unknown frontier "lower": a frontier is max (the points above all those at a smaller x) or min (below) — did you mean "min"?`},
		{"frontier true", ok + "frontier: true\n",
			`content/audio.md:13:11: frontier: true does not say which side: use max (the points above all those at a smaller x) or min (below)`},
		{"misspelt key", ok + "fti: powerlaw\n",
			`content/audio.md:13:1: unknown key "fti" — did you mean "fit"?`},
		{"another tool's key", ok + "trendline: powerlaw\n",
			`content/audio.md:13:1: unknown key "trendline" — did you mean "fit"?`},
		{"pareto", ok + "pareto: max\n",
			`content/audio.md:13:1: unknown key "pareto" — did you mean "frontier"?`},
		{"fit series not names", ok + "fit: {type: linear, series: [[a]]}\n",
			`content/audio.md:13:30: fit series lists series names, e.g. series: [Observed, Baseline]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Parse([]byte(tc.src), at)
			if err == nil {
				t.Fatalf("no error; got %+v", c.Panels[0].Fit)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
