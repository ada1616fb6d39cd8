package site

import (
	"strings"
	"unicode/utf8"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// MaxLabelChars is the most characters a point's label holds; a longer
// one is cut there, its last character an ellipsis. A label is drawn
// beside its point, and no reader reads 500 characters there; without the
// bound a template that names a long cell many times made each label that
// many times the cell, and a page of a few kilobytes a build of gigabytes.
// A label template's own text is held to it too (an error: every label
// would be cut).
const MaxLabelChars = 500

// pointLabel gives the label text of a table's rows: the value of one
// column, or a template whose {column} parts are filled from the row, cut
// at MaxLabelChars.
type pointLabel struct {
	t     *table.Table
	parts []labelPart // none: no label
}

// labelPart is literal text of a template (col -1) or a column's value.
type labelPart struct {
	text string
	col  int
}

// compileLabel reads the label field f against t. A template longer than
// MaxLabelChars, or one that names a column t lacks, is an error at f.
func compileLabel(f chartspec.Field, t *table.Table, tname string, errs *diag.List) pointLabel {
	if f.Name == "" {
		return pointLabel{}
	}
	if !strings.Contains(f.Name, "{") {
		i := t.Index(f.Name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "label column %q is not in %s (its columns: %s)%s",
				f.Name, tname, diag.QuoteList(t.Columns, 8), diag.DidYouMean(f.Name, t.Columns)))
			return pointLabel{}
		}
		return pointLabel{t: t, parts: []labelPart{{col: i}}}
	}
	if n := utf8.RuneCountInString(f.Name); n > MaxLabelChars {
		errs.Add(diag.Errorf(f.Pos, "label template is %d characters long: a point label holds at most %d characters; shorten the template (each {column} in it is filled from the row)", n, MaxLabelChars))
		return pointLabel{}
	}
	// A template: literal text and column references, alternating.
	var parts []labelPart
	rest := f.Name
	for rest != "" {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			parts = append(parts, labelPart{rest, -1})
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			errs.Add(diag.Errorf(f.Pos, "label %q has a { without a closing }", f.Name))
			return pointLabel{}
		}
		name := rest[open+1 : open+end]
		i := t.Index(name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "label names column %q, which is not in %s (its columns: %s)%s",
				"{"+name+"}", tname, diag.QuoteList(t.Columns, 8), diag.DidYouMean(name, t.Columns)))
			return pointLabel{}
		}
		if open > 0 {
			parts = append(parts, labelPart{rest[:open], -1})
		}
		parts = append(parts, labelPart{"", i})
		rest = rest[open+end+1:]
	}
	return pointLabel{t: t, parts: parts}
}

// text is the label of row r, and whether it was cut. Its length is
// summed before anything is written, and a label past MaxLabelChars is
// written only that far: the work and the text are bounded by the
// template and MaxLabelChars, however long the cells it names.
func (pl pointLabel) text(r int) (string, bool) {
	if len(pl.parts) == 0 {
		return "", false
	}
	cell := func(c int) string { return pl.t.Cell(r, c) }
	if len(pl.parts) == 1 && pl.parts[0].col >= 0 && len(cell(pl.parts[0].col)) <= MaxLabelChars {
		return cell(pl.parts[0].col), false // a column's value, as it is
	}
	size := 0
	for _, p := range pl.parts {
		if p.col < 0 {
			size += len(p.text)
		} else {
			size += len(cell(p.col))
		}
	}
	var b strings.Builder
	if size <= MaxLabelChars { // no more characters than bytes
		b.Grow(size)
		for _, p := range pl.parts {
			if p.col < 0 {
				b.WriteString(p.text)
			} else {
				b.WriteString(cell(p.col))
			}
		}
		return b.String(), false
	}
	// Write up to MaxLabelChars+1 characters: one past the limit says the
	// label is longer, and the last kept one gives way to the ellipsis.
	chars, kept := 0, 0 // kept: the bytes of the first MaxLabelChars-1 characters
	for _, p := range pl.parts {
		s := p.text
		if p.col >= 0 {
			s = cell(p.col)
		}
		for _, c := range s {
			if chars == MaxLabelChars-1 {
				kept = b.Len()
			}
			if chars == MaxLabelChars {
				out := b.String()[:kept]
				return out + "…", true
			}
			b.WriteRune(c)
			chars++
		}
	}
	return b.String(), false
}

// labelsCutWarning is the warning about the rows of a panel (of the chart
// at at) whose label was cut at MaxLabelChars, at the first of them.
func labelsCutWarning(t *table.Table, at diag.Pos, f chartspec.Field, lines []int) *diag.Error {
	fix := "label the points with a column of shorter values"
	if strings.Contains(f.Name, "{") {
		fix = "shorten the template, or name columns of shorter values in it"
	}
	return diag.Warnf(diag.LabelsCut, t.LinePos(lines[0]),
		"the point label of %d %s (%s) is longer than %d characters, the most a point label holds: it is cut there, ending in an ellipsis, in the chart at %s; %s",
		len(lines), diag.Plural(len(lines), "row", "rows"), t.LinesText(lines), MaxLabelChars, at, fix)
}
