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
	q := newQuantizer(img)
	if len(q.pal) > 256 {
		t.Errorf("%d colours", len(q.pal))
	}
	row := make([]uint8, 600)
	at := func(x, y int) color.Color { return q.pal[q.row(y, row)[x]] }
	if got := color.RGBAModel.Convert(at(10, 10)); got != (color.RGBA{0x4c, 0x72, 0xb0, 255}) {
		t.Errorf("a flat colour became %v", got)
	}
	if got := color.RGBAModel.Convert(at(500, 10)); got != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("white became %v", got)
	}
}
