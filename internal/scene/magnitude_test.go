package scene

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
)

// Issue 32: the ticks of an axis hold at every magnitude a float64 can
// hold. The theme's ticks.js and chartlayout.js run here in goja, as they
// do at build time for the static figures.

// magnitudeTicksJS chooses the ticks of each case [lo, hi, log] through
// chartlayout.js' axisTicks (the page's own path: chooseTicks, the ends
// snapped, the labels written) on a 600 px x axis, and returns, per case,
// the labelled values, every tick and the labels.
const magnitudeTicksJS = `(function (cases) {
  var CL = scalesiteChartLayout;
  return JSON.stringify(cases.map(function (c) {
    var m = { format: c[3] || 'auto', log: c[2], unit: '' };
    var patch = { xAxis: [], yAxis: [] };
    var ext = [c[0], c[1]];
    var at = function (v) { return 40 + (v - ext[0]) / ((ext[1] - ext[0]) || 1) * 600; };
    CL.axisTicks('x', 0, m, ext, 600, at, 680, false, { ticks: {} }, patch);
    var ax = patch.xAxis[0];
    var major = ax.axisLabel.customValues;
    return { major: major, all: ax.axisTick.customValues,
      labels: major.map(function (v) { return String(m.log ? CL.tickLabelOf(Math.pow(10, v), m) : CL.tickLabelOf(v, m)); }) };
  }));
})`

type magnitudeCase struct {
	lo, hi float64
	log    bool
	format string
	single bool // a range of one value: one tick
}

func (c magnitudeCase) String() string {
	kind := "linear"
	if c.log {
		kind = "log"
	}
	return fmt.Sprintf("%s [%g, %g] %s", kind, c.lo, c.hi, c.format)
}

type magnitudeResult struct {
	Major  []float64 `json:"major"`
	All    []float64 `json:"all"`
	Labels []string  `json:"labels"`
}

func runMagnitudes(t *testing.T, cases []magnitudeCase) []magnitudeResult {
	t.Helper()
	e := newEngine(t)
	if _, err := e.eval(`scalesiteChartLayout.tickLabelOf = function (v, m) {
		return scalesiteLayout.tickLabel(v, m.format, m.log, m.unit, m.digits, m.powers);
	}`); err != nil {
		t.Fatal(err)
	}
	in := make([][]any, len(cases))
	for i, c := range cases {
		in[i] = []any{c.lo, c.hi, c.log, c.format}
	}
	arg, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := e.eval(magnitudeTicksJS + "(" + string(arg) + ")")
	if err != nil {
		t.Fatal(err)
	}
	var res []magnitudeResult
	if err := json.Unmarshal([]byte(out.(string)), &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// magnitudeCases are ranges at every decade a float64 holds, both signs:
// a range of 3:1 (1e-10..3e-10), a range a millionth of its values wide,
// one that straddles zero, and one of a single value.
func magnitudeCases() []magnitudeCase {
	var cases []magnitudeCase
	exps := []int{-323, -320, -310, -308, -300, -200, -100, -20, -10, -9, -1, 0, 1, 9, 20, 100, 200, 300, 307}
	for _, e := range exps {
		m := math.Pow(10, float64(e))
		if e == -323 {
			m = 5 * math.SmallestNonzeroFloat64 // 2.5e-323: a few steps of the smallest double
		}
		for _, sign := range []float64{1, -1} {
			lo, hi := sign*m, sign*3*m
			cases = append(cases,
				magnitudeCase{lo: math.Min(lo, hi), hi: math.Max(lo, hi)},
				magnitudeCase{lo: sign * m, hi: sign * m, single: true},
			)
			if e >= -300 { // a subnormal holds too few digits for a millionth
				a, b := sign*m, sign*m*(1+1e-6)
				cases = append(cases, magnitudeCase{lo: math.Min(a, b), hi: math.Max(a, b)})
			}
		}
		cases = append(cases, magnitudeCase{lo: -m, hi: 2 * m})
	}
	// the ends of the doubles
	cases = append(cases,
		magnitudeCase{lo: 1e308, hi: 1.7e308},
		magnitudeCase{lo: -1.79e308, hi: -1e308},
		magnitudeCase{lo: -8e307, hi: 8e307},
		magnitudeCase{lo: 0, hi: 1.79e308},
		magnitudeCase{lo: 0, hi: 1e-320},
		magnitudeCase{lo: 0, hi: 0, single: true},
	)
	// log axes (exponents), from subnormals to the largest double
	for _, e := range []float64{-323.5, -320, -310, -300, -100, -10, 0, 10, 100, 300, 305} {
		cases = append(cases,
			magnitudeCase{lo: e, hi: e + 3, log: true},
			magnitudeCase{lo: e, hi: e + 0.5, log: true},
		)
	}
	// padded past the doubles: data from 1e308 to 1.7e308 (2×10³⁰⁸ is Infinity)
	cases = append(cases, magnitudeCase{lo: 307, hi: 308.25, log: true}, magnitudeCase{lo: 306.9, hi: 308.3, log: true},
		magnitudeCase{lo: 307.8, hi: 308.36, log: true}, magnitudeCase{lo: -323.4, hi: -320, log: true})
	return cases
}

// TestTicksAtEveryMagnitude: every range gets distinct ticks inside it,
// at least two labelled, with distinct short labels in the forms the axis
// labels use (never "9.200000000000001E-11", never 101 digits).
func TestTicksAtEveryMagnitude(t *testing.T) {
	cases := magnitudeCases()
	res := runMagnitudes(t, cases)
	for i, c := range cases {
		r := res[i]
		if c.single {
			if len(r.Major) != 1 || r.Major[0] != c.lo {
				t.Errorf("%v: labelled %v, want the one value", c, r.Major)
			}
			continue
		}
		if len(r.Major) < 2 {
			t.Errorf("%v: %d labelled ticks %v (%q), want at least 2", c, len(r.Major), r.Major, r.Labels)
		}
		for _, list := range [][]float64{r.Major, r.All} {
			for k, v := range list {
				if v < c.lo || v > c.hi {
					t.Errorf("%v: tick %v outside the range", c, v)
				}
				if k > 0 && !(v > list[k-1]) {
					t.Errorf("%v: ticks %v not distinct and increasing", c, list)
					break
				}
			}
		}
		for k, s := range r.Labels {
			if s == "" || len([]rune(s)) > 20 || strings.ContainsAny(s, "eE") || strings.Contains(s, "∞") {
				t.Errorf("%v: label %q (of %q) is not a short number", c, s, r.Labels)
			}
			if k > 0 && s == r.Labels[k-1] {
				t.Errorf("%v: labels %q repeat %q", c, r.Labels, s)
			}
		}
	}
}

// TestTicksTinyRangeDistinct: the case, 1e-10..3e-10 (an axis
// padded from 1.08e-10 to 3.08e-10): five distinct ticks, labelled as
// powers, not five stacked at the minimum.
func TestTicksTinyRangeDistinct(t *testing.T) {
	res := runMagnitudes(t, []magnitudeCase{{lo: 9.2e-11, hi: 3.08e-10}})
	got := strings.Join(res[0].Labels, " ")
	const want = "10⁻¹⁰ 1.5×10⁻¹⁰ 2×10⁻¹⁰ 2.5×10⁻¹⁰ 3×10⁻¹⁰"
	if got != want {
		t.Errorf("1e-10..3e-10: labels %q (at %v), want %q", got, res[0].Major, want)
	}
}

// FuzzAxisTicks: whatever range a float64 can hold, linear or log, the
// axis' ticks are chosen (no endless loop, no Infinity), lie inside it,
// increase, and no two neighbouring labels read the same.
func FuzzAxisTicks(f *testing.F) {
	for _, c := range magnitudeCases() {
		f.Add(c.lo, c.hi, c.log)
	}
	e := newEngine(f)
	if _, err := e.eval(`scalesiteChartLayout.tickLabelOf = function (v, m) {
		return scalesiteLayout.tickLabel(v, m.format, m.log, m.unit, m.digits, m.powers);
	}`); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, lo, hi float64, log bool) {
		if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || !(lo < hi) || math.IsInf(hi-lo, 0) {
			return // the loader lets no such axis through (linearRangeErrors)
		}
		if log && (math.Abs(lo) > 330 || math.Abs(hi) > 330) {
			return // exponents of no float64
		}
		arg, err := json.Marshal([][]any{{lo, hi, log, "auto"}})
		if err != nil {
			t.Fatal(err)
		}
		out, err := e.eval(magnitudeTicksJS + "(" + string(arg) + ")")
		if err != nil {
			t.Fatalf("[%v, %v] log %v: %v", lo, hi, log, err)
		}
		var res []magnitudeResult
		if err := json.Unmarshal([]byte(out.(string)), &res); err != nil {
			t.Fatalf("[%v, %v] log %v: %v", lo, hi, log, err)
		}
		r := res[0]
		for _, list := range [][]float64{r.Major, r.All} {
			for k, v := range list {
				if v < lo || v > hi {
					t.Fatalf("[%v, %v] log %v: tick %v outside the range", lo, hi, log, v)
				}
				if k > 0 && !(v > list[k-1]) {
					t.Fatalf("[%v, %v] log %v: ticks %v do not increase", lo, hi, log, list)
				}
			}
		}
		for k, s := range r.Labels {
			if s == "" || (k > 0 && s == r.Labels[k-1]) {
				t.Fatalf("[%v, %v] log %v: labels %q", lo, hi, log, r.Labels)
			}
		}
	})
}
