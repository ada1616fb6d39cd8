// Package render turns a loaded site into the files of the static site: chart
// specs into ECharts options, Markdown into HTML, pages into documents.
//
// It is the second of the three one-way steps of a build (load → render →
// write). It reads nothing from the content folder except static files, which
// it names rather than reads (the writer copies them), and it reports no
// content errors: the loader has found them all.
package render

import (
	"bufio"
	"bytes"
	"fmt"
	"html/template"
	"path"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/yuin/goldmark"

	"github.com/scalesite/scalesite/render/markdown"
	"github.com/scalesite/scalesite/site"
)

// File is one output file: its bytes, or (for static files) the source file
// to copy.
type File struct {
	Path string // slash-separated, relative to the output folder
	Data []byte
	Src  string // when set, the file is a copy of this source file
}

// Output is every file of a built site, in a fixed order.
type Output struct {
	Files []File
}

// SiteData is the site as layouts see it.
type SiteData struct {
	Title       string
	Description string
	BaseURL     string
	BasePath    string // "/" or "/repo/"
	Language    string
}

// PageData is what a layout gets.
type PageData struct {
	Site        *SiteData
	Kind        string // "page", "home" or "404"
	Title       string
	Description string
	Date        time.Time
	Tags        []string
	URL         string
	Content     template.HTML
	Pages       []PageLink // home only
	Charts      int
}

// PageLink is a page in a listing.
type PageLink struct {
	Title, URL, Description string
	Date                    time.Time
	Tags                    []string
	Charts                  int
}

// chartData is what layouts/chart.html gets for each chart.
type chartData struct {
	ID     string
	Option map[string]any
	Height int
	Title  string
	Alt    string
}

// Render renders every page of s with the built-in theme overlaid by the
// site's own.
func Render(s *site.Site) (*Output, error) {
	th, err := loadTheme(s.ThemeDir, s.Config.BasePath)
	if err != nil {
		return nil, err
	}
	r := &renderer{site: s, theme: th, md: markdown.New(), data: &SiteData{
		Title: s.Config.Title, Description: s.Config.Description, BaseURL: s.Config.BaseURL,
		BasePath: s.Config.BasePath, Language: s.Config.Language,
	}}

	pages := s.Pages
	out := &Output{Files: make([]File, len(pages), len(pages)+8)}
	errs := make([]error, len(pages))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), max(1, len(pages))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out.Files[i], errs[i] = r.page(pages[i])
			}
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pages[i].Path, err)
		}
	}

	home, err := r.home()
	if err != nil {
		return nil, err
	}
	notFound, err := th.execute("404", &PageData{Site: r.data, Kind: "404", Title: "Page not found", URL: s.Config.BasePath + "404.html"})
	if err != nil {
		return nil, fmt.Errorf("rendering 404.html: %w", err)
	}
	out.Files = append(out.Files, home, File{Path: "404.html", Data: notFound}, File{Path: ".nojekyll", Data: []byte{}})
	for _, name := range sortedKeys(th.assets) {
		a := th.assets[name]
		out.Files = append(out.Files, File{Path: a.Path, Data: a.Data})
	}
	for _, f := range s.Resources {
		out.Files = append(out.Files, File{Path: f, Src: path.Join(s.Root, "content", f)})
	}
	for _, f := range s.Static {
		out.Files = append(out.Files, File{Path: f, Src: path.Join(s.Root, "static", f)})
	}
	return out, nil
}

type renderer struct {
	site  *site.Site
	theme *theme
	md    goldmark.Markdown
	data  *SiteData
}

func (r *renderer) url(slug string) string {
	if slug == "" {
		return r.site.Config.BasePath
	}
	return r.site.Config.BasePath + slug + "/"
}

// page renders one page to slug/index.html.
func (r *renderer) page(p *site.Page) (File, error) {
	content, err := r.content(p)
	if err != nil {
		return File{}, err
	}
	b, err := r.theme.execute("page", &PageData{
		Site: r.data, Kind: "page", Title: p.Title, Description: p.Description, Date: p.Date,
		Tags: p.Tags, URL: r.url(p.Slug), Content: content, Charts: len(p.Charts),
	})
	return File{Path: p.Slug + "/index.html", Data: b}, err
}

// home renders index.html: the prose of content/index.md, then every page.
func (r *renderer) home() (File, error) {
	d := &PageData{Site: r.data, Kind: "home", Title: r.site.Config.Title, Description: r.site.Config.Description, URL: r.url("")}
	if h := r.site.Home; h != nil {
		content, err := r.content(h)
		if err != nil {
			return File{}, fmt.Errorf("%s: %w", h.Path, err)
		}
		d.Content, d.Charts = content, len(h.Charts)
		if h.Description != "" {
			d.Description = h.Description
		}
	}
	for _, p := range r.site.Pages {
		d.Pages = append(d.Pages, PageLink{Title: p.Title, URL: r.url(p.Slug), Description: p.Description, Date: p.Date, Tags: p.Tags, Charts: len(p.Charts)})
	}
	b, err := r.theme.execute("home", d)
	if err != nil {
		return File{}, fmt.Errorf("rendering index.html: %w", err)
	}
	return File{Path: "index.html", Data: b}, nil
}

// content renders a page's Markdown with its charts in place.
func (r *renderer) content(p *site.Page) (template.HTML, error) {
	w := &pageWriter{charts: make([][]byte, len(p.Charts))}
	for i, c := range p.Charts {
		var b bytes.Buffer
		if err := r.theme.kinds["page"].ExecuteTemplate(&b, "chart", chartView(c)); err != nil {
			return "", fmt.Errorf("rendering chart %d: %w", i+1, err)
		}
		w.charts[i] = b.Bytes()
	}
	var buf bytes.Buffer
	buf.Grow(len(p.Body) * 2)
	w.Writer = bufio.NewWriter(&buf)
	if err := r.md.Renderer().Render(w, p.Body, p.Doc); err != nil {
		return "", err
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}

// pageWriter hands the rendered charts to the ```chart block renderer.
type pageWriter struct {
	*bufio.Writer
	charts [][]byte
}

func (w *pageWriter) ChartHTML(i int) []byte { return w.charts[i] }

var _ markdown.ChartWriter = (*pageWriter)(nil)

// DefaultChartHeight is the height of a chart whose spec sets none.
const DefaultChartHeight = 440

func chartView(c *site.Chart) chartData {
	h := c.Spec.Height
	if h == 0 {
		h = DefaultChartHeight
	}
	alt := altText(c)
	return chartData{ID: c.ID, Option: chartOption(c, alt), Height: h, Title: c.Spec.Title, Alt: alt}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
