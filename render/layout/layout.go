// Package layout is what the theme's layouts are given: the data of a page
// (Page, with the Site, PageLink, TagLink and TOCEntry it holds), of a
// chart (Chart, with its Source), the functions a layout may call (Funcs),
// and the layouts parsed into one template set per kind of page (Parse).
//
// It sits below both writers of a page: package render, which executes the
// theme's templates, and package fastlayout, which writes the built-in
// layouts in Go. Both read the same types from here, so the two cannot be
// given different data.
package layout

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/scalesite/scalesite/site"
)

// Site is the site as layouts see it.
type Site struct {
	Title       string
	Description string
	BaseURL     string
	BasePath    string // "/" or "/repo/"
	Language    string
	FeedURL     string // the Atom feed's path
	HasTags     bool   // whether there are tag pages (and a tags/ index)
	// SearchURL is the address of the built-in search page (render's
	// search.go), or "" when the site has a page of its own at search/.
	SearchURL string
	// ContentSecurityPolicy is the policy the pages run under, which
	// layouts/base.html sets with <meta http-equiv> as the first element of
	// <head>: a site's own base.html should set it too.
	ContentSecurityPolicy string
	// MathCSS is the address of KaTeX's stylesheet, which pages with Math
	// link (render's math.go).
	MathCSS string
	// ChartFont is the markup that loads the chart font, which pages with
	// charts carry in their head when the site has static figures (render's
	// chartfont.go); empty otherwise.
	ChartFont template.HTML
}

// Page is what a layout gets.
type Page struct {
	Site *Site
	Kind string // one of Kinds: "page", "home", "404", "tag" (one tag's pages), "tags" (every tag) or "search"
	// Title is the page's title in plain text, for <title> and meta tags;
	// TitleHTML its markup, its TeX typeset, where it is shown as HTML (the
	// h1), when it holds a formula, else "" (site/title.go).
	Title       string
	TitleHTML   template.HTML
	Description string
	Date        time.Time
	Tags        []string
	URL         string
	// Canonical is the page's full address when the base URL names a host
	// (https://user.github.io/repo/a/), else its path.
	Canonical string
	Content   template.HTML
	Pages     []PageLink // home and tag pages: the pages listed on this page of the listing
	// Pager is where this page of a listing stands among the listing's
	// pages, on home and tag pages; nil on other kinds.
	Pager   *Pager
	TagList []TagLink // the tags index: every tag
	// Prev is the next older page and Next the next newer one, on pages.
	Prev, Next *PageLink
	Charts     int
	// ChartScripts are the theme's chart scripts, by name under assets/,
	// that some of the page's charts need and the chart bundle does not
	// hold (themes.OptionalScripts, as chart.Scripts says): the layout
	// loads each after the bundle.
	ChartScripts []string
	// Code reports a code block on the page: the layout loads the code
	// stylesheet and the copy button script.
	Code bool
	// TOC is the page's table of contents, when it asks for one.
	TOC []TOCEntry
	// SearchIndex is the address of the search index, on the search page.
	SearchIndex string
	// Math reports a formula on the page: the layout links KaTeX's
	// stylesheet (Site.MathCSS).
	Math bool
	// MathFonts are the addresses of the KaTeX fonts the page's typeset
	// TeX is drawn in (its prose's formulas, its charts' titles, its own,
	// its headings', its links'), which the layout preloads with the
	// stylesheet: KaTeX's fonts hide and then move their text when they
	// arrive after the first layout (render's math.go).
	MathFonts []string
	// Card is the page's social card, the picture link previews show
	// (og:image), or nil when it has none.
	Card *Card
}

// Card is a page's social card: a PNG of one of its charts.
type Card struct {
	URL           string // its full address when the base URL names a host, else its path
	Width, Height int    // in pixels
	Alt           string // the chart's text alternative
}

// ListedTags is the most tags a listing's entry (PageLink) shows.
const ListedTags = 5

// PageLink is a page in a listing.
type PageLink struct {
	Title, URL, Description string
	// TitleHTML is the title's markup, its TeX typeset, when it holds a
	// formula; "" otherwise (Page.TitleHTML).
	TitleHTML template.HTML
	Date      time.Time
	// Tags are the first of the page's tags, at most ListedTags of them:
	// a page is listed under each of its tags, so an entry that showed
	// every tag would make the listings grow with the square of the tags.
	Tags []string
	// MoreTags is how many of the page's tags the entry leaves out (the
	// page itself shows them all).
	MoreTags int
	Charts   int
	// ChartTitles are the titles of the page's charts, so a listing can say
	// what the page plots.
	ChartTitles []string
	// Memo, when not nil, keeps the entry as the built-in theme's
	// page-list writes it in Go (package fastlayout), so that it is
	// written once, however many listing pages show it: shared by every
	// copy of the link, it must be given to one link's values only, and
	// left out of any checksum of them. A template does not read it.
	Memo *EntryMemo
}

// EntryMemo keeps the markup of one listing's entry (PageLink.Memo). It is
// safe for concurrent use; a nil *EntryMemo keeps nothing.
type EntryMemo struct {
	markup atomic.Pointer[[]byte]
}

// Markup is the entry's markup as kept, or nil.
func (m *EntryMemo) Markup() []byte {
	if m == nil {
		return nil
	}
	if b := m.markup.Load(); b != nil {
		return *b
	}
	return nil
}

// Keep keeps a copy of b as the entry's markup, unless one is kept.
func (m *EntryMemo) Keep(b []byte) {
	if m == nil || m.markup.Load() != nil {
		return
	}
	c := slices.Clone(b)
	m.markup.CompareAndSwap(nil, &c)
}

// Pager is where one page of a listing (the home page's list of pages, a
// tag's) stands among the pages the listing is cut into: listSize entries
// each (scalesite.yaml), numbered from the oldest, so that a full page
// shows the same entries for the life of the site: page n at the
// listing's page/n/ holds its entries (n−1)·listSize+1 … n·listSize,
// counted from the oldest, and the first page, at the listing's own
// address, the newest rest (render/listing.go).
type Pager struct {
	// Number is this page's number from the oldest, n of page/n/; 0 on
	// the listing's first page.
	Number int
	Count  int // how many pages the listing has, 1 or more
	Total  int // how many entries the listing has, across its pages
	// From and To are the entries this page shows, counted from the
	// oldest (1 the oldest, Total the newest), From ≤ To when it shows any.
	From, To int
	// Newer is the address of the page of the next newer entries, Older
	// of the next older; "" at either end. The layouts link them with
	// rel="prev" and rel="next": a listing reads newest first.
	Newer, Older string
}

// TagLink is a tag in the tags index.
type TagLink struct {
	Name, URL string
	Pages     int
}

// TOCEntry is a heading in a page's table of contents (layouts/page.html),
// with the headings of the level below it.
type TOCEntry struct {
	ID, Text string
	// HTML is the heading's markup, its TeX typeset, when it holds a
	// formula; "" otherwise.
	HTML template.HTML
	Sub  []TOCEntry
}

// Kinds are the kinds of page, one layout each (layouts/<kind>.html). A
// new slice each call, as a caller may sort or extend it.
func Kinds() []string { return []string{"page", "home", "404", "tag", "tags", "search"} }

// TagURL is the address of a tag's page: the layouts' tagURL, and the tag
// links the Go writers write.
func TagURL(basePath, tag string) string { return basePath + "tags/" + site.TagSlug(tag) + "/" }

// Funcs are the functions a layout may call, for a site at basePath whose
// theme's assets are at the addresses asset returns (false: no such asset).
func Funcs(basePath string, asset func(name string) (string, bool)) template.FuncMap {
	return template.FuncMap{
		"asset": func(name string) (string, error) {
			p, ok := asset(name)
			if !ok {
				return "", fmt.Errorf("the theme has no asset %q", name)
			}
			return basePath + p, nil
		},
		"url": func(p string) string { return basePath + strings.TrimPrefix(p, "/") },
		// tagURL is the address of a tag's page.
		"tagURL": func(tag string) string { return TagURL(basePath, tag) },
	}
}

// Parse parses a theme's layouts (files by their path in the theme,
// "layouts/base.html"; other paths are passed over) into one template set
// per kind of page: the kind's own file and every other layout, a partial
// available to all of them. fileErr names the file of a parse error.
func Parse(files map[string][]byte, funcs template.FuncMap, fileErr func(path string, err error) error) (map[string]*template.Template, error) {
	kinds := Kinds()
	base := template.New("").Funcs(funcs)
	for _, p := range slices.Sorted(maps.Keys(files)) {
		name, ok := strings.CutPrefix(p, "layouts/")
		if !ok || !strings.HasSuffix(name, ".html") || slices.Contains(kinds, strings.TrimSuffix(name, ".html")) {
			continue
		}
		if _, err := base.New(name).Parse(string(files[p])); err != nil {
			return nil, fileErr(p, err)
		}
	}
	out := make(map[string]*template.Template, len(kinds))
	for _, kind := range kinds {
		p := "layouts/" + kind + ".html"
		src, ok := files[p]
		if !ok {
			return nil, fmt.Errorf("the theme has no %s", p)
		}
		k, err := base.Clone()
		if err == nil {
			_, err = k.New(kind + ".html").Parse(string(src))
		}
		if err != nil {
			return nil, fileErr(p, err)
		}
		if k.Lookup("base") == nil {
			return nil, errors.New("the theme's layouts define no \"base\" template (layouts/base.html)")
		}
		out[kind] = k
	}
	return out, nil
}

// Fingerprint identifies the parse tree of the named template of t, or is
// "" when t has none: package fastlayout writes a built-in template in Go
// only while a theme's template has the built-in one's fingerprint.
func Fingerprint(t *template.Template, name string) string {
	x := t.Lookup(name)
	if x == nil || x.Tree == nil || x.Tree.Root == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(x.Tree.Root.String()))
	return hex.EncodeToString(sum[:8])
}
