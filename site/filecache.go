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
	parse   func(file string, src []byte) (T, error)
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
		src, err := c.files.ReadFile(file, c.limit)
		if err != nil {
			e.err = err
			return
		}
		sum := rebuild.FileSum(src)
		c.mu.Lock()
		c.sums[file] = sum
		c.mu.Unlock()
		e.v, e.err = c.parse(file, src)
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
