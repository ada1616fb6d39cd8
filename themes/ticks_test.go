package themes

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// Issue 20, "a figure never lies quietly": the ticks of ticks.js read what
// the axis holds. Adjacent labels differ however far the axis is zoomed,
// both ends of the axis are labelled, and no axis is crowded with labels or
// grid lines.

// TestTickLabelsZoomed: zoomed in, every format adds the digits its step
// needs (si wrote "30k 30.1k 30.1k 30.1k 30.2k" at steps 30,000..31,000).
func TestTickLabelsZoomed(t *testing.T) {
	lg := math.Log10
	tests := []struct {
		a    axisCase
		want string // the labels, space-separated; "" checks only that they differ
	}{
		{axisCase{name: "si 30k..31k", lo: 30000, hi: 31000, pixels: 1100, format: "si"}, "30k 30.1k 30.2k 30.3k 30.4k 30.5k 30.6k 30.7k 30.8k 30.9k 31k"},
		{axisCase{name: "si 30k..30.2k", lo: 30000, hi: 30200, pixels: 600, format: "si"}, "30k 30.05k 30.1k 30.15k 30.2k"},
		{axisCase{name: "si 30k..30.01k", lo: 30000, hi: 30010, pixels: 600, format: "si"}, "30k 30.002k 30.004k 30.006k 30.008k 30.01k"},
		{axisCase{name: "si 1.2B zoomed", lo: 1.2e9, hi: 1.2001e9, pixels: 600, format: "si"}, ""},
		{axisCase{name: "percent", lo: 45, hi: 45.01, pixels: 600, format: "percent"}, "45% 45.002% 45.004% 45.006% 45.008% 45.01%"},
		{axisCase{name: "percent 1e-7", lo: 45, hi: 45.0000004, pixels: 600, format: "percent"}, ""},
		{axisCase{name: "fraction", lo: 0.45, hi: 0.4501, pixels: 600, format: "fraction"}, "45% 45.002% 45.004% 45.006% 45.008% 45.01%"},
		{axisCase{name: "plain 1e12", lo: 1e12, hi: 1e12 + 1000, pixels: 600, format: "plain"}, "1,000,000,000,000 1,000,000,000,250 1,000,000,000,500 1,000,000,000,750 1,000,000,001,000"},
		{axisCase{name: "auto", lo: 0.1, hi: 0.1000002, pixels: 600}, ""},
		{axisCase{name: "year", lo: 2017, hi: 2021, pixels: 600, format: "year", integer: true}, "2017 2018 2019 2020 2021"},
		{axisCase{name: "log pow", lo: lg(1.00001e5), hi: lg(1.00005e5), pixels: 600, log: true, format: "pow"}, "1.00001×10⁵ 1.00002×10⁵ 1.00003×10⁵ 1.00004×10⁵ 1.00005×10⁵"},
		{axisCase{name: "log sci", lo: lg(2.5e21), hi: lg(2.5002e21), pixels: 600, log: true, format: "sci"}, ""},
		{axisCase{name: "log auto", lo: lg(1.2345e9), hi: lg(1.2346e9), pixels: 600, log: true}, ""},
		{axisCase{name: "log si", lo: lg(30000), hi: lg(30100), pixels: 600, log: true, format: "si"}, "30k 30.02k 30.04k 30.06k 30.08k 30.1k"},
	}
	res := runCasesOf(t, len(tests), func(i int) axisCase { return tests[i].a })
	for i, tt := range tests {
		r := res[i]
		checkTickInvariants(t, tt.a, r) // adjacent labels differ
		if len(r.Major) < 3 {
			t.Errorf("%v: %d labels %v, want at least 3", tt.a, len(r.Major), r.Labels)
		}
		if got := strings.Join(r.Labels, " "); tt.want != "" && got != tt.want {
			t.Errorf("%v:\n got  %s\n want %s", tt.a, got, tt.want)
		}
	}
}

// TestTickLabelsExact: a label is its tick's value, never a rounding of it
// that a neighbour could share (30,025 is 30.025k, not 30k).
func TestTickLabelsExact(t *testing.T) {
	tests := []struct {
		values []float64
		format string
		log    bool
		want   string
	}{
		{[]float64{30000, 30025, 30050, 30075, 30100}, "si", false, "30k 30.025k 30.05k 30.075k 30.1k"},
		{[]float64{0.1 + 0.2, 0.4, 0.5}, "plain", false, "0.3 0.4 0.5"},                   // float noise dropped
		{[]float64{2.9999999999999996, 4, 5}, "auto", true, "3 4 5"},                      // 10^log10(3)
		{[]float64{1e20, 1e21, 1e22}, "pow", true, "10²⁰ 10²¹ 10²²"},                      // short forms kept
		{[]float64{2.5e23, 2.50001e23}, "pow", true, "2.5×10²³ 2.50001×10²³"},             // pow beyond its 4 digits
		{[]float64{0.4500, 0.4501}, "fraction", false, "45% 45.01%"},                      // fraction
		{[]float64{1.2341e9, 1.2342e9, 1.2343e9}, "si", false, "1.2341B 1.2342B 1.2343B"}, // si beyond 3
	}
	cases := make([]map[string]any, len(tests))
	for i, tt := range tests {
		cases[i] = map[string]any{"kind": "tickLabels", "values": tt.values, "format": tt.format, "log": tt.log}
	}
	out := runHarness(t, cases)
	for i, tt := range tests {
		var r struct {
			Labels []string `json:"labels"`
		}
		if err := json.Unmarshal([]byte(out[i]), &r); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(r.Labels, " "); got != tt.want {
			t.Errorf("%s %v: got %q, want %q", tt.format, tt.values, got, tt.want)
		}
	}
}

// TestTicksCoverEnds: no end of an axis is left without labels. A log axis
// reaching 1.3 for a fit's extrapolation was labelled from 2, leaving the
// bottom third, where the prediction ends, bare: the bare stretch at each
// end is at most the step to the next label.
func TestTicksCoverEnds(t *testing.T) {
	lg := math.Log10
	tests := []struct {
		a    axisCase
		want string
	}{
		{axisCase{name: "extrapolated loss", lo: lg(1.3), hi: lg(4), pixels: 300, log: true, y: true}, "1.5 2 3 4"},
		{axisCase{name: "extrapolated loss", lo: lg(1.3), hi: lg(3.5), pixels: 300, log: true, y: true}, "1.5 2 3"},
		{axisCase{name: "extrapolated loss x", lo: lg(1.3), hi: lg(4), pixels: 600, log: true}, ""},
		{axisCase{name: "0.13..0.4", lo: lg(0.13), hi: lg(0.4), pixels: 300, log: true, y: true}, ""},
		{axisCase{name: "1.1..9.5", lo: lg(1.1), hi: lg(9.5), pixels: 300, log: true, y: true}, ""},
		{axisCase{name: "13..95", lo: lg(13), hi: lg(95), pixels: 400, log: true, y: true}, ""},
		{axisCase{name: "1.7..6", lo: lg(1.7), hi: lg(6), pixels: 240, log: true, y: true}, ""},
	}
	res := runCasesOf(t, len(tests), func(i int) axisCase { return tests[i].a })
	for i, tt := range tests {
		a, r := tt.a, res[i]
		checkTickInvariants(t, a, r)
		if got := strings.Join(r.Labels, " "); tt.want != "" && got != tt.want {
			t.Errorf("%v:\n got  %s\n want %s", a, got, tt.want)
		}
		n := len(r.Major)
		if n < 2 {
			t.Errorf("%v: %d labels %v", a, n, r.Labels)
			continue
		}
		if bare, step := r.Major[0]-a.lo, r.Major[1]-r.Major[0]; bare > step+1e-9 {
			t.Errorf("%v: labels %v leave the bottom %.0f%% of the axis bare, more than a step", a, r.Labels, 100*bare/(a.hi-a.lo))
		}
		if bare, step := a.hi-r.Major[n-1], r.Major[n-1]-r.Major[n-2]; bare > step+1e-9 {
			t.Errorf("%v: labels %v leave the top %.0f%% of the axis bare, more than a step", a, r.Labels, 100*bare/(a.hi-a.lo))
		}
	}
}

// TestTicksNotCrowded: a training log's step axis (0..50,000) on a desktop
// got 26 labels; 12 decades of minors at 2..9 in 480 px drew a grey band.
func TestTicksNotCrowded(t *testing.T) {
	tests := []struct {
		a      axisCase
		want   string
		minors int
	}{
		{axisCase{name: "steps desktop", lo: 0, hi: 50000, pixels: 1100}, "0 5,000 10,000 15,000 20,000 25,000 30,000 35,000 40,000 45,000 50,000", 0},
		{axisCase{name: "steps phone", lo: 0, hi: 50000, pixels: 300}, "0 20,000 40,000", 0},
		{axisCase{name: "steps y", lo: 0, hi: 50000, pixels: 400, y: true}, "0 10,000 20,000 30,000 40,000 50,000", 0},
		// 200 px holds 3 labels, but no nice step gives 3: 4 rather than 2
		{axisCase{name: "short y", lo: 20, hi: 55, pixels: 200, y: true, format: "percent"}, "20% 30% 40% 50%", 0},
		// a log panel's y axis, 2.18..7.24 in 200 px: 3 4 5 6 7 crowd, 3 5
		// is too few
		{axisCase{name: "short log y", lo: 0.338404669848, hi: 0.85954627513, pixels: 200, log: true, y: true}, "3 5 7", 2},
		// 12 decades in 480 px: decade minors, not 96 lines at 2..9
		{axisCase{name: "12 decades", lo: -4, hi: 8, pixels: 480, log: true}, "10⁻⁴ 10⁻² 1 10² 10⁴ 10⁶ 10⁸", 6},
		// 150 px a decade: 2..9 are 6.9 px apart at the closest
		{axisCase{name: "2 decades", lo: 0, hi: 2, pixels: 300, log: true}, "1 10 100", 16},
	}
	res := runCasesOf(t, len(tests), func(i int) axisCase { return tests[i].a })
	for i, tt := range tests {
		r := res[i]
		checkTickInvariants(t, tt.a, r) // one label per 80 px, minors 6 px apart
		if got := strings.Join(r.Labels, " "); got != tt.want {
			t.Errorf("%v:\n got  %s\n want %s", tt.a, got, tt.want)
		}
		if len(r.Minor) != tt.minors {
			t.Errorf("%v: %d minors, want %d", tt.a, len(r.Minor), tt.minors)
		}
	}
}
