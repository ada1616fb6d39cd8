package scene

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// labelledScatter is the page option of a log-x scatter of n points, each
// labelled with its model's name, spread as published scaling scatters
// are (a rising trend, noise, clusters where many models share a size).
func labelledScatter(tb testing.TB, n int) []byte {
	tb.Helper()
	var b strings.Builder
	b.WriteString("---\ntitle: S\n---\n```chart\ntype: scatter\ntitle: Score vs parameters\n" +
		"x: {field: params, title: Parameters, scale: log}\ny: {field: score, title: Score}\nlabel: name\ndata: |\n  name,params,score\n")
	for i := range n {
		// a low-discrepancy spread: deterministic, no two points alike
		u := math.Mod(float64(i)*0.6180339887, 1)
		v := math.Mod(float64(i)*0.7548776662, 1)
		fmt.Fprintf(&b, "  model-%d,%.4e,%.3f\n", i, math.Pow(10, 6+6*u), 30+40*u+15*v)
	}
	b.WriteString("```\n")
	dir := sitetest.New(tb, map[string]string{"scalesite.yaml": "title: T\n", "content/s.md": b.String()})
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return chart.OptionBytes(chart.Option(s.Body(s.Pages[0]).Charts[0]))
}

// BenchmarkLabelledScatter: the Scene of a scatter of N labelled points at
// the wide static width (1006 px) with the build's text measure. Issue 33's
// goal: 1,000 labelled points within 0.3 s of CPU, and the time linear in
// the points beyond (compare cpu-ms/op of 1000 and 2000). cpu-ms/op is the
// CPU time of the thread that ran the Scenes, which a loaded machine does
// not inflate as it does ns/op.
func BenchmarkLabelledScatter(b *testing.B) {
	for _, n := range []int{70, 1000, 2000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			opt := labelledScatter(b, n)
			e, err := New(figure.MeasureFont)
			if err != nil {
				b.Fatal(err)
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			clock, isCPU := threadClock()
			var start time.Duration
			if isCPU {
				start = clock()
			}
			b.ResetTimer()
			for b.Loop() {
				if _, err := e.Scene(opt, 1006, false); err != nil {
					b.Fatal(err)
				}
			}
			if isCPU {
				b.ReportMetric(float64(clock()-start)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
