package figure

import (
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
)

// strokeScene is lines the PNG's stroker draws: a zigzag of sharp turns
// (bevelled) and gentle ones (mitred), a closed triangle, a dashed and a
// translucent line crossing itself, stroked markers and haloed text, at
// the widths a card draws them.
func strokeScene() *Scene {
	s := &Scene{Width: 480, Height: 320, Background: "#ffffff"}
	add := func(it Item) { s.Items = append(s.Items, it) }
	var zig, wave []float64
	for i := range 30 {
		x := 20 + float64(i)*15
		zig = append(zig, x, 40+float64(i%2)*(10+float64(i)*2))
		wave = append(wave, x, 150+30*math.Sin(float64(i)/3))
	}
	add(Item{Kind: "path", Points: zig, Stroke: "#3b75af", LineWidth: 2})
	add(Item{Kind: "path", Points: wave, Stroke: "#c23b3d", LineWidth: 3, Dash: []float64{8, 4}})
	add(Item{Kind: "path", Points: []float64{40, 300, 240, 200, 440, 300, 60, 220}, Stroke: "#4f9a3f", LineWidth: 4, Opacity: 0.5})
	add(Item{Kind: "path", Points: []float64{300, 190, 420, 210, 360, 260}, Close: true, Fill: "#f0e0c0", Stroke: "#111418", LineWidth: 1.5})
	for i, sh := range []string{"rect", "triangle", "diamond", "emptyRect", "emptyTriangle"} {
		add(Item{Kind: "symbol", Shape: sh, X: 40 + float64(i)*30, Y: 250, Size: 14, Fill: "#2a9d8f", Stroke: "#111418", LineWidth: 1.5})
	}
	add(Item{Kind: "text", Text: "Chinchilla 70B", X: 200, Y: 150, FontSize: 14, Fill: "#333333", Stroke: "#ffffff", LineWidth: 3, Baseline: "middle"})
	add(Item{Kind: "text", Text: "rotated halo", X: 100, Y: 120, FontSize: 12, Rotate: -30, Fill: "#333333", Stroke: "#ffffff", LineWidth: 2})
	return s
}

// rasterWith draws s at scale on r, as WritePNG draws it.
func rasterWith(t *testing.T, r canvas.Renderer, s *Scene) {
	t.Helper()
	fonts, err := loadChartFonts()
	if err != nil {
		t.Fatal(err)
	}
	d := &drawer{ctx: canvas.NewContext(r), fonts: fonts, k: 1, h: s.Height, raster: true}
	d.scene(s)
}

// TestPNGStroker holds the PNG's own stroker to canvas's (Stroke, then
// Settle): the same pixels but for a few antialiased ones on the edges
// of turns, where the two cover a pixel by a little more or less.
func TestPNGStroker(t *testing.T) {
	for _, scale := range []float64{1, 2.5} {
		t.Run(fmt.Sprint(scale), func(t *testing.T) {
			for _, s := range []*Scene{strokeScene(), chartScene()} {
				want := rasterizer.New(s.Width, s.Height, canvas.DPMM(scale), canvas.DefaultColorSpace)
				rasterWith(t, want, s)
				got := newPNGRenderer(s.Width, s.Height, scale)
				rasterWith(t, got, s)
				maxD, sum, over := diffRGBA(want.Image.(*image.RGBA), got.img, 48)
				n := float64(len(got.img.Pix) / 4)
				t.Logf("max %d, mean %.4f, %d pixels off by more than 48", maxD, sum/n, over)
				if sum/n > 0.05 || float64(over) > n/5000 {
					t.Errorf("the stroker's picture is off canvas's by %.4f on average, %d pixels by more than 48 (max %d)", sum/n, over, maxD)
				}
			}
		})
	}
}

// diffRGBA is the largest difference of a channel between a and b, the
// sum of each pixel's largest, and how many pixels differ by more than
// far.
func diffRGBA(a, b *image.RGBA, far int) (maxD int, sum float64, over int) {
	for i := 0; i+3 < len(a.Pix); i += 4 {
		d := 0
		for c := range 4 {
			v := int(a.Pix[i+c]) - int(b.Pix[i+c])
			d = max(d, v, -v)
		}
		maxD = max(maxD, d)
		sum += float64(d)
		if d > far {
			over++
		}
	}
	return maxD, sum, over
}
