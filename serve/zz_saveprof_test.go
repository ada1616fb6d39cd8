package serve

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/scalesite/scalesite/internal/synth"
)

func BenchmarkZZProf(b *testing.B) {
	dir := b.TempDir()
	synth.Write(b, dir, 10000, 40)
	s, err := New(Options{Source: dir})
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	f, _ := os.Create(os.Getenv("ZZPROF"))
	pprof.StartCPUProfile(f)
	defer pprof.StopCPUProfile()
	page := filepath.Join(dir, "content", "page-05000.md")
	orig, _ := os.ReadFile(page)
	b.ResetTimer()
	for i := range b.N {
		switch os.Getenv("ZZKIND") {
		case "redate":
			date := []byte("date: 2025-01-17")
			if i%2 == 0 {
				os.WriteFile(page, bytes.Replace(orig, date, []byte("date: 2024-12-31"), 1), 0o644)
			} else {
				os.WriteFile(page, orig, 0o644)
			}
		default:
			os.WriteFile(page, append(orig, []byte("\nedit\n")[:i%2*6]...), 0o644)
		}
		s.Rebuild([]string{"content/page-05000.md"})
	}
}
