package table

import (
	"bytes"
	"errors"
	"io"
	"sort"
	"unicode/utf8"
)

// window is the part of a streamed input that positions still need.
// encoding/csv reads the input through it; it keeps the bytes from the
// start of the record being read on (and whatever encoding/csv has read
// ahead), where each of their lines starts, and which lines hold bytes
// beyond ASCII, so that a cell's column can be counted in characters and a
// quoting error explained from the text, without the whole file in memory.
// Offsets and lines are the input's own: offset 0 is its first byte, line
// 1 its first line.
type window struct {
	r      io.Reader
	buf    []byte // the input from offset base on
	mem    []byte // buf's array, whose bytes before buf are free again
	base   int
	starts []int  // the offset where each line starts, from line first on
	high   []bool // whether that line has a byte beyond ASCII (so far)
	first  int
	read   int // bytes read so far: the end of buf
	nul    int // the offset of the first NUL byte, or -1
	eof    bool
	// err is the input's first error, given again to every later Read:
	// a reader that peeks (csvlines.go) may take it from bufio before
	// encoding/csv asks, and an input need not repeat it.
	err error
}

// errNUL stops encoding/csv at a NUL byte: the input is not text.
var errNUL = errors.New("a NUL byte")

func newWindow(r io.Reader) *window {
	w := &window{}
	w.reset(r)
	return w
}

// spareWindow bounds the arrays a window keeps for its next input (reset):
// the thousands of small inline tables of a site are read through windows
// kept in a pool (readers), each a few kilobytes that were allocated anew
// for every table.
const spareWindow = 256 << 10

// reset makes w a window on r, at its start, keeping its arrays for it
// unless they are large.
func (w *window) reset(r io.Reader) {
	mem, starts, high := w.mem[:0], w.starts[:0], w.high[:0]
	if cap(mem) > spareWindow {
		mem = nil
	}
	if cap(starts) > spareWindow/8 {
		starts, high = nil, nil
	}
	*w = window{r: r, buf: mem, mem: mem, starts: append(starts, 0), high: append(high, false), first: 1, nul: -1}
}

// Read reads from the input, keeping what it reads.
func (w *window) Read(p []byte) (int, error) {
	if w.nul >= 0 {
		return 0, errNUL
	}
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.r.Read(p)
	w.err = err
	w.keep(p[:n])
	for chunk := p[:n]; len(chunk) > 0; {
		seg := chunk
		nl := bytes.IndexByte(chunk, '\n')
		if nl >= 0 {
			seg = chunk[:nl+1]
		}
		if last := len(w.high) - 1; !w.high[last] && !isASCII(seg) {
			w.high[last] = true
		}
		if i := bytes.IndexByte(seg, 0); i >= 0 && w.nul < 0 {
			w.nul = w.read + i
		}
		w.read += len(seg)
		if nl >= 0 {
			w.starts = append(w.starts, w.read)
			w.high = append(w.high, false)
		}
		chunk = chunk[len(seg):]
	}
	if err == io.EOF {
		w.eof = true
	}
	if w.nul >= 0 {
		return n, errNUL
	}
	return n, err
}

// keep appends p to buf. The bytes dropped before buf are used again: what
// is kept moves to the array's start when it fills, and the array is
// replaced only when what is kept takes more than half of it, or less than
// an eighth of a large one. Appending alone made a new array each time
// the end was reached, two and a half times the input of garbage in all
// (750 MB for a training log of 320 MB).
func (w *window) keep(p []byte) {
	if len(w.buf)+len(p) > cap(w.buf) {
		need := len(w.buf) + len(p)
		if need > cap(w.mem)/2 || cap(w.mem) > 1<<20 && need < cap(w.mem)/8 {
			w.mem = make([]byte, 0, max(2*need, 4096))
		}
		w.buf = append(w.mem[:0], w.buf...) // copy allows the overlap
	}
	w.buf = append(w.buf, p...)
}

// drop forgets the input before line: no position before it will be asked
// for again. Once a NUL byte is read nothing is: its place is the message,
// and encoding/csv may still be reading the lines it read ahead of it.
func (w *window) drop(line int) {
	if w.nul >= 0 {
		return
	}
	k := line - w.first
	if k <= 0 || k >= len(w.starts) {
		return
	}
	cut := w.starts[k] - w.base
	w.buf = w.buf[cut:]
	w.base = w.starts[k]
	w.starts = w.starts[k:]
	w.high = w.high[k:]
	w.first = line
}

// lineStart is the offset where line starts, or -1 when it is not kept
// (dropped, or not read yet).
func (w *window) lineStart(line int) int {
	k := line - w.first
	if k < 0 || k >= len(w.starts) {
		return -1
	}
	return w.starts[k]
}

// lineHigh reports whether line may hold bytes beyond ASCII.
func (w *window) lineHigh(line int) bool {
	k := line - w.first
	return k < 0 || k >= len(w.high) || w.high[k]
}

// bytesAt returns the input kept from offset from to to (cut to what is kept).
func (w *window) bytesAt(from, to int) []byte {
	from, to = max(from-w.base, 0), min(to-w.base, len(w.buf))
	if from >= to {
		return nil
	}
	return w.buf[from:to]
}

// byteAt is the byte at offset off, and whether it is kept.
func (w *window) byteAt(off int) (byte, bool) {
	if off < w.base || off >= w.read {
		return 0, false
	}
	return w.buf[off-w.base], true
}

// lineCol is the line and byte column of offset off, which must be kept.
func (w *window) lineCol(off int) (line, col int) {
	k := sort.Search(len(w.starts), func(i int) bool { return w.starts[i] > off }) - 1
	k = max(k, 0)
	return w.first + k, off - w.starts[k] + 1
}

// nulPos is the line and character column of the first NUL byte.
func (w *window) nulPos() (line, col int) {
	line, _ = w.lineCol(w.nul)
	start := w.lineStart(line)
	return line, utf8.RuneCount(w.bytesAt(start, w.nul)) + 1
}
