package site

import (
	"crypto/sha256"
	"hash"
	"io"
	"sync"
	"weak"

	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// fileCache reads and parses each site file once per load, however many
// pages use it (a data file several charts plot, a .bib many pages cite),
// from several goroutines at once.
type fileCache[T any] struct {
	files *sitefs.Root
	limit sitefs.Limit
	// One of parse, for a file read whole, and stream, for a file parsed as
	// it is read (a data file can be hundreds of megabytes), is set.
	parse  func(file string, src []byte) (T, error)
	stream func(file string, r io.Reader, size int64) (T, error)
	// weak, when set, holds a value parsed from a file of more than
	// weakOver bytes weakly: a training log's table of hundreds of
	// megabytes is dropped once the pages that use it are loaded (a
	// streaming build renders them next, and their downloads take as much
	// again), and read again should a later page use it.
	weak     func(T) func() (T, bool)
	weakOver int64
	mu       sync.Mutex
	entries  map[string]*cacheEntry[T]
	// sums are the rebuild.FileSum of the files read: a build's manifest
	// keeps them (Site.ReadSum), so no file is read again for it.
	sums map[string][32]byte
}

type cacheEntry[T any] struct {
	mu   sync.Mutex // held while the file is read
	read bool
	v    T
	held func() (T, bool) // v held weakly instead, when set
	err  error
}

// weakSize is the size over which a stream cache holds a file's parsed
// value weakly: smaller files are kept, as re-reading one costs more than
// it frees.
const weakSize = 16 << 20

func newFileCache[T any](files *sitefs.Root, limit sitefs.Limit, parse func(file string, src []byte) (T, error)) *fileCache[T] {
	return &fileCache[T]{files: files, limit: limit, parse: parse, entries: map[string]*cacheEntry[T]{}, sums: map[string][32]byte{}}
}

// newStreamCache is a fileCache whose files are parsed as they are read,
// never held whole: stream is given the file and its size when opened.
// The values of large files are held weakly (see fileCache.weak).
func newStreamCache[U any](files *sitefs.Root, limit sitefs.Limit, stream func(file string, r io.Reader, size int64) (*U, error)) *fileCache[*U] {
	return &fileCache[*U]{files: files, limit: limit, stream: stream, weak: holdWeakly[U], weakOver: weakSize, entries: map[string]*cacheEntry[*U]{}, sums: map[string][32]byte{}}
}

// holdWeakly returns v as long as something else holds it.
func holdWeakly[U any](v *U) func() (*U, bool) {
	w := weak.Make(v)
	return func() (*U, bool) {
		v := w.Value()
		return v, v != nil
	}
}

// get returns the parsed file, or the zero T and the file rule's error
// when it cannot be read (fs.ErrNotExist when it is not there).
func (c *fileCache[T]) get(file string) (T, error) {
	c.mu.Lock()
	e := c.entries[file]
	if e == nil {
		e = &cacheEntry[T]{}
		c.entries[file] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.read {
		if e.held == nil || e.err != nil {
			return e.v, e.err
		}
		if v, ok := e.held(); ok {
			return v, nil
		}
	}
	var (
		v    T
		sum  [32]byte
		size int64
		err  error
	)
	if c.stream != nil {
		v, sum, size, err = c.readStream(file)
	} else {
		var src []byte
		src, err = c.files.ReadFile(file, c.limit)
		if err != nil {
			e.read, e.err = true, err
			return v, err
		}
		sum, size = rebuild.FileSum(src), int64(len(src))
		v, err = c.parse(file, src)
	}
	if sum != ([32]byte{}) {
		c.mu.Lock()
		if _, ok := c.sums[file]; !ok { // a file read again keeps the sum first read
			c.sums[file] = sum
		}
		c.mu.Unlock()
	}
	e.read, e.err = true, err
	if err == nil && c.weak != nil && size > c.weakOver {
		e.held = c.weak(v)
	} else {
		e.v = v
	}
	return v, err
}

// readStream parses file as it is read, and sums it on the way: the same
// sum as rebuild.FileSum of the whole file, read to its end even when the
// parser stops early. An error reading the file (past the limit, say) is
// returned as the file rule gives it, not as the parser words it; the sum
// is zero then.
func (c *fileCache[T]) readStream(file string) (v T, sum [32]byte, size int64, err error) {
	f, size, err := c.files.OpenStream(file, c.limit)
	if err != nil {
		return v, sum, 0, err
	}
	defer f.Close()
	in := &sumReader{r: f}
	in.h = sha256.New()
	v, err = c.stream(file, in, size)
	if in.err == nil {
		_, in.err = io.Copy(io.Discard, in)
	}
	if in.err != nil {
		var zero T
		return zero, sum, size, in.err
	}
	in.h.Sum(sum[:0])
	return v, sum, size, err
}

// sumReader passes a file on and sums it, and remembers a read error
// other than the end of the file.
type sumReader struct {
	r   io.Reader
	h   hash.Hash
	err error
}

func (s *sumReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.h.Write(p[:n])
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	return n, err
}

// sum is the SHA-256 of file as get read it, if it did.
func (c *fileCache[T]) sum(file string) ([32]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sum, ok := c.sums[file]
	return sum, ok
}
