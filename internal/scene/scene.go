// Package scene computes a chart's Scene (package figure's display list)
// with the theme's own scripts, in an embedded JavaScript engine (goja),
// so that the static figure is laid out by the very code that lays out the
// live chart: chartlayout.js prepareOption (panels, legend, titles, ticks),
// labels.js placeLabels (point labels), colors.js (readable colours),
// marks.js (error bars, bands, reference marks), and scene.js, which draws
// what ECharts would draw for the prepared option.
//
// Concurrency: an Engine holds one goja runtime, which is not safe for
// concurrent use. Use one Engine per goroutine (a build's workers each make
// their own, or take one from a sync.Pool). The scripts are compiled once
// per process for each distinct set of script texts (a cache keyed by
// their hash), so a new Engine costs only running them (about 12 ms).
package scene

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/dop251/goja"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/themes"
)

// Scripts are the theme assets the engine runs, in load order: the
// scripts that lay a chart out, as the pages run them
// (themes.LayoutScripts), then medium.js (the layout for a Medium, which
// the pages never need) and scene.js. A theme that overrides one of
// them changes the static figure too.
var Scripts = sceneScripts()

func sceneScripts() []string {
	var s []string
	for _, name := range themes.LayoutScripts() {
		s = append(s, "assets/"+name)
	}
	return append(s, "assets/medium.js", "assets/scene.js")
}

// Measure gives the width in CSS px of text drawn in a CSS font
// ("600 16px sans-serif"), as the browser's canvas would measure it.
type Measure func(text, cssFont string) float64

// Engine computes Scenes. Not safe for concurrent use: see the package
// comment.
type Engine struct {
	vm    *goja.Runtime
	parse goja.Callable // JSON.parse
	scene goja.Callable // scene.js' scene
	plots goja.Callable // scene.js' plots, or nil (a theme's own may have none)
	copy  goja.Callable // scene.js' copyOption
	lim   Limits
	// failed is set once a run of the scripts failed or was stopped: the
	// scripts' state may be half changed, so the engine is not used again.
	failed bool
}

var (
	compiledMu sync.Mutex
	compiled   = map[[32]byte][]*goja.Program{}
)

// ScriptsSum is a SHA-256 of the scripts of theme an Engine runs (names
// and bytes, in load order): what a Scene depends on of the theme, for a
// cache of Scenes to key them by.
func ScriptsSum(theme fs.FS) ([32]byte, error) {
	key, _, err := readScripts(theme)
	return key, err
}

// readScripts reads the scripts of theme, with their ScriptsSum.
func readScripts(theme fs.FS) ([32]byte, []string, error) {
	var key [32]byte
	srcs := make([]string, len(Scripts))
	h := sha256.New()
	for i, name := range Scripts {
		b, err := fs.ReadFile(theme, name)
		if err != nil {
			return key, nil, fmt.Errorf("scene: %w", err)
		}
		srcs[i] = string(b)
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	copy(key[:], h.Sum(nil))
	return key, srcs, nil
}

// programs compiles the scripts of theme, once per distinct text.
func programs(theme fs.FS) ([]*goja.Program, error) {
	key, srcs, err := readScripts(theme)
	if err != nil {
		return nil, err
	}
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if p, ok := compiled[key]; ok {
		return p, nil
	}
	progs := make([]*goja.Program, len(Scripts))
	for i, src := range srcs {
		p, err := goja.Compile(Scripts[i], src, true)
		if err != nil {
			return nil, fmt.Errorf("scene: compiling %s: %w", Scripts[i], err)
		}
		progs[i] = p
	}
	compiled[key] = progs
	return progs, nil
}

// New makes an Engine over the built-in theme's scripts.
func New(measure Measure) (*Engine, error) {
	return NewFS(themes.Default(), measure)
}

// NewFS makes an Engine over the scripts of theme (a theme folder: paths
// like "assets/scene.js"; the built-in theme overlaid with a site's own,
// for instance), under the default Limits.
func NewFS(theme fs.FS, measure Measure) (*Engine, error) {
	return NewLimited(theme, measure, Limits{})
}

// NewLimited makes an Engine over the scripts of theme whose every run
// (loading the scripts, each Scene) is bound by lim (limits.go).
func NewLimited(theme fs.FS, measure Measure, lim Limits) (*Engine, error) {
	if measure == nil {
		return nil, fmt.Errorf("scene: no text measure")
	}
	progs, err := programs(theme)
	if err != nil {
		return nil, err
	}
	vm := goja.New()
	vm.SetMaxCallStackSize(maxCallDepth)
	// the scripts add themselves to window, the page's global object
	if err := vm.Set("window", vm.GlobalObject()); err != nil {
		return nil, err
	}
	g := watch(vm, lim, 0)
	for _, p := range progs {
		if _, err := vm.RunProgram(p); err != nil {
			g.stop()
			return nil, scriptError(err)
		}
	}
	g.stop()
	cl := vm.GlobalObject().Get("scalesiteChartLayout")
	if cl == nil || goja.IsUndefined(cl) {
		return nil, fmt.Errorf("scene: chartlayout.js did not load")
	}
	setMeasure, ok := goja.AssertFunction(cl.ToObject(vm).Get("setMeasure"))
	if !ok {
		return nil, fmt.Errorf("scene: chartlayout.js has no setMeasure")
	}
	// a native function, not a Go func the runtime would call by reflection
	measureFn := func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(measure(call.Argument(0).String(), call.Argument(1).String()))
	}
	sc := vm.GlobalObject().Get("scalesiteScene")
	if sc == nil || goja.IsUndefined(sc) {
		return nil, fmt.Errorf("scene: scene.js did not load")
	}
	measureVal := vm.ToValue(measureFn)
	// scene.js keeps the widths measured (a theme's own may not)
	if measured, ok := goja.AssertFunction(sc.ToObject(vm).Get("measured")); ok {
		if measureVal, err = measured(goja.Undefined(), measureVal); err != nil {
			return nil, scriptError(err)
		}
	}
	if _, err := setMeasure(goja.Undefined(), measureVal); err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(sc.ToObject(vm).Get("scene"))
	if !ok {
		return nil, fmt.Errorf("scene: scene.js has no scene")
	}
	// a theme's own scene.js may have none: Scenes then parses the
	// option at every width
	cp, _ := goja.AssertFunction(sc.ToObject(vm).Get("copyOption"))
	// and no plots: Plots then draws whole Scenes
	pl, _ := goja.AssertFunction(sc.ToObject(vm).Get("plots"))
	parse, ok := goja.AssertFunction(vm.GlobalObject().Get("JSON").ToObject(vm).Get("parse"))
	if !ok {
		return nil, fmt.Errorf("scene: no JSON.parse")
	}
	return &Engine{vm: vm, parse: parse, scene: fn, plots: pl, copy: cp, lim: lim}, nil
}

// maxCallDepth bounds the scripts' call depth: theirs is a few dozen
// calls, and an endless recursion ends in a *ScriptError, not in Go's
// stack overflow.
const maxCallDepth = 10000

// Failed reports whether a run of the engine failed or was stopped: such
// an engine is not to be used again.
func (e *Engine) Failed() bool { return e.failed }

// Scene computes the Scene of the chart whose page option is optionJSON
// (the JSON the page carries in its option script element:
// chart.OptionBytes(chart.Option(c))), width CSS px wide, in the dark
// scheme or the light one.
func (e *Engine) Scene(optionJSON []byte, width int, dark bool) (*figure.Scene, error) {
	return e.call(optionJSON, float64(width), dark, goja.Undefined(), goja.Undefined())
}

// Scenes computes the Scenes of the chart whose page option is optionJSON
// at each of widths, as Scene computes each: the option parsed once and
// copied for each width (scene.js copyOption), and what the layout keeps
// between calls (an axis' ticks, its labels' texts and widths) found
// again at the next width. Each width is a call of its own under the
// engine's limits.
func (e *Engine) Scenes(optionJSON []byte, widths []int, dark bool) ([]*figure.Scene, error) {
	return e.scenes(optionJSON, widths, dark, e.scene)
}

// Plots lays the chart whose page option is optionJSON out at each of
// widths, light, as Scenes does, and returns each Scene with its plots
// alone (Clips, one a panel, fitted as in a whole Scene; no Items): how
// wide the page draws each panel, for far less than drawing it.
func (e *Engine) Plots(optionJSON []byte, widths []int) ([]*figure.Scene, error) {
	if e.plots == nil {
		return e.Scenes(optionJSON, widths, false)
	}
	return e.scenes(optionJSON, widths, false, e.plots)
}

// scenes is Scenes calling fn, scene.js' scene or plots, at each width.
func (e *Engine) scenes(optionJSON []byte, widths []int, dark bool, fn goja.Callable) ([]*figure.Scene, error) {
	out := make([]*figure.Scene, len(widths))
	var parsed goja.Value
	size := chartSize(optionJSON)
	for i, w := range widths {
		option := func() (goja.Value, error) {
			if e.copy == nil || len(widths) < 2 {
				return e.parse(goja.Undefined(), e.vm.ToValue(string(optionJSON)))
			}
			if parsed == nil {
				v, err := e.parse(goja.Undefined(), e.vm.ToValue(string(optionJSON)))
				if err != nil {
					return nil, err
				}
				parsed = v
			}
			return e.copy(goja.Undefined(), parsed)
		}
		s, err := e.run(fn, size, option, float64(w), dark, goja.Undefined(), goja.Undefined())
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// SceneFor computes the Scene of the chart whose page option is optionJSON
// made for medium m (medium.go): laid out in units where the axes' text is
// 12, to be drawn scaled by m.Scale() to m.Width px wide.
func (e *Engine) SceneFor(optionJSON []byte, m Medium, dark bool) (*figure.Scene, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	md, err := e.parse(goja.Undefined(), e.vm.ToValue(string(b)))
	if err != nil {
		return nil, err
	}
	return e.call(optionJSON, m.Width/m.Scale(), dark, goja.Undefined(), md)
}

// call runs scene.js' scene under the engine's limits, its time as
// CallTime gives it for the option's size. Every error it
// returns is a *ScriptError: the option is the program's own JSON, so
// what fails is the theme's scripts.
func (e *Engine) call(optionJSON []byte, width float64, dark bool, height, medium goja.Value) (s *figure.Scene, err error) {
	option := func() (goja.Value, error) {
		return e.parse(goja.Undefined(), e.vm.ToValue(string(optionJSON)))
	}
	return e.run(e.scene, chartSize(optionJSON), option, width, dark, height, medium)
}

// run is call of fn (scene.js' scene or plots) with the option it is
// given made by option, in the call (parsed, or copied from one parsed
// before), for a chart of size points and labels (chartSize).
func (e *Engine) run(fn goja.Callable, size int, option func() (goja.Value, error), width float64, dark bool, height, medium goja.Value) (s *figure.Scene, err error) {
	if e.failed {
		return nil, fmt.Errorf("scene: the engine is used again after a failed run")
	}
	g := watch(e.vm, e.lim, size)
	defer func() {
		// reading the Scene may run the scripts' getters, which throw
		// as panics; any other panic goes on up, after the watch ends
		r := recover()
		g.stop()
		if r != nil {
			perr, ok := r.(error)
			if !ok || !isScriptPanic(perr) {
				panic(r)
			}
			s, err = nil, perr
		}
		if err != nil {
			e.failed = true
			err = scriptError(err)
		}
	}()
	opt, err := option()
	if err != nil {
		return nil, err
	}
	v, err := fn(goja.Undefined(), opt, e.vm.ToValue(width), e.vm.ToValue(dark), height, medium)
	if err != nil {
		return nil, err
	}
	s, err = sceneReader{vm: e.vm, guard: g}.scene(v)
	var stopped *ScriptError
	if errors.As(err, &stopped) {
		return nil, err
	}
	if err != nil {
		return nil, &ScriptError{Script: "assets/scene.js", Msg: "it returned no drawable scene: " + err.Error()}
	}
	return s, nil
}

// isScriptPanic reports whether err, panicked by goja while Go read the
// scripts' objects, is the scripts' exception or interrupt.
func isScriptPanic(err error) bool {
	var exc *goja.Exception
	var intr *goja.InterruptedError
	var so *goja.StackOverflowError
	return errors.As(err, &exc) || errors.As(err, &intr) || errors.As(err, &so)
}
