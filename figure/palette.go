package figure

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// quantizer writes an RGBA picture in at most 256 colours, for a PNG a
// quarter of the bytes (a social card: issue 33): a chart is a few flat
// colours and their antialiased edges, so the 256 most frequent colours
// hold it, and every other colour (an edge's blend) takes the nearest of
// them. Its rows are indexed one at a time as the PNG is deflated, so
// that the paletted picture is never held whole.
type quantizer struct {
	img   *image.RGBA
	pal   color.Palette
	byRed []paletteEntry // the palette sorted by red, for nearest
	index map[uint32]uint8
	// cache is a direct-mapped cache of index, in front of the map: an
	// antialiased edge goes back and forth between a few colours
	cache [1024]cacheEntry
}

type paletteEntry struct {
	c [4]int32 // red, green, blue, alpha
	i uint8    // the index in the palette
}

type cacheEntry struct {
	k  uint32
	i  uint8
	ok bool
}

// key is the RGBA pixel at the start of p as one number.
func key(p []uint8) uint32 { return binary.BigEndian.Uint32(p) }

// newQuantizer counts img's colours and makes its palette: the most
// frequent first, ties by colour, so that the same picture gives the same
// bytes.
func newQuantizer(img *image.RGBA) *quantizer {
	// a chart's pixels come in runs of one colour: each run is counted
	// with one look-up of the map, not one a pixel
	counts := map[uint32]int{}
	b := img.Bounds()
	run, runN := uint32(0), 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):img.PixOffset(b.Max.X, y)]
		for o := 0; o+3 < len(row); o += 4 {
			k := key(row[o:])
			if k == run && runN > 0 {
				runN++
				continue
			}
			if runN > 0 {
				counts[run] += runN
			}
			run, runN = k, 1
		}
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
	slices.SortFunc(keys, func(a, b colorCount) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return cmp.Compare(a.k, b.k)
	})
	if len(keys) > 256 {
		keys = keys[:256]
	}
	q := &quantizer{
		img:   img,
		pal:   make(color.Palette, len(keys)),
		byRed: make([]paletteEntry, len(keys)),
		index: make(map[uint32]uint8, len(counts)),
	}
	for i, c := range keys {
		k := c.k
		q.pal[i] = color.RGBA{uint8(k >> 24), uint8(k >> 16), uint8(k >> 8), uint8(k)}
		q.byRed[i] = paletteEntry{c: [4]int32{int32(k >> 24), int32(k >> 16 & 0xff), int32(k >> 8 & 0xff), int32(k & 0xff)}, i: uint8(i)}
		q.index[k] = uint8(i)
	}
	slices.SortFunc(q.byRed, func(a, b paletteEntry) int { return cmp.Compare(a.c[0], b.c[0]) })
	return q
}

// row writes the palette indices of the picture's row y (from its top)
// into dst, as long as a row, and returns it.
func (q *quantizer) row(y int, dst []uint8) []uint8 {
	b := q.img.Bounds()
	src := q.img.Pix[q.img.PixOffset(b.Min.X, b.Min.Y+y):q.img.PixOffset(b.Max.X, b.Min.Y+y)]
	last, lastI, have := uint32(0), uint8(0), false
	for x, o := 0, 0; o+3 < len(src); x, o = x+1, o+4 {
		k := key(src[o:])
		if !have || k != last {
			last, lastI, have = k, q.lookup(k), true
		}
		dst[x] = lastI
	}
	return dst
}

// lookup is the palette index of the colour k: its own, or its nearest's.
func (q *quantizer) lookup(k uint32) uint8 {
	c := &q.cache[(k*0x9e3779b1)>>22]
	if c.ok && c.k == k {
		return c.i
	}
	i, ok := q.index[k]
	if !ok {
		i = q.nearest(k)
		q.index[k] = i
	}
	*c = cacheEntry{k: k, i: i, ok: true}
	return i
}

// nearest is the index of the palette's colour nearest to the colour k
// (the lowest index of the nearest, when several are): the palette
// sorted by red is searched out from k's red, both ways, until the red
// alone is farther than the nearest found.
func (q *quantizer) nearest(k uint32) uint8 {
	c := [4]int32{int32(k >> 24), int32(k >> 16 & 0xff), int32(k >> 8 & 0xff), int32(k & 0xff)}
	best, bestD := 256, int32(-1)
	try := func(e paletteEntry) bool {
		dr := e.c[0] - c[0]
		if bestD >= 0 && 3*dr*dr > bestD {
			return false
		}
		dg, db, da := e.c[1]-c[1], e.c[2]-c[2], e.c[3]-c[3]
		d := 3*dr*dr + 4*dg*dg + 2*db*db + 3*da*da
		if bestD < 0 || d < bestD || d == bestD && int(e.i) < best {
			best, bestD = int(e.i), d
		}
		return true
	}
	at, _ := slices.BinarySearchFunc(q.byRed, c[0], func(e paletteEntry, r int32) int { return cmp.Compare(e.c[0], r) })
	for i := at; i < len(q.byRed) && try(q.byRed[i]); i++ {
	}
	for i := at - 1; i >= 0 && try(q.byRed[i]); i-- {
	}
	return uint8(best)
}
