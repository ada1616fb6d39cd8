package site

import (
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"path/filepath"
	"slices"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/bibtex"
	"github.com/scalesite/scalesite/internal/diskcache"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/par"
	"github.com/scalesite/scalesite/internal/rebuild"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/markdown"
	"github.com/scalesite/scalesite/table"
)

// A streaming build (Scan, then LoadPage for each page, rendered and
// dropped at once) keeps only what listings need of every page, so its
// memory does not grow with the site's Markdown, data and charts. Load
// keeps everything, for the live preview's incremental rebuilds.

// Scan reads what a build needs before it renders any page: the config,
// the file lists, and every page's front matter. The pages it returns are
// light: titles, dates, tags, slugs, in their published order, with no
// body and no charts. LoadPage loads one of them in full.
//
// Scan reports the problems of the site as a whole (the config, files the
// rule refuses, two pages at one address, clashing tags) as a diag.List.
// A page's own problems, its front matter's included, are LoadPage's to
// report, so that each is reported once. Other errors are returned as they
// are.
func Scan(root string, opts Options) (*Site, error) {
	s, pages, errs, err := open(root, opts)
	if err != nil {
		return nil, err
	}
	s.streaming = true
	s.loaded = make(map[string]loadedPage, len(pages))
	light := make([]loadedPage, len(pages))
	formulas := s.mathCache() // made here: the goroutines below share it
	par.For(len(pages), 0, func(i int) {
		light[i].page = s.frontMatterOnly(pages[i], formulas)
	})
	for i, lp := range light {
		s.loaded[pages[i]] = lp
	}
	errs.Add(s.assemble())
	s.loaded = nil // the scanned pages are in Pages and Home; LoadPage reads the rest
	s.newLoadCaches()
	if len(errs) > 0 {
		return s, errs.Sort()
	}
	return s, nil
}

// open starts loading the site in root: the config (its problems go to
// errs), the theme, and the file lists. pages are the Markdown files.
func open(root string, opts Options) (s *Site, pages []string, errs diag.List, err error) {
	files, err := sitefs.Open(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil, fmt.Errorf("%s has no content/ folder: scalesite reads the pages from content/*.md (is --source right?)", root)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("cannot open the site folder: %w", err)
	}
	s = &Site{Root: root, Files: files}
	cfg, err := loadConfig(files)
	if err != nil {
		// Mistakes in scalesite.yaml are reported with those in the pages.
		var list diag.List
		var one *diag.Error
		if !errors.As(err, &list) && !errors.As(err, &one) {
			return nil, nil, nil, refused(err)
		}
		errs.Add(err)
	}
	if opts.BaseURL != "" {
		if err := cfg.SetBaseURL(opts.BaseURL); err != nil {
			return nil, nil, nil, fmt.Errorf("--base-url: %w", err)
		}
	}
	s.Config = cfg
	if cfg.Theme != "" {
		s.ThemeDir = filepath.Join(root, "themes", cfg.Theme) // loadConfig checked it is there
		if s.Theme, err = files.Sub("themes/"+cfg.Theme, cfg.Limits.FileLimit()); err != nil {
			errs.Add(refused(err))
		}
		// A theme file the rule refuses is an error, not a file skipped.
		_, problems, _ := files.List("themes/"+cfg.Theme, cfg.Limits.FileLimit())
		for _, p := range problems {
			errs.Add(refused(p))
		}
	}

	pages, others, err := listContent(files, cfg.Limits, &errs)
	if err != nil {
		return nil, nil, nil, err
	}
	s.Resources = others
	static, problems, err := files.List("static", cfg.Limits.FileLimit())
	if err != nil {
		return nil, nil, nil, refused(err)
	}
	s.Static = static
	for _, p := range problems {
		errs.Add(refused(p))
	}
	s.md = markdown.New(markdown.BasePath(cfg.BasePath))
	s.opts = opts
	return s, pages, errs, nil
}

// frontMatterOnly reads the page at file as far as its front matter: what
// Scan needs to order the pages and list their tags. Its problems are left
// for LoadPage; a page whose front matter cannot be read is kept with what
// could be, so that the site's order is still defined.
func (s *Site) frontMatterOnly(file string, formulas *katex.Cache) *Page {
	p := &Page{Path: file, Slug: slugFor(file)}
	src, err := s.Files.ReadFile(file, s.Config.Limits.FileLimit())
	if err == nil {
		p.SourceSum = rebuild.FileSum(src)
		p.Key = rebuild.PageKey(p.SourceSum, "front matter only")
		if fm, _, _, err := splitFrontMatter(src, file); err == nil {
			p.frontMatterRead = fm == nil || p.parseFrontMatter(fm, formulas) == nil
		}
	}
	if p.Title == "" && p.Slug != "" {
		p.Title = titleFromSlug(p.Slug)
	}
	return p
}

// loadCaches are what the pages of one build share: data files and .bib
// files read once however many charts use them, typeset formulas, and the
// time the build's formulas may take (BuildMathTime), and the fits kept
// from earlier builds.
type loadCaches struct {
	tables   *fileCache[*table.Table]
	bibs     *fileCache[*bibtex.File]
	formulas *katex.Cache
	math     *katex.Budget
	fits     *fitCache // fitcache.go
}

// buildCaches returns the caches of one build, or one reload.
func (s *Site) buildCaches() *loadCaches {
	return &loadCaches{
		tables:   tableCache(s.Files, s.Config.Limits.DataLimit()),
		bibs:     newFileCache(s.Files, s.Config.Limits.DataLimit(), parseBib),
		formulas: s.mathCache(),
		math:     katex.NewBudget(BuildMathTime),
		fits:     openFitCache(diskcache.Open()),
	}
}

func (s *Site) newLoadCaches() { s.caches = s.buildCaches() }

// LoadPage loads in full the page Scan listed as p: its body, charts,
// data, math and citations, checked. It returns the page as loading made
// it (a new value: p keeps its form), its body, and the warnings its
// loading raised. A draft that is not built (Scan left it out) is not
// asked for. It is safe for concurrent use.
func (s *Site) LoadPage(p *Page) (*Page, *Body, diag.List, error) {
	l := s.pageLoader(s.caches)
	l.scanned = p
	full, body, err := l.load(p.Path)
	if full != nil {
		full.SourceSum, full.frontMatterRead = p.SourceSum, false
	}
	return full, body, l.warnings, err
}

// ReadSum is the SHA-256 of the data or .bib file f as LoadPage read it,
// if a page of this build read it: what a build's manifest keeps of the
// page's inputs, without reading the file again.
func (s *Site) ReadSum(f string) ([32]byte, bool) {
	if sum, ok := s.caches.tables.sum(f); ok {
		return sum, true
	}
	return s.caches.bibs.sum(f)
}

// SkippedDrafts are the drafts Scan left out of the build (drafts: false):
// LoadDraft loads one only for the warnings its problems become.
func (s *Site) SkippedDrafts() []string { return s.skippedDrafts }

// LoadDraft loads a draft that is not built and returns what is wrong with
// it as warnings, as Load does.
func (s *Site) LoadDraft(file string) diag.List {
	l := s.pageLoader(s.caches)
	_, _, err := l.load(file)
	return append(l.warnings, draftWarnings(err).Quiet(s.Config.Quiet.Split())...)
}

// pageLoader is a loader of this site's pages sharing c.
func (s *Site) pageLoader(c *loadCaches) *pageLoader {
	return &pageLoader{files: s.Files, limits: s.Config.Limits, quiet: s.Config.Quiet, md: s.md, tables: c.tables, fits: c.fits, toc: s.Config.TOC, basePath: s.Config.BasePath, bibs: c.bibs,
		formulas: c.formulas, buildMath: c.math, pageMath: PageMathTime, measureTeX: MeasureTeX,
		citeDefaults: citeDefaults{bibRef: s.Config.Bibliography, bibPos: s.Config.BibliographyPos, style: s.Config.Citations}}
}

// draftWarnings turns the problems of a draft that is not built into
// warnings: the author still hears of them, the build does not fail.
func draftWarnings(err error) diag.List {
	if err == nil {
		return nil
	}
	var list, out diag.List
	list.Add(err)
	for _, e := range list {
		w := *e
		w.Msg = "in a draft, which is not built: " + w.Msg
		w.Name = diag.DraftProblem.Name
		out = append(out, &w)
	}
	return out
}

// Summary is what a build keeps of a loaded page besides its front
// matter, so that the next build can list the page without loading it
// again when nothing it reads has changed (pipeline/cache.go).
type Summary struct {
	Charts   []ChartSummary `json:"charts,omitempty"`
	Headings []Heading      `json:"headings,omitempty"`
	Math     bool           `json:"math,omitempty"`
	Code     bool           `json:"code,omitempty"`
	TOC      bool           `json:"toc,omitempty"`
}

// ChartSummary is a chart as listings, feeds, search and a build's report
// see it.
type ChartSummary struct {
	ID     string `json:"id"`
	Title  string `json:"title,omitempty"`
	Points int    `json:"points,omitempty"`
	// Fits reports a fitted curve on the chart, which has a fit file.
	Fits bool `json:"fits,omitempty"`
	// DataFiles are the data files the chart read (Chart.DataFiles): the
	// page's inputs. A build keeps them with the page's inputs' checksums.
	DataFiles []string `json:"-"`
	// CSVRows is how many rows the chart's CSV download holds, which
	// decides its name (chart.DataName).
	CSVRows int `json:"csvRows,omitempty"`
	// Pos is where the chart's block starts in its page.
	Pos diag.Pos `json:"pos"`
}

// Summary returns what the build's cache keeps of p.
func (p *Page) Summary() Summary {
	return Summary{Charts: p.Charts, Headings: p.Headings, Math: p.Math, Code: p.Code, TOC: p.TOC}
}

// Summarized returns the page that loading scanned, a page as Scan lists
// it, made when its summary was sm: a new page, for a build that keeps
// the page's files from the last one without loading it again.
func Summarized(scanned *Page, sm Summary) *Page {
	p := *scanned
	p.Charts, p.Headings, p.Math, p.Code, p.TOC = sm.Charts, sm.Headings, sm.Math, sm.Code, sm.TOC
	return &p
}

// Inputs are the site files besides its own that loading p read: its
// charts' data files, its bibliography, its images. A page whose file and
// inputs are unchanged loads the same. Both mechanisms go by this one list
// (see internal/rebuild): a build keeps their checksums, and Reload reads
// again the pages that use a changed file (Page.uses).
func (p *Page) Inputs() []string {
	in := slices.Collect(p.inputs())
	slices.Sort(in)
	return slices.Compact(in)
}

// inputs yields the files Inputs lists, unsorted, some perhaps twice.
func (p *Page) inputs() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, c := range p.Charts {
			for _, f := range c.DataFiles {
				if !yield(f) {
					return
				}
			}
		}
		if p.Bibliography != "" && !yield(p.Bibliography) {
			return
		}
		for _, f := range p.Images {
			if !yield(f) {
				return
			}
		}
	}
}
