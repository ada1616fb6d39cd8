package diskcache

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestForms: an entry is read back only by its own form and key, and
// Write then Read round-trips it through the folder.
func TestForms(t *testing.T) {
	key := "ab0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd"
	fits := Form{Magic: "scalesite-fit", Version: 1}
	figures := Form{Magic: "scalesite-figure", Version: 1}
	e := fits.Encode(key, []byte("body"))
	for _, tc := range []struct {
		name string
		form Form
		key  string
		ok   bool
	}{
		{"its own form", fits, key, true},
		{"another cache's", figures, key, false},
		{"another version", Form{Magic: "scalesite-fit", Version: 2}, key, false},
		{"another key", fits, "cd" + key[2:], false},
	} {
		if body, ok := tc.form.Decode(e, tc.key); ok != tc.ok || ok && string(body) != "body" {
			t.Errorf("%s: %q, %v", tc.name, body, ok)
		}
	}
	dir := t.TempDir()
	if err := fits.Write(dir, key, ".gob", []byte("kept")); err != nil {
		t.Fatal(err)
	}
	if got := fits.Read(dir, key, ".gob", time.Hour); string(got) != "kept" {
		t.Errorf("read back %q", got)
	}
	if got := figures.Read(dir, key, ".gob", time.Hour); got != nil {
		t.Errorf("another form read %q", got)
	}
	// Prune keeps what fits its limit and removes the rest, oldest first,
	// and only its own entries.
	old := Path(dir, "cd"+key[2:], ".gob")
	if err := fits.Write(dir, "cd"+key[2:], ".gob", make([]byte, 100)); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-48 * time.Hour)
	os.Chtimes(old, past, past)
	foreign := filepath.Join(dir, "notes.txt")
	os.WriteFile(foreign, make([]byte, 1000), 0o644)
	Prune(dir, 250, []string{".gob"}, time.Hour, time.Now())
	if _, err := os.Stat(old); err == nil {
		t.Error("the least recently used entry is still there")
	}
	for _, p := range []string{Path(dir, key, ".gob"), foreign} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
}
