// Package site loads a scalesite source folder into one model: the config,
// the pages with their parsed Markdown, and every chart with its data already
// read, checked and grouped into series.
//
// Loading is the first of the three one-way steps of a build (load → render →
// write): it reads files and finds every problem in the content, so that the
// renderer never has to report a content error and never touches the disk.
package site

import (
	"io/fs"
	"math"
	"time"

	"github.com/yuin/goldmark"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/katex"
	"github.com/scalesite/scalesite/internal/sitefs"
)

// Site is a loaded site.
type Site struct {
	// Root is the source folder.
	Root   string
	Config Config
	// Pages are the published pages, newest first (pages without a date last,
	// then by path), drafts only when asked for.
	Pages []*Page
	// Home is content/index.md or content/_index.md, or nil when there is none.
	Home *Page
	// Resources are the files under content/ that are not pages (data files,
	// images of page bundles), relative to content/: they are published at the
	// same place, so a page can link to its CSV.
	Resources []string
	// Static lists the files under static/, as slash-separated paths relative to it.
	Static []string
	// ThemeDir is the site's own theme folder (themes/NAME), or "" when the
	// site uses the built-in theme only.
	ThemeDir string
	// Theme is ThemeDir's files under the file rule, or nil.
	Theme fs.FS
	// Files reads the site's files under the rule every reader shares: inside
	// the site folder, regular, within Config.Limits.
	Files *sitefs.Root
	// Warnings are problems that do not stop the build (missing values left out).
	Warnings diag.List

	// What Reload needs to load again only what changed: every Markdown file
	// as loaded (drafts too) by its path, the options, and the Markdown
	// parser configured for this site.
	loaded map[string]loadedPage
	opts   Options
	md     goldmark.Markdown
	// formulas holds the typeset formulas (math.go), shared with the
	// sites Reload makes, so that the preview typesets only what changed.
	formulas *katex.Cache

	// A site made by Scan (stream.go): its pages as far as their front
	// matter, the drafts it
	// left out, and the caches its LoadPage calls share.
	streaming     bool
	skippedDrafts []string
	caches        *loadCaches
	// bodyCaches are the caches LoadBody's loads share, for a site
	// Load, Reload or Settle made: one set a site value.
	bodyCaches *onceCaches
}

// Page is one Markdown file.
type Page struct {
	// Path is the source file relative to the site root, slash-separated
	// ("content/audio/index.md"); it is how messages name the page.
	Path string
	// Slug is the page's path in the output without slashes at either end
	// ("audio"); the page is written to Slug/index.html. The home page has "".
	Slug string

	// Title is the page's title in plain text, its formulas as chart text
	// draws them; TitleHTML its markup, formulas typeset, when it holds a
	// formula, else "" (title.go).
	Title     string
	TitleHTML string
	// TitleLine is the title typeset as one line for drawing (its social
	// card's heading: charttitle.go), when it holds a formula and the
	// pictures can lay it out; nil otherwise.
	TitleLine *TeXLine
	// titleTeX is the title as written, when it holds a formula.
	titleTeX    string
	Description string
	Date        time.Time // zero when the page has none
	Tags        []string
	TagPos      []diag.Pos // where each tag is written, for messages
	Draft       bool
	// SourceSum is the rebuild.FileSum of the page's file, as Scan read it.
	SourceSum [32]byte
	// Key is the rebuild.PageKey of what rendering the page reads of the
	// site: set by the loader, and by Scan for the page as far as its
	// front matter.
	Key [32]byte
	// frontMatterRead reports that Scan read the front matter without a
	// problem, so that LoadPage need not read it again.
	frontMatterRead bool

	// Charts are what listings, feeds and search read of the page's
	// charts, in the order they appear; its Body has them in full. A page
	// Scan made has none until it is loaded.
	Charts []ChartSummary

	// Citations (cite.go): Bibliography is the .bib file (site-relative)
	// the page's citations were looked up in, "" when it names none and
	// cites nothing; CiteStyle is CiteAuthorYear or CiteNumeric (the
	// entries cited are the Body's References).
	Bibliography string
	CiteStyle    string
	bibRef       string // the front matter's bibliography, as written
	bibPos       diag.Pos

	// TOC asks for a table of contents at the top of the page: the front
	// matter's toc:, or scalesite.yaml's when the page does not say.
	TOC    bool
	tocSet bool
	// Headings are the page's headings, in order (markdown.go).
	Headings []Heading
	// Code reports a code block on the page, which the theme's copy
	// button script is loaded for.
	Code bool
	// Images are the site files of the page's local images (markdown.go).
	Images []string
	// Math reports a formula on the page, which the theme loads KaTeX's
	// stylesheet for (math.go).
	Math bool
	// Card is the index in Charts of the chart the page's social card
	// shows (card.go: the front matter's card:, else 0, the first chart);
	// -1 for none (card: false). Body.CardChart is that chart.
	Card int
	card cardRef
}

// Points counts the data points drawn on the page.
func (p *Page) Points() int {
	n := 0
	for _, c := range p.Charts {
		n += c.Points
	}
	return n
}

// Chart is a chart spec with its data read and grouped.
type Chart struct {
	Spec *chartspec.Chart
	// ID is unique in the site and the same in every build: it is derived from
	// the page's slug and the chart's position on the page.
	ID string
	// Panels match Spec.Panels one to one.
	Panels []Panel
	// DataFiles are the data files the chart read, relative to the site root.
	DataFiles []string
	// Source is the spec's source: resolved (cite.go), or nil for none.
	Source *Source
	// TitleTeX and SubtitleTeX are the title and subtitle typeset, when
	// one of them holds a formula (charttitle.go); nil otherwise, and the
	// plain forms (Spec.Title) are drawn.
	TitleTeX, SubtitleTeX *TeXLine
}

// Title is the chart's title, "" when it has none (or its spec could not
// be read).
func (c *Chart) Title() string {
	if c.Spec == nil {
		return ""
	}
	return c.Spec.Title
}

// SeriesNames lists the chart's series names once each, in the order they
// first appear across its panels: the order of the legend and the colours.
func (c *Chart) SeriesNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range c.Panels {
		for _, s := range p.Series {
			if !seen[s.Name] {
				seen[s.Name] = true
				names = append(names, s.Name)
			}
		}
	}
	return names
}

// Extent is the range of a panel's x and y values, gaps left out; lo > hi
// when the panel has no point.
func (p Panel) Extent() (xlo, xhi, ylo, yhi float64) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	for _, s := range p.Series {
		for _, pt := range s.Points {
			if pt.Gap() {
				continue
			}
			xlo, xhi = min(xlo, pt.X), max(xhi, pt.X)
			ylo, yhi = min(ylo, pt.Y), max(yhi, pt.Y)
		}
	}
	return
}

// Points counts the chart's drawn points.
func (c *Chart) Points() int {
	n := 0
	for _, p := range c.Panels {
		for _, s := range p.Series {
			for _, pt := range s.Points {
				if !pt.Gap() {
					n++
				}
			}
		}
	}
	return n
}

// CSVRows is how many rows the chart's CSV download holds: every point,
// gaps included, or every run's rows for a series that groups runs.
func (c *Chart) CSVRows() int {
	n := 0
	for _, p := range c.Panels {
		for _, s := range p.Series {
			if s.Runs == nil {
				n += len(s.Points)
				continue
			}
			for _, r := range s.Runs {
				n += len(r.Points)
			}
		}
	}
	return n
}

// Panel is the data of one panel, grouped into series.
type Panel struct {
	Series []Series
	// Fits are the curves the spec's `fit` asks for, fitted (fit.go).
	Fits []Fitted
	// law holds the variables of a fit by law on each row (law.go).
	law *lawVars
	// rows is where the points' rows stand: the data file (the page for
	// inline data), with Row set when the table has no lines (Parquet, an
	// event folder), so that a message names a point's row as the table
	// counts it (rowPos, rowsText).
	rows diag.Pos
}

// rowPos is the position of the row at line (a Point's Row) in the panel's
// data: "data.csv:12", or "row 12,345 of runs.parquet".
func (p *Panel) rowPos(line int) diag.Pos {
	at := p.rows
	at.Line = line
	return at
}

// rowText names the row at line in a message: "line 12" or "row 12,345".
func (p *Panel) rowText(line int) string { return p.rowPos(line).LineText() }

// rowsText names the rows at lines in a message: "lines 4, 9" or "rows 1, 4001".
func (p *Panel) rowsText(lines []int) string { return diag.LinesText(lines, p.rows.Row) }

// Series is one legend entry: the points sharing a value of the series column.
type Series struct {
	Name   string
	Points []Point
	// Notes are the labels, bounds and NameOnly marks of Points (and of
	// Runs' points), which each point indexes; nil when none has any.
	// The series of a panel share one.
	Notes *Notes
	// Runs are the runs a grouped series is the mean of (group.go), as
	// read; nil for a series drawn as it is.
	Runs []Run
}

// Point is one drawn point. Its label, bounds and NameOnly mark are kept
// in its series' Notes, which Note indexes.
//
// In a line chart, a point whose Y is NaN is a gap (see Gap): its row has an
// x but no y, and the line breaks there instead of bridging it.
//
// A Point is 24 bytes: a chart of ten runs of a million steps holds
// 10,000,000 of them, and most points have neither a label nor bounds, so
// those stand aside in the series' Notes, and a point holds only their
// index (a pointer would take 8 bytes, and padding 4 more).
type Point struct {
	X, Y float64
	// Row is the 1-based line of the point's row in its data file (the
	// page's line for inline data), so that messages can name it. 32 bits:
	// a data file within any limit a site sets has far fewer lines than
	// 2^31.
	Row int32
	// note is the 1-based index of the point's note in its series' Notes,
	// 0 when it has none. 32 bits: a panel has at most a note a point,
	// and 2^31 points would take 48 GB.
	note int32
}

// Notes holds what some points have beside their place: a label, bounds,
// a NameOnly mark. The zero value and nil are empty; a point that has no
// note reads as none in any Notes.
type Notes struct {
	list []note
}

// note is what one point has beside its place.
type note struct {
	label string
	// bounds is the point's interval when an axis has low and high (or
	// err) columns (intervals.go).
	bounds *Bounds
	// nameOnly: label names the point (tooltip, table, CSV) but is not
	// drawn beside it, as the spec's label only: leaves it out (LabelOnly).
	nameOnly bool
}

// of returns p's note, the zero note when it has none.
func (n *Notes) of(p Point) note {
	if p.note == 0 || n == nil {
		return note{}
	}
	return n.list[p.note-1]
}

// Label is p's text, "" when it has none.
func (n *Notes) Label(p Point) string { return n.of(p).label }

// Bounds is p's interval when an axis has low and high (or err) columns;
// nil otherwise.
func (n *Notes) Bounds(p Point) *Bounds { return n.of(p).bounds }

// NameOnly reports that p's label names it (tooltip, table, CSV) but is
// not drawn beside it.
func (n *Notes) NameOnly(p Point) bool { return n.of(p).nameOnly }

// With returns p with the label text and the bounds b (nil: none) noted
// in n, or with no note when it has neither.
func (n *Notes) With(p Point, label string, b *Bounds) Point {
	return n.with(p, note{label: label, bounds: b})
}

// with returns p with its note m in n, or with none when m is empty.
func (n *Notes) with(p Point, m note) Point {
	p.note = 0
	if m != (note{}) {
		n.list = append(n.list, m)
		p.note = int32(len(n.list))
	}
	return p
}

// setNameOnly marks p's label as naming it only, or not; p has a note.
func (n *Notes) setNameOnly(p Point, on bool) { n.list[p.note-1].nameOnly = on }
