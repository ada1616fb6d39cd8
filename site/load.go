package site

import (
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/bibtex"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/table"
)

// Options change how a site is loaded.
type Options struct {
	// Drafts includes pages marked draft: true.
	Drafts bool
	// BaseURL, when set, replaces the config's baseURL (as --base-url does).
	BaseURL string
	// ChartsOnly drops each page's Markdown tree once the page is read, for
	// a command that draws its charts and writes no page (scalesite
	// figure): the tree of a page can take a few hundred MB, and Load
	// keeps every page.
	ChartsOnly bool
}

// Load reads the site in root. On content errors it returns a diag.List with
// every problem found, sorted by file and line; the site is then incomplete.
func Load(root string, opts Options) (*Site, error) {
	s, pages, errs, err := open(root, opts)
	if err != nil {
		return nil, err
	}
	s.loaded = make(map[string]loadedPage, len(pages))
	s.bodyCaches = &onceCaches{}
	for i, lp := range loadPages(s, pages, &errs) {
		s.loaded[pages[i]] = lp
	}
	errs.Add(s.assemble())
	if len(errs) > 0 {
		return nil, errs.Sort()
	}
	return s, nil
}

// pageOrder is the order of a site's pages (Site.Pages): newest date
// first, pages without a date last, and by path where dates are equal.
func pageOrder(a, b *Page) int {
	if a.Date.IsZero() != b.Date.IsZero() {
		if a.Date.IsZero() {
			return 1
		}
		return -1
	}
	return cmp.Or(b.Date.Compare(a.Date), cmp.Compare(a.Path, b.Path))
}

// assemble fills Pages, Home and Warnings from the loaded pages: it drops
// drafts (unless asked for), refuses two pages at one path, and sorts.
func (s *Site) assemble() error {
	var errs diag.List
	s.Pages, s.Home, s.Warnings, s.skippedDrafts = nil, nil, nil, nil
	files := make([]string, 0, len(s.loaded))
	for f := range s.loaded {
		files = append(files, f)
	}
	slices.Sort(files)
	bySlug := make(map[string]*Page, len(files))
	for _, f := range files {
		lp := s.loaded[f]
		p := lp.page
		s.Warnings = append(s.Warnings, lp.warnings...)
		if p == nil || (p.Draft && !s.opts.Drafts) {
			if p != nil && s.streaming {
				s.skippedDrafts = append(s.skippedDrafts, f)
			}
			continue
		}
		if prev, dup := bySlug[p.Slug]; dup {
			errs.Add(diag.Errorf(diag.Pos{File: p.Path, Line: 1}, "%s and %s would both be published at %s", prev.Path, p.Path, outputPath(p.Slug)))
			continue
		}
		bySlug[p.Slug] = p
		if p.Slug == "" {
			s.Home = p
		} else {
			s.Pages = append(s.Pages, p)
		}
	}
	slices.SortFunc(s.Pages, pageOrder)
	tagErrs, tagWarnings := tagPageClashes(s.Pages)
	errs = append(errs, tagErrs...)
	s.Warnings = append(s.Warnings, tagWarnings.Quiet(s.Config.Quiet.Split())...).Sort()
	return errs.Err()
}

// OutputPath is where the page is written in the output folder.
func (p *Page) OutputPath() string { return outputPath(p.Slug) }

// outputPath is where a page with this slug is written.
func outputPath(slug string) string {
	if slug == "" {
		return "index.html"
	}
	return slug + "/index.html"
}

// listContent returns the Markdown files under content/ (slash-separated,
// relative to the site root) and the other files there (relative to
// content/), in lexical order. Files the rule refuses are added to errs. A
// missing or empty content/ is an error: building it would replace a site
// with an empty one.
func listContent(files *sitefs.Root, limits Limits, errs *diag.List) (pages, others []string, err error) {
	all, problems, err := files.List("content", limits.FileLimit())
	if err != nil {
		return nil, nil, refused(err)
	}
	if all == nil && problems == nil {
		if _, err := files.Resolve("content"); errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s has no content/ folder: scalesite reads the pages from content/*.md (is --source right?)", files.Dir())
		}
	}
	for _, p := range problems {
		errs.Add(refused(p))
	}
	for _, f := range all {
		if strings.HasSuffix(f, ".md") {
			pages = append(pages, "content/"+f)
		} else {
			others = append(others, f)
		}
	}
	if len(pages) == 0 && len(problems) == 0 {
		return nil, nil, &diag.Error{Pos: diag.Pos{File: "content"}, Msg: "has no pages: scalesite publishes the Markdown files in content/ (start with content/index.md); an empty site would replace the published one"}
	}
	return pages, others, nil
}

// refused turns an error of the file rule into a problem at the file it
// names; other errors pass through.
func refused(err error) error {
	var fe *sitefs.Error
	var te *sitefs.TooLargeError
	switch {
	case errors.As(err, &fe):
		return &diag.Error{Pos: diag.Pos{File: fe.Path}, Msg: fe.Reason}
	case errors.As(err, &te):
		msg := te.Error()
		return &diag.Error{Pos: diag.Pos{File: te.Path}, Msg: strings.TrimPrefix(msg, diag.QuoteIfNeeded(te.Path)+" ")}
	}
	return err
}

// slugFor maps content/a/b.md to "a/b", and content/a/index.md (or _index.md) to "a".
func slugFor(file string) string {
	rel := strings.TrimSuffix(strings.TrimPrefix(file, "content/"), ".md")
	dir, base := path.Split(rel)
	if base == "index" || base == "_index" {
		return strings.TrimSuffix(dir, "/")
	}
	return rel
}

type loadedPage struct {
	page     *Page
	body     *Body // nil once dropped (DropBodies)
	warnings diag.List
}

// loadPages loads files in parallel, keeping their order.
//
// A draft that is not built (drafts false) does not fail the build: its
// problems become warnings, so the author still hears of them.
func loadPages(s *Site, files []string, errs *diag.List) []loadedPage {
	drafts := s.opts.Drafts
	out := make([]loadedPage, len(files))
	pageErrs := make([]error, len(files))
	c := s.buildCaches()
	par.For(len(files), 0, func(i int) {
		l := s.pageLoader(c)
		out[i].page, out[i].body, pageErrs[i] = l.load(files[i])
		out[i].warnings = l.warnings
		if s.opts.ChartsOnly && out[i].body != nil {
			out[i].body.Doc = nil
		}
	})
	for i, err := range pageErrs {
		if err != nil && out[i].page != nil && out[i].page.Draft && !drafts {
			out[i].warnings = append(out[i].warnings, draftWarnings(err).Quiet(s.Config.Quiet.Split())...)
			out[i].page, out[i].body = nil, nil
			continue
		}
		errs.Add(err)
	}
	return out
}

// pageLoader loads one page; it collects the page's warnings.
type pageLoader struct {
	files    *sitefs.Root
	limits   Limits
	md       goldmark.Markdown
	tables   *fileCache[*table.Table]
	fits     *fitCache // the fits kept from earlier builds (fitcache.go)
	warnings diag.List
	quiet    diag.Names // the site's quiet:, which load applies to warnings
	// formulas typesets the pages' math (math.go), within buildMath, the
	// time left to the build's formulas, and pageMath for each page.
	formulas  *katex.Cache
	buildMath *katex.Budget
	pageMath  time.Duration
	// measureTeX lays out typeset chart titles (charttitle.go).
	measureTeX func(html string, px float64) (TeXBox, error)
	// bibs reads the .bib files; citeDefaults are scalesite.yaml's
	// bibliography and citations (cite.go).
	bibs         *fileCache[*bibtex.File]
	citeDefaults citeDefaults
	// toc is scalesite.yaml's toc:, basePath its base path (markdown.go).
	toc      bool
	basePath string
	// scanned is the page as Scan read it, whose front matter need not be
	// read again (LoadPage), or nil.
	scanned *Page
	// images are what the page being loaded read of its images (image),
	// for its key.
	images []string
	// shared are the points of the page's last panel that a later panel
	// drawing the same may share (gathered.go).
	shared *sharedPoints
	// lastTable is the data table the page's last chart read, held while
	// the page is loaded: a large file's table is cached weakly
	// (filecache.go), and a page that draws it twice (a training log on a
	// log and a linear x) read it again whenever the collector ran
	// between its charts, holding it twice and gathering its points anew.
	lastTable *table.Table
	// columns are the columns the page's charts read of each data file
	// (columns.go).
	columns pageColumns
	// wheres are the wheres the page's panels push into reading each
	// event folder (eventwhere.go).
	wheres map[string]*eventWhere
	// streamed are the panels of the page loaded as their file was read
	// (streampanels.go), until their charts take them; streaming, in the
	// loader such a panel is loaded with, is that panel.
	streamed  map[*chartspec.Panel]*streamedPanel
	streaming *streamedPanel
}

// load loads the page at file in full, with its Key.
func (l *pageLoader) load(file string) (*Page, *Body, error) {
	// The site's quiet: silences warnings of every page.
	defer func() { l.warnings = l.warnings.Quiet(l.quiet.Split()) }()
	defer func() { l.shared, l.columns, l.wheres, l.streamed = nil, nil, nil, nil }()
	src, err := l.files.ReadFile(file, l.limits.FileLimit())
	if err != nil {
		return nil, nil, refused(err)
	}
	l.images = l.images[:0]
	b, err := l.parse(file, src)
	if b == nil {
		return nil, nil, err
	}
	b.Page.Key = l.key(b.Page, src)
	return b.Page, b, err
}

// key is the page's rebuild.PageKey: its file's bytes src, and what loading
// it read of each of its Inputs (a data table's or bibliography's
// rebuild.FileSum, as the load's caches read it; an image's size).
func (l *pageLoader) key(p *Page, src []byte) [32]byte {
	var read []string
	sum := func(kind, f string, s [32]byte, ok bool) {
		if !ok {
			read = append(read, kind+" "+f+" unread")
			return
		}
		read = append(read, kind+" "+f+" "+hex.EncodeToString(s[:]))
	}
	for _, c := range p.Charts {
		for _, f := range c.DataFiles {
			s, ok := l.tables.sum(f)
			sum("data", f, s, ok)
		}
	}
	if p.Bibliography != "" {
		s, ok := l.bibs.sum(p.Bibliography)
		sum("bibliography", p.Bibliography, s, ok)
	}
	source := l.sourceSum(p.Path, src)
	return rebuild.PageKey(source, append(read, l.images...)...)
}

// sourceSum is the rebuild.FileSum of the page file's bytes src: Scan's,
// when it read this page (LoadPage), as its front matter is taken from
// Scan's read too and a file changed since is reported by the watcher and
// read again; else a checksum of src. (This saves a build of 10,000 pages
// some 0.1 s of hashing.)
func (l *pageLoader) sourceSum(file string, src []byte) [32]byte {
	if sc := l.scanned; sc != nil && sc.Path == file && sc.SourceSum != [32]byte{} {
		return sc.SourceSum
	}
	return rebuild.FileSum(src)
}

// parse makes the page at file from its bytes src.
func (l *pageLoader) parse(file string, src []byte) (*Body, error) {
	p := &Page{Path: file, Slug: slugFor(file)}
	fm, md, bodyLine, err := splitFrontMatter(src, file)
	if err != nil {
		return nil, err
	}
	var errs diag.List
	if sc := l.scanned; sc != nil && sc.Path == file && sc.frontMatterRead {
		*p = *sc // Scan read the front matter without a problem: not again
		// what the body sets is set again; a typeset title is math already
		p.Charts, p.Headings, p.Images, p.Math, p.Code = nil, nil, nil, p.TitleHTML != "", false
	} else if fm != nil {
		errs.Add(p.parseFrontMatter(fm, l.formulas))
	}
	if p.Title == "" && p.Slug != "" {
		p.Title = titleFromSlug(p.Slug)
	}
	p.TitleLine = l.titleLine(p)
	b := &Body{Page: p, Markdown: md, Line: bodyLine}
	if lim := markdown.Prescan(md); lim != nil {
		// goldmark would take minutes or gigabytes over it: not parsed.
		b.Doc = ast.NewDocument()
		errs.Add(diag.Errorf(b.Pos(lim.Offset), "%s", lim.Msg))
		p.summarize(nil)
		return b, errs.Err()
	}
	b.Doc = l.md.Parser().Parse(text.NewReader(md))
	// Formulas first: a heading's markup holds its typeset formulas.
	errs.Add(l.typeset(b))
	errs.Add(l.markup(b))
	var blocks []*markdown.ChartBlock
	_ = ast.Walk(b.Doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		cb, ok := n.(*markdown.ChartBlock)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		blocks = append(blocks, cb)
		return ast.WalkSkipChildren, nil
	})
	// Every spec is parsed before any data is read, so that a data file
	// is read for the columns the page's charts draw (columns.go).
	specs := make([]*chartspec.Chart, len(blocks))
	specErrs := make([]error, len(blocks))
	for i, cb := range blocks {
		if unclosedChart(cb, file, bodyLine) == nil {
			specs[i], specErrs[i] = chartspec.Parse(cb.Spec, diag.Pos{File: file, Line: bodyLine + cb.Line - 1, Col: cb.Col})
		}
	}
	l.columns, l.wheres = columnsOf(p, specs), eventWheres(p, specs)
	var panels []panelAt
	for i, cb := range blocks {
		if sc := specs[i]; sc != nil && specErrs[i] == nil {
			at := diag.Pos{File: file, Line: bodyLine + cb.Line - 1, Col: cb.Col}
			for k := range sc.Panels {
				panels = append(panels, panelAt{sp: &sc.Panels[k], at: at, n: panelNumber(sc, k)})
			}
		}
	}
	l.streamPanels(p, panels)
	for i, cb := range blocks {
		if err := unclosedChart(cb, file, bodyLine); err != nil {
			errs.Add(err)
			b.Charts = append(b.Charts, &Chart{}) // keeps chart indexes in step with the blocks
			continue
		}
		at := diag.Pos{File: file, Line: bodyLine + cb.Line - 1, Col: cb.Col}
		c, err := l.chart(p, specs[i], specErrs[i], at, len(b.Charts))
		if err != nil {
			errs.Add(err)
			c = &Chart{} // keeps chart indexes in step with the blocks
		}
		b.Charts = append(b.Charts, c)
	}
	p.summarize(b.Charts)
	errs.Add(p.resolveCard())
	errs.Add(l.cite(b))
	return b, errs.Err()
}

// titleFromSlug makes "audio-models" into "Audio models" for pages without a title.
func titleFromSlug(slug string) string {
	base := path.Base(slug)
	t := strings.NewReplacer("-", " ", "_", " ").Replace(base)
	if t == "" {
		return slug
	}
	return strings.ToUpper(t[:1]) + t[1:]
}
