package scene

import (
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
