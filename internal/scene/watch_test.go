package scene

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/chartcorpus"
)

// TestWaitIsNotTime: the time limit counts the CPU time of the call's
// thread, so a call that waits (its thread descheduled, as on a busy
// machine) for longer than its limit in wall time is not stopped, while
// one that loops is. The wait is a native function the test releases once
// the watchdog has seen twice the limit of wall time pass; each run is
// bound by the engine's own small limit.
func TestWaitIsNotTime(t *testing.T) {
	if !cpuClockAvailable() {
		t.Skip("no thread CPU clock on this system: the limit is the wall clock's")
	}
	opt := chart.OptionBytes(chart.Option(chartcorpus.Charts(t, "../..")[0]))
	const limit = 300 * time.Millisecond
	tests := []struct {
		name, code string
		stopped    string // "" for a run that draws
	}{
		{"waits", "window.scalesiteTestWait();", ""},
		{"loops", "for (;;) {}", StoppedTime},
		{"waits, then loops", "window.scalesiteTestWait(); for (;;) {}", StoppedTime},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := NewLimited(themeWith(t, "assets/ticks.js", inChooseTicks(tt.code)), fakeMeasure, Limits{Time: limit})
			if err != nil {
				t.Fatal(err)
			}
			release := make(chan struct{})
			var once sync.Once
			var waited atomic.Bool // the watchdog saw the wall time pass the limit, not the CPU time
			e.lim.observe = func(cpu, wall time.Duration) {
				if wall >= 2*limit && cpu < limit {
					waited.Store(true)
				}
				// a watchdog that stopped the run releases it too, so
				// that the test ends whatever the clock
				if wall >= 2*limit || cpu >= limit {
					once.Do(func() { close(release) })
				}
			}
			wait := func(goja.FunctionCall) goja.Value {
				<-release
				return goja.Undefined()
			}
			if err := e.vm.Set("scalesiteTestWait", wait); err != nil {
				t.Fatal(err)
			}
			_, err = e.Scene(opt, 600, false)
			if strings.Contains(tt.code, "Wait") && !waited.Load() {
				t.Errorf("the call was not seen waiting %v of wall time within %v of CPU time", 2*limit, limit)
			}
			if tt.stopped == "" {
				if err != nil {
					t.Fatalf("a call that waited was stopped: %v", err)
				}
				return
			}
			var se *ScriptError
			if !errors.As(err, &se) || se.Stopped != tt.stopped {
				t.Fatalf("got %v, want a run stopped by %q", err, tt.stopped)
			}
			if want := "in 300 ms of CPU time, in chooseTicks"; !strings.Contains(err.Error(), want) {
				t.Errorf("error %q, want it to say %q", err, want)
			}
		})
	}
}

// cpuClockAvailable reports whether the watchdog reads a thread CPU clock
// here.
func cpuClockAvailable() bool {
	_, ok := threadClock()
	return ok
}

// TestCallTime: the time a call may take grows with its chart's points
// and labels, from BaseTime to MaxTime; a set Limits.Time is that,
// whatever the size.
func TestCallTime(t *testing.T) {
	tests := []struct {
		n    int
		want time.Duration
	}{
		{-1, 5 * time.Second},
		{0, 5 * time.Second},
		{1, 5 * time.Second},
		{333, 5 * time.Second},
		{334, 6 * time.Second},
		{8000, 29 * time.Second}, // 4,000 labelled points
		{18333, 59 * time.Second},
		{18334, time.Minute},
		{1 << 40, time.Minute},
	}
	for _, tt := range tests {
		if got := CallTime(tt.n); got != tt.want {
			t.Errorf("CallTime(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	if got := (Limits{Time: time.Second}).time(1 << 20); got != time.Second {
		t.Errorf("a set limit of 1 s gives %v", got)
	}
}

// TestChartSize: a chart's size is the data of its series and the labels
// its scalesite part counts; an option it cannot read is of size 0.
func TestChartSize(t *testing.T) {
	tests := []struct {
		option string
		want   int
	}{
		{`{}`, 0},
		{`not json`, 0},
		{`{"series":[{"data":[[1,2],[3,4]]},{"data":[{"name":"a","value":[1,2]}]}]}`, 3},
		{`{"scalesite":{"labels":2},"series":[{"type":"scatter","data":[{"name":"a","value":[1,2]},{"name":"b","value":[3,4]}]}]}`, 4},
		{`{"scalesite":{"labels":-5},"series":[{"data":[1]}]}`, 1},
		{`{"series":[{"type":"line"}]}`, 0},
		{`{"scalesite":{"labels":9223372036854775807},"series":[{"data":[1]}]}`, 1<<40 + 1},
	}
	for _, tt := range tests {
		if got := chartSize([]byte(tt.option)); got != tt.want {
			t.Errorf("chartSize(%s) = %d, want %d", tt.option, got, tt.want)
		}
	}
}

// FuzzChartSize: any bytes give a size of at least 0, and never a panic.
func FuzzChartSize(f *testing.F) {
	f.Add([]byte(`{"scalesite":{"labels":2},"series":[{"data":[{"name":"a","value":[1,2]},[3,4]]}]}`))
	f.Add([]byte(`{"series":[{"data":null},{}]}`))
	f.Fuzz(func(t *testing.T, option []byte) {
		if n := chartSize(option); n < 0 {
			t.Errorf("chartSize(%q) = %d", option, n)
		}
	})
}
