//go:build unix

package rawfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestOpenNoFollow(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("0123456789", 5000) // more than one read's worth
	must(t, os.WriteFile(filepath.Join(dir, "page.html"), []byte(body), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "empty"), nil, 0o644))
	must(t, os.Symlink("page.html", filepath.Join(dir, "link")))
	must(t, syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644))
	must(t, os.Mkdir(filepath.Join(dir, "folder"), 0o755))

	for _, tc := range []struct {
		name string
		mode fs.FileMode
		body string
		err  error // from OpenNoFollow
	}{
		{"page.html", 0, body, nil},
		{"empty", 0, "", nil},
		{"link", 0, "", syscall.ELOOP},
		{"pipe", fs.ModeNamedPipe, "", nil}, // opened without waiting for a writer
		{"folder", fs.ModeDir, "", nil},
		{"missing", 0, "", fs.ErrNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			f, err := OpenNoFollow(p)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("OpenNoFollow = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			fi, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.Lstat(p)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode != tc.mode || fi.Mode != want.Mode().Type() {
				t.Errorf("Mode = %v, want %v (os.Lstat: %v)", fi.Mode, tc.mode, want.Mode().Type())
			}
			if fi.ModTime != want.ModTime().UnixNano() {
				t.Errorf("ModTime = %d, os.Lstat says %d", fi.ModTime, want.ModTime().UnixNano())
			}
			if tc.mode != 0 {
				return
			}
			if fi.Size != int64(len(tc.body)) {
				t.Errorf("Size = %d, want %d", fi.Size, len(tc.body))
			}
			got, err := io.ReadAll(f)
			if err != nil || string(got) != tc.body {
				t.Errorf("read %d bytes, %v; want %d", len(got), err, len(tc.body))
			}
			if n, err := f.Read(make([]byte, 8)); n != 0 || err != io.EOF {
				t.Errorf("Read at the end = %d, %v; want 0, io.EOF", n, err)
			}
		})
	}
}

func TestOpenBeneath(t *testing.T) {
	if !CanOpenBeneath {
		t.Skip("no one-call open beneath a folder on this system")
	}
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("secret"), 0o644))
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "data", "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "data", "runs.csv"), []byte("x\n1\n"), 0o644))
	must(t, os.Symlink("data", filepath.Join(dir, "inside")))
	must(t, os.Symlink(outside, filepath.Join(dir, "out")))
	must(t, os.Symlink("../../..", filepath.Join(dir, "data", "sub", "up")))
	must(t, os.Symlink(filepath.Join(dir, "data"), filepath.Join(dir, "absolute")))
	must(t, os.Symlink("runs.csv", filepath.Join(dir, "data", "alias.csv")))
	root, err := os.Open(dir)
	must(t, err)
	defer root.Close()

	for _, tc := range []struct {
		rel string
		ok  bool
	}{
		{"data/runs.csv", true},
		{"inside/runs.csv", true},                    // a relative link that stays inside
		{"data/sub/../runs.csv", true},               // ".." that stays inside
		{"out/secret", false},                        // a link out
		{"data/sub/up/secret", false},                // a relative link out
		{"../secret", false},                         // ".." out
		{"absolute/runs.csv", false},                 // an absolute link, even to inside
		{"data/alias.csv", false},                    // a link as the last element
		{"data/missing.csv", false},                  // missing
		{filepath.Join(dir, "data/runs.csv"), false}, // absolute
	} {
		t.Run(tc.rel, func(t *testing.T) {
			f, err := OpenBeneath(root, tc.rel)
			if (err == nil) != tc.ok {
				t.Fatalf("OpenBeneath = %v, want ok %t", err, tc.ok)
			}
			if err != nil {
				return
			}
			defer f.Close()
			if b, err := io.ReadAll(f); err != nil || string(b) != "x\n1\n" {
				t.Errorf("read %q, %v", b, err)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "index.html")
	must(t, os.WriteFile(p, []byte("an older, longer page"), 0o600))
	body := strings.Repeat("<p>x</p>", 20000)
	f, err := Create(p)
	must(t, err)
	if n, err := f.Write([]byte(body)); n != len(body) || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	must(t, f.Close())
	if got, err := os.ReadFile(p); err != nil || string(got) != body {
		t.Fatalf("the file holds %d bytes, %v; want the %d written, the old ones gone", len(got), err, len(body))
	}

	_, err = Create(filepath.Join(dir, "missing", "index.html"))
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "open" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Create in a missing folder = %v, want an open *fs.PathError that is fs.ErrNotExist", err)
	}

	// A link where the file goes is not followed: the file it names
	// keeps its bytes, and so does a link to nothing (no file is made).
	target := filepath.Join(dir, "thesis.tex")
	must(t, os.WriteFile(target, []byte("my thesis"), 0o644))
	must(t, os.Symlink(target, filepath.Join(dir, "link.html")))
	must(t, os.Symlink(filepath.Join(dir, "nothing"), filepath.Join(dir, "dangling.html")))
	for _, name := range []string{"link.html", "dangling.html"} {
		if f, err := Create(filepath.Join(dir, name)); err == nil || !errors.Is(err, syscall.ELOOP) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Create over %s = %v, want ELOOP", name, err)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "my thesis" {
		t.Errorf("the link's target now holds %q", b)
	}
	if _, err := os.Lstat(filepath.Join(dir, "nothing")); err == nil {
		t.Errorf("a file was made through a link to nothing")
	}

	// A full disk is told by the write, as os.File's Write tells it.
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	f, err = Create("/dev/full")
	must(t, err)
	defer f.Close()
	_, err = f.Write([]byte(body))
	if !errors.As(err, &pe) || pe.Op != "write" || !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Write to a full disk = %v, want a write *fs.PathError that is ENOSPC", err)
	}
}
