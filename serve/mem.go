package serve

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/maphash"
	"io"
	"strings"
	"sync"
)

// The server holds a whole site in memory for as long as it runs. To keep
// that small on a site of 10,000 pages:
//
//   - the files it serves are kept gzip-compressed (compact), and sent so to
//     browsers, which all accept gzip; a page of ~30 KB takes ~7 KB;
//   - the pipeline's renderer keeps the keys of what it rendered, not the
//     bytes (pipeline.Preview, render.Renderer): the server holds
//     the only copy;
//   - the pipeline drops each page's body once rendered
//     (site.Site.DropBodies), and loads it again only to render the page
//     again (site.Site.LoadBody);
//   - the start-up streams the site in (startup.go, pipeline.Preview.Start):
//     a page is loaded in full only while it is rendered, so that a few are
//     at any time, never the whole site.

// laterMin is the size from which a file made by a save is compressed
// after the browsers have been told of it (servedFile.later): compressing
// 256 KiB takes about a millisecond.
const laterMin = 256 << 10

// laterBudget is how many bytes of files a save may leave uncompressed
// until the browsers have been told of it (laterFrom): the listing pages
// a page dated anew shifts on a site of 10,000 pages make some 18 MB
// (364 files).
const laterBudget = 32 << 20

// noLater, as storeFile's laterFrom, has every file compressed as it is
// stored: the start-up's, whose files no save's event waits for.
const noLater = 0

// fileSeed seeds fileSum: one per process, for sums compared only within
// it.
var fileSeed = maphash.MakeSeed()

// fileSum is the hash diff compares a file made again by, with the old
// one's: a 64-bit hash, so that two different versions of a file that
// hash alike (and so tell no browser to reload) are a 1-in-2⁶⁴ chance.
func fileSum(b []byte) uint64 { return maphash.Bytes(fileSeed, b) }

// compactMin is the size below which a file is kept as it is: gzip's
// header and the work of decompressing are not worth it.
const compactMin = 256

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return w
}}

// compact returns b gzip-compressed, and true, when that makes it smaller
// by a tenth at least; b itself and false otherwise.
func compact(b []byte) ([]byte, bool) {
	if z := compactParts(b); z != nil {
		return z, true
	}
	return b, false
}

// compactParts returns the parts, one after the other, gzip-compressed,
// when they make compactMin bytes or more and compressing makes them
// smaller by a tenth at least; nil otherwise. A page is compressed so
// with the live script put in (storeFile), never copied whole to put it
// in first.
func compactParts(parts ...[]byte) []byte {
	n := 0
	for _, b := range parts {
		n += len(b)
	}
	if n < compactMin {
		return nil
	}
	buf := gzipBuffers.Get().(*bytes.Buffer)
	defer gzipBuffers.Put(buf)
	buf.Reset()
	w := gzipWriters.Get().(*gzip.Writer)
	w.Reset(buf)
	for _, b := range parts {
		w.Write(b)
	}
	err := w.Close()
	gzipWriters.Put(w)
	if err != nil || buf.Len() > n-n/10 {
		return nil
	}
	return bytes.Clone(buf.Bytes()) // without the spare capacity
}

// gzipBuffers are the buffers compactParts compresses into before it
// copies out what it made.
var gzipBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// gunzip decompresses what compact compressed.
func gunzip(z []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	// The size gzip's trailer gives (modulo 4 GiB): the buffer is made
	// once, not grown and copied as a page or search.json compressed ten
	// times over is read.
	size := 4 * len(z)
	if n := len(z); n >= 18 {
		size = max(size, int(binary.LittleEndian.Uint32(z[n-4:])))
	}
	out.Grow(size + bytes.MinRead)
	if _, err := out.ReadFrom(r); err != nil {
		return nil, err
	}
	return out.Bytes(), r.Close()
}

// writeGunzipped writes what compact compressed in z to w, decompressed a
// piece at a time.
func writeGunzipped(w io.Writer, z []byte) error {
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip (by
// name or as *), with a weight other than 0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "x-gzip" && name != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		if v, ok := strings.CutPrefix(q, "q="); ok && strings.Trim(v, "0.") == "" {
			return false // q=0, q=0.0, q=0.000
		}
		return true
	}
	return false
}
