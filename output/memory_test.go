package output

import (
	"fmt"
	"sync"
	"testing"
)

// TestMemory: Fill gives each listed file the bytes last added for its
// path, from many goroutines at once; a copied file and a file never
// added keep none.
func TestMemory(t *testing.T) {
	var m Memory
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Add(File{Path: fmt.Sprintf("p%d/index.html", i), Data: []byte(fmt.Sprint(i))})
		}()
	}
	wg.Wait()
	m.Add(File{Path: "index.html", Data: []byte("early")})
	m.Add(File{Path: "index.html", Data: []byte("final")})
	m.Add(File{Path: "static/a.png", Src: "/site/static/a.png"})
	out := &Output{Files: []File{
		{Path: "p7/index.html", Size: 1}, {Path: "index.html", Size: 5},
		{Path: "static/a.png", Src: "/site/static/a.png"}, {Path: "feed.xml"},
	}}
	m.Fill(out)
	for i, want := range []string{"7", "final", "", ""} {
		if got := string(out.Files[i].Data); got != want {
			t.Errorf("%s: %q, want %q", out.Files[i].Path, got, want)
		}
	}
	if out.Files[3].Data != nil {
		t.Error("a file never added was given bytes")
	}
}
