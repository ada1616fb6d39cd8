package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// svgCheck runs the committed bundles in one Node context, the SVG
// renderer's bundle after the main one as a page would, and draws a chart
// with the SVG renderer server-side (ssr: no DOM needed), as Save SVG does.
// Before the SVG bundle has run, 'svg' is not a renderer; after it, the
// chart is drawn as SVG paths and text.
const svgCheck = `
const fs = require('fs'), vm = require('vm');
const [main, svg] = process.argv.slice(1).map((f) => fs.readFileSync(f, 'utf8'));
const ctx = vm.createContext({ console, setTimeout, clearTimeout });
vm.runInContext(main, ctx);
const draw = () => vm.runInContext(` + "`" + `(() => {
  const c = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 400, height: 300 });
  c.setOption({ animation: false, title: { text: 'Loss' }, xAxis: { type: 'value' }, yAxis: { type: 'value' },
    series: [{ type: 'line', data: [[1, 3], [10, 2.5], [100, 2.1]] }] });
  const s = c.getZr().painter.type === 'svg' ? c.renderToSVGString() : '';
  c.dispose();
  return s;
})()` + "`" + `, ctx);
let before;
try { before = draw(); } catch (e) { before = ''; }
vm.runInContext(svg, ctx);
const after = draw();
console.log(JSON.stringify({ before: before.length, svg: after.slice(0, 100), paths: (after.match(/<path/g) || []).length, loss: after.includes('>Loss<') }));
`

func TestSVGRendererBundle(t *testing.T) {
	dir := filepath.Join("..", "..", "themes", "default", "assets")
	main, svg := filepath.Join(dir, "echarts.min.js"), filepath.Join(dir, SVGFile)
	node, err := exec.LookPath("node")
	if err != nil {
		if testing.Short() {
			t.Skip("node not on PATH")
		}
		t.Fatal("node not on PATH (use -short to skip)")
	}
	out, err := exec.Command(node, "-e", svgCheck, main, svg).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	got := strings.TrimSpace(string(out))
	for _, want := range []string{`"before":0`, `"svg":"<svg`, `"loss":true`} {
		if !strings.Contains(got, want) {
			t.Errorf("drawing with the SVG renderer: %s, want %s", got, want)
		}
	}
	if regexp.MustCompile(`"paths":[0-4]\b`).MatchString(got) {
		t.Errorf("drawing with the SVG renderer: %s, want the axes and the line drawn as paths", got)
	}

	// The main bundle loads the SVG bundle by the name the theme publishes
	// it under (render.hashedName: the first 8 hex digits of its SHA-256).
	code, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(code)
	name := "echarts-svg.min." + hex.EncodeToString(sum[:4]) + ".js"
	mainCode, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mainCode), `"`+name+`"`) {
		t.Errorf("echarts.min.js does not name %s, the SVG renderer's published name: run make bundle", name)
	}
}
