package output

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// tree reads every file under dir: slash path → content. Folders are listed
// with a trailing slash and no content, so that an empty folder counts too.
// The list of files a build wrote (MarkerName) is left out: TestMarker and
// the destination tests check it.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if rel == MarkerName {
			return nil
		}
		if d.IsDir() {
			out[rel+"/"] = ""
			return nil
		}
		b, err := os.ReadFile(p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	return out
}

func equalTrees(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWrite(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "static.txt")
	if err := os.WriteFile(src, []byte("copied as is\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		old   map[string]string // what an earlier build wrote; nil for no output folder
		files []File
		want  map[string]string
	}{
		{
			name: "new folder",
			files: []File{
				{Path: "index.html", Data: []byte("<h1>home</h1>")},
				{Path: "a/b/index.html", Data: []byte("deep")},
				{Path: "static.txt", Src: src},
				{Path: ".nojekyll", Data: []byte{}},
			},
			want: map[string]string{"index.html": "<h1>home</h1>", "a/": "", "a/b/": "", "a/b/index.html": "deep", "static.txt": "copied as is\n", ".nojekyll": ""},
		},
		{
			name:  "replaces an earlier output, stale files and all",
			old:   map[string]string{"index.html": "old", "gone/index.html": "stale", "keep.txt": "old too"},
			files: []File{{Path: "index.html", Data: []byte("new")}, {Path: "keep.txt", Data: []byte("new too")}},
			want:  map[string]string{"index.html": "new", "keep.txt": "new too"},
		},
		{
			name:  "no files",
			old:   map[string]string{"index.html": "old"},
			files: nil,
			want:  map[string]string{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			if tc.old != nil {
				writeOutput(t, dest, tc.old)
			}
			if err := Write(dest, &Output{Files: tc.files}); err != nil {
				t.Fatalf("Write: %v", err)
			}
			if got := tree(t, dest); !equalTrees(got, tc.want) {
				t.Errorf("output folder holds %q, want %q", got, tc.want)
			}
			if got := entries(t, parent); !slices.Equal(got, []string{"public"}) {
				t.Errorf("beside the output: %q, want only public (temporary folders left behind?)", got)
			}
			fi, err := os.Stat(dest)
			if err != nil {
				t.Fatal(err)
			}
			if perm := fi.Mode().Perm(); perm != 0o755 {
				t.Errorf("output folder mode %v, want 0755 (readable by a web server)", perm)
			}
		})
	}
}

func TestWriteMakesParents(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "a", "b", "public")
	if err := Write(dest, &Output{Files: []File{{Path: "x.html", Data: []byte("x")}}}); err != nil {
		t.Fatalf("Write into a folder whose parents do not exist: %v", err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"x.html": "x"}) {
		t.Errorf("output = %q", got)
	}
}

// TestWriteManyFiles runs the parallel writer on more files than workers.
func TestWriteManyFiles(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	var files []File
	want := map[string]string{}
	for i := range 300 {
		p := fmt.Sprintf("p%d/index.html", i%37)
		if i >= 37 {
			p = fmt.Sprintf("p%d/f%d.txt", i%37, i)
		}
		files = append(files, File{Path: p, Data: []byte(strings.Repeat("x", i))})
		want[p] = strings.Repeat("x", i)
		want[filepath.ToSlash(filepath.Dir(p))+"/"] = ""
	}
	if err := Write(dest, &Output{Files: files}); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dest); !equalTrees(got, want) {
		t.Errorf("output holds %d entries, want %d", len(got), len(want))
	}
}

// TestWriterReleasesLentBytes: the Writer calls a file's Release once,
// after its bytes are written: a renderer may then write over them (here,
// Release does), and the output still holds what was added. A file added
// after Cancel is dropped, and released too.
func TestWriterReleasesLentBytes(t *testing.T) {
	for _, cancel := range []bool{false, true} {
		t.Run(fmt.Sprintf("cancel=%v", cancel), func(t *testing.T) {
			dest := filepath.Join(t.TempDir(), "public")
			w, err := Begin(dest)
			if err != nil {
				t.Fatal(err)
			}
			if cancel {
				w.Cancel()
			}
			var mu sync.Mutex
			released := map[string]int{}
			want := map[string]string{}
			for i := range 50 {
				p := fmt.Sprintf("p%d/index.html", i)
				b := []byte(strings.Repeat(string(rune('a'+i%26)), 100+i))
				want[p], want[fmt.Sprintf("p%d/", i)] = string(b), ""
				w.Add(File{Path: p, Data: b, Release: func() {
					mu.Lock()
					released[p]++
					mu.Unlock()
					clear(b) // the renderer's next page
				}})
			}
			err = w.Commit()
			if cancel {
				if err != ErrCanceled {
					t.Fatalf("Commit after Cancel: %v, want ErrCanceled", err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			for p := range want {
				if strings.HasSuffix(p, ".html") && released[p] != 1 {
					t.Errorf("%s released %d times, want once", p, released[p])
				}
			}
			if !cancel {
				if got := tree(t, dest); !equalTrees(got, want) {
					t.Errorf("output holds other bytes than those added")
				}
			}
		})
	}
}

// TestWriteFailureKeepsOld checks that a write that fails part way leaves the
// previous output exactly as it was, and nothing else beside it.
func TestWriteFailureKeepsOld(t *testing.T) {
	tests := []struct {
		name  string
		files []File
		want  string // in the error
	}{
		{
			name: "static file that is missing",
			files: []File{
				{Path: "index.html", Data: []byte("new")},
				{Path: "img/logo.png", Src: "/nonexistent/logo.png"},
				{Path: "z.html", Data: []byte("new")},
			},
			want: "logo.png",
		},
		{
			name: "static file that is a folder",
			files: []File{
				{Path: "index.html", Data: []byte("new")},
				{Path: "dir.txt", Src: os.TempDir()},
			},
			want: "",
		},
		{
			name: "a file inside a .git folder",
			files: []File{
				{Path: "index.html", Data: []byte("new")},
				{Path: ".git/hooks/post-checkout", Data: []byte("#!/bin/sh\n")},
			},
			want: "inside a .git folder",
		},
		{
			name: "a file named as the list of files",
			files: []File{
				{Path: "index.html", Data: []byte("new")},
				{Path: MarkerName, Data: []byte("scalesite-output 1\n")},
			},
			want: "the name scalesite keeps for its list",
		},
		{
			name: "a file where a folder must go",
			files: []File{
				{Path: "a", Data: []byte("file")},
				{Path: "a/index.html", Data: []byte("under a file")},
			},
			want: "",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			writeOutput(t, dest, map[string]string{"index.html": "old home", "a/index.html": "old a", "img/logo.png": "\x89PNG"})
			before := tree(t, dest)

			err := Write(dest, &Output{Files: tc.files})
			if err == nil {
				t.Fatal("Write succeeded; want an error")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not name %q", err, tc.want)
			}
			if got := tree(t, dest); !equalTrees(got, before) {
				t.Errorf("after a failed write the output holds %q, want it unchanged: %q", got, before)
			}
			if got := entries(t, parent); !slices.Equal(got, []string{"public"}) {
				t.Errorf("beside the output: %q, want only public (temporary folder left behind?)", got)
			}
		})
	}
}

func TestWriteRefusesNonFolder(t *testing.T) {
	target := t.TempDir()
	tests := []struct {
		name string
		make func(t *testing.T, dest string)
		want string // in the error
	}{
		{"regular file", func(t *testing.T, dest string) { putFile(t, dest, "my notes") }, "is a file, not a folder"},
		{"symbolic link", func(t *testing.T, dest string) {
			if err := os.Symlink(target, dest); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}, "is a symbolic link"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			tc.make(t, dest)
			before, _ := os.Lstat(dest)
			data, _ := os.ReadFile(dest)

			err := Write(dest, &Output{Files: []File{{Path: "index.html", Data: []byte("x")}}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Write over a %s: error %v, want one saying it %s", tc.name, err, tc.want)
			}
			after, err := os.Lstat(dest)
			if err != nil || after.Mode() != before.Mode() {
				t.Errorf("the %s was replaced (mode %v → %v, %v)", tc.name, before.Mode(), after.Mode(), err)
			}
			if now, _ := os.ReadFile(dest); !bytes.Equal(now, data) {
				t.Errorf("the %s's content changed", tc.name)
			}
			if got := entries(t, parent); !slices.Equal(got, []string{"public"}) {
				t.Errorf("beside the output: %q, want only public", got)
			}
		})
	}
}

// writeOutput makes dest an output of scalesite holding files (path →
// content), as a build writes it.
func writeOutput(t *testing.T, dest string, files map[string]string) {
	t.Helper()
	out := &Output{}
	for p, data := range files {
		out.Files = append(out.Files, File{Path: p, Data: []byte(data)})
	}
	if err := Write(dest, out); err != nil {
		t.Fatal(err)
	}
}

func putFile(t *testing.T, p, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRewriteKeepsUnchangedFiles: a second write of the same bytes, with no
// manifest to trust, reads the previous files and keeps those that hold
// the bytes (the same file, one name), and writes the others.
func TestRewriteKeepsUnchangedFiles(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/proc/no-cache") // no manifest: the list and the bytes decide
	dest := filepath.Join(t.TempDir(), "public")
	first := &Output{Files: []File{{Path: "a/index.html", Data: []byte("same")}, {Path: "b.txt", Data: []byte("old")}}}
	if err := Write(dest, first); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(filepath.Join(dest, "a", "index.html"))
	second := &Output{Files: []File{{Path: "a/index.html", Data: []byte("same")}, {Path: "b.txt", Data: []byte("new")}}}
	if err := Write(dest, second); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(filepath.Join(dest, "a", "index.html"))
	if !os.SameFile(before, after) {
		t.Errorf("an unchanged file was written again instead of kept")
	}
	for path, want := range map[string]string{"a/index.html": "same", "b.txt": "new"} {
		b, _ := os.ReadFile(filepath.Join(dest, path))
		if string(b) != want {
			t.Errorf("%s = %q, want %q", path, b, want)
		}
		if fi, _ := os.Stat(filepath.Join(dest, path)); fi != nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink != 1 {
				t.Errorf("%s has %d names after the rebuild, want 1", path, st.Nlink)
			}
		}
	}
}

// Write writes the files of out to the folder dest, as one build.
func Write(dest string, out *Output) error {
	w, err := Begin(dest)
	if err != nil {
		return err
	}
	for _, f := range out.Files {
		w.Add(f)
	}
	return w.Commit()
}

// Begin starts a new version of dest, with the default Options.
func Begin(dest string) (*Writer, error) { return Options{}.Begin(dest) }
