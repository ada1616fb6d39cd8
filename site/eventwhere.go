package site

import (
	"iter"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// A chart of a TensorBoard folder draws one tag of it (where: {tag:
// train_loss}), and ten runs of a million steps hold the other tags' rows
// too, and the tag's text on every row. So when each panel of a page that
// reads an event folder has a where on its run and tag alone, the folder
// is read for the rows those wheres keep (table.EventFilter), and a where
// over such a table reads its messages from what the reader counted of
// every row (table.Filtered): they are those of the folder read whole. A
// panel whose where is the filter itself has the rows it keeps already,
// and can be loaded as the folder is read (streampanels.go).

// eventWhere is what the panels of a page that read an event folder keep
// of it: the wheres of them all, each on the run and tag alone.
type eventWhere struct {
	wheres [][]chartspec.Cond
	keys   []string // each where's whereKey, in order
}

// eventWheres are the eventWhere of each data path a panel of the page p
// may name an event folder by (panelFiles); a path some panel reads with
// no where, or a where on another column, has none.
func eventWheres(p *Page, charts []*chartspec.Chart) map[string]*eventWhere {
	out := map[string]*eventWhere{}
	none := map[string]bool{}
	for _, sc := range charts {
		if sc == nil {
			continue
		}
		for i := range sc.Panels {
			sp := &sc.Panels[i]
			for _, file := range panelFiles(p, sp) {
				if !onRunAndTag(sp.Where) {
					none[file] = true
					continue
				}
				w := out[file]
				if w == nil {
					w = &eventWhere{}
					out[file] = w
				}
				w.add(sp.Where)
			}
		}
	}
	for file := range none {
		delete(out, file)
	}
	return out
}

// onRunAndTag reports whether conds, a where, is on the columns run and
// tag of an event folder alone, which its reader can keep rows by.
func onRunAndTag(conds []chartspec.Cond) bool {
	for _, c := range conds {
		if c.Column.Name != table.EventColumns[0] && c.Column.Name != table.EventColumns[1] {
			return false
		}
	}
	return len(conds) > 0
}

// add adds the where conds, unless it has one the same.
func (w *eventWhere) add(conds []chartspec.Cond) {
	key := whereKey(conds)
	for _, k := range w.keys {
		if k == key {
			return
		}
	}
	w.wheres, w.keys = append(w.wheres, conds), append(w.keys, key)
}

// whereKey is a where's tests written out: two wheres of the same key
// keep the same rows, wherever they are written.
func whereKey(conds []chartspec.Cond) string {
	var b strings.Builder
	for _, c := range conds {
		b.WriteString(strconv.Quote(c.Column.Name))
		for _, m := range c.Any {
			b.WriteString(" |")
			for _, t := range m.Tests {
				b.WriteString(" " + strconv.Quote(t.Op) + strconv.Quote(t.Value))
				if t.IsNum {
					b.WriteString(strconv.FormatFloat(t.Num, 'g', -1, 64))
				}
			}
		}
		b.WriteString(";")
	}
	return b.String()
}

// name names the rows the wheres keep (table.EventFilter.Name): their
// keys, a line each (a key's quoted text holds no line break).
func (w *eventWhere) name() string { return strings.Join(w.keys, "\n") }

// part names the part of the folder a page's panels read, the columns
// part (pageColumns) of the rows the wheres keep, for the table cache.
func (w *eventWhere) part(part string) string { return part + "\x01" + w.name() }

// only reports whether conds is the one where of the folder's panels: the
// folder read by w holds the rows conds keeps, and no other.
func (w *eventWhere) only(conds []chartspec.Cond) bool {
	return w != nil && len(w.keys) == 1 && w.keys[0] == whereKey(conds)
}

// filter is the table.EventFilter that keeps the rows some where of w
// keeps.
func (w *eventWhere) filter() *table.EventFilter {
	return &table.EventFilter{Name: w.name(), Keeps: func(run, tag string) bool {
		for _, conds := range w.wheres {
			if keepsKey(conds, run, tag) {
				return true
			}
		}
		return false
	}}
}

// keepsKey reports whether the where conds, on run and tag alone, keeps
// the rows of run and tag.
func keepsKey(conds []chartspec.Cond, run, tag string) bool {
	for _, c := range conds {
		cell := keyCell(table.EventKey{Run: run, Tag: tag}, c.Column.Name)
		any := false
		for _, m := range c.Any {
			any = any || matches(m, cell)
		}
		if !any {
			return false
		}
	}
	return true
}

// keyCell is the cell of the column named col, run or tag, of the rows of
// key.
func keyCell(key table.EventKey, col string) string {
	if col == table.EventColumns[0] {
		return key.Run
	}
	return key.Tag
}

// whereFiltered is where of the rows of an event folder that a filter
// kept (f): conds, on the run and tag, keeps rows of those alone, and its
// messages count every row of the folder, as f does. A where that is the
// filter's own keeps every row of t; of a panel loaded as the folder is
// read, what it found is known once the last row is read, and its
// warnings are the stream's to give then (whereLeft).
func (l *pageLoader) whereFiltered(t *table.Table, f *table.Filtered, conds []chartspec.Cond, cols []int, tname string, errs *diag.List) *table.Table {
	exact := f.By == whereKey(conds)
	var keep []int
	if !exact {
		keep, _ = whereRows(t, conds, cols)
	}
	found := func() whereFound {
		hits := make([][]int, len(conds))
		for i, c := range conds {
			hits[i] = make([]int, len(c.Any))
			for _, key := range f.Keys {
				cell := keyCell(key, t.Columns[cols[i]])
				for k, m := range c.Any {
					if matches(m, cell) {
						hits[i][k] += key.Rows
					}
				}
			}
		}
		kept := len(keep)
		if exact {
			kept = t.Len()
		}
		return whereFound{hits: hits, kept: kept, rows: f.Rows, cells: func(i int) iter.Seq[string] { return keyCells(f, t.Columns[cols[i]]) }}
	}
	if run := l.streaming; run != nil && exact && !run.stream.done && t.Len() > 0 {
		run.whereLeft = func() []*diag.Error {
			warnings, _ := whereProblems(conds, found(), tname)
			return warnings
		}
		return t
	}
	if !l.whereMessages(conds, found(), tname, errs) || exact {
		return t
	}
	return t.Subset(keep)
}

// keyCells are the cells of column col, run or tag, of the keys of f: the
// values the column has, as often as its rows have them or less.
func keyCells(f *table.Filtered, col string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, key := range f.Keys {
			if !yield(keyCell(key, col)) {
				return
			}
		}
	}
}
