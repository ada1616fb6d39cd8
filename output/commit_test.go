package output

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/internal/diskcache"
)

func files(kv ...string) *Output {
	out := &Output{}
	for i := 0; i < len(kv); i += 2 {
		out.Files = append(out.Files, File{Path: kv[i], Data: []byte(kv[i+1])})
	}
	return out
}

// stats returns each file's identity, to tell a file left alone from one
// written again.
func stats(t *testing.T, dest string, paths ...string) map[string]os.FileInfo {
	t.Helper()
	out := map[string]os.FileInfo{}
	for _, p := range paths {
		fi, err := os.Stat(filepath.Join(dest, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		out[p] = fi
	}
	return out
}

// TestRebuildWritesOnlyChanges checks a rebuild over the last build's
// output: unchanged files are left as they are (same file, same time),
// changed and new ones are written, and files the site no longer has are
// removed with the folders they leave empty. A file put there by hand is
// kept: the build did not write it.
func TestRebuildWritesOnlyChanges(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	if err := Write(dest, files("a/index.html", "A", "b/index.html", "B", "gone/index.html", "G", "x.css", "X")); err != nil {
		t.Fatal(err)
	}
	if readManifest(dest) == nil {
		t.Fatal("no manifest after the first build")
	}
	before := stats(t, dest, "a/index.html", "b/index.html", "x.css")
	os.WriteFile(filepath.Join(dest, "stray.txt"), []byte("put here by hand"), 0o644)
	if err := Write(dest, files("a/index.html", "A", "b/index.html", "B2", "new/deep/index.html", "N", "x.css", "X")); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a/": "", "a/index.html": "A", "b/": "", "b/index.html": "B2", "new/": "", "new/deep/": "", "new/deep/index.html": "N", "x.css": "X", "stray.txt": "put here by hand"}
	if got := tree(t, dest); !equalTrees(got, want) {
		t.Errorf("after the rebuild:\n got %v\nwant %v", got, want)
	}
	after := stats(t, dest, "a/index.html", "b/index.html", "x.css")
	for _, p := range []string{"a/index.html", "x.css"} {
		if !os.SameFile(before[p], after[p]) || !before[p].ModTime().Equal(after[p].ModTime()) {
			t.Errorf("%s was written again, unchanged", p)
		}
	}
	if os.SameFile(before["b/index.html"], after["b/index.html"]) {
		t.Errorf("b/index.html changed but is the same file")
	}
	if names := entries(t, filepath.Dir(dest)); len(names) != 1 {
		t.Errorf("beside the output: %v, want only public", names)
	}
	if m := readManifest(dest); m == nil || len(m.Files) != 4 {
		t.Errorf("the new manifest lists %v", m)
	}
}

// TestRebuildKeepsEditedOutput checks that a file changed in the output
// folder since the last build (by hand, by another tool) is not replaced,
// even at the same size: its bytes are no longer those the build wrote,
// so the build refuses, naming it, and changes nothing. Once it is moved
// out of the way, the build writes it again.
func TestRebuildKeepsEditedOutput(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	out := files("a/index.html", "AAAA", "b.txt", "BBBB")
	if err := Write(dest, out); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dest, "a", "index.html")
	os.WriteFile(p, []byte("EDIT"), 0o644) // same size, new time
	os.Remove(filepath.Join(dest, "b.txt"))
	err := Write(dest, out)
	if err == nil || !strings.Contains(err.Error(), `holds a file at "a/index.html" that scalesite did not write (or that was changed since)`) {
		t.Fatalf("over an edited file: %v", err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"a/": "", "a/index.html": "EDIT"}) {
		t.Errorf("after the refused rebuild: %v", got)
	}
	os.Remove(p)
	if err := Write(dest, out); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"a/": "", "a/index.html": "AAAA", "b.txt": "BBBB"}) {
		t.Errorf("after the rebuild: %v", got)
	}
}

// TestRebuildFileWhereFolderWas checks a rebuild whose new file goes where
// a folder of the last build stands, and the other way round: the folder
// (holding only files the build wrote) is removed for the file, the file
// for the folder; unchanged files are kept.
func TestRebuildFileWhereFolderWas(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	if err := Write(dest, files("x/index.html", "X", "y", "a file", "keep.txt", "K")); err != nil {
		t.Fatal(err)
	}
	keep, _ := os.Stat(p(dest, "keep.txt"))
	if err := Write(dest, files("x", "now a file", "y/index.html", "now a folder", "keep.txt", "K")); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dest); !equalTrees(got, map[string]string{"x": "now a file", "y/": "", "y/index.html": "now a folder", "keep.txt": "K"}) {
		t.Errorf("after the rebuild: %v", got)
	}
	if now, _ := os.Stat(p(dest, "keep.txt")); !os.SameFile(keep, now) {
		t.Errorf("keep.txt was written again instead of kept")
	}
	if readManifest(dest) == nil {
		t.Errorf("no manifest after the rebuild")
	}
}

// TestFailedRebuildKeepsManifest checks that a rebuild that fails before
// its commit leaves the output folder and its manifest as they were, so
// that the next build still writes only what changed.
func TestFailedRebuildKeepsManifest(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	if err := Write(dest, files("a/index.html", "A")); err != nil {
		t.Fatal(err)
	}
	w, err := Begin(dest)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(File{Path: "a/index.html", Data: []byte("A2")})
	w.Abort()
	if got := tree(t, dest); !equalTrees(got, map[string]string{"a/": "", "a/index.html": "A"}) {
		t.Errorf("after a failed rebuild: %v", got)
	}
	if readManifest(dest) == nil {
		t.Errorf("a failed rebuild removed the manifest")
	}
}

func p(dest, rel string) string { return filepath.Join(dest, filepath.FromSlash(rel)) }

// TestPrunedManifestCostsSpeedOnly checks that a manifest the store's
// bound removed (diskcache prunes the least recently used) costs a
// rebuild its speed and nothing else: with the folder's list, the
// rebuild reads the files to compare them, replaces and removes only
// those still as the last build wrote them, and keeps the others; without
// the list too, nothing proves the files scalesite's, and the build
// refuses, changing nothing.
func TestPrunedManifestCostsSpeedOnly(t *testing.T) {
	tests := []struct {
		name   string
		noList bool
		want   map[string]string
		refuse string
	}{
		{name: "the list kept", want: map[string]string{"a/": "", "a/index.html": "A", "b.txt": "B2", "gone.txt": "edited by hand", "stray.txt": "S"}},
		{name: "the list deleted too", noList: true, refuse: "already holds files that scalesite did not write",
			want: map[string]string{"a/": "", "a/index.html": "A", "b.txt": "B", "gone.txt": "edited by hand", "stray.txt": "S"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cache := t.TempDir()
			t.Setenv("XDG_CACHE_HOME", cache)
			dest := filepath.Join(t.TempDir(), "public")
			if err := Write(dest, files("a/index.html", "A", "b.txt", "B", "gone.txt", "G")); err != nil {
				t.Fatal(err)
			}
			putFile(t, filepath.Join(dest, "gone.txt"), "edited by hand")
			putFile(t, filepath.Join(dest, "stray.txt"), "S")
			if tc.noList {
				os.Remove(filepath.Join(dest, MarkerName))
			}
			// a bound of 0 bytes, pruned an hour and more after the last prune
			diskcache.OpenIn(filepath.Join(cache, "scalesite"), 0).Prune(time.Now().Add(2 * time.Hour))
			if readManifest(dest) != nil {
				t.Fatal("the manifest outlived a prune to 0 bytes")
			}
			err := Write(dest, files("a/index.html", "A", "b.txt", "B2"))
			if tc.refuse == "" && err != nil || tc.refuse != "" && (err == nil || !strings.Contains(err.Error(), tc.refuse)) {
				t.Fatalf("the rebuild: %v, want %q", err, tc.refuse)
			}
			got := tree(t, dest)
			delete(got, MarkerName)
			if !equalTrees(got, tc.want) {
				t.Errorf("after the rebuild:\n got %v\nwant %v", got, tc.want)
			}
			if tc.refuse == "" && readManifest(dest) == nil {
				t.Error("no manifest after the rebuild")
			}
		})
	}
}
