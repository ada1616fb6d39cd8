package render

// The buffers pages are written into. A page's HTML (some 30 KB on the
// synthetic site, most of it its charts) was made in a buffer of its own,
// its content in another, each chart's figure in a third, and each copied
// into the next: a fifth of what a cold build allocated (issue 22). Now the
// content and the figures are written straight into the page's buffer,
// taken from the theme's pool and given back once the page's bytes are
// copied out, or, in a build, written (output.File.Release).

import (
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark/util"
)

// buffers is a pool of the byte buffers pages are written into. Each
// theme (so each Renderer) has its own.
type buffers struct{ pool sync.Pool }

// maxPooled is the capacity of the largest buffer put back: a huge page
// (a listing of thousands of pages) is not kept for the small ones.
const maxPooled = 4 << 20

func newBuffers() *buffers {
	return &buffers{pool: sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}}
}

// get returns an empty buffer.
func (bs *buffers) get() *[]byte {
	bp := bs.pool.Get().(*[]byte)
	*bp = (*bp)[:0]
	return bp
}

// put gives back a buffer that get returned (or any other), whose bytes
// nothing uses any longer.
func (bs *buffers) put(bp *[]byte) {
	if cap(*bp) <= maxPooled {
		bs.pool.Put(bp)
	}
}

// appendWriter is the util.BufWriter goldmark renders into, appending to
// b: a page's content is rendered straight into the page's buffer.
// Nothing is buffered, so Flush has nothing to do.
type appendWriter struct{ b []byte }

var _ util.BufWriter = (*appendWriter)(nil)

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func (w *appendWriter) WriteString(s string) (int, error) {
	w.b = append(w.b, s...)
	return len(s), nil
}

func (w *appendWriter) WriteByte(c byte) error {
	w.b = append(w.b, c)
	return nil
}

func (w *appendWriter) WriteRune(r rune) (int, error) {
	n := len(w.b)
	w.b = utf8.AppendRune(w.b, r)
	return len(w.b) - n, nil
}

func (w *appendWriter) Available() int { return cap(w.b) - len(w.b) }
func (w *appendWriter) Buffered() int  { return 0 }
func (w *appendWriter) Flush() error   { return nil }
