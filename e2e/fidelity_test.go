package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/scene"
)

// Issue 33: the static picture of a chart is what the live chart draws at
// that width. TestFidelity holds it to that in Chromium: for every chart of
// the demo's gallery and of a corpus of hard cases (fidelity_corpus_test.go),
// at 1200, 800 and 375 px, light and dark, it computes the chart's Scene as
// the build does (internal/scene: the theme's scripts in goja, text measured
// in the embedded chart font) at the width of the chart's box in the page,
// and compares it with what ECharts drew there:
//
//   - the same plot rectangles (within 1 px) and height (within 0.5 px);
//   - every mark in both (markers, lines, shapes, legend icons: a hidden
//     symbol hidden, a line a line), each within 1 px, in the same fill and
//     stroke (colour and alpha), line width and dash pattern;
//   - the same texts (tick labels, axis names, point labels, legend entries,
//     titles, marks' texts), each within 2 px and in the same colour;
//   - the plot areas' pixels: the SVG the build writes, drawn by Chromium,
//     against the live canvas (fidelityPixels says how they may differ).
//
// The texts are read by staticJS (static_test.go), the marks by
// fidelityMarksJS (fidelity_marks_test.go).

// fidelityViewports are the viewport widths the charts are compared at:
// a phone's, a tablet's and a desktop's.
var fidelityViewports = []struct {
	width, height int64
	mobile        bool
}{{1200, 900, false}, {800, 900, false}, {375, 800, true}}

// fidelityTextTolerance: px a text's centre in the Scene may be from where
// ECharts drew it.
const fidelityTextTolerance = 2

// fidelityListJS lists the charts of the page: each one's id, box size,
// scheme and page option (the bytes the build computes its Scene from).
const fidelityListJS = `(() => {
const dark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
return [...document.querySelectorAll('script.scalesite-option')].map(sc => {
  const id = sc.getAttribute('data-chart'), inst = window.scalesite.charts[id];
  if (!inst || inst.isDisposed()) return null;
  return {ID: id, W: inst.getWidth(), H: inst.getHeight(), Dark: dark, Option: sc.textContent};
}).filter(Boolean);
})()`

type fidelityChart struct {
	ID     string
	W, H   float64
	Dark   bool
	Option string
}

// fidelity is one run of the comparison: the browser tab, the engine that
// computes the Scenes as the build does, and what it found.
type fidelity struct {
	tb     *tab
	eng    *scene.Engine
	js     string
	shots  string // FIDELITY_SHOTS: a folder to write each plot's pictures to
	views  int
	bad    int
	worst  float64 // the largest share of plot pixels that differ
	counts map[string]int
}

func TestFidelity(t *testing.T) {
	b := newBrowser(t)
	js := "const FID = " + fidelityMarksJS + ";\nreturn " + staticJS + ";"
	shots := os.Getenv("FIDELITY_SHOTS")
	var mu sync.Mutex
	total := &fidelity{counts: map[string]int{}}
	var free []*scene.Engine // engines no page is using (as many as pages run at once)
	// check compares a page's charts in a window of its own, beside the
	// other pages, with an engine no other page is using (an Engine is not
	// safe for concurrent use, and one per page would run the theme's
	// scripts into a new runtime for each).
	check := func(t *testing.T, url string, n int) {
		t.Parallel()
		mu.Lock()
		var eng *scene.Engine
		if k := len(free); k > 0 {
			eng, free = free[k-1], free[:k-1]
		}
		mu.Unlock()
		if eng == nil {
			var err error
			if eng, err = scene.New(figure.MeasureFont); err != nil {
				t.Fatal(err)
			}
		}
		f := &fidelity{tb: b.window(t), eng: eng, counts: map[string]int{}, js: js, shots: shots}
		defer func() {
			mu.Lock()
			defer mu.Unlock()
			total.add(f)
			if !t.Failed() { // an engine whose run failed is not used again
				free = append(free, eng)
			}
		}()
		f.page(t, url, n)
	}
	only := os.Getenv("FIDELITY_ONLY") // a page name's part, to run one page
	corpus := serve(t, buildCorpus(t))
	for _, p := range fidelityCorpus() {
		name := "corpus/" + p.slug
		if only != "" && !strings.Contains(name, only) {
			continue
		}
		t.Run(name, func(t *testing.T) { check(t, corpus+"/"+p.slug+"/", p.charts) })
	}
	// the pages' subtests run in parallel, after this function returns
	t.Cleanup(func() {
		t.Logf("%d of %d chart views differ from their Scene (%v); at most %.2f%% of a plot's pixels differ",
			total.bad, total.views, total.counts, 100*total.worst)
	})
	if strings.HasPrefix(only, "corpus") {
		return
	}
	base, _, pages := demoChartPages(t)
	for _, p := range pages {
		// FIDELITY_ALL=1: every page of the demo, not only the gallery
		if (!strings.HasPrefix(p.Slug, "gallery/") && os.Getenv("FIDELITY_ALL") == "") || (only != "" && !strings.Contains(p.Slug, only)) {
			continue
		}
		t.Run(p.Slug, func(t *testing.T) { check(t, readPageURL(base, p), len(p.Charts)) })
	}
}

// add counts what another page's comparison found into f's totals.
func (f *fidelity) add(o *fidelity) {
	f.views += o.views
	f.bad += o.bad
	f.worst = math.Max(f.worst, o.worst)
	for k, n := range o.counts {
		f.counts[k] += n
	}
}

// page compares every chart of the page at url (with n charts) at each
// viewport width, light and dark.
func (f *fidelity) page(t *testing.T, url string, n int) {
	st := &settler{tb: f.tb}
	if err := chromedp.Run(f.tb.ctx, chromedp.Navigate(url), f.tb.waitCharts(n)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
	if err := st.settle("loading the page"); err != nil {
		t.Fatal(err)
	}
	for _, v := range fidelityViewports {
		rv := readViewport{width: v.width, height: v.height, mobile: v.mobile}
		if err := rv.set(f.tb); err != nil {
			t.Fatal(err)
		}
		var ok bool
		if err := chromedp.Run(f.tb.ctx, chromedp.Poll(`[...document.querySelectorAll('[_echarts_instance_]')].every(el => {
			const i = echarts.getInstanceByDom(el); return i && Math.abs(i.getWidth() - el.clientWidth) < 2; })`, &ok, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("waiting for the charts to take the %d px width: %v", v.width, err)
		}
		if err := st.settle(fmt.Sprintf("the viewport change to %d px", v.width)); err != nil {
			t.Fatal(err)
		}
		for _, scheme := range []string{"light", "dark"} {
			if err := setColorScheme(f.tb, scheme); err != nil {
				t.Fatal(err)
			}
			if err := st.settle("schemeChanged() to " + scheme); err != nil {
				t.Fatal(err)
			}
			f.view(t, v.width, scheme)
		}
	}
	if err := setColorScheme(f.tb, "light"); err != nil {
		t.Fatal(err)
	}
}

// view compares the charts of the page as they are drawn now.
func (f *fidelity) view(t *testing.T, width int64, scheme string) {
	var list []fidelityChart
	if err := f.tb.evalJSON("return "+fidelityListJS+";", &list); err != nil {
		t.Fatalf("at %d px, %s: listing the charts: %v", width, scheme, err)
	}
	scenes := map[string]*figure.Scene{}
	for _, c := range list {
		s, err := f.eng.Scene([]byte(c.Option), int(c.W), c.Dark)
		if err != nil {
			t.Fatalf("chart %s at %d px: computing its Scene: %v", c.ID, int(c.W), err)
		}
		scenes[c.ID] = s
	}
	js, err := json.Marshal(scenes)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(f.tb.ctx, chromedp.Evaluate("window.__fidelityScenes = "+string(js)+", 0", nil)); err != nil {
		t.Fatalf("handing the Scenes to the page: %v", err)
	}
	// the pictures drawn in the page, for where their texts land
	svgs := map[string]string{}
	for id, s := range scenes {
		svgs[id] = pictureSVG(t, s)
	}
	js, err = json.Marshal(svgs)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(f.tb.ctx, chromedp.Evaluate(strings.Replace(fidelityTextsJS, "SVGS", string(js), 1), nil)); err != nil {
		t.Fatalf("measuring the pictures' texts: %v", err)
	}
	var got []struct {
		ID          string
		W, H        float64
		Dark        bool
		Live, Scene struct {
			staticRead
			Marks []fidMark
		}
	}
	if err := f.tb.evalJSON(f.js, &got); err != nil {
		t.Fatalf("at %d px, %s: reading the charts: %v", width, scheme, err)
	}
	for _, c := range got {
		f.views++
		s := scenes[c.ID]
		sc := staticChart{ID: c.ID, W: c.W, H: c.H, Dark: c.Dark, Live: c.Live.staticRead, Scene: c.Scene.staticRead}
		pr := sc.problems(fidelityTextTolerance)
		if c.Scene.Problem != "" {
			pr = append(pr, c.Scene.Problem)
		}
		if math.Abs(s.Height-c.H) > 0.5 {
			pr = append(pr, fmt.Sprintf("height %g, the live chart's %g", s.Height, c.H))
		}
		mp := compareMarks(c.Live.Marks, c.Scene.Marks)
		pr = append(pr, mp...)
		if len(mp) > 0 {
			f.counts["marks"]++
		}
		pp := f.pixels(t, c.ID, s, fmt.Sprintf("%d-%s", width, scheme))
		pr = append(pr, pp...)
		if len(pp) > 0 {
			f.counts["pixels"]++
		}
		if len(pr) > 0 {
			f.bad++
			t.Errorf("chart %s at %d px (box %g px), %s: the static picture differs from the live chart (%d):\n  %s",
				c.ID, width, c.W, scheme, len(pr), strings.Join(pr, "\n  "))
		}
	}
}

// fidelityPixelDiff is how far apart two pixels' colours may be (the
// largest difference of a channel, of 255) and still be the same pixel:
// the canvas and SVG rasterisers blend the edges of the same shape a
// little differently.
const fidelityPixelDiff = 64

// fidelityPlotMargin: px around each plot its pixel comparison takes in
// (half the largest marker the site draws, and a pixel).
const fidelityPlotMargin = 6

// fidelityPixelShare is the share of a plot's pixels that may differ
// after a pixel is allowed to match any of its eight neighbours (geometry
// is allowed 1 px). What is left when the picture is the chart is the
// antialiasing of text and curves at slightly different subpixel offsets:
// at most 0.42% of a plot (with its margin) over the gallery and the
// corpus at three widths, light and dark (2026-12-06: a line lying on the
// axis line, in the dark scheme). A picture that is not the chart is
// above: a fit's hidden markers drawn (the beads) make 1.3-3.4% of a plot,
// axis and grid lines half a pixel off the pixel grid 1.0-2.9%, markers
// on a plot's edge cut in half 0.5-0.9%.
const fidelityPixelShare = 0.005

// pixels compares, for each plot of the chart id, the live canvas (ECharts'
// own rendering of its display list, on the Scene's background) with the
// SVG the build writes for Scene s, drawn by Chromium in the page (its
// fonts: the chart font).
func (f *fidelity) pixels(t *testing.T, id string, s *figure.Scene, view string) []string {
	doc := pictureSVG(t, s)
	var url string
	if err := chromedp.Run(f.tb.ctx, chromedp.Evaluate(`window.scalesite.charts[`+strconv.Quote(id)+`].getDataURL({type: 'png', pixelRatio: 1, backgroundColor: `+strconv.Quote(s.Background)+`})`, &url)); err != nil {
		t.Fatalf("chart %s: reading the canvas: %v", id, err)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(url, "data:image/png;base64,"))
	if err != nil {
		t.Fatalf("chart %s: the canvas' data URL: %v", id, err)
	}
	live, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("chart %s: the canvas' PNG: %v", id, err)
	}
	var out []string
	for k, r := range s.Clips {
		// the plot and a margin around it: a marker on the plot's edge
		// is drawn whole (ECharts clips lines to the plot, not markers)
		const m = fidelityPlotMargin
		b := live.Bounds()
		x0, y0 := max(b.Min.X, int(math.Floor(r.X))-m), max(b.Min.Y, int(math.Floor(r.Y))-m)
		x1, y1 := min(b.Max.X, int(math.Ceil(r.X+r.W))+m), min(b.Max.Y, int(math.Ceil(r.Y+r.H))+m)
		// the SVG at the top left of the viewport, this plot at its origin
		show := fmt.Sprintf(`(() => { window.scrollTo(0, 0); let d = document.getElementById('__fidelity'); if (!d) { d = document.createElement('div'); d.id = '__fidelity'; document.body.appendChild(d); }
d.style.cssText = 'position:fixed;left:%dpx;top:%dpx;width:%gpx;height:%gpx;margin:0;padding:0;border:0;line-height:0;z-index:2147483647;overflow:visible';
d.innerHTML = %s; return 0; })()`, -x0, -y0, s.Width, s.Height, strconv.Quote(doc))
		var shot []byte
		if err := chromedp.Run(f.tb.ctx, chromedp.Evaluate(show, nil),
			chromedp.ActionFunc(func(ctx context.Context) error {
				var err error
				shot, err = page.CaptureScreenshot().WithFormat(page.CaptureScreenshotFormatPng).
					WithClip(&page.Viewport{X: 0, Y: 0, Width: float64(x1 - x0), Height: float64(y1 - y0), Scale: 1}).Do(ctx)
				return err
			}),
			chromedp.Evaluate(`document.getElementById('__fidelity').remove(), 0`, nil)); err != nil {
			t.Fatalf("chart %s: drawing its SVG: %v", id, err)
		}
		pic, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("chart %s: the SVG's screenshot: %v", id, err)
		}
		share, diff := pixelShare(live, image.Pt(x0, y0), pic, x1-x0, y1-y0)
		f.worst = math.Max(f.worst, share)
		if f.shots != "" {
			name := filepath.Join(f.shots, fmt.Sprintf("%s-%s-plot%d", safeName(id), view, k))
			writePNG(name+"-live.png", crop(live, image.Rect(x0, y0, x1, y1)))
			writePNG(name+"-svg.png", pic)
			writePNG(name+"-diff.png", diff)
		}
		if share > fidelityPixelShare {
			out = append(out, fmt.Sprintf("plot %d: %.1f%% of its pixels differ from the live canvas's (want ≤ %.1f%%)", k, 100*share, 100*fidelityPixelShare))
		}
	}
	return out
}

// pictureSVG is the SVG the build writes for s, as an element for the page.
func pictureSVG(t *testing.T, s *figure.Scene) string {
	var svg bytes.Buffer
	if err := figure.WriteSVG(&svg, s, figure.SVGOptions{}); err != nil {
		t.Fatal(err)
	}
	doc := svg.String()
	if i := strings.Index(doc, "<svg"); i > 0 {
		doc = doc[i:]
	}
	return doc
}

// fidelityTextsJS draws each chart's picture (SVGS: the SVG by chart id) in
// the page, out of sight, and keeps the box of each of its texts as
// Chromium lays it out (x0, y0, x1, y1 in the picture's px) in
// window.__fidelityTexts: where the picture's texts are, not where the
// Scene means them to be.
const fidelityTextsJS = `(() => {
const svgs = SVGS, out = {};
const d = document.createElement('div');
d.style.cssText = 'position:absolute;left:-20000px;top:0;margin:0;padding:0;border:0;line-height:0';
document.body.appendChild(d);
for (const id in svgs) {
  d.innerHTML = svgs[id];
  const root = d.firstElementChild, o = root.getBoundingClientRect();
  out[id] = [...root.querySelectorAll('text')].map(e => { const r = e.getBoundingClientRect(); return [r.left - o.left, r.top - o.top, r.right - o.left, r.bottom - o.top]; });
}
d.remove();
window.__fidelityTexts = out;
return 0;
})()`

// pixelShare compares the w × h picture pic with live from at: the share
// of pixels of either that no pixel of the other at or next to it matches
// (fidelityPixelDiff), and an image of them (red: only live, blue: only
// the picture).
func pixelShare(live image.Image, at image.Point, pic image.Image, w, h int) (float64, *image.RGBA) {
	get := func(img image.Image, o image.Point, x, y int) [3]int {
		r, g, b, _ := img.At(o.X+x, o.Y+y).RGBA()
		return [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
	}
	near := func(a [3]int, img image.Image, o image.Point, x, y int) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if x+dx < 0 || y+dy < 0 || x+dx >= w || y+dy >= h {
					continue
				}
				c := get(img, o, x+dx, y+dy)
				if max(abs(a[0]-c[0]), abs(a[1]-c[1]), abs(a[2]-c[2])) <= fidelityPixelDiff {
					return true
				}
			}
		}
		return false
	}
	diff := image.NewRGBA(image.Rect(0, 0, w, h))
	bad := 0
	for y := range h {
		for x := range w {
			l, p := get(live, at, x, y), get(pic, image.Point{}, x, y)
			g := uint8((l[0] + l[1] + l[2]) / 12)
			c := color.RGBA{200 + g/4, 200 + g/4, 200 + g/4, 255}
			switch {
			case !near(l, pic, image.Point{}, x, y):
				bad++
				c = color.RGBA{220, 0, 0, 255}
			case !near(p, live, at, x, y):
				bad++
				c = color.RGBA{0, 0, 220, 255}
			}
			diff.Set(x, y, c)
		}
	}
	return float64(bad) / float64(max(1, w*h)), diff
}

func abs(v int) int { return max(v, -v) }

func crop(img image.Image, r image.Rectangle) image.Image {
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		for x := 0; x < r.Dx(); x++ {
			out.Set(x, y, img.At(r.Min.X+x, r.Min.Y+y))
		}
	}
	return out
}

func writePNG(name string, img image.Image) {
	var b bytes.Buffer
	if png.Encode(&b, img) == nil {
		os.WriteFile(name, b.Bytes(), 0o644)
	}
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, s)
}
