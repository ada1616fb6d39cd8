package render

import (
	"bytes"
	"encoding/xml"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// writeSite writes files (path → content) under a new temp folder.
func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	return sitetest.New(t, files)
}

func renderSite(t *testing.T, files map[string]string, opts site.Options) map[string]string {
	t.Helper()
	s, err := site.Load(writeSite(t, files), opts)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range out.Files {
		if f.Src != "" {
			b, err := os.ReadFile(f.Src)
			if err != nil {
				t.Fatal(err)
			}
			got[f.Path] = "copy:" + string(b)
			continue
		}
		got[f.Path] = string(f.Data)
	}
	return got
}

var threePages = map[string]string{
	"scalesite.yaml":    "title: Lab notes\nbaseURL: https://someone.github.io/lab/\n",
	"content/old.md":    "---\ntitle: Old\ndate: 2024-01-01\ntags: [Scaling Laws, audio]\n---\nSee [new](/new/).\n",
	"content/mid.md":    "---\ntitle: Mid\ndate: 2024-06-01\ntags: [scaling-laws]\n---\nMid.\n",
	"content/new.md":    "---\ntitle: New\ndate: 2025-01-01\ndescription: The newest.\n---\nNew.\n",
	"static/robots.txt": "User-agent: *\nDisallow: /private/\n",
}

func TestPublishingFiles(t *testing.T) {
	got := renderSite(t, threePages, site.Options{})
	for _, want := range []string{"index.html", "404.html", ".nojekyll", "sitemap.xml", "feed.xml", "robots.txt",
		"old/index.html", "tags/index.html", "tags/scaling-laws/index.html", "tags/audio/index.html"} {
		if _, ok := got[want]; !ok {
			t.Errorf("no %s in the output", want)
		}
	}
	// Tags differing in case and spacing share one page, listing both pages.
	tag := got["tags/scaling-laws/index.html"]
	if !strings.Contains(tag, `href="/lab/old/"`) || !strings.Contains(tag, `href="/lab/mid/"`) {
		t.Errorf("tag page lacks its pages:\n%s", tag)
	}
	// The site's own robots.txt wins over the generated one.
	if got["robots.txt"] != "copy:User-agent: *\nDisallow: /private/\n" {
		t.Errorf("robots.txt = %q, want the static file", got["robots.txt"])
	}
	old := got["old/index.html"]
	for _, want := range []string{
		`<link rel="canonical" href="https://someone.github.io/lab/old/">`,
		`href="/lab/tags/scaling-laws/"`,
		`<a class="post-nav-next" href="/lab/mid/" rel="next">`,
		`href="/lab/new/">new</a>`, // a site-absolute Markdown link gets the base path
		`type="application/atom+xml"`,
		`rel="icon"`,
	} {
		if !strings.Contains(old, want) {
			t.Errorf("old/index.html lacks %s", want)
		}
	}
	if strings.Contains(old, "post-nav-prev") {
		t.Errorf("the oldest page links to an older one")
	}

	var sm struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(got["sitemap.xml"]), &sm); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	if len(sm.URLs) != 7 || sm.URLs[0].Loc != "https://someone.github.io/lab/" || sm.URLs[0].LastMod != "2025-01-01" {
		t.Errorf("sitemap has %d URLs, first %+v; want 7 (home, 3 pages, tags index, 2 tags) starting at the home page dated 2025-01-01", len(sm.URLs), sm.URLs)
	}
	var feed struct {
		Updated string `xml:"updated"`
		Entries []struct {
			Title string `xml:"title"`
			ID    string `xml:"id"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal([]byte(got["feed.xml"]), &feed); err != nil {
		t.Fatalf("feed.xml: %v", err)
	}
	if len(feed.Entries) != 3 || feed.Entries[0].Title != "New" || feed.Entries[0].ID != "https://someone.github.io/lab/new/" || feed.Updated != "2025-01-01T00:00:00Z" {
		t.Errorf("feed: updated %s, entries %+v", feed.Updated, feed.Entries)
	}
}

func TestTagSlug(t *testing.T) {
	for in, want := range map[string]string{"Scaling Laws": "scaling-laws", "audio": "audio", "  a  b ": "a-b", "C++/CUDA": "c++-cuda", "Über": "über", "C#": "c-sharp", "a?b": "a-b"} {
		if got := TagSlug(in); got != want {
			t.Errorf("TagSlug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOutputClash(t *testing.T) {
	files := map[string]string{"content/a.md": "A\n", "static/a/index.html": "mine"}
	s, err := site.Load(writeSite(t, files), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Render(s)
	if err == nil || !strings.Contains(err.Error(), "would both be written to a/index.html") {
		t.Fatalf("err = %v, want a clash at a/index.html", err)
	}
}

// TestXMLPlain: the sitemap writes an address as it is only when
// xml.EscapeText would.
func TestXMLPlain(t *testing.T) {
	for _, tt := range []struct {
		s     string
		plain bool
	}{
		{"https://u.github.io/repo/page-00027/", true},
		{"/repo/tags/scaling-laws/page/3/", true},
		{"/a&b/", false}, {"/a<b/", false}, {"/a>b/", false}, {`/a"b/`, false}, {"/a'b/", false},
		{"/a\tb/", false}, {"/a\nb/", false}, {"/über/", false}, {"/a\x7fb/", false},
	} {
		var b bytes.Buffer
		xml.EscapeText(&b, []byte(tt.s))
		if got := xmlPlain(tt.s); got != tt.plain || got && b.String() != tt.s {
			t.Errorf("xmlPlain(%q) = %v, want %v (EscapeText: %q)", tt.s, got, tt.plain, b.String())
		}
	}
}

// TestAppendDay: appendDay writes what time's own 2006-01-02 layout does,
// for every year, including those it leaves to it.
func TestAppendDay(t *testing.T) {
	for _, tc := range []time.Time{
		time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC),
		time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(7, 7, 7, 0, 0, 0, 0, time.UTC),
		time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 10, 10, 0, 0, 0, 0, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-44, 3, 15, 0, 0, 0, 0, time.UTC),
	} {
		if got, want := string(appendDay(nil, tc)), tc.Format("2006-01-02"); got != want {
			t.Errorf("appendDay(%v) = %q, want %q", tc, got, want)
		}
	}
}
