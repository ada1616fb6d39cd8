package site

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/sitetest"
)

// FuzzFrontMatter checks that no page, however broken its front matter,
// panics the loader; that every problem is positioned in the page, within
// its lines; that every message is safe to print in a CI log; and that the
// tags kept each have a page of their own, one page per tag, and are
// within the limits (MaxPageTags, MaxTagLength).
func FuzzFrontMatter(f *testing.F) {
	for _, s := range []string{
		"---\ntitle: Audio models: ROC-AUC vs. parameters\ndate: 2025-03-01\ndescription: One line.\ntags: [audio]\ndraft: false\n---\nProse.\n",
		"---\ntitle: P\ntags:\n  - audio\n  - 2024\n---\n",
		"\xef\xbb\xbf---\r\ntitle: Crlf\r\ntags: [a, b]\r\n---\r\nBody\r\n",
		"---\ntitle: &t T\ndescription: *t\ntags: [*t, C#, a?b]\n---\n",
		"---\ntags: [\"\", ., .., a/b, a-b, A B]\n---\n",
		"---\ntitle: [a\n---\n", "---\ntitle: T\n", "---\n---\n", "# no front matter\n",
		"---\ndate: tomorrow\ndraft: maybe\n---\n", "---\nbibliography: refs.bib\ncitations: numerc\n---\n[@a]\n", "---\n\"::error::x\\e\": 1\n---\n",
		"---\ntitle: " + strings.Repeat("{a: ", 70) + "\n---\n",
		"---\ntoc: true\n---\n## A\n", "---\ntoc: [x]\n---\n",
		"---\ntags: [" + strings.Repeat("a, b, ", 30) + "c]\n---\n", "---\ntags: [" + strings.Repeat("é", 101) + "]\n---\n",
		"---\ntags: [t00, t01, t02, t03, t04, t05, t06, t07, t08, t09, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27, t28, t29, t30, t31, t32, t33, t34, t35, t36, t37, t38, t39, t40, t41, t42, t43, t44, t45, t46, t47, t48, t49, T49, t50]\n---\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p := &Page{Path: "content/p.md"}
		fm, _, _, err := splitFrontMatter([]byte(src), p.Path)
		if err == nil && fm != nil {
			err = p.parseFrontMatter(fm, new(katex.Cache))
		}
		if err != nil {
			var one *diag.Error
			var list diag.List
			switch {
			case errors.As(err, &list):
			case errors.As(err, &one):
				list = diag.List{one}
			default:
				t.Fatalf("error of type %T: %v", err, err)
			}
			lines := strings.Count(src, "\n") + strings.Count(src, "\r") + 1
			for _, e := range list {
				if e.File != p.Path || e.Line < 1 || e.Line > lines || e.Msg == "" {
					t.Errorf("problem outside the page (%d lines): %v", lines, e)
				}
			}
			sitetest.CheckMessages(t, err.Error())
			return
		}
		if len(p.TagPos) != len(p.Tags) {
			t.Fatalf("%d positions for %d tags", len(p.TagPos), len(p.Tags))
		}
		if len(p.Tags) > MaxPageTags {
			t.Fatalf("%d tags kept, more than MaxPageTags", len(p.Tags))
		}
		slugs := map[string]bool{}
		for _, tag := range p.Tags {
			if n := utf8.RuneCountInString(tag); n > MaxTagLength {
				t.Fatalf("tag of %d characters kept, more than MaxTagLength", n)
			}
			slug := TagSlug(tag)
			if slug == "" || slugs[slug] {
				t.Fatalf("tag %q: slug %q empty or shared in %q", tag, slug, p.Tags)
			}
			slugs[slug] = true
		}
	})
}
