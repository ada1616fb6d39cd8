//go:build ignore

// Command jsengines times the theme's layout scripts, which draw a chart's
// static picture at build time (internal/scene), in goja, the engine
// scalesite embeds, beside modernc.org/quickjs (QuickJS transpiled to
// pure Go, no cgo), on the same page options with the same text measure.
// It is a measurement, not a switch: quickjs stays out of scalesite's
// go.mod, so jsengines.sh runs it in a module of its own made in a
// temporary folder, with a replace directive pointing at this repository
// (a go.mod kept in this repository, below scalesite's, broke `go install`
// of scalesite at a commit).
//
// The options come from a folder written by
//
//	go test ./internal/scene -run TestDumpOptions -dump-options DIR
//
// (a separate module cannot import scalesite's internal packages, where
// the corpus lives): corpus-NN.json, every chart of the test corpus, and
// labelled-1000.json, BenchmarkLabelledScatter's 1,000 labelled points.
//
// Both engines load the scripts internal/scene loads (themes.LayoutScripts,
// then medium.js and scene.js), top level strict as goja.Compile(..., true) makes them,
// with window the global object, and measure text with a Go callback,
// figure.MeasureFont, as the build does. A Scene is two timed calls of a
// wrapper: run (JSON.parse of the option, then scene.js' scene) and out
// (JSON.stringify of the Scene, the string handed to Go), then decode (Go's
// json.Unmarshal of it into a figure.Scene, Go's work in either engine).
// The build reads a goja Scene property by property instead of out and
// decode, which costs less.
//
// Each engine runs in a process of its own (this program run again with
// -child), so that memory is its own; -rounds rounds alternate the two
// (ABBA). Each reports, for the corpus at each -widths and the labelled
// scatter at the first width, the CPU time per Scene: of the thread that
// ran it and of the whole process (the garbage collector's threads too),
// after one untimed pass over the corpus. It reports the start-up of an
// engine (a runtime with the scripts loaded and the measure installed)
// compiling the scripts, and from scripts compiled before (goja's
// Programs, QuickJS bytecode): a build compiles once and starts one engine
// per worker. Memory: the process' resident set before the engine, after
// its start-up, and at its peak. The figures printed are the medians over
// the rounds. The Scenes of the first round are compared as JSON.
//
// Usage:
//
//	go run . [-rounds 3] [-widths 1006,700,343] DIR
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dop251/goja"
	"golang.org/x/sys/unix"
	"modernc.org/quickjs"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/themes"
)

// wrapper is run after the theme's scripts in both engines: run draws a
// Scene and keeps it, out writes the kept Scene as JSON.
const wrapper = `(function (G) {
  var last = null;
  G.__jsenginesRun = function (opt, w, dark) {
    last = G.scalesiteScene.scene(JSON.parse(opt), w, dark);
    return last.items.length;
  };
  G.__jsenginesOut = function () { return JSON.stringify(last); };
})(this);`

// engine is one JavaScript engine with the scripts loaded.
type engine interface {
	run(opt string, width int) error
	out() (string, error)
	close()
}

// script is one of the theme's scripts, by name.
type script struct{ name, src string }

// scripts are the scripts internal/scene loads, in its order.
func scripts() ([]script, error) {
	var out []script
	for _, name := range append(themes.LayoutScripts(), "medium.js", "scene.js") {
		b, err := fs.ReadFile(themes.Default(), "assets/"+name)
		if err != nil {
			return nil, err
		}
		out = append(out, script{name, string(b)})
	}
	return append(out, script{"wrapper", wrapper}), nil
}

// measures counts the calls of the text measure, for the report.
var measures int

func measure(text, font string) float64 {
	measures++
	return figure.MeasureFont(text, font)
}

type gojaEngine struct {
	vm       *goja.Runtime
	run_, o_ goja.Callable
}

func gojaPrograms(srcs []script) ([]*goja.Program, error) {
	var progs []*goja.Program
	for _, s := range srcs {
		p, err := goja.Compile(s.name, s.src, true)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		progs = append(progs, p)
	}
	return progs, nil
}

// newGoja starts goja as internal/scene.NewLimited does (no watchdog).
func newGoja(progs []*goja.Program) (engine, error) {
	vm := goja.New()
	vm.SetMaxCallStackSize(10000)
	if err := vm.Set("window", vm.GlobalObject()); err != nil {
		return nil, err
	}
	for _, p := range progs {
		if _, err := vm.RunProgram(p); err != nil {
			return nil, err
		}
	}
	cl := vm.GlobalObject().Get("scalesiteChartLayout").ToObject(vm)
	setMeasure, _ := goja.AssertFunction(cl.Get("setMeasure"))
	fn := func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(measure(call.Argument(0).String(), call.Argument(1).String()))
	}
	if _, err := setMeasure(goja.Undefined(), vm.ToValue(fn)); err != nil {
		return nil, err
	}
	e := &gojaEngine{vm: vm}
	e.run_, _ = goja.AssertFunction(vm.Get("__jsenginesRun"))
	e.o_, _ = goja.AssertFunction(vm.Get("__jsenginesOut"))
	return e, nil
}

func (e *gojaEngine) run(opt string, width int) error {
	_, err := e.run_(goja.Undefined(), e.vm.ToValue(opt), e.vm.ToValue(width), e.vm.ToValue(false))
	return err
}

func (e *gojaEngine) out() (string, error) {
	v, err := e.o_(goja.Undefined())
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

func (e *gojaEngine) close() {}

type qjsEngine struct {
	vm       *quickjs.VM
	run_, o_ quickjs.Value
	funcs    bool // run_ and o_ are set
}

// qjsSource is a script as QuickJS evaluates it: strict, as goja.Compile
// makes it (on its first line, so that lines number as in the file).
func qjsSource(s script) string { return `"use strict";` + s.src }

// qjsBytecode compiles the scripts to QuickJS bytecode.
func qjsBytecode(srcs []script) ([][]byte, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	defer vm.Close()
	var out [][]byte
	for _, s := range srcs {
		b, err := vm.Compile(qjsSource(s), quickjs.EvalGlobal)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// newQJS starts QuickJS over the scripts' sources, or their bytecode when
// code is not nil.
func newQJS(srcs []script, code [][]byte) (engine, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	e := &qjsEngine{vm: vm}
	// the values of the scripts are not converted to Go (the global
	// object, a circular one, would not convert)
	eval := func(src string) error {
		v, err := vm.EvalValue(src, quickjs.EvalGlobal)
		if err == nil {
			v.Free()
		}
		return err
	}
	if err := eval("globalThis.window = globalThis;"); err != nil {
		e.close()
		return nil, err
	}
	for i, s := range srcs {
		if code != nil {
			var v quickjs.Value
			if v, err = vm.EvalBytecodeValue(code[i]); err == nil {
				v.Free()
			}
		} else {
			err = eval(qjsSource(s))
		}
		if err != nil {
			e.close()
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
	}
	if err := vm.RegisterFunc("__jsenginesMeasure", measure, false); err != nil {
		e.close()
		return nil, err
	}
	if err := eval("scalesiteChartLayout.setMeasure(__jsenginesMeasure);"); err != nil {
		e.close()
		return nil, err
	}
	if e.run_, err = vm.EvalValue("__jsenginesRun", quickjs.EvalGlobal); err == nil {
		e.o_, err = vm.EvalValue("__jsenginesOut", quickjs.EvalGlobal)
	}
	if err != nil {
		e.close()
		return nil, err
	}
	e.funcs = true
	return e, nil
}

func (e *qjsEngine) run(opt string, width int) error {
	_, err := e.run_.Call(quickjs.UndefinedValue, opt, width, false)
	return err
}

func (e *qjsEngine) out() (string, error) {
	v, err := e.o_.Call(quickjs.UndefinedValue)
	if err != nil {
		return "", err
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("JSON.stringify gave %T", v)
	}
	return s, nil
}

func (e *qjsEngine) close() {
	if e.funcs {
		e.run_.Free()
		e.o_.Free()
	}
	e.vm.Close()
}

// clocks are the CPU clocks read around a call.
type clocks struct{ thread, proc time.Duration }

func now() clocks {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		log.Fatal(err)
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		log.Fatal(err)
	}
	p := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return clocks{time.Duration(ts.Nano()), p}
}

func (c *clocks) add(d clocks) {
	c.thread += d.thread
	c.proc += d.proc
}

func (c clocks) since(start clocks) clocks {
	return clocks{c.thread - start.thread, c.proc - start.proc}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// status is a field of /proc/self/status in MiB (VmRSS, VmHWM).
func status(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			if err != nil {
				log.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	log.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// option is one page option of the folder.
type option struct {
	name string
	json string
}

func readOptions(dir string) (corpus []option, labelled option) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(names) == 0 {
		log.Fatalf("no options in %s (write them with go test ./internal/scene -run TestDumpOptions -dump-options %s)", dir, dir)
	}
	slices.Sort(names)
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			log.Fatal(err)
		}
		o := option{strings.TrimSuffix(filepath.Base(n), ".json"), string(b)}
		if o.name == "labelled-1000" {
			labelled = o
		} else {
			corpus = append(corpus, o)
		}
	}
	if labelled.name == "" {
		log.Fatalf("no labelled-1000.json in %s", dir)
	}
	return corpus, labelled
}

// result is what one child reports: figures by name.
type result map[string]float64

// child runs the Scenes in engine name, writing their JSON to outDir when
// it is set, and prints its result as JSON.
func child(name, dir, outDir string, widths []int) {
	runtime.LockOSThread()
	corpus, labelled := readOptions(dir)
	srcs, err := scripts()
	if err != nil {
		log.Fatal(err)
	}
	figure.MeasureFont("warm", "12px sans-serif") // the fonts load once per process
	runtime.GC()
	res := result{"rss.before": status("VmRSS")}

	// start-up: once compiling, then three times from compiled scripts
	var start func() (engine, error)
	c0 := now()
	switch name {
	case "goja":
		progs, err := gojaPrograms(srcs)
		if err != nil {
			log.Fatal(err)
		}
		start = func() (engine, error) { return newGoja(progs) }
	case "quickjs":
		code, err := qjsBytecode(srcs)
		if err != nil {
			log.Fatal(err)
		}
		start = func() (engine, error) { return newQJS(srcs, code) }
	default:
		log.Fatalf("no engine %q", name)
	}
	e, err := start()
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	d := now().since(c0)
	res["start.compiling.thread"], res["start.compiling.proc"] = ms(d.thread), ms(d.proc)
	runtime.GC()
	res["rss.engine"] = status("VmRSS")
	var starts []float64
	for range 3 {
		c0 := now()
		e2, err := start()
		if err != nil {
			log.Fatal(err)
		}
		starts = append(starts, ms(now().since(c0).thread))
		e2.close()
	}
	res["start.compiled.thread"] = median(starts)

	// scene draws one Scene: run, out, and decode (Go's json.Unmarshal of
	// out's JSON into a figure.Scene, what an engine without goja's
	// property reads would add)
	scene := func(o option, width int) (run, out, decode clocks, js string) {
		c0 := now()
		if err := e.run(o.json, width); err != nil {
			log.Fatalf("%s: %s at %d px: %v", name, o.name, width, err)
		}
		c1 := now()
		js, err := e.out()
		if err != nil {
			log.Fatalf("%s: %s at %d px: %v", name, o.name, width, err)
		}
		c2 := now()
		var s figure.Scene
		if err := json.Unmarshal([]byte(js), &s); err != nil {
			log.Fatalf("%s: %s at %d px: %v", name, o.name, width, err)
		}
		return c1.since(c0), c2.since(c1), now().since(c2), js
	}
	save := func(o option, width int, js string) {
		if outDir == "" {
			return
		}
		f := filepath.Join(outDir, fmt.Sprintf("%s@%d.json", o.name, width))
		if err := os.WriteFile(f, []byte(js), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	for _, o := range corpus { // untimed pass
		scene(o, widths[0])
	}
	measures = 0
	for _, w := range widths {
		var run, out, dec clocks
		for _, o := range corpus {
			r, u, d, js := scene(o, w)
			run.add(r)
			out.add(u)
			dec.add(d)
			save(o, w, js)
		}
		n := time.Duration(len(corpus))
		k := fmt.Sprintf("corpus.%d.", w)
		res[k+"run.thread"], res[k+"run.proc"] = ms(run.thread/n), ms(run.proc/n)
		res[k+"out.thread"], res[k+"out.proc"] = ms(out.thread/n), ms(out.proc/n)
		res[k+"decode.thread"], res[k+"decode.proc"] = ms(dec.thread/n), ms(dec.proc/n)
	}
	res["corpus.measures"] = float64(measures) / float64(len(corpus)*len(widths))
	measures = 0
	r, u, d, js := scene(labelled, widths[0])
	save(labelled, widths[0], js)
	k := fmt.Sprintf("labelled.%d.", widths[0])
	res[k+"run.thread"], res[k+"run.proc"] = ms(r.thread), ms(r.proc)
	res[k+"out.thread"], res[k+"out.proc"] = ms(u.thread), ms(u.proc)
	res[k+"decode.thread"], res[k+"decode.proc"] = ms(d.thread), ms(d.proc)
	res["labelled.measures"] = float64(measures)
	res["rss.peak"] = status("VmHWM")
	e.close()
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		log.Fatal(err)
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

var engines = []string{"goja", "quickjs"}

func main() {
	log.SetFlags(0)
	rounds := flag.Int("rounds", 3, "rounds, each running both engines (alternating ABBA)")
	widthsFlag := flag.String("widths", "1006,700,343", "widths of the corpus' Scenes, in CSS px; the labelled scatter is drawn at the first")
	childFlag := flag.String("child", "", "run this engine alone (goja or quickjs) and print its figures (internal)")
	outFlag := flag.String("out", "", "with -child: write the Scenes' JSON to this folder")
	flag.Parse()
	if flag.NArg() != 1 {
		log.Fatal("usage: jsengines [-rounds N] [-widths W,W,...] DIR (written by go test ./internal/scene -run TestDumpOptions -dump-options DIR)")
	}
	dir := flag.Arg(0)
	var widths []int
	for _, f := range strings.Split(*widthsFlag, ",") {
		w, err := strconv.Atoi(f)
		if err != nil || w <= 0 {
			log.Fatalf("bad width %q", f)
		}
		widths = append(widths, w)
	}
	if *childFlag != "" {
		child(*childFlag, dir, *outFlag, widths)
		return
	}
	self, err := os.Executable()
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "jsengines")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	got := map[string][]result{}
	for r := range *rounds {
		order := slices.Clone(engines)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, name := range order {
			args := []string{"-child", name, "-widths", *widthsFlag}
			if r == 0 {
				out := filepath.Join(tmp, name)
				if err := os.Mkdir(out, 0o755); err != nil {
					log.Fatal(err)
				}
				args = append(args, "-out", out)
			}
			cmd := exec.Command(self, append(args, dir)...)
			cmd.Stderr = os.Stderr
			b, err := cmd.Output()
			if err != nil {
				log.Fatalf("%s, round %d: %v", name, r+1, err)
			}
			var res result
			if err := json.Unmarshal(b, &res); err != nil {
				log.Fatalf("%s, round %d: %v", name, r+1, err)
			}
			got[name] = append(got[name], res)
			fmt.Fprintf(os.Stderr, "round %d: %s done\n", r+1, name)
		}
	}
	report(got, widths, *rounds)
	compare(filepath.Join(tmp, "goja"), filepath.Join(tmp, "quickjs"))
}

// report prints the medians over the rounds of both engines' figures.
func report(got map[string][]result, widths []int, rounds int) {
	med := func(name, key string) float64 {
		var v []float64
		for _, r := range got[name] {
			v = append(v, r[key])
		}
		return median(v)
	}
	fmt.Printf("medians of %d rounds; CPU ms (thread that ran the engine; process, GC included)\n", rounds)
	fmt.Printf("%-34s %17s %17s %15s\n", "", "goja", "quickjs", "quickjs/goja")
	row := func(label, key string, proc bool) {
		g, q := med("goja", key+".thread"), med("quickjs", key+".thread")
		if !proc {
			fmt.Printf("%-34s %17.2f %17.2f %15.2f\n", label, g, q, q/g)
			return
		}
		gp, qp := med("goja", key+".proc"), med("quickjs", key+".proc")
		fmt.Printf("%-34s %8.2f %8.2f %8.2f %8.2f %7.2f %7.2f\n", label, g, gp, q, qp, q/g, qp/gp)
	}
	row("start-up, compiling the scripts", "start.compiling", true)
	row("start-up, scripts compiled", "start.compiled", false)
	for _, w := range widths {
		row(fmt.Sprintf("corpus Scene at %d px: run", w), fmt.Sprintf("corpus.%d.run", w), true)
		row(fmt.Sprintf("corpus Scene at %d px: JSON out", w), fmt.Sprintf("corpus.%d.out", w), true)
		row(fmt.Sprintf("corpus Scene at %d px: Go decode", w), fmt.Sprintf("corpus.%d.decode", w), true)
	}
	row(fmt.Sprintf("1,000 labelled points, %d px: run", widths[0]), fmt.Sprintf("labelled.%d.run", widths[0]), true)
	row("1,000 labelled points: JSON out", fmt.Sprintf("labelled.%d.out", widths[0]), true)
	row("1,000 labelled points: Go decode", fmt.Sprintf("labelled.%d.decode", widths[0]), true)
	fmt.Printf("text measures per corpus Scene %.0f, for the 1,000 points %.0f (both engines: %.0f, %.0f)\n",
		med("goja", "corpus.measures"), med("goja", "labelled.measures"), med("quickjs", "corpus.measures"), med("quickjs", "labelled.measures"))
	fmt.Printf("%-34s %17s %17s\n", "memory, MiB resident", "goja", "quickjs")
	for _, k := range []struct{ label, key string }{{"before the engine", "rss.before"}, {"after its start-up", "rss.engine"}, {"peak", "rss.peak"}} {
		fmt.Printf("%-34s %17.1f %17.1f\n", k.label, med("goja", k.key), med("quickjs", k.key))
	}
}

// compare reports how the Scenes' JSON of the two engines differ: the
// files alike byte for byte, and of the others, the numbers that differ
// (the largest difference) and any other difference.
func compare(a, b string) {
	names, err := filepath.Glob(filepath.Join(a, "*.json"))
	if err != nil {
		log.Fatal(err)
	}
	same, nums, other := 0, 0, 0
	var maxDiff float64
	var maxAt string
	var others []string
	for _, n := range names {
		x, err := os.ReadFile(n)
		if err != nil {
			log.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, filepath.Base(n)))
		if err != nil {
			log.Fatal(err)
		}
		if bytes.Equal(x, y) {
			same++
			continue
		}
		var vx, vy any
		if json.Unmarshal(x, &vx) != nil || json.Unmarshal(y, &vy) != nil {
			log.Fatalf("%s: not JSON", filepath.Base(n))
		}
		diffJSON(vx, vy, filepath.Base(n), func(path string, d float64) {
			nums++
			if d > maxDiff {
				maxDiff, maxAt = d, path
			}
		}, func(path string) {
			other++
			if len(others) < 5 {
				others = append(others, path)
			}
		})
	}
	fmt.Printf("Scenes alike byte for byte: %d of %d; numbers that differ: %d (largest %.3g at %s); other differences: %d %v\n",
		same, len(names), nums, maxDiff, maxAt, other, others)
}

func diffJSON(x, y any, path string, num func(string, float64), other func(string)) {
	switch vx := x.(type) {
	case float64:
		vy, ok := y.(float64)
		if !ok {
			other(path)
		} else if vx != vy {
			num(path, math.Abs(vx-vy))
		}
	case []any:
		vy, ok := y.([]any)
		if !ok || len(vx) != len(vy) {
			other(path)
			return
		}
		for i := range vx {
			diffJSON(vx[i], vy[i], fmt.Sprintf("%s[%d]", path, i), num, other)
		}
	case map[string]any:
		vy, ok := y.(map[string]any)
		if !ok || len(vx) != len(vy) {
			other(path)
			return
		}
		for k, v := range vx {
			w, ok := vy[k]
			if !ok {
				other(path + "." + k)
				continue
			}
			diffJSON(v, w, path+"."+k, num, other)
		}
	default:
		if x != y {
			other(path)
		}
	}
}
