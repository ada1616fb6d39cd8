package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

func TestRelativeURLs(t *testing.T) {
	tests := []struct {
		name    string
		config  string // scalesite.yaml, or "" for none
		baseURL string // --base-url, or ""
		warn    string // in the warning, or "" for none
	}{
		{"no config", "", "", `scalesite.yaml: baseURL "/" is only a path`},
		{"root path", "baseURL: /\n", "", `baseURL "/" is only a path, so the sitemap, robots.txt, the feed and the pages' canonical links are relative`},
		{"sub-path", "baseURL: /repo/\n", "", `baseURL "/repo/" is only a path`},
		{"full address", "baseURL: https://u.github.io/repo/\n", "", ""},
		{"full address, no slash", "baseURL: https://example.org\n", "", ""},
		{"flag gives the address", "baseURL: /\n", "https://u.github.io/repo/", ""},
		{"flag gives a path", "baseURL: https://u.github.io/repo/\n", "/repo/", `baseURL "/repo/" is only a path`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"content/index.md": "Home.\n"}
			if tc.config != "" {
				files["scalesite.yaml"] = tc.config
			}
			s, err := site.Load(sitetest.New(t, files), site.Options{BaseURL: tc.baseURL})
			if err != nil {
				t.Fatal(err)
			}
			got := RelativeURLs(s)
			if tc.warn == "" {
				if len(got) > 0 {
					t.Errorf("warned %v for a full address", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Error(), tc.warn) || !strings.Contains(got[0].Error(), "--base-url https://USER.github.io/REPO/") {
				t.Errorf("warnings %v, want one saying %q and how to fix it", got, tc.warn)
			}
		})
	}
}

// TestRelativeURLsMatchOutput checks the warning against what a build
// writes: with a path for a base URL the sitemap and robots.txt hold
// relative addresses, with a full one absolute addresses (robots.txt is
// written only at the host's root: TestRobotsOnlyAtTheHostRoot).
func TestRelativeURLsMatchOutput(t *testing.T) {
	for _, baseURL := range []string{"/", "/repo/", "https://u.github.io/repo/", "https://u.github.io/"} {
		dir := sitetest.New(t, map[string]string{"content/index.md": "Home.\n", "content/a.md": "---\ntitle: A\n---\nA.\n"})
		dest := filepath.Join(t.TempDir(), "public")
		if _, err := Run(Options{Source: dir, Dest: dest, Options: site.Options{BaseURL: baseURL}}); err != nil {
			t.Fatal(err)
		}
		robots, err := os.ReadFile(filepath.Join(dest, "robots.txt"))
		sitemap, _ := os.ReadFile(filepath.Join(dest, "sitemap.xml"))
		absolute := (err != nil || strings.Contains(string(robots), "Sitemap: https://")) && strings.Contains(string(sitemap), "<loc>https://")
		s, err := site.Load(dir, site.Options{BaseURL: baseURL})
		if err != nil {
			t.Fatal(err)
		}
		if warned := len(RelativeURLs(s)) > 0; warned == absolute {
			t.Errorf("base URL %s: warned %v, but robots.txt %q and the sitemap's addresses absolute: %v", baseURL, warned, robots, absolute)
		}
	}
}

// TestRobotsOnlyAtTheHostRoot: a site at its host's root gets a robots.txt;
// one under a sub-path gets none, since crawlers read only /robots.txt,
// and the build says so once (robots-sub-path), unless the site's quiet:
// accepts it.
func TestRobotsOnlyAtTheHostRoot(t *testing.T) {
	tests := []struct {
		baseURL string
		quiet   bool // scalesite.yaml has quiet: [robots-sub-path]
		robots  bool // robots.txt is written
		warned  bool
	}{
		{"https://example.org/", false, true, false},
		{"https://u.github.io", false, true, false},
		{"/", false, true, false},
		{"https://u.github.io/scaling-notes/", false, false, true},
		{"/scaling-notes/", false, false, true},
		{"https://u.github.io/a/b/", false, false, true},
		{"https://u.github.io/scaling-notes/", true, false, false},
	}
	for _, tc := range tests {
		config := "title: T\ndescription: A site.\nbaseURL: " + tc.baseURL + "\n"
		if tc.quiet {
			config += "quiet: [robots-sub-path]\n"
		}
		dir := sitetest.New(t, map[string]string{"scalesite.yaml": config, "content/index.md": "Home.\n", "content/a.md": "---\ntitle: A\ndescription: A.\n---\nA.\n"})
		dest := filepath.Join(t.TempDir(), "public")
		r, err := Run(Options{Source: dir, Dest: dest})
		if err != nil {
			t.Fatal(err)
		}
		_, statErr := os.Stat(filepath.Join(dest, "robots.txt"))
		if robots := statErr == nil; robots != tc.robots {
			t.Errorf("%s (quiet %v): robots.txt written %v, want %v", tc.baseURL, tc.quiet, robots, tc.robots)
		}
		var named []string
		for _, w := range r.Warnings {
			if w.Name == "robots-sub-path" {
				named = append(named, w.Warning())
			}
		}
		if warned := len(named) > 0; warned != tc.warned || len(named) > 1 {
			t.Errorf("%s (quiet %v): warnings %q, want one robots-sub-path warning: %v", tc.baseURL, tc.quiet, named, tc.warned)
		}
		if tc.warned && !strings.Contains(named[0], "crawlers read only /robots.txt at the host's root") {
			t.Errorf("%s: the warning %q does not say why", tc.baseURL, named[0])
		}
	}
}
