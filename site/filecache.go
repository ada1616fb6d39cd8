package site

import (
	"crypto/sha256"
	"hash"
	"io"
	"sync"

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
	parse   func(file string, src []byte) (T, error)
	stream  func(file string, r io.Reader, size int64) (T, error)
	mu      sync.Mutex
	entries map[string]*cacheEntry[T]
	// sums are the rebuild.FileSum of the files read: a build's manifest
	// keeps them (Site.ReadSum), so no file is read again for it.
	sums map[string][32]byte
}

type cacheEntry[T any] struct {
	once sync.Once
	v    T
	err  error
}

func newFileCache[T any](files *sitefs.Root, limit sitefs.Limit, parse func(file string, src []byte) (T, error)) *fileCache[T] {
	return &fileCache[T]{files: files, limit: limit, parse: parse, entries: map[string]*cacheEntry[T]{}, sums: map[string][32]byte{}}
}

// newStreamCache is a fileCache whose files are parsed as they are read,
// never held whole: stream is given the file and its size when opened.
func newStreamCache[T any](files *sitefs.Root, limit sitefs.Limit, stream func(file string, r io.Reader, size int64) (T, error)) *fileCache[T] {
	return &fileCache[T]{files: files, limit: limit, stream: stream, entries: map[string]*cacheEntry[T]{}, sums: map[string][32]byte{}}
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
	e.once.Do(func() {
		var sum [32]byte
		if c.stream != nil {
			e.v, sum, e.err = c.readStream(file)
		} else {
			var src []byte
			src, e.err = c.files.ReadFile(file, c.limit)
			if e.err != nil {
				return
			}
			sum = rebuild.FileSum(src)
			e.v, e.err = c.parse(file, src)
		}
		if e.err == nil || sum != ([32]byte{}) {
			c.mu.Lock()
			c.sums[file] = sum
			c.mu.Unlock()
		}
	})
	return e.v, e.err
}

// readStream parses file as it is read, and sums it on the way: the same
// sum as rebuild.FileSum of the whole file, read to its end even when the
// parser stops early. An error reading the file (past the limit, say) is
// returned as the file rule gives it, not as the parser words it; the sum
// is zero then.
func (c *fileCache[T]) readStream(file string) (v T, sum [32]byte, err error) {
	f, size, err := c.files.OpenStream(file, c.limit)
	if err != nil {
		return v, sum, err
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
		return zero, sum, in.err
	}
	in.h.Sum(sum[:0])
	return v, sum, err
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
