package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/site"
)

func TestSearchIndex(t *testing.T) {
	got := renderSite(t, map[string]string{
		"scalesite.yaml":   "title: Lab\ndescription: Our runs.\nbaseURL: /lab/\n",
		"content/index.md": "Welcome.\n\n## News\n",
		"content/a.md":     "---\ntitle: \"Loss </script><b>\"\ndate: 2025-02-01\ndescription: Loss vs compute.\ntags: [audio]\n---\n# Title again\n\n## Setup & *data*\n\n### Runs\n\n#### Seeds\n\n##### Too deep\n\n> ## Quoted\n",
		"content/b.md":     "---\ntitle: B\ndate: 2025-01-01\n---\nNo headings.\n",
	}, site.Options{})
	var index struct {
		Pages []struct {
			Title, URL, Description string
			Tags                    []string
			Headings                []struct{ Text, ID string }
		}
	}
	raw := got[SearchFile]
	if strings.Contains(raw, "</script>") {
		t.Errorf("the index holds </script> as it is: %s", raw)
	}
	if err := json.Unmarshal([]byte(raw), &index); err != nil {
		t.Fatalf("%s: %v\n%s", SearchFile, err, raw)
	}
	var pages []string
	for _, p := range index.Pages {
		var hs []string
		for _, h := range p.Headings {
			hs = append(hs, h.Text+"#"+h.ID)
		}
		pages = append(pages, p.Title+" | "+p.URL+" | "+p.Description+" | "+strings.Join(p.Tags, ",")+" | "+strings.Join(hs, ", "))
	}
	want := []string{
		"Lab | /lab/ | Our runs. |  | News#news",
		"Loss </script><b> | /lab/a/ | Loss vs compute. | audio | Setup & data#setup--data, Runs#runs, Seeds#seeds",
		"B | /lab/b/ |  |  | ",
	}
	if strings.Join(pages, "\n") != strings.Join(want, "\n") {
		t.Errorf("index:\n%s\nwant:\n%s", strings.Join(pages, "\n"), strings.Join(want, "\n"))
	}

	search, ok := got["search/index.html"]
	if !ok {
		t.Fatal("no search/index.html")
	}
	for _, w := range []string{`data-index="/lab/search.json"`, `<form class="search-form" role="search" action="/lab/search/" method="get">`,
		`<a class="site-search" href="/lab/search/" aria-current="page">Search</a>`, `<meta name="robots" content="noindex">`, `/lab/assets/search.`} {
		if !strings.Contains(search, w) {
			t.Errorf("the search page lacks %s:\n%s", w, search)
		}
	}
	if a := got["a/index.html"]; !strings.Contains(a, `<a class="site-search" href="/lab/search/">Search</a>`) || strings.Contains(a, "assets/search.") {
		t.Errorf("a page should link to the search page and not load its script:\n%s", a)
	}
	if strings.Contains(got["sitemap.xml"], "search") {
		t.Errorf("the sitemap lists the search page:\n%s", got["sitemap.xml"])
	}
}

func TestOwnSearchPage(t *testing.T) {
	got := renderSite(t, map[string]string{
		"content/search.md":  "---\ntitle: Find\n---\nOur own.\n",
		"static/search.json": "{}",
	}, site.Options{})
	if p := got["search/index.html"]; !strings.Contains(p, "Our own.") || strings.Contains(p, "search-query") {
		t.Errorf("search/index.html is not the site's own page:\n%s", p)
	}
	if strings.Contains(got["search/index.html"], `class="site-search"`) {
		t.Error("the header links to a search page the site does not have")
	}
	if got[SearchFile] != "copy:{}" {
		t.Errorf("a static search.json does not replace the index: %q", got[SearchFile])
	}
}

// TestSearchIndexMatchesEncodingJSON: the search index written by
// internal/fastjson is what encoding/json writes of the same entries,
// whatever their text.
func TestSearchIndexMatchesEncodingJSON(t *testing.T) {
	tests := map[string]map[string]string{
		"no pages":  {"scalesite.yaml": "title: T\n", "content/index.md": "Home.\n"},
		"home only": {"scalesite.yaml": "title: \"A <b> & \\u2028 site\"\ndescription: \"x\\u2029y\"\n", "content/index.md": "## News\n"},
		"pages": {
			"scalesite.yaml":   "title: Lab\nbaseURL: /l a&b/\n",
			"content/index.md": "---\ndescription: \"home </script>\"\n---\n# One\n\n## Two & <three>\n",
			"content/a.md":     "---\ntitle: \"Loss </script><b> \\\"q\\\"\"\ndate: 2025-02-01\ndescription: \"Loss \\\\ vs \\u00e9 compute.\"\ntags: [audio, \"c++\", ünï]\n---\n# Title again\n\n## Setup & *data*\n\n### Runs\n\n#### Seeds\n\n##### Too deep\n",
			"content/b.md":     "---\ntitle: B\ndate: 2025-01-01\ntags: []\n---\nNo headings.\n",
			"content/c.md":     "---\ntitle: \"\"\n---\n## Only a heading\n",
		},
	}
	for name, files := range tests {
		t.Run(name, func(t *testing.T) {
			s, rr := loadRenderer(t, writeSite(t, files), false)
			r := rr.start(s)
			got, err := r.searchIndex()
			if err != nil {
				t.Fatal(err)
			}
			var index struct {
				Pages []searchEntry `json:"pages"`
			}
			index.Pages = []searchEntry{}
			for _, p := range r.searchPages() {
				e := r.searchEntry(p)
				e.Headings = searchHeadings(p)
				index.Pages = append(index.Pages, e)
			}
			var want bytes.Buffer
			if err := json.NewEncoder(&want).Encode(index); err != nil {
				t.Fatal(err)
			}
			if string(got) != want.String() {
				t.Errorf("fastjson wrote\n%s\nencoding/json writes\n%s", got, want.String())
			}
			// Again, from the entries the Renderer keeps.
			if again, err := r.searchIndex(); err != nil || string(again) != string(got) {
				t.Errorf("written again from the kept entries:\n%s\nfirst:\n%s", again, got)
			}
		})
	}
}
