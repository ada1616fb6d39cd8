package scene

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/dop251/goja"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/themes"
)

// BenchmarkEChartsSSR measures the alternative to scene.js of issue 33:
// ECharts' own SVG renderer (ssr: true, renderToSVGString) run in goja on
// the option chartlayout.js prepares, text measured by figure.MeasureFont
// (echarts.setPlatformAPI). Compare BenchmarkSceneGallery: the Scene of
// the same charts. SSR_OPTION names a file holding a page option (the text
// of a page's script.scalesite-option); without it the benchmark is skipped.
func BenchmarkEChartsSSR(b *testing.B) {
	opt := ssrOption(b)
	vm := goja.New()
	vm.Set("window", vm.GlobalObject())
	vm.Set("self", vm.GlobalObject())
	vm.Set("__measure", func(text, font string) float64 { return figure.MeasureFont(text, font) })
	// no timers: ECharts' ssr render is synchronous; scheduled work is dropped
	if _, err := vm.RunString("var setTimeout = function () { return 0; }, clearTimeout = function () {};"); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"assets/echarts.min.js", "assets/echarts-svg.min.js"} {
		src, err := fs.ReadFile(themes.Default(), name)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := vm.RunScript(name, string(src)); err != nil {
			b.Fatalf("%s: %v", name, err)
		}
	}
	for _, name := range Scripts[:len(Scripts)-1] {
		src, _ := fs.ReadFile(themes.Default(), name)
		if _, err := vm.RunScript(name, string(src)); err != nil {
			b.Fatalf("%s: %v", name, err)
		}
	}
	if _, err := vm.RunString(`
// the site's bundle exports setCanvasCreator, not setPlatformAPI: zrender
// measures text on a canvas it makes, here one whose 2D context measures
// with the chart font
echarts.setCanvasCreator(function () {
  var ctx = {font: '12px sans-serif', measureText: function (t) { return {width: __measure(t, ctx.font)}; }};
  return {width: 0, height: 0, getContext: function () { return ctx; }};
});
scalesiteChartLayout.setMeasure(__measure);
function ssr(json, W) {
  var p = scalesiteChartLayout.prepareOption(JSON.parse(json), W, false, null);
  var c = echarts.init(null, null, {renderer: 'svg', ssr: true, width: W, height: p.height});
  c.setOption(Object.assign({animation: false}, p.option));
  var s = c.renderToSVGString();
  c.dispose();
  return s;
}`); err != nil {
		b.Fatal(err)
	}
	fn, _ := goja.AssertFunction(vm.Get("ssr"))
	out, err := fn(goja.Undefined(), vm.ToValue(opt), vm.ToValue(1006))
	if err != nil {
		b.Fatal(err)
	}
	if dir := os.Getenv("SSR_OUT"); dir != "" {
		os.WriteFile(filepath.Join(dir, "ssr.svg"), []byte(out.String()), 0o644)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := fn(goja.Undefined(), vm.ToValue(opt), vm.ToValue(1006)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSceneOption: the Scene (scene.js) of the option SSR_OPTION names.
func BenchmarkSceneOption(b *testing.B) {
	opt := ssrOption(b)
	e, err := New(figure.MeasureFont)
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		if _, err := e.Scene([]byte(opt), 1006, false); err != nil {
			b.Fatal(err)
		}
	}
}

func ssrOption(b *testing.B) string {
	name := os.Getenv("SSR_OPTION")
	if name == "" {
		b.Skip("SSR_OPTION names no page option")
	}
	opt, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return string(opt)
}
