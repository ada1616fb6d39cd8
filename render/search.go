package render

import (
	"bytes"
	"fmt"
	"maps"
	"slices"

	"github.com/scalesite/scalesite/internal/fastjson"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// The search page and its index. The index is one JSON file written at
// build time: each page's title, address, description, tags and section
// headings. The theme's search.js reads it in the reader's browser and
// searches it there, with no server and nothing asked of any other host.
//
// A title or heading with TeX is searched by its plain form ("title",
// "text") and shown by its markup ("html"), the formulas typeset at build
// time as the page's are; search.js copies that markup into the page
// element by element, keeping only the elements and attributes KaTeX
// writes, so that nothing in the index can become code.
const (
	SearchFile = "search.json"
	// SearchSlug is the search page's slug: the page that reads
	// SearchFile, the built-in one or a site's own.
	SearchSlug = "search"
)

// searchEntry is a page in the search index.
type searchEntry struct {
	Title       string          `json:"title"`
	HTML        string          `json:"html,omitempty"`
	URL         string          `json:"url"`
	Description string          `json:"description,omitempty"`
	Tags        []string        `json:"tags,omitempty"`
	Headings    []searchHeading `json:"headings,omitempty"`
}

// searchHeading is a section of a page: its words and its anchor.
type searchHeading struct {
	Text string `json:"text"`
	ID   string `json:"id"`
	HTML string `json:"html,omitempty"`
}

// searchIndex is the JSON of the search index: the home page, then every
// page in the home page's order (searchPages), written as encoding/json
// writes it (TestSearchIndexMatchesEncodingJSON) by internal/fastjson,
// without reflection. A Renderer that remembers keeps each page's entry
// as written (Renderer.searchJSON), so that a save in the live preview
// writes one entry and copies the others: at 10,000 pages the index is
// 2 MB, which encoding/json took 25 ms to write, of the 50 a save has
// (BENCHMARKS.md, issue 22).
func (r *renderer) searchIndex() ([]byte, error) {
	pages := r.searchPages()
	kept := r.rr.keptSearchJSON(pages)
	e := fastjson.Enc{B: make([]byte, 0, 256*len(pages))}
	e.Open()
	e.Key("pages")
	e.OpenArr()
	var made map[*site.Page][]byte
	for i, p := range pages {
		e.Elem()
		if kept != nil && kept[i] != nil {
			e.Raw(kept[i])
			continue
		}
		start := len(e.B)
		r.appendSearchEntry(&e, p)
		if kept != nil {
			if made == nil {
				made = map[*site.Page][]byte{}
			}
			made[p] = bytes.Clone(e.B[start:])
		}
	}
	e.CloseArr()
	e.Close()
	r.rr.keepSearchJSON(made)
	return append(e.B, '\n'), nil
}

// appendSearchEntry writes p's entry in the search index.
func (r *renderer) appendSearchEntry(e *fastjson.Enc, p *site.Page) {
	x := r.searchEntry(p)
	e.Open()
	e.Key("title")
	e.Str(x.Title)
	e.OptStr("html", x.HTML)
	e.Key("url")
	e.Str(x.URL)
	e.OptStr("description", x.Description)
	if len(x.Tags) > 0 {
		e.Key("tags")
		e.OpenArr()
		for _, t := range x.Tags {
			e.Elem()
			e.Str(t)
		}
		e.CloseArr()
	}
	first := true
	for _, h := range p.Headings {
		if !searched(h) {
			continue
		}
		if first {
			e.Key("headings")
			e.OpenArr()
			first = false
		}
		e.Elem()
		e.Open()
		e.Key("text")
		e.Str(h.Text)
		e.Key("id")
		e.Str(h.ID)
		e.OptStr("html", h.HTML)
		e.Close()
	}
	if !first {
		e.CloseArr()
	}
	e.Close()
}

// keptSearchJSON returns the search entries rr keeps of pages, by index
// (nil for a page it keeps none of), or nil when rr remembers nothing.
func (rr *Renderer) keptSearchJSON(pages []*site.Page) [][]byte {
	if rr.searchJSON == nil {
		return nil
	}
	out := make([][]byte, len(pages))
	rr.mu.Lock()
	for i, p := range pages {
		out[i] = rr.searchJSON[p]
	}
	rr.mu.Unlock()
	return out
}

// keepSearchJSON keeps the search entries made, by page. (A page is a
// new value whenever it is read again, and the map holds the pages it
// keeps, so no new page can take a kept one's address.)
func (rr *Renderer) keepSearchJSON(made map[*site.Page][]byte) {
	if len(made) == 0 {
		return
	}
	rr.mu.Lock()
	maps.Copy(rr.searchJSON, made)
	rr.mu.Unlock()
}

// searchPages are the pages of the search index, in its order: the home
// page, then every page in the home page's order.
func (r *renderer) searchPages() []*site.Page {
	pages := make([]*site.Page, 0, len(r.site.Pages)+1)
	if r.site.Home != nil {
		pages = append(pages, r.site.Home)
	}
	return append(pages, r.site.Pages...)
}

// searchEntry is p's entry in the search index, but for its headings
// (searchHeadings). The home page's title is the site's, and so is its
// description when it has none.
func (r *renderer) searchEntry(p *site.Page) searchEntry {
	e := searchEntry{Title: p.Title, HTML: p.TitleHTML, URL: r.url(p.Slug), Description: p.Description, Tags: p.Tags}
	if p.Slug == "" {
		e.Title, e.HTML = r.site.Config.Title, ""
		if e.Description == "" {
			e.Description = r.site.Config.Description
		}
	}
	return e
}

// hasSearchPage reports whether the site gets the built-in search page: a
// page of the site's own at search/ takes its place.
func hasSearchPage(s *site.Site) bool {
	for _, p := range s.Pages {
		if p.Slug == SearchSlug {
			return false
		}
	}
	return true
}

// searchJobs render the search index and, unless the site has its own, the
// search page.
func (r *renderer) searchJobs() []func() (output.File, error) {
	rr := r.rr
	jobs := []func() (output.File, error){func() (output.File, error) {
		key, list := r.searchKey()
		data, err := rr.cachedListData(SearchFile, key, list, r.searchIndex)
		return output.File{Path: SearchFile, Data: data, Default: true}, err
	}}
	if r.data.SearchURL == "" {
		return jobs
	}
	return append(jobs, r.searchPage)
}

// searchPage renders the built-in search page. Its results show titles
// and headings with TeX typeset: it links KaTeX's stylesheet when the
// index holds any (searchMath), and is made again when that changes.
func (r *renderer) searchPage() (output.File, error) {
	math := searchMath(r.site)
	d := &layout.Page{Site: r.data, Kind: "search", Title: "Search", URL: r.url(SearchSlug),
		Canonical: r.absURL(r.url(SearchSlug)), SearchIndex: r.site.Config.BasePath + SearchFile, Math: math}
	f, err := r.rr.cached(SearchSlug+"/index.html", searchPageKey(math), func() ([]byte, error) {
		return r.theme.execute("search", d)
	})
	if err != nil {
		return f, fmt.Errorf("rendering %s/index.html: %w", SearchSlug, err)
	}
	return f, nil
}

// sameSearchEntry reports whether pages a and b have the same entry in the
// search index (searchIndex).
func sameSearchEntry(a, b *site.Page) bool {
	if a.Title != b.Title || a.TitleHTML != b.TitleHTML || a.Slug != b.Slug || a.Description != b.Description || !slices.Equal(a.Tags, b.Tags) {
		return false
	}
	ha, hb := searchHeadings(a), searchHeadings(b)
	return slices.Equal(ha, hb)
}

// searchHeadings are the headings of p that the search index lists.
func searchHeadings(p *site.Page) []searchHeading {
	var out []searchHeading
	for _, h := range p.Headings {
		if searched(h) {
			out = append(out, searchHeading{Text: h.Text, ID: h.ID, HTML: h.HTML})
		}
	}
	return out
}

// searched reports whether the search index lists a heading: one of the
// first level repeats the title, and one below the fourth is too fine to
// search for.
func searched(h site.Heading) bool {
	return h.Level >= 2 && h.Level <= 4 && h.ID != "" && h.Text != ""
}

// searchMath reports whether the search index holds markup with TeX
// typeset: a page's title, or a heading it lists.
func searchMath(s *site.Site) bool {
	for _, p := range s.Pages {
		if p.TitleHTML != "" {
			return true
		}
		for _, h := range p.Headings {
			if h.HTML != "" && searched(h) {
				return true
			}
		}
	}
	return false
}
