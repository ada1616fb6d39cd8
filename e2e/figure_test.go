package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	stdpng "image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/figure"
)

var updateWidths = flag.Bool("update-widths", false, "rewrite the widths Chromium measures in ../figure/testdata/measure.json")

// measureCase is one string of figure/testdata/measure.json, with the width
// Chromium's canvas measured for it, which figure's own tests hold
// figure.Measure to without a browser.
type measureCase struct {
	Text     string  `json:"text"`
	Size     float64 `json:"size"`
	Weight   int     `json:"weight"`
	Chromium float64 `json:"chromium"`
}

// TestMeasureMatchesChromium checks figure.Measure, which the static
// figures lay text out by, against what Chromium's canvas measures (the
// live chart's ECharts measures with it) for the strings of
// figure/testdata/measure.json, in the web faces of the chart font that a
// site with static figures ships and draws its live charts in
// (figure.WebFaces): within half a pixel each. With -update-widths it
// records Chromium's widths in the file.
func TestMeasureMatchesChromium(t *testing.T) {
	path := filepath.Join("..", "figure", "testdata", "measure.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []measureCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	tb := newBrowser(t).tab(t)
	// The web faces a site with static figures ships (figure.WebFaces),
	// as its pages declare them, under a family no machine has installed.
	faces, err := figure.WebFaces()
	if err != nil {
		t.Fatal(err)
	}
	var load strings.Builder
	for _, f := range faces {
		fmt.Fprintf(&load, "{ const f = new FontFace('W', Uint8Array.from(atob('%s'), c => c.charCodeAt(0)), {weight: '%d', unicodeRange: '%s'}); document.fonts.add(f); await f.load(); }\n", base64.StdEncoding.EncodeToString(f.Data), f.Weight, f.UnicodeRange)
	}
	var loaded int
	if err := chromedp.Run(tb.ctx, chromedp.Navigate("about:blank"), chromedp.Evaluate(fmt.Sprintf(`(async () => {
		%s
		return [...document.fonts].filter(f => f.status === 'loaded').length;
	})()`, load.String()), &loaded, awaitPromise)); err != nil {
		t.Fatal(err)
	}
	if loaded != len(faces) {
		t.Fatalf("%d web faces loaded, want %d", loaded, len(faces))
	}
	in, _ := json.Marshal(cases)
	var widths []float64
	script := fmt.Sprintf(`(() => {
		const ctx = document.createElement('canvas').getContext('2d');
		return %s.map(c => { ctx.font = c.weight + ' ' + c.size + 'px W'; return ctx.measureText(c.text).width; });
	})()`, in)
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(script, &widths)); err != nil {
		t.Fatal(err)
	}
	worst := 0.0
	for i := range cases {
		c := &cases[i]
		if *updateWidths {
			c.Chromium = math.Round(widths[i]*1000) / 1000
		} else if math.Abs(widths[i]-c.Chromium) > 0.01 {
			t.Errorf("%q at %gpx, weight %d: Chromium measures %.3f px, %s records %.3f: run go test ./e2e -run TestMeasureMatchesChromium -update-widths", c.Text, c.Size, c.Weight, widths[i], path, c.Chromium)
		}
		got := figure.Measure(c.Text, c.Size, c.Weight)
		d := math.Abs(got - widths[i])
		worst = max(worst, d)
		if d > 0.5 {
			t.Errorf("%q at %gpx, weight %d: figure.Measure %.3f px, Chromium %.3f", c.Text, c.Size, c.Weight, got, widths[i])
		}
	}
	t.Logf("%d strings, figure.Measure within %.3f px of Chromium", len(cases), worst)

	// Where a line of text sits for each textBaseline: the SVG, PDF and
	// PNG writers place text by figure.BaselineShift.
	type baseCase struct {
		Base   string  `json:"base"`
		Size   float64 `json:"size"`
		Weight int     `json:"weight"`
	}
	var bases []baseCase
	for _, b := range []string{"top", "middle", "bottom", "alphabetic"} {
		for _, size := range []float64{10, 12, 13, 16, 18, 24} {
			for _, w := range []int{400, 700} {
				bases = append(bases, baseCase{b, size, w})
			}
		}
	}
	in, _ = json.Marshal(bases)
	var shifts []float64
	script = fmt.Sprintf(`(() => {
		const ctx = document.createElement('canvas').getContext('2d');
		return %s.map(c => { ctx.font = c.weight + ' ' + c.size + 'px W'; ctx.textBaseline = c.base; return -ctx.measureText('Hg').alphabeticBaseline; });
	})()`, in)
	if err := chromedp.Run(tb.ctx, chromedp.Evaluate(script, &shifts)); err != nil {
		t.Fatal(err)
	}
	for i, c := range bases {
		if got := figure.BaselineShift(c.Base, c.Size, c.Weight); math.Abs(got-shifts[i]) > 0.01 {
			t.Errorf("textBaseline %s at %gpx, weight %d: the baseline is %.4f px below y in Chromium, figure.BaselineShift says %.4f", c.Base, c.Size, c.Weight, shifts[i], got)
		}
	}
	if *updateWidths {
		out, err := json.MarshalIndent(cases, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFigurePNGMatchesSVG draws one Scene of text (every anchor and
// baseline, turned, bold) and markers as SVG, shown by Chromium, and as
// PNG, drawn by figure without a browser, and compares where the ink of
// each item lies in the two pictures: the PNG writer places text and
// shapes where the SVG (and so the live chart's canvas) places them,
// within half a pixel (three quarters for turned text).
func TestFigurePNGMatchesSVG(t *testing.T) {
	browserTest(t)
	const W, H = 420, 300
	s := &figure.Scene{Width: W, Height: H, Background: "#ffffff"}
	type cell struct{ x0, y0, x1, y1 int }
	var cells []cell
	add := func(it figure.Item, c cell) {
		s.Items = append(s.Items, it)
		cells = append(cells, c)
	}
	anchors := []string{"start", "middle", "end"}
	bases := []string{"top", "middle", "bottom", "alphabetic"}
	for i, a := range anchors {
		for j, b := range bases {
			x, y := 20+float64(i)*130, 20+float64(j)*50
			tx := x + map[string]float64{"start": 0, "middle": 55, "end": 110}[a]
			w := 600
			if j%2 == 1 {
				w = 400
			}
			add(figure.Item{Kind: "text", Text: "GPT-3 10⁻³ λ", X: tx, Y: y + 20, FontSize: 13, Weight: w, Anchor: a, Baseline: b, Fill: "#000000"},
				cell{int(x) - 5, int(y) - 5, int(x) + 125, int(y) + 45})
		}
	}
	add(figure.Item{Kind: "text", Text: "Loss (nats)", X: 30, Y: 250, FontSize: 13, Anchor: "middle", Baseline: "bottom", Rotate: -90, Fill: "#000000"},
		cell{0, 200, 35, 299})
	for i, sh := range []string{"circle", "emptyCircle", "triangle", "diamond", "pin", "arrow", "roundRect"} {
		x := 60 + float64(i)*45
		add(figure.Item{Kind: "symbol", Shape: sh, X: x, Y: 260, Size: 20, Fill: "#000000"},
			cell{int(x) - 20, 225, int(x) + 20, 290})
	}
	var svg, png bytes.Buffer
	if err := figure.WriteSVG(&svg, s, figure.SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := figure.WritePNG(&png, s, figure.PNGOptions{}); err != nil {
		t.Fatal(err)
	}
	tb := newBrowser(t).tab(t)
	var shot []byte
	page := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg.Bytes())
	if err := chromedp.Run(tb.ctx, chromedp.EmulateViewport(W, H), chromedp.Navigate(page), chromedp.CaptureScreenshot(&shot)); err != nil {
		t.Fatal(err)
	}
	browser, err := stdpng.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	ours, err := stdpng.Decode(bytes.NewReader(png.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if browser.Bounds().Size() != ours.Bounds().Size() {
		t.Fatalf("Chromium's picture is %v, figure's %v", browser.Bounds().Size(), ours.Bounds().Size())
	}
	// ink is how dark a pixel is, 0 (white) to 1 (black)
	ink := func(img image.Image, x, y int) float64 {
		r, g, b, _ := img.At(x, y).RGBA()
		return 1 - float64(r+g+b)/3/0xffff
	}
	worst := 0.0
	for i, c := range cells {
		var sums [2][3]float64 // weight, x, y
		for k, img := range []image.Image{browser, ours} {
			for y := c.y0; y < c.y1; y++ {
				for x := c.x0; x < c.x1; x++ {
					v := ink(img, x, y)
					sums[k][0] += v
					sums[k][1] += v * float64(x)
					sums[k][2] += v * float64(y)
				}
			}
		}
		if sums[0][0] < 1 || sums[1][0] < 1 {
			t.Errorf("item %d (%+v): no ink: Chromium %.1f, figure %.1f", i, s.Items[i], sums[0][0], sums[1][0])
			continue
		}
		dx := sums[0][1]/sums[0][0] - sums[1][1]/sums[1][0]
		dy := sums[0][2]/sums[0][0] - sums[1][2]/sums[1][0]
		inkRatio := sums[1][0] / sums[0][0]
		worst = max(worst, math.Hypot(dx, dy))
		// Turned text may differ a little more: Chromium hints glyphs
		// across their baseline, which then runs across the pixels.
		it := s.Items[i]
		limit := 0.5
		if it.Rotate != 0 {
			limit = 0.75
		}
		if math.Hypot(dx, dy) > limit || inkRatio < 0.8 || inkRatio > 1.25 {
			t.Errorf("%s %q %s (anchor %s, baseline %s): figure's ink is off Chromium's by (%.2f, %.2f) px, %.2f times as much", it.Kind, it.Text, it.Shape, it.Anchor, it.Baseline, dx, dy, inkRatio)
		}
	}
	t.Logf("%d items: figure's PNG within %.2f px of Chromium's SVG", len(cells), worst)
	if t.Failed() {
		os.MkdirAll("artifacts", 0o755)
		os.WriteFile(filepath.Join("artifacts", "figure-chromium.png"), shot, 0o644)
		os.WriteFile(filepath.Join("artifacts", "figure-ours.png"), png.Bytes(), 0o644)
	}
}
