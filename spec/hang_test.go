package spec

import (
	"os"
	"testing"
	"time"
)

func FuzzHang(f *testing.F) {
	for _, tt := range validTests {
		f.Add(tt.src)
	}
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tm := time.AfterFunc(2*time.Second, func() {
			os.WriteFile("/tmp/hang.txt", []byte(src), 0o644)
			os.Exit(3)
		})
		Parse([]byte(src), at)
		tm.Stop()
	})
}
