package scene

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
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
// Scene) is watched: past its time, or when the Go heap has grown past its
// memory while it ran, the runtime is interrupted (goja's
// Runtime.Interrupt) and the call returns a *ScriptError naming the script
// and the function it was stopped in.
//
// goja has no heap of its own: its objects are Go's. The watchdog samples
// the Go heap (runtime/metrics, no stop of the world) every memoryTick, and
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
	// Time is the most one call (a Scene, or loading the scripts) may
	// take.
	Time time.Duration
	// Memory is the most bytes the Go heap may grow by during one call.
	Memory int64
	// Budget, when set, is shared by the calls of a build: their time
	// together.
	Budget *Budget
}

const (
	// DefaultTime is Limits.Time's default: a chart of 20,000 points takes
	// a few hundred milliseconds, so 10 s is a script that will not end.
	DefaultTime = 10 * time.Second
	// DefaultMemory is Limits.Memory's default: a chart of 20,000 points
	// allocates some 40 MB over its whole run, far less at once.
	DefaultMemory = 256 << 20
	// memoryTick is how often the watchdog samples the heap.
	memoryTick = 5 * time.Millisecond
)

func (l Limits) time() time.Duration {
	if l.Time > 0 {
		return l.Time
	}
	return DefaultTime
}

func (l Limits) memory() int64 {
	if l.Memory > 0 {
		return l.Memory
	}
	return DefaultMemory
}

// Budget is the time the calls of a build may spend in the theme's
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

// stopped is the value an interrupt carries: why, and the limit.
type stopped struct{ why, limit string }

func (s stopped) Error() string { return s.why }

// guard watches one run of vm under lim until its stop is called.
type guard struct {
	vm    *goja.Runtime
	start time.Time
	lim   Limits
	done  chan struct{}
	wg    sync.WaitGroup
	// tripped is why the watchdog stopped the run, once it has: Go code
	// reading the scripts' objects, which no interrupt stops, asks it.
	tripped atomic.Pointer[stopped]
}

// watch starts watching vm under lim; the caller must call stop when the
// run is over, before vm runs anything else.
func watch(vm *goja.Runtime, lim Limits) *guard {
	g := &guard{vm: vm, start: time.Now(), lim: lim, done: make(chan struct{})}
	d, byBudget := lim.Budget.left(lim.time())
	why := stopped{StoppedTime, formatDuration(d)}
	if byBudget {
		why = stopped{StoppedBudget, formatDuration(lim.Budget.total)}
	}
	if d <= 0 {
		// nothing left: the run is stopped at its first instruction
		g.interrupt(why)
		return g
	}
	g.wg.Add(1)
	go g.run(d, why, heapBytes())
	return g
}

// heapBytes is the bytes of the Go heap's objects, live and garbage.
func heapBytes() int64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return int64(sample[0].Value.Uint64())
}

// run is the watchdog: it interrupts the run after d, or when the heap
// has grown past the limit from base, the heap as the run started (its
// garbage too: lenient).
func (g *guard) run(d time.Duration, why stopped, base int64) {
	defer g.wg.Done()
	timer := time.NewTimer(d)
	defer timer.Stop()
	tick := time.NewTicker(memoryTick)
	defer tick.Stop()
	// mark is the heap after the last collection the watchdog made, so
	// that it collects at most once per limit of new allocation
	mark := base
	limit := g.lim.memory()
	for {
		select {
		case <-g.done:
			return
		case <-timer.C:
			g.interrupt(why)
			return
		case <-tick.C:
			if heapBytes()-mark <= limit {
				continue
			}
			// garbage counts too: collect it, and count what is left
			runtime.GC()
			mark = heapBytes()
			if mark-base > limit {
				g.interrupt(stopped{StoppedMemory, formatBytes(limit)})
				return
			}
		}
	}
}

func (g *guard) interrupt(why stopped) {
	g.tripped.Store(&why)
	g.vm.Interrupt(why)
}

// check is the error of a run the watchdog stopped, nil while it runs:
// for Go code that reads the scripts' objects.
func (g *guard) check() error {
	if g == nil {
		return nil
	}
	if why := g.tripped.Load(); why != nil {
		return &ScriptError{Script: "assets/scene.js", Stopped: why.why, Limit: why.limit}
	}
	return nil
}

// stop ends the watch, spends the run's time from the budget and clears
// any interrupt, so that the runtime can run again.
func (g *guard) stop() {
	close(g.done)
	g.wg.Wait()
	g.vm.ClearInterrupt()
	g.lim.Budget.spend(time.Since(g.start))
}

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
