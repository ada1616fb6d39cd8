package scene

import (
	"fmt"
	"math"
	"testing"

	"github.com/scalesite/scalesite/figure"
)

// TestAxisTicksSeesMajorsMove: chartlayout.js axisTicks tells its caller
// whether the ticks it chose differ from the ones last set, and the
// caller sets them again only then. A new axis length may keep every
// tick and only change which of them are major (and so labelled): a log
// axis over three decades on a phone (two labels may do), 235 then 240 px
// long, goes from labels at 1 and 100 to labels at every decade, with the
// same four ticks. That is a change.
func TestAxisTicksSeesMajorsMove(t *testing.T) {
	e, err := New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.eval(`(() => {
		const CL = scalesiteChartLayout;
		const state = { ticks: {} };
		const m = { format: 'auto', log: true };
		const at = (v) => v * 80;
		const run = (px) => {
			const patch = { xAxis: [], yAxis: [] };
			const changed = CL.axisTicks('y', 0, m, [0, 3], px, at, 375, false, state, patch);
			return [changed, patch.yAxis[0].axisLabel.customValues.join(','), patch.yAxis[0].axisTick.customValues.length];
		};
		return JSON.stringify([run(235), run(240), run(240)]);
	})()`)
	if err != nil {
		t.Fatal(err)
	}
	const want = `[[true,"0,2",4],[true,"0,1,2,3",4],[false,"0,1,2,3",4]]`
	if got != want {
		t.Errorf("axisTicks at 235, 240 and 240 px: %v, want %s (changed, labelled ticks, all ticks)", got, want)
	}
}

// TestAxisTicksOneTickPerValue: no two ticks of an axis are one value
// written two ways. A log axis over 50..4,000 has a minor at 4 × 10³
// (log10(4) + 3) and a major at 4,000 (log10(4000)); goja's Math.log10
// makes the second one ulp smaller than V8's, so kept apart they drew a
// minor tick and grid line over the major in the static figure where
// ECharts in the browser, whose two values are equal, drew one. The
// ranges are the data's and, last, the same padded as the build pads them.
// Each axis is tried at every 11th length from 120 to 1,300 px; with
// -short, every 33rd.
func TestAxisTicksOneTickPerValue(t *testing.T) {
	e, err := New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	step := 11
	if testing.Short() {
		step = 33
	}
	lg := math.Log10
	ranges := [][2]float64{{lg(50), lg(4000)}, {lg(30), lg(7000)}, {lg(0.5), lg(80)}, {lg(2e3), lg(9e5)}, {lg(3), lg(3e3)}, {lg(0.02), lg(0.7)},
		{1.62284640486, 3.67818359081}, {1.38240218331, 3.93981711143}, {-0.38919479497, 1.9912547863}, {3.19490149511, 6.06037100999}}
	for _, r := range ranges {
		for _, d := range []string{"x", "y"} {
			got, err := e.eval(fmt.Sprintf(`(() => {
				const CL = scalesiteChartLayout;
				const lo = %[1]v, hi = %[2]v, bad = [];
				for (let px = 120; px <= 1300; px += %[4]d) {
					const patch = { xAxis: [], yAxis: [] };
					const m = { format: 'auto', log: true };
					CL.axisTicks(%[3]q, 0, m, [lo, hi], px, (v) => (v - lo) / (hi - lo) * px, px + 80, false, { ticks: {} }, patch);
					const all = patch[%[3]q + 'Axis'][0].axisTick.customValues;
					for (let i = 1; i < all.length; i++) {
						if (!(all[i] - all[i - 1] > (hi - lo) * 1e-9)) bad.push(px + ' px: ' + all[i - 1] + ' and ' + all[i]);
					}
				}
				return bad.slice(0, 3).join('; ');
			})()`, r[0], r[1], d, step))
			if err != nil {
				t.Fatal(err)
			}
			if got != "" {
				t.Errorf("%s axis over 10^%.4g..10^%.4g: ticks a rounding error apart (one value twice): %s", d, r[0], r[1], got)
			}
		}
	}
}

// TestTickLabelsNegativeRoundUp: a negative tick a float error short of a
// power of ten reads as that power in the static figure, as in the
// browser. goja's toPrecision writes (-0.9996).toPrecision(3) as ".0.000":
// the figure printed "NaN" where the live chart printed "-1".
func TestTickLabelsNegativeRoundUp(t *testing.T) {
	e, err := New(figure.MeasureFont)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		values string // a JavaScript array
		format string
		want   string // the labels as V8 writes them, JSON
	}{
		{"[-0.9999999999999998]", "auto", `["-1"]`},
		{"[-0.9999999999999998, -0.5, 0]", "auto", `["-1","-0.5","0"]`},
		{"[-9.999999999999998, -5, 0]", "plain", `["-10","-5","0"]`},
		{"[-99.99999999999997, -50, 0]", "si", `["-100","-50","0"]`},
		{"[-0.09999999999999999, 0, 0.1]", "auto", `["-0.1","0","0.1"]`},
		{"[-2019.9999999999998, -2018]", "year", `["-2020","-2018"]`},
	}
	for _, tt := range tests {
		got, err := e.eval(fmt.Sprintf(`JSON.stringify(scalesiteLayout.tickLabels(%s, %q, false).labels)`, tt.values, tt.format))
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("tickLabels(%s, %s) = %s, want %s", tt.values, tt.format, got, tt.want)
		}
	}
}
