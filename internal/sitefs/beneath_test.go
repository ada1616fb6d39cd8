package sitefs

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/scalesite/scalesite/internal/rawfile"
	"testing"
)

// TestReadBeneath: the fast path reads a plain file and refuses one that
// is not regular or too large itself, with ReadFile's messages, and leaves
// every link, missing file and way out to the general path (TestReadFile
// checks that both give the same).
func TestReadBeneath(t *testing.T) {
	if !rawfile.CanOpenBeneath {
		t.Skip("no one-call open beneath a folder on this system")
	}
	dir := site(t, map[string]string{
		"data/runs.csv":     "x,y\n1,2\n",
		"data/sub/deep.csv": "a\n",
		"data/alias.csv":    "->runs.csv",
		"data/passwd.csv":   "->/etc/passwd",
		"linked":            "->data",
		"data/pipe.csv":     "|fifo",
		"data/big.csv":      strings.Repeat("1,2\n", 1000),
	})
	if err := os.Symlink(filepath.Join(dir, "data"), filepath.Join(dir, "absolute")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := r.ReadFile("absolute/runs.csv", Limit{}); err != nil || string(b) != "x,y\n1,2\n" {
		t.Fatalf("ReadFile through an absolute link inside the site: %q, %v", b, err)
	}
	if r.beneath == nil {
		t.Fatal("Open held no folder open for the fast path")
	}
	limit := Limit{Bytes: 1000, Key: "data"}
	for _, tc := range []struct {
		rel  string
		done bool
		want string // data read, or "error: <substring>"; when done
	}{
		{"data/runs.csv", true, "x,y\n1,2\n"},
		{"data/sub/deep.csv", true, "a\n"},
		{"data/pipe.csv", true, "error: data/pipe.csv is a named pipe (FIFO), not a regular file"},
		{"data/big.csv", true, "error: data/big.csv is 3.9KB, over the 1000 bytes limit"},
		{"data", true, "error: data is a folder, not a regular file"},
		{"data/alias.csv", false, ""},
		{"data/passwd.csv", false, ""},
		{"linked/runs.csv", true, "x,y\n1,2\n"}, // a link on the way that stays inside
		{"absolute/runs.csv", false, ""},        // an absolute link, even to inside
		{"data/missing.csv", false, ""},
		{"../x.csv", false, ""},
		{"data/../../x.csv", false, ""},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			b, err, done := r.readBeneath(tc.rel, limit)
			if done != tc.done {
				t.Fatalf("done = %t, want %t", done, tc.done)
			}
			if !done {
				return
			}
			want, isErr := strings.CutPrefix(tc.want, "error: ")
			switch {
			case isErr && (err == nil || !strings.Contains(err.Error(), want)):
				t.Fatalf("error %v, want one with %q", err, want)
			case !isErr && (err != nil || string(b) != want):
				t.Fatalf("read %q, %v; want %q", b, err, want)
			}
		})
	}
}
