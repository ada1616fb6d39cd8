package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	// At the host's root: a site under a sub-path is told it has no robots.txt.
	const config = "title: T\ndescription: A site.\nbaseURL: https://u.github.io/\n"
	clean := map[string]string{
		"scalesite.yaml": config,
		"content/a.md":   "---\ntitle: A\ndescription: Page A.\n---\n```chart\ndata: |\n  x,y\n  1,2\n  2,3\nx: x\ny: y\n```\n",
	}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range clean {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name   string
		files  map[string]string
		args   []string
		code   int
		stdout string
		stderr string // exactly
	}{
		{
			name:   "clean",
			files:  clean,
			stdout: "checked 1 page, 1 chart: 0 errors, 0 warnings\n",
		},
		{
			name: "warnings only",
			files: with(map[string]string{
				"content/b.md":  "---\ntitle: B\n---\n```chart\ntype: scatter\ndata: b.csv\nx: x\ny: y\nlabel: name\n```\n",
				"content/b.csv": "name,x,y\nfirst,1,1\nsecond,1.01,1.01\nthird,100,100\nfourth,,5\n",
			}),
			stdout: "checked 2 pages, 2 charts: 0 errors, 3 warnings\n",
			stderr: "warning[missing-values]: content/b.csv:5: 1 row left out of the chart at content/b.md:5:1 because of missing values (blank or NA) on line 5\n" +
				"warning[no-description]: content/b.md:1: \"B\" has no description: add a line like \"description: One sentence on what the charts show.\" to its front matter; it is shown under the title in the page list and in search results and link previews\n" +
				"warning[crowded-labels]: content/b.md:5: 2 of the 3 point labels stand too close to another to sit beside their points (\"first\", \"second\"): scalesite moves them around their points (with a leader line) and hides those it cannot place, which show on hover; a taller chart (height:), a wider axis range (min:, max:) or fewer labels (label: {field: ..., only: frontier} labels the frontier, the other points keep their names on hover) would show more\n",
		},
		{
			name: "every error, not only the first",
			files: with(map[string]string{
				"content/b.md":  "---\ntitel: B\n---\n```chart\ndata: b.csv\nx: x\ny: why\n```\n",
				"content/b.csv": "x,y\n1,2\n2,3\n",
				"content/e.md":  "```chart\ndata: e.csv\nx: x\ny: y\n```\n",
				"content/e.csv": "x,y\n1,2\n2,oops\n",
				"content/c.md":  "```chart\ndata: |\n  x,y\n  1,2\nx: x\ny: y\nserie: x\n```\n",
			}),
			code:   1,
			stdout: "checked 4 pages: 4 errors\n",
			stderr: "error: content/b.md:2:1: unknown key \"titel\" in the front matter — did you mean \"title\"?\n" +
				"error: content/b.md:7:4: y column \"why\" is not in content/b.csv (its columns: \"x\", \"y\") — did you mean \"y\"?\n" +
				"error: content/c.md:7:1: unknown key \"serie\" — did you mean \"series\"?\n" +
				"error: content/e.csv:3:3: \"oops\" in column \"y\" is not a number\n",
		},
		{
			name: "quiet in a chart and in scalesite.yaml",
			files: with(map[string]string{
				"scalesite.yaml": config + "quiet: [no-description]\n",
				"content/b.md":   "---\ntitle: B\n---\n```chart\ntype: scatter\ndata: b.csv\nx: x\ny: y\nlabel: name\nquiet: [crowded-labels]\n```\n",
				"content/b.csv":  "name,x,y\nfirst,1,1\nsecond,1.01,1.01\nthird,100,100\nfourth,,5\n",
			}),
			stdout: "checked 2 pages, 2 charts: 0 errors, 1 warning\n",
			stderr: "warning[missing-values]: content/b.csv:5: 1 row left out of the chart at content/b.md:5:1 because of missing values (blank or NA) on line 5\n",
		},
		{
			name: "--strict counts warnings as errors",
			files: with(map[string]string{
				"content/b.md":  "---\ntitle: B\ndescription: B.\n---\n```chart\ndata: b.csv\nx: x\ny: y\n```\n",
				"content/b.csv": "x,y\n1,2\n2,\n3,4\n",
			}),
			args:   []string{"--strict"},
			code:   1,
			stdout: "checked 2 pages, 2 charts: 1 error (warnings, under --strict)\n",
			stderr: "error[missing-values]: content/b.csv:3: 1 row left out of the chart at content/b.md:6:1 because of missing values (blank or NA) on line 3\n",
		},
		{
			name:   "--strict with every warning quiet",
			files:  with(map[string]string{"scalesite.yaml": config + "quiet: [missing-values]\n", "content/b.md": "---\ntitle: B\ndescription: B.\n---\n```chart\ndata: b.csv\nx: x\ny: y\n```\n", "content/b.csv": "x,y\n1,2\n2,\n3,4\n"}),
			args:   []string{"--strict"},
			stdout: "checked 2 pages, 2 charts: 0 errors (warnings, under --strict)\n",
		},
		{
			name:   "an unknown name in quiet",
			files:  with(map[string]string{"scalesite.yaml": config + "quiet: [crowded-label]\n"}),
			code:   1,
			stdout: "checked 1 page: 1 error\n",
			stderr: "error: scalesite.yaml:4:9: quiet names \"crowded-label\", which is not the name of a warning — did you mean \"crowded-labels\"?\n",
		},
		{
			name:   "drafts are left out",
			files:  with(map[string]string{"content/d.md": "---\ntitle: D\ndraft: true\n---\nDraft.\n"}),
			stdout: "checked 1 page, 1 chart: 0 errors, 0 warnings\n",
		},
		{
			name:   "drafts with --drafts",
			files:  with(map[string]string{"content/d.md": "---\ntitle: D\ndraft: true\n---\nDraft.\n"}),
			args:   []string{"--drafts"},
			stdout: "checked 2 pages, 1 chart: 0 errors, 1 warning\n",
			stderr: "warning[no-description]: content/d.md:1: \"D\" has no description: add a line like \"description: One sentence on what the charts show.\" to its front matter; it is shown under the title in the page list and in search results and link previews\n",
		},
		{
			name:   "not a site",
			files:  map[string]string{"notes.txt": "x"},
			code:   1,
			stdout: "check failed: 1 error\n",
			stderr: "has no content/ folder",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := site(t, tc.files)
			code, stdout, stderr := runCmd(append([]string{"check", "--source", dir}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d", code, tc.code)
			}
			if stdout != tc.stdout {
				t.Errorf("stdout = %q, want %q", stdout, tc.stdout)
			}
			if tc.name == "not a site" {
				if !strings.Contains(stderr, tc.stderr) {
					t.Errorf("stderr = %q, want it to contain %q", stderr, tc.stderr)
				}
			} else if stderr != tc.stderr {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, tc.stderr)
			}
			// check writes nothing.
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Errorf("check wrote public/")
			}
		})
	}
}

// TestCheckDemoSite checks the demo site as its workflow does, and builds
// it: both print the same warnings, and only those the gallery still owes
// (demoWarnings). A newcomer's first make serve prints nothing else.
func TestCheckDemoSite(t *testing.T) {
	code, stdout, stderr := runCmd("check", "-s", "../..")
	if code != 0 || !strings.HasPrefix(stdout, "checked ") || !strings.Contains(stdout, ": 0 errors, ") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if line != "" && !strings.HasPrefix(line, "warning[") {
			t.Errorf("stderr line %q is neither an error nor a warning", line)
		}
	}
	code, _, buildErr := runCmd("build", "-s", "../..", "-d", filepath.Join(t.TempDir(), "out"))
	if code != 0 {
		t.Fatalf("build: exit %d, stderr:\n%s", code, buildErr)
	}
	if buildErr != stderr {
		t.Errorf("build's warnings differ from check's:\nbuild:\n%s\ncheck:\n%s", buildErr, stderr)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if line != "" {
			got = append(got, line)
		}
	}
	if len(got) != len(demoWarnings) {
		t.Errorf("the demo site has %d warnings, want %d:\n%s", len(got), len(demoWarnings), stderr)
		return
	}
	for i, w := range demoWarnings {
		if !strings.HasPrefix(got[i], "warning["+w[0]) || !strings.Contains(got[i], w[1]) {
			t.Errorf("warning %d = %q, want one at %s about %q", i, got[i], w[0], w[1])
		}
	}
}

// demoWarnings are the warnings the demo site prints, their names and what: none
// (issue 20). A warning that comes back names a published figure that
// needs a redesign of its chart, not a number changed.
var demoWarnings = [][2]string{}

func TestCheckBadUsage(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"check", "--dest", "x"}, "flag provided but not defined: -dest"},
		{[]string{"check", "site"}, `unexpected argument "site"`},
	}
	for _, tc := range tests {
		if code, _, stderr := runCmd(tc.args...); code != 2 || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.stderr)
		}
	}
}
