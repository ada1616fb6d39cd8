package diag

import (
	"fmt"
	"slices"
	"strings"
)

// Warning is a kind of warning: its name, shown with every warning of the
// kind (warning[crowded-labels]: ...) and written in quiet: to silence it,
// and what to do about it, for the guide's list. The warnings below are
// the one list of them: the guide's is tested against it.
type Warning struct {
	Name string
	Do   string
}

// warnings is every kind of warning, in the order they are declared below.
var warnings []*Warning

func warning(name, do string) *Warning {
	w := &Warning{Name: name, Do: do}
	warnings = append(warnings, w)
	return w
}

// The kinds of warning. A name is kebab-case and never changes once
// published: sites name it in quiet:.
var (
	// Data the loader reads.
	MissingValues      = warning("missing-values", "fill in the blank or NA cells, or quiet it when the gaps are meant")
	OutsideRange       = warning("outside-range", "widen the axis' min: and max:, or leave those rows out with where:")
	OutsideInterval    = warning("outside-interval", "check that the low and high columns are the interval's ends, in that order")
	NoPoints           = warning("no-points", "give the panel's x and y columns values, or change its where:")
	UnsortedRows       = warning("unsorted-rows", "sort the rows by x, or write connect: rows if the line is a path through them")
	LabelsCut          = warning("labels-cut", "label the points with a column of shorter values, or shorten the label template")
	WhereKeepsNone     = warning("where-keeps-nothing", "fix the value's spelling in where:, or remove it")
	SingleRun          = warning("single-run", "add the configuration's other runs (seeds), or leave group out to draw each run as it is")
	Downsampled        = warning("downsampled", "keep fewer rows, set downsample: N to keep more points, or downsample: false to draw them all")
	PercentFraction    = warning("percent-of-fractions", "write format: fraction when the values are fractions (0.45 for 45%)")
	FractionOfPercents = warning("fraction-of-percents", "write format: percent when the values are already in percent (45 for 45%), or divide them by 100")
	MixedUnits         = warning("mixed-units", "write every value of the column the same way: all in percent (45) or all as fractions (0.45)")
	TeXStrict          = warning("tex-strict", "write the formula as LaTeX would accept it")
	TeXLinearForm      = warning("tex-linear-form", "nothing, if the linear form reads well; else write the text as it should read, the formula ended before a script Unicode has no form for, or put the formula in the page's prose, which typesets it")
	ImageSize          = warning("image-size", "make the image a file whose size can be read (PNG, JPEG, GIF, WebP or SVG with a width and height)")
	TagSpellings       = warning("tag-spellings", "write the tag the same way on every page")
	DraftProblem       = warning("draft-problem", "fix the draft before it is published; it is not built until then")
	// Pages and charts, as check reads them.
	NoDescription   = warning("no-description", "add a description: line to the page's front matter (to scalesite.yaml for the site)")
	CrowdedLabels   = warning("crowded-labels", "make the chart taller (height:), widen the axis range, or label fewer points (label: {only: frontier})")
	LabelRoom       = warning("label-room", "shorten the reference line's or band's label, or widen the axis range (min:, max:)")
	SinglePoints    = warning("single-points", "add rows, or set type: scatter if the points stand alone")
	UnusedColors    = warning("unused-colors", "name a series of the chart in colors:, spelt as in the data")
	UnusedStyles    = warning("unused-styles", "name a series of the chart in style: and order:, spelt as in the data")
	ManySeries      = warning("many-series", "draw fewer series per panel, or split them over panels")
	ColumnsPastPage = warning("columns-past-page", "write columns: 4 or fewer; the page draws at most 4 panels side by side")
	NarrowPanels    = warning("narrow-panels", "set columns: to put fewer panels side by side, or shorten the y axis' tick labels")
	HTMLLeftOut     = warning("html-left-out", "write it in Markdown, or set markdown: {unsafe: true} in scalesite.yaml if you trust every page's author")
	ForeignImage    = warning("foreign-image", "save the image under content/ or static/ and show it from there")
	ScriptInStatic  = warning("script-in-static", "remove the script from the file under static/, or keep only files you trust there")
	// The built site.
	HeavyPage     = warning("heavy-page", "keep fewer points (downsample:, where:) or split the charts over pages")
	LargeDownload = warning("large-download", "draw fewer rows (where:, or a log written less often), or publish the data elsewhere and link to it")
	RelativeURLs  = warning("relative-urls", "set baseURL to the site's full address (https://USER.github.io/REPO/) or build with --base-url")
	RobotsSubPath = warning("robots-sub-path", "nothing, if the host's own /robots.txt is fine; to steer crawlers, publish one at the host's root (for GitHub Pages: in the USER.github.io repository)")
)

// Warnings returns every kind of warning, sorted by name.
func Warnings() []Warning {
	out := make([]Warning, len(warnings))
	for i, w := range warnings {
		out[i] = *w
	}
	slices.SortFunc(out, func(a, b Warning) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// WarningNames returns the names of every kind of warning, sorted.
func WarningNames() []string {
	var names []string
	for _, w := range Warnings() {
		names = append(names, w.Name)
	}
	return names
}

// IsWarning reports whether name is the name of a kind of warning.
func IsWarning(name string) bool {
	return slices.ContainsFunc(warnings, func(w *Warning) bool { return w.Name == name })
}

// Warnf returns a warning of kind w at pos; its message is formatted as
// Errorf formats one.
func Warnf(w *Warning, pos Pos, format string, args ...any) *Error {
	e := Errorf(pos, format, args...)
	e.Name = w.Name
	return e
}

// UnknownQuiet is the error for name, written in a quiet: list at pos,
// when it names no kind of warning (IsWarning), or nil when it does.
func UnknownQuiet(name string, pos Pos) *Error {
	if IsWarning(name) {
		return nil
	}
	hint := DidYouMean(name, WarningNames())
	if hint == "" {
		hint = " (the names are listed in the format guide, and with every warning check prints)"
	}
	return Errorf(pos, "quiet names %q, which is not the name of a warning%s", name, hint)
}

// Quiet returns the list without the warnings whose names are in names.
// Errors (no name) are always kept.
func (l List) Quiet(names []string) List {
	if len(names) == 0 {
		return l
	}
	return slices.DeleteFunc(slices.Clone(l), func(e *Error) bool {
		return e.Name != "" && slices.Contains(names, e.Name)
	})
}

// Names is a set of warning names, joined by spaces: a string, so that a
// struct holding one (site.Config) can be compared with ==.
type Names string

// Split returns the names.
func (n Names) Split() []string { return strings.Fields(string(n)) }

// Warning formats e as a warning is printed, on one line:
// "warning[name]: file:line:col: message".
func (e *Error) Warning() string {
	return e.Labelled("warning")
}

// Labelled formats e on one line after kind ("warning", "error") and its
// name in brackets, if it has one: "error[heavy-page]: file:1: message".
func (e *Error) Labelled(kind string) string {
	if e.Name == "" {
		return fmt.Sprintf("%s: %s", kind, e)
	}
	return fmt.Sprintf("%s[%s]: %s", kind, e.Name, e)
}
