package render

import (
	"bytes"
	"cmp"
	"fmt"
	"hash/fnv"
	"html"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/internal/bibtex"
	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// maxListedAuthors is how many authors a reference lists before "et al.".
const maxListedAuthors = 10

// citer writes a page's citations, the sources of its charts, and its
// references list, from the entries the loader resolved (site.Page's
// References). It is the markdown.CiteWriter half of pageWriter.
type citer struct {
	numeric bool
	// refs is the references list in its order: by first citation when
	// numeric, by author and year otherwise.
	refs  []*refView
	byKey map[string]*refView
}

// refView is one entry of the references list, as the "references"
// template shows it.
type refView struct {
	ID  string // the list item's id, "ref-hoffmann2022"
	Key string
	// Number is the entry's number in a numeric list, from 1.
	Number int
	// Label and Year are what an author-year citation writes ("Hoffmann
	// et al.", "2022", or "2022a" when the page cites two works the same
	// label and year would name).
	Label, Year string
	Authors     string
	Title       string
	Venue       string
	DOI, ArXiv  string // identifiers, linked by the template
	URL         string
	// Tip is the reference in one line of plain text, the title of each
	// link to it.
	Tip string
}

// referencesData is what the "references" template gets.
type referencesData struct {
	Numeric bool
	Refs    []*refView
}

func newCiter(p *site.Body) *citer {
	c := &citer{numeric: p.Page.CiteStyle == site.CiteNumeric, byKey: make(map[string]*refView, len(p.References))}
	for i, e := range p.References {
		v := view(e)
		v.Number = i + 1
		c.refs = append(c.refs, v)
		c.byKey[e.Key] = v
	}
	if c.numeric {
		return c
	}
	first := make(map[string]string, len(p.References)) // by key: the first author, or the label
	for _, e := range p.References {
		first[e.Key] = strings.ToLower(c.byKey[e.Key].Label)
		if names, _, _ := e.Authors(); len(names) > 0 {
			first[e.Key] = strings.ToLower(names[0].Last + " " + names[0].First)
		}
	}
	slices.SortStableFunc(c.refs, func(a, b *refView) int {
		return cmp.Or(cmp.Compare(first[a.Key], first[b.Key]), cmp.Compare(a.Year, b.Year), cmp.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)))
	})
	// Two works by the same authors in the same year: 2022a, 2022b.
	for i := 0; i < len(c.refs); {
		j := i + 1
		for j < len(c.refs) && c.refs[j].Label == c.refs[i].Label && c.refs[j].Year == c.refs[i].Year {
			j++
		}
		if j-i > 1 {
			for k := i; k < j; k++ {
				c.refs[k].Year += string(rune('a' + min(k-i, 25)))
			}
		}
		i = j
	}
	for _, v := range c.refs {
		v.Tip = tip(v)
	}
	return c
}

// view reads an entry for the list.
func view(e *bibtex.Entry) *refView {
	v := &refView{ID: refID(e.Key), Key: e.Key, Title: e.Text("title"), Venue: e.Venue(), DOI: e.DOI(), ArXiv: e.ArXiv(), URL: e.URL()}
	if v.URL == "https://arxiv.org/abs/"+v.ArXiv || v.URL == "https://doi.org/"+v.DOI {
		v.URL = "" // the identifier's link goes there already
	}
	v.Year = e.Year()
	if v.Year == "" {
		v.Year = "n.d."
	}
	names, etAl, editors := e.Authors()
	switch {
	case len(names) == 0:
		v.Label = cmp.Or(shortTitle(v.Title), e.Key)
	case len(names) == 1 && !etAl:
		v.Label = names[0].Family()
	case len(names) == 2 && !etAl:
		v.Label = names[0].Family() + " and " + names[1].Family()
	default:
		v.Label = names[0].Family() + " et al."
	}
	full := make([]string, 0, min(len(names), maxListedAuthors))
	for _, n := range names[:min(len(names), maxListedAuthors)] {
		full = append(full, n.Full())
	}
	switch {
	case len(names) > maxListedAuthors || (etAl && len(full) > 0):
		v.Authors = strings.Join(full, ", ") + ", et al."
	case len(full) == 2:
		v.Authors = full[0] + " and " + full[1]
	case len(full) > 2:
		v.Authors = strings.Join(full[:len(full)-1], ", ") + ", and " + full[len(full)-1]
	case len(full) == 1:
		v.Authors = full[0]
	}
	if editors && v.Authors != "" {
		if len(names) == 1 && !etAl {
			v.Authors += " (ed.)"
		} else {
			v.Authors += " (eds.)"
		}
	}
	v.Tip = tip(v)
	return v
}

// shortTitle is a title cut to a few words, to stand for a work without
// authors in a citation.
func shortTitle(t string) string {
	words := strings.Fields(t)
	if len(words) <= 4 {
		return t
	}
	return strings.Join(words[:4], " ") + "…"
}

func tip(v *refView) string {
	s := v.Label + " (" + v.Year + ")"
	if v.Title != "" {
		s += ". " + v.Title
	}
	if v.Venue != "" {
		s += ". " + v.Venue
	}
	return s + "."
}

// refID is the id of a key's entry in the list: "ref-" and the key, with
// any character an address fragment would have to escape replaced, and
// then a short hash of the key so that two keys stay apart.
func refID(key string) string {
	var b strings.Builder
	b.WriteString("ref-")
	for _, r := range key {
		if ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || ('0' <= r && r <= '9') || r == '-' || r == '_' || r == '.' || r == ':' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.String() != "ref-"+key {
		h := fnv.New32a()
		h.Write([]byte(key))
		fmt.Fprintf(&b, "-%04x", h.Sum32()&0xffff)
	}
	return b.String()
}

// CitationHTML implements markdown.CiteWriter: "(Kaplan et al., 2020;
// Hoffmann et al., 2022)" or "[1, 2]", each work a link to its entry.
func (c *citer) CitationHTML(n *markdown.Citation) []byte {
	var b bytes.Buffer
	b.WriteString(`<span class="citation" data-cites="`)
	b.WriteString(html.EscapeString(strings.Join(n.Keys(), " ")))
	b.WriteString(`">`)
	if c.numeric {
		b.WriteByte('[')
	} else {
		b.WriteByte('(')
	}
	c.items(&b, n.Items, n.Raw)
	if c.numeric {
		b.WriteByte(']')
	} else {
		b.WriteByte(')')
	}
	b.WriteString(`</span>`)
	return b.Bytes()
}

// items writes the works of a citation, without the brackets around them.
func (c *citer) items(b *bytes.Buffer, items []markdown.CiteItem, raw string) {
	sep := "; "
	if c.numeric && !slices.ContainsFunc(items, func(it markdown.CiteItem) bool { return it.Locator != "" }) {
		sep = ", "
	}
	for i, it := range items {
		if i > 0 {
			b.WriteString(sep)
		}
		v := c.byKey[it.Key]
		if v == nil { // the loader resolves every key; this is only a guard
			b.WriteString(html.EscapeString(raw))
			return
		}
		fmt.Fprintf(b, `<a href="#%s" title="%s">`, html.EscapeString(v.ID), html.EscapeString(v.Tip))
		switch {
		case c.numeric:
			fmt.Fprint(b, v.Number)
		case it.SuppressAuthor:
			b.WriteString(html.EscapeString(v.Year))
		default:
			b.WriteString(html.EscapeString(v.Label + ", " + v.Year))
		}
		b.WriteString(`</a>`)
		if it.Locator != "" {
			b.WriteString(", " + html.EscapeString(it.Locator))
		}
	}
}

// source is what a chart shows as its source, or nil for none.
func (c *citer) source(s *site.Source) *layout.Source {
	switch {
	case s == nil:
		return nil
	case len(s.Cite) > 0:
		var b bytes.Buffer
		if c.numeric {
			b.WriteByte('[')
		}
		c.items(&b, s.Cite, s.Text)
		if c.numeric {
			b.WriteByte(']')
		}
		return &layout.Source{Cite: template.HTML(b.String()), Text: s.Text}
	}
	return &layout.Source{URL: s.URL, Text: s.Text}
}

// references writes the page's references list with the theme's
// "references" template, or nothing when the page cites nothing.
func (c *citer) references(w io.Writer, t *template.Template) error {
	if len(c.refs) == 0 {
		return nil
	}
	if t.Lookup("references") == nil {
		return fmt.Errorf("the theme's layouts define no \"references\" template (layouts/references.html), which a page with citations needs")
	}
	return t.ExecuteTemplate(w, "references", referencesData{Numeric: c.numeric, Refs: c.refs})
}
