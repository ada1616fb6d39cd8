package figure

import (
	"bufio"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"sync"

	"github.com/tdewolff/canvas"
)

// rasterFonts hands each PNG drawing a font family of its own, so that
// PNGs are drawn on every core at once: tdewolff/canvas's fonts (their
// shapers and glyph caches) are not documented safe for concurrent use,
// and one shared family serialized a build's social cards (BENCHMARKS.md,
// issue 33). Families are kept for the next drawing, as many as ever drew
// at once.
var rasterFonts fontPool

type fontPool struct {
	mu   sync.Mutex
	free []*canvas.FontFamily
}

// get is a family no other drawing uses until it is put back.
func (p *fontPool) get() (*canvas.FontFamily, error) {
	p.mu.Lock()
	if n := len(p.free); n > 0 {
		f := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return f, nil
	}
	p.mu.Unlock()
	return loadChartFonts()
}

func (p *fontPool) put(f *canvas.FontFamily) {
	p.mu.Lock()
	p.free = append(p.free, f)
	p.mu.Unlock()
}

// writeOpaquePNG writes img, whose every pixel is opaque (a Scene drawn on
// its background), as an 8-bit RGB PNG, every row unfiltered and deflated
// at zlib's best speed. image/png tries the five row filters on every row
// for the one whose bytes sum least: on a chart's flat colours and
// antialiased edges none of them beats no filter once deflated (the demo
// site's social cards: 82 KB unfiltered, 88 KB with image/png's choice, in
// half the time), so none is tried.
func writeOpaquePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width := b.Dx()
	row := make([]byte, 3*width)
	return writePNG(w, b.Dx(), b.Dy(), 2, nil, zlib.BestSpeed, func(y int) []byte {
		pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):]
		for x, i := 0, 0; x < width; x, i = x+1, i+3 {
			row[i], row[i+1], row[i+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
		}
		return row
	})
}

// writeQuantizedPNG writes q's picture as an 8-bit paletted PNG, each row
// indexed as it is deflated, unfiltered (filters seldom help an image of
// palette indices: image/png tries none either), at level.
func writeQuantizedPNG(w io.Writer, q *quantizer, level int) error {
	b := q.img.Bounds()
	row := make([]byte, b.Dx())
	return writePNG(w, b.Dx(), b.Dy(), 3, q.pal, level, func(y int) []byte { return q.row(y, row) })
}

// writePNG writes a PNG of width × height pixels of 8-bit samples of
// colour type typ (2: RGB, 3: palette indices, with pal), each row row(y)
// unfiltered, deflated at level.
func writePNG(w io.Writer, width, height int, typ byte, pal color.Palette, level int, row func(y int) []byte) error {
	if width <= 0 || height <= 0 {
		return errors.New("figure: an empty PNG")
	}
	if typ == 3 && (len(pal) == 0 || len(pal) > 256) {
		return fmt.Errorf("figure: a palette of %d colours", len(pal))
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, typ // 8 bits a sample
	writeChunk(bw, "IHDR", ihdr[:])
	if typ == 3 {
		var plte [3 * 256]byte
		var trns [256]byte
		last := -1
		for i, c := range pal {
			n := color.NRGBAModel.Convert(c).(color.NRGBA)
			plte[3*i], plte[3*i+1], plte[3*i+2], trns[i] = n.R, n.G, n.B, n.A
			if n.A != 0xff {
				last = i
			}
		}
		writeChunk(bw, "PLTE", plte[:3*len(pal)])
		if last >= 0 {
			writeChunk(bw, "tRNS", trns[:last+1])
		}
	}
	idat := &chunkWriter{w: bw, typ: "IDAT", buf: make([]byte, 0, 32<<10)}
	zw, err := zlibWriters.get(idat, level)
	if err != nil {
		return err
	}
	defer zlibWriters.put(zw, level)
	filter := []byte{0} // filter type 0 (none) before each row
	for y := range height {
		if _, err := zw.Write(filter); err != nil {
			return err
		}
		if _, err := zw.Write(row(y)); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	idat.flush()
	writeChunk(bw, "IEND", nil)
	if idat.err != nil {
		return idat.err
	}
	return bw.Flush()
}

// zlibWriters keeps zlib's writers (their deflate state, some 800 KB a
// writer) from one PNG to the next, a pool a level.
var zlibWriters zlibPool

type zlibPool struct {
	levels [zlib.BestCompression + 1]sync.Pool
}

func (p *zlibPool) get(w io.Writer, level int) (*zlib.Writer, error) {
	if level < 0 || level >= len(p.levels) {
		return zlib.NewWriterLevel(w, level)
	}
	if zw, ok := p.levels[level].Get().(*zlib.Writer); ok {
		zw.Reset(w)
		return zw, nil
	}
	return zlib.NewWriterLevel(w, level)
}

func (p *zlibPool) put(zw *zlib.Writer, level int) {
	if level >= 0 && level < len(p.levels) {
		p.levels[level].Put(zw)
	}
}

// chunkWriter cuts what is written to it into chunks of its type.
type chunkWriter struct {
	w   *bufio.Writer
	typ string
	buf []byte
	err error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(len(p), cap(c.buf)-len(c.buf))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == cap(c.buf) {
			c.flush()
		}
	}
	return n, c.err
}

func (c *chunkWriter) flush() {
	if len(c.buf) > 0 {
		writeChunk(c.w, c.typ, c.buf)
		c.buf = c.buf[:0]
	}
}

// writeChunk writes a PNG chunk: its length, type, data and CRC.
func writeChunk(w *bufio.Writer, typ string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], typ)
	w.Write(head[:])
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	w.Write(sum[:])
}
