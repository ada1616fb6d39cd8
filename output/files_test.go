package output

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestSameContent: a file holds data exactly, not a byte more or less, at
// any size around the piece sameContent compares at a time.
func TestSameContent(t *testing.T) {
	piece := 16 << 10
	long := bytes.Repeat([]byte("0123456789abcdef"), 3*piece/16)
	changedEnd := bytes.Clone(long[:2*piece])
	changedEnd[len(changedEnd)-1] = 'x'
	tests := []struct {
		name       string
		file, data []byte
		want       bool
	}{
		{"empty", nil, nil, true},
		{"small, same", []byte("<p>a</p>"), []byte("<p>a</p>"), true},
		{"small, differs", []byte("<p>a</p>"), []byte("<p>b</p>"), false},
		{"file longer", []byte("<p>a</p>\n"), []byte("<p>a</p>"), false},
		{"file shorter", []byte("<p>a</p>"), []byte("<p>a</p>\n"), false},
		{"one piece exactly", long[:piece], long[:piece], true},
		{"two pieces exactly", long[:2*piece], long[:2*piece], true},
		{"pieces and a bit", long[:2*piece+5], long[:2*piece+5], true},
		{"differs in the last byte of a piece", long[:2*piece], changedEnd, false},
		{"a piece longer", long, long[:2*piece], false},
		{"a piece shorter", long[:2*piece], long, false},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		p := filepath.Join(dir, string(rune('a'+i)))
		if err := os.WriteFile(p, tt.file, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, got := sameContent(p, tt.data); got != tt.want {
			t.Errorf("%s: sameContent = %v, want %v", tt.name, got, tt.want)
		}
	}
	if _, same := sameContent(filepath.Join(dir, "missing"), nil); same {
		t.Error("a missing file holds nothing, not the empty data")
	}
	if _, same := sameContent(dir, nil); same {
		t.Error("a folder is not a file holding the empty data")
	}
	if err := os.Symlink("a", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if _, same := sameContent(filepath.Join(dir, "link"), tests[0].file); same {
		t.Error("a link is not a file that holds what its target holds: writing replaces it")
	}
	fi, err := os.Stat(filepath.Join(dir, "b"))
	if err != nil {
		t.Fatal(err)
	}
	if mtime, _ := sameContent(filepath.Join(dir, "b"), tests[1].data); mtime != fi.ModTime().UnixNano() {
		t.Errorf("sameContent's modification time %d, os.Stat says %d", mtime, fi.ModTime().UnixNano())
	}
}
