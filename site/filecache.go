package site

import (
	"sync"

	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// fileCache reads and parses each site file once per load, however many
// pages use it (a data file several charts plot, a .bib many pages cite),
// from several goroutines at once.
type fileCache[T any] struct {
	files   *sitefs.Root
	limit   sitefs.Limit
	load    loadFunc[T]
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

// loadFunc reads the site input file (a file or, for a folder of training
// logs, a folder) under the rule and limit, and returns what it holds and
// the rebuild.FileSum of what it read; read is false when nothing could be.
type loadFunc[T any] func(files *sitefs.Root, file string, limit sitefs.Limit) (v T, sum [32]byte, read bool, err error)

func newFileCache[T any](files *sitefs.Root, limit sitefs.Limit, parse func(file string, src []byte) (T, error)) *fileCache[T] {
	return newLoadCache(files, limit, readAndParse(parse))
}

// newLoadCache is a fileCache whose inputs are read by load rather than
// whole, as a log streamed from its file or a folder of event files is.
func newLoadCache[T any](files *sitefs.Root, limit sitefs.Limit, load loadFunc[T]) *fileCache[T] {
	return &fileCache[T]{files: files, limit: limit, load: load, entries: map[string]*cacheEntry[T]{}, sums: map[string][32]byte{}}
}

// readAndParse is the loadFunc of a file read whole and handed to parse.
func readAndParse[T any](parse func(file string, src []byte) (T, error)) loadFunc[T] {
	return func(files *sitefs.Root, file string, limit sitefs.Limit) (v T, sum [32]byte, read bool, err error) {
		src, err := files.ReadFile(file, limit)
		if err != nil {
			return v, sum, false, err
		}
		v, err = parse(file, src)
		return v, rebuild.FileSum(src), true, err
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
	e.once.Do(func() {
		v, sum, read, err := c.load(c.files, file, c.limit)
		if read {
			c.mu.Lock()
			c.sums[file] = sum
			c.mu.Unlock()
		}
		e.v, e.err = v, err
	})
	return e.v, e.err
}

// sum is the SHA-256 of file as get read it, if it did.
func (c *fileCache[T]) sum(file string) ([32]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sum, ok := c.sums[file]
	return sum, ok
}
