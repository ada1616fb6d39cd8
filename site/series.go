package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/spec"
	"github.com/scalesite/scalesite/table"
)

// panel reads the rows of one panel and groups them into series.
func (l *pageLoader) panel(p *Page, sp *spec.Panel, at diag.Pos) (Panel, string, error) {
	t, file, err := l.table(p, sp.Data)
	if err != nil {
		return Panel{}, file, err
	}
	// An inline table's Name is the page, which would read as if the
	// columns were looked for in the Markdown file.
	tname := t.Name
	if sp.Data.Inline != "" {
		tname = "the inline data"
	}
	var errs diag.List
	column := func(f spec.Field, role string) int {
		if f.Name == "" {
			return -1
		}
		i := t.Index(f.Name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "%s column %q is not in %s (its columns: %s)%s",
				role, f.Name, tname, strings.Join(t.Columns, ", "), diag.DidYouMean(f.Name, t.Columns)))
		}
		return i
	}
	xi := column(sp.X.Field, "x")
	yi := column(sp.Y.Field, "y")
	si := column(sp.Series, "series")
	label := l.compileLabel(sp.Label, t, tname, &errs)
	if len(errs) > 0 {
		return Panel{}, file, errs
	}

	var out Panel
	index := map[string]int{}
	var left []int // lines of rows left out for missing values
	for r := range t.Rows {
		x, okx := number(t, r, xi, &sp.X, &errs)
		y, oky := number(t, r, yi, &sp.Y, &errs)
		name := ""
		if si >= 0 {
			name = t.Rows[r].Cells[si]
		}
		if !okx || !oky || (si >= 0 && name == "") {
			left = append(left, t.Rows[r].Line)
			continue
		}
		k, seen := index[name]
		if !seen {
			k = len(out.Series)
			index[name] = k
			out.Series = append(out.Series, Series{Name: name})
		}
		out.Series[k].Points = append(out.Series[k].Points, Point{X: x, Y: y, Label: label(r)})
	}
	if len(errs) > 0 {
		return Panel{}, file, errs
	}
	if len(left) > 0 {
		l.warnings = append(l.warnings, diag.Errorf(diag.Pos{File: t.Name, Line: left[0]},
			"%d %s left out of the chart at %s because of missing values (blank or NA) on %s",
			len(left), plural(len(left), "row", "rows"), at, linesList(left)))
	}
	if len(out.Series) == 0 && len(t.Rows) == 0 {
		return out, file, diag.Errorf(sp.Data.Pos, "%s has a header but no rows: the chart would be empty", tname)
	}
	if len(out.Series) == 0 && sp.Series.Name == "" {
		out.Series = []Series{{}}
	}
	return out, file, nil
}

// number reads the axis value of row r; ok is false when it is missing or wrong
// (a wrong value is added to errs).
func number(t *table.Table, r, col int, ax *spec.Axis, errs *diag.List) (float64, bool) {
	cell := t.Rows[r].Cells[col]
	v, missing, ok := table.Number(cell)
	switch {
	case missing:
		return 0, false
	case !ok:
		msg := fmt.Sprintf("%q in column %q is not a number", cell, t.Columns[col])
		// Hint may restate that the cell is not a number; keep only the advice.
		hint := table.Hint(cell)
		if _, rest, ok := strings.Cut(hint, " is not a number"); ok {
			hint = strings.TrimPrefix(rest, ": ")
		}
		if hint != "" {
			msg += ": " + hint
		}
		errs.Add(&diag.Error{Pos: t.Pos(r, col), Msg: msg})
		return 0, false
	case ax.Scale == spec.ScaleLog && v <= 0:
		errs.Add(diag.Errorf(t.Pos(r, col), "%s in column %q cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at %s)", cell, t.Columns[col], ax.Pos))
		return 0, false
	}
	return v, true
}

// compileLabel returns a function giving the label text of a row: the value
// of one column, or a template whose {column} parts are filled from the row.
func (l *pageLoader) compileLabel(f spec.Field, t *table.Table, tname string, errs *diag.List) func(row int) string {
	if f.Name == "" {
		return func(int) string { return "" }
	}
	if !strings.Contains(f.Name, "{") {
		i := t.Index(f.Name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "label column %q is not in %s (its columns: %s)%s",
				f.Name, tname, strings.Join(t.Columns, ", "), diag.DidYouMean(f.Name, t.Columns)))
			return nil
		}
		return func(r int) string { return t.Rows[r].Cells[i] }
	}
	// A template: literal text and column references, alternating.
	type part struct {
		text string
		col  int // -1 for literal text
	}
	var parts []part
	rest := f.Name
	for rest != "" {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			parts = append(parts, part{rest, -1})
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			errs.Add(diag.Errorf(f.Pos, "label %q has a { without a closing }", f.Name))
			return nil
		}
		name := rest[open+1 : open+end]
		i := t.Index(name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "label names column {%s}, which is not in %s (its columns: %s)%s",
				name, tname, strings.Join(t.Columns, ", "), diag.DidYouMean(name, t.Columns)))
			return nil
		}
		parts = append(parts, part{rest[:open], -1}, part{"", i})
		rest = rest[open+end+1:]
	}
	return func(r int) string {
		var b strings.Builder
		for _, p := range parts {
			if p.col < 0 {
				b.WriteString(p.text)
			} else {
				b.WriteString(t.Rows[r].Cells[p.col])
			}
		}
		return b.String()
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// linesList formats line numbers for a message, eliding long lists.
func linesList(lines []int) string {
	const show = 8
	var b strings.Builder
	b.WriteString(plural(len(lines), "line ", "lines "))
	for i, n := range lines {
		if i == show {
			fmt.Fprintf(&b, " and %d more", len(lines)-show)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}
