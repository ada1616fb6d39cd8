package site

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
)

const linkPrefix = "->"

// siteWith writes files into a new site; a value starting with "->" makes a
// symbolic link to the rest, "|fifo" a named pipe.
func siteWith(t *testing.T, files map[string]string) string {
	t.Helper()
	plain := map[string]string{}
	for k, v := range files {
		if !strings.HasPrefix(v, linkPrefix) && v != "|fifo" {
			plain[k] = v
		}
	}
	root := sitetest.New(t, plain)
	for k, v := range files {
		p := filepath.Join(root, filepath.FromSlash(k))
		os.MkdirAll(filepath.Dir(p), 0o755)
		var err error
		switch {
		case strings.HasPrefix(v, linkPrefix):
			err = os.Symlink(strings.TrimPrefix(v, linkPrefix), p)
		case v == "|fifo":
			err = syscall.Mkfifo(p, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestFileRule: every file a build reads obeys one rule, and a refusal is
// placed at the line that names the file (or at the file itself).
func TestFileRule(t *testing.T) {
	outside := sitetest.New(t, map[string]string{"secret.csv": "name,x,y\nsecret,1,2\n", "index.md": "# Outside\n"})
	chart := "```chart\ndata: %s\nx: x\ny: y\n```\n"
	page := func(data string) string { return "---\ntitle: P\n---\n" + strings.Replace(chart, "%s", data, 1) }
	tests := []struct {
		name  string
		files map[string]string
		want  []string // problems, each a prefix of a line
	}{
		{"data linked to /etc/passwd", map[string]string{"content/p.md": page("data/x.csv"), "data/x.csv": "->/etc/passwd"},
			[]string{`content/p.md:5:7: data file data/x.csv leads outside the site folder (it is a symbolic link to "/etc/passwd")`}},
		{"data linked to /proc/self/environ", map[string]string{"content/p.md": page("data/x.csv"), "data/x.csv": "->/proc/self/environ"},
			[]string{`content/p.md:5:7: data file data/x.csv leads outside the site folder`}},
		{"data linked to /dev/zero", map[string]string{"content/p.md": page("data/x.csv"), "data/x.csv": "->/dev/zero"},
			[]string{`content/p.md:5:7: data file data/x.csv leads outside the site folder (it is a symbolic link to "/dev/zero")`}},
		{"data folder linked outside", map[string]string{"content/p.md": page("data/secret.csv"), "data": "->" + outside},
			[]string{`content/p.md:5:7: data file data/secret.csv leads outside the site folder`}},
		{"named pipe", map[string]string{"content/p.md": page("data/x.csv"), "data/x.csv": "|fifo"},
			[]string{`content/p.md:5:7: data file data/x.csv is a named pipe (FIFO), not a regular file`}},
		{"data is a folder", map[string]string{"content/p.md": page(`"."`)},
			[]string{`content/p.md:5:7: data file content: the folder holds no TensorBoard event files (events.out.tfevents.*)`}},
		{"data is a page", map[string]string{"content/p.md": page("index.md")},
			[]string{`content/p.md:5:7: data file content/index.md: cannot read "index.md": data files must be .csv, .tsv, .json, .jsonl or .parquet (or a folder of TensorBoard event files)`}},
		{"data over the limit", map[string]string{"scalesite.yaml": "limits: {data: 1KB}\n", "content/p.md": page("data/x.csv"),
			"data/x.csv": "x,y\n" + strings.Repeat("1,2\n", 600)},
			[]string{`content/p.md:5:7: data file data/x.csv is 2.3KB, over the 1KB limit for one data file: raise it in scalesite.yaml with limits: {data: 1MB}`}},
		{"page linked outside", map[string]string{"content/leak.md": "->/etc/passwd"},
			[]string{`content/leak.md: leads outside the site folder (it is a symbolic link to "/etc/passwd")`}},
		{"page is a named pipe", map[string]string{"content/pipe.md": "|fifo"},
			[]string{`content/pipe.md: is a named pipe (FIFO), not a regular file`}},
		{"static file linked outside", map[string]string{"static/n.txt": "->/etc/hostname"},
			[]string{`static/n.txt: leads outside the site folder`}},
		{"content resource linked outside", map[string]string{"content/p/secret.csv": "->" + filepath.Join(outside, "secret.csv")},
			[]string{`content/p/secret.csv: leads outside the site folder`}},
		{"theme linked outside", map[string]string{"scalesite.yaml": "theme: mine\n", "themes/mine": "->" + outside},
			[]string{`scalesite.yaml:1:8: theme: themes/mine leads outside the site folder`}},
		{"theme file linked outside", map[string]string{"scalesite.yaml": "theme: mine\n", "themes/mine/assets/site.css": "->/etc/passwd"},
			[]string{`themes/mine/assets/site.css: leads outside the site folder (it is a symbolic link to "/etc/passwd")`}},
		{"config and page errors together", map[string]string{"scalesite.yaml": "titel: x\n", "content/p.md": "->/etc/passwd"},
			[]string{`content/p.md: leads outside`, `scalesite.yaml:1:1: unknown key "titel"`}},
		{"config linked outside", map[string]string{"scalesite.yaml": "->/etc/passwd"},
			[]string{`scalesite.yaml: leads outside the site folder`}},
		{"bad limit", map[string]string{"scalesite.yaml": "limits: {data: lots, size: 1MB}\n"},
			[]string{`scalesite.yaml:1:16: limits: data: "lots" is not a size: write it like 200MB, 1.5GB or 512KB`,
				`scalesite.yaml:1:22: unknown key "size" in the limits`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/index.md": "# Home\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			_, err := Load(siteWith(t, files), Options{})
			if err == nil {
				t.Fatal("Load succeeded, want an error")
			}
			got := strings.Split(err.Error(), "\n")
			if len(got) != len(tc.want) {
				t.Fatalf("problems:\n%s\nwant %d", err, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("problem %d:\n got %s\nwant %s…", i, got[i], w)
				}
			}
			if strings.Contains(err.Error(), "root:") || strings.Contains(err.Error(), "secret,1,2") {
				t.Errorf("the message leaks what lies outside: %s", err)
			}
		})
	}
}

// TestContentFolder: a site with no pages to publish is an error, so that
// a wrong --source or an emptied folder never replaces a published site.
func TestContentFolder(t *testing.T) {
	outside := sitetest.New(t, map[string]string{"index.md": "# Outside\n"})
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"missing", map[string]string{"data/x.csv": "x\n1\n"}, "has no content/ folder"},
		{"empty", map[string]string{"content/notes.txt": "x"}, "content: has no pages"},
		{"linked outside", map[string]string{"content": "->" + outside}, "content: leads outside the site folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(siteWith(t, tc.files), Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Load error %v, want %q", err, tc.want)
			}
		})
	}
	inside := siteWith(t, map[string]string{"docs/index.md": "# Home\n", "content": "->docs"})
	if s, err := Load(inside, Options{}); err != nil || s.Home == nil {
		t.Fatalf("content linked to a folder inside the site: %v", err)
	}
}

// TestReloadRefusesNewLinks: a link made while the preview runs is refused
// as a fresh build would refuse it.
func TestReloadRefusesNewLinks(t *testing.T) {
	root := siteWith(t, map[string]string{"content/index.md": "# Home\n", "static/ok.txt": "ok"})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"static/n.txt", "content/leak.md", "content/img.png"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.Symlink("/etc/hostname", p); err != nil {
			t.Fatal(err)
		}
		_, err := s.Reload([]string{f})
		if err == nil || !strings.Contains(err.Error(), f+": leads outside the site folder") {
			t.Errorf("Reload after linking %s: %v", f, err)
		}
		os.Remove(p)
		n, err := s.Reload([]string{f})
		if err != nil {
			t.Errorf("Reload after removing the link: %v", err)
		} else if slices.Contains(n.Static, "n.txt") {
			t.Errorf("static lists the removed link")
		}
	}
}

// TestReloadRemovedBundle: a page bundle removed whole (its page and the
// data file its chart reads) reloads without the page. The data file
// sorts before the page, and reading the page again for it failed with a
// bare "file does not exist" that kept the preview in error.
func TestReloadRemovedBundle(t *testing.T) {
	root := sitetest.New(t, map[string]string{
		"scalesite.yaml":         "title: T\n",
		"content/index.md":       "---\ntitle: Home\n---\nHome.\n",
		"content/acc/index.md":   "---\ntitle: Acc\n---\n```chart\ndata: acc.csv\nx: n\ny: acc\n```\n",
		"content/acc/acc.csv":    "n,acc\n1,2\n2,3\n",
		"content/other/index.md": "---\ntitle: Other\n---\nText.\n",
	})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(root, "content", "acc")); err != nil {
		t.Fatal(err)
	}
	for _, changed := range [][]string{
		{"content/acc/acc.csv", "content/acc/index.md"},
		{"content/acc"},
		{"content/acc/acc.csv"},
	} {
		n, err := s.Reload(changed)
		if err != nil {
			t.Fatalf("Reload(%q): %v", changed, err)
		}
		for _, p := range n.Pages {
			if p.Path == "content/acc/index.md" {
				t.Errorf("Reload(%q): the removed page is still there", changed)
			}
		}
	}
}

// TestReloadDataFolderReplaced: a data folder moved away and replaced by
// a link out of the site is one event naming the folder, none naming its
// files; the pages that read from it are read again, and refused as a
// fresh build refuses them.
func TestReloadDataFolderReplaced(t *testing.T) {
	root := sitetest.New(t, map[string]string{
		"scalesite.yaml":   "title: T\n",
		"content/index.md": "---\ntitle: Home\n---\nHome.\n",
		"content/runs.md":  "---\ntitle: Runs\n---\n```chart\ndata: data/runs.csv\nx: n\ny: loss\n```\n",
		"data/runs.csv":    "n,loss\n1,2\n2,3\n",
	})
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "runs.csv"), []byte("n,loss\n1,9\n2,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "data"), filepath.Join(t.TempDir(), "data")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "data")); err != nil {
		t.Fatal(err)
	}
	_, err = s.Reload([]string{"data"})
	if err == nil || !strings.Contains(err.Error(), "data file data/runs.csv leads outside the site folder") {
		t.Errorf("Reload after replacing data/ by a link: %v, want the page refused", err)
	}
}

// TestReloadNewDate: a page whose new date leaves it in its place takes
// the old page's place; one whose new date moves it, two saved together
// that cross, or one saved with a page new to the site, take their places
// in the order; the other pages are the same values, and the order is
// always a fresh load's.
func TestReloadNewDate(t *testing.T) {
	page := func(title, date string) string { return "---\ntitle: " + title + "\ndate: " + date + "\n---\n" }
	root := siteWith(t, map[string]string{
		"content/a.md": page("A", "2025-03-01"), "content/b.md": page("B", "2025-02-01"), "content/c.md": page("C", "2025-01-01"),
	})
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files map[string]string
		order string
	}{
		{"a date in place", map[string]string{"content/b.md": page("B", "2025-02-15")}, "ABC"},
		{"a date that moves the page", map[string]string{"content/b.md": page("B", "2025-04-01")}, "BAC"},
		{"a date equal to a neighbour's: by path", map[string]string{"content/c.md": page("C", "2025-03-01")}, "BAC"},
		{"two dates that cross", map[string]string{"content/a.md": page("A", "2025-01-02"), "content/c.md": page("C", "2025-03-02")}, "BCA"},
		{"the newest to the oldest", map[string]string{"content/b.md": page("B", "2024-01-01")}, "CAB"},
		{"a new page and a date that moves another across it", map[string]string{"content/b.md": page("B", "2025-12-01"), "content/d.md": page("D", "2025-02-01")},
			"BCDA"},
	}
	for _, tt := range tests {
		var changed []string
		for f, body := range tt.files {
			if err := os.WriteFile(filepath.Join(root, f), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			changed = append(changed, f)
		}
		slices.Sort(changed)
		n, err := s.Reload(changed)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		order := ""
		for _, p := range n.Pages {
			order += p.Title
		}
		if order != tt.order {
			t.Errorf("%s: order %s, want %s", tt.name, order, tt.order)
		}
		fresh, err := Load(root, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range fresh.Pages {
			if n.Pages[i].Path != p.Path || !n.Pages[i].Date.Equal(p.Date) {
				t.Errorf("%s: page %d is %s %v, a fresh load's %s %v", tt.name, i, n.Pages[i].Path, n.Pages[i].Date, p.Path, p.Date)
			}
		}
		// Placed without sorting the site (assemble).
		if again := *n; !again.reassemble(s, changed, nil) || !slices.Equal(again.Pages, n.Pages) {
			t.Errorf("%s: the site was sorted again, not the pages read placed", tt.name)
		}
		for _, p := range n.Pages {
			if !slices.Contains(changed, p.Path) && !slices.Contains(s.Pages, p) {
				t.Errorf("%s: %s is a new value, though it was not read again", tt.name, p.Path)
			}
		}
		s = n
	}
}

// TestReloadNewPageAndTags: a page added or removed, or tags taken or
// dropped (which a reload places without sorting the site when no check of
// tags across pages can say anything, else by assembling the site again):
// the order, the tags and the warnings are a fresh load's.
func TestReloadNewPageAndTags(t *testing.T) {
	page := func(title, date, tags string) string {
		return "---\ntitle: " + title + "\ndescription: d\ndate: " + date + "\ntags: [" + tags + "]\n---\n"
	}
	tests := []struct {
		name  string
		files map[string]string
		extra map[string]string // more files of the site before the reload
	}{
		{"a page in the middle", map[string]string{"content/n.md": page("N", "2025-02-15", "x")}, nil},
		{"the newest page, a new tag", map[string]string{"content/n.md": page("N", "2026-01-01", "x, fresh")}, nil},
		{"a page dated as another: by path", map[string]string{"content/bb.md": page("BB", "2025-02-01", "x")}, nil},
		{"a new page spelling a tag otherwise", map[string]string{"content/n.md": page("N", "2026-01-01", "X")}, nil},
		{"a page that takes a tag", map[string]string{"content/b.md": page("B", "2025-02-01", "x, y")}, nil},
		{"a page that takes a tag spelled otherwise", map[string]string{"content/b.md": page("B", "2025-02-01", "x, Y")}, nil},
		{"a page that drops a tag", map[string]string{"content/a.md": page("A", "2025-03-01", "")}, nil},
		{"a new draft", map[string]string{"content/d.md": "---\ntitle: D\ndraft: true\ndate: 2026-01-01\n---\n"}, nil},
		{"a page removed", map[string]string{"content/b.md": ""}, nil},
		{"the last page of a tag removed", map[string]string{"content/c.md": ""}, nil},
		{"a page removed, one added", map[string]string{"content/a.md": "", "content/n.md": page("N", "2026-01-01", "x")}, nil},
		{"the page of a tag spelled otherwise removed", map[string]string{"content/v.md": ""}, map[string]string{"content/v.md": page("V", "2024-01-01", "X")}},
		{"a page removed beside a tag spelled otherwise", map[string]string{"content/c.md": ""}, map[string]string{"content/v.md": page("V", "2024-01-01", "X")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"content/a.md": page("A", "2025-03-01", "x, y"), "content/b.md": page("B", "2025-02-01", "x"), "content/c.md": page("C", "2025-01-01", "y"),
			}
			maps.Copy(files, tt.extra)
			root := siteWith(t, files)
			s, err := Load(root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var changed []string
			for f, body := range tt.files {
				write := func() error { return os.WriteFile(filepath.Join(root, f), []byte(body), 0o644) }
				if body == "" {
					write = func() error { return os.Remove(filepath.Join(root, f)) }
				}
				if err := write(); err != nil {
					t.Fatal(err)
				}
				changed = append(changed, f)
			}
			slices.Sort(changed)
			n, err := s.Reload(changed)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := Load(root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(n.Pages) != len(fresh.Pages) {
				t.Fatalf("%d pages, a fresh load has %d", len(n.Pages), len(fresh.Pages))
			}
			for i, p := range fresh.Pages {
				if n.Pages[i].Path != p.Path || !slices.Equal(n.Pages[i].Tags, p.Tags) {
					t.Errorf("page %d is %s %q, a fresh load's %s %q", i, n.Pages[i].Path, n.Pages[i].Tags, p.Path, p.Tags)
				}
			}
			if n.Warnings.Error() != fresh.Warnings.Error() {
				t.Errorf("warnings %q, a fresh load's %q", n.Warnings.Error(), fresh.Warnings.Error())
			}
		})
	}
}
