package build

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestZZScratch(t *testing.T) {
	dir := os.Getenv("SCRATCH")
	if dir == "" {
		t.Skip()
	}
	_, err := Run(Options{Source: dir, Dest: filepath.Join(t.TempDir(), "out")})
	r, err := Run(Options{Source: dir, Dest: filepath.Join(t.TempDir(), "out2")}); fmt.Printf("ERR %T\n%v\n%+v\n", err, err, r)
}
