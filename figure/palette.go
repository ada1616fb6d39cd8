package figure

import (
	"image"
	"image/color"
	"sort"
)

// paletted is img in at most 256 colours, for a PNG a quarter of the
// bytes (a social card: issue 33): a chart is a few flat colours and their
// antialiased edges, so the 256 most frequent colours hold it, and every
// other colour (an edge's blend) takes the nearest of them. It returns
// img itself when it has no more than 256 colours already or is not
// RGBA.
func paletted(img image.Image) image.Image {
	rgba, ok := img.(*image.RGBA)
	if !ok {
		return img
	}
	counts := map[uint32]int{}
	pix := rgba.Pix
	for i := 0; i+3 < len(pix); i += 4 {
		counts[uint32(pix[i])<<24|uint32(pix[i+1])<<16|uint32(pix[i+2])<<8|uint32(pix[i+3])]++
	}
	keys := make([]uint32, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	// the most frequent first; ties by colour, so that the same picture
	// gives the same bytes
	sort.Slice(keys, func(a, b int) bool {
		if counts[keys[a]] != counts[keys[b]] {
			return counts[keys[a]] > counts[keys[b]]
		}
		return keys[a] < keys[b]
	})
	if len(keys) > 256 {
		keys = keys[:256]
	}
	pal := make(color.Palette, len(keys))
	index := make(map[uint32]uint8, len(counts))
	for i, k := range keys {
		pal[i] = color.RGBA{uint8(k >> 24), uint8(k >> 16), uint8(k >> 8), uint8(k)}
		index[k] = uint8(i)
	}
	b := rgba.Bounds()
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			o := rgba.PixOffset(x, y)
			k := uint32(pix[o])<<24 | uint32(pix[o+1])<<16 | uint32(pix[o+2])<<8 | uint32(pix[o+3])
			i, ok := index[k]
			if !ok {
				i = nearest(pal, pix[o:o+4])
				index[k] = i
			}
			out.Pix[out.PixOffset(x, y)] = i
		}
	}
	return out
}

// nearest is the index of the colour of pal nearest to the RGBA pixel p.
func nearest(pal color.Palette, p []uint8) uint8 {
	best, bestD := 0, -1
	for i, c := range pal {
		q := c.(color.RGBA)
		dr, dg, db, da := int(q.R)-int(p[0]), int(q.G)-int(p[1]), int(q.B)-int(p[2]), int(q.A)-int(p[3])
		d := 3*dr*dr + 4*dg*dg + 2*db*db + 3*da*da
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
