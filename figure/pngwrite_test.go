package figure

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"

	"github.com/scalesite/scalesite/internal/benchcpu"
)

// TestWriteOpaquePNG: the unfiltered PNG decodes to the pixels written,
// through several IDAT chunks, at odd sizes and from a sub-image.
func TestWriteOpaquePNG(t *testing.T) {
	for _, size := range []image.Point{{1, 1}, {3, 2}, {640, 311}} {
		img := image.NewRGBA(image.Rect(0, 0, size.X+2, size.Y+1))
		for y := 0; y < img.Bounds().Dy(); y++ {
			for x := 0; x < img.Bounds().Dx(); x++ {
				img.SetRGBA(x, y, color.RGBA{uint8(x * 7), uint8(y * 13), uint8(x ^ y), 0xff})
			}
		}
		sub := img.SubImage(image.Rect(1, 1, size.X+1, size.Y+1)).(*image.RGBA)
		var b bytes.Buffer
		if err := writeOpaquePNG(&b, sub); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		if got.Bounds().Size() != size {
			t.Fatalf("%v: decoded %v", size, got.Bounds())
		}
		for y := 0; y < size.Y; y++ {
			for x := 0; x < size.X; x++ {
				r, g, bl, a := got.At(x, y).RGBA()
				w := sub.RGBAAt(x+1, y+1)
				if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(bl>>8) != w.B || a != 0xffff {
					t.Fatalf("%v: pixel %d,%d is %v, want %v", size, x, y, got.At(x, y), w)
				}
			}
		}
	}
}

// BenchmarkWritePNGParallel draws PNGs on every core at once, as a
// build's social cards are drawn: ns/op falls with the cores when the
// drawings do not wait on one another.
func BenchmarkWritePNGParallel(b *testing.B) {
	s := chartScene()
	defer benchcpu.Start(b)()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := WritePNG(io.Discard, s, PNGOptions{Scale: 2}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
