package site

import (
	"errors"
	"io"
	"io/fs"
	"iter"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/sitefs"
	"github.com/scalesite/scalesite/table"
)

// A page that draws a training log of ten million rows twice (on a log
// and a linear x) would hold the log's table (190 MB of text, cell ends
// and row starts) and the points gathered from it (240 MB) at once, the
// table whole before the first point is gathered. So the panels of a
// page that read one large CSV or JSON Lines file, or one folder of event
// files, are loaded as it is read: each panel's loading (panel,
// unchanged) runs as a coroutine that takes the rows as they come, all of
// them in step, every StreamRows rows (in JSON Lines, once the columns
// they read are named), and the
// rows' text is let go once every panel has taken it. Only points are
// left of the file once it is read.
//
// A panel that reads more of its table than its rows in order (where:,
// label:, a fit by law, group:, intervals) cannot be loaded so; a file
// one of them reads is read whole as before. A where on an event
// folder's run and tag that the folder is read by (eventwhere.go) reads
// nothing more: its rows are those the reader keeps. Messages and points are
// those of the table read whole.

// streamedPanel is a panel loaded as its data file is read.
type streamedPanel struct {
	stream *tableStream
	next   func() (struct{}, bool)
	stop   func()
	// wait hands control back to the reader until more rows are read; it
	// reports false when the reading stopped for good (an error).
	wait  func() bool
	drawn *gatheredPoints // the panel's gathering, once made
	// first is the stream's first panel, whose gathering the others are
	// compared with (gathered.go's live); nil for the first itself.
	first *streamedPanel
	// atEnd says the panel took the last row and waits to deal its
	// points until every panel of the stream has taken it.
	atEnd bool
	// whereLeft, when set, gives the warnings of the panel's where, which
	// the reader's filter is (eventwhere.go), once every row is read.
	whereLeft func() []*diag.Error

	// What loading the panel gave: its result and warnings, and the
	// points it lets a later panel share.
	panel    Panel
	file     string
	err      error
	warnings diag.List
	// whereWarnings are whereLeft's.
	whereWarnings []*diag.Error
	shared        *sharedPoints
	loaded        bool
}

// tableStream is a data file being read for the panels that draw it.
type tableStream struct {
	file string
	t    *table.Table // nil until the first rows are read
	// read is how many bytes of the file's size the rows so far took.
	read, size int64
	done       bool // every row is read
}

// panelAt is a panel of a chart of the page, as the chart loads it.
type panelAt struct {
	sp *chartspec.Panel
	at diag.Pos
	n  int
}

// streamPanels loads, as their files are read, the panels of the page p
// that draw a large CSV or JSON Lines file (table.Streams) or a folder of
// event files and can be loaded so (streamable), keeping what each gave
// for its chart's loading
// (panel). A panel whose file is held already, or fails to read, is left
// to be loaded as usual.
func (l *pageLoader) streamPanels(p *Page, panels []panelAt) {
	byFile := map[string][]panelAt{}
	var files []string
	for _, pa := range panels {
		file, ok := l.dataFile(p, pa.sp.Data)
		if !ok {
			continue
		}
		if _, seen := byFile[file]; !seen {
			files = append(files, file)
		}
		byFile[file] = append(byFile[file], pa)
	}
	for _, file := range files {
		list := byFile[file]
		part := l.columns[file]
		folder := isFolder(l.files, file)
		w := l.wheres[file]
		key := part
		if folder && w != nil {
			key = w.part(part)
		}
		if !table.Streams(file) && !folder || part == "" || !l.tables.large(file) || l.tables.holds(file, key) {
			continue
		}
		if folder && !l.largeFolder(file) {
			continue // held whole, for any page
		}
		every := true
		for _, pa := range list {
			every = every && streamable(pa.sp, w)
		}
		if every {
			l.streamFile(p, file, strings.Split(part, "\x00"), list)
		}
	}
}

// largeFolder reports whether the event files of the folder dir are
// larger together than the table cache holds strongly (weakSize): a
// smaller folder is read for the page's columns and held, as a small
// data file is, rather than read again for each page that draws it.
func (l *pageLoader) largeFolder(dir string) bool {
	_, sizes, err := eventFiles(l.files, dir, sitefs.Limit{})
	if err != nil {
		return false
	}
	var total int64
	for _, n := range sizes {
		total += n
	}
	return total > l.tables.weakOver
}

// streamable reports whether panel sp reads nothing of its table but its
// rows in order, as they come: no where: (but the one its event folder is
// read by, w, if it is its only one: eventWhere.only), label:, fit by
// law, group: or interval, each of which reads the table whole or a row
// again later.
func streamable(sp *chartspec.Panel, w *eventWhere) bool {
	ivs := func(ax *chartspec.Axis) bool { return ax.Low.Name != "" || ax.High.Name != "" || ax.Err.Name != "" }
	return (len(sp.Where) == 0 || w.only(sp.Where)) && sp.Label.Name == "" && sp.Fit.Law == nil && !sp.Group.Set() && !ivs(&sp.X) && !ivs(&sp.Y)
}

// dataFile is the site file (or folder) the data of a panel names, as
// table finds it (the first candidate there is), without reading it.
func (l *pageLoader) dataFile(p *Page, d chartspec.DataRef) (string, bool) {
	if d.Inline != "" || d.Path == "" {
		return "", false
	}
	cands, _, err := dataCandidates(p, d)
	if err != nil {
		return "", false
	}
	for _, cand := range cands {
		if isFolder(l.files, cand) {
			return cand, true
		}
		_, err := l.files.Stat(cand, sitefs.Limit{})
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		return cand, err == nil
	}
	return "", false
}

// streamFile reads file for the columns keep, loading the panels list as
// it is read, and returns what is left of its table (nil when it could
// not be read): its rows' lines and cell ends, and no text.
func (l *pageLoader) streamFile(p *Page, file string, keep []string, list []panelAt) *table.Table {
	s := &tableStream{file: file}
	runs := make([]*streamedPanel, len(list))
	for i, pa := range list {
		run := &streamedPanel{stream: s}
		if i > 0 {
			run.first = runs[0]
		}
		lc := *l // the panel's own loader: its warnings and sharing are its own
		lc.warnings, lc.shared, lc.streamed, lc.streaming = nil, nil, nil, run
		run.next, run.stop = iter.Pull(func(yield func(struct{}) bool) {
			run.wait = func() bool { return yield(struct{}{}) }
			run.panel, run.file, run.err = lc.panel(p, pa.sp, pa.at, pa.n)
			run.warnings, run.shared, run.loaded = lc.warnings, lc.shared, true
		})
		runs[i] = run
	}
	take := func(t *table.Table, read int64) {
		s.t, s.read = t, read
		for _, run := range runs {
			run.next()
		}
		t.ForgetText(t.Len())
	}
	each := func(t *table.Table, read int64) {
		if t.Len() > 0 { // the header alone: the panels start with rows
			take(t, read)
		}
	}
	read := streamed(func(file string, r io.Reader, size int64) (*table.Table, error) {
		s.size = size
		return table.StreamColumns(file, r, size, keep, each)
	})
	if isFolder(l.files, file) {
		how := table.EventsRead{Keep: keep, Each: each}
		if w := l.wheres[file]; w != nil {
			how.Rows = w.filter()
		}
		read = func(files *sitefs.Root, dir string, limit sitefs.Limit) (*table.Table, [32]byte, int64, bool, error) {
			return loadEventFolder(files, dir, limit, func(list []table.EventFile) (*table.Table, error) {
				for _, f := range list {
					s.size += max(f.Size, 0)
				}
				return table.StreamEvents(dir, list, how)
			})
		}
	}
	t, err := l.tables.readAlone(file, read)
	if err != nil {
		for _, run := range runs {
			run.stop()
		}
		return nil
	}
	s.t, s.read, s.done = t, s.size, true
	for _, run := range runs { // the last rows, to the end
		run.next()
	}
	t.ForgetText(t.Len())
	for _, run := range runs {
		if run.whereLeft != nil {
			run.whereWarnings = run.whereLeft()
		}
	}
	for _, run := range runs {
		if run.drawn != nil {
			run.drawn.settle()
		}
	}
	if l.streamed == nil {
		l.streamed = map[*chartspec.Panel]*streamedPanel{}
	}
	for i, run := range runs { // each deals its points and is loaded, in order
		for !run.loaded {
			if _, ok := run.next(); !ok {
				break
			}
		}
		run.stop()
		if run.loaded {
			l.streamed[list[i].sp] = run
		}
	}
	s.t = nil // the rows' ends and lines: the panels loaded need them no more
	return t
}

// streamedResult is what loading sp as its file was read gave, once:
// its warnings are added to the page's, and the points it shares are
// what a later panel is compared with.
func (l *pageLoader) streamedResult(sp *chartspec.Panel) (*streamedPanel, bool) {
	run, ok := l.streamed[sp]
	if !ok {
		return nil, false
	}
	delete(l.streamed, sp)
	for _, w := range run.whereWarnings { // first, as where gives them first
		l.warn(w)
	}
	l.warnings = append(l.warnings, run.warnings...)
	if run.shared != nil {
		l.shared = run.shared
	}
	return run, true
}

// rows are the rows of t a panel reads, in order: every row, or for a
// panel loaded as its file is read, each as it comes.
func (l *pageLoader) rows(t *table.Table) iter.Seq[int] {
	run := l.streaming
	if run == nil {
		return func(yield func(int) bool) {
			for r := range t.Len() {
				if !yield(r) {
					return
				}
			}
		}
	}
	return func(yield func(int) bool) {
		for r := 0; ; r++ {
			for r == t.Len() && !run.stream.done {
				if !run.wait() {
					return
				}
			}
			if r == t.Len() {
				// The panel waits to deal its points until every panel
				// took the last row (gathered.go's settle).
				run.atEnd = true
				run.wait()
				return
			}
			if !yield(r) {
				return
			}
		}
	}
}

// gathering is the gathering of the points of a panel of t with ys y
// columns: room for every row's, compared with the page's last shared
// points, or for a panel loaded as its file is read, room for as many
// as the file's size promises, compared with its stream's first panel's.
func (l *pageLoader) gathering(t *table.Table, ys int, many bool) *gatheredPoints {
	run := l.streaming
	if run == nil {
		return newGatheredPoints(t.Len()*ys, many, l.shared)
	}
	s := run.stream
	// The first rows say little of the rest (a log's later rows are
	// longer: more digits of step and time): an eighth of what they
	// promise first, and once that is drawn, what the rows then read
	// promise, and a little more, so that the points are moved once.
	rows := t.Len()
	if !s.done {
		rows = int(float64(rows) * float64(s.size) / float64(max(s.read, 1)) / 8)
	}
	var live *gatheredPoints
	if run.first != nil {
		live = run.first.drawn
	}
	d := newGatheredPointsLive(rows*ys, many, live)
	d.expect = func(n int) int {
		if s.done || s.read <= 0 {
			return n + n/16
		}
		return int(float64(n) * float64(s.size) / float64(s.read) * 1.05)
	}
	run.drawn = d
	return d
}

// numbersAhead is newNumbersAhead, but for a panel loaded as its file is
// read, whose rows are not all there yet, it reads ahead the rows read so
// far, and then those read next, in their turn.
func (l *pageLoader) numbersAhead(t *table.Table, cols []int) *numbersAhead {
	a := newNumbersAhead(t, cols)
	a.grows = l.streaming != nil
	return a
}
