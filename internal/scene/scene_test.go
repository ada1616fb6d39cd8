package scene

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// fakeMeasure is a deterministic stand-in for the browser's text measure:
// 0.6 em a character (0.66 in a bold font), a wide character 1 em.
func fakeMeasure(text, font string) float64 {
	size := 12.0
	for _, f := range strings.Fields(font) {
		if px, ok := strings.CutSuffix(f, "px"); ok {
			fmt.Sscanf(px, "%g", &size)
		}
	}
	em := 0.6
	if strings.HasPrefix(font, "600 ") || strings.HasPrefix(font, "bold ") {
		em = 0.66
	}
	w := 0.0
	for _, r := range text {
		if r >= 0x2e80 {
			w += size
		} else {
			w += em * size
		}
	}
	return w
}

func newEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New(fakeMeasure)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// expectJS gives, for a page option at width W, the tick label texts of
// each axis as the theme's own functions choose them for the plots as
// drawn (clips: the scene's plot rectangles): prepareOption (pretick),
// then axisTicks for each axis' drawn length, kept if an axis changed, as
// retick does in the page.
const expectJS = `(function (text, W, dark, clips) {
  var CL = scalesiteChartLayout, asArray = scalesiteFormat.asArray;
  var p = CL.prepareOption(JSON.parse(text), W, dark, null);
  var o = p.option, patch = {xAxis: [], yAxis: []}, out = {}, changed = false;
  ['x', 'y'].forEach(function (d) {
    asArray(o[d + 'Axis']).forEach(function (ax, i) {
      var r = clips[ax.gridIndex || 0];
      var m = p.axes[d][i];
      if (!r || !m) return;
      var at = function (v) { return r.x + (v - ax.min) / (ax.max - ax.min) * r.w; };
      if (CL.axisTicks(d, i, m, [ax.min, ax.max], d === 'x' ? r.w : r.h, at, W, dark, p.state, patch)) changed = true;
    });
  });
  ['x', 'y'].forEach(function (d) {
    asArray(o[d + 'Axis']).forEach(function (ax, i) {
      var part = patch[d + 'Axis'][i];
      if (!part) return;
      // retick sets its ticks only when one axis' changed
      var vals = (changed ? part.axisLabel : ax.axisLabel).customValues.filter(function (v) { return v >= ax.min - 1e-9 && v <= ax.max + 1e-9; });
      out[d + i] = vals.map(function (v) { return String(ax.axisLabel.formatter(v)); });
    });
  });
  return JSON.stringify(out);
})`

func expectedTicks(t *testing.T, e *Engine, opt []byte, width int, dark bool, clips []figure.Rect) map[string][]string {
	t.Helper()
	cj, _ := json.Marshal(clips)
	v, err := e.eval(fmt.Sprintf("%s(%s, %d, %v, %s)", expectJS, jsString(opt), width, dark, cj))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string][]string
	if err := json.Unmarshal([]byte(v.(string)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func jsString(b []byte) string {
	s, _ := json.Marshal(string(b))
	return string(s)
}

// views are the widths and schemes the corpus tests draw each chart in:
// 1200 and 375 px, light and dark; with -short (make test-fast), two of
// them, both widths and both schemes, or the one at width short.
func views(short int) []struct {
	width int
	dark  bool
} {
	type view = struct {
		width int
		dark  bool
	}
	if testing.Short() {
		if short == 375 {
			return []view{{375, true}}
		}
		return []view{{1200, false}, {375, true}}
	}
	return []view{{1200, false}, {1200, true}, {375, false}, {375, true}}
}

// TestCorpusScenes builds the Scene of every chart of the test corpus at
// 1200 and 375 px, light and dark: it builds, its tick labels are the ones
// the theme's tick chooser gives for the plots as drawn, every item lies
// inside the canvas and no number is NaN or infinite.
func TestCorpusScenes(t *testing.T) {
	e := newEngine(t)
	charts := chartcorpus.Charts(t, "../..")
	for ci, c := range charts {
		opt := chart.OptionBytes(chart.Option(c))
		for _, v := range views(1200) {
			{
				width, dark := v.width, v.dark
				what := fmt.Sprintf("chart %d (%s) at %d px, dark %v", ci, c.ID, width, dark)
				s, err := e.Scene(opt, width, dark)
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				if pr := sceneProblems(s); len(pr) > 0 {
					t.Errorf("%s: %d problems:\n  %s", what, len(pr), strings.Join(pr[:min(len(pr), 8)], "\n  "))
				}
				want := expectedTicks(t, e, opt, width, dark, s.Clips)
				got := map[string][]string{}
				for _, it := range s.Items {
					if k, ok := strings.CutPrefix(it.Role, "tick-"); ok {
						got[k] = append(got[k], it.Text)
					}
				}
				for k, w := range want {
					if strings.Join(got[k], "|") != strings.Join(w, "|") {
						t.Errorf("%s: axis %s tick labels %q, the tick chooser gives %q", what, k, got[k], w)
					}
				}
			}
		}
	}
}

// sceneProblems lists what is wrong with a Scene on its face: a number
// that is NaN or infinite, an item outside the canvas.
func sceneProblems(s *figure.Scene) []string {
	var out []string
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) }
	if bad(s.Width) || bad(s.Height) || s.Width <= 0 || s.Height <= 0 {
		out = append(out, fmt.Sprintf("canvas %g x %g", s.Width, s.Height))
	}
	const slack = 1
	in := func(x, y float64) bool {
		return x >= -slack && y >= -slack && x <= s.Width+slack && y <= s.Height+slack
	}
	for i, it := range s.Items {
		for _, v := range append([]float64{it.X, it.Y, it.Size, it.FontSize, it.LineWidth, it.Rotate}, it.Points...) {
			if bad(v) {
				out = append(out, fmt.Sprintf("item %d (%s %q): a number is %v", i, it.Kind, it.Text, v))
				break
			}
		}
		switch it.Kind {
		case "text", "symbol", "tex":
			if !in(it.X, it.Y) {
				out = append(out, fmt.Sprintf("item %d (%s %q %s) at %.1f,%.1f: outside the %gx%g canvas", i, it.Kind, it.Text, it.Role, it.X, it.Y, s.Width, s.Height))
			}
		case "path":
			// a path clipped to a plot may run past it (a line leaving
			// the zoomed range): only unclipped paths must stay inside
			if it.Clip != 0 {
				break
			}
			for j := 0; j+1 < len(it.Points); j += 2 {
				if !in(it.Points[j], it.Points[j+1]) {
					out = append(out, fmt.Sprintf("item %d (path %s) point %.1f,%.1f outside the canvas", i, it.Role, it.Points[j], it.Points[j+1]))
					break
				}
			}
		default:
			out = append(out, fmt.Sprintf("item %d: kind %q", i, it.Kind))
		}
	}
	for i, r := range s.Clips {
		if r.W <= 0 || r.H <= 0 || !in(r.X, r.Y) || !in(r.X+r.W, r.Y+r.H) {
			out = append(out, fmt.Sprintf("clip %d: %+v", i, r))
		}
	}
	return out
}

// BenchmarkScene: one chart's Scene at 1200 px, light, over the corpus.
func BenchmarkScene(b *testing.B) {
	benchScenes(b, newEngine(b), corpusOptions(b), 1200)
}

// corpusOptions are the page options of the test corpus' charts.
func corpusOptions(b *testing.B) [][]byte {
	var opts [][]byte
	for _, c := range chartcorpus.Charts(b, "../..") {
		opts = append(opts, chart.OptionBytes(chart.Option(c)))
	}
	return opts
}

// benchScenes times the Scenes of opts, in turn, width px wide, light.
func benchScenes(b *testing.B, e *Engine, opts [][]byte, width int) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.Scene(opts[i%len(opts)], width, false); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGojaMatchesNode: the engine computes the Scene Node computes from the
// same scripts and the same text measure, so that what the theme's tests
// and the page hold of the scripts holds of the static figure: for every
// corpus chart at 1200 and 375 px, light and dark, the same items, numbers
// equal to a millionth of a pixel.
func TestGojaMatchesNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if testing.Short() {
			t.Skip("node not on PATH")
		}
		t.Fatal("node not on PATH: the engine is checked against Node (use -short to skip)")
	}
	e := newEngine(t)
	var opts []string
	for _, c := range chartcorpus.Charts(t, "../..") {
		opts = append(opts, string(chart.OptionBytes(chart.Option(c))))
	}
	dir, err := filepath.Abs("../../themes/default/assets")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range views(375) {
		{
			width, dark := v.width, v.dark
			in, _ := json.Marshal(map[string]any{"dir": dir, "width": width, "dark": dark, "options": opts})
			cmd := exec.Command(node, "testdata/node.js")
			cmd.Stdin = bytes.NewReader(in)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, stderr.String())
			}
			var want []figure.Scene
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatal(err)
			}
			for i, o := range opts {
				got, err := e.Scene([]byte(o), width, dark)
				if err != nil {
					t.Fatal(err)
				}
				if d := sceneDiff(got, &want[i]); d != "" {
					t.Errorf("chart %d at %d px, dark %v: goja and Node differ: %s", i, width, dark, d)
				}
			}
		}
	}
}

// sceneDiff describes the first difference between two Scenes, or is "".
func sceneDiff(a, b *figure.Scene) string {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-6*math.Max(1, math.Abs(y)) }
	if !near(a.Width, b.Width) || !near(a.Height, b.Height) {
		return fmt.Sprintf("size %gx%g, Node %gx%g", a.Width, a.Height, b.Width, b.Height)
	}
	if len(a.Items) != len(b.Items) || len(a.Clips) != len(b.Clips) {
		return fmt.Sprintf("%d items, %d clips; Node %d, %d", len(a.Items), len(a.Clips), len(b.Items), len(b.Clips))
	}
	for i := range a.Items {
		x, y := a.Items[i], b.Items[i]
		nums := func(it figure.Item) []float64 {
			return append([]float64{it.X, it.Y, it.Size, it.FontSize, it.Rotate, it.LineWidth, it.Opacity}, append(it.Points, it.Dash...)...)
		}
		nx, ny := nums(x), nums(y)
		same := len(nx) == len(ny) && x.Kind == y.Kind && x.Text == y.Text && x.Shape == y.Shape && x.Fill == y.Fill &&
			x.Stroke == y.Stroke && x.Anchor == y.Anchor && x.Baseline == y.Baseline && x.Role == y.Role && x.Clip == y.Clip &&
			x.Weight == y.Weight && x.Close == y.Close
		for j := 0; same && j < len(nx); j++ {
			same = near(nx[j], ny[j])
		}
		if !same {
			return fmt.Sprintf("item %d: %+v, Node %+v", i, x, y)
		}
	}
	return ""
}

// BenchmarkNew: an Engine made (the scripts compiled once per process,
// then run in a new runtime).
func BenchmarkNew(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := New(fakeMeasure); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSceneDejaVu: BenchmarkScene with the build's text measure
// (figure.MeasureFont, the embedded DejaVu Sans).
func BenchmarkSceneDejaVu(b *testing.B) {
	e, err := New(figure.MeasureFont)
	if err != nil {
		b.Fatal(err)
	}
	benchScenes(b, e, corpusOptions(b), 1200)
}

// BenchmarkSceneSynthetic: the Scene of each chart of the benchmark site's
// pages (internal/synth: a log-x line chart of three 40-point series and a
// labelled scatter per page) at 760 px, the build's text measure: what
// static figures add to a build, per chart.
func BenchmarkSceneSynthetic(b *testing.B) {
	dir := b.TempDir()
	synth.Write(b, dir, 50, 40)
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var opts [][]byte
	for _, p := range s.Pages {
		for _, c := range s.Body(p).Charts {
			opts = append(opts, chart.OptionBytes(chart.Option(c)))
		}
	}
	e, err := New(figure.MeasureFont)
	if err != nil {
		b.Fatal(err)
	}
	benchScenes(b, e, opts, 760)
}

// staticWidths are the widths render's static figures draw a chart at
// (desktop, tablet, phone, feed: render.StaticWide, ...), in the groups
// render draws in one engine each (render.staticGroups).
var (
	staticWidths = []int{DesktopWidth, TabletWidth, PhoneWidth, 650}
	staticGroups = [][]int{{DesktopWidth, TabletWidth, 650}, {PhoneWidth}}
)

// BenchmarkSceneWidths: each corpus chart's Scenes at the four widths of
// the static figures, light, the build's text measure, as render draws
// them (Scenes, a group of widths to an engine): what a chart's static
// figure costs a build (one op: one chart's four Scenes). cpu-ms/op is
// the process' CPU time, its garbage collection with it.
func BenchmarkSceneWidths(b *testing.B) {
	var engines []*Engine
	for range staticGroups {
		e, err := New(figure.MeasureFont)
		if err != nil {
			b.Fatal(err)
		}
		engines = append(engines, e)
	}
	opts := corpusOptions(b)
	b.ResetTimer()
	start := processCPU()
	for i := 0; i < b.N; i++ {
		opt := opts[i%len(opts)]
		for g, widths := range staticGroups {
			if _, err := engines[g].Scenes(opt, widths, false); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// TestScenesMatchScene: a chart's Scenes at the static figures' widths,
// drawn in one engine from one parsed option, are the Scenes each width
// gives alone in a new engine, item for item; at both schemes (with
// -short, a quarter of the charts, each in one scheme, light and dark in
// turn).
func TestScenesMatchScene(t *testing.T) {
	charts := chartcorpus.Charts(t, "../..")
	if testing.Short() {
		charts = charts[:len(charts)/4]
	}
	many := newEngine(t)
	for _, dark := range []bool{false, true} {
		for ci, c := range charts {
			if testing.Short() && dark != (ci%2 == 1) {
				continue
			}
			opt := chart.OptionBytes(chart.Option(c))
			got, err := many.Scenes(opt, staticWidths, dark)
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			for i, w := range staticWidths {
				want, err := newEngine(t).Scene(opt, w, dark)
				if err != nil {
					t.Fatalf("%s at %d: %v", c.ID, w, err)
				}
				if !reflect.DeepEqual(got[i], want) {
					t.Errorf("%s at %d px, dark %v: Scenes differs from Scene", c.ID, w, dark)
				}
			}
		}
	}
}

// TestPlotsMatchScenes: Plots lays a chart out as Scenes does, its plots
// (what package check measures panels by) the whole Scene's, with nothing
// drawn.
func TestPlotsMatchScenes(t *testing.T) {
	charts := chartcorpus.Charts(t, "../..")
	if testing.Short() {
		charts = charts[:len(charts)/4]
	}
	widths := []int{DesktopWidth, TabletWidth, PhoneWidth}
	e := newEngine(t)
	for _, c := range charts {
		opt := chart.OptionBytes(chart.Option(c))
		plots, err := e.Plots(opt, widths)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		scenes, err := e.Scenes(opt, widths, false)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for i, w := range widths {
			if len(plots[i].Items) > 0 {
				t.Errorf("%s at %d px: Plots drew %d items", c.ID, w, len(plots[i].Items))
			}
			if len(plots[i].Clips) != len(c.Spec.Panels) {
				t.Errorf("%s at %d px: %d plots for %d panels", c.ID, w, len(plots[i].Clips), len(c.Spec.Panels))
			}
			if !reflect.DeepEqual(plots[i].Clips, scenes[i].Clips) || plots[i].Height != scenes[i].Height {
				t.Errorf("%s at %d px: Plots' plots %v (height %g), the Scene's %v (height %g)", c.ID, w, plots[i].Clips, plots[i].Height, scenes[i].Clips, scenes[i].Height)
			}
		}
	}
}

// eval runs JavaScript in the engine and returns its value exported to Go
// (for tests that call the theme's functions themselves).
func (e *Engine) eval(src string) (any, error) {
	v, err := e.vm.RunString(src)
	if err != nil {
		return nil, err
	}
	return v.Export(), nil
}
