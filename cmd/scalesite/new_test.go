package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/build"
)

// TestNewSiteAndPage runs `scalesite new site`, `new page`, `check` and
// `build` as a newcomer would, and builds the result.
func TestNewSiteAndPage(t *testing.T) {
	now = func() time.Time { return time.Date(2025, 8, 9, 10, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { now = time.Now })
	dir := filepath.Join(t.TempDir(), "my-blog")

	code, stdout, stderr := runCmd("new", "site", dir)
	if code != 0 {
		t.Fatalf("new site: exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"scalesite.yaml", "content/index.md", "content/first-chart/index.md", "content/first-chart/runs.csv", "content/first-chart/final.csv", ".gitignore", ".github/workflows/pages.yml"} {
		if !strings.Contains(stdout, "wrote "+filepath.Join(dir, filepath.FromSlash(f))+"\n") {
			t.Errorf("new site did not say it wrote %s:\n%s", f, stdout)
		}
	}
	if y, _ := os.ReadFile(filepath.Join(dir, "scalesite.yaml")); !strings.Contains(string(y), `title: "My blog"`) {
		t.Errorf("the title comes from the folder's name; scalesite.yaml:\n%s", y)
	}
	if w, _ := os.ReadFile(filepath.Join(dir, ".github/workflows/pages.yml")); !strings.Contains(string(w), "SCALESITE_REF: main\n") {
		t.Errorf("a development build of scalesite should pin its workflow to main:\n%s", w)
	}

	r, err := build.Run(build.Options{Source: dir, Dest: filepath.Join(t.TempDir(), "public")})
	if err != nil {
		t.Fatalf("the new site does not build:\n%v", err)
	}
	if r.Pages != 2 || r.Charts != 2 || len(r.Warnings) != 0 {
		t.Errorf("built %d pages, %d charts, warnings %v; want 2 pages (home, first-chart), 2 charts, no warnings", r.Pages, r.Charts, r.Warnings)
	}

	code, stdout, stderr = runCmd("new", "page", "loss-curves", "--source", dir)
	if code != 0 {
		t.Fatalf("new page: exit %d\n%s", code, stderr)
	}
	page := filepath.Join(dir, "content", "loss-curves", "index.md")
	if !strings.Contains(stdout, "wrote "+page+"\n") || !strings.Contains(stdout, "wrote "+filepath.Join(dir, "content", "loss-curves", "data.csv")+"\n") {
		t.Errorf("new page output:\n%s", stdout)
	}
	src, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"---\ntitle: \"Loss curves\"\ndate: 2025-08-09\ndescription: \"Replace this with", "\ntags: []\n---\n", "```chart\n", "data: data.csv"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the new page lacks %q:\n%s", want, src)
		}
	}
	// Flags may come before the name too; and with a folder in the name.
	if code, _, stderr := runCmd("new", "page", "-s", dir, "content/2025/sweep/"); code != 0 {
		t.Fatalf("new page with a nested name: exit %d\n%s", code, stderr)
	}

	code, stdout, stderr = runCmd("check", "--source", dir)
	if code != 0 || stderr != "" || stdout != "checked 4 pages, 4 charts: 0 errors, 0 warnings\n" {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want a clean site of 4 pages and 4 charts", code, stdout, stderr)
	}
	public := filepath.Join(t.TempDir(), "public")
	code, stdout, stderr = runCmd("build", "--source", dir, "--dest", public, "--base-url", "https://someone.github.io/my-blog/")
	if code != 0 || !strings.HasPrefix(stdout, "built 4 pages, 4 charts, ") {
		t.Fatalf("build: exit %d, stdout %q\n%s", code, stdout, stderr)
	}
	for _, f := range []string{"index.html", "first-chart/index.html", "first-chart/runs.csv", "loss-curves/index.html", "loss-curves/data.csv", "2025/sweep/index.html"} {
		if _, err := os.Stat(filepath.Join(public, filepath.FromSlash(f))); err != nil {
			t.Errorf("the built site lacks %s", f)
		}
	}
	home, _ := os.ReadFile(filepath.Join(public, "index.html"))
	for _, link := range []string{`href="/my-blog/first-chart/"`, `href="/my-blog/loss-curves/"`} {
		if !strings.Contains(string(home), link) {
			t.Errorf("the home page does not link %s", link)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	full := site(t, map[string]string{"notes.txt": "mine"})
	siteDir := filepath.Join(t.TempDir(), "s")
	if code, _, stderr := runCmd("new", "site", siteDir); code != 0 {
		t.Fatal(stderr)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"non-empty folder", []string{"new", "site", full}, 1, "is not empty (it holds notes.txt): a new site goes into a new or empty folder"},
		{"site without folder", []string{"new", "site"}, 2, "scalesite new site: missing DIR"},
		{"two folders", []string{"new", "site", "a", "b"}, 2, `unexpected argument "b"`},
		{"existing page", []string{"new", "page", "first-chart", "--source", siteDir}, 1, "error: the page first-chart already exists"},
		{"page without name", []string{"new", "page", "--source", siteDir}, 2, "scalesite new page: missing NAME"},
		{"page name with spaces", []string{"new", "page", "Loss curves", "--source", siteDir}, 1, "use dashes, like loss-curves"},
		{"page outside a site", []string{"new", "page", "x", "--source", full}, 1, "is not a scalesite site"},
		{"unknown kind", []string{"new", "post", "x"}, 2, `scalesite new: unknown kind "post"`},
		{"nothing", []string{"new"}, 2, "scalesite new site DIR"},
		{"bad flag", []string{"new", "page", "x", "--sauce", "y"}, 2, "flag provided but not defined: -sauce"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, tc.code, tc.stderr)
			}
			if strings.Contains(stdout, "wrote") {
				t.Errorf("a refused command wrote files:\n%s", stdout)
			}
		})
	}
	if entries, _ := os.ReadDir(full); len(entries) != 1 {
		t.Errorf("the non-empty folder was changed: %d entries", len(entries))
	}
}

func TestNewHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"new", "--help"}, "scalesite new page NAME [--source DIR]"},
		{[]string{"new", "site", "--help"}, "Usage: scalesite new site DIR [flags]"},
		{[]string{"new", "page", "-h"}, "--source folder"},
		{[]string{"check", "--help"}, "Usage: scalesite check [flags]"},
		{[]string{"help", "check"}, "--drafts"},
		{[]string{"help"}, "check     check the site"},
		{[]string{"help"}, "new       start a new site"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args...)
			if code != 0 || stderr != "" || !strings.Contains(stdout, tc.want) {
				t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant 0 and %q on stdout", code, stderr, stdout, tc.want)
			}
		})
	}
}

func TestReleaseRef(t *testing.T) {
	defer func(v string) { version = v }(version)
	tests := []struct{ version, want string }{
		{"v1.2.3", "v1.2.3"},
		{"v0.4.0-rc.1", "v0.4.0-rc.1"},
		{"v1.2.3-4-gabcdef0", "main"},
		{"v1.2.3-dirty", "main"},
		{"abcdef0", "main"},
		{"test", "main"},
		{"dev", "main"},
	}
	for _, tc := range tests {
		version = tc.version
		if got := releaseRef(); got != tc.want {
			t.Errorf("version %s: ref %s, want %s", tc.version, got, tc.want)
		}
	}
}
