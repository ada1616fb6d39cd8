package sitefs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// site makes a site folder holding files, and returns it. Entries whose
// content starts with "->" are symbolic links to the rest; "|fifo" makes a
// named pipe.
func site(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		switch {
		case strings.HasPrefix(content, "->"):
			err = os.Symlink(strings.TrimPrefix(content, "->"), p)
		case content == "|fifo":
			err = syscall.Mkfifo(p, 0o644)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestReadFile(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.csv"), []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := site(t, map[string]string{
		"data/runs.csv":       "x,y\n1,2\n",
		"data/alias.csv":      "->runs.csv",
		"content/up.csv":      "->../data/runs.csv",
		"data/passwd.csv":     "->/etc/passwd",
		"data/environ.csv":    "->/proc/self/environ",
		"data/zero.csv":       "->/dev/zero",
		"data/outside.csv":    "->" + filepath.Join(outside, "secret.csv"),
		"linked":              "->" + outside,
		"data/pipe.csv":       "|fifo",
		"data/big.csv":        strings.Repeat("1,2\n", 1000),
		"data/dangling.csv":   "->nowhere.csv",
		"data/folder.csv/x":   "",
		"data/loop.csv":       "->loop.csv",
		"content/escape.csv":  "->../../../../../../etc/hostname",
		"content/deep/up.csv": "->../../data/runs.csv",
	})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	limit := Limit{Bytes: 1000, Key: "data"}
	for _, tc := range []struct {
		rel  string
		want string // data read, or "error: <substring>"
	}{
		{"data/runs.csv", "x,y\n1,2\n"},
		{"data/alias.csv", "x,y\n1,2\n"},
		{"content/up.csv", "x,y\n1,2\n"},
		{"content/deep/up.csv", "x,y\n1,2\n"},
		{"data/passwd.csv", `error: data/passwd.csv leads outside the site folder (it is a symbolic link to "/etc/passwd")`},
		{"data/environ.csv", "error: leads outside the site folder"},
		{"data/zero.csv", `error: leads outside the site folder (it is a symbolic link to "/dev/zero")`},
		{"data/outside.csv", "error: leads outside the site folder"},
		{"linked/secret.csv", `error: linked/secret.csv leads outside the site folder (linked is a symbolic link to "`},
		{"content/escape.csv", "error: leads outside the site folder"},
		{"data/pipe.csv", "error: data/pipe.csv is a named pipe (FIFO), not a regular file"},
		{"data/folder.csv", "error: data/folder.csv is a folder, not a regular file"},
		{"data/big.csv", "error: data/big.csv is 3.9KB, over the 1000 bytes limit for one data file: raise it in scalesite.yaml with limits: {data: 1MB}"},
		{"data/dangling.csv", "error: file does not exist"},
		{"data/missing.csv", "error: file does not exist"},
		{"data/loop.csv", `error: data/loop.csv is part of a loop of symbolic links (it is a symbolic link to "loop.csv")`},
		{"../outside.csv", "error: is not a path inside the site folder"},
		{"/etc/passwd", "error: is not a path inside the site folder"},
		{"data/a\x00b.csv", `error: "data/a\x00b.csv" has a NUL character in its name`},
	} {
		// The general path alone (no folder held open for the fast
		// one) must give the same.
		for _, r := range []*Root{r, {dir: r.dir}} {
			t.Run(fmt.Sprintf("%s/fast=%t", tc.rel, r.beneath != nil), func(t *testing.T) {
				b, err := r.ReadFile(tc.rel, limit)
				want, isErr := strings.CutPrefix(tc.want, "error: ")
				switch {
				case isErr && err == nil:
					t.Fatalf("read %q, want an error with %q", b, want)
				case isErr && !strings.Contains(err.Error(), want):
					t.Fatalf("error %q, want it to contain %q", err, want)
				case !isErr && err != nil:
					t.Fatalf("error %v", err)
				case !isErr && string(b) != want:
					t.Fatalf("read %q, want %q", b, want)
				}
			})
		}
	}
}

func TestReadFileMissingIsNotExist(t *testing.T) {
	r, err := Open(site(t, map[string]string{"data/gone.csv": "->nowhere"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"data/none.csv", "data/gone.csv"} {
		if _, err := r.ReadFile(rel, Limit{}); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("ReadFile(%s) = %v, want fs.ErrNotExist", rel, err)
		}
	}
}

// TestRootThroughLink: a site folder reached through a link (a home folder
// on another disk) is the real folder, and files in it read normally.
func TestRootThroughLink(t *testing.T) {
	dir := site(t, map[string]string{"content/index.md": "# Home\n", "data/x.csv": "->../content/index.md"})
	link := filepath.Join(t.TempDir(), "site")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	r, err := Open(link)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := r.ReadFile("data/x.csv", Limit{}); err != nil || string(b) != "# Home\n" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
}

func TestList(t *testing.T) {
	outside := t.TempDir()
	dir := site(t, map[string]string{
		"content/index.md":      "home",
		"content/a/b.md":        "b",
		"content/.hidden.md":    "x",
		"content/.git/x.md":     "x",
		"content/alias.md":      "->a/b.md",
		"content/leak.md":       "->/etc/passwd",
		"content/pipe.md":       "|fifo",
		"content/linkdir":       "->a",
		"content/outdir":        "->" + outside,
		"content/huge.md":       strings.Repeat("x", 2000),
		"content/dangling.md":   "->gone.md",
		"static/robots.txt":     "ok",
		"themes/t/layouts/x.md": "x",
	})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, problems, err := r.List("content", Limit{Bytes: 1000, Key: "file"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a/b.md", "alias.md", "index.md"}; !slices.Equal(files, want) {
		t.Errorf("files = %q, want %q", files, want)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.Error())
	}
	slices.Sort(got)
	want := []string{
		"content/dangling.md is a symbolic link to a file that does not exist",
		"content/huge.md is 2.0KB, over the 1000 bytes limit for one file: raise it in scalesite.yaml with limits: {file: 1MB}",
		"content/leak.md leads outside the site folder",
		"content/linkdir is a folder, not a regular file",
		"content/outdir leads outside the site folder",
		"content/pipe.md is a named pipe (FIFO), not a regular file",
	}
	if len(got) != len(want) {
		t.Fatalf("problems:\n%s\nwant %d", strings.Join(got, "\n"), len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d = %q, want it to start with %q", i, got[i], want[i])
		}
	}
	if files, problems, err := r.List("nothing", Limit{}); files != nil || problems != nil || err != nil {
		t.Errorf("a missing folder lists %q %v %v, want nothing", files, problems, err)
	}
}

// TestListLinkedFolder: content/ that is a link is followed inside the
// site and refused outside it (it used to build an empty site).
func TestListLinkedFolder(t *testing.T) {
	outside := site(t, map[string]string{"index.md": "x"})
	dir := site(t, map[string]string{"docs/content/index.md": "home", "content": "->docs/content"})
	r, _ := Open(dir)
	if files, _, err := r.List("content", Limit{}); err != nil || !slices.Equal(files, []string{"index.md"}) {
		t.Errorf("linked content inside the site: %q, %v", files, err)
	}
	dir2 := site(t, map[string]string{"content": "->" + outside})
	r2, _ := Open(dir2)
	if _, _, err := r2.List("content", Limit{}); err == nil || !strings.Contains(err.Error(), "content leads outside the site folder") {
		t.Errorf("linked content outside the site: %v, want an error", err)
	}
}

func TestSub(t *testing.T) {
	outside := site(t, map[string]string{"layouts/base.html": "evil"})
	dir := site(t, map[string]string{
		"themes/mine/layouts/base.html": "mine",
		"themes/mine/assets/leak.css":   "->/etc/passwd",
		"themes/linked":                 "->" + outside,
	})
	r, _ := Open(dir)
	if _, err := r.Sub("themes/linked", Limit{}); err == nil {
		t.Error("a theme folder linked outside the site was accepted")
	}
	fsys, err := r.Sub("themes/mine", Limit{})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := fs.ReadFile(fsys, "layouts/base.html"); err != nil || string(b) != "mine" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
	if _, err := fs.ReadFile(fsys, "assets/leak.css"); err == nil {
		t.Error("a theme file linked outside the site was read")
	}
	var walked []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			walked = append(walked, p)
		}
		return err
	})
	if !slices.Equal(walked, []string{"layouts/base.html"}) {
		t.Errorf("walked %q", walked)
	}
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{512: "512 bytes", 2048: "2KB", 32 << 20: "32MB", 1536 << 10: "1.5MB", 2 << 30: "2GB", 300 << 20: "300MB", 2000: "2.0KB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}
