package render

import (
	"fmt"
	"html"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// TestTagLinksReachTheirPages checks that every link to a tag page, once
// a browser has resolved it, names a file the build writes: tags holding
// characters that mean something in a URL ("#", "?", "%") or in a path
// ("/") must not cut the link short or send it elsewhere.
func TestTagLinksReachTheirPages(t *testing.T) {
	got := renderSite(t, map[string]string{
		"scalesite.yaml": "baseURL: /lab/\n",
		"content/a.md":   "---\ntitle: A\ntags: [\"C#\", \"a?b\", \"100%\", \"Über\", \"C++\", \"x/y\", \"日本\"]\n---\nA.\n",
	}, site.Options{})
	page := got["a/index.html"]
	hrefs := regexp.MustCompile(`href="(/lab/tags/[^"]+)"`).FindAllStringSubmatch(page, -1)
	if len(hrefs) < 7 {
		t.Fatalf("%d tag links on the page, want 7:\n%s", len(hrefs), page)
	}
	for _, h := range hrefs {
		u, err := url.Parse(html.UnescapeString(h[1])) // as the browser reads the attribute
		if err != nil {
			t.Errorf("link %q: %v", h[1], err)
			continue
		}
		if u.RawQuery != "" || u.Fragment != "" {
			t.Errorf("link %q has a query or fragment: the tag's page is not reached", h[1])
		}
		file := strings.TrimPrefix(u.Path, "/lab/") + "index.html"
		if _, ok := got[file]; !ok {
			t.Errorf("link %q leads to %s, which the build does not write", h[1], file)
		}
	}
	for _, want := range []string{"tags/c-sharp/index.html", "tags/a-b/index.html", "tags/100/index.html", "tags/über/index.html", "tags/c++/index.html", "tags/x-y/index.html", "tags/日本/index.html"} {
		if _, ok := got[want]; !ok {
			t.Errorf("no %s in the output", want)
		}
	}
}

// TestTagGroupsOnePerSlug: tags a page repeats in another case are one
// group, named as first written, the page in it once, whether the page
// has few tags or many (past the 16 that tagGroups tells apart without a
// map).
func TestTagGroupsOnePerSlug(t *testing.T) {
	many := []string{"ML"}
	for i := range 20 {
		many = append(many, fmt.Sprintf("t%02d", i))
	}
	many = append(many, "ml", "T03")
	for _, tc := range []struct {
		name   string
		tags   []string
		groups int
	}{
		{"few", []string{"ML", "Scaling", "ml"}, 2},
		{"many", many, 21},
	} {
		a := &site.Page{Slug: "a", Tags: tc.tags}
		b := &site.Page{Slug: "b", Tags: []string{"ml"}}
		groups := tagGroups([]*site.Page{a, b})
		var names []string
		for _, g := range groups {
			names = append(names, g.Name)
			if g.Slug == "ml" && (g.Name != "ML" || len(g.Pages) != 2 || g.Pages[0] != a || g.Pages[1] != b) {
				t.Errorf("%s: the group ml: %q with %d pages, want ML with a, b", tc.name, g.Name, len(g.Pages))
			}
			if len(g.Pages) > 2 {
				t.Errorf("%s: group %s lists %d pages", tc.name, g.Slug, len(g.Pages))
			}
		}
		if len(groups) != tc.groups {
			t.Errorf("%s: %d groups %q, want %d", tc.name, len(groups), names, tc.groups)
		}
	}
}

// TestGroupTagsAsTagGroups: a Renderer that remembers groups the pages by
// their tags numbered once per page (groupTags) as tagGroups does: the
// same groups, named as first written, in the same order, each page once,
// as pages are added, moved and given new values.
func TestGroupTagsAsTagGroups(t *testing.T) {
	many := []string{"ML"}
	for i := range 20 {
		many = append(many, fmt.Sprintf("t%02d", i))
	}
	many = append(many, "ml", "T03")
	a := &site.Page{Slug: "a", Tags: []string{"Scaling", "ML", "ml"}}
	b := &site.Page{Slug: "b", Tags: []string{"ml", "C#"}}
	c := &site.Page{Slug: "c"}
	d := &site.Page{Slug: "d", Tags: many}
	e := &site.Page{Slug: "e", Tags: []string{"c#", "New"}}
	a2 := &site.Page{Slug: "a", Tags: []string{"scaling", "Zed"}}
	rr := &Renderer{links: map[*site.Page]*listedPage{}}
	r := &renderer{rr: rr, site: &site.Site{}}
	for i, pages := range [][]*site.Page{
		{a, b, c}, {b, a, c}, {a, b, c, d}, {d, c, b, a}, {e, a, b, c, d}, {e, a2, b, c, d}, {}, {c},
	} {
		got, want := r.groupTags(pages), tagGroups(pages)
		if len(got) != len(want) {
			t.Fatalf("%d: %d groups, want %d", i, len(got), len(want))
		}
		for j := range want {
			if got[j].Name != want[j].Name || got[j].Slug != want[j].Slug || !slices.Equal(got[j].Pages, want[j].Pages) {
				t.Errorf("%d: group %d is %s (%s) %v, want %s (%s) %v", i, j, got[j].Name, got[j].Slug, got[j].Pages,
					want[j].Name, want[j].Slug, want[j].Pages)
			}
		}
	}
}
