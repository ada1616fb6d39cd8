package render

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

// pagedSite is a site of n pages, page-01 the newest, at /repo/, with a
// listSize of 3; every page is tagged "all", and the first `odd` ones
// (every other) "odd" too.
func pagedSite(n int) map[string]string {
	files := map[string]string{
		"scalesite.yaml":   "title: Paged\nbaseURL: https://u.github.io/repo/\nlistSize: 3\nfeedSize: 2\n",
		"content/index.md": "Welcome to the *intro*.\n",
	}
	for i := 1; i <= n; i++ {
		tags := "[all]"
		if i%2 == 1 {
			tags = "[all, odd]"
		}
		files[fmt.Sprintf("content/page-%02d.md", i)] = fmt.Sprintf("---\ntitle: Page %02d\ndate: 2025-%02d-01\ntags: %s\n---\nBody.\n", i, 13-i%13, tags)
		if i > 12 {
			files[fmt.Sprintf("content/page-%02d.md", i)] = fmt.Sprintf("---\ntitle: Page %02d\ndate: 2024-01-%02d\ntags: %s\n---\nBody.\n", i, 40-i, tags)
		}
	}
	return files
}

var (
	listedTitle = regexp.MustCompile(`<h3 class="post-item-title"><a href="[^"]*">([^<]*)</a>`)
	headLink    = regexp.MustCompile(`<link rel="(prev|next)" href="([^"]*)">`)
	pagerLink   = regexp.MustCompile(`<a class="pager-(newer|older)" href="([^"]*)" rel="(prev|next)">`)
	pagerAt     = regexp.MustCompile(`<span class="pager-at">([^<]*)</span>`)
)

// listingPage is what a test reads of one page of a listing.
type listingPage struct {
	titles       []string // the entries, in order
	prev, next   string   // <link rel> in the head
	newer, older string   // the pager's links
	at           string   // "Page 2 of 4", or "" without a pager
	intro        bool     // the home page's prose is on it
}

func readListing(t *testing.T, html string) listingPage {
	t.Helper()
	var l listingPage
	for _, m := range listedTitle.FindAllStringSubmatch(html, -1) {
		l.titles = append(l.titles, m[1])
	}
	for _, m := range headLink.FindAllStringSubmatch(html, -1) {
		if m[1] == "prev" {
			l.prev = m[2]
		} else {
			l.next = m[2]
		}
	}
	for _, m := range pagerLink.FindAllStringSubmatch(html, -1) {
		if (m[1] == "newer") != (m[3] == "prev") {
			t.Errorf("pager link %q has rel %q", m[1], m[3])
		}
		if m[1] == "newer" {
			l.newer = m[2]
		} else {
			l.older = m[2]
		}
	}
	if m := pagerAt.FindStringSubmatch(html); m != nil {
		l.at = m[1]
	}
	l.intro = strings.Contains(html, "<em>intro</em>")
	return l
}

// TestListingPages: the home page and the tag pages are cut into pages
// of listSize entries numbered from the oldest: page/1/ the listSize
// oldest, and the listing's own address the newest rest, from listSize to
// 2·listSize−1 entries once there are listSize; each lists newest first,
// linked to its neighbours both ways in the pager and the head.
func TestListingPages(t *testing.T) {
	titles := func(from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("Page %02d", i))
		}
		return out
	}
	type want struct {
		path   string
		titles []string
		at     string // what the pager says, "" for no pager
		newer  string // the address of the newer page, "" for none
		older  string
	}
	tests := []struct {
		name  string
		pages int
		want  []want
		none  []string // files that must not exist
	}{
		{"no pages", 0, []want{{path: "index.html"}}, []string{"page/1/index.html", "page/2/index.html", "tags/all/index.html"}},
		{"one page", 1, []want{
			{path: "index.html", titles: titles(1, 1)},
			{path: "tags/all/index.html", titles: titles(1, 1)},
		}, []string{"page/1/index.html", "tags/all/page/1/index.html"}},
		{"listSize less one", 2, []want{
			{path: "index.html", titles: titles(1, 2)},
		}, []string{"page/1/index.html"}},
		{"exactly listSize", 3, []want{
			{path: "index.html", titles: titles(1, 3)},
		}, []string{"page/1/index.html", "page/2/index.html"}},
		{"twice listSize less one: the first page holds them all", 5, []want{
			{path: "index.html", titles: titles(1, 5)},
			{path: "tags/all/index.html", titles: titles(1, 5)},
			{path: "tags/odd/index.html", titles: []string{"Page 01", "Page 03", "Page 05"}},
		}, []string{"page/1/index.html", "tags/all/page/1/index.html"}},
		{"twice listSize: one full page", 6, []want{
			{path: "index.html", titles: titles(1, 3), at: "The newest: entries 4–6", older: "/repo/page/1/"},
			{path: "page/1/index.html", titles: titles(4, 6), at: "Page 1 from the oldest: entries 1–3", newer: "/repo/"},
			{path: "tags/all/index.html", titles: titles(1, 3), at: "The newest: entries 4–6", older: "/repo/tags/all/page/1/"},
			{path: "tags/all/page/1/index.html", titles: titles(4, 6), at: "Page 1 from the oldest: entries 1–3", newer: "/repo/tags/all/"},
		}, []string{"page/2/index.html", "tags/all/page/2/index.html", "tags/odd/page/1/index.html"}},
		{"twice listSize and one", 7, []want{
			{path: "index.html", titles: titles(1, 4), at: "The newest: entries 4–7", older: "/repo/page/1/"},
			{path: "page/1/index.html", titles: titles(5, 7), at: "Page 1 from the oldest: entries 1–3", newer: "/repo/"},
		}, []string{"page/2/index.html"}},
		{"a tag of many pages", 11, []want{
			{path: "index.html", titles: titles(1, 5), at: "The newest: entries 7–11", older: "/repo/page/2/"},
			{path: "page/2/index.html", titles: titles(6, 8), at: "Page 2 from the oldest: entries 4–6", newer: "/repo/", older: "/repo/page/1/"},
			{path: "page/1/index.html", titles: titles(9, 11), at: "Page 1 from the oldest: entries 1–3", newer: "/repo/page/2/"},
			{path: "tags/odd/index.html", titles: []string{"Page 01", "Page 03", "Page 05"}, at: "The newest: entries 4–6", older: "/repo/tags/odd/page/1/"},
			{path: "tags/odd/page/1/index.html", titles: []string{"Page 07", "Page 09", "Page 11"}, at: "Page 1 from the oldest: entries 1–3", newer: "/repo/tags/odd/"},
		}, []string{"page/3/index.html", "tags/odd/page/2/index.html"}},
		{"full pages linked both ways", 14, []want{
			{path: "index.html", titles: titles(1, 5), at: "The newest: entries 10–14", older: "/repo/page/3/"},
			{path: "page/3/index.html", titles: titles(6, 8), at: "Page 3 from the oldest: entries 7–9", newer: "/repo/", older: "/repo/page/2/"},
			{path: "page/2/index.html", titles: titles(9, 11), at: "Page 2 from the oldest: entries 4–6", newer: "/repo/page/3/", older: "/repo/page/1/"},
			{path: "page/1/index.html", titles: titles(12, 14), at: "Page 1 from the oldest: entries 1–3", newer: "/repo/page/2/"},
		}, []string{"page/4/index.html"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := renderSite(t, pagedSite(tt.pages), site.Options{})
			for _, w := range tt.want {
				html, ok := got[w.path]
				if !ok {
					t.Errorf("no %s", w.path)
					continue
				}
				l := readListing(t, html)
				if !slices.Equal(l.titles, w.titles) {
					t.Errorf("%s lists %q, want %q", w.path, l.titles, w.titles)
				}
				if l.at != w.at || l.newer != w.newer || l.older != w.older {
					t.Errorf("%s: pager %q, newer %q, older %q; want %q, %q, %q", w.path, l.at, l.newer, l.older, w.at, w.newer, w.older)
				}
				if l.prev != w.newer || l.next != w.older {
					t.Errorf("%s: <link rel=prev> %q, next %q; want %q, %q", w.path, l.prev, l.next, w.newer, w.older)
				}
				// The home page's prose is on its first page only.
				if home := w.path == "index.html"; strings.HasPrefix(w.path, "index.html") || strings.HasPrefix(w.path, "page/") {
					if l.intro != home {
						t.Errorf("%s: the home page's prose shown %v, want %v", w.path, l.intro, home)
					}
				}
				canon := "https://u.github.io/repo/" + strings.TrimSuffix(w.path, "index.html")
				if !strings.Contains(html, `<link rel="canonical" href="`+canon+`">`) {
					t.Errorf("%s: canonical address is not %s", w.path, canon)
				}
			}
			for _, p := range tt.none {
				if _, ok := got[p]; ok {
					t.Errorf("%s is written, want none", p)
				}
			}
			// Every listing page is in the sitemap; the feed carries
			// feedSize entries.
			for path := range got {
				if strings.HasSuffix(path, "index.html") && strings.Contains(path, "page/") {
					loc := "<loc>https://u.github.io/repo/" + strings.TrimSuffix(path, "index.html") + "</loc>"
					if !strings.Contains(got[SitemapFile], loc) {
						t.Errorf("the sitemap lacks %s", loc)
					}
				}
			}
			if n, want := strings.Count(got[FeedFile], "<entry>"), min(tt.pages, 2); n != want {
				t.Errorf("the feed has %d entries, want %d", n, want)
			}
		})
	}
}

// TestTagPageCountsEveryPage: a tag's first page says how many pages the
// tag has, not how many it shows; its full pages do not count them, so
// that they stay as they are while pages are added.
func TestTagPageCountsEveryPage(t *testing.T) {
	got := renderSite(t, pagedSite(11), site.Options{})
	if p := "tags/all/index.html"; !strings.Contains(got[p], "11 pages tagged “all”") {
		t.Errorf("%s does not say 11 pages tagged “all”", p)
	}
	for _, p := range []string{"tags/all/page/1/index.html", "tags/all/page/2/index.html"} {
		if !strings.Contains(got[p], "Pages tagged “all”.") || strings.Contains(got[p], "11 pages") {
			t.Errorf("%s does not say “Pages tagged “all”.” alone", p)
		}
	}
}

// TestListingSaveMakesItsPages: in the live preview (a lean Renderer), a
// save that changes a page's link makes again the page, its neighbours,
// and the one page of each listing that lists it, by patching the last
// call's files; a save that moves a page in the order makes again the
// listing pages the entries between its old place and its new shift
// across, by patching them too. Each result is what a fresh render makes.
func TestListingSaveMakesItsPages(t *testing.T) {
	h := newHeldRender(t, writeSite(t, pagedSite(11)))
	tests := []struct {
		name    string
		file    string
		body    string
		patched bool
		made    []string // the HTML files made again
	}{
		{"a body", "content/page-05.md", "---\ntitle: Page 05\ndate: 2025-08-01\ntags: [all, odd]\n---\nNew body.\n", true,
			[]string{"page-05/index.html"}},
		{"a title on a full page of the home listing", "content/page-07.md", "---\ntitle: Page Seven\ndate: 2025-06-01\ntags: [all, odd]\n---\nBody.\n", true,
			[]string{"page-06/index.html", "page-07/index.html", "page-08/index.html", "page/2/index.html", "tags/all/page/2/index.html", "tags/odd/page/1/index.html"}},
		{"a date that keeps the order", "content/page-01.md", "---\ntitle: Page 01\ndate: 2025-12-02\ntags: [all, odd]\n---\nBody.\n", true,
			[]string{"index.html", "page-01/index.html", "page-02/index.html", "tags/all/index.html", "tags/odd/index.html"}},
		{"a date that moves a page from the first page to the last", "content/page-02.md", "---\ntitle: Page 02\ndate: 2020-01-01\ntags: [all]\n---\nBody.\n", true,
			[]string{"index.html", "page-01/index.html", "page-02/index.html", "page-03/index.html", "page-11/index.html",
				"page/1/index.html", "page/2/index.html", "tags/all/index.html", "tags/all/page/1/index.html", "tags/all/page/2/index.html"}},
		// 12 pages: the first page of 5 gives 3 to a new full page/3/,
		// and page/2/ links to it.
		{"a new newest page that fills the first page to twice listSize", "content/page-00.md", "---\ntitle: Page 00\ndate: 2026-01-01\ntags: [all]\n---\nBody.\n", true,
			[]string{"index.html", "page-00/index.html", "page-01/index.html", "page/2/index.html", "page/3/index.html",
				"tags/all/index.html", "tags/all/page/2/index.html", "tags/all/page/3/index.html", "tags/index.html"}},
		// 13 pages: the first page, the page, its neighbour; no full page.
		{"a new newest page", "content/page-0a.md", "---\ntitle: Page 0a\ndate: 2026-02-01\ntags: [all]\n---\nBody.\n", true,
			[]string{"index.html", "page-00/index.html", "page-0a/index.html", "tags/all/index.html", "tags/index.html"}},
		{"a new tag on the newest page", "content/page-0a.md", "---\ntitle: Page 0a\ndate: 2026-02-01\ntags: [all, fresh]\n---\nBody.\n", true,
			[]string{"index.html", "page-00/index.html", "page-0a/index.html", "tags/all/index.html", "tags/fresh/index.html", "tags/index.html"}},
		{"the newest page removed", "content/page-0a.md", "", true,
			[]string{"index.html", "page-00/index.html", "tags/all/index.html", "tags/index.html"}},
	}
	for _, tt := range tests {
		made, _, patched := h.save(tt.file, tt.body)
		if patched != tt.patched || !slices.Equal(made, tt.made) {
			t.Errorf("%s: patched %v, made %q;\nwant %v, %q", tt.name, patched, made, tt.patched, tt.made)
		}
		h.assertFresh(tt.name)
	}
}
