package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/figure"
	"github.com/scalesite/scalesite/internal/atomicfile"
	"github.com/scalesite/scalesite/internal/figseal"
	"github.com/scalesite/scalesite/internal/scene"
	scsite "github.com/scalesite/scalesite/site"
	"github.com/scalesite/scalesite/themes"
)

// pxPer is how many CSS pixels make one unit of length: CSS's 96 px to the
// inch. A chart laid out at a width of 3.25 in is laid out at 312 px, so its
// 12 px labels are 9 pt on paper, as a figure of that width in a paper has.
var pxPer = map[string]float64{
	"px": 1,
	"in": 96,
	"cm": 96 / 2.54,
	"mm": 96 / 25.4,
	"pt": 96.0 / 72,
}

// parseLength reads a length such as "3.25in", "8.5cm", "1200px" or "640"
// (px) into CSS pixels.
func parseLength(s string) (float64, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	num, unit := s, "px"
	for u := range pxPer {
		if n, ok := strings.CutSuffix(s, u); ok {
			num, unit = strings.TrimSpace(n), u
			break
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s is not a length: write a number and a unit, such as 3.25in, 8.5cm, 90mm or 1200px", diag.Quote(s))
	}
	px := v * pxPer[unit]
	if px < 120 || px > 8000 {
		return 0, fmt.Errorf("%s is %.0f px: a figure is drawn between 120 px (1.25 in) and 8000 px wide", diag.Quote(s), px)
	}
	return px, nil
}

// figureFormats are the formats figure writes, by file extension.
var figureFormats = []string{"svg", "pdf", "png"}

// chartRef is a chart asked for on the command line, and the charts it
// names.
type chartRef struct {
	arg    string
	page   *scsite.Page
	charts []*scsite.Chart
}

// findCharts resolves the command line's chart references: a page (its
// source file, "content/scaling.md" or "scaling.md", or its address,
// "/scaling/"), optionally followed by #N (its N-th chart, from 1) or
// #chart-id; or a chart's id alone (the id of its element on the page).
func findCharts(s *scsite.Site, args []string) ([]chartRef, error) {
	pages := s.Pages
	if s.Home != nil {
		pages = append([]*scsite.Page{s.Home}, pages...)
	}
	var refs []chartRef
	for _, arg := range args {
		pageArg, which, hasWhich := strings.Cut(arg, "#")
		ref := chartRef{arg: arg}
		if !hasWhich && strings.HasPrefix(arg, "chart-") {
			for _, p := range pages {
				for _, c := range s.Body(p).Charts {
					if c.ID == arg {
						ref.page, ref.charts = p, []*scsite.Chart{c}
					}
				}
			}
			if ref.page == nil {
				return nil, fmt.Errorf("no chart has the id %s", diag.Quote(arg))
			}
			refs = append(refs, ref)
			continue
		}
		for _, p := range pages {
			if pageMatches(p, pageArg) {
				ref.page = p
				break
			}
		}
		if ref.page == nil {
			return nil, fmt.Errorf("no page %s: name a page by its file (content/scaling.md) or its address (/scaling/)", diag.Quote(pageArg))
		}
		charts := s.Body(ref.page).Charts
		if len(charts) == 0 {
			return nil, fmt.Errorf("%s has no chart", ref.page.Path)
		}
		switch n, err := strconv.Atoi(which); {
		case !hasWhich:
			ref.charts = charts
		case err == nil:
			if n < 1 || n > len(charts) {
				return nil, fmt.Errorf("%s: %s has %d %s; #%d names none", arg, ref.page.Path, len(charts), diag.Plural(len(charts), "chart", "charts"), n)
			}
			ref.charts = []*scsite.Chart{charts[n-1]}
		default:
			for _, c := range charts {
				if c.ID == which {
					ref.charts = []*scsite.Chart{c}
				}
			}
			if ref.charts == nil {
				ids := make([]string, len(charts))
				for i, c := range charts {
					ids[i] = c.ID
				}
				return nil, fmt.Errorf("%s: %s has no chart %s; its charts are %s (or #1 to #%d)", arg, ref.page.Path, diag.Quote(which), strings.Join(ids, ", "), len(ids))
			}
		}
		refs = append(refs, ref)
	}
	return refs, nil
}

// pageMatches reports whether arg names page p: its source file, with or
// without content/, or its address.
func pageMatches(p *scsite.Page, arg string) bool {
	a := filepath.ToSlash(arg)
	if a == p.Path || "content/"+strings.TrimPrefix(a, "./") == p.Path || strings.TrimPrefix(a, "./") == p.Path {
		return true
	}
	addr := strings.Trim(path.Clean("/"+a), "/")
	return addr == p.Slug && !strings.HasSuffix(a, ".md")
}

// maxFigureBytes is the largest existing file writeFigure reads to see
// whether it is a figure it wrote: more than the largest PNG it draws
// (2^26 pixels, compressed). A larger file is not one of its figures.
const maxFigureBytes = 256 << 20

// writeFigure writes the sealed figure data to name. A file already there
// is replaced only when it is provably a figure scalesite figure wrote,
// unchanged since (its seal verifies: figseal), or with force; a file
// holding data already is left as it is (unchanged reports that). Anything
// else (a paper, a README, a figure edited by hand, a folder) is refused,
// naming it and the way out.
func writeFigure(name string, data []byte, force bool) (unchanged bool, err error) {
	// The name is quoted whole: the user acts on it (strconv.Quote
	// escapes what a terminal would run).
	refuse := func(what string) error {
		return fmt.Errorf("%s %s, not a figure that scalesite figure wrote (or one changed since): it is left as it is; write the figure to another file (-o), or give --force to replace it", strconv.Quote(name), what)
	}
	fi, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return false, err
	case fi.IsDir():
		return false, fmt.Errorf("%s is a folder: name a file with -o (fig.pdf), or give several charts to write into a folder", strconv.Quote(name))
	case !fi.Mode().IsRegular():
		if !force {
			return false, refuse("is a symbolic link or a special file")
		}
	case fi.Size() > maxFigureBytes:
		if !force {
			return false, refuse("exists")
		}
	default:
		old, err := os.ReadFile(name)
		if err != nil {
			return false, err
		}
		if bytes.Equal(old, data) {
			return true, nil
		}
		if !force && !figseal.Verify(old) {
			return false, refuse("exists")
		}
	}
	return false, atomicfile.Write(name, data, ".figure-*", 0o644)
}

func runFigure(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("figure [flags] PAGE[#N|#ID]... | --all", `Draws charts as figures for papers and slides: SVG, PDF (vector, the font
embedded) or PNG, with the ticks, labels, colours and legend of the chart on
the page, laid out for the width asked for.

Name a chart by its page (its file, content/scaling.md, or its address,
/scaling/) and its place on the page (#2, from 1) or its id (#chart-scaling-2,
the id of its element on the page); a page alone draws each of its charts.
--all draws every chart of the site.

By default a figure is made for a paper's column: 3.25 in wide, its text 8
pt, no title (the caption carries it; --title brings it back), thin lines and
small markers, a compact legend in columns (inside a plot where it covers
nothing), panels side by side (--columns to choose), each row of panels about
1.4 times as wide as high (--height or --aspect to change), and at least three
labelled ticks on every axis. --width and --font-size size it for another
column or a slide.

A figure replaces a file only when it can prove it wrote that file: each
figure carries a seal (the SHA-256 of its own bytes), and a file whose seal
does not verify (a paper, a README, a figure edited since) is left as it is
unless --force is given. Drawing the same figure again replaces it.`, stderr)
	var (
		source, out, format, width, height string
		venueName                          string
		dpi, fontPt, aspect                float64
		columns                            int
		dark, all, drafts, force, title    bool
	)
	fs.StringVar(&source, "source", ".", "the site `folder`")
	fs.StringVar(&source, "s", ".", "short for --source")
	fs.StringVar(&out, "out", "", "the `file` to write (one chart), or the folder (several; default figures)")
	fs.StringVar(&out, "o", "", "short for --out")
	fs.StringVar(&format, "format", "", "svg, pdf or png (default: the --out file's extension, else svg)")
	fs.StringVar(&width, "width", "3.25in", "the figure's `width`: in, cm, mm, pt or px (a paper's column: 3.25in)")
	fs.StringVar(&height, "height", "", "the figure's `height` (default: from --aspect, else about 1.4 times less than a row of panels is wide)")
	fs.Float64Var(&aspect, "aspect", 0, "the figure's width over its `height`, when --height is not given")
	fs.Float64Var(&fontPt, "font-size", 8, "the size of the axes' text in `points` (the other texts keep their proportion)")
	fs.IntVar(&columns, "columns", 0, "panels side by side in a row (default: two in a 3.25 in column, one more for each 1.6 in)")
	fs.BoolVar(&title, "title", false, "draw the chart's title and subtitle in the figure (a paper's caption carries them)")
	fs.Float64Var(&dpi, "dpi", 300, "the PNG's resolution, in `dots` per inch")
	fs.BoolVar(&dark, "dark", false, "draw in the dark scheme (for slides on a dark background)")
	fs.BoolVar(&all, "all", false, "draw every chart of the site")
	fs.BoolVar(&drafts, "drafts", false, "include pages marked draft: true")
	fs.BoolVar(&force, "force", false, "replace an existing file even when it is not a figure scalesite figure wrote")
	fs.StringVar(&venueName, "venue", "", "a `venue`'s column, its width and text size: "+venueNames()+" (list describes them)")
	usage := fs.Usage
	if code := parseFlagsArgs(fs, flagsFirst(fs, args), stdout, true); code >= 0 {
		return code
	}
	if strings.EqualFold(venueName, "list") {
		writeVenues(stdout)
		return 0
	}
	if venueName != "" {
		if err := applyVenue(fs, venueName); err != nil {
			fmt.Fprintf(stderr, "scalesite figure: --venue: %s\n", err)
			return 2
		}
	}
	names := fs.Args()
	if all == (len(names) > 0) {
		fmt.Fprintf(stderr, "scalesite figure: name the charts to draw, or give --all\n")
		usage()
		return 2
	}
	px, err := parseLength(width)
	if err != nil {
		fmt.Fprintf(stderr, "scalesite figure: --width: %s\n", err)
		return 2
	}
	heightPx := 0.0
	if height != "" {
		if heightPx, err = parseLength(height); err != nil {
			fmt.Fprintf(stderr, "scalesite figure: --height: %s\n", err)
			return 2
		}
	}
	if aspect != 0 && (aspect < 0.1 || aspect > 10 || math.IsNaN(aspect)) {
		fmt.Fprintf(stderr, "scalesite figure: --aspect %g: give a width over height from 0.1 to 10 (1.4 for a figure a little wider than high)\n", aspect)
		return 2
	}
	if fontPt < 4 || fontPt > 72 || math.IsNaN(fontPt) {
		fmt.Fprintf(stderr, "scalesite figure: --font-size %g: give a size in points from 4 to 72 (8 for a paper)\n", fontPt)
		return 2
	}
	if columns < 0 || columns > 16 {
		fmt.Fprintf(stderr, "scalesite figure: --columns %d: give a number of panels a row from 1 to 16\n", columns)
		return 2
	}
	layout := figureLayout{Width: px, Height: heightPx, Aspect: aspect, FontPt: fontPt, Columns: columns, Title: title}
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
		if !slices.Contains(figureFormats, format) {
			format = "svg"
		}
	}
	if !slices.Contains(figureFormats, format) {
		fmt.Fprintf(stderr, "scalesite figure: --format %s: write svg, pdf or png\n", diag.Quote(format))
		return 2
	}
	if format == "png" && (dpi < 24 || dpi > 2400) {
		fmt.Fprintf(stderr, "scalesite figure: --dpi %g: give a resolution from 24 to 2400\n", dpi)
		return 2
	}
	date, err := sourceDate(os.Getenv("SOURCE_DATE_EPOCH"))
	if err != nil {
		fmt.Fprintf(stderr, "scalesite figure: %s\n", err)
		return 2
	}
	limitMemory()
	s, err := scsite.Load(source, scsite.Options{Drafts: drafts, ChartsOnly: true})
	if err != nil {
		printError(stderr, err)
		return 1
	}
	var charts []*scsite.Chart
	if all {
		for _, p := range append([]*scsite.Page{s.Home}, s.Pages...) {
			if p != nil {
				charts = append(charts, s.Body(p).Charts...)
			}
		}
		if len(charts) == 0 {
			fmt.Fprintf(stderr, "scalesite figure: the site has no chart\n")
			return 1
		}
	} else {
		refs, err := findCharts(s, names)
		if err != nil {
			fmt.Fprintf(stderr, "scalesite figure: %s\n", err)
			return 1
		}
		for _, r := range refs {
			charts = append(charts, r.charts...)
		}
	}
	// One chart and a file name with an extension: that file. Otherwise a
	// folder, each chart under its id.
	single := len(charts) == 1 && out != "" && filepath.Ext(out) != ""
	if !single && out == "" {
		out = "figures"
	}
	// the site's theme overlays the built-in one, as in its pages
	theme := scene.Layers(themes.Default(), s.Theme)
	var eng *scene.Engine
	for _, c := range charts {
		name := out
		if !single {
			name = filepath.Join(out, c.ID+"."+format)
		}
		if eng == nil || eng.Failed() {
			if eng, err = scene.NewFS(theme, figure.MeasureFont); err != nil {
				fmt.Fprintf(stderr, "scalesite figure: %s\n", figureError(s, c, err))
				return 1
			}
		}
		data, err := drawFigure(eng, c, layout.medium(c), dark, format, dpi, date)
		if err != nil {
			fmt.Fprintf(stderr, "scalesite figure: %s\n", figureError(s, c, err))
			return 1
		}
		unchanged, err := writeFigure(name, data, force)
		if err != nil {
			fmt.Fprintf(stderr, "scalesite figure: %s: %s\n", c.ID, err)
			return 1
		}
		note := ""
		if unchanged {
			note = ", unchanged"
		}
		fmt.Fprintf(stdout, "%s → %s (%d bytes%s)\n", c.ID, name, len(data), note)
	}
	return 0
}

// figureError is err, met drawing chart c of site s: a failure of the
// theme's scripts is an error at the chart's place in its page, naming the
// script (the site's own file when it gave it).
func figureError(s *scsite.Site, c *scsite.Chart, err error) error {
	var se *scene.ScriptError
	if !errors.As(err, &se) {
		return fmt.Errorf("%s: %w", c.ID, err)
	}
	ownFile := ""
	if s.Theme != nil && se.Script != "" {
		if _, err := fs.Stat(s.Theme, se.Script); err == nil {
			ownFile = path.Join("themes", filepath.Base(s.ThemeDir), se.Script)
		}
	}
	pos := diag.Pos{}
	if c.Spec != nil {
		pos = diag.Pos{File: c.Spec.Pos.File, Line: c.Spec.Pos.Line}
	}
	return se.At(pos, "the chart's figure", ownFile, false)
}

// figureLayout is what the command line asks of a figure's layout: its
// width and height in CSS px (0: from Aspect, else the default), the
// axes' text in points, the panels a row (0: the default) and whether
// the title is drawn. A venue preset is a width and a font size.
type figureLayout struct {
	Width, Height, Aspect, FontPt float64
	Columns                       int
	Title                         bool
}

// Defaults of a figure for a paper: a panel at least columnPanelMin px
// wide (1.6 in) and two side by side in any column; each row of panels
// rowAspect times as wide as high (3.25 × 2.3 in, matplotlib's figure of
// the same data in a column), a cell at most cellAspect times as high as
// wide.
const (
	columnPanelMin = 1.6 * 96
	rowAspect      = 1.41
	cellAspect     = 1.4
)

// medium is the layout of chart c's figure: the paper medium the
// chart's scripts lay it out for (internal/scene Medium).
func (l figureLayout) medium(c *scsite.Chart) scene.Medium {
	panels := max(1, len(c.Panels))
	cols := l.Columns
	if cols == 0 {
		cols = max(2, int(l.Width/columnPanelMin))
	}
	cols = min(cols, panels)
	h, rowH := l.Height, 0.0
	if h == 0 && l.Aspect > 0 {
		h = l.Width / l.Aspect
	}
	if h == 0 {
		rowH = min(l.Width/rowAspect, cellAspect*l.Width/float64(cols))
	}
	return scene.Medium{
		Width: l.Width, Height: h, RowHeight: rowH, TextSize: l.FontPt * pxPer["pt"],
		Title: l.Title, Columns: cols, Thin: true, MinTicks: 3,
	}
}

// drawFigure draws chart c made for medium m in format; a PDF carries
// date (SOURCE_DATE_EPOCH), or no date when it is zero.
func drawFigure(eng *scene.Engine, c *scsite.Chart, m scene.Medium, dark bool, format string, dpi float64, date time.Time) ([]byte, error) {
	alt := chart.AltText(c)
	sc, err := eng.SceneFor(chart.OptionBytes(chart.Option(c)), m, dark)
	if err != nil {
		return nil, err
	}
	// the Scene is in layout units: drawn m.Scale() px a unit
	k := m.Scale()
	var b bytes.Buffer
	title := c.Title()
	data := &b
	switch format {
	case "svg":
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
		err = figure.WriteSVG(&b, sc, figure.SVGOptions{Title: title, Desc: alt, Width: sc.Width * k, Height: sc.Height * k})
	case "pdf":
		err = figure.WritePDF(&b, sc, figure.PDFOptions{Title: title, Keywords: figseal.Keywords, Date: date, Width: sc.Width * k * figure.MMPerPx, Height: sc.Height * k * figure.MMPerPx})
	case "png":
		err = figure.WritePNG(&b, sc, figure.PNGOptions{Scale: dpi / 96 * k})
		data = bytes.NewBuffer(pngSigned(b.Bytes()))
	}
	if err != nil {
		return nil, err
	}
	return figseal.Seal(format, data.Bytes())
}

// flagsFirst moves the flags of args (with the values of those that take
// one) before the other arguments, so that "figure /scaling/#2 -o f.pdf"
// reads as "figure -o f.pdf /scaling/#2": the flag package stops at the
// first argument that is not a flag. After "--" nothing moves.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil && !hasValue && i+1 < len(args) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++
				flags = append(flags, args[i])
			}
		}
	}
	return append(flags, rest...)
}

// pngSigned is a PNG with a tEXt chunk "Software: scalesite figure" after
// its header, which says, to a person or a program that reads it, what
// made it (its seal is figseal's).
func pngSigned(png []byte) []byte {
	const header = 8 + 4 + 4 + 13 + 4 // signature, IHDR chunk
	if len(png) < header || string(png[12:16]) != "IHDR" {
		return png
	}
	text := []byte("Software\x00scalesite figure")
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(text)))
	chunk = append(chunk, "tEXt"...)
	chunk = append(chunk, text...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(png)+len(chunk))
	out = append(out, png[:header]...)
	out = append(out, chunk...)
	return append(out, png[header:]...)
}
