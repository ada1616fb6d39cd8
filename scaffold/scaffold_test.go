package scaffold

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/site"
)

var siteData = SiteData{Title: `A "quoted" title: with colons`, Description: "Charts.", BaseURL: "/", Date: "2025-06-01",
	Scalesite: Build{Repository: DefaultRepository, Version: "v1.2.3"}}

func TestSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "blog")
	got, err := Site(dir, siteData)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".github/workflows/pages.yml", ".gitignore", "README.md",
		"content/first-chart/final.csv", "content/first-chart/index.md", "content/first-chart/runs.csv",
		"content/index.md", "scalesite.yaml",
	}
	if !slices.Equal(got, want) {
		t.Errorf("wrote %q, want %q", got, want)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if g := read(".gitignore"); !strings.Contains(g, "\npublic/\n") {
		t.Errorf(".gitignore = %q, want it to ignore public/", g)
	}
	if y := read("scalesite.yaml"); !strings.Contains(y, `baseURL: "/"`) {
		t.Errorf("scalesite.yaml = %q, want baseURL \"/\"", y)
	}
	if p := read("content/first-chart/index.md"); !strings.Contains(p, "date: 2025-06-01\n") {
		t.Errorf("the sample page is not dated 2025-06-01:\n%s", p)
	}

	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatalf("the new site does not load:\n%v", err)
	}
	if s.Config.Title != siteData.Title || s.Config.BasePath != "/" {
		t.Errorf("config title %q, base path %q; want %q and /", s.Config.Title, s.Config.BasePath, siteData.Title)
	}
	if len(s.Pages) != 1 || s.Home == nil {
		t.Fatalf("%d pages and home %v, want the sample page and a home page", len(s.Pages), s.Home)
	}
	p := s.Pages[0]
	if p.Slug != "first-chart" || len(p.Charts) != 2 {
		t.Fatalf("page %s with %d charts, want first-chart with 2", p.Slug, len(p.Charts))
	}
	line, scatter := s.Body(p).Charts[0], s.Body(p).Charts[1]
	if sp := line.Spec.Panels[0]; sp.Type != "line" || sp.X.Scale != "log" || len(line.Panels[0].Series) < 2 {
		t.Errorf("first chart: %s, x %s, %d series; want a log-x line chart with several series", sp.Type, sp.X.Scale, len(line.Panels[0].Series))
	}
	if sp := scatter.Spec.Panels[0]; sp.Type != "scatter" || sp.Label.Name == "" || scatter.Panels[0].Series[0].Notes.Label(scatter.Panels[0].Series[0].Points[0]) == "" {
		t.Errorf("second chart: %s with label %q; want a labelled scatter", sp.Type, sp.Label.Name)
	}
	// What a newcomer sees first must be clean, but for the warning that
	// the site's address is not known yet.
	relative := pipeline.RelativeURLs(s)
	if len(relative) != 1 {
		t.Errorf("a new site without its address should warn that its URLs are relative: %v", relative)
	}
	for _, w := range checkWarnings(t, dir) {
		if !slices.ContainsFunc(relative, func(r *diag.Error) bool { return r.Error() == w.Error() }) {
			t.Errorf("the new site has a warning: %s", w)
		}
	}
}

func TestSiteRefusesToOverwrite(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	full := filepath.Join(root, "full")
	os.MkdirAll(filepath.Join(full, "notes"), 0o755)
	os.WriteFile(filepath.Join(full, "a.txt"), nil, 0o644)
	empty := filepath.Join(root, "empty")
	os.MkdirAll(empty, 0o755)

	tests := []struct {
		dir, want string
	}{
		{full, "is not empty (it holds a.txt, notes)"},
		{file, "is a file"},
		{empty, ""},
	}
	for _, tc := range tests {
		t.Run(filepath.Base(tc.dir), func(t *testing.T) {
			before, _ := os.ReadDir(tc.dir)
			_, err := Site(tc.dir, siteData)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("an empty folder should take a new site: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if after, _ := os.ReadDir(tc.dir); len(after) != len(before) {
				t.Errorf("a refused site still wrote files: %d entries before, %d after", len(before), len(after))
			}
		})
	}
}

func TestPage(t *testing.T) {
	dir := t.TempDir()
	if _, err := Site(dir, siteData); err != nil {
		t.Fatal(err)
	}
	got, err := Page(dir, "2025/loss-curves", PageData{Title: TitleFromName("2025/loss-curves"), Date: Today(time.Date(2025, 7, 4, 23, 0, 0, 0, time.UTC))})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"data.csv", "index.md"}; !slices.Equal(got, want) {
		t.Errorf("wrote %q, want %q", got, want)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "content/2025/loss-curves/index.md"))
	for _, want := range []string{"\ntitle: \"Loss curves\"\n", "\ndate: 2025-07-04\n", "\ndescription: \"Replace this with one sentence", "\ntags: []\n", "```chart\n"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the new page lacks %q:\n%s", want, src)
		}
	}
	r, err := pipeline.Run(pipeline.Options{Source: dir, Dest: filepath.Join(t.TempDir(), "public")})
	if err != nil {
		t.Fatalf("the site with a new page does not build:\n%v", err)
	}
	if r.Pages != 3 || r.Charts != 3 {
		t.Errorf("built %d pages and %d charts, want 3 and 3", r.Pages, r.Charts)
	}
}

func TestPageRefuses(t *testing.T) {
	dir := t.TempDir()
	if _, err := Site(dir, siteData); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "content", "notes.md"), []byte("Notes.\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "content", "half"), 0o755)
	os.WriteFile(filepath.Join(dir, "content", "half", "data.csv"), []byte("a,b\n1,2\n"), 0o644)
	tests := []struct {
		root, name, want string
	}{
		{dir, "first-chart", "the page first-chart already exists"},
		{dir, "notes", "notes.md already exists and is published at the same address"},
		{dir, "half", "data.csv already exists: scalesite does not overwrite files"},
		{t.TempDir(), "x", "is not a scalesite site"},
		{dir, "", "the page needs a name"},
		{dir, "My Page", `use dashes, like my-page`},
		{dir, "notes.md", "give the name alone, like notes"},
		{dir, "../out", "is not a folder name under content/"},
		{dir, "/abs", "is not a folder name under content/"},
		{dir, "a//b", "is not a folder name under content/"},
		{dir, "tags", "is taken by the built site itself"},
		{dir, "assets/x", "is taken by the built site itself"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Page(tc.root, tc.name, PageData{Title: "T", Date: "2025-01-01"})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "content", "half", "data.csv")); string(b) != "a,b\n1,2\n" {
		t.Errorf("a refused page changed an existing file: %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "content", "half", "index.md")); err == nil {
		t.Errorf("a refused page still wrote index.md")
	}
}

// TestPageWritesOnlyInsideContent: scalesite new page never writes through
// a symbolic link that leads outside the site's content folder or to
// nothing, nor over or through a file that is a link; a link that stays
// inside content/ is followed.
func TestPageWritesOnlyInsideContent(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, content, outside string)
		page  string
		want  string // the error's text; "" for success
		wrote string // for success: the file written, relative to content/
	}{
		{"a folder that links outside the site", func(t *testing.T, content, outside string) {
			symlink(t, outside, filepath.Join(content, "posts"))
		}, "posts/x", "content/posts is a symbolic link to OUTSIDE, outside the site's content folder: scalesite new page writes only inside content/", ""},
		{"a link deeper on the way", func(t *testing.T, content, outside string) {
			os.MkdirAll(filepath.Join(content, "2025"), 0o755)
			symlink(t, outside, filepath.Join(content, "2025", "runs"))
		}, "2025/runs/x", "content/2025/runs is a symbolic link to OUTSIDE, outside the site's content folder", ""},
		{"a relative link climbing out", func(t *testing.T, content, outside string) {
			symlink(t, "../..", filepath.Join(content, "up"))
		}, "up/x", `content/up is a symbolic link to ../.., outside the site's content folder`, ""},
		{"a link to nothing", func(t *testing.T, content, outside string) {
			symlink(t, filepath.Join(outside, "gone"), filepath.Join(content, "dang"))
		}, "dang", "content/dang is a symbolic link to OUTSIDE/gone, which does not exist: scalesite new page writes only into folders inside content/", ""},
		{"a loop of links", func(t *testing.T, content, outside string) {
			symlink(t, "b", filepath.Join(content, "a"))
			symlink(t, "a", filepath.Join(content, "b"))
		}, "a/x", "content/a is a symbolic link to b, which cannot be followed", ""},
		{"index.md a link to nothing", func(t *testing.T, content, outside string) {
			os.MkdirAll(filepath.Join(content, "y"), 0o755)
			symlink(t, filepath.Join(outside, "new.md"), filepath.Join(content, "y", "index.md"))
		}, "y", "content/y/index.md already exists, as a symbolic link to OUTSIDE/new.md: scalesite does not overwrite files, nor write through links", ""},
		{"data.csv a link to a file outside", func(t *testing.T, content, outside string) {
			os.MkdirAll(filepath.Join(content, "h"), 0o755)
			os.WriteFile(filepath.Join(outside, "secret.csv"), []byte("keep\n"), 0o644)
			symlink(t, filepath.Join(outside, "secret.csv"), filepath.Join(content, "h", "data.csv"))
		}, "h", "content/h/data.csv already exists, as a symbolic link to OUTSIDE/secret.csv:", ""},
		{"a file where a folder goes", func(t *testing.T, content, outside string) {
			os.WriteFile(filepath.Join(content, "f"), []byte("x"), 0o644)
		}, "f/x", "content/f is a file, not a folder", ""},
		{"a link to a file where a folder goes", func(t *testing.T, content, outside string) {
			os.WriteFile(filepath.Join(content, "f.txt"), []byte("x"), 0o644)
			symlink(t, "f.txt", filepath.Join(content, "g"))
		}, "g/x", "content/g is a symbolic link to a file, not a folder", ""},
		{"a relative link inside content is followed", func(t *testing.T, content, outside string) {
			os.MkdirAll(filepath.Join(content, "real"), 0o755)
			symlink(t, "real", filepath.Join(content, "alias"))
		}, "alias/p", "", "real/p/index.md"},
		{"an absolute link inside content is followed", func(t *testing.T, content, outside string) {
			os.MkdirAll(filepath.Join(content, "real"), 0o755)
			symlink(t, filepath.Join(content, "real"), filepath.Join(content, "alias"))
		}, "alias/p", "", "real/p/index.md"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			if _, err := Site(dir, siteData); err != nil {
				t.Fatal(err)
			}
			content := filepath.Join(dir, "content")
			tc.setup(t, content, outside)
			before := tree(t, outside)
			_, err := Page(dir, tc.page, PageData{Title: "T", Date: "2025-01-01"})
			if tc.want == "" {
				if err != nil {
					t.Fatalf("error %v, want the page written", err)
				}
				if _, err := os.Stat(filepath.Join(content, filepath.FromSlash(tc.wrote))); err != nil {
					t.Errorf("%s was not written: %v", tc.wrote, err)
				}
			} else {
				want := strings.ReplaceAll(tc.want, "OUTSIDE", outside)
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("error %v\nwant one saying %s", err, want)
				}
			}
			if after := tree(t, outside); !slices.Equal(after, before) {
				t.Errorf("the folder outside the site changed:\nbefore %q\nafter  %q", before, after)
			}
		})
	}
}

// TestSiteLinks: a new site's folder may be a link to an empty folder,
// which takes the site; a link to nothing, or to a folder that is not
// empty, is refused, and nothing is written.
func TestSiteLinks(t *testing.T) {
	root := t.TempDir()
	empty := filepath.Join(root, "empty")
	os.Mkdir(empty, 0o755)
	full := filepath.Join(root, "full")
	os.Mkdir(full, 0o755)
	os.WriteFile(filepath.Join(full, "keep.txt"), []byte("keep"), 0o644)
	symlink(t, empty, filepath.Join(root, "to-empty"))
	symlink(t, full, filepath.Join(root, "to-full"))
	symlink(t, filepath.Join(root, "gone"), filepath.Join(root, "to-nothing"))

	if _, err := Site(filepath.Join(root, "to-empty"), siteData); err != nil {
		t.Errorf("a link to an empty folder: %v", err)
	} else if _, err := os.Stat(filepath.Join(empty, "scalesite.yaml")); err != nil {
		t.Errorf("the site is not in the folder the link names: %v", err)
	}
	_, err := Site(filepath.Join(root, "to-full"), siteData)
	if err == nil || !strings.Contains(err.Error(), "is not empty (it holds keep.txt)") {
		t.Errorf("a link to a full folder: error %v", err)
	}
	if got := tree(t, full); !slices.Equal(got, []string{"keep.txt"}) {
		t.Errorf("the full folder now holds %q", got)
	}
	_, err = Site(filepath.Join(root, "to-nothing"), siteData)
	if want := "to-nothing is a symbolic link to " + filepath.Join(root, "gone") + ", which does not exist: name a new folder for the site"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a link to nothing: error %v, want one saying %s", err, want)
	}
	if _, err := os.Lstat(filepath.Join(root, "gone")); err == nil {
		t.Errorf("a refused site made the folder its link names")
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// tree lists the files and folders under dir, slash-separated.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

func TestTitleFromName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"blog", "Blog"},
		{"loss-curves", "Loss curves"},
		{"2025/scaling_laws", "Scaling laws"},
		{"/home/me/my-site/", "My site"},
		{"", "My site"},
		{".", "My site"},
	}
	for _, tc := range tests {
		if got := TitleFromName(tc.in); got != tc.want {
			t.Errorf("TitleFromName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"", "/", ""},
		{" / ", "/", ""},
		{"https://someone.github.io/blog/", "https://someone.github.io/blog/", ""},
		{"https://someone.github.io/blog", "https://someone.github.io/blog/", ""},
		{"http://example.org", "http://example.org/", ""},
		{"  https://example.org/a/b  ", "https://example.org/a/b/", ""},
		{"someone.github.io/blog", "", "has no https:// in front: write https://someone.github.io/blog"},
		{"/blog/", "", "is only a path: give the whole address"},
		{"ftp://example.org/", "", "is not an http or https address"},
		{"https:///blog/", "", "has no host"},
		{"https://example.org/?q=1", "", "is not a web address"},
		{"https://example.org/a b/", "", "is not a web address"},
		{"https://user:pw@example.org/", "", "is not a web address"},
	}
	for _, tc := range tests {
		got, err := BaseURL(tc.in)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("BaseURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("BaseURL(%q) = %q, %v; want an error saying %q", tc.in, got, err, tc.err)
		}
	}
}

// TestSiteWithBaseURL writes a site with its address: scalesite.yaml holds
// it, and the site loads with absolute URLs.
func TestSiteWithBaseURL(t *testing.T) {
	dir := t.TempDir()
	d := siteData
	d.BaseURL = "https://someone.github.io/blog/"
	if _, err := Site(dir, d); err != nil {
		t.Fatal(err)
	}
	y, _ := os.ReadFile(filepath.Join(dir, "scalesite.yaml"))
	if !strings.Contains(string(y), "\nbaseURL: \"https://someone.github.io/blog/\"\n") {
		t.Errorf("scalesite.yaml lacks the address:\n%s", y)
	}
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Config.Origin() != "https://someone.github.io" || s.Config.BasePath != "/blog/" {
		t.Errorf("origin %q, base path %q; want https://someone.github.io and /blog/", s.Config.Origin(), s.Config.BasePath)
	}
	// Under its sub-path the site has no robots.txt, and its scalesite.yaml
	// says it knows (quiet: [robots-sub-path]).
	for _, w := range checkWarnings(t, dir) {
		t.Errorf("the new site with its address has a warning: %s", w)
	}
}

// checkWarnings is every warning scalesite check prints about the site in
// dir.
func checkWarnings(t *testing.T, dir string) diag.List {
	t.Helper()
	s, out, err := pipeline.Render(dir, site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pipeline.Summarize(s, out).Warnings
}

// TestCreateNewNeverReplaces: the one call by which scalesite new writes a
// file creates it only when nothing is there (O_EXCL through os.Root): a
// file, a link to a file, or a link to nothing made at that name after
// the check (in a race) is refused and left as it is, and nothing is
// written through the link.
func TestCreateNewNeverReplaces(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, dir, outside string)
	}{
		{"nothing there", func(t *testing.T, dir, outside string) {}},
		{"a file", func(t *testing.T, dir, outside string) {
			os.WriteFile(filepath.Join(dir, "index.md"), []byte("mine"), 0o644)
		}},
		{"a link to a file", func(t *testing.T, dir, outside string) {
			os.WriteFile(filepath.Join(outside, "secret.md"), []byte("mine"), 0o644)
			os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(dir, "index.md"))
		}},
		{"a link to nothing", func(t *testing.T, dir, outside string) {
			os.Symlink(filepath.Join(outside, "new.md"), filepath.Join(dir, "index.md"))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			tc.make(t, dir, outside)
			root, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			err = createNew(root, "index.md", "content/x/index.md", []byte("new page"))
			b, _ := os.ReadFile(filepath.Join(dir, "index.md"))
			if tc.name == "nothing there" {
				if err != nil || string(b) != "new page" {
					t.Fatalf("%q, %v", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), "content/x/index.md already exists: scalesite does not overwrite files") {
				t.Errorf("error %v; want one naming the file", err)
			}
			if string(b) == "new page" {
				t.Errorf("the page was written over what was there")
			}
			if names, _ := os.ReadDir(outside); len(names) > 1 || len(names) == 1 && names[0].Name() != "secret.md" {
				t.Errorf("written outside: %v", names)
			}
			if b, err := os.ReadFile(filepath.Join(outside, "secret.md")); err == nil && string(b) != "mine" {
				t.Errorf("the link's target now holds %q", b)
			}
		})
	}
}
