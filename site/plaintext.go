package site

import (
	"errors"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/plaintex"
	"github.com/scalesite/scalesite/table"
)

// plainCells converts text read from a data table (series names, point
// labels) with plaintex, as chartspec converts the spec's text: a series
// named "$\beta_2 = 0.95$" in the data is "β₂ = 0.95" in the legend, the
// CSV and the alt text, and matches colors: {"$\beta_2 = 0.95$": red}.
// Each distinct text is converted once; each one that cannot be is
// reported once, at its first cell, and so is each drawn in a linear form
// (plaintex.Linear), with a warning.
type plainCells map[string]string

// text converts the cell (r, col) of t, reporting a failure as an error
// at the cell, naming what the cell is (what).
func (pc plainCells) text(t *table.Table, r, col int, what string, errs *diag.List, warns *diag.List) string {
	raw := t.Cell(r, col)
	if !strings.Contains(raw, "$") {
		return raw
	}
	if out, ok := pc[raw]; ok {
		return out
	}
	out, notes, err := plaintex.Linear(raw)
	if err != nil {
		errs.Add(texError(t.Pos(r, col), what, raw, err))
		out = raw
	}
	linearWarnings(warns, t.Pos(r, col), what, raw, notes)
	pc[raw] = out
	return out
}

// label converts a point's label (a column's value or a filled template),
// reporting a failure at the row's first label cell or, for a template,
// at the row.
func (pc plainCells) label(s string, t *table.Table, r int, f chartspec.Field, errs *diag.List, warns *diag.List) string {
	if !strings.Contains(s, "$") {
		return s
	}
	if out, ok := pc[s]; ok {
		return out
	}
	out, notes, err := plaintex.Linear(s)
	at := t.LinePos(t.Line(r))
	if i := t.Index(f.Name); i >= 0 {
		at = t.Pos(r, i)
	}
	if err != nil {
		errs.Add(texError(at, "label "+diag.Quote(f.Name)+" of this row", s, err))
		out = s
	}
	linearWarnings(warns, at, "label "+diag.Quote(f.Name)+" of this row", s, notes)
	pc[s] = out
	return out
}

// linearWarnings adds a warning for each construct of text drawn in a
// linear form, at the cell (see texError).
func linearWarnings(warns *diag.List, at diag.Pos, what, text string, notes []plaintex.Note) {
	for _, n := range notes {
		*warns = append(*warns, diag.Warnf(diag.TeXLinearForm, at, "%s", chartspec.LinearMessage(what, text, n)))
	}
}

// texError is the error about text of a cell at that plain text cannot
// hold. It stands at the cell, not at the TeX inside it: a cell's column is
// where it starts, before any quote or space the table trimmed, so an
// offset into its text would miss; the message quotes the TeX.
func texError(at diag.Pos, what, text string, err error) *diag.Error {
	var e *plaintex.Error
	if !errors.As(err, &e) {
		return diag.Errorf(at, "%s: %v", what, err)
	}
	return diag.Errorf(at, "%s", chartspec.TeXMessage(what, text, e))
}
