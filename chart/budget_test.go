package chart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chartspec"
)

// TestChartPointBudget draws ten long runs in one chart and checks that
// they share the chart's point budget (chartspec.Chart.LineTarget): each
// line is drawn from about MinLinePoints points, not DefaultDownsample,
// and every spike of every run still lies inside its band.
func TestChartPointBudget(t *testing.T) {
	const runs, n = 10, 30_000
	run, spikes := spikyRun(n)
	lines := strings.Split(strings.TrimSuffix(run, "\n"), "\n")
	var b strings.Builder
	b.WriteString("run," + lines[0] + "\n")
	for r := range runs {
		for _, l := range lines[1:] {
			fmt.Fprintf(&b, "r%d,%s\n", r, l)
		}
	}
	for _, scale := range []string{"linear", "log"} {
		t.Run(scale, func(t *testing.T) {
			spec := "type: line\ndata: run.csv\nx: {field: step, scale: " + scale + "}\ny: loss\nseries: run\n"
			_, opt := specFilesOption(t, spec, map[string]string{"content/run.csv": b.String()})
			target := chartspec.MinLinePoints
			drawn, bands := map[string]int{}, map[string][][4]float64{}
			for _, s := range opt["series"].([]any) {
				sm := s.(map[string]any)
				name, _ := sm["name"].(string)
				switch {
				case sm["type"] == "line":
					drawn[name] = len(sm["data"].([]any))
				case sm["type"] == "custom" && strings.HasPrefix(sm["id"].(string), "scalesite-spread-"):
					bands[name] = bandItems(t, sm)
				}
			}
			if len(drawn) != runs || len(bands) != runs {
				t.Fatalf("want %d lines and their bands, got %v", runs, seriesSummary(opt))
			}
			for name, k := range drawn {
				if k > target+target/10 || k < target/2 {
					t.Errorf("line %s drawn from %d points, want about %d (ten lines share %d)", name, k, target, chartspec.DefaultChartPoints)
				}
				for step, y := range spikes {
					x := float64(step)
					if scale == "log" {
						x = logCoord(x)
					}
					lo, hi, ok := bandAt(bands[name], x)
					if !ok || y < lo || y > hi {
						t.Errorf("line %s: spike at step %d (loss %g) outside the band there [%g, %g] (found %v)", name, step, y, lo, hi, ok)
					}
				}
			}
		})
	}
}
