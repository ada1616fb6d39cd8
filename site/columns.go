package site

import (
	"io"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/table"
)

// A page's charts often draw a few columns of a wide log (train_loss
// against step by run, of six columns), and a table of ten million rows
// holds hundreds of megabytes of text. So before a page's charts are read,
// the columns each data file's panels name are gathered (pageColumns), and
// a large file is read for those alone (fileCache.getPart, ReadColumns).

// pageColumns are the columns the panels of a page's charts read of each
// data file, by every path a panel's data may name the file by (beside
// the page, or under the site root; chart.go's table), as getPart's part:
// the names, sorted, joined by NUL; "" for a file some panel reads every
// column of (its label is a template of any column).
type pageColumns map[string]string

// columnsOf gathers the columns the panels of charts on page p read.
func columnsOf(p *Page, charts []*chartspec.Chart) pageColumns {
	cols := map[string][]string{}
	all := map[string]bool{}
	for _, sc := range charts {
		if sc == nil {
			continue
		}
		for i := range sc.Panels {
			sp := &sc.Panels[i]
			read, every := panelColumns(sp)
			for _, file := range panelFiles(p, sp) {
				all[file] = all[file] || every
				cols[file] = append(cols[file], read...)
			}
		}
	}
	out := pageColumns{}
	for file, names := range cols {
		if all[file] {
			out[file] = ""
			continue
		}
		slices.Sort(names)
		out[file] = strings.Join(slices.Compact(names), "\x00")
	}
	return out
}

// panelFiles are the paths the data of panel sp of page p may be at, as
// pageColumns keys them (none for inline data).
func panelFiles(p *Page, sp *chartspec.Panel) []string {
	if sp.Data.Inline != "" || sp.Data.Path == "" {
		return nil
	}
	name := filepath.ToSlash(sp.Data.Path)
	return []string{path.Join(path.Dir(p.Path), name), path.Clean(name)}
}

// panelColumns are the columns panel sp reads of its table (series.go's
// panel); every is true when it may read any (a label's template).
func panelColumns(sp *chartspec.Panel) (cols []string, every bool) {
	if sp.Label.Name != "" {
		return nil, true
	}
	add := func(fs ...chartspec.Field) {
		for _, f := range fs {
			if f.Name != "" {
				cols = append(cols, f.Name)
			}
		}
	}
	for _, ax := range []*chartspec.Axis{&sp.X, &sp.Y} {
		add(ax.Field, ax.Low, ax.High, ax.Err)
		add(ax.Fields...)
	}
	add(sp.Series, sp.Group.Column)
	for _, c := range sp.Where {
		add(c.Column)
	}
	if lw := sp.Fit.Law; lw != nil {
		for _, v := range lw.Where {
			add(v.Column)
		}
	}
	return cols, false
}

// loadTableColumns reads part of a data file, or of a folder of event
// files, for fileCache.getPart: the columns named in part (pageColumns).
func loadTableColumns(files *sitefs.Root, file, part string, limit sitefs.Limit) (*table.Table, [32]byte, int64, bool, error) {
	keep := strings.Split(part, "\x00")
	if isFolder(files, file) {
		return loadEventFolder(files, file, limit, func(list []table.EventFile) (*table.Table, error) {
			return table.ReadEventsColumns(file, list, keep)
		})
	}
	return streamed(func(file string, r io.Reader, size int64) (*table.Table, error) {
		return table.ReadColumns(file, r, size, keep)
	})(files, file, limit)
}

// dataTable is the data file (or event folder) file, read for the
// columns the page's charts read of it and, of a folder whose panels each
// keep some runs and tags (eventWhere), for those rows alone. The page
// holds it (lastTable) until a later chart reads another.
func (l *pageLoader) dataTable(file string) (t *table.Table, err error) {
	defer func() {
		if err == nil {
			l.lastTable = t
		}
	}()
	part, w := l.columns[file], l.wheres[file]
	if w == nil || part == "" || !isFolder(l.files, file) {
		return l.tables.getPart(file, part)
	}
	return l.tables.getPartBy(file, w.part(part), func(files *sitefs.Root, dir string, limit sitefs.Limit) (*table.Table, [32]byte, int64, bool, error) {
		return loadEventFolder(files, dir, limit, func(list []table.EventFile) (*table.Table, error) {
			return table.StreamEvents(dir, list, table.EventsRead{Keep: strings.Split(part, "\x00"), Rows: w.filter()})
		})
	})
}

// tableCache is the cache of a site's data tables: a large file held
// weakly, and read for the columns a page reads (getPart).
func tableCache(files *sitefs.Root, limit sitefs.Limit) *fileCache[*table.Table] {
	c := holdLargeWeakly(newLoadCache(files, limit, loadTable))
	c.part = loadTableColumns
	return c
}
