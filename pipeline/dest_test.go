package pipeline

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/output"
)

// TestDestinations builds a site with --dest set to each kind of folder a
// typo or a link can name, and checks on the file system what the build
// did: refused before writing anything (with a message that names the
// folder and says what to do), or wrote the site; and in both cases kept
// every file that is not the build's own byte for byte.
//
// The layout, under a temporary root: the site in real/site, a link to it
// at link, a home folder (HOME) with someone's files.
func TestDestinations(t *testing.T) {
	someones := map[string]string{"Documents/thesis.tex": "\\documentclass{article}", "Documents/data.csv": "a,b\n1,2\n", ".bashrc": "alias ll='ls -l'"}
	tests := []struct {
		name   string
		source string                                 // relative to root; "" for real/site
		dest   func(t *testing.T, root string) string // lays out what it needs
		refuse string                                 // in the error; "" when the build goes on
		keep   []string                               // folders (relative to root) that must stay as they were, when it goes on
	}{
		{name: "the root of the file system", dest: func(t *testing.T, root string) string { return "/" }, refuse: "is the root of the file system"},
		{name: "the home folder (-d ~)", dest: func(t *testing.T, root string) string { return filepath.Join(root, "home") }, refuse: "is your home folder"},
		{name: "the folder holding the home folder", dest: func(t *testing.T, root string) string { return root }, refuse: "holds your home folder"},
		{name: "a folder of someone's files (-d ~/Documents)", dest: func(t *testing.T, root string) string { return filepath.Join(root, "home", "Documents") }, refuse: "already holds files that scalesite did not write"},
		{name: "the site", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site") }, refuse: "holds the site itself"},
		{name: "the folder holding the site", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real") }, refuse: "holds the site itself"},
		{name: "the site's .git", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site", ".git") }, refuse: "inside the site's .git folder"},
		{name: "a new folder in the site's .git", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site", ".git", "out") }, refuse: "inside the site's .git folder"},
		{name: "the site's content/", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site", "content") }, refuse: "inside the site's content/ folder"},
		{name: "a folder of the site's own files (scripts/)", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site", "scripts") }, refuse: "already holds files that scalesite did not write"},
		{name: "content/ reached through a link to the site", dest: func(t *testing.T, root string) string { return filepath.Join(root, "link", "content") }, refuse: "inside the site's content/ folder"},
		{name: "a link to the site", dest: func(t *testing.T, root string) string { return filepath.Join(root, "link") }, refuse: "is a symbolic link"},
		{name: "the real parent of a site given through a link", source: "link", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real") }, refuse: "holds the site itself"},
		{name: "the site, given through a link", source: "link", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site") }, refuse: "holds the site itself"},
		{name: "public/ a link out of the site to someone's folder", dest: func(t *testing.T, root string) string {
			p := filepath.Join(root, "real", "site", "public")
			sitetest.Symlink(t, filepath.Join(root, "home", "Documents"), p)
			return p
		}, refuse: "is a symbolic link"},
		{name: "a file", dest: func(t *testing.T, root string) string {
			p := filepath.Join(root, "notes.txt")
			writeSite(t, root, map[string]string{"notes.txt": "my notes"})
			return p
		}, refuse: "is a file, not a folder"},
		{name: "public/, new", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "site", "public") }},
		{name: "a new folder beside the site", dest: func(t *testing.T, root string) string { return filepath.Join(root, "real", "out") }},
		{name: "an empty folder", dest: func(t *testing.T, root string) string {
			p := filepath.Join(root, "empty")
			os.Mkdir(p, 0o755)
			return p
		}},
		{name: "an earlier output", dest: func(t *testing.T, root string) string {
			return earlierOutput(t, root)
		}},
		{name: "an earlier output with a file added by hand", dest: func(t *testing.T, root string) string {
			p := earlierOutput(t, root)
			writeSite(t, p, map[string]string{"CNAME": "example.org"})
			return p
		}},
		// A file the build wrote, changed since, is no longer provably
		// its own: it is not replaced.
		{name: "an earlier output with a file changed by hand", dest: func(t *testing.T, root string) string {
			p := earlierOutput(t, root)
			writeSite(t, p, map[string]string{"CNAME": "example.org", "index.html": "edited by hand"})
			return p
		}, refuse: `holds a file at "index.html" that scalesite did not write (or that was changed since)`},
		{name: "an earlier output with a .git inside", dest: func(t *testing.T, root string) string {
			p := earlierOutput(t, root)
			writeSite(t, p, map[string]string{".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/config": "[core]\n"})
			return p
		}, keep: []string{"real/site/public/.git"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			root := t.TempDir()
			home := filepath.Join(root, "home")
			writeSite(t, home, someones)
			t.Setenv("HOME", home)
			site := filepath.Join(root, "real", "site")
			writeSite(t, site, goodSite)
			writeSite(t, site, map[string]string{".git/HEAD": "ref: refs/heads/main\n", "scripts/deploy.sh": "#!/bin/sh\n"})
			sitetest.Symlink(t, site, filepath.Join(root, "link"))
			dest := tc.dest(t, root)
			source := site
			if tc.source != "" {
				source = filepath.Join(root, tc.source)
			}
			before := sitetest.Tree(t, root)

			_, err := Run(Options{Source: source, Dest: dest})

			after := sitetest.Tree(t, root)
			if tc.refuse != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refuse) || !strings.Contains(err.Error(), diag.Quote(dest)) {
					t.Fatalf("Run: error %v, want one naming %s and saying %q", err, diag.Quote(dest), tc.refuse)
				}
				if !maps.Equal(after, before) {
					t.Errorf("a refused build changed files:%s", sitetest.TreeDiff(after, before))
				}
				return
			}
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			// Only dest changed, and in it the user's files are kept.
			rel, _ := filepath.Rel(root, dest)
			rel = filepath.ToSlash(rel) + "/"
			for p, b := range before {
				if strings.HasPrefix(p, rel) && !kept(p, tc.keep) && p != rel+"CNAME" {
					continue
				}
				if after[p] != b {
					t.Errorf("%s changed or went: %q → %q", p, b, after[p])
				}
			}
			for p := range after {
				if _, ok := before[p]; !ok && !strings.HasPrefix(p, rel) {
					t.Errorf("%s was made outside the output folder", p)
				}
			}
			if after[rel+"index.html"] == "" || after[rel+"index.html"] == "edited by hand" || after[rel+output.MarkerName] == "" {
				t.Errorf("the output folder does not hold the site and its list of files")
			}
		})
	}
}

// earlierOutput builds the site into root/real/site/public and returns it.
func earlierOutput(t *testing.T, root string) string {
	t.Helper()
	p := filepath.Join(root, "real", "site", "public")
	if _, err := Run(Options{Source: filepath.Join(root, "real", "site"), Dest: p}); err != nil {
		t.Fatal(err)
	}
	return p
}

func kept(p string, folders []string) bool {
	for _, f := range folders {
		if strings.HasPrefix(p, f+"/") {
			return true
		}
	}
	return false
}
