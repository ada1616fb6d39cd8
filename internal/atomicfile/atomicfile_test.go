package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file is there whole with its permissions, its folder made,
// an older file replaced, and no temporary file left beside it; a path
// whose folder cannot be made fails and leaves nothing.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "b", "f.txt")
	for _, data := range []string{"first", "second, longer"} {
		if err := Write(p, []byte(data), ".tmp-*", 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "a", "b", ".tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	blocked := filepath.Join(dir, "file")
	os.WriteFile(blocked, nil, 0o644)
	if err := Write(filepath.Join(blocked, "x"), []byte("x"), ".tmp-*", 0o644); err == nil {
		t.Error("writing under a file succeeded")
	}
}
