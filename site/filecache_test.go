package site

import (
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"runtime"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/table"
)

// TestStreamCache reads data files as a build does, parsed as they stream:
// each file's sum is the SHA-256 of all its bytes, also when the parser
// stops early at a problem; a file the rule refuses gives the rule's
// error and no sum.
func TestStreamCache(t *testing.T) {
	// The parser stops at the 11th problem, with most of the file unread.
	bad := "a,b\n" + strings.Repeat("1\n", 11) + strings.Repeat("2,3\n", 100_000)
	files := map[string]string{
		"data/good.csv": "a,b\n1,2\n3,4\n",
		"data/bad.csv":  bad,
		"data/big.csv":  "a,b\n" + strings.Repeat("1,2\n", 150_000),
	}
	root, err := sitefs.Open(sitetest.New(t, files))
	if err != nil {
		t.Fatal(err)
	}
	c := newStreamCache(root, sitefs.Limit{Bytes: 500_000, Key: "data"}, table.Read)
	tests := []struct {
		file    string
		rows    int    // rows of the table, when it reads
		err     string // a prefix of the error, "" for none
		notHere bool   // the error is fs.ErrNotExist
		summed  bool
	}{
		{file: "data/good.csv", rows: 2, summed: true},
		{file: "data/bad.csv", err: "data/bad.csv:2: row has 1 cell", summed: true},
		{file: "data/big.csv", err: "data/big.csv is 586KB, over the 488KB limit"},
		{file: "data/none.csv", notHere: true},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			tab, err := c.get(tc.file)
			switch {
			case tc.notHere:
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("error %v, want fs.ErrNotExist", err)
				}
			case tc.err != "":
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Errorf("error %v, want one starting %q", err, tc.err)
				}
			case err != nil:
				t.Fatal(err)
			case tab.Len() != tc.rows:
				t.Errorf("%d rows, want %d", tab.Len(), tc.rows)
			}
			sum, ok := c.sum(tc.file)
			if ok != tc.summed || ok && sum != sha256.Sum256([]byte(files[tc.file])) {
				t.Errorf("sum %x (kept %v), want the file's SHA-256 (kept %v)", sum, ok, tc.summed)
			}
		})
	}
}

// TestStreamCacheSumsUnreadRest holds the sum to the whole file when the
// parser reads only its start.
func TestStreamCacheSumsUnreadRest(t *testing.T) {
	text := strings.Repeat("x", 1<<20)
	root, err := sitefs.Open(sitetest.New(t, map[string]string{"data/x.bin": text}))
	if err != nil {
		t.Fatal(err)
	}
	c := newStreamCache(root, sitefs.Limit{Bytes: 2 << 20, Key: "data"}, func(file string, r io.Reader, size int64) (*int64, error) {
		_, err := r.Read(make([]byte, 10))
		return &size, err
	})
	if size, err := c.get("data/x.bin"); err != nil || *size != int64(len(text)) {
		t.Fatalf("size %d, error %v", *size, err)
	}
	if sum, ok := c.sum("data/x.bin"); !ok || sum != sha256.Sum256([]byte(text)) {
		t.Errorf("sum %x (kept %v), want the file's SHA-256", sum, ok)
	}
}

// TestStreamCacheHoldsLargeWeakly: the table of a large file is kept while
// a page holds it, dropped when none does, and then read again, with the
// sum first read; a small file's is kept.
func TestStreamCacheHoldsLargeWeakly(t *testing.T) {
	files := map[string]string{"data/big.csv": "a,b\n1,2\n3,4\n", "data/small.csv": "a\n1\n"}
	root, err := sitefs.Open(sitetest.New(t, files))
	if err != nil {
		t.Fatal(err)
	}
	reads := map[string]int{}
	c := newStreamCache(root, sitefs.Limit{Bytes: 1 << 20, Key: "data"}, func(file string, r io.Reader, size int64) (*table.Table, error) {
		reads[file]++
		return table.Read(file, r, size)
	})
	c.weakOver = int64(len(files["data/small.csv"])) // big.csv is "large"
	big, err := c.get("data/big.csv")
	if err != nil {
		t.Fatal(err)
	}
	c.get("data/small.csv")
	runtime.GC()
	c.get("data/big.csv")
	if reads["data/big.csv"] != 1 {
		t.Errorf("a table still in use was read again")
	}
	runtime.KeepAlive(big)
	runtime.GC()
	again, err := c.get("data/big.csv")
	if err != nil || again.Len() != 2 || reads["data/big.csv"] != 2 {
		t.Errorf("after it was dropped: %d rows, read %d times, error %v", again.Len(), reads["data/big.csv"], err)
	}
	if c.get("data/small.csv"); reads["data/small.csv"] != 1 {
		t.Errorf("a small file's table was read %d times", reads["data/small.csv"])
	}
	if sum, ok := c.sum("data/big.csv"); !ok || sum != sha256.Sum256([]byte(files["data/big.csv"])) {
		t.Errorf("sum %x (kept %v), want the file's SHA-256", sum, ok)
	}
}

// newStreamCache is a fileCache whose files are parsed as they are read,
// never held whole: stream is given the file and its size when opened.
// The values of large files are held weakly (see fileCache.weak).
func newStreamCache[U any](files *sitefs.Root, limit sitefs.Limit, stream func(file string, r io.Reader, size int64) (*U, error)) *fileCache[*U] {
	return holdLargeWeakly(newLoadCache(files, limit, streamed(stream)))
}
