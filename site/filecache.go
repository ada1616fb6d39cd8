package site

import (
	"crypto/sha256"
	"hash"
	"io"
	"os"
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
	load  loadFunc[T]
	// weak, when set, holds a value loaded from more than weakOver bytes
	// weakly: a training log's table of hundreds of megabytes is dropped
	// once the pages that use it are loaded (a streaming build renders
	// them next, and their downloads take as much again), and read again
	// should a later page use it.
	weak     func(T) func() (T, bool)
	weakOver int64
	// part, when set, reads part of a file (the columns a page's charts
	// draw, for a table): what a value of it holds is named by a string,
	// the part, and a file over weakOver is cached by file and part
	// (getPart).
	part    func(files *sitefs.Root, file, part string, limit sitefs.Limit) (v T, sum [32]byte, size int64, read bool, err error)
	mu      sync.Mutex
	entries map[string]*cacheEntry[T]
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

// loadFunc reads the site input file (a file or, for a folder of training
// logs, a folder) under the rule and limit, and returns what it holds, the
// rebuild.FileSum of what it read and how many bytes that was; read is
// false when nothing could be.
type loadFunc[T any] func(files *sitefs.Root, file string, limit sitefs.Limit) (v T, sum [32]byte, size int64, read bool, err error)

// weakSize is the size over which a table cache holds a file's parsed
// value weakly: smaller files are kept, as re-reading one costs more than
// it frees.
const weakSize = 16 << 20

func newFileCache[T any](files *sitefs.Root, limit sitefs.Limit, parse func(file string, src []byte) (T, error)) *fileCache[T] {
	return newLoadCache(files, limit, readAndParse(parse))
}

// newLoadCache is a fileCache whose inputs are read by load.
func newLoadCache[T any](files *sitefs.Root, limit sitefs.Limit, load loadFunc[T]) *fileCache[T] {
	return &fileCache[T]{files: files, limit: limit, load: load, entries: map[string]*cacheEntry[T]{}, sums: map[string][32]byte{}}
}

// holdLargeWeakly has c hold the values of files over weakSize weakly.
func holdLargeWeakly[U any](c *fileCache[*U]) *fileCache[*U] {
	c.weak, c.weakOver = holdWeakly[U], weakSize
	return c
}

// readAndParse is the loadFunc of a file read whole and handed to parse.
func readAndParse[T any](parse func(file string, src []byte) (T, error)) loadFunc[T] {
	return func(files *sitefs.Root, file string, limit sitefs.Limit) (v T, sum [32]byte, size int64, read bool, err error) {
		src, err := files.ReadFile(file, limit)
		if err != nil {
			return v, sum, 0, false, err
		}
		v, err = parse(file, src)
		return v, rebuild.FileSum(src), int64(len(src)), true, err
	}
}

// streamed is the loadFunc of a file parsed as it is read, and summed on
// the way: the same sum as rebuild.FileSum of the whole file, read to its
// end even when the parser stops early. An error reading the file (past
// the limit, say) is returned as the file rule gives it, not as the
// parser words it; nothing counts as read then.
func streamed[T any](stream func(file string, r io.Reader, size int64) (T, error)) loadFunc[T] {
	return func(files *sitefs.Root, file string, limit sitefs.Limit) (v T, sum [32]byte, size int64, read bool, err error) {
		f, size, err := files.OpenStream(file, limit)
		if err != nil {
			return v, sum, 0, false, err
		}
		defer f.Close()
		in := &sumReader{r: f}
		in.h = sha256.New()
		ahead := newReadAhead(in)
		v, err = stream(file, ahead, size)
		ahead.Close() // the rest read and summed: in may be looked at
		if in.err != nil {
			var zero T
			return zero, sum, size, false, in.err
		}
		in.h.Sum(sum[:0])
		return v, sum, size, true, err
	}
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
	return c.getKey(file, file, c.load)
}

// getPart returns part of the parsed file: of a file over weakOver, read
// for the part alone unless the whole is at hand; of a smaller one, the
// whole, which any page can share. part "" is the whole.
func (c *fileCache[T]) getPart(file, part string) (T, error) {
	if part == "" || c.part == nil || !c.large(file) {
		return c.get(file)
	}
	return c.getPartBy(file, part, func(files *sitefs.Root, file string, limit sitefs.Limit) (T, [32]byte, int64, bool, error) {
		return c.part(files, file, part, limit)
	})
}

// getPartBy is getPart of a large file read by load for a part that part
// names (the rows of some tags of an event folder, beside its columns):
// the whole, if at hand, or the value cached under part.
func (c *fileCache[T]) getPartBy(file, part string, load loadFunc[T]) (T, error) {
	c.mu.Lock()
	whole := c.entries[file]
	c.mu.Unlock()
	if whole != nil {
		whole.mu.Lock()
		v, held := whole.value()
		whole.mu.Unlock()
		if held {
			return v, nil
		}
	}
	return c.getKey(file+"\x00"+part, file, load)
}

// large reports whether file is larger than weakOver, which a page reads
// in part. A folder (of event files) is read in part whatever its size,
// which only listing it tells: ten long runs' events are hundreds of
// megabytes, of which a chart reads the steps and values.
func (c *fileCache[T]) large(file string) bool {
	real, err := c.files.Resolve(file)
	if err != nil {
		return false
	}
	fi, err := os.Stat(real)
	return err == nil && (fi.IsDir() || fi.Mode().IsRegular() && fi.Size() > c.weakOver)
}

// value is the entry's value, if it was read without an error and is held.
func (e *cacheEntry[T]) value() (T, bool) {
	var zero T
	if !e.read || e.err != nil {
		return zero, false
	}
	if e.held == nil {
		return e.v, true
	}
	return e.held()
}

// getKey is get of the value cached under key, read from file by load.
func (c *fileCache[T]) getKey(key, file string, load loadFunc[T]) (T, error) {
	c.mu.Lock()
	e := c.entries[key]
	if e == nil {
		e = &cacheEntry[T]{}
		c.entries[key] = e
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
	v, sum, size, read, err := load(c.files, file, c.limit)
	if read {
		c.keepSum(file, sum)
	}
	e.read, e.err = true, err
	if err == nil && c.weak != nil && size > c.weakOver {
		e.held = c.weak(v)
	} else {
		e.v = v
	}
	return v, err
}

// keepSum keeps sum as file's, unless the file was read before: a file
// read again keeps the sum first read.
func (c *fileCache[T]) keepSum(file string, sum [32]byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.sums[file]; !ok {
		c.sums[file] = sum
	}
}

// readAlone reads file by load, keeping its sum but not its value: what a
// panel loaded as its file is read leaves of the table (streampanels.go)
// is no table to give another page.
func (c *fileCache[T]) readAlone(file string, load loadFunc[T]) (T, error) {
	v, sum, _, read, err := load(c.files, file, c.limit)
	if read {
		c.keepSum(file, sum)
	}
	return v, err
}

// holds reports whether the cache holds file's value, whole or the part
// named, so that getPart would not read the file.
func (c *fileCache[T]) holds(file, part string) bool {
	for _, key := range []string{file, file + "\x00" + part} {
		c.mu.Lock()
		e := c.entries[key]
		c.mu.Unlock()
		if e == nil {
			continue
		}
		e.mu.Lock()
		_, ok := e.value()
		e.mu.Unlock()
		if ok {
			return true
		}
	}
	return false
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
