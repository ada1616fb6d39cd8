package figure

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"sync"
)

// woffZlib keeps zlib writers at BestCompression for woff: a new one
// allocates some 800 KB (deflate's window and hash chains), and woff
// compresses a table at a time, a dozen a face, a face for every SVG file
// that embeds its font; a writer Reset writes the same bytes as a new one.
var woffZlib = sync.Pool{New: func() any {
	w, _ := zlib.NewWriterLevel(nil, zlib.BestCompression)
	return w
}}

// woff wraps a TrueType file as WOFF 1.0 (W3C, 2012): the same tables,
// each compressed with zlib where that makes it smaller. Every browser
// reads it, and it travels compressed from any host, where a .ttf is sent
// as it is by hosts that compress only text. (tdewolff/font reads WOFF
// but does not write it; the format is a header and a table directory
// around the tables, as below.)
func woff(sfnt []byte) ([]byte, error) {
	if len(sfnt) < 12 {
		return nil, fmt.Errorf("woff: a font of %d bytes", len(sfnt))
	}
	n := int(binary.BigEndian.Uint16(sfnt[4:]))
	if len(sfnt) < 12+16*n {
		return nil, fmt.Errorf("woff: the table directory of %d tables is cut short", n)
	}
	const headerSize, entrySize = 44, 20
	type table struct {
		entry []byte // the sfnt's directory entry: tag, checksum, offset, length
		data  []byte // as stored: compressed, or as it is
	}
	tables := make([]table, n)
	total := 12 + 16*n // totalSfntSize
	w := woffZlib.Get().(*zlib.Writer)
	defer woffZlib.Put(w)
	for i := range tables {
		e := sfnt[12+16*i : 12+16*i+16]
		off, ln := int(binary.BigEndian.Uint32(e[8:])), int(binary.BigEndian.Uint32(e[12:]))
		if off < 0 || ln < 0 || off+ln > len(sfnt) {
			return nil, fmt.Errorf("woff: table %q lies outside the font", e[:4])
		}
		orig := sfnt[off : off+ln]
		var z bytes.Buffer
		w.Reset(&z)
		w.Write(orig)
		if err := w.Close(); err != nil {
			return nil, err
		}
		data := orig
		if z.Len() < len(orig) {
			data = z.Bytes()
		}
		tables[i] = table{entry: e, data: data}
		total += (ln + 3) &^ 3
	}
	out := make([]byte, headerSize+entrySize*n)
	for i, t := range tables {
		d := out[headerSize+entrySize*i:]
		copy(d[0:4], t.entry[0:4])                                                // tag
		binary.BigEndian.PutUint32(d[4:], uint32(len(out)))                       // offset
		binary.BigEndian.PutUint32(d[8:], uint32(len(t.data)))                    // compLength
		binary.BigEndian.PutUint32(d[12:], binary.BigEndian.Uint32(t.entry[12:])) // origLength
		binary.BigEndian.PutUint32(d[16:], binary.BigEndian.Uint32(t.entry[4:]))  // origChecksum
		out = append(out, t.data...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	h := out[:headerSize]
	copy(h[0:4], "wOFF")
	copy(h[4:8], sfnt[0:4]) // flavor
	binary.BigEndian.PutUint32(h[8:], uint32(len(out)))
	binary.BigEndian.PutUint16(h[12:], uint16(n))
	binary.BigEndian.PutUint32(h[16:], uint32(total))
	binary.BigEndian.PutUint16(h[20:], 1) // majorVersion of the font file
	return out, nil
}
