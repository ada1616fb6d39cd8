// Package render turns a loaded site into the files of the static site:
// Markdown into HTML (with the markdown package), pages into documents
// through the theme's layouts, the listings, feed, sitemap and search
// index, and each chart into its figure in the page, around the option and
// tables package chart makes.
//
// It is the second of the three one-way steps of a build (load → render →
// write). It reads nothing from the content folder except static files, which
// it names rather than reads (the writer copies them), and it reports no
// content errors: the loader has found them all. What it makes are
// output.File values, which package output writes.
//
// What a layout is given (the page, site and chart data, the layouts'
// functions and their parse) is package render/layout. The built-in
// layouts and the chart's figure are also written in Go, by package
// render/fastlayout; render chooses between a theme's template and its Go
// writer by the template's fingerprint (layoutfast.go), so a site theme's
// own layouts are executed as templates.
package render

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"maps"
	"path"
	"slices"

	"github.com/yuin/goldmark"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/output"
	"github.com/scalesite/scalesite/render/fastlayout"
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// chartData is what layouts/chart.html gets for each chart: layout.Chart,
// with the methods the chart templates call. It is that struct type itself
// rather than a struct embedding it, so that a template reaches its fields
// directly, not by reflect's costlier search through embedded fields.
type chartData layout.Chart

// OptionJSON is layout.Chart's OptionJSON: the option as JSON for the
// page's script element.
func (d chartData) OptionJSON() template.JS { return layout.Chart(d).OptionJSON() }

// Figure is the chart's HTML as the built-in "chart-markup" template
// writes it, written in Go (fastlayout.Figure): the built-in "chart"
// template calls it for the charts the renderer makes.
func (d chartData) Figure() template.HTML { return fastlayout.Figure((*layout.Chart)(&d)) }

// atPage is err, met rendering the page whose source is path, naming the
// page: unless it is a content error that names its own file (a static
// figure's, at its chart).
func atPage(path string, err error) error {
	var de *diag.Error
	if errors.As(err, &de) && de.File != "" {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// Render renders every page of s, a site site.Load made, with the
// built-in theme overlaid by the site's own: the files a build writes,
// static figures included when the config does not turn them off
// (staticFigures: false), each with its bytes.
func Render(s *site.Site) (*output.Output, error) {
	rr, err := NewStreamRenderer(s)
	if err != nil {
		return nil, err
	}
	return rr.Render(s)
}

// Render renders s, a site whose pages are loaded (site.Load, or
// site.Site.Reload), and hands back every file, those it made with their
// bytes. It makes them as a build does (Stream), into memory. A
// Renderer that remembers (NewRenderer) makes again only the files whose
// keys changed since its last call, and hands back the others without
// their bytes; when only a few pages changed, in the places of the old
// but for one page added, removed or moved in the order, it patches the
// last call's files instead (patch, Patched).
func (rr *Renderer) Render(s *site.Site) (*output.Output, error) {
	if d, ok := rr.delta(s); ok && !rr.streamOnly {
		return rr.patch(s, d)
	}
	rr.patched, rr.removed, rr.made = nil, nil, nil
	var mem output.Memory
	out, _, err := rr.Stream(s, loadedSource{s: s, rr: rr}, mem.Add, StreamOptions{})
	if err != nil {
		return nil, err
	}
	if rr.cache == nil || rr.handed == nil {
		mem.Fill(out)
		return out, nil
	}
	// The files at the last call's paths: only those the stream handed
	// to emit can have bytes, and those with bytes are the files made.
	handed := &output.Output{Files: make([]output.File, len(rr.handed))}
	for j, i := range rr.handed {
		handed.Files[j] = out.Files[i]
	}
	mem.Fill(handed)
	rr.made = make([]int, 0, len(rr.handed))
	for j, i := range rr.handed {
		if f := handed.Files[j]; f.Data != nil {
			out.Files[i], rr.made = f, append(rr.made, i)
		}
	}
	return out, nil
}

// loadedSource is the PageSource of Render: the site's pages are loaded,
// each page's body is the site's or loaded again (site.Site.LoadBody),
// and a Renderer that remembers keeps a page whose key is the same as
// when it last made it (keep).
type loadedSource struct {
	s  *site.Site
	rr *Renderer
}

func (ls loadedSource) Load(p *site.Page) (*site.Page, *site.Body, error) {
	b, err := ls.s.LoadBody(p)
	return p, b, err
}

// Cached is p itself, to be kept or loaded once its neighbours are known,
// when the Renderer remembers; otherwise p is loaded at once.
func (ls loadedSource) Cached(p *site.Page) *site.Page {
	if ls.rr.cache == nil {
		return nil
	}
	return p
}

func (ls loadedSource) Keep(p *site.Page, links string) ([]output.File, bool) {
	return ls.rr.keep(p, links)
}

func (loadedSource) Rendered(*site.Page, string, []output.File) {}

// start begins a call of Render or Stream: the state of rendering s.
func (rr *Renderer) start(s *site.Site) *renderer {
	facts := Facts(s)
	r := &renderer{site: s, theme: rr.theme, md: rr.md, rr: rr, origin: s.Config.Origin(), data: &layout.Site{
		Title: s.Config.Title, Description: s.Config.Description, BaseURL: s.Config.BaseURL,
		BasePath: s.Config.BasePath, Language: s.Config.Language, FeedURL: s.Config.BasePath + FeedFile,
		HasTags: facts.HasTags, ContentSecurityPolicy: ContentSecurityPolicy,
		MathCSS: mathStylesheet(s.Config.BasePath),
	}}
	if facts.Search {
		r.data.SearchURL = r.url(SearchSlug)
	}
	if cf := rr.chartFont(); cf != nil {
		r.data.ChartFont = cf.head
	}
	rr.mu.Lock()
	rr.facts = &facts
	rr.mu.Unlock()
	rr.begin()
	return r
}

// siteFiles are the files of the site besides its pages, listings and
// charts' data: .nojekyll, robots.txt (for a site at its host's root:
// crawlers read only /robots.txt), the theme's assets, KaTeX's files when
// a page has math, and the content and static files copied as they are.
func (r *renderer) siteFiles() []output.File {
	s, th := r.site, r.theme
	files := []output.File{{Path: ".nojekyll", Data: []byte{}, Default: true}}
	if s.Config.AtHostRoot() {
		files = append(files, output.File{Path: RobotsFile, Data: r.robots(), Default: true})
	}
	for _, name := range slices.Sorted(maps.Keys(th.assets)) {
		a := th.assets[name]
		files = append(files, output.File{Path: a.Path, Data: a.Data})
	}
	files = append(files, mathFiles(s)...)
	files = append(files, r.chartFontFiles()...)
	for _, f := range s.Resources {
		files = append(files, output.File{Path: f, Src: path.Join(s.Root, "content", f), Root: s.Files, Rel: "content/" + f})
	}
	for _, f := range s.Static {
		files = append(files, output.File{Path: f, Src: path.Join(s.Root, "static", f), Root: s.Files, Rel: "static/" + f})
	}
	return files
}

// resolveClashes lets a static file replace a Default generated file at the
// same path, and refuses any other two files at one path (a static file
// named like a page, say): one would silently replace the other.
func resolveClashes(files []output.File) ([]output.File, error) {
	seen := make(map[string]int, len(files))
	drop := map[int]bool{}
	for i, f := range files {
		j, dup := seen[f.Path]
		switch {
		case !dup:
			seen[f.Path] = i
		case files[j].Default && f.Src != "":
			drop[j] = true
			seen[f.Path] = i
		default:
			return nil, fmt.Errorf("%s and %s would both be written to %s: rename one of them", origin(files[j]), origin(f), f.Path)
		}
	}
	if len(drop) == 0 {
		return files, nil
	}
	out := files[:0:0]
	for i, f := range files {
		if !drop[i] {
			out = append(out, f)
		}
	}
	return out, nil
}

// origin names where an output file comes from, for messages.
func origin(f output.File) string {
	if f.Src != "" {
		return f.Src
	}
	return "the generated " + f.Path
}

// renderer is the state of one Render call.
type renderer struct {
	site   *site.Site
	home   *site.Body // the home page's body, when loaded (homeBody)
	theme  *theme
	md     goldmark.Markdown
	rr     *Renderer
	data   *layout.Site
	origin string // "https://user.github.io", or "" when the base URL is a path
}

func (r *renderer) url(slug string) string {
	if slug == "" {
		return r.site.Config.BasePath
	}
	return r.site.Config.BasePath + slug + "/"
}

// homeBody is the body of the site's home page.
func (r *renderer) homeBody() (*site.Body, error) {
	if r.home != nil && r.home.Page == r.site.Home {
		return r.home, nil
	}
	return r.site.LoadBody(r.site.Home)
}

// renderPage renders page p, between the next older page prev and the next
// newer one next (either may be nil): bytes of its own.
func (r *renderer) renderPage(p *site.Body, prev, next *site.Page) ([]byte, error) {
	bp, err := r.writePage(p, prev, next)
	if err != nil {
		return nil, err
	}
	b := bytes.Clone(*bp)
	r.theme.bufs.put(bp)
	return b, nil
}

// writePage is renderPage in a buffer of the theme's (buffers), to be
// given back (r.theme.bufs.put) once the page's bytes are used. With the
// built-in layout of pages, the page's content is written straight into
// it.
func (r *renderer) writePage(body *site.Body, prev, next *site.Page) (*[]byte, error) {
	p := body.Page
	d := &layout.Page{
		Site: r.data, Kind: "page", Title: p.Title, TitleHTML: template.HTML(p.TitleHTML), Description: p.Description, Date: p.Date,
		Tags: p.Tags, URL: r.url(p.Slug), Canonical: r.absURL(r.url(p.Slug)), Charts: len(p.Charts),
		Code: p.Code, TOC: tableOfContents(p), Math: p.Math, Card: r.card(body), ChartScripts: chartScripts(body.Charts),
	}
	if next != nil {
		l := r.listedLink(next)
		d.Next = &l
	}
	if prev != nil {
		l := r.listedLink(prev)
		d.Prev = &l
	}
	// The links to the next and previous pages show their titles typeset.
	d.Math = d.Math || linksMath(d.Prev, d.Next)
	if d.Math {
		var fonts mathFonts
		fonts.addBody(body)
		for _, l := range []*layout.PageLink{d.Prev, d.Next} {
			if l != nil {
				fonts.add(string(l.TitleHTML))
			}
		}
		d.MathFonts = fonts.urls(r.site.Config.BasePath)
	}
	if f := r.theme.fast["page"]; f != nil && f.main != nil {
		bp := r.theme.bufs.get()
		b, err := f.PageContent(*bp, d, func(b []byte) ([]byte, error) { return r.appendContent(b, body) })
		*bp = b
		if err != nil {
			r.theme.bufs.put(bp)
			return nil, err
		}
		return bp, nil
	}
	content, err := r.content(body)
	if err != nil {
		return nil, err
	}
	d.Content = content
	b, err := r.theme.execute("page", d)
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// link is a page as listings show it.
func (r *renderer) link(p *site.Page) layout.PageLink {
	l := layout.PageLink{Title: p.Title, TitleHTML: template.HTML(p.TitleHTML), URL: r.url(p.Slug), Description: p.Description, Date: p.Date, Charts: len(p.Charts)}
	// A few tags, as a few chart titles: the page is listed under each of
	// its tags, and each entry showing every tag made the tags' listings
	// grow with the square of a page's tags (issue 32).
	l.Tags = p.Tags[:min(len(p.Tags), layout.ListedTags)]
	l.MoreTags = len(p.Tags) - len(l.Tags)
	const listed = 3 // a listing names a few charts, not a whole gallery
	titled := 0
	for _, c := range p.Charts {
		if t := c.Title; t != "" {
			if titled < listed {
				l.ChartTitles = append(l.ChartTitles, t)
			}
			titled++
		}
	}
	if titled > listed {
		l.ChartTitles = append(l.ChartTitles, fmt.Sprintf("and %d more", titled-listed))
	}
	return l
}

// listingJobs returns the work of rendering the files that list pages: the
// pages of the home listing, 404.html, the pages of each tag's listing,
// the tags index, the feed and the sitemap. Each job is independent of the
// others and of the pages.
func (r *renderer) listingJobs(groups []tagGroup) []func() (output.File, error) {
	rr, s := r.rr, r.site
	jobs := []func() (output.File, error){
		func() (output.File, error) {
			f, err := rr.cached("404.html", constantKey, func() ([]byte, error) {
				return r.theme.execute("404", &layout.Page{Site: r.data, Kind: "404", Title: "Page not found", URL: s.Config.BasePath + "404.html"})
			})
			if err != nil {
				return f, fmt.Errorf("rendering 404.html: %w", err)
			}
			f.Default = true
			return f, nil
		},
	}
	jobs = append(jobs, r.listingPageJobs(groups)...)
	jobs = append(jobs, r.searchJobs()...)
	// The feed shows what listings show of the newest pages; the sitemap
	// lists every page, every page of each listing, and the tags.
	jobs = append(jobs,
		func() (output.File, error) {
			key, list := r.feedKey()
			feed, err := rr.cachedListData(FeedFile, key, list, r.feed)
			return output.File{Path: FeedFile, Data: feed, Default: true}, err
		},
		func() (output.File, error) {
			key, list := r.sitemapKey(groups)
			sitemap, err := rr.cachedListData(SitemapFile, key, list, func() ([]byte, error) { return r.sitemap(groups), nil })
			return output.File{Path: SitemapFile, Data: sitemap, Default: true}, err
		})
	if len(groups) == 0 {
		return jobs
	}
	return append(jobs, func() (output.File, error) { return r.tagsIndex(groups) })
}

// tagsIndex renders the tags index, tags/index.html: every tag, with how
// many pages it has.
func (r *renderer) tagsIndex(groups []tagGroup) (output.File, error) {
	index := &layout.Page{Site: r.data, Kind: "tags", Title: "Tags", URL: r.url("tags"), Canonical: r.absURL(r.url("tags"))}
	for _, g := range groups {
		index.TagList = append(index.TagList, layout.TagLink{Name: g.Name, URL: r.url("tags/" + g.Slug), Pages: len(g.Pages)})
	}
	f, err := r.rr.cached(tagsIndexFile, tagsIndexKey(index.TagList), func() ([]byte, error) {
		return r.theme.execute("tags", index)
	})
	if err != nil {
		return f, fmt.Errorf("rendering %s: %w", tagsIndexFile, err)
	}
	return f, nil
}

// tagsIndexFile is the tags index's file.
const tagsIndexFile = "tags/index.html"

// content renders a page's Markdown with its charts in place.
func (r *renderer) content(p *site.Body) (template.HTML, error) {
	bp := r.theme.bufs.get()
	b, err := r.appendContent(*bp, p)
	*bp = b
	html := template.HTML(b)
	r.theme.bufs.put(bp)
	return html, err
}

// appendContent appends a page's Markdown rendered, with its charts in
// place, to b.
func (r *renderer) appendContent(b []byte, p *site.Body) ([]byte, error) {
	layouts := r.theme.kinds["page"]
	w := &pageWriter{
		appendWriter: &appendWriter{b: b}, charts: make([]chartData, len(p.Charts)),
		layouts: layouts, figures: r.theme.figures, citer: newCiter(p),
	}
	for i, c := range p.Charts {
		w.charts[i] = w.chartView(c)
	}
	if st := r.rr.statics; st != nil && len(p.Charts) > 0 {
		// the page's charts' figures side by side
		options, alts := make([][]byte, len(p.Charts)), make([]string, len(p.Charts))
		for i := range p.Charts {
			options[i], alts[i] = chart.OptionBytes(w.charts[i].Option), w.charts[i].Alt
		}
		figs, err := st.figures(p.Charts, options, alts)
		if err != nil {
			return w.b, err
		}
		for i, f := range figs {
			d := &w.charts[i]
			d.Static, d.StaticHeight, d.StaticTabletHeight, d.StaticNarrowHeight = f.HTML, f.WideH, f.TabletH, f.NarrowH
			st.files.Store(p.Charts[i], f.File)
		}
	}
	if err := r.md.Renderer().Render(w, p.Markdown, p.Doc); err != nil {
		return w.b, err
	}
	err := w.references(w.appendWriter, layouts)
	return w.b, err
}

// pageWriter writes the page's charts where the ```chart block renderer
// asks for them, through the theme's "chart" template, and writes
// citations (cite.go).
type pageWriter struct {
	*appendWriter
	charts  []chartData
	layouts *template.Template // the page's, which define "chart"
	// figures is set when the page's "chart" template is the built-in
	// one: the renderer's charts are then written by
	// fastlayout.AppendFigure, as that template's {{.Figure}} writes them.
	figures bool
	*citer
}

// WriteChart writes chart i of the page in place.
func (w *pageWriter) WriteChart(i int) error {
	d := &w.charts[i]
	if w.figures {
		// What the built-in "chart" template writes: {{if
		// .Option.scalesite}}{{.Figure}}{{else}}...
		if truth, ok := template.IsTrue(d.Option["scalesite"]); ok && truth {
			w.b = fastlayout.AppendFigure(w.b, (*layout.Chart)(d))
			return nil
		}
	}
	if err := w.layouts.ExecuteTemplate(w.appendWriter, "chart", *d); err != nil {
		return fmt.Errorf("rendering chart %d: %w", i+1, err)
	}
	return nil
}

var (
	_ markdown.ChartWriter = (*pageWriter)(nil)
	_ markdown.CiteWriter  = (*pageWriter)(nil)
)

// chartView is the chart as layouts/chart.html shows it, with its source.
func (w *pageWriter) chartView(c *site.Chart) chartData {
	d := chartView(c)
	d.Source = w.source(c.Source)
	return d
}

func chartView(c *site.Chart) chartData { return chartData(layout.NewChart(c)) }

// linksMath reports whether a link shows a title with TeX typeset, for
// which the page links KaTeX's stylesheet.
func linksMath(links ...*layout.PageLink) bool {
	for _, l := range links {
		if l != nil && l.TitleHTML != "" {
			return true
		}
	}
	return false
}
