package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// repoRoot is the repository root, which holds node_modules after npm ci.
const repoRoot = "../.."

// needModules returns the repository root, absolute, and its node_modules
// folder (modulesDir).
func needModules(t *testing.T) (root, modules string) {
	t.Helper()
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	modules, err = modulesDir(root)
	if err != nil {
		if testing.Short() {
			t.Skip(err)
		}
		t.Fatalf("%v (use -short to skip)", err)
	}
	return root, modules
}

// TestStubsExportAsModules holds each stub to the names its module
// exports: a stand-in that lacked one would leave an importer with
// undefined, one with more would hide a renamed export.
func TestStubsExportAsModules(t *testing.T) {
	root, modules := needModules(t)
	for _, s := range stubs {
		t.Run(s.module, func(t *testing.T) {
			want, err := exportNames(root, s.module)
			if err != nil {
				t.Fatal(err)
			}
			got, err := listExports("the stub of "+s.module, api.BuildOptions{Stdin: &api.StdinOptions{
				Contents:   stubCode(s),
				ResolveDir: filepath.Dir(filepath.Join(modules, filepath.FromSlash(s.module))),
				Loader:     api.LoaderJS,
			}})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("the stub exports %q, the module %q", got, want)
			}
		})
	}
}

// stubCheck runs the committed bundle in Node and draws one option per
// line of its input with the SVG renderer server-side, printing for each
// "ok" or the error it threw.
const stubCheck = `
const fs = require('fs'), vm = require('vm');
const [main, svg, cases] = process.argv.slice(1);
const ctx = vm.createContext({ console, setTimeout, clearTimeout });
vm.runInContext(fs.readFileSync(main, 'utf8'), ctx);
vm.runInContext(fs.readFileSync(svg, 'utf8'), ctx);
for (const opt of JSON.parse(cases)) {
  ctx.opt = opt;
  try {
    vm.runInContext(` + "`" + `(() => {
      const c = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 400, height: 300 });
      try { c.setOption(opt); if (!c.renderToSVGString().includes('<path')) throw new Error('nothing drawn'); }
      finally { c.dispose(); }
    })()` + "`" + `, ctx);
    console.log('ok');
  } catch (e) { console.log(String(e && e.message)); }
}
`

// TestStubsInBundle draws, with the committed bundle, a chart of value
// axes, which every scalesite chart has, and charts that reach a stub,
// which must fail with the stub's error, not draw something else.
func TestStubsInBundle(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if testing.Short() {
			t.Skip("node not on PATH")
		}
		t.Fatal("node not on PATH (use -short to skip)")
	}
	dir := filepath.Join(repoRoot, "themes", "default", "assets")
	series := `"series": [{"type": "scatter", "data": [[1, 3], [10, 2.5], [100, 2.1]]}]`
	cases := []struct{ option, want string }{
		{`{"xAxis": {"type": "value"}, "yAxis": {"type": "value"}, ` + series + `}`, "ok"},
		{`{"xAxis": {"type": "category"}, "yAxis": {"type": "value"}, ` + series + `}`, "leaves out category axes"},
		{`{"xAxis": {"type": "time"}, "yAxis": {"type": "value"}, ` + series + `}`, "leaves out time axes"},
		{`{"xAxis": {"type": "log"}, "yAxis": {"type": "value"}, ` + series + `}`, "leaves out log axes"},
		{`{"xAxis": {"type": "value"}, "yAxis": {"type": "value"}, "series": [{"type": "scatter", "large": true, "largeThreshold": 1, "data": [[1, 3], [10, 2.5]]}]}`, "leaves out the `large` scatter series"},
		{`{"xAxis": {"type": "value"}, "yAxis": {"type": "value"}, "series": [{"type": "scatter", "itemStyle": {"decal": {"symbol": "rect"}}, "data": [[1, 3], [10, 2.5]]}]}`, "leaves out decal patterns"},
	}
	var opts []string
	for _, c := range cases {
		opts = append(opts, c.option)
	}
	out, err := exec.Command(node, "-e", stubCheck, filepath.Join(dir, "echarts.min.js"), filepath.Join(dir, SVGFile), "["+strings.Join(opts, ",")+"]").CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("node printed %d lines for %d options:\n%s", len(lines), len(cases), out)
	}
	for i, c := range cases {
		if !strings.Contains(lines[i], c.want) {
			t.Errorf("%s: %s, want %q", c.option, lines[i], c.want)
		}
	}
}

// TestCheckStubs: a stub whose module the bundle never loaded is an error.
func TestCheckStubs(t *testing.T) {
	loaded := map[string]bool{}
	for _, s := range stubs {
		loaded[s.module] = true
	}
	if err := checkStubs(loaded); err != nil {
		t.Fatalf("every stub loaded: %v", err)
	}
	delete(loaded, stubs[0].module)
	if err := checkStubs(loaded); err == nil || !strings.Contains(err.Error(), stubs[0].module) {
		t.Errorf("a stub not loaded: %v, want an error naming %s", err, stubs[0].module)
	}
}
