package themes

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The pure functions of assets/ticks.js, labels.js, breaktext.js and colors.js, run in Node through
// testdata/harness.js like the formatters of format.js.

// runHarness runs cases (maps with a "kind", see run() in the harness) and
// returns one string each.
func runHarness(t *testing.T, cases []map[string]any) []string {
	t.Helper()
	return harness(t, cases, len(cases))
}

/* ---------------------------------------------------------------------
 * chooseTicks
 * ------------------------------------------------------------------- */

type ticksResult struct {
	Major  []float64 `json:"major"`
	Minor  []float64 `json:"minor"`
	Labels []string  `json:"labels"`
	Need   float64   `json:"need"` // px between majors the labels need
}

// An axis of a test: x axes measure labels at 7 px a character plus 6 px,
// y axes take 20 px a label (line height and gap).
type axisCase struct {
	name    string
	lo, hi  float64 // exponents when log
	pixels  float64
	log     bool
	y       bool
	format  string
	integer bool
}

func (a axisCase) harnessCase() map[string]any {
	c := map[string]any{"kind": "ticks", "lo": a.lo, "hi": a.hi, "pixels": a.pixels, "log": a.log}
	if a.y {
		c["labelPx"] = 20
	} else {
		c["charPx"] = 7
		c["labelPad"] = 6
	}
	if a.format != "" {
		c["format"] = a.format
	}
	if a.integer {
		c["integer"] = true
	}
	return c
}

func (a axisCase) String() string {
	dir := "x"
	if a.y {
		dir = "y"
	}
	kind := "linear"
	if a.log {
		kind = "log"
	}
	return fmt.Sprintf("%s [%g, %g] %s %s %gpx", a.name, a.lo, a.hi, kind, dir, a.pixels)
}

// runCasesOf runs runTicks over a table of n cases, at(i) being the axis
// of the i-th.
func runCasesOf(t *testing.T, n int, at func(int) axisCase) []ticksResult {
	t.Helper()
	axes := make([]axisCase, n)
	for i := range axes {
		axes[i] = at(i)
	}
	return runTicks(t, axes)
}

func runTicks(t *testing.T, axes []axisCase) []ticksResult {
	t.Helper()
	cases := make([]map[string]any, len(axes))
	for i, a := range axes {
		cases[i] = a.harnessCase()
	}
	out := runHarness(t, cases)
	res := make([]ticksResult, len(out))
	for i, s := range out {
		if err := json.Unmarshal([]byte(s), &res[i]); err != nil {
			t.Fatalf("%v: %v\n%s", axes[i], err, s)
		}
	}
	return res
}

const tickEps = 1e-9

// checkTickInvariants holds for every axis: sorted, unique, inside the
// range, minors apart from majors.
func checkTickInvariants(t *testing.T, a axisCase, r ticksResult) {
	t.Helper()
	for name, list := range map[string][]float64{"major": r.Major, "minor": r.Minor} {
		for i, v := range list {
			if v < a.lo-tickEps || v > a.hi+tickEps {
				t.Errorf("%v: %s tick %v outside the range", a, name, v)
			}
			if i > 0 && !(v > list[i-1]) {
				t.Errorf("%v: %s ticks not strictly increasing at %v", a, name, list[i-1:i+1])
			}
		}
	}
	for _, m := range r.Minor {
		for _, M := range r.Major {
			if math.Abs(m-M) < 1e-12 {
				t.Errorf("%v: %v is both a major and a minor tick", a, m)
			}
		}
	}
	if len(r.Labels) != len(r.Major) {
		t.Errorf("%v: %d labels for %d majors", a, len(r.Labels), len(r.Major))
	}
	// one form an axis: a log axis that writes one tick as a power writes
	// every one so (10³ 10⁵ 10⁷, never 1,000 10⁵ 10⁷)
	if a.log && (a.format == "" || a.format == "auto" || a.format == "pow" || a.format == "sci") {
		powers, plain := 0, 0
		for _, s := range r.Labels {
			switch {
			case s == "1" || s == "0" || s == "":
			case strings.ContainsAny(s, "⁰¹²³⁴⁵⁶⁷⁸⁹E"):
				powers++
			default:
				plain++
			}
		}
		if powers > 0 && plain > 0 {
			t.Errorf("%v: labels %q mix plain numbers and powers", a, r.Labels)
		}
	}
	// issue 20: no more than one label per 80 px on average, whatever the
	// labels' size (26 labels across 1,100 px read as a ruler)
	// (an axis under 160 px may take 3 when no nice pair of values fits; one
	// under 320 px that holds 3 labels up to 5 when no nice step gives 3)
	n := float64(len(r.Major))
	if most := math.Floor(a.pixels/80) + 1; n > math.Max(2, most) && !(a.pixels < 160 && n <= 3) && !(most >= 3 && a.pixels < 320 && n <= 5) {
		t.Errorf("%v: %d labels %v, more than one per 80 px (%g)", a, len(r.Major), r.Labels, most)
	}
	// issue 20: adjacent labels never read the same (zoomed in, si wrote
	// 30.1k three times)
	for i := 1; i < len(r.Labels); i++ {
		if r.Labels[i] == r.Labels[i-1] {
			t.Errorf("%v: labels %v repeat %q", a, r.Labels, r.Labels[i])
		}
	}
	// issue 20: tick marks and grid lines no closer than 6 px (minors at
	// 2..9 of 12 decades in 480 px made a grey band)
	all := slices.Sorted(slices.Values(append(slices.Clone(r.Major), r.Minor...)))
	for i := 1; i < len(all); i++ {
		if d := (all[i] - all[i-1]) / (a.hi - a.lo) * a.pixels; d < 6-1e-9 && len(r.Minor) > 0 {
			t.Errorf("%v: ticks %v and %v only %.1f px apart", a, all[i-1], all[i], d)
			break
		}
	}
}

// minSpacing is the smallest pixel distance between adjacent majors.
func minSpacing(a axisCase, major []float64) float64 {
	gap := math.Inf(1)
	for i := 1; i < len(major); i++ {
		gap = math.Min(gap, (major[i]-major[i-1])/(a.hi-a.lo)*a.pixels)
	}
	return gap
}

func TestChooseTicksLogSpans(t *testing.T) {
	var axes []axisCase
	for _, span := range []float64{0.1, 0.2, 1, 3, 10, 24, 40} {
		for _, lo := range []float64{math.Log10(3), -10, 0.5} {
			for _, px := range []float64{300, 600, 1200} {
				axes = append(axes, axisCase{name: "span", lo: lo, hi: lo + span, pixels: px, log: true})
			}
			for _, px := range []float64{120, 240, 480} {
				axes = append(axes, axisCase{name: "span", lo: lo, hi: lo + span, pixels: px, log: true, y: true})
			}
		}
	}
	res := runTicks(t, axes)
	for i, a := range axes {
		r := res[i]
		checkTickInvariants(t, a, r)
		span := a.hi - a.lo
		if !a.y && len(r.Major) < 3 {
			t.Errorf("%v: %d majors %v, want at least 3", a, len(r.Major), r.Labels)
		}
		if a.y && len(r.Major) < 2 {
			t.Errorf("%v: %d majors %v, want at least 2", a, len(r.Major), r.Labels)
		}
		step := 0.0 // decades between majors, when they are powers of ten
		decades := span >= 1.5
		for j, e := range r.Major {
			if e != math.Round(e) {
				decades = false
			}
			if j > 0 {
				step = e - r.Major[j-1]
			}
		}
		if span >= 3 && !decades {
			t.Errorf("%v: majors %v are not all powers of ten", a, r.Labels)
		}
		if decades {
			// every k decades, k = 1..4, evenly
			for j := 1; j < len(r.Major); j++ {
				// more than 4 only when 4 would exceed one label per 80 px
				most := math.Max(2, math.Floor(a.pixels/80)+1)
				if d := r.Major[j] - r.Major[j-1]; d != step || d < 1 || (d > 4 && span/4 < most-1) {
					t.Errorf("%v: majors %v are not evenly 1 to 4 decades apart", a, r.Labels)
					break
				}
			}
			inside := math.Floor(a.hi+tickEps) - math.Ceil(a.lo-tickEps) + 1 // powers of ten in range
			switch {
			case step > 1 && a.pixels/span >= 6:
				// minors at every other decade
				if want := int(inside) - len(r.Major); len(r.Minor) != want {
					t.Errorf("%v: %d minors, want %d (the decades without a label)", a, len(r.Minor), want)
				}
			case a.pixels/span < 6:
				// decades closer than 6 px: no minors
				if len(r.Minor) != 0 {
					t.Errorf("%v: %d minors, want none: decades are %.1f px apart", a, len(r.Minor), a.pixels/span)
				}
			case a.pixels/span*math.Log10(10.0/9) >= 6:
				// minors at 2..9 of every decade
				if len(r.Minor) < 8*int(math.Floor(span)-1) {
					t.Errorf("%v: %d minors, want 2..9 in each decade", a, len(r.Minor))
				}
			}
		}
		// labels fit on x axes, except when 4 decades are too close (never
		// more than 4 between labels); on short y axes, when nothing with 3
		// labels fits, as many as the length holds
		if gap := minSpacing(a, r.Major); gap < r.Need-1e-6 && !(decades && step >= 4) {
			room := math.Floor(a.pixels/r.Need) + 1
			if !a.y || float64(len(r.Major)) > room || gap < r.Need/2 {
				t.Errorf("%v: majors %v only %.1f px apart, labels need %.1f", a, r.Labels, gap, r.Need)
			}
		}
		// powers of ten are exact integers, other ticks log10 of a value
		for _, e := range r.Major {
			v := math.Pow(10, e)
			if n := math.Round(e); math.Abs(e-n) < 1e-9 && e != n {
				t.Errorf("%v: major %v is a power of ten but not an integer exponent", a, e)
			}
			if v <= 0 || math.IsInf(v, 0) {
				t.Errorf("%v: major %v", a, e)
			}
		}
	}
}

func TestChooseTicksLinear(t *testing.T) {
	var axes []axisCase
	for _, rg := range [][2]float64{{0, 20000}, {0, 1}, {0.1, 0.3}, {-3.7, -0.2}, {-250, 130}, {-2e-6, 7e-6}, {1e9, 1.7e9}, {0, 0.1 + 0.2}} {
		for _, px := range []float64{300, 600, 1200} {
			axes = append(axes, axisCase{name: "linear", lo: rg[0], hi: rg[1], pixels: px})
		}
		axes = append(axes, axisCase{name: "linear", lo: rg[0], hi: rg[1], pixels: 200, y: true})
	}
	res := runTicks(t, axes)
	for i, a := range axes {
		r := res[i]
		checkTickInvariants(t, a, r)
		// at least 3 labels on x; a short y axis holds 3 at most (one per
		// 80 px), and no nice step may give it 3
		if want := map[bool]int{false: 3, true: 2}[a.y]; len(r.Major) < want {
			t.Errorf("%v: %d majors %v, want at least %d", a, len(r.Major), r.Labels, want)
		}
		if len(r.Minor) != 0 {
			t.Errorf("%v: linear axes have no minor ticks, got %v", a, r.Minor)
		}
		if gap := minSpacing(a, r.Major); gap < r.Need-1e-6 {
			t.Errorf("%v: majors %v only %.1f px apart, labels need %.1f", a, r.Labels, gap, r.Need)
		}
		// a nice step (1, 2, 2.5, 5 x 10^n) and nice values without float noise
		if len(r.Major) >= 2 {
			step := r.Major[1] - r.Major[0]
			e := math.Floor(math.Log10(step))
			m := step / math.Pow(10, e)
			if !slices.ContainsFunc([]float64{1, 2, 2.5, 5, 10}, func(n float64) bool { return math.Abs(m-n) < 1e-6 }) {
				t.Errorf("%v: step %v is not 1, 2, 2.5 or 5 x 10^n", a, step)
			}
			for _, v := range r.Major {
				if n := sigDigits(v); n > 6 {
					t.Errorf("%v: tick %v has float noise", a, v)
				}
			}
		}
	}
}

// sigDigits(0.30000000000000004) = 17, sigDigits(0.3) = 1: the significant
// digits of the shortest decimal that reads back as v.
func sigDigits(v float64) int {
	s := strconv.FormatFloat(math.Abs(v), 'e', -1, 64)
	mant, _, _ := strings.Cut(s, "e")
	return len(strings.Replace(mant, ".", "", 1))
}

func TestChooseTicksIssueCases(t *testing.T) {
	lg := math.Log10
	tests := []struct {
		a      axisCase
		labels string // the major labels, space-separated
		minors int    // -1: not checked
	}{
		// 11 decades of parameters: a label at most every 80 px (every
		// second decade in 600 px), minors at the decades between, never at
		// 2..9 closer than 6 px
		{axisCase{name: "params", lo: lg(16), hi: lg(1.8e12), pixels: 600, log: true}, "10² 10⁴ 10⁶ 10⁸ 10¹⁰ 10¹²", 5},
		{axisCase{name: "params", lo: lg(16), hi: lg(1.8e12), pixels: 300, log: true}, "10³ 10⁶ 10⁹ 10¹²", 7},
		{axisCase{name: "params si", lo: lg(16), hi: lg(1.8e12), pixels: 600, log: true, format: "si"}, "100 10k 1M 100M 10B 1T", 5},
		// 24 decades of FLOPs: every 2, 3 or 6 decades, one label per 80 px
		// at most
		{axisCase{name: "flops", lo: lg(40), hi: lg(4e25), pixels: 600, log: true}, "10³ 10⁶ 10⁹ 10¹² 10¹⁵ 10¹⁸ 10²¹ 10²⁴", 16},
		{axisCase{name: "flops", lo: lg(40), hi: lg(4e25), pixels: 300, log: true}, "10⁶ 10¹² 10¹⁸ 10²⁴", 20},
		{axisCase{name: "flops", lo: lg(40), hi: lg(4e25), pixels: 1200, log: true}, "10² 10⁴ 10⁶ 10⁸ 10¹⁰ 10¹² 10¹⁴ 10¹⁶ 10¹⁸ 10²⁰ 10²² 10²⁴", -1},
		{axisCase{name: "flops", lo: lg(40), hi: lg(4e25), pixels: 240, log: true, y: true}, "10⁶ 10¹² 10¹⁸ 10²⁴", 20},
		// negative exponents
		{axisCase{name: "compute", lo: -10, hi: 0, pixels: 600, log: true}, "10⁻¹⁰ 10⁻⁸ 10⁻⁶ 10⁻⁴ 10⁻² 1", 5},
		{axisCase{name: "compute", lo: -10, hi: 0, pixels: 300, log: true}, "10⁻⁹ 10⁻⁶ 10⁻³ 1", 7},
		{axisCase{name: "compute si", lo: -10, hi: 0, pixels: 300, log: true, format: "si"}, "1n 1µ 1m 1", 7},
		// under 1.5 decades: labels inside the decade
		{axisCase{name: "loss", lo: lg(1.6), hi: lg(8), pixels: 600, log: true}, "2 3 4 5 6 7 8", 0},
		{axisCase{name: "loss", lo: lg(1.6), hi: lg(8), pixels: 240, log: true, y: true}, "2 3 5", 4},
		{axisCase{name: "perplexity", lo: lg(3), hi: lg(18.6), pixels: 600, log: true}, "3 5 10", 5}, // 3..10 would leave 10..18.6 bare,
		{axisCase{name: "perplexity", lo: lg(3), hi: lg(18.6), pixels: 300, log: true}, "3 5 10", 5},
		{axisCase{name: "2.5..6", lo: lg(2.5), hi: lg(6), pixels: 600, log: true}, "3 4 5 6", 0},
		{axisCase{name: "3..30", lo: lg(3), hi: lg(30), pixels: 600, log: true}, "3 5 10 20 30", 5},
		{axisCase{name: "1..20", lo: 0, hi: lg(20), pixels: 600, log: true}, "1 2 3 5 10 20", 5},
		{axisCase{name: "1..20", lo: 0, hi: lg(20), pixels: 1200, log: true}, "1 2 3 4 5 6 7 8 9 10 20", 0},
		// narrower still: linear ticks of the values, no minors
		{axisCase{name: "narrow", lo: lg(2.5), hi: lg(3.2), pixels: 600, log: true}, "2.5 2.6 2.7 2.8 2.9 3 3.1 3.2", 0},
		{axisCase{name: "narrow", lo: lg(2.5), hi: lg(3.2), pixels: 300, log: true}, "2.6 2.8 3 3.2", 0},
		{axisCase{name: "narrow", lo: lg(2.5), hi: lg(3.2), pixels: 150, log: true}, "2.5 3", 0},
		{axisCase{name: "zoomed", lo: lg(1.234e9), hi: lg(1.3e9), pixels: 600, log: true, format: "si"}, "1.24B 1.25B 1.26B 1.27B 1.28B 1.29B 1.3B", 0},
		// linear axes
		{axisCase{name: "steps", lo: 0, hi: 20000, pixels: 600}, "0 5,000 10,000 15,000 20,000", 0},
		{axisCase{name: "steps", lo: 0, hi: 20000, pixels: 300}, "0 10,000 20,000", 0},
		{axisCase{name: "years", lo: 1950, hi: 2030, pixels: 600, format: "year", integer: true}, "1960 1980 2000 2020", 0},
		{axisCase{name: "years", lo: 1950, hi: 2030, pixels: 300, format: "year", integer: true}, "1960 1980 2000 2020", 0},
		{axisCase{name: "years", lo: 2017, hi: 2021, pixels: 600, format: "year", integer: true}, "2017 2018 2019 2020 2021", 0},
		{axisCase{name: "negative", lo: -3.7, hi: -0.2, pixels: 600}, "-3.5 -3 -2.5 -2 -1.5 -1 -0.5", 0},
		{axisCase{name: "negative", lo: -250, hi: 130, pixels: 300}, "-200 -100 0 100", 0},
		{axisCase{name: "fractions", lo: 0, hi: 0.1 + 0.2, pixels: 600}, "0 0.05 0.1 0.15 0.2 0.25 0.3", 0},
		{axisCase{name: "fractions", lo: 0, hi: 0.1 + 0.2, pixels: 300}, "0 0.1 0.2 0.3", 0},
	}
	res := runCasesOf(t, len(tests), func(i int) axisCase { return tests[i].a })
	for i, tt := range tests {
		r := res[i]
		checkTickInvariants(t, tt.a, r)
		if got := strings.Join(r.Labels, " "); got != tt.labels {
			t.Errorf("%v:\n got  %s\n want %s", tt.a, got, tt.labels)
		}
		if tt.minors >= 0 && len(r.Minor) != tt.minors {
			t.Errorf("%v: %d minor ticks, want %d", tt.a, len(r.Minor), tt.minors)
		}
	}
}

func TestChooseTicksEdges(t *testing.T) {
	lg2e5 := math.Log10(2e5)
	cases := []map[string]any{
		{"kind": "ticks", "lo": 3, "hi": 3, "pixels": 600, "log": true},
		{"kind": "ticks", "lo": 5, "hi": 5, "pixels": 600},
		{"kind": "ticks", "lo": "NaN", "hi": 3, "pixels": 600, "log": true},
		{"kind": "ticks", "lo": 0, "hi": "Infinity", "pixels": 600},
		{"kind": "ticks", "lo": 0, "hi": 10, "pixels": "NaN"},
		// reversed ends are the same range
		{"kind": "ticks", "lo": 10, "hi": 0, "pixels": 300},
		// no room at all: still the two ends of a nice step
		{"kind": "ticks", "lo": 0, "hi": 100, "pixels": 30},
		{"kind": "ticks", "lo": 0, "hi": 8, "pixels": 20, "log": true},
		// exponents exact: 10^5 is 5, 2x10^5 is log10(2e5)
		{"kind": "ticks", "lo": 5, "hi": lg2e5, "pixels": 1200, "log": true},
		// minLabels
		{"kind": "ticks", "lo": 0, "hi": 100, "pixels": 600, "minLabels": 5, "labelPx": 200},
	}
	got := runHarness(t, cases)
	res := make([]ticksResult, len(got))
	for i, s := range got {
		if err := json.Unmarshal([]byte(s), &res[i]); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(i int, major []float64) {
		t.Helper()
		if !slices.Equal(res[i].Major, major) {
			t.Errorf("case %v: majors %v, want %v", cases[i], res[i].Major, major)
		}
	}
	expect(0, []float64{3})
	expect(1, []float64{5})
	expect(2, []float64{})
	expect(3, []float64{})
	expect(4, []float64{})
	expect(5, []float64{0, 5, 10}) // no more than one label per 80 px
	expect(6, []float64{0, 100})
	// 8 decades in 20 px: two labels, every 5 decades, even though they do
	// not fit
	expect(7, []float64{0, 5})
	if len(res[8].Major) < 2 || res[8].Major[0] != 5 || res[8].Major[len(res[8].Major)-1] != lg2e5 {
		t.Errorf("10^5..2x10^5: majors %v, want 5 .. log10(2e5) exactly", res[8].Major)
	}
	// 200 px labels: 3 fit in 600 px (0, 50, 100), 5 do not
	expect(9, []float64{0, 50, 100})
}

/* ---------------------------------------------------------------------
 * tickLabel
 * ------------------------------------------------------------------- */

func TestTickLabel(t *testing.T) {
	type tc struct {
		value  any
		format string
		log    bool
		want   string
	}
	tests := []tc{
		// log axes: small numbers plainly, large ones as the format asks
		{10, "auto", true, "10"},
		{0.2, "auto", true, "0.2"},
		{500, "pow", true, "500"},
		{2000, "auto", true, "2,000"},
		{0.01, "pow", true, "0.01"},
		{0.001, "pow", true, "10⁻³"},
		{1e4, "auto", true, "10⁴"},
		{1e21, "pow", true, "10²¹"},
		{2e5, "pow", true, "2×10⁵"},
		{math.Pow(10, math.Log10(2)+5), "pow", true, "2×10⁵"}, // 200000.00000000003
		{math.Pow(10, 24), "auto", true, "10²⁴"},
		{9.999999999999918e+23, "auto", true, "10²⁴"},
		{1e21, "sci", true, "1E+21"},
		{2e5, "sci", true, "2E+5"},
		{3, "sci", true, "3"},
		{1e-10, "si", true, "100p"},
		{2e9, "si", true, "2B"},
		{5, "si", true, "5"},
		{0.002, "si", true, "2m"},
		{0.5, "percent", true, "0.5%"},
		{1e6, "plain", true, "1,000,000"},
		// year: no thousands separators
		{2017, "year", false, "2017"},
		{2017.0000000001, "year", false, "2017"},
		{1950, "year", true, "1950"},
		// linear axes: the formatters of format.js
		{0.30000000000000004, "auto", false, "0.3"},
		{20000, "auto", false, "20,000"},
		{1e21, "pow", false, "10²¹"},
		{45, "percent", false, "45%"},
		{0.45, "fraction", false, "45%"},
		{1.3e9, "si", false, "1.3B"},
		{-2.5, "plain", false, "-2.5"},
		{0, "auto", false, "0"},
		{7, "nope", false, "7"},
		{"n/a", "auto", false, ""},
	}
	cases := make([]map[string]any, len(tests))
	for i, tt := range tests {
		cases[i] = map[string]any{"kind": "tickLabel", "value": tt.value, "format": tt.format, "log": tt.log}
	}
	got := runHarness(t, cases)
	for i, tt := range tests {
		if got[i] != tt.want {
			t.Errorf("tickLabel(%v, %q, %v) = %q, want %q", tt.value, tt.format, tt.log, got[i], tt.want)
		}
	}
}

/* ---------------------------------------------------------------------
 * placeLabels
 * ------------------------------------------------------------------- */

type rect struct{ X, Y, W, H float64 }

type placeBounds struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

type placeItem struct {
	X        float64     `json:"x"`
	Y        float64     `json:"y"`
	R        float64     `json:"r"`
	W        float64     `json:"w"`
	H        float64     `json:"h"`
	Bounds   placeBounds `json:"bounds"`
	Priority float64     `json:"priority"`
}

type marker struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
	R float64 `json:"r"`
}

type placement struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Leader bool    `json:"leader"`
}

type placeResult struct {
	Placed []*placement `json:"placed"`
	Ms     float64      `json:"ms"`
	CPUMs  float64      `json:"cpuMs"`
	Pairs  float64      `json:"pairs"` // pairs of shapes the indexes tested
}

type placeCase struct {
	name    string
	items   []placeItem
	markers []marker
	// overMarkers lets labels that found no free place lie over other
	// points' markers (the site's setting); off, no label covers a marker.
	overMarkers bool
}

func runPlace(t *testing.T, cases []placeCase) []placeResult {
	t.Helper()
	in := make([]map[string]any, len(cases))
	for i, c := range cases {
		in[i] = map[string]any{"kind": "place", "items": c.items, "markers": c.markers, "opts": map[string]any{"overMarkers": c.overMarkers}}
	}
	out := runHarness(t, in)
	res := make([]placeResult, len(out))
	for i, s := range out {
		if err := json.Unmarshal([]byte(s), &res[i]); err != nil {
			t.Fatalf("%s: %v", cases[i].name, err)
		}
		if len(res[i].Placed) != len(cases[i].items) {
			t.Fatalf("%s: %d placements for %d items", cases[i].name, len(res[i].Placed), len(cases[i].items))
		}
	}
	return res
}

func rectHitsCircle(r rect, m marker) bool {
	nx := math.Max(r.X, math.Min(m.X, r.X+r.W))
	ny := math.Max(r.Y, math.Min(m.Y, r.Y+r.H))
	dx, dy := m.X-nx, m.Y-ny
	return dx*dx+dy*dy < m.R*m.R-1e-9
}

// checkPlacements: every placed label inside its bounds, clear of every
// marker (its own too) and at least 2 px from every other label. Returns
// the number placed.
func checkPlacements(t *testing.T, c placeCase, res placeResult) int {
	t.Helper()
	var rects []rect
	for i, p := range res.Placed {
		if p == nil {
			continue
		}
		it := c.items[i]
		r := rect{p.X, p.Y, it.W, it.H}
		b := it.Bounds
		if r.X < b.X-1e-6 || r.Y < b.Y-1e-6 || r.X+r.W > b.X+b.Width+1e-6 || r.Y+r.H > b.Y+b.Height+1e-6 {
			t.Errorf("%s: label %d %+v outside its bounds %+v", c.name, i, r, b)
		}
		if rectHitsCircle(r, marker{it.X, it.Y, it.R}) {
			t.Errorf("%s: label %d %+v covers its own marker", c.name, i, r)
		}
		for _, m := range c.markers {
			if c.overMarkers {
				break // allowed, near its own point
			}
			if rectHitsCircle(r, m) {
				t.Errorf("%s: label %d %+v covers the marker %+v", c.name, i, r, m)
				break
			}
		}
		for _, q := range rects {
			const pad = 2 - 1e-9
			if r.X < q.X+q.W+pad && q.X < r.X+r.W+pad && r.Y < q.Y+q.H+pad && q.Y < r.Y+r.H+pad {
				t.Errorf("%s: label %d %+v within 2 px of the label %+v", c.name, i, r, q)
			}
		}
		rects = append(rects, r)
	}
	return len(rects)
}

func TestPlaceLabels(t *testing.T) {
	grid := placeBounds{X: 50, Y: 20, Width: 700, Height: 400}
	item := func(x, y float64, prio float64) placeItem {
		return placeItem{X: x, Y: y, R: 4, W: 40, H: 12, Bounds: grid, Priority: prio}
	}
	rng := rand.New(rand.NewPCG(1, 2))

	// one point alone: to the right, 3 px from the marker's edge
	single := placeCase{name: "single", items: []placeItem{item(200, 200, 0)}, markers: []marker{{200, 200, 4}}}
	// at the right edge of the plot: to the left
	edge := placeCase{name: "right edge", items: []placeItem{item(745, 200, 0)}, markers: []marker{{745, 200, 4}}}
	// room for one label only: the higher priority gets it, whatever the order
	tight := placeBounds{X: 100, Y: 94, Width: 47, Height: 12}
	prio := placeCase{name: "priority",
		items: []placeItem{
			{X: 100, Y: 100, R: 4, W: 40, H: 12, Bounds: tight, Priority: 1},
			{X: 100, Y: 100, R: 4, W: 40, H: 12, Bounds: tight, Priority: 5},
		},
		markers: []marker{{100, 100, 4}}}
	// a dense cluster: 200 points within 20 px, not all can be labelled
	// even with leader lines
	var cluster placeCase
	cluster.name = "cluster"
	for range 200 {
		x, y := 300+rng.Float64()*20, 200+rng.Float64()*20
		cluster.items = append(cluster.items, item(x, y, 0))
		cluster.markers = append(cluster.markers, marker{x, y, 4})
	}
	// three clusters and unlabelled points between them
	var clusters placeCase
	clusters.name = "clusters"
	for k := range 3 {
		cx, cy := 150+250*float64(k), 100+120*float64(k)
		for range 40 {
			x, y := cx+rng.NormFloat64()*25, cy+rng.NormFloat64()*25
			clusters.items = append(clusters.items, item(x, y, rng.Float64()))
			clusters.markers = append(clusters.markers, marker{x, y, 4})
		}
	}
	for range 300 {
		clusters.markers = append(clusters.markers, marker{50 + rng.Float64()*700, 20 + rng.Float64()*400, 3})
	}

	// a lattice of points 30 px apart filling its plot: a label fits
	// between two rows, but not clear of the markers beside it
	var lattice placeCase
	lattice.name = "lattice"
	box := placeBounds{X: 140, Y: 50, Width: 350, Height: 350}
	for i := range 12 {
		for j := range 12 {
			x, y := 150+30*float64(i), 60+30*float64(j)
			it := item(x, y, 0)
			it.Bounds = box
			lattice.items = append(lattice.items, it)
			lattice.markers = append(lattice.markers, marker{x, y, 4})
		}
	}
	over := lattice
	over.name, over.overMarkers = "lattice, labels over markers", true
	cases := []placeCase{single, edge, prio, cluster, clusters, lattice, over}
	res := runPlace(t, cases)
	for i, c := range cases {
		checkPlacements(t, c, res[i])
	}
	if p := res[0].Placed[0]; p == nil || p.X != 207 || p.Y != 194 || p.Leader {
		t.Errorf("single: %+v, want {207 194 false} (right of the marker)", p)
	}
	if p := res[1].Placed[0]; p == nil || p.X != 745-4-3-40 || p.Leader {
		t.Errorf("right edge: %+v, want left of the marker", p)
	}
	if p := res[2].Placed; p[0] != nil || p[1] == nil {
		t.Errorf("priority: %v, want only the second (priority 5) placed", p)
	}
	n := 0
	for _, p := range res[3].Placed {
		if p != nil {
			n++
		}
	}
	if n == 0 || n == len(cluster.items) {
		t.Errorf("cluster: %d of %d labels placed, want some hidden and some shown", n, len(cluster.items))
	}
	leaders := 0
	for _, p := range res[4].Placed {
		if p != nil && p.Leader {
			leaders++
		}
	}
	t.Logf("clusters: %d of %d labels placed, %d with leader lines", checkPlacements(t, clusters, res[4]), len(clusters.items), leaders)
	if strict, loose := checkPlacements(t, lattice, res[5]), checkPlacements(t, over, res[6]); loose <= strict {
		t.Errorf("lattice: %d labels placed over markers, %d without: want more", loose, strict)
	} else {
		t.Logf("lattice: %d of %d labels placed clear of markers, %d when they may cover other markers", strict, len(lattice.items), loose)
	}
}

// 2,000 labelled points and 20,000 markers: 10 series of 2,000 points.
func TestPlaceLabelsLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b := placeBounds{X: 60, Y: 40, Width: 1000, Height: 500}
	var c placeCase
	c.name = "large"
	for s := range 10 {
		phase := rng.Float64() * 6
		for j := range 2000 {
			x := b.X + float64(j)/2000*b.Width
			y := b.Y + b.Height*(0.08+0.085*float64(s)+0.04*math.Sin(float64(j)/150+phase))
			c.markers = append(c.markers, marker{x, y, 2})
		}
	}
	for _, k := range rng.Perm(len(c.markers))[:2000] {
		m := c.markers[k]
		c.items = append(c.items, placeItem{X: m.X, Y: m.Y, R: m.R, W: 24 + float64(rng.IntN(40)), H: 12, Bounds: b, Priority: rng.Float64()})
	}
	// and uniform noise: many markers with room between them
	var u placeCase
	u.name = "uniform"
	for range 20000 {
		u.markers = append(u.markers, marker{b.X + rng.Float64()*b.Width*3, b.Y + rng.Float64()*b.Height*3, 1.5})
	}
	for _, m := range u.markers[:2000] {
		u.items = append(u.items, placeItem{X: m.X, Y: m.Y, R: m.R, W: 30, H: 11, Bounds: placeBounds{b.X, b.Y, b.Width * 3, b.Height * 3}})
	}
	cases := []placeCase{c, u}
	res := runPlace(t, cases)
	for i, c := range cases {
		n := checkPlacements(t, c, res[i])
		t.Logf("%s: %d of %d labels placed among %d markers in %.1f ms (%.1f ms CPU)", c.name, n, len(c.items), len(c.markers), res[i].Ms, res[i].CPUMs)
		if n < len(c.items)/20 {
			t.Errorf("%s: only %d of %d labels placed", c.name, n, len(c.items))
		}
		// the time is logged, not asserted: speed lives in BENCHMARKS.md, and
		// a busy machine must not fail the test
	}
}

/* ---------------------------------------------------------------------
 * Colour
 * ------------------------------------------------------------------- */

// The WCAG 2.x formulas again, in Go, to check colors.js against.
func parseColor(t *testing.T, s string) [3]float64 {
	t.Helper()
	s = strings.TrimPrefix(s, "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		t.Fatalf("colour %q", s)
	}
	var c [3]float64
	for i := range 3 {
		n, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			t.Fatalf("colour %q: %v", s, err)
		}
		c[i] = float64(n)
	}
	return c
}

func luminance(c [3]float64) float64 {
	var lin [3]float64
	for i, v := range c {
		v /= 255
		if v <= 0.04045 {
			lin[i] = v / 12.92
		} else {
			lin[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2]
}

func wcagContrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(parseColor(t, a)), luminance(parseColor(t, b))
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

// hue in degrees (HSL), NaN for greys
func hue(c [3]float64) float64 {
	r, g, b := c[0]/255, c[1]/255, c[2]/255
	mx, mn := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	d := mx - mn
	if d < 1e-9 {
		return math.NaN()
	}
	var h float64
	switch mx {
	case r:
		h = math.Mod((g-b)/d, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return math.Mod(h*60+360, 360)
}

func hueDistance(a, b float64) float64 {
	d := math.Abs(a - b)
	return math.Min(d, 360-d)
}

const (
	lightBg = "#ffffff" // themes/default/assets/site.css --bg
	darkBg  = "#111418" // the same in prefers-color-scheme: dark
)

func TestContrast(t *testing.T) {
	pairs := [][2]string{{"#000000", "#ffffff"}, {"#777", "#fff"}, {"#440154", darkBg}, {"#edc948", lightBg}, {"#4e79a7", darkBg}, {"#ffffff", "#ffffff"}}
	cases := make([]map[string]any, len(pairs))
	for i, p := range pairs {
		cases[i] = map[string]any{"kind": "contrast", "a": p[0], "b": p[1]}
	}
	got := runHarness(t, cases)
	for i, p := range pairs {
		v, err := strconv.ParseFloat(got[i], 64)
		if err != nil {
			t.Fatalf("contrast(%s, %s) = %q", p[0], p[1], got[i])
		}
		if want := wcagContrast(t, p[0], p[1]); math.Abs(v-want) > 1e-9 {
			t.Errorf("contrast(%s, %s) = %v, want %v", p[0], p[1], v, want)
		}
	}
	if got := runHarness(t, []map[string]any{{"kind": "contrast", "a": "#000", "b": "#fff"}})[0]; got != "21" {
		t.Errorf("contrast(#000, #fff) = %s, want 21", got)
	}
}

func TestReadableColor(t *testing.T) {
	tests := []struct {
		color, bg string
		min       float64
		lighter   bool // which way it must move; ignored when unchanged
		unchanged bool
	}{
		{"#440154", darkBg, 3, true, false}, // viridis' dark end on the dark page
		{"#edc948", lightBg, 3, false, false},
		{"#ff9da7", lightBg, 3, false, false},
		{"#76b7b2", lightBg, 4.5, false, false},
		{"#1f77b4", darkBg, 4.5, true, false},
		{"#000000", darkBg, 3, true, false},
		{"#fff", "#fff", 3, false, false},
		{"#4e79a7", lightBg, 3, false, true}, // already 4.5:1
		{"#e5731b", darkBg, 3, false, true},
	}
	cases := make([]map[string]any, len(tests))
	for i, tt := range tests {
		cases[i] = map[string]any{"kind": "readable", "color": tt.color, "background": tt.bg, "min": tt.min}
	}
	got := runHarness(t, cases)
	for i, tt := range tests {
		g := got[i]
		name := fmt.Sprintf("readableColor(%s, %s, %g) = %s", tt.color, tt.bg, tt.min, g)
		if tt.unchanged {
			if g != tt.color {
				t.Errorf("%s, want it unchanged", name)
			}
			continue
		}
		if c := wcagContrast(t, g, tt.bg); c < tt.min {
			t.Errorf("%s: contrast %.2f, want >= %g", name, c, tt.min)
		}
		before, after := luminance(parseColor(t, tt.color)), luminance(parseColor(t, g))
		if tt.lighter != (after > before) {
			t.Errorf("%s: luminance %.3f -> %.3f, want it %s", name, before, after, map[bool]string{true: "lighter", false: "darker"}[tt.lighter])
		}
		if h0, h1 := hue(parseColor(t, tt.color)), hue(parseColor(t, g)); !math.IsNaN(h0) && !math.IsNaN(h1) && hueDistance(h0, h1) > 15 {
			t.Errorf("%s: hue %.0f -> %.0f, want it kept", name, h0, h1)
		}
	}
}
