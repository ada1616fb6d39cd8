package site

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// TestFrontMatterYAML checks the YAML features and limits of front matter:
// anchors, aliases and tags are looked through; deep, large, UTF-16 and
// binary input is refused with a position.
func TestFrontMatterYAML(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		title string
		desc  string
		tags  []string
		err   string // the start of the message; "" for none
	}{
		{name: "anchor and alias", src: "---\ntitle: &t Loss curves\ndescription: *t\n---\n", title: "Loss curves", desc: "Loss curves"},
		{name: "alias to a list", src: "---\ntitle: T\ndescription: &d [a, b]\ntags: *d\n---\n",
			err: `content/p.md:3:17: "description" must be a single value, not a list`},
		{name: "alias in a list", src: "---\ntitle: &a audio\ntags: [*a, speech]\n---\n", title: "audio", tags: []string{"audio", "speech"}},
		{name: "a tag", src: "---\ntitle: !!str 2024\n---\n", title: "2024"},
		{name: "an alias to nothing", src: "---\ntitle: *nothing\n---\n",
			err: `content/p.md:2:8: the alias "*nothing" refers to no anchor "&nothing" above it`},
		{name: "an alias before its anchor", src: "---\ntitle: *t\ndescription: &t D\n---\n",
			err: `content/p.md:2:8: the alias "*t" refers to no anchor "&t" above it`},
		{name: "a long title repeated in the tags", src: "---\ntitle: &t \"" + strings.Repeat("x", 150000) + "\"\ntags:\n" + strings.Repeat("  - *t\n", 1000) + "---\n",
			err: `content/p.md:9:5: the alias "*t" takes the front matter past 1.0 MB once its aliases are written out: aliases may repeat a value, not multiply the size of the YAML; write the value out where it is needed, or use fewer aliases`},
		{name: "billion laughs", src: "---\ntitle: T\nx: " + laughs + "\n---\n",
			err: `content/p.md:3:`},
		{name: "nested 100,000 deep", src: "---\ntitle: " + strings.Repeat("[", 100000) + "\n---\n",
			err: "content/p.md:2:71: the front matter is nested more than 64 levels deep here: no setting needs that many; check the brackets and the indentation"},
		{name: "a megabyte", src: "---\ntitle: T\ndescription: " + strings.Repeat("d", 1<<20) + "\n---\n",
			err: "content/p.md:2:1: the front matter is 1.0 MB of YAML, more than the 256 KB allowed"},
		{name: "UTF-16", src: utf16Text("---\ntitle: T\n---\n"),
			err: "content/p.md:1:1: this page is saved as UTF-16 text: save it as UTF-8 (in your editor, save it with the UTF-8 encoding)"},
		{name: "a NUL in the front matter", src: "---\ntitle: T\x00\n---\n",
			err: "content/p.md:2:9: this page holds a NUL byte here, so it is a binary file, not text: a page must be text saved as UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Page{Path: "content/p.md"}
			fm, _, _, err := splitFrontMatter([]byte(tt.src), p.Path)
			if err == nil {
				err = p.parseFrontMatter(fm, new(katex.Cache))
			}
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
				t.Fatalf("error:\n %v\nwant it to start with:\n %s", err, tt.err)
			case tt.err != "":
				return
			}
			if p.Title != tt.title || p.Description != tt.desc || !slices.Equal(p.Tags, tt.tags) {
				t.Errorf("title %q, description %q, tags %q; want %q, %q, %q", p.Title, p.Description, p.Tags, tt.title, tt.desc, tt.tags)
			}
		})
	}
}

// laughs is nine lists of nine aliases of the list before, which stand for
// 9^9 values: the "billion laughs".
var laughs = func() string {
	s := "[&a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"
	for i := 1; i < 9; i++ {
		s += fmt.Sprintf(", &a%d [%s]", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), ", "))
	}
	return s + "]"
}()

// TestConfigAliases: scalesite.yaml's aliases are read as the front
// matter's are, and refused when they multiply its size.
func TestConfigAliases(t *testing.T) {
	for _, tc := range []struct{ name, src, err string }{
		{"an alias", "title: &t Scaling\ndescription: *t\n", ""},
		{"billion laughs", "title: T\nmarkdown: {unsafe: false}\nx: " + laughs + "\n", `scalesite.yaml:3:`},
		{"an alias in its own anchor", "title: T\nx: &a [*a]\n", `scalesite.yaml:2:8: the alias "*a" stands inside the value of its own anchor "&a"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ConfigFile), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			root, err := sitefs.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := loadConfig(root)
			switch {
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err == "":
				if cfg.Description != "Scaling" {
					t.Errorf("description %q", cfg.Description)
				}
			case err == nil || !strings.HasPrefix(err.Error(), tc.err) || !strings.Contains(err.Error(), "alias"):
				t.Errorf("error:\n %v\nwant it to start with:\n %s", err, tc.err)
			}
		})
	}
}

// TestFrontMatterAliasLoop checks that an alias cannot send the reader
// round in circles.
func TestFrontMatterAliasLoop(t *testing.T) {
	entries, err := parseMapping([]byte("title: &a *a\n"), diag.Pos{File: "p.md", Line: 2, Col: 1}, "front matter")
	if err == nil {
		_, err = scalarText(entries[0], diag.Pos{File: "p.md", Line: 2, Col: 1})
	}
	if err == nil {
		t.Fatal("no error for an alias to itself")
	}
}
