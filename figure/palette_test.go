package figure

import (
	"image"
	"image/color"
	"testing"
)

// TestPaletted: a picture of a few flat colours and many blends between
// them (antialiased edges) is written in at most 256 colours, its flat
// colours exact (TestDemoCards measures the bytes: issue 33, cards under
// 50 KB).
func TestPaletted(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 600, 300))
	for y := range 300 {
		for x := range 600 {
			c := color.RGBA{255, 255, 255, 255}
			switch {
			case x < 200:
				c = color.RGBA{0x4c, 0x72, 0xb0, 255}
			case x < 400 && y%7 == 0:
				// a blend per pixel: thousands of colours
				c = color.RGBA{uint8(x), uint8(y), uint8(x + y), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	p, ok := paletted(img).(*image.Paletted)
	if !ok {
		t.Fatal("not paletted")
	}
	if len(p.Palette) > 256 {
		t.Errorf("%d colours", len(p.Palette))
	}
	if got := color.RGBAModel.Convert(p.At(10, 10)); got != (color.RGBA{0x4c, 0x72, 0xb0, 255}) {
		t.Errorf("a flat colour became %v", got)
	}
	if got := color.RGBAModel.Convert(p.At(500, 10)); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("white became %v", got)
	}
}
