package render

import (
	"runtime"
	"testing"
	"unsafe"

	"github.com/scalesite/scalesite/site"
)

// TestPageKeysFollowContent checks that a page's keys come from what its
// render reads, never from where it is in memory: a page loaded again from
// the same bytes keeps its key, and a new page at the address of a freed
// one (another page's content) does not take the freed page's key.
func TestPageKeysFollowContent(t *testing.T) {
	load := func(body string) *site.Page {
		t.Helper()
		dir := writeSite(t, map[string]string{
			"scalesite.yaml": "title: T\n",
			"content/a.md":   "---\ntitle: A\n---\n" + body + "\n```chart\ndata: a.csv\nx: n\ny: v\n```\n",
			"content/a.csv":  "n,v\n1,2\n2,3\n",
		})
		s, err := site.Load(dir, site.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s.Pages[0]
	}
	first := load("One.")
	key, csv := pagesKey(first), csvKey(first, 0)
	if again := load("One."); pagesKey(again) != key || csvKey(again, 0) != csv {
		t.Errorf("a page loaded again from the same files has other keys")
	}

	// The freed page's address taken by a new page, made certain by
	// writing the new page into it.
	at := first
	*at = *load("Two.")
	if pagesKey(at) == key || csvKey(at, 0) == csv {
		t.Errorf("a new page at a freed page's address has its keys")
	}

	// The same, as the allocator does it: a page freed, then new ones
	// made until one lands where it was.
	addr := uintptr(unsafe.Pointer(load("Three.")))
	old := pagesKey(load("Three."))
	runtime.GC()
	for range 200 {
		p := load("Four.")
		if uintptr(unsafe.Pointer(p)) != addr {
			continue
		}
		if pagesKey(p) == old {
			t.Errorf("a page made at a freed page's address has its key")
		}
		return
	}
	t.Log("no new page landed at the freed page's address; checked by the write above")
}
