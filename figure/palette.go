package figure

import (
	"cmp"
	"image"
	"image/color"
	"slices"
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
	// a chart's pixels come in runs of one colour: each run is counted
	// with one look-up of the map, not one a pixel
	counts := map[uint32]int{}
	pix := rgba.Pix
	run, runN := uint32(0), 0
	for i := 0; i+3 < len(pix); i += 4 {
		k := uint32(pix[i])<<24 | uint32(pix[i+1])<<16 | uint32(pix[i+2])<<8 | uint32(pix[i+3])
		if k == run && runN > 0 {
			runN++
			continue
		}
		if runN > 0 {
			counts[run] += runN
		}
		run, runN = k, 1
	}
	if runN > 0 {
		counts[run] += runN
	}
	type colorCount struct {
		k uint32
		n int
	}
	keys := make([]colorCount, 0, len(counts))
	for k, n := range counts {
		keys = append(keys, colorCount{k, n})
	}
	// the most frequent first; ties by colour, so that the same picture
	// gives the same bytes
	slices.SortFunc(keys, func(a, b colorCount) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.k, b.k)
	})
	if len(keys) > 256 {
		keys = keys[:256]
	}
	pal := make(color.Palette, len(keys))
	rgbs := make([]color.RGBA, len(keys))
	index := make(map[uint32]uint8, len(counts))
	for i, c := range keys {
		k := c.k
		rgbs[i] = color.RGBA{uint8(k >> 24), uint8(k >> 16), uint8(k >> 8), uint8(k)}
		pal[i] = rgbs[i]
		index[k] = uint8(i)
	}
	b := rgba.Bounds()
	out := image.NewPaletted(b, pal)
	last, lastI, have := uint32(0), uint8(0), false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := pix[rgba.PixOffset(b.Min.X, y):rgba.PixOffset(b.Max.X, y)]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x, o := 0, 0; o+3 < len(row); x, o = x+1, o+4 {
			k := uint32(row[o])<<24 | uint32(row[o+1])<<16 | uint32(row[o+2])<<8 | uint32(row[o+3])
			if !have || k != last {
				i, ok := index[k]
				if !ok {
					i = nearest(rgbs, row[o:o+4])
					index[k] = i
				}
				last, lastI, have = k, i, true
			}
			dst[x] = lastI
		}
	}
	return out
}

// nearest is the index of the colour of pal nearest to the RGBA pixel p.
func nearest(pal []color.RGBA, p []uint8) uint8 {
	best, bestD := 0, -1
	for i, q := range pal {
		dr, dg, db, da := int(q.R)-int(p[0]), int(q.G)-int(p[1]), int(q.B)-int(p[2]), int(q.A)-int(p[3])
		d := 3*dr*dr + 4*dg*dg + 2*db*db + 3*da*da
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
