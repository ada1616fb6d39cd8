package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// A venue preset is the width of a column (or of the whole text) in a
// venue's LaTeX style and the size of the figure's text that reads as that
// venue's small text: its \footnotesize, the size of its footnotes (and,
// in IEEE's case, its captions), one step under the body. Widths are the
// style files' own lengths; a TeX point is 1/72.27 in.
type venue struct {
	Name   string
	Width  float64 // inches
	FontPt float64 // points
	What   string  // what the width is, for --venue list
}

// texPt is a length in TeX points (1/72.27 in), in inches.
func texPt(pt float64) float64 { return pt / 72.27 }

// venues are the presets of --venue, a column and the whole text width
// (a figure* in a two-column paper) of each.
var venues = []venue{
	// ICML: icml2025.sty (and icml2024.sty), "Physical page layout":
	// \setlength\textwidth{6.75in}, \setlength\columnsep{0.25in},
	// \twocolumn; a column is (6.75 - 0.25) / 2 = 3.25 in. The style
	// keeps article's 10 pt sizes: \footnotesize is 8 pt (size10.clo).
	{"icml", 3.25, 8, "ICML, one column of two (\\columnwidth)"},
	{"icml-wide", 6.75, 8, "ICML, both columns (figure*, \\textwidth)"},
	// NeurIPS: neurips_2024.sty, \geometry{textheight=9in,
	// textwidth=5.5in, ...}, one column; \renewcommand{\footnotesize}
	// {\@setfontsize\footnotesize\@ixpt\@xpt}: 9 pt.
	{"neurips", 5.5, 9, "NeurIPS, the text width (its papers have one column)"},
	// ACL (and EMNLP, NAACL, ARR): acl-org/acl-style-files latex/acl.sty,
	// \PassOptionsToPackage{a4paper,margin=2.5cm}{geometry}: a text 21 -
	// 2 × 2.5 = 16 cm wide; \setlength\columnsep{0.6cm}, \twocolumn: a
	// column is (16 - 0.6) / 2 = 7.7 cm. \def\footnotesize{\@setsize
	// \footnotesize{10pt}\ixpt\@ixpt}: 9 pt.
	{"acl", 7.7 / 2.54, 9, "ACL, one column of two (\\columnwidth)"},
	{"acl-wide", 16 / 2.54, 9, "ACL, both columns (figure*, \\textwidth)"},
	// IEEE: IEEEtran.cls, \columnsep 1pc, \textwidth 43pc ("2 x 21pc +
	// 1pc = 43pc"), which the conference option keeps: a column is 21 pc
	// = 252 pt. Captions are \footnotesize, 8 pt in a 10 pt paper.
	{"ieee", texPt(252), 8, "IEEE (IEEEtran), one column of two (\\columnwidth)"},
	{"ieee-wide", texPt(516), 8, "IEEE (IEEEtran), both columns (figure*, \\textwidth)"},
}

// venueNamed is the preset of that name (any case).
func venueNamed(name string) (venue, error) {
	for _, v := range venues {
		if strings.EqualFold(v.Name, strings.TrimSpace(name)) {
			return v, nil
		}
	}
	return venue{}, fmt.Errorf("no venue %s: give one of %s (--venue list describes them), or --width", strconv.Quote(name), venueNames())
}

// venueNames lists the presets' names.
func venueNames() string {
	names := make([]string, len(venues))
	for i, v := range venues {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

// flags are the figure flags the venue sets, with their values.
func (v venue) flags() [][2]string {
	return [][2]string{
		{"width", strconv.FormatFloat(v.Width, 'f', 4, 64) + "in"},
		{"font-size", strconv.FormatFloat(v.FontPt, 'f', -1, 64)},
	}
}

// applyVenue sets the flags of fs that the venue named presets and that
// the command line did not give: --width 6.75in beside --venue icml keeps
// 6.75 in. A preset flag that fs does not have is left out.
func applyVenue(fs *flag.FlagSet, name string) error {
	v, err := venueNamed(name)
	if err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, kv := range v.flags() {
		if given[kv[0]] || fs.Lookup(kv[0]) == nil {
			continue
		}
		if err := fs.Set(kv[0], kv[1]); err != nil {
			return fmt.Errorf("venue %s: --%s %s: %w", v.Name, kv[0], kv[1], err)
		}
	}
	return nil
}

// writeVenues writes the presets as a table, for --venue list.
func writeVenues(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "venue\twidth\ttext\tfor")
	for _, v := range venues {
		fmt.Fprintf(tw, "%s\t%.3f in (%.1f cm)\t%g pt\t%s\n", v.Name, v.Width, v.Width*2.54, v.FontPt, v.What)
	}
	tw.Flush()
}
