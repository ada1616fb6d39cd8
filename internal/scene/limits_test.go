package scene

import (
	"bytes"
	"errors"
	"io/fs"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/themes"
)

// themeWith is the built-in theme with the script name's text changed by
// edit.
func themeWith(t *testing.T, name string, edit func(string) string) fs.FS {
	t.Helper()
	m := fstest.MapFS{}
	for _, s := range Scripts {
		b, err := fs.ReadFile(themes.Default(), s)
		if err != nil {
			t.Fatal(err)
		}
		m[s] = &fstest.MapFile{Data: b}
	}
	src := string(m[name].Data)
	out := edit(src)
	if out == src {
		t.Fatalf("the edit changed nothing in %s", name)
	}
	m[name] = &fstest.MapFile{Data: []byte(out)}
	return m
}

// inChooseTicks puts code at the start of ticks.js' chooseTicks, which
// every chart with an axis calls.
func inChooseTicks(code string) func(string) string {
	return func(s string) string {
		return strings.Replace(s, "function chooseTicks(lo, hi, pixels, opts) {", "function chooseTicks(lo, hi, pixels, opts) {"+code, 1)
	}
}

// ofCPU is what a time limit says it is counted in: the CPU time of the
// call's thread on Linux, the wall clock's elsewhere.
var ofCPU = map[bool]string{true: " of CPU time", false: ""}[runtime.GOOS == "linux"]

// TestScriptLimits runs themes whose scripts never end, allocate without
// end, recurse without end or throw: each run ends, bound by the engine's
// own limits (set small here), in a *ScriptError naming the script and the
// function it stopped in; a good run after it on a new engine works.
func TestScriptLimits(t *testing.T) {
	opt := chart.OptionBytes(chart.Option(chartcorpus.Charts(t, "../..")[0]))
	short := Limits{Time: 300 * time.Millisecond, Memory: 64 << 20}
	// where memory is the point, the time limit is far
	memory := Limits{Time: time.Minute, Memory: 64 << 20}
	tests := []struct {
		lim     Limits
		name    string
		script  string
		edit    func(string) string
		stopped string
		fn      string // the function named
		msg     string // in the error's text
	}{
		{short, "loops forever", "assets/ticks.js", inChooseTicks("for (;;) {}"), StoppedTime, "chooseTicks",
			"the theme's ticks.js did not finish drawing a chart in 300 ms" + ofCPU + ", in chooseTicks (ticks.js:" + chooseTicksLine(t) + ")"},
		{memory, "allocates forever", "assets/ticks.js", inChooseTicks("var hoard = []; for (;;) { hoard.push([1, 2, 3, 4, 5, 6, 7, 8]); }"), StoppedMemory, "chooseTicks",
			"the theme's ticks.js used more than 64 MB of memory drawing a chart, in chooseTicks (ticks.js:" + chooseTicksLine(t) + ")"},
		{short, "recurses forever", "assets/ticks.js", inChooseTicks("(function deep(n) { return deep(n + 1) + 1; })(0);"), "", "deep",
			"the theme's ticks.js failed drawing a chart, in deep (ticks.js:" + chooseTicksLine(t) + ":"},
		{short, "throws", "assets/ticks.js", inChooseTicks("throw new TypeError('no ticks today');"), "", "chooseTicks",
			"the theme's ticks.js failed drawing a chart, in chooseTicks (ticks.js:" + chooseTicksLine(t) + ":"},
		{short, "loops forever as it loads", "assets/ticks.js", func(s string) string { return "while (true) {}\n" + s }, StoppedTime, "",
			"the theme's ticks.js did not finish drawing a chart in 300 ms" + ofCPU + ", at ticks.js:1"},
		{short, "returns a sparse array of items", "assets/scene.js", func(s string) string {
			return s + "\nwindow.scalesiteScene.scene = function () { var a = []; a.length = 4000000000; return {w: 1, h: 1, items: a}; };"
		}, "", "", "the theme's scene.js failed drawing a chart: it returned no drawable scene: items: an array of 4000000000 elements"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := NewLimited(themeWith(t, tt.script, tt.edit), fakeMeasure, tt.lim)
			if err == nil {
				_, err = e.Scene(opt, 600, false)
				if !e.Failed() {
					t.Error("the engine is not marked failed")
				}
			}
			var se *ScriptError
			if !errors.As(err, &se) {
				t.Fatalf("got %v (%T), want a *ScriptError", err, err)
			}
			if se.Script != tt.script && se.Script != "" || se.Name() != strings.TrimPrefix(tt.script, "assets/") {
				t.Errorf("script %q, want %q", se.Script, tt.script)
			}
			if se.Stopped != tt.stopped || se.Func != tt.fn {
				t.Errorf("stopped %q in %q, want %q in %q", se.Stopped, se.Func, tt.stopped, tt.fn)
			}
			if !strings.Contains(se.Error(), tt.msg) {
				t.Errorf("error %q\nwant it to contain %q", se.Error(), tt.msg)
			}
		})
	}
	// the built-in theme, under the same limits, draws
	e, err := NewLimited(themes.Default(), fakeMeasure, short)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Scene(opt, 600, false); err != nil {
		t.Fatal(err)
	}
}

// TestBudget: a build's budget, once spent, stops the next run at once.
func TestBudget(t *testing.T) {
	opt := chart.OptionBytes(chart.Option(chartcorpus.Charts(t, "../..")[0]))
	b := NewBudget(time.Minute)
	e, err := NewLimited(themes.Default(), fakeMeasure, Limits{Budget: b})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Scene(opt, 600, false); err != nil {
		t.Fatal(err)
	}
	if b.spent.Load() <= 0 {
		t.Error("the run spent nothing of the budget")
	}
	b.spend(time.Minute)
	_, err = e.Scene(opt, 600, false)
	var se *ScriptError
	if !errors.As(err, &se) || se.Stopped != StoppedBudget {
		t.Fatalf("got %v, want the budget's stop", err)
	}
	if want := "the build's 1 min" + ofCPU + " for static figures"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q, want it to say %q", err, want)
	}
}

// chooseTicksLine is the line of ticks.js that inChooseTicks puts its code
// on: the line that opens chooseTicks.
func chooseTicksLine(t *testing.T) string {
	t.Helper()
	src, err := fs.ReadFile(themes.Default(), "assets/ticks.js")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, "function chooseTicks(") {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatal("ticks.js has no function chooseTicks")
	return ""
}

// TestPanicEndsWatch: a Go panic out of a run (here the measure's) goes on
// up, but only after the run's watch has ended, so that a caller that
// recovers keeps no watching goroutine and no locked thread.
func TestPanicEndsWatch(t *testing.T) {
	opt := chart.OptionBytes(chart.Option(chartcorpus.Charts(t, "../..")[0]))
	e, err := NewLimited(themes.Default(), func(string, string) float64 { panic("the measure's own fault") }, Limits{Budget: NewBudget(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			if r := recover(); r != "the measure's own fault" {
				t.Errorf("recovered %v; want the measure's panic", r)
			}
		}()
		e.Scene(opt, 600, false)
	}()
	// The watchdog's own goroutines, found by their stacks: a count of every
	// goroutine also moves when one of an earlier test's ends meanwhile.
	var stacks bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&stacks, 1); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stacks.String(), "scene.(*guard).run"); n != 0 {
		t.Errorf("%d watchdogs still running after the panic: the run's watch goes on\n%s", n, stacks.String())
	}
}
