package figure

import (
	"image"
	"image/color"
	"math/rand/v2"
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

// TestNearest: the search out from a colour's red finds the colour a
// search of the whole palette finds, the lowest index among equals.
func TestNearest(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		img := image.NewRGBA(image.Rect(0, 0, 64, 64))
		for i := range img.Pix {
			img.Pix[i] = uint8(rnd.IntN(8) * 36) // few values: many ties
		}
		q := newQuantizer(img)
		for range 500 {
			k := rnd.Uint32()
			c := [4]int32{int32(k >> 24), int32(k >> 16 & 0xff), int32(k >> 8 & 0xff), int32(k & 0xff)}
			want, wantD := 0, int32(-1)
			for i, p := range q.pal {
				r, g, b, a := p.RGBA()
				dr, dg, db, da := int32(r>>8)-c[0], int32(g>>8)-c[1], int32(b>>8)-c[2], int32(a>>8)-c[3]
				if d := 3*dr*dr + 4*dg*dg + 2*db*db + 3*da*da; wantD < 0 || d < wantD {
					want, wantD = i, d
				}
			}
			if got := q.nearest(k); int(got) != want {
				t.Fatalf("nearest %08x: %d, want %d", k, got, want)
			}
		}
	}
}
