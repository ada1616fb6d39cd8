package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"time"

	"github.com/scalesite/scalesite/site"
)

// The files every site gets besides its pages, so that it behaves like a real
// website on GitHub Pages: a sitemap and robots.txt for search engines, an
// Atom feed for readers, and tag pages.
const (
	SitemapFile = "sitemap.xml"
	FeedFile    = "feed.xml"
	RobotsFile  = "robots.txt"
)

// TagSlug is the folder of a tag's page under tags/, as site.TagSlug makes
// it: the loader checks tags with it, and the pages, links and feed use the
// same folder.
func TagSlug(tag string) string { return site.TagSlug(tag) }

// tagGroup is one tag with its pages, newest first.
type tagGroup struct {
	Name  string
	Slug  string
	Pages []*site.Page
}

// groupTags is tagGroups(pages), by a Renderer that remembers from each
// page's tags, numbered once per page value (listedPage.tags): a save
// that adds or moves a page of 10,000 groups them again without a tag's
// slug made or looked up by name.
func (r *renderer) groupTags(pages []*site.Page) []tagGroup {
	rr := r.rr
	if rr.links == nil {
		return tagGroups(pages)
	}
	var byID []tagGroup
	for _, p := range pages {
		k := r.listed(p)
		rr.mu.Lock()
		if !k.tagsDone {
			k.tags, k.tagsDone = rr.numberTags(p), true
		}
		tags := k.tags
		rr.mu.Unlock()
		for _, t := range tags {
			if t.id >= len(byID) {
				byID = append(byID, make([]tagGroup, t.id+1-len(byID))...)
			}
			g := &byID[t.id]
			if g.Pages == nil {
				g.Name, g.Slug = t.name, rr.tagSlugs[t.id]
			}
			g.Pages = append(g.Pages, p)
		}
	}
	out := make([]tagGroup, 0, len(byID))
	for _, g := range byID {
		if g.Pages != nil {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b tagGroup) int { return strings.Compare(a.Slug, b.Slug) })
	return out
}

// numberTags is p's tags, one per slug as first written, each with its
// slug's number (tagIDs, given to slugs as first met). It is called with
// rr.mu held.
func (rr *Renderer) numberTags(p *site.Page) []pageTag {
	if len(p.Tags) == 0 {
		return nil
	}
	if rr.tagIDs == nil {
		rr.tagIDs = map[string]int{}
	}
	tags := make([]pageTag, 0, len(p.Tags))
	for _, t := range p.Tags {
		slug := TagSlug(t)
		id, ok := rr.tagIDs[slug]
		if !ok {
			id = len(rr.tagSlugs)
			rr.tagIDs[slug] = id
			rr.tagSlugs = append(rr.tagSlugs, slug)
		}
		if !slices.ContainsFunc(tags, func(pt pageTag) bool { return pt.id == id }) {
			tags = append(tags, pageTag{id: id, name: t})
		}
	}
	return tags
}

// tagGroups groups the site's pages by tag, in tag-slug order. Tags that
// differ only in case share a page, named as first written; the loader
// refuses other spellings that would share one.
func tagGroups(pages []*site.Page) []tagGroup {
	bySlug := map[string]*tagGroup{}
	// Each spelling's slug, made once: a save regroups every page of the
	// site, whose tags are few spellings many times over.
	slugs := map[string]string{}
	var order []string
	var seen []string // the slugs of the page's tags so far, when it has few
	for _, p := range pages {
		seen = seen[:0]
		var many map[string]bool // or when it has many
		if len(p.Tags) > 16 {
			many = map[string]bool{}
		}
		for _, t := range p.Tags {
			slug, ok := slugs[t]
			if !ok {
				slug = TagSlug(t)
				slugs[t] = slug
			}
			if many != nil {
				if many[slug] {
					continue
				}
				many[slug] = true
			} else {
				if slices.Contains(seen, slug) {
					continue
				}
				seen = append(seen, slug)
			}
			g := bySlug[slug]
			if g == nil {
				g = &tagGroup{Name: t, Slug: slug}
				bySlug[slug] = g
				order = append(order, slug)
			}
			g.Pages = append(g.Pages, p)
		}
	}
	slices.Sort(order)
	out := make([]tagGroup, len(order))
	for i, s := range order {
		out[i] = *bySlug[s]
	}
	return out
}

// absURL makes a site path absolute with the base URL's scheme and host.
// With a base URL that is only a path ("/"), the path is the best there is.
func (r *renderer) absURL(path string) string {
	return r.origin + path
}

// sitemap lists the home page, every page and every tag page, and every
// page of their listings.
func (r *renderer) sitemap(groups []tagGroup) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	b.Grow(100 * (len(r.site.Pages) + len(groups) + 2))
	// An address is the site's origin and base path, then a slug and "/":
	// written piece by piece, escaped only when a piece needs it (the
	// preview makes the sitemap again when a page is added: 10,000 entries).
	prefix := r.origin + r.site.Config.BasePath
	var scratch []byte
	write := func(s string) {
		if xmlPlain(s) {
			b.WriteString(s)
		} else {
			xml.EscapeText(&b, []byte(s))
		}
	}
	entry := func(slug string, date time.Time) {
		b.WriteString("  <url><loc>")
		write(prefix)
		if slug != "" {
			write(slug)
			b.WriteByte('/')
		}
		b.WriteString("</loc>")
		if !date.IsZero() {
			b.WriteString("<lastmod>")
			scratch = appendDay(scratch[:0], date.UTC())
			b.Write(scratch)
			b.WriteString("</lastmod>")
		}
		b.WriteString("</url>\n")
	}
	listed := func(slug string, pages []*site.Page) { entry(slug, newest(pages)) }
	entry("", newest(r.site.Pages))
	r.listingSitemap(r.homeListing(), listed)
	for _, p := range r.site.Pages {
		entry(p.Slug, p.Date)
	}
	if len(groups) > 0 {
		entry("tags", time.Time{})
	}
	for _, g := range groups {
		entry("tags/"+g.Slug, newest(g.Pages))
		r.listingSitemap(tagListing(g), listed)
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// appendDay appends t's date as 2006-01-02 (what t.AppendFormat writes for
// a year of four digits, at a tenth of its cost).
func appendDay(b []byte, t time.Time) []byte {
	y, m, d := t.Date()
	if y < 0 || y > 9999 {
		return t.AppendFormat(b, "2006-01-02")
	}
	return append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
}

// xmlPlain reports whether xml.EscapeText writes s as it is: printable
// ASCII without the characters it escapes.
func xmlPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' {
			return false
		}
	}
	return true
}

func newest(pages []*site.Page) time.Time {
	var t time.Time
	for _, p := range pages {
		if p.Date.After(t) {
			t = p.Date
		}
	}
	return t
}

// feed is an Atom feed of the newest pages (feedSize in scalesite.yaml,
// 20 by default, as Hugo's rssLimit bounds its feeds), newest first: a feed
// reader wants what is new, and a feed of every page of a large site is
// megabytes each reader fetches again and again. Its "updated" time is the
// newest page's date, never the build time, so two builds are identical.
func (r *renderer) feed() ([]byte, error) {
	type link struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr,omitempty"`
		Type string `xml:"type,attr,omitempty"`
	}
	type entry struct {
		Title   string   `xml:"title"`
		Link    link     `xml:"link"`
		ID      string   `xml:"id"`
		Updated string   `xml:"updated"`
		Summary string   `xml:"summary,omitempty"`
		Content *content `xml:"content,omitempty"`
		Cats    []catXML `xml:"category"`
	}
	type feed struct {
		XMLName  xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
		Title    string   `xml:"title"`
		Subtitle string   `xml:"subtitle,omitempty"`
		Links    []link   `xml:"link"`
		ID       string   `xml:"id"`
		Updated  string   `xml:"updated"`
		Author   struct {
			Name string `xml:"name"`
		} `xml:"author"`
		Generator string  `xml:"generator"`
		Entries   []entry `xml:"entry"`
	}
	stamp := func(t time.Time) string {
		if t.IsZero() {
			t = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		return t.UTC().Format(time.RFC3339)
	}
	pages := r.feedPages() // the dated pages come first, the newest first
	f := feed{Title: r.site.Config.Title, Subtitle: r.site.Config.Description, ID: r.absURL(r.url("")),
		Updated: stamp(newest(pages)), Generator: "scalesite"}
	f.Author.Name = r.site.Config.Title
	f.Links = []link{{Href: r.absURL(r.url("")), Rel: "alternate", Type: "text/html"}, {Href: r.absURL(r.url("") + FeedFile), Rel: "self", Type: "application/atom+xml"}}
	for _, p := range pages {
		e := entry{Title: p.Title, Link: link{Href: r.absURL(r.url(p.Slug))}, ID: r.absURL(r.url(p.Slug)), Updated: stamp(p.Date), Summary: p.Description}
		for _, t := range p.Tags {
			e.Cats = append(e.Cats, catXML{Term: t})
		}
		if r.rr.statics != nil && len(p.Charts) > 0 {
			e.Content = &content{Type: "html", Text: r.feedFigures(p)}
		}
		f.Entries = append(f.Entries, e)
	}
	out, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", FeedFile, err)
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

type content struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// feedFigures is the HTML of a feed entry's content: the page's
// description, and each chart's static figure as an image (its SVG file,
// beside its CSV: feed readers run no scripts, and few show inline SVG),
// its title as its text alternative and caption.
func (r *renderer) feedFigures(p *site.Page) string {
	var b strings.Builder
	if p.Description != "" {
		b.WriteString("<p>")
		b.WriteString(template.HTMLEscapeString(p.Description))
		b.WriteString("</p>\n")
	}
	for i, c := range p.Charts {
		alt := c.Title
		if alt == "" {
			alt = fmt.Sprintf("Chart %d of %q", i+1, p.Title)
		}
		src := r.absURL(r.url(p.Slug) + staticName(c.ID))
		b.WriteString(`<figure><img src="`)
		b.WriteString(template.HTMLEscapeString(src))
		b.WriteString(`" alt="`)
		b.WriteString(template.HTMLEscapeString(alt))
		b.WriteString(`">`)
		if t := c.Title; t != "" {
			b.WriteString("<figcaption>")
			b.WriteString(template.HTMLEscapeString(t))
			b.WriteString("</figcaption>")
		}
		b.WriteString("</figure>\n")
	}
	return b.String()
}

type catXML struct {
	Term string `xml:"term,attr"`
}

// robots allows everything and points at the sitemap.
func (r *renderer) robots() []byte {
	return []byte("User-agent: *\nAllow: /\n\nSitemap: " + r.absURL(r.url("")+SitemapFile) + "\n")
}
