package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// TestOutputPerTagBounded builds sites whose pages have more and more tags
// (up to site.MaxPageTags) and counts the bytes the build writes for each
// tag a page names: its share must stay within a budget that does not grow
// with the number of tags, so that the output is linear in the tags, never
// in their square (issue 32: each listing entry showed every tag of its
// page, so 300 pages of 300 tags made 1.4 GB). The budget is what one tag
// costs at most: its link on the page, the page's entry in the tag's
// listing (a few of the page's tags and "+N more"), and, where each tag's
// listing holds one page (tags used once, or listSize: 1), a listing page
// of its own with its line in the tags index and the sitemap.
func TestOutputPerTagBounded(t *testing.T) {
	const pages = 12
	cases := []struct {
		name     string
		listSize int
		distinct bool // each page's tags its own, not shared
		budget   int  // bytes per tag of a page
	}{
		{name: "shared tags", listSize: site.DefaultListSize, budget: 1200},
		{name: "shared tags, listSize 1", listSize: 1, budget: 4000},
		{name: "tags used once", listSize: site.DefaultListSize, distinct: true, budget: 4000},
	}
	for _, c := range cases {
		base := outputBytes(t, c.listSize, pages, 0, c.distinct)
		for _, tags := range []int{1, 5, 20, site.MaxPageTags} {
			t.Run(fmt.Sprintf("%s/%d tags", c.name, tags), func(t *testing.T) {
				perTag := (outputBytes(t, c.listSize, pages, tags, c.distinct) - base) / (pages * tags)
				t.Logf("%d bytes per tag", perTag)
				if perTag > c.budget {
					t.Errorf("%d bytes of output for each tag of a page, over the budget of %d: the output grows faster than the tags", perTag, c.budget)
				}
			})
		}
	}
}

// outputBytes renders a site of pages pages with tags tags each, and
// returns the bytes of the files it makes (the copied assets aside).
func outputBytes(t *testing.T, listSize, pages, tags int, distinct bool) int {
	t.Helper()
	files := map[string]string{"scalesite.yaml": fmt.Sprintf("title: Tags\nbaseURL: /\nlistSize: %d\n", listSize)}
	for i := range pages {
		var fm strings.Builder
		for j := range tags {
			if distinct {
				j += i * tags
			}
			fmt.Fprintf(&fm, "  - tag-%05d\n", j)
		}
		tagLines := ""
		if tags > 0 {
			tagLines = "tags:\n" + fm.String()
		}
		files[fmt.Sprintf("content/p%02d.md", i)] = fmt.Sprintf("---\ntitle: Page %d\ndescription: Page %d of the site.\ndate: 2025-01-%02d\n%s---\nText.\n", i, i, 1+i, tagLines)
	}
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range out.Files {
		n += len(f.Data)
	}
	return n
}
