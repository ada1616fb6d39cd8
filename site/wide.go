package site

import (
	"slices"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
)

// Wide data (y: [train_loss, val_loss]) is drawn as if the table were long:
// each row gives a point to the series of every y column with a value, and
// a blank cell is a step at which its column was not logged, so the line
// joins its neighbours rather than breaking there.

// yColumn is one column a panel draws on y: its index in the table and its
// name as the spec lists it.
type yColumn struct {
	col  int
	name string
}

// yColumns finds the columns a panel draws on y: its one field, or each of
// its list (a column not in the table is reported at its entry of the
// list, by column).
func yColumns(sp *chartspec.Panel, column func(chartspec.Field, string) int) []yColumn {
	if !sp.Wide() {
		return []yColumn{{col: column(sp.Y.Field, "y"), name: sp.Y.Field.Name}}
	}
	ys := make([]yColumn, len(sp.Y.Fields))
	for i, f := range sp.Y.Fields {
		ys[i] = yColumn{col: column(f, "y"), name: f.Name}
	}
	return ys
}

// seriesNamer names the series of a wide panel's columns for each value of
// its series column, once per value: a log of a million rows would
// otherwise build a name per point.
type seriesNamer struct {
	sp    *chartspec.Panel
	ys    []yColumn
	byRun map[string][]string
}

// of gives the series name of each y column for the rows whose series
// column reads run ("" without a series column).
func (n *seriesNamer) of(run string) []string {
	if names, ok := n.byRun[run]; ok {
		return names
	}
	if n.byRun == nil {
		n.byRun = map[string][]string{}
	}
	names := make([]string, len(n.ys))
	for k, yc := range n.ys {
		names[k] = n.sp.WideName(run, yc.name)
	}
	n.byRun[run] = names
	return names
}

// yQuoted names a panel's y columns for a message: "loss", or "train_loss",
// "val_loss".
func yQuoted(sp *chartspec.Panel) string {
	return diag.QuoteList(sp.Y.FieldNames(), 8)
}

// yColumnOf is the y column whose points make the series named name: the
// one y column, or for wide data the column named in it.
func yColumnOf(sp *chartspec.Panel, name string) string {
	if !sp.Wide() {
		return sp.Y.Field.Name
	}
	for _, f := range sp.Y.Fields {
		col := f.Name
		if n, ok := sp.Names[col]; ok {
			col = n
		}
		if name == col || strings.HasSuffix(name, chartspec.SeriesJoin+col) {
			return f.Name
		}
	}
	return "y"
}

// pointers lists the addresses of a slice's elements.
func pointers[T any](s []T) []*T {
	out := make([]*T, len(s))
	for i := range s {
		out[i] = &s[i]
	}
	return out
}

// sortedLines joins lists of line numbers in order.
func sortedLines(lists ...[]int) []int {
	out := slices.Concat(lists...)
	slices.Sort(out)
	return out
}
