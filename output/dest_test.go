package output

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// TestDestinations builds one site into each kind of folder a --dest may
// name, and checks what the build did: refused (with a message naming the
// folder and what to do) or wrote the site, and in both cases left every
// file that is not its own byte for byte as it was.
func TestDestinations(t *testing.T) {
	earlier := map[string]string{"index.html": "old home", "a/index.html": "old a", "gone/index.html": "gone", "css/site.css": "css"}
	site := files("index.html", "new home", "a/index.html", "new a", "css/site.css", "css")
	built := map[string]string{"index.html": "new home", "a/": "", "a/index.html": "new a", "css/": "", "css/site.css": "css"}
	someones := map[string]string{"report.docx": "a report", ".bashrc": "alias ll='ls -l'", "photos/cat.jpg": "\xff\xd8cat"}
	with := func(m map[string]string, kv ...string) map[string]string {
		m = maps.Clone(m)
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}

	tests := []struct {
		name string
		// make lays out the destination and returns the files in it (path
		// relative to dest's parent) that are not the build's to change.
		make   func(t *testing.T, dest string) map[string]string
		refuse string            // in the error; "" when the build goes on
		want   map[string]string // dest after, without its list of files; nil when refused
	}{
		{
			name: "no folder yet",
			make: func(t *testing.T, dest string) map[string]string { return nil },
			want: built,
		},
		{
			name: "an empty folder",
			make: func(t *testing.T, dest string) map[string]string {
				os.Mkdir(dest, 0o755)
				return nil
			},
			want: built,
		},
		{
			name: "a folder holding only a .git (git init, to publish from it)",
			make: func(t *testing.T, dest string) map[string]string {
				return putAll(t, filepath.Dir(dest), "public/.git", map[string]string{"HEAD": "ref: refs/heads/main\n"})
			},
			want: with(built, ".git/", "", ".git/HEAD", "ref: refs/heads/main\n"),
		},
		{
			name: "a folder of someone's files (a home, Documents)",
			make: func(t *testing.T, dest string) map[string]string {
				return putAll(t, filepath.Dir(dest), "public", someones)
			},
			refuse: "already holds files that scalesite did not write",
		},
		{
			name: "a file",
			make: func(t *testing.T, dest string) map[string]string {
				putFile(t, dest, "my notes")
				return map[string]string{"public": "my notes"}
			},
			refuse: "is a file, not a folder",
		},
		{
			name: "a link to a folder of someone's files",
			make: func(t *testing.T, dest string) map[string]string {
				user := putAll(t, filepath.Dir(dest), "docs", someones)
				sitetest.Symlink(t, "docs", dest)
				return user
			},
			refuse: "is a symbolic link",
		},
		{
			name: "an earlier output",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				return nil
			},
			want: built,
		},
		{
			name: "an earlier output with a .git inside",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				return putAll(t, filepath.Dir(dest), "public/.git", map[string]string{"HEAD": "ref: refs/heads/gh-pages\n", "objects/ab/cdef": "\x78\x01blob"})
			},
			want: with(built, ".git/", "", ".git/HEAD", "ref: refs/heads/gh-pages\n", ".git/objects/", "", ".git/objects/ab/", "", ".git/objects/ab/cdef", "\x78\x01blob"),
		},
		{
			name: "an earlier output with a file added by hand",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				return putAll(t, filepath.Dir(dest), "public", map[string]string{"CNAME": "example.org", "gone/notes.txt": "mine"})
			},
			want: with(built, "CNAME", "example.org", "gone/", "", "gone/notes.txt", "mine"),
		},
		{
			name: "an earlier output with a file changed by hand that the site still makes",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				return putAll(t, filepath.Dir(dest), "public", map[string]string{"a/index.html": "edited"})
			},
			// Its bytes are no longer those the list says the build
			// wrote: it is not provably scalesite's, so it is kept.
			refuse: `holds a file at "a/index.html" that scalesite did not write (or that was changed since)`,
		},
		{
			name: "a folder with a list planted to name someone's file",
			make: func(t *testing.T, dest string) map[string]string {
				user := putAll(t, filepath.Dir(dest), "public", map[string]string{"index.html": "my notes"})
				// The size is right, the checksum is not that of the file.
				putFile(t, filepath.Join(dest, MarkerName), markerHeader+"8 0 \"index.html\"\n")
				return user
			},
			refuse: `holds a file at "index.html" that scalesite did not write`,
		},
		{
			name: "an earlier output with a file changed by hand that the site no longer makes",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				return putAll(t, filepath.Dir(dest), "public", map[string]string{"gone/index.html": "edited, so now mine"})
			},
			want: with(built, "gone/", "", "gone/index.html", "edited, so now mine"),
		},
		{
			name: "an earlier output with someone's file where the site now puts one",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, map[string]string{"index.html": "old home"})
				return putAll(t, filepath.Dir(dest), "public", map[string]string{"a/index.html": "mine"})
			},
			refuse: `holds a file at "a/index.html" that scalesite did not write`,
		},
		{
			name: "an earlier output with a link in it to someone's folder, where the site had files",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, with(earlier, "gone/x.html", "x"))
				user := putAll(t, filepath.Dir(dest), "docs", map[string]string{"index.html": "gone", "x.html": "x"})
				os.RemoveAll(filepath.Join(dest, "gone"))
				sitetest.Symlink(t, filepath.Join("..", "docs"), filepath.Join(dest, "gone"))
				return user
			},
			want: with(built, "gone", "→../docs"),
		},
		{
			name: "an earlier output with a link in it to someone's folder, where the site puts files",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				user := putAll(t, filepath.Dir(dest), "docs", map[string]string{"index.html": "old a"})
				os.RemoveAll(filepath.Join(dest, "a"))
				sitetest.Symlink(t, filepath.Join("..", "docs"), filepath.Join(dest, "a"))
				return user
			},
			refuse: `holds a symbolic link at "a" that scalesite did not write`,
		},
		{
			name: "a folder whose list names a file outside it",
			make: func(t *testing.T, dest string) map[string]string {
				user := putAll(t, filepath.Dir(dest), ".", map[string]string{"victim.txt": "x"})
				putFile(t, filepath.Join(dest, MarkerName), markerHeader+"1 0 \"../victim.txt\"\n")
				return user
			},
			refuse: "cannot be read",
		},
		{
			name: "an earlier output of a scalesite from before the list (the cache's manifest names its files)",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				os.Remove(filepath.Join(dest, MarkerName))
				return putAll(t, filepath.Dir(dest), "public", map[string]string{"CNAME": "example.org"})
			},
			want: with(built, "CNAME", "example.org"),
		},
		{
			name: "an earlier output whose list was deleted, with no manifest",
			make: func(t *testing.T, dest string) map[string]string {
				writeOutput(t, dest, earlier)
				os.Remove(filepath.Join(dest, MarkerName))
				removeManifest(dest)
				return putAll(t, filepath.Dir(dest), "public", earlier)
			},
			refuse: "already holds files that scalesite did not write",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			parent := t.TempDir()
			dest := filepath.Join(parent, "public")
			theirs := tc.make(t, dest)
			beside := entries(t, parent)
			if !slices.Contains(beside, "public") && tc.refuse == "" {
				beside = append(beside, "public")
				slices.Sort(beside)
			}
			var before map[string]string
			if tc.refuse != "" {
				before = linkTree(t, parent)
			}

			err := Write(dest, site)

			if tc.refuse != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refuse) || !strings.Contains(err.Error(), diag.Quote(dest)) {
					t.Fatalf("error %v, want one naming the folder and saying %q", err, tc.refuse)
				}
				if after := linkTree(t, parent); !equalTrees(after, before) {
					t.Errorf("a refused build changed the files:%s", sitetest.TreeDiff(after, before))
				}
			} else {
				if err != nil {
					t.Fatalf("Write: %v", err)
				}
				if got := linkTree(t, dest); !equalTrees(got, tc.want) {
					t.Errorf("the output folder holds:%s", sitetest.TreeDiff(got, tc.want))
				}
				owned, _, err := readMarker(dest)
				if err != nil || !slices.Equal(slices.Sorted(maps.Keys(owned)), []string{"a/index.html", "css/site.css", "index.html"}) {
					t.Errorf("the list of files the build wrote: %v, %v", slices.Sorted(maps.Keys(owned)), err)
				}
			}
			for p, data := range theirs {
				if b, err := os.ReadFile(filepath.Join(parent, p)); err != nil || string(b) != data {
					t.Errorf("%s is not as it was: %q, %v", p, b, err)
				}
			}
			if got := entries(t, parent); !slices.Equal(got, beside) {
				t.Errorf("beside the output: %q, want %q", got, beside)
			}
		})
	}
}

// TestEmptyFolderKept: a build into an empty folder fills that folder, it
// does not put another in its place (it may be a mount point, or have an
// owner or permissions of its own).
func TestEmptyFolderKept(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "public")
	if err := os.Mkdir(dest, 0o750); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(dest)
	if err := Write(dest, files("index.html", "home")); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(dest)
	if !os.SameFile(before, after) || after.Mode().Perm() != 0o750 {
		t.Errorf("the empty folder was replaced (mode %v)", after.Mode())
	}
}

// TestMarker: the list a build leaves names each file it wrote with its
// size and checksum, reads back as written whatever the names, and a list
// that is not one (another version, a broken line, a path out of the
// folder) is refused.
func TestMarker(t *testing.T) {
	next := map[string]manifestEntry{"index.html": {Size: 4, Sum: checksum([]byte("home"))}, "a b/\"q\"\n.html": {Size: 0, Sum: checksum(nil)}}
	b := formatMarker(next)
	got, err := parseMarker(b)
	if err != nil || len(got) != 2 || got["index.html"] != (ownedFile{4, checksum([]byte("home"))}) || got["a b/\"q\"\n.html"] != (ownedFile{0, checksum(nil)}) {
		t.Errorf("parseMarker(formatMarker) = %v, %v", got, err)
	}
	for _, bad := range []string{
		"",
		"scalesite-output 2\n",
		markerHeader + "4 abc\n",
		markerHeader + "x 0 \"a\"\n",
		markerHeader + "1 0 \"../a\"\n",
		markerHeader + "1 0 \"/etc/passwd\"\n",
		markerHeader + "1 0 \"a/../../b\"\n",
		markerHeader + "1 0 \"./a\"\n",
		markerHeader + "1 0 \"" + MarkerName + "\"\n",
		markerHeader + "-1 0 \"a\"\n",
		markerHeader + "1 0 \".git/config\"\n",
		markerHeader + "1 0 \"sub/.git/HEAD\"\n",
	} {
		if _, err := parseMarker([]byte(bad)); err == nil {
			t.Errorf("parseMarker(%q) accepted a list that is not one", bad)
		}
	}
}

// putAll writes files (slash path → content) into the folder dir of base,
// and returns them with their paths in base.
func putAll(t *testing.T, base, dir string, files map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for p, data := range files {
		rel := filepath.Join(dir, filepath.FromSlash(p))
		putFile(t, filepath.Join(base, rel), data)
		out[rel] = data
	}
	return out
}

// linkTree is sitetest.Tree without the list of files.
func linkTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	tree := sitetest.Tree(t, dir)
	delete(tree, MarkerName)
	return tree
}
