package chartspec

import (
	"testing"
)

func TestSmooth(t *testing.T) {
	two := "data: runs.csv\ny: loss\nsmooth: {ema: 0.9}\npanels:\n  - {x: step}\n"
	tests := []struct {
		name string
		src  string
		want []Smooth // per panel, without Pos
	}{
		{"none", ok, []Smooth{{}}},
		{"ema", ok + "smooth: {ema: 0.9}\n", []Smooth{{Method: SmoothEMA, Weight: 0.9}}},
		{"ema 0 draws the raw line smoothed by nothing", ok + "smooth: {ema: 0}\n", []Smooth{{Method: SmoothEMA}}},
		{"ema 0.999", ok + "smooth: {ema: 0.999}\n", []Smooth{{Method: SmoothEMA, Weight: 0.999}}},
		{"window odd", ok + "smooth: {window: 51}\n", []Smooth{{Method: SmoothWindow, Window: 51}}},
		{"window even", ok + "smooth:\n  window: 50\n", []Smooth{{Method: SmoothWindow, Window: 50}}},
		{"false", ok + "smooth: false\n", []Smooth{{}}},
		{"panels inherit", two + "  - {x: tokens}\n", []Smooth{{Method: SmoothEMA, Weight: 0.9}, {Method: SmoothEMA, Weight: 0.9}}},
		{"a panel's own", two + "  - {x: tokens, smooth: {window: 5}}\n", []Smooth{{Method: SmoothEMA, Weight: 0.9}, {Method: SmoothWindow, Window: 5}}},
		{"a panel turns it off", two + "  - {x: tokens, smooth: false}\n", []Smooth{{Method: SmoothEMA, Weight: 0.9}, {}}},
		{"a chart's smooth leaves a scatter panel beside a line", two + "  - {x: tokens, type: scatter}\n", []Smooth{{Method: SmoothEMA, Weight: 0.9}, {}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse([]byte(tt.src), at)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Panels) != len(tt.want) {
				t.Fatalf("%d panels, want %d", len(c.Panels), len(tt.want))
			}
			for i, want := range tt.want {
				got := c.Panels[i].Smooth
				got.Pos = Smooth{}.Pos
				if got != want {
					t.Errorf("panel %d: %+v, want %+v", i+1, got, want)
				}
			}
		})
	}
}

func TestSmoothPos(t *testing.T) {
	c, err := Parse([]byte(ok+"smooth: {window: 9}\n"), at)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Panels[0].Smooth.Pos.String(); got != "content/audio.md:13:9" {
		t.Errorf("smooth at %s, want content/audio.md:13:9", got)
	}
}

func TestSmoothErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"ema as a percentage", ok + "smooth: {ema: 90}\n",
			`content/audio.md:13:15: ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), not 90 (a percentage? 90% is ema: 0.9)`},
		{"ema 1", ok + "smooth: {ema: 1}\n",
			`content/audio.md:13:15: ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), not 1 (1 would hold the first value for ever)`},
		{"ema negative", ok + "smooth: {ema: -0.5}\n",
			`content/audio.md:13:15: ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), not -0.5`},
		{"ema text", ok + "smooth: {ema: high}\n",
			`content/audio.md:13:15: ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), not "high"`},
		{"ema empty", ok + "smooth: {ema: }\n",
			`content/audio.md:13:10: ema is a weight between 0 and 1, e.g. 0.9 (0 keeps the raw line, 0.99 smooths hard), but it is empty`},
		{"window 1", ok + "smooth: {window: 1}\n",
			`content/audio.md:13:18: window is the number of points each mean takes, a whole number of at least 2, e.g. 50, not "1"`},
		{"window fraction", ok + "smooth: {window: 2.5}\n",
			`content/audio.md:13:18: window is the number of points each mean takes, a whole number of at least 2, e.g. 50, not "2.5"`},
		{"both", ok + "smooth: {ema: 0.9, window: 5}\n",
			`content/audio.md:13:20: smooth takes one of ema and window, not both: keep ema`},
		{"unknown alias", ok + "smooth: {alpha: 0.9}\n",
			`content/audio.md:13:10: unknown key "alpha" in smooth — did you mean "ema"?`},
		{"unknown far", ok + "smooth: {zzz: 0.9}\n",
			`content/audio.md:13:10: unknown key "zzz" in smooth: use ema (e.g. {ema: 0.9}) or window (e.g. {window: 50})`},
		{"bare weight", ok + "smooth: 0.9\n",
			`content/audio.md:13:9: smooth needs the method with its weight: write smooth: {ema: 0.9} (or {window: 50} for a moving mean)`},
		{"true", ok + "smooth: true\n",
			`content/audio.md:13:9: smooth: true does not say how much: write smooth: {ema: 0.9} (TensorBoard's exponential moving average) or smooth: {window: 50} (a centred moving mean), or false`},
		{"empty mapping", ok + "smooth: {}\n",
			`content/audio.md:13:9: smooth is empty: write smooth: {ema: 0.9} (TensorBoard's exponential moving average) or smooth: {window: 50} (a centred moving mean), or false`},
		{"scatter", ok + "type: scatter\nsmooth: {ema: 0.9}\n",
			`content/audio.md:14:9: smooth draws a moving average along a line, and a scatter's points are not in order: use type: line for a training curve, or leave smooth out`},
		{"a scatter panel's own", "data: runs.csv\ny: loss\npanels:\n  - {x: step}\n  - {x: n, type: scatter, smooth: {window: 5}}\n",
			`content/audio.md:14:35: smooth draws a moving average along a line, and a scatter's points are not in order: use type: line for a training curve, or leave smooth out`},
		{"ema as a key", ok + "ema: 0.9\n",
			`content/audio.md:13:1: unknown key "ema" — did you mean "smooth"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), at)
			if err == nil || err.Error() != tt.want {
				t.Errorf("got:\n%v\nwant:\n%s", err, tt.want)
			}
		})
	}
}
