package figure

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
)

func TestWritePNG(t *testing.T) {
	for _, c := range []struct {
		opts PNGOptions
		w, h int
	}{
		{PNGOptions{}, 480, 320},
		{PNGOptions{Scale: 2}, 960, 640},
		{PNGOptions{DPI: 144}, 720, 480},
	} {
		var b bytes.Buffer
		if err := WritePNG(&b, testScene(), c.opts); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		if sz := img.Bounds().Size(); sz.X != c.w || sz.Y != c.h {
			t.Errorf("%+v: %v pixels, want %d × %d", c.opts, sz, c.w, c.h)
		}
		s := float64(c.w) / 480
		at := func(x, y float64) color.RGBA {
			r, g, b, a := img.At(int(x*s), int(y*s)).RGBA()
			return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
		}
		// the filled rect (#440154) inside its clip, and not outside it
		if got := at(320, 225); got != (color.RGBA{0x44, 0x01, 0x54, 0xff}) {
			t.Errorf("%+v: the filled rect's pixel is %v", c.opts, got)
		}
		if got := at(290, 225); got == (color.RGBA{0x44, 0x01, 0x54, 0xff}) {
			t.Errorf("%+v: the rect is drawn outside its clip", c.opts)
		}
		// the background
		if got := at(470, 5); got != (color.RGBA{0xff, 0xff, 0xff, 0xff}) {
			t.Errorf("%+v: the background is %v", c.opts, got)
		}
	}
	if err := WritePNG(io.Discard, &Scene{}, PNGOptions{}); err == nil {
		t.Error("a Scene without a size: no error")
	}
}

func TestWritePDF(t *testing.T) {
	var b bytes.Buffer
	if err := WritePDF(&b, testScene(), PDFOptions{Title: "Test scene"}); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", b.Bytes()[:min(20, b.Len())])
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "scene.pdf")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) string {
		if _, err := exec.LookPath(name); err != nil {
			t.Logf("%s not installed (apt-get install qpdf poppler-utils): not checked", name)
			return ""
		}
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("qpdf", "--check", file)
	// both faces embedded (subset)
	if fonts := run("pdffonts", file); fonts != "" {
		for _, face := range []string{"DejaVuSans ", "DejaVuSans-Bold "} {
			if !strings.Contains(fonts, face) || strings.Count(fonts, "yes yes yes") != 2 {
				t.Errorf("pdffonts lists no embedded %s:\n%s", face, fonts)
			}
		}
	}
	if text := run("pdftotext", file, "-"); text != "" {
		for _, want := range []string{"GPT-3 175B", "Loss (nats)", "Scaling: λ = 0.3", "Hg middle"} {
			if !strings.Contains(text, want) {
				t.Errorf("pdftotext finds no %q in:\n%s", want, text)
			}
		}
	}
	// where the words are: pdftotext -bbox gives each word's box in pt,
	// from the baseline less the font's ascent to the baseline plus its
	// descent; the tick labels are anchored in the middle, top
	if bbox := run("pdftotext", "-bbox", file, "-"); bbox != "" {
		for _, c := range []struct {
			word string
			x, y float64 // the anchor, px
		}{{"GPT-3", 250, 266}, {"1,000", 450, 266}, {"0.001", 50, 266}} {
			label := c.word
			if c.word == "GPT-3" {
				label = "GPT-3 175B"
			}
			m := regexp.MustCompile(`xMin="([-0-9.]+)" yMin="([-0-9.]+)" xMax="[-0-9.]+" yMax="[-0-9.]+">` + regexp.QuoteMeta(c.word) + `<`).FindStringSubmatch(bbox)
			if m == nil {
				t.Errorf("pdftotext -bbox finds no %q:\n%s", c.word, bbox)
				continue
			}
			xMin, _ := strconv.ParseFloat(m[1], 64)
			yMin, _ := strconv.ParseFloat(m[2], 64)
			wantX := (c.x - Measure(label, 12, 400)/2) * 0.75
			wantBaseline := (c.y + BaselineShift("top", 12, 400)) * 0.75
			baseline := yMin + Ascent(12, 400)*0.75
			if math.Abs(xMin-wantX) > 0.05 || math.Abs(baseline-wantBaseline) > 0.05 {
				t.Errorf("%q starts at %.3f pt, baseline %.3f pt; want %.3f, %.3f", c.word, xMin, baseline, wantX, wantBaseline)
			}
		}
	}
	// page size: the Scene's at 96 px an inch (480 × 320 px = 360 × 240 pt)
	if info := run("pdfinfo", file); info != "" && !strings.Contains(info, "360 x 240 pts") {
		t.Errorf("pdfinfo:\n%s", info)
	}
	b.Reset()
	if err := WritePDF(&b, testScene(), PDFOptions{Width: 210}); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkWritePNG(b *testing.B) {
	s := chartScene()
	defer benchcpu.Start(b)()
	for b.Loop() {
		if err := WritePNG(io.Discard, s, PNGOptions{Scale: 2}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWritePDF(b *testing.B) {
	s := chartScene()
	for b.Loop() {
		if err := WritePDF(io.Discard, s, PDFOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConcurrentUse draws and measures from several goroutines at once,
// as a build does (go test -race checks it).
func TestConcurrentUse(t *testing.T) {
	done := make(chan error)
	for g := range 4 {
		go func() {
			var err error
			for i := range 3 {
				Measure(fmt.Sprintf("office %d 日本 e\u0301", g*10+i), 12, 400+300*(i%2))
				switch (g + i) % 3 {
				case 0:
					err = WriteSVG(io.Discard, testScene(), SVGOptions{})
				case 1:
					err = WritePNG(io.Discard, testScene(), PNGOptions{})
				case 2:
					err = WritePDF(io.Discard, testScene(), PDFOptions{})
				}
				if err != nil {
					break
				}
			}
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestPNGLongLineInRuns holds a line of many points, which the PNG strokes
// in runs of strokeRun segments, to the picture of the same line drawn
// whole: a straight line of 1,001 points (solid, dashed, clipped) draws the
// pixels of its two end points joined, so the runs meet without a seam and
// each dashes on from where the one before it ended.
func TestPNGLongLineInRuns(t *testing.T) {
	line := func(n int) []float64 {
		var p []float64
		for i := range n {
			x := 10 + 460*float64(i)/float64(n-1)
			p = append(p, x, 100+0.1*x)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		item Item
		clip bool
	}{
		{"solid", Item{Kind: "path", Stroke: "#3b75af", LineWidth: 2}, false},
		{"dashed", Item{Kind: "path", Stroke: "#3b75af", LineWidth: 2, Dash: []float64{7, 4}}, false},
		{"dashed and clipped", Item{Kind: "path", Stroke: "#3b75af", LineWidth: 1.5, Dash: []float64{12, 3, 3, 3}, Clip: 1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			draw := func(p []float64) image.Image {
				it := tc.item
				it.Points = p
				s := &Scene{Width: 480, Height: 320, Background: "#ffffff", Items: []Item{it}}
				if tc.clip {
					s.Clips = []Rect{{X: 40, Y: 0, W: 400, H: 320}}
				}
				var b bytes.Buffer
				if err := WritePNG(&b, s, PNGOptions{Scale: 2}); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&b)
				if err != nil {
					t.Fatal(err)
				}
				return img
			}
			whole, runs := draw(line(2)), draw(line(1001))
			differ := 0
			bounds := whole.Bounds()
			for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
				for x := bounds.Min.X; x < bounds.Max.X; x++ {
					r0, g0, b0, _ := whole.At(x, y).RGBA()
					r1, g1, b1, _ := runs.At(x, y).RGBA()
					if absDiff(r0, r1)+absDiff(g0, g1)+absDiff(b0, b1) > 3*0x2000 {
						differ++
					}
				}
			}
			if differ > 20 {
				t.Errorf("the line of 1,001 points differs from the same line of 2 points in %d pixels", differ)
			}
		})
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
