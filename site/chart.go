package site

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/table"
)

// chart reads the data of one chart block of page p: its spec sc as
// parsed, or the error parsing it gave.
func (l *pageLoader) chart(p *Page, sc *chartspec.Chart, err error, at diag.Pos, index int) (*Chart, error) {
	if err != nil {
		return nil, err
	}
	c := &Chart{Spec: sc, ID: chartID(p.Slug, index)}
	// The warnings reading the chart raises, less those it silences (quiet:).
	if quiet := sc.QuietNames(); len(quiet) > 0 {
		start := len(l.warnings)
		defer func() { l.warnings = append(l.warnings[:start], l.warnings[start:].Quiet(quiet)...) }()
	}
	l.warnings = append(l.warnings, sc.Warnings...)
	var errs diag.List
	errs.Add(l.chartTitles(p, c, at))
	loaded := make([]bool, len(sc.Panels))
	files := make([]string, len(sc.Panels))
	for i := range sc.Panels {
		panel, file, err := l.panel(p, &sc.Panels[i], at, panelNumber(sc, i))
		errs.Add(err)
		if err == nil {
			err = linearRangeErrors(&sc.Panels[i], &panel).Err()
			errs.Add(err)
		}
		if err == nil {
			l.warnings = append(l.warnings, groupRuns(&sc.Panels[i], &panel, at)...)
			labelOnly(&sc.Panels[i], &panel)
			loaded[i] = true
		}
		c.Panels = append(c.Panels, panel)
		files[i] = file
		if file != "" && !slices.Contains(c.DataFiles, file) {
			c.DataFiles = append(c.DataFiles, file)
		}
	}
	// Counted before anything is fitted, so that a chart of too many
	// series costs one error, not a fit (or a fit's error) per series.
	if err := tooManySeries(sc, c.Panels, at); err != nil {
		return c, append(errs, err).Err()
	}
	for i := range sc.Panels {
		if loaded[i] {
			var err error
			c.Panels[i].Fits, err = fitPanel(&sc.Panels[i], &c.Panels[i], panelNumber(sc, i), cmp.Or(files[i], p.Path), fitSum(l, &sc.Panels[i], files[i]), l.fits)
			errs.Add(err)
		}
		l.warnings = append(l.warnings, largeSeries(sc, &sc.Panels[i], &c.Panels[i], c.LongLines(), at)...)
	}
	if len(errs) == 0 {
		errs.Add(isoflopFits(sc, c))
		for i := range c.Panels { // the isoflop chart's fits, which isoflopFits made
			for k := range c.Panels[i].Fits {
				if f := &c.Panels[i].Fits[k]; f.DataSHA256 == "" && i < len(sc.Panels) {
					f.DataSHA256 = l.dataSum(&sc.Panels[i], files[i])
				}
			}
		}
	}
	if len(errs) == 0 {
		l.warnings = append(l.warnings, percentOfFractions(sc, c.Panels)...)
		named := make([]string, len(files))
		for i, f := range files {
			named[i] = cmp.Or(f, p.Path)
		}
		l.warnings = append(l.warnings, unitWarnings(sc, c.Panels, named)...)
	}
	return c, errs.Err()
}

// dataSum is the SHA-256, in hex, of a panel's data: of its file as read,
// or of its inline text.
func (l *pageLoader) dataSum(sp *chartspec.Panel, file string) string {
	if file == "" {
		sum := sha256.Sum256([]byte(sp.Data.Inline))
		return hex.EncodeToString(sum[:])
	}
	sum, _ := l.tables.sum(file)
	return hex.EncodeToString(sum[:])
}

// fitSum is dataSum for a panel with a fit, "" (not computed) for one
// without.
func fitSum(l *pageLoader, sp *chartspec.Panel, file string) string {
	if sp.Fit.Type == "" {
		return ""
	}
	return l.dataSum(sp, file)
}

// MaxChartSeries is the most curves one chart draws: its series and fitted
// curves, over all its panels. A real figure has under a hundred; a legend
// of a thousand cannot be read, and every curve costs the page (and its
// static figure) a legend entry, its points and, for a fit, a hundred
// samples, so the limit bounds what a chart weighs and costs to draw.
const MaxChartSeries = 1000

// tooManySeries is the error of a chart that would draw more than
// MaxChartSeries series and fits, at the series column that makes them. It
// counts the fits the spec asks for, before they are fitted.
func tooManySeries(sc *chartspec.Chart, panels []Panel, at diag.Pos) *diag.Error {
	series, fits := 0, 0
	for i, p := range panels {
		series += len(p.Series)
		if i < len(sc.Panels) {
			fits += fitCount(&sc.Panels[i].Fit, &p)
		}
	}
	if series+fits <= MaxChartSeries {
		return nil
	}
	for _, sp := range sc.Panels {
		if sp.Series.Name != "" {
			at = sp.Series.Pos
			break
		}
		if sp.Wide() {
			at = sp.Y.Field.Pos
			break
		}
	}
	what := fmt.Sprintf("%d series", series)
	switch {
	case fits == 1:
		what += " and 1 fitted curve"
	case fits > 1:
		what += fmt.Sprintf(" and %d fitted curves", fits)
	}
	return diag.Errorf(at, "this chart draws %s, more than the %d a chart can draw (series and fits together, over all panels): a legend that long cannot be read; keep fewer series with where:, fit fewer with fit: {type: ..., series: [...]}, or split the data over several charts", what, MaxChartSeries)
}

// percentOfFractions warns about an axis with format: percent whose every
// value lies within -1 and 1: percent shows 45 as 45%, so fractions would
// read 0.25% … 0.6%, a figure off by a hundred that looks right. The values
// of every panel that takes its format from the same `format:` count
// together; values all zero say nothing.
func percentOfFractions(sc *chartspec.Chart, panels []Panel) []*diag.Error {
	type span struct {
		name           string
		lo, hi         float64
		n              int
		outside, zeros bool
	}
	var order []diag.Pos
	spans := map[diag.Pos]*span{}
	for i := range sc.Panels {
		if i >= len(panels) {
			break
		}
		for _, name := range []string{"x", "y"} {
			ax := &sc.Panels[i].X
			if name == "y" {
				ax = &sc.Panels[i].Y
			}
			if ax.Format != chartspec.FormatPercent {
				continue
			}
			sp := spans[ax.FormatPos]
			if sp == nil {
				sp = &span{name: name, zeros: true}
				spans[ax.FormatPos] = sp
				order = append(order, ax.FormatPos)
			}
			for _, s := range panels[i].Series {
				for _, pt := range s.Points {
					v := pt.X
					if name == "y" {
						if pt.Gap() {
							continue
						}
						v = pt.Y
					}
					if sp.n == 0 || v < sp.lo {
						sp.lo = v
					}
					if sp.n == 0 || v > sp.hi {
						sp.hi = v
					}
					sp.n++
					sp.outside = sp.outside || v < -1 || v > 1
					sp.zeros = sp.zeros && v == 0
				}
			}
		}
	}
	var out []*diag.Error
	for _, pos := range order {
		sp := spans[pos]
		if sp.n == 0 || sp.outside || sp.zeros {
			continue
		}
		vals, ticks := shortNumber(sp.lo)+" to "+shortNumber(sp.hi), shortNumber(sp.lo)+"% … "+shortNumber(sp.hi)+"%"
		if sp.lo == sp.hi {
			vals, ticks = shortNumber(sp.lo), shortNumber(sp.lo)+"%"
		}
		out = append(out, diag.Warnf(diag.PercentFraction, pos,
			"format: percent shows a value in percent as it is (45 → 45%%), but every %s value of the chart lies between -1 and 1 (%s), so the ticks would read %s: if the values are fractions, write format: fraction, which shows 0.45 as 45%%",
			sp.name, vals, ticks))
	}
	return out
}

// chartID derives a chart's DOM id from its page and position, so that two
// builds give the same bytes.
func chartID(slug string, index int) string {
	var b strings.Builder
	b.WriteString("chart-")
	if slug == "" {
		slug = "home"
	}
	dash := false
	for _, r := range strings.ToLower(slug) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	// Slugs that differ only in what the id cannot hold ("a/b" and "a-b")
	// are told apart by a short hash of the slug as written.
	if b.String() != "chart-"+slug {
		h := fnv.New32a()
		h.Write([]byte(slug))
		fmt.Fprintf(&b, "-%04x", h.Sum32()&0xffff)
	}
	fmt.Fprintf(&b, "-%d", index+1)
	return b.String()
}

// table returns the panel's data: inline CSV, or a file beside the page or
// under the site root. file is the data file's site-relative path, if any.
func (l *pageLoader) table(p *Page, d chartspec.DataRef) (t *table.Table, file string, err error) {
	if d.Inline != "" {
		comma := ','
		if head, _, _ := strings.Cut(d.Inline, "\n"); strings.Contains(head, "\t") && !strings.Contains(head, ",") {
			comma = '\t'
		}
		// read in place (ParseCSV would take a copy of the text)
		t, err := table.ReadCSV(strings.NewReader(d.Inline), int64(len(d.Inline)), d.InlinePos, comma)
		return t, "", err
	}
	if run := l.streaming; run != nil { // the file being read (streampanels.go)
		return run.stream.t, run.stream.file, nil
	}
	tried, leaves, err := dataCandidates(p, d)
	if err != nil {
		return nil, "", err
	}
	for _, cand := range tried {
		t, err := l.dataTable(cand)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, cand, atReference(d.Pos, err)
		}
		return t, cand, nil
	}
	if leaves != nil {
		return nil, "", leaves
	}
	return nil, "", diag.Errorf(d.Pos, "data file %q not found (looked for %s)%s", d.Path, quotePaths(tried), l.dataFileHint(filepath.ToSlash(d.Path), tried))
}

// dataCandidates are the site paths the data file d of page p is looked
// for at, in order: beside the page, then under the site's root. leaves
// is the error of a candidate that leaves the site folder, which comes
// after those before it are tried; err is that of a path no file has.
func dataCandidates(p *Page, d chartspec.DataRef) (cands []string, leaves, err error) {
	if strings.ContainsRune(d.Path, 0) {
		return nil, nil, diag.Errorf(d.Pos, "data path %q holds a NUL character, which no file name can: name a .csv, .tsv, .json, .jsonl or .parquet file", d.Path)
	}
	name := filepath.ToSlash(d.Path)
	if path.IsAbs(name) || filepath.IsAbs(d.Path) || filepath.VolumeName(d.Path) != "" {
		return nil, nil, diag.Errorf(d.Pos, "data path %q is absolute: name the file relative to the page (audio.csv) or the site (data/audio.csv)", d.Path)
	}
	for _, cand := range []string{path.Join(path.Dir(p.Path), name), path.Clean(name)} {
		if cand == ".." || strings.HasPrefix(cand, "../") {
			return cands, diag.Errorf(d.Pos, "data path %q leaves the site folder: keep data files beside the page or under data/", d.Path), nil
		}
		if !slices.Contains(cands, cand) {
			cands = append(cands, cand)
		}
	}
	return cands, nil, nil
}

// dataFileHint returns a " — did you mean "mmlu.csv"?" for a data file
// that was not found at any of tried, naming the data file closest to
// name in the folders looked in (mmlu_v2.csv when mmlu.csv is there),
// written as the author wrote name; or "". It reads only the folders'
// names, never a file.
func (l *pageLoader) dataFileHint(name string, tried []string) string {
	var files []string
	for _, cand := range tried {
		entries, err := os.ReadDir(filepath.Join(l.files.Dir(), filepath.FromSlash(path.Dir(cand))))
		if err != nil {
			continue
		}
		for _, e := range entries {
			switch n := e.Name(); strings.ToLower(path.Ext(n)) {
			case ".csv", ".tsv", ".json", ".jsonl", ".ndjson", ".parquet":
				if !strings.HasPrefix(n, ".") && !slices.Contains(files, n) {
					files = append(files, n)
				}
			}
		}
	}
	s := diag.Suggest(path.Base(name), files)
	if s == "" || s == path.Base(name) {
		return ""
	}
	return " — did you mean " + diag.Quote(path.Join(path.Dir(name), s)) + "?"
}

// atReference places a problem with a data file that has no line of its own
// (the file rule refused it, or its kind is unknown) at the data: line that
// names it. Problems inside the file keep their place there.
func atReference(at diag.Pos, err error) error {
	var fe *sitefs.Error
	var te *sitefs.TooLargeError
	var de *diag.Error
	switch {
	case errors.As(err, &fe), errors.As(err, &te):
		return diag.Errorf(at, "data file %v", err)
	case errors.As(err, &de) && de.Line == 0:
		return diag.Errorf(at, "data file %s: %s", diag.QuoteIfNeeded(de.File), de.Msg)
	}
	return err
}

// largeSeries warns about series that the renderer draws from fewer points
// than the data holds, so that the author knows (the CSV download keeps
// every row): a scatter over chartspec.ScatterThinAbove points, thinned to one
// point per pixel-sized cell, and a line of more than lineWarnFactor times
// the points it keeps. A 100,000-step training log on a line is expected
// and thinned without a word; a line of millions of points is worth one.
func largeSeries(sc *chartspec.Chart, sp *chartspec.Panel, p *Panel, lines int, at diag.Pos) diag.List {
	if sc.Downsample == chartspec.DownsampleOff {
		return nil
	}
	target := sc.LineTarget(lines)
	var out diag.List
	for _, s := range p.Series {
		name := ""
		if s.Name != "" {
			name = " " + diag.Quote(s.Name)
		}
		n := len(s.Points)
		switch {
		case sp.Type == chartspec.TypeScatter && n > chartspec.ScatterThinAbove:
			out = append(out, diag.Warnf(diag.Downsampled, at, "the scatter series%s has %d points, more than a scatter draws one by one (%d): it is drawn from one point per pixel of the plot, and the CSV download keeps every row; downsample: false draws every point", name, n, chartspec.ScatterThinAbove))
		case sp.Type == chartspec.TypeLine && n > lineWarnFactor*target:
			band := " over a faint band of the lowest and highest values along it,"
			if s.Runs != nil { // a group's band is the spread of its runs
				band = ""
			}
			out = append(out, diag.Warnf(diag.Downsampled, at, "the line%s has %d points: it is drawn from about %d of them, chosen to keep its shape,%s and the CSV download keeps every row; downsample: N keeps more, downsample: false every point", name, n, target, band))
		}
	}
	return out
}

// LongLines counts the chart's lines of more than chartspec.MinLinePoints
// points, which share its point budget (chartspec.Chart.LineTarget); short
// lines are drawn whole and cost little.
func (c *Chart) LongLines() int {
	n := 0
	for i := range c.Panels {
		if c.Spec == nil || i >= len(c.Spec.Panels) || c.Spec.Panels[i].Type != chartspec.TypeLine {
			continue
		}
		for _, s := range c.Panels[i].Series {
			if len(s.Points) > chartspec.MinLinePoints {
				n++
			}
		}
	}
	return n
}

// lineWarnFactor is how many times more points than it keeps a line must
// have before the build mentions the thinning.
const lineWarnFactor = 50
