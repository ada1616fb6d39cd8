package main

import (
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/pipeline"
	"github.com/scalesite/scalesite/scaffold"
)

// TestNewSiteAndPage runs `scalesite new site`, `new page`, `check` and
// `build` as a newcomer would, and builds the result.
func TestNewSiteAndPage(t *testing.T) {
	now = func() time.Time { return time.Date(2025, 8, 9, 10, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { now = time.Now })
	typing(t, "")
	dir := filepath.Join(t.TempDir(), "my-blog")

	code, stdout, stderr := runCmd("new", "site", dir, "--base-url", "https://someone.github.io/my-blog/")
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
	if w, _ := os.ReadFile(filepath.Join(dir, ".github/workflows/pages.yml")); !strings.Contains(string(w), "# A development build of scalesite (not a release) wrote this workflow") || !strings.Contains(string(w), "\n  SCALESITE_REF: ") {
		t.Errorf("a development build of scalesite should write a workflow that says so and installs it from source:\n%s", w)
	}
	if y, _ := os.ReadFile(filepath.Join(dir, "scalesite.yaml")); !strings.Contains(string(y), "\nbaseURL: \"https://someone.github.io/my-blog/\"\n") {
		t.Errorf("scalesite.yaml lacks the address given with --base-url:\n%s", y)
	}
	if !strings.Contains(stdout, "\n\t"+commandName()+" build       # writes the site into public/\n") {
		t.Errorf("new site should say how to run this scalesite (%s) next:\n%s", commandName(), stdout)
	}

	r, err := pipeline.Run(pipeline.Options{Source: dir, Dest: filepath.Join(t.TempDir(), "public")})
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
	typing(t, "")
	full := site(t, map[string]string{"notes.txt": "mine"})
	siteDir := filepath.Join(t.TempDir(), "s")
	if code, _, stderr := runCmd("new", "site", siteDir); code != 0 {
		t.Fatal(stderr)
	}
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(siteDir, "content", "posts")); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(t.TempDir(), "site-link")
	if err := os.Symlink(filepath.Join(elsewhere, "gone"), dangling); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"non-empty folder", []string{"new", "site", full}, 1, "is not empty (it holds notes.txt): a new site goes into a new or empty folder"},
		{"a link to nothing for a site", []string{"new", "site", dangling}, 1, "site-link is a symbolic link to " + filepath.Join(elsewhere, "gone") + ", which does not exist: name a new folder for the site"},
		{"page through a link outside content", []string{"new", "page", "posts/x", "--source", siteDir}, 1, "content/posts is a symbolic link to " + elsewhere + ", outside the site's content folder"},
		{"site without folder", []string{"new", "site"}, 2, "scalesite new site: missing DIR"},
		{"two folders", []string{"new", "site", "a", "b"}, 2, `unexpected argument "b"`},
		{"existing page", []string{"new", "page", "first-chart", "--source", siteDir}, 1, "error: the page first-chart already exists"},
		{"page without name", []string{"new", "page", "--source", siteDir}, 2, "scalesite new page: missing NAME"},
		{"page name with spaces", []string{"new", "page", "Loss curves", "--source", siteDir}, 1, "use dashes, like loss-curves"},
		{"page outside a site", []string{"new", "page", "x", "--source", full}, 1, "is not a scalesite site"},
		{"unknown kind", []string{"new", "post", "x"}, 2, `scalesite new: unknown kind "post"`},
		{"nothing", []string{"new"}, 2, "scalesite new site DIR"},
		{"bad flag", []string{"new", "page", "x", "--sauce", "y"}, 2, "flag provided but not defined: -sauce"},
		{"path for address", []string{"new", "site", filepath.Join(t.TempDir(), "x"), "--base-url", "/blog/"}, 2, "--base-url: the site's address \"/blog/\" is only a path"},
		{"address without scheme", []string{"new", "site", filepath.Join(t.TempDir(), "x"), "--base-url", "me.github.io/blog"}, 2, "has no https:// in front: write https://me.github.io/blog"},
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
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("scalesite new wrote outside the site, through a link: %d entries in %s", len(entries), elsewhere)
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

// typing makes standard input a terminal on which the person types input,
// for the test; "" means no terminal (as in CI).
func typing(t *testing.T, input string) {
	t.Helper()
	old := terminal
	t.Cleanup(func() { terminal = old })
	terminal = func() (io.Reader, bool) {
		if input == "" {
			return nil, false
		}
		return strings.NewReader(input), true
	}
}

// TestNewSiteBaseURL gives the site's address with --base-url, or types
// it when asked, and checks scalesite.yaml and a build with it.
func TestNewSiteBaseURL(t *testing.T) {
	const ask = "The site's address, where it will be published"
	tests := []struct {
		name  string
		flag  string // --base-url, if not ""
		typed string // typed at the terminal, if not ""
		want  string // baseURL in scalesite.yaml
		says  []string
	}{
		{name: "flag", flag: "https://me.github.io/blog", want: "https://me.github.io/blog/"},
		{name: "no terminal", want: "/", says: []string{"set baseURL in scalesite.yaml or pass --base-url"}},
		{name: "typed", typed: "https://me.github.io/blog/\n", want: "https://me.github.io/blog/", says: []string{ask}},
		{name: "typed again", typed: "me.github.io/blog\n/blog/\nhttps://example.org\n", want: "https://example.org/",
			says: []string{ask, "The site's address \"me.github.io/blog\" has no https:// in front: write https://me.github.io/blog\nThe site's address (Enter to leave it for later): ", "is only a path"}},
		{name: "left for later", typed: "\n", want: "/", says: []string{ask, "set baseURL in scalesite.yaml or pass --base-url"}},
		{name: "input ends", typed: "https://me", want: "https://me/"},
		{name: "flag wins over the terminal", flag: "https://a.org/", typed: "https://b.org/\n", want: "https://a.org/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			typing(t, tc.typed)
			dir := filepath.Join(t.TempDir(), "site")
			args := []string{"new", "site", dir}
			if tc.flag != "" {
				args = append(args, "--base-url", tc.flag)
			}
			code, stdout, stderr := runCmd(args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			y, _ := os.ReadFile(filepath.Join(dir, "scalesite.yaml"))
			if !strings.Contains(string(y), "\nbaseURL: \""+tc.want+"\"\n") {
				t.Errorf("scalesite.yaml does not hold baseURL %q:\n%s", tc.want, y)
			}
			for _, s := range tc.says {
				if !strings.Contains(stdout, s) {
					t.Errorf("new site did not say %q:\n%s", s, stdout)
				}
			}
			if tc.typed == "" && strings.Contains(stdout, ask) {
				t.Errorf("new site asked for the address without a terminal:\n%s", stdout)
			}
			if tc.want == "/" {
				return
			}
			public := filepath.Join(t.TempDir(), "public")
			if code, _, stderr := runCmd("build", "--source", dir, "--dest", public); code != 0 {
				t.Fatalf("build: exit %d\n%s", code, stderr)
			}
			robots, err := os.ReadFile(filepath.Join(public, "robots.txt"))
			u, _ := url.Parse(tc.want)
			switch {
			case u.Path != "/" && err == nil:
				// Crawlers read robots.txt only at the host's root.
				t.Errorf("a site under the sub-path %s wrote robots.txt:\n%s", u.Path, robots)
			case u.Path == "/" && !strings.Contains(string(robots), "Sitemap: "+tc.want+"sitemap.xml\n"):
				t.Errorf("robots.txt does not name the sitemap at the site's address %s:\n%s", tc.want, robots)
			}
		})
	}
}

func TestCommandName(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	t.Setenv("PATH", t.TempDir())
	if got := commandName(); got != exe && got != strconv.Quote(exe) {
		t.Errorf("with scalesite not on PATH, commandName() = %q, want this binary's path %q", got, exe)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "scalesite")); err != nil {
		t.Skip(err)
	}
	t.Setenv("PATH", bin)
	if got := commandName(); got != "scalesite" {
		t.Errorf("with this binary on PATH as scalesite, commandName() = %q, want scalesite", got)
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "scalesite"), []byte("#!/bin/sh\n"), 0o755)
	t.Setenv("PATH", other)
	if got := commandName(); got == "scalesite" {
		t.Errorf("with another scalesite on PATH, commandName() = scalesite, want this binary's path")
	}
}

func TestBuildOf(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	info := func(main, goVersion string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{GoVersion: goVersion}
		bi.Main.Version = main
		for i := 0; i+1 < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	dev := func(commit string, modified bool, goVersion string) scaffold.Build {
		return scaffold.Build{Repository: scaffold.DefaultRepository, Commit: commit, Modified: modified, Go: goVersion}
	}
	release := func(v string) scaffold.Build {
		return scaffold.Build{Repository: scaffold.DefaultRepository, Version: v, Go: "stable"}
	}
	tests := []struct {
		name    string
		version string
		info    *debug.BuildInfo
		want    scaffold.Build
	}{
		{"make release", "v1.2.3", info("(devel)", "go1.26.8"), release("v1.2.3")},
		{"release candidate", "v0.4.0-rc.1", nil, release("v0.4.0-rc.1")},
		{"go install @v1.2.3", "dev", info("v1.2.3", "go1.26.8"), release("v1.2.3")},
		{"go install @commit", "dev", info("v0.0.0-20250601120000-0123456789ab", "go1.26.8"), dev("0123456789ab", false, "1.26.8")},
		{"go install @commit after a tag", "dev", info("v1.2.4-0.20250601120000-0123456789ab", "go1.26.1"), dev("0123456789ab", false, "1.26.1")},
		{"go build in a clone", "dev", info("v0.0.0-20250601120000-0123456789ab+dirty", "go1.26.8", "vcs.revision", rev, "vcs.modified", "true"), dev(rev, true, "1.26.8")},
		{"make build between tags", "v1.2.3-4-gabcdef0", info("(devel)", "go1.26.8", "vcs.revision", rev, "vcs.modified", "false"), dev(rev, false, "1.26.8")},
		{"make build of a changed tag", "v1.2.3-dirty", info("(devel)", "go1.26.8", "vcs.revision", rev, "vcs.modified", "true"), dev(rev, true, "1.26.8")},
		{"go build of a changed tag, as Go stamps it", "dev", info("v1.2.3+dirty", "go1.26.8", "vcs.revision", rev, "vcs.modified", "true"), dev(rev, true, "1.26.8")},
		{"no commit known", "dev", info("(devel)", "go1.27rc1"), dev("", false, "stable")},
		{"no build info", "dev", nil, dev("", false, "stable")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := buildOf(tc.version, tc.info); got != tc.want {
				t.Errorf("buildOf(%q) = %+v, want %+v", tc.version, got, tc.want)
			}
		})
	}
}
