package fastlayout

// The Go writers of the built-in layouts base.html, page.html, home.html,
// tag.html, list.html and pager.html, and the parts they share: page lists, pagers,
// dates and tag links.

import (
	"html/template"
	"strconv"
	"time"

	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/render/layout"
)

// base writes layouts/base.html up to {{template "main" .}}.
func (f *Writer) base(b []byte, d *layout.Page) []byte {
	s := d.Site
	b = append(b, "<!DOCTYPE html>\n<html lang=\""...)
	if s.Language != "" {
		b = htmlesc.Append(b, s.Language)
	} else {
		b = append(b, "en"...)
	}
	b = append(b, "\">\n<head>\n<meta charset=\"utf-8\">"...)
	if s.ContentSecurityPolicy != "" {
		b = append(b, "\n<meta http-equiv=\"Content-Security-Policy\" content=\""...)
		b = htmlesc.Append(b, s.ContentSecurityPolicy)
		b = append(b, "\">"...)
	}
	b = append(b, "\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"...)
	switch {
	case d.Kind == "home":
		b = htmlesc.Append(b, s.Title)
	case d.Title != "":
		b = htmlesc.Append(b, d.Title)
		b = append(b, " · "...)
		b = htmlesc.Append(b, s.Title)
	case d.Kind == "404":
		b = append(b, "Page not found · "...)
		b = htmlesc.Append(b, s.Title)
	default:
		b = htmlesc.Append(b, s.Title)
	}
	b = append(b, "</title>"...)
	desc := d.Description
	if desc == "" {
		desc = s.Description
	}
	if desc != "" {
		b = append(b, "\n<meta name=\"description\" content=\""...)
		b = htmlesc.Append(b, desc)
		b = append(b, "\">"...)
	}
	b = append(b, "\n<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"generator\" content=\"scalesite\">\n<meta property=\"og:type\" content=\""...)
	if d.Kind == "page" {
		b = append(b, "article"...)
	} else {
		b = append(b, "website"...)
	}
	b = append(b, "\">\n<meta property=\"og:site_name\" content=\""...)
	b = htmlesc.Append(b, s.Title)
	title := s.Title
	if d.Title != "" && d.Kind != "home" {
		title = d.Title
	}
	b = append(b, "\">\n<meta property=\"og:title\" content=\""...)
	b = htmlesc.Append(b, title)
	b = append(b, "\">"...)
	if desc != "" {
		b = append(b, "\n<meta property=\"og:description\" content=\""...)
		b = htmlesc.Append(b, desc)
		b = append(b, "\">"...)
	}
	if d.Canonical != "" {
		b = append(b, "\n<meta property=\"og:url\" content=\""...)
		b = htmlesc.Append(b, d.Canonical)
		b = append(b, "\">\n<link rel=\"canonical\" href=\""...)
		b = htmlesc.AppendURL(b, d.Canonical)
		b = append(b, "\">"...)
	}
	if pg := d.Pager; pg != nil {
		if pg.Newer != "" {
			b = append(b, "\n<link rel=\"prev\" href=\""...)
			b = htmlesc.AppendURL(b, pg.Newer)
			b = append(b, "\">"...)
		}
		if pg.Older != "" {
			b = append(b, "\n<link rel=\"next\" href=\""...)
			b = htmlesc.AppendURL(b, pg.Older)
			b = append(b, "\">"...)
		}
	}
	if c := d.Card; c != nil {
		b = append(b, "\n<meta property=\"og:image\" content=\""...)
		b = htmlesc.Append(b, c.URL)
		b = append(b, "\">\n<meta property=\"og:image:type\" content=\"image/png\">\n<meta property=\"og:image:width\" content=\""...)
		b = strconv.AppendInt(b, int64(c.Width), 10)
		b = append(b, "\">\n<meta property=\"og:image:height\" content=\""...)
		b = strconv.AppendInt(b, int64(c.Height), 10)
		b = append(b, "\">\n<meta property=\"og:image:alt\" content=\""...)
		b = htmlesc.Append(b, c.Alt)
		b = append(b, "\">\n<meta name=\"twitter:card\" content=\"summary_large_image\">"...)
	} else {
		b = append(b, "\n<meta name=\"twitter:card\" content=\"summary\">"...)
	}
	b = append(b, "\n<meta name=\"twitter:title\" content=\""...)
	b = htmlesc.Append(b, title)
	b = append(b, "\">"...)
	if desc != "" {
		b = append(b, "\n<meta name=\"twitter:description\" content=\""...)
		b = htmlesc.Append(b, desc)
		b = append(b, "\">"...)
	}
	if c := d.Card; c != nil {
		b = append(b, "\n<meta name=\"twitter:image\" content=\""...)
		b = htmlesc.Append(b, c.URL)
		b = append(b, "\">\n<meta name=\"twitter:image:alt\" content=\""...)
		b = htmlesc.Append(b, c.Alt)
		b = append(b, "\">"...)
	}
	if d.Kind == "404" || d.Kind == "search" {
		b = append(b, "\n<meta name=\"robots\" content=\"noindex\">"...)
	}
	b = append(b, "\n<link rel=\"icon\" href=\""...)
	b = append(b, f.icon...)
	b = append(b, "\" type=\"image/svg+xml\">\n<link rel=\"alternate\" type=\"application/atom+xml\" title=\""...)
	b = htmlesc.Append(b, s.Title)
	b = append(b, "\" href=\""...)
	b = htmlesc.AppendURL(b, s.FeedURL)
	b = append(b, "\">\n<link rel=\"stylesheet\" href=\""...)
	b = append(b, f.siteCSS...)
	b = append(b, "\">"...)
	if d.Math {
		b = append(b, "\n<link rel=\"stylesheet\" href=\""...)
		b = htmlesc.AppendURL(b, s.MathCSS)
		b = append(b, "\">"...)
	}
	if d.Code {
		b = append(b, "\n<link rel=\"stylesheet\" href=\""...)
		b = append(b, f.codeCSS...)
		b = append(b, "\">\n<script src=\""...)
		b = append(b, f.codeJS...)
		b = append(b, "\" defer></script>"...)
	}
	if d.Kind == "search" {
		b = append(b, "\n<script src=\""...)
		b = append(b, f.searchJS...)
		b = append(b, "\" defer></script>"...)
	}
	if d.Charts > 0 && s.ChartFont != "" {
		b = append(b, '\n')
		b = append(b, s.ChartFont...)
	}
	if d.Charts > 0 {
		b = append(b, f.chartScripts...)
	}
	b = append(b, "\n</head>\n<body class=\"kind-"...)
	b = htmlesc.Append(b, d.Kind)
	b = append(b, "\">\n<a class=\"skip-link\" href=\"#content\">Skip to content</a>\n<header class=\"site-header\">\n  <div class=\"site-header-inner\">\n    <a class=\"site-title\" href=\""...)
	b = append(b, f.home...)
	b = append(b, '"')
	if d.Kind == "home" {
		b = append(b, " aria-current=\"page\""...)
	}
	b = append(b, '>')
	b = htmlesc.Append(b, s.Title)
	b = append(b, "</a>"...)
	if s.SearchURL != "" {
		b = append(b, "\n    <a class=\"site-search\" href=\""...)
		b = htmlesc.AppendURL(b, s.SearchURL)
		b = append(b, '"')
		if d.Kind == "search" {
			b = append(b, " aria-current=\"page\""...)
		}
		b = append(b, ">Search</a>"...)
	}
	return append(b, "\n  </div>\n</header>\n<main id=\"content\">\n"...)
}

// baseEnd writes layouts/base.html after {{template "main" .}}.
func (f *Writer) baseEnd(b []byte, d *layout.Page) []byte {
	s := d.Site
	b = append(b, "\n</main>\n<footer class=\"site-footer\">\n  <div class=\"site-footer-inner\">\n    <p>"...)
	if s.HasTags {
		b = append(b, "<a href=\""...)
		b = append(b, f.tagsIndex...)
		b = append(b, "\">Tags</a> · "...)
	}
	b = append(b, "<a href=\""...)
	b = htmlesc.AppendURL(b, s.FeedURL)
	return append(b, "\">Feed</a> · Built with scalesite</p>\n  </div>\n</footer>\n</body>\n</html>\n"...)
}

// pageMain writes the "main" template of layouts/page.html.
func (f *Writer) pageMain(b []byte, d *layout.Page) []byte {
	b = f.pageMainHead(b, d)
	b = append(b, d.Content...)
	return pageMainTail(b, d)
}

// PageContent is Page for a page of kind "page" whose "main" template is
// the built-in one (Main("page")), with the page's content appended in its
// place by content instead of taken from d.Content: written straight into
// the page, the content is not made apart and copied in. On an error it
// returns what it wrote so far, as Page does.
func (f *Writer) PageContent(b []byte, d *layout.Page, content func([]byte) ([]byte, error)) ([]byte, error) {
	b = f.base(b, d)
	b = f.pageMainHead(b, d)
	b, err := content(b)
	if err != nil {
		return b, err
	}
	b = pageMainTail(b, d)
	return f.baseEnd(b, d), nil
}

// pageMainHead writes the "main" template of layouts/page.html up to
// {{.Content}}.
func (f *Writer) pageMainHead(b []byte, d *layout.Page) []byte {
	b = append(b, "<article class=\"post\">\n  <header class=\"post-header prose\">\n    <h1 class=\"post-title\">"...)
	b = appendTitle(b, d.TitleHTML, d.Title)
	b = append(b, "</h1>"...)
	if !d.Date.IsZero() || len(d.Tags) > 0 {
		b = append(b, "\n    <p class=\"post-meta\">"...)
		b = appendDate(b, d.Date)
		b = f.appendTags(b, d.Tags, 0)
		b = append(b, "</p>"...)
	}
	b = append(b, "\n  </header>"...)
	if len(d.TOC) > 0 {
		b = append(b, "\n  <nav class=\"toc prose\" aria-label=\"Contents\">\n    <p class=\"toc-title\" aria-hidden=\"true\">Contents</p>\n    <ul>"...)
		for _, e := range d.TOC {
			b = append(b, "\n      <li><a href=\"#"...)
			b = htmlesc.AppendURLPart(b, e.ID)
			b = append(b, "\">"...)
			b = appendTitle(b, e.HTML, e.Text)
			b = append(b, "</a>"...)
			if len(e.Sub) > 0 {
				b = append(b, "\n        <ul>"...)
				for _, s := range e.Sub {
					b = append(b, "\n          <li><a href=\"#"...)
					b = htmlesc.AppendURLPart(b, s.ID)
					b = append(b, "\">"...)
					b = appendTitle(b, s.HTML, s.Text)
					b = append(b, "</a></li>"...)
				}
				b = append(b, "\n        </ul>"...)
			}
			b = append(b, "\n      </li>"...)
		}
		b = append(b, "\n    </ul>\n  </nav>"...)
	}
	return append(b, "\n  <div class=\"post-body prose\">\n"...)
}

// pageMainTail writes the "main" template of layouts/page.html after
// {{.Content}}.
func pageMainTail(b []byte, d *layout.Page) []byte {
	b = append(b, "\n  </div>"...)
	if d.Prev != nil || d.Next != nil {
		b = append(b, "\n  <nav class=\"post-nav-wrap prose\" aria-label=\"More pages\">\n    <div class=\"post-nav\">"...)
		if p := d.Prev; p != nil {
			b = append(b, "\n    <a class=\"post-nav-prev\" href=\""...)
			b = htmlesc.AppendURL(b, p.URL)
			b = append(b, "\" rel=\"prev\"><span class=\"post-nav-label\">← Older</span> "...)
			b = appendTitle(b, p.TitleHTML, p.Title)
			b = append(b, "</a>"...)
		}
		if p := d.Next; p != nil {
			b = append(b, "\n    <a class=\"post-nav-next\" href=\""...)
			b = htmlesc.AppendURL(b, p.URL)
			b = append(b, "\" rel=\"next\"><span class=\"post-nav-label\">Newer →</span> "...)
			b = appendTitle(b, p.TitleHTML, p.Title)
			b = append(b, "</a>"...)
		}
		b = append(b, "\n    </div>\n  </nav>"...)
	}
	return append(b, "\n</article>"...)
}

// homeMain writes the "main" template of layouts/home.html.
func (f *Writer) homeMain(b []byte, d *layout.Page) []byte {
	b = append(b, "<div class=\"home\">\n  <header class=\"home-header prose\">\n    <h1 class=\"home-title\">"...)
	b = htmlesc.Append(b, d.Site.Title)
	b = append(b, "</h1>"...)
	if d.Site.Description != "" {
		b = append(b, "\n    <p class=\"home-description\">"...)
		b = htmlesc.Append(b, d.Site.Description)
		b = append(b, "</p>"...)
	}
	b = append(b, "\n  </header>"...)
	if d.Content != "" {
		b = append(b, "\n  <div class=\"home-intro prose\">\n"...)
		b = append(b, d.Content...)
		b = append(b, "\n  </div>"...)
	}
	b = append(b, "\n  <section class=\"post-list prose\" aria-labelledby=\"post-list-heading\">\n    <h2 id=\"post-list-heading\" class=\"post-list-heading\">Pages</h2>"...)
	if len(d.Pages) > 0 {
		b = f.appendPageList(b, d.Pages)
		if d.Pager != nil {
			b = appendPager(b, d.Pager)
		}
	} else {
		b = append(b, "\n    <p class=\"empty\">No pages yet. Add a Markdown file under <code>content/</code> and build again.</p>"...)
	}
	return append(b, "\n  </section>\n</div>"...)
}

// tagMain writes the "main" template of layouts/tag.html.
func (f *Writer) tagMain(b []byte, d *layout.Page) []byte {
	b = append(b, "<div class=\"home tag-page\">\n  <header class=\"home-header prose\">\n    <p class=\"tag-kicker\"><a href=\""...)
	b = append(b, f.tagsIndex...)
	b = append(b, "\">Tags</a></p>\n    <h1 class=\"home-title\">"...)
	b = htmlesc.Append(b, d.Title)
	b = append(b, "</h1>"...)
	var pg layout.Pager // the template fails on a nil Pager; render always sets it
	if d.Pager != nil {
		pg = *d.Pager
	}
	// A full page of the listing (Number ≥ 1) does not count the tag's
	// pages: it stays as it is while pages are added (render/listing.go).
	if pg.Number != 0 {
		b = append(b, "\n    <p class=\"home-description\">Pages tagged “"...)
	} else {
		b = append(b, "\n    <p class=\"home-description\">"...)
		b = strconv.AppendInt(b, int64(pg.Total), 10)
		if pg.Total == 1 {
			b = append(b, " page"...)
		} else {
			b = append(b, " pages"...)
		}
		b = append(b, " tagged “"...)
	}
	b = htmlesc.Append(b, d.Title)
	b = append(b, "”.</p>\n  </header>\n  <section class=\"post-list prose\">"...)
	b = f.appendPageList(b, d.Pages)
	b = appendPager(b, &pg)
	return append(b, "\n  </section>\n</div>"...)
}

// appendPager writes the "pager" template of layouts/pager.html: the links
// to a listing's newer and older pages, when it has more than one.
func appendPager(b []byte, pg *layout.Pager) []byte {
	if pg.Count <= 1 {
		return b
	}
	b = append(b, "\n    <nav class=\"pager\" aria-label=\"More pages of this list\">"...)
	if pg.Newer != "" {
		b = append(b, "\n      <a class=\"pager-newer\" href=\""...)
		b = htmlesc.AppendURL(b, pg.Newer)
		b = append(b, "\" rel=\"prev\">← Newer</a>"...)
	}
	if pg.Number != 0 {
		b = append(b, "\n      <span class=\"pager-at\">Page "...)
		b = strconv.AppendInt(b, int64(pg.Number), 10)
		b = append(b, " from the oldest: entries "...)
	} else {
		b = append(b, "\n      <span class=\"pager-at\">The newest: entries "...)
	}
	b = strconv.AppendInt(b, int64(pg.From), 10)
	b = append(b, "–"...)
	b = strconv.AppendInt(b, int64(pg.To), 10)
	b = append(b, "</span>"...)
	if pg.Older != "" {
		b = append(b, "\n      <a class=\"pager-older\" href=\""...)
		b = htmlesc.AppendURL(b, pg.Older)
		b = append(b, "\" rel=\"next\">Older →</a>"...)
	}
	return append(b, "\n    </nav>"...)
}

// appendPageList writes the "page-list" template of layouts/list.html.
func (f *Writer) appendPageList(b []byte, pages []layout.PageLink) []byte {
	b = append(b, "<ul class=\"post-list-items\">"...)
	for i := range pages {
		p := &pages[i]
		b = append(b, "\n      <li class=\"post-item\">\n        <h3 class=\"post-item-title\"><a href=\""...)
		b = htmlesc.AppendURL(b, p.URL)
		b = append(b, "\">"...)
		b = appendTitle(b, p.TitleHTML, p.Title)
		b = append(b, "</a></h3>"...)
		if p.Description != "" {
			b = append(b, "\n        <p class=\"post-item-description\">"...)
			b = htmlesc.Append(b, p.Description)
			b = append(b, "</p>"...)
		}
		if len(p.ChartTitles) > 0 {
			b = append(b, "\n        <p class=\"post-item-charts\">"...)
			for j, t := range p.ChartTitles {
				if j != 0 {
					b = append(b, " · "...)
				}
				b = append(b, "<span class=\"post-item-chart\">"...)
				b = htmlesc.Append(b, t)
				b = append(b, "</span>"...)
			}
			b = append(b, "</p>"...)
		}
		if !p.Date.IsZero() || len(p.Tags) > 0 || p.Charts > 0 {
			b = append(b, "\n        <p class=\"post-meta\">"...)
			b = appendDate(b, p.Date)
			if p.Charts > 0 {
				b = append(b, "<span class=\"chart-count\"><svg viewBox=\"0 0 16 16\" aria-hidden=\"true\" focusable=\"false\"><path d=\"M1.5 14.5h13M2.5 12l3.5-4.5 3 2.5 4.5-6.5\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"...)
				b = strconv.AppendInt(b, int64(p.Charts), 10)
				if p.Charts == 1 {
					b = append(b, " chart</span>"...)
				} else {
					b = append(b, " charts</span>"...)
				}
			}
			b = f.appendTags(b, p.Tags, p.MoreTags)
			b = append(b, "</p>"...)
		}
		b = append(b, "\n      </li>"...)
	}
	return append(b, "\n    </ul>"...)
}

// appendDate writes the <time> of a page or a listed page, if it has a date.
func appendDate(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return b
	}
	var tmp [64]byte
	b = append(b, "<time datetime=\""...)
	b = htmlesc.Append(b, t.AppendFormat(tmp[:0], "2006-01-02"))
	b = append(b, "\">"...)
	b = htmlesc.Append(b, t.AppendFormat(tmp[:0], "2 January 2006"))
	return append(b, "</time>"...)
}

// maxTagLinks is the most tag links a Writer keeps.
const maxTagLinks = 1 << 12

// appendTags writes the <span> of a page's tags, if it has any, and says
// how many more it has when more is not 0 (a listing's entry).
func (f *Writer) appendTags(b []byte, tags []string, more int) []byte {
	if len(tags) == 0 {
		return b
	}
	b = append(b, "<span class=\"tags\">"...)
	for _, t := range tags {
		if l, ok := f.tagLinks.Load(t); ok {
			b = append(b, l.(string)...)
			continue
		}
		l := []byte("<a class=\"tag\" href=\"")
		l = htmlesc.AppendURL(l, layout.TagURL(f.basePath, t))
		l = append(l, "\" rel=\"tag\">"...)
		l = htmlesc.Append(l, t)
		l = append(l, "</a>"...)
		if f.tagLinkCount.Load() < maxTagLinks {
			f.tagLinkCount.Add(1)
			f.tagLinks.Store(t, string(l))
		}
		b = append(b, l...)
	}
	if more != 0 {
		b = append(b, "<span class=\"tag-count\">+"...)
		b = strconv.AppendInt(b, int64(more), 10)
		b = append(b, " more</span>"...)
	}
	return append(b, "</span>"...)
}

// appendTitle writes a title or heading as the layouts do with
// {{with .TitleHTML}}{{.}}{{else}}{{.Title}}{{end}}: its markup, TeX
// typeset by the build, when it has any, else its text escaped.
func appendTitle(b []byte, html template.HTML, text string) []byte {
	if html != "" {
		return append(b, html...)
	}
	return htmlesc.Append(b, text)
}
