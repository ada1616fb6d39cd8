package scene

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/scalesite/scalesite/diag"
)

// The theme's scripts run under a bound. A site's own theme may replace
// any of them (themes/NAME/assets/ticks.js), and a script that loops
// forever would hang the build, one that allocates forever would end it in
// an out-of-memory crash. Every run of the scripts (loading them, each
// Scene) is watched (watch.go): past its time, or when the Go heap has
// grown past its memory while it ran, the runtime is interrupted (goja's
// Runtime.Interrupt) and the call returns a *ScriptError naming the script
// and the function it was stopped in.
//
// Time is the CPU time of the OS thread that runs the call (the call locks
// its goroutine to it), not the wall clock's: on a busy machine (a CI
// runner of 2 cores running many tests) a chart that needs 3 s of CPU may
// take 15 s of wall time, and must still draw. Where the thread's CPU clock
// is not available (other systems than Linux), it is the wall clock's.
// What one call may take grows with the chart's size (CallTime): a dense
// labelled scatter legitimately takes seconds to place its labels.
//
// goja has no heap of its own: its objects are Go's. The watchdog samples
// the Go heap (runtime/metrics, no stop of the world) every tick, and
// when it has grown by more than the limit since the call started (or since
// the watchdog last collected) it collects the garbage and looks again, so
// that garbage is not counted against the script. The heap is the
// process's: a script allocating without end may stop another engine's
// run beside it too; the build fails on either. A built-in function
// (a single "x".repeat(1e9)) is not interrupted while it runs: the bound
// is on what a script does in its own code.

// Limits bound one run of the theme's scripts. A zero field takes its
// default.
type Limits struct {
	// Time, when set, is the most CPU time one call (a Scene, or loading
	// the scripts) may take, whatever the chart's size; zero is CallTime
	// of the chart's size.
	Time time.Duration
	// Memory is the most bytes the Go heap may grow by during one call.
	Memory int64
	// Budget, when set, is shared by the calls of a build: their CPU
	// time together.
	Budget *Budget
	// observe, when set (tests), is told of every look of the watchdog
	// at a call's clocks: the call's CPU time and wall time so far.
	observe func(cpu, wall time.Duration)
}

// The time a call may take is the one rule CallTime states; the format
// guide ("Limits of static figures") says it in words, and a call stopped
// by it says its limit in its error.
const (
	// BaseTime is the CPU time any call may take: loading the scripts,
	// or drawing a chart of a few points (a few milliseconds of CPU).
	BaseTime = 5 * time.Second
	// PointTime is the CPU time a call may take more for each point and
	// each point label of the chart: placing the labels of a labelled
	// scatter is what grows with its size. 4,000 labelled points (8,000
	// points and labels) took 14.1 s of CPU at 1200 px (13.1 s at 1006 px,
	// the static figure's width) on a loaded machine; BaseTime and
	// 8,000 × PointTime, 29 s, allow that twice over.
	PointTime = 3 * time.Millisecond
	// MaxTime is the most CPU time a call may take, however large its
	// chart.
	MaxTime = 60 * time.Second
	// DefaultMemory is Limits.Memory's default: a chart of 20,000 points
	// allocates some 40 MB over its whole run, far less at once.
	DefaultMemory = 256 << 20
)

// CallTime is the CPU time one call drawing a chart of n points and point
// labels may take: BaseTime, plus PointTime for each, in whole seconds
// (cut down, so that an error says "5 s", not "5.012 s"), at most MaxTime.
func CallTime(n int) time.Duration {
	if n <= 0 {
		return BaseTime
	}
	if int64(n) > int64((MaxTime-BaseTime)/PointTime) {
		return MaxTime
	}
	return (BaseTime + time.Duration(n)*PointTime).Truncate(time.Second)
}

// time is the CPU time a call drawing a chart of n points and labels may
// take under l.
func (l Limits) time(n int) time.Duration {
	if l.Time > 0 {
		return l.Time
	}
	return CallTime(n)
}

func (l Limits) memory() int64 {
	if l.Memory > 0 {
		return l.Memory
	}
	return DefaultMemory
}

// Budget is the CPU time the calls of a build may spend in the theme's
// scripts together, shared by its engines. Safe for concurrent use.
type Budget struct {
	total time.Duration
	spent atomic.Int64 // nanoseconds
}

// NewBudget is a Budget of total.
func NewBudget(total time.Duration) *Budget { return &Budget{total: total} }

// left is the time left, at most d.
func (b *Budget) left(d time.Duration) (time.Duration, bool) {
	if b == nil {
		return d, false
	}
	rest := b.total - time.Duration(b.spent.Load())
	if rest < d {
		return max(rest, 0), true
	}
	return d, false
}

func (b *Budget) spend(d time.Duration) {
	if b != nil {
		b.spent.Add(int64(d))
	}
}

// chartSize is the points and point labels of the chart whose page
// option is optionJSON: the data of its series, and the labels the
// option's scalesite part counts. An option it cannot read is of size 0.
func chartSize(optionJSON []byte) int {
	var o struct {
		Scalesite struct {
			Labels int `json:"labels"`
		} `json:"scalesite"`
		Series []struct {
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	if json.Unmarshal(optionJSON, &o) != nil {
		return 0
	}
	// the count is the program's own, bounded here so the sum cannot wrap
	n := min(max(o.Scalesite.Labels, 0), 1<<40)
	for _, s := range o.Series {
		n += len(s.Data)
	}
	return n
}

// Why a run was stopped.
const (
	StoppedTime   = "time"
	StoppedMemory = "memory"
	StoppedBudget = "budget"
)

// ScriptError is an error of the theme's scripts: one threw, or was
// stopped by a limit, or returned what is not a Scene.
type ScriptError struct {
	// Script is the file it happened in, as the theme names it
	// ("assets/ticks.js"); Func the function, Line and Col the place
	// (0 when unknown).
	Script, Func string
	Line, Col    int
	// Stopped is StoppedTime, StoppedMemory or StoppedBudget when a limit
	// stopped the script, "" when it failed by itself.
	Stopped string
	// Limit is the limit that stopped it, in words ("10s", "256 MB").
	Limit string
	// Msg is what the script threw, or what was wrong with what it
	// returned.
	Msg string
}

// Name is the script's file name without its folder ("ticks.js").
func (e *ScriptError) Name() string {
	if e.Script == "" {
		return "scripts"
	}
	return path.Base(e.Script)
}

// Where is the function and place the script failed at, in words:
// "in tickValues (ticks.js:42:7)", or "" when unknown.
func (e *ScriptError) Where() string {
	if e.Script == "" || e.Line == 0 {
		return ""
	}
	// a stopped run was stopped anywhere in its loop: its line says
	// where, a column would only vary from run to run
	at := fmt.Sprintf("%s:%d", e.Name(), e.Line)
	if e.Stopped == "" {
		at += fmt.Sprintf(":%d", e.Col)
	}
	if e.Func == "" {
		return "at " + at
	}
	return fmt.Sprintf("in %s (%s)", e.Func, at)
}

func (e *ScriptError) Error() string { return e.Describe("a chart") }

// Describe says what happened while the scripts drew what ("the chart's
// static figure"), in a reader's words.
func (e *ScriptError) Describe(what string) string {
	where := e.Where()
	if where != "" {
		where = ", " + where
	}
	switch e.Stopped {
	case StoppedTime:
		return fmt.Sprintf("the theme's %s did not finish drawing %s in %s%s", e.Name(), what, e.Limit, where)
	case StoppedMemory:
		return fmt.Sprintf("the theme's %s used more than %s of memory drawing %s%s", e.Name(), e.Limit, what, where)
	case StoppedBudget:
		return fmt.Sprintf("the theme's scripts used up the build's %s for static figures before drawing %s (%s stopped%s)", e.Limit, what, e.Name(), where)
	}
	return fmt.Sprintf("the theme's %s failed drawing %s%s: %s", e.Name(), what, where, shortMsg(e.Msg))
}

// At is the error as a command reports it: at pos (the chart's place in
// its page), saying what happened drawing what ("the chart's static
// figure"), and what to do. ownFile is the site's file the script came
// from (themes/NAME/assets/ticks.js), "" for the built-in theme's; build
// is set for a build's static figures, which the config can turn off.
func (e *ScriptError) At(pos diag.Pos, what, ownFile string, build bool) *diag.Error {
	msg := e.Describe(what)
	off := ""
	if build {
		off = "turn static figures off (staticFigures: false in scalesite.yaml)"
	}
	switch {
	case e.Stopped == StoppedBudget:
		msg += ": a build draws its static figures in at most that; " + off + " for a site this large"
	case ownFile != "" && build:
		msg += fmt.Sprintf(": fix %s, or remove it to use the built-in theme's, or %s", ownFile, off)
	case ownFile != "":
		msg += fmt.Sprintf(": fix %s, or remove it to use the built-in theme's", ownFile)
	case build:
		msg += ": this is a bug in scalesite's built-in theme; please report it with this chart; until it is fixed, staticFigures: false in scalesite.yaml builds the site without static figures"
	default:
		msg += ": this is a bug in scalesite's built-in theme; please report it with this chart"
	}
	return &diag.Error{Pos: pos, Msg: msg}
}

// Layers is the theme folder whose files are those of the last of layers
// that has them: the built-in theme overlaid with a site's own, for
// NewFS.
func Layers(layers ...fs.FS) fs.FS { return layered(layers) }

type layered []fs.FS

func (l layered) Open(name string) (fs.File, error) {
	for i := len(l) - 1; i >= 0; i-- {
		if l[i] == nil {
			continue
		}
		f, err := l[i].Open(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// shortMsg is a script's message as an error shows it: its first line, cut
// to maxMsg characters, what would not print escaped.
func shortMsg(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if utf8.RuneCountInString(s) > maxMsg {
		s = string([]rune(s)[:maxMsg-1]) + "…"
	}
	return diag.Visible(s)
}

// maxMsg is the most characters of a script's message an error shows.
const maxMsg = 200

// scriptError makes err, returned by a run of the scripts, a
// *ScriptError naming the script and function it happened in.
func scriptError(err error) error {
	var se *ScriptError
	if errors.As(err, &se) {
		return err
	}
	e := &ScriptError{Msg: err.Error()}
	var stack []goja.StackFrame
	var intr *goja.InterruptedError
	var exc *goja.Exception
	switch {
	case errors.As(err, &intr):
		if s, ok := intr.Value().(stopped); ok {
			e.Stopped, e.Limit = s.why, s.limit
		}
		stack = intr.Stack()
	case errors.As(err, &exc):
		e.Msg = exc.Value().String()
		stack = exc.Stack()
	}
	var so *goja.StackOverflowError
	if errors.As(err, &so) {
		e.Msg = "it called itself too deeply (endless recursion?)"
		stack = so.Stack()
	}
	// the innermost frame in one of the theme's scripts
	for i := range stack {
		f := &stack[i]
		p := f.Position()
		if p.Filename == "" || !strings.HasPrefix(p.Filename, "assets/") {
			continue
		}
		e.Script, e.Line, e.Col = p.Filename, p.Line, p.Column
		if fn := f.FuncName(); !strings.HasPrefix(fn, "<") {
			e.Func = fn // not <anonymous>, <native>
		}
		break
	}
	return e
}

// formatDuration writes d as a reader would: "10 s", "250 ms", "10 min".
func formatDuration(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%d min", d/time.Minute)
	case d >= time.Second:
		return fmt.Sprintf("%g s", d.Seconds())
	}
	return fmt.Sprintf("%d ms", d.Milliseconds())
}

// formatBytes writes n bytes in MB (2^20).
func formatBytes(n int64) string {
	return fmt.Sprintf("%d MB", n>>20)
}
