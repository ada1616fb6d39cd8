package site

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/table"
)

// panel reads the rows of one panel and groups them into series. n is the
// panel's number in `panels`, 0 for a chart without them.
func (l *pageLoader) panel(p *Page, sp *chartspec.Panel, at diag.Pos, n int) (Panel, string, error) {
	if run, ok := l.streamedResult(sp); ok {
		return run.panel, run.file, run.err
	}
	t, file, err := l.table(p, sp.Data)
	if err != nil {
		return Panel{}, file, err
	}
	// An inline table's Name is the page, which would read as if the
	// columns were looked for in the Markdown file.
	tname := diag.QuoteIfNeeded(t.Name)
	if sp.Data.Inline != "" {
		tname = "the inline data"
	}
	var errs diag.List
	t = l.where(t, sp.Where, tname, &errs) // the rows drawn: before any column is read
	column := func(f chartspec.Field, role string) int {
		if f.Name == "" {
			return -1
		}
		i := t.Index(f.Name)
		if i < 0 {
			errs.Add(diag.Errorf(f.Pos, "%s column %q is not in %s (its columns: %s)%s",
				role, f.Name, tname, diag.QuoteList(t.Columns, 8), diag.DidYouMean(f.Name, t.Columns)))
		}
		return i
	}
	xi := column(sp.X.Field, "x")
	ys := yColumns(sp, column)
	si := column(sp.Series, "series")
	gi := column(sp.Group.Column, "group") // a run's repeat: its rows make one run (group.go)
	label := compileLabel(sp.Label, t, tname, &errs)
	iv := intervalColumns(sp, column)
	vars := readLawVars(sp, t, tname, &errs)
	if len(errs) > 0 {
		return Panel{}, file, errs
	}

	out := Panel{law: vars, rows: t.LinePos(0)}
	index := map[string]int{}
	// Several y columns (wide.go) make several series, as a series column
	// does.
	wide := sp.Wide()
	many := si >= 0 || wide || gi >= 0
	wideNames := seriesNamer{sp: sp, ys: ys}
	drawn := l.gathering(t, len(ys), many)
	var left []int      // lines of rows left out for missing values
	var blank []int     // lines of rows of wide data with no y value at all
	var cutLabels []int // lines of rows whose label was cut at MaxLabelChars
	// A line breaks where a row has an x but no y: the gap waits here for
	// the series' next point, so gaps before a series' first point or after
	// its last are dropped and gaps in a row become one.
	line := sp.Type == chartspec.TypeLine
	gaps := map[int]Point{}
	// A line drawn in x order (the default) takes its gaps at their x, not
	// where their rows stand: every row with an x but no y waits here, by
	// series name, until the points are sorted.
	byX := line && sp.Connect != chartspec.ConnectRows
	// Rows out of x order are worth a warning only when the spec does not
	// say connect: x, which drops it for data that cannot be in the order
	// of every panel's x (runs sorted by size, drawn against tokens).
	sayOrder := sp.Connect == ""
	xGaps := map[string][]Point{}
	// Series names and labels read from the data are chart text too.
	names, labels := plainCells{}, plainCells{}
	var low lowCells
	outX := outside{axis: "x", ax: &sp.X, col: xi}
	outY := make([]outside, len(ys))
	for k, yc := range ys {
		outY[k] = outside{axis: "y", ax: &sp.Y, col: yc.col}
	}
	// The last point's series, tried before index: a log's rows come
	// series after series (a tenth of gathering ten million points).
	lastName, lastSK := "", -1
	nameWhat := ""
	if si >= 0 {
		nameWhat = "series name from column " + diag.Quote(sp.Series.Name)
	}
	// The x and y cells read as numbers, ahead of the loop on a long table.
	numCols := []int{xi}
	for _, yc := range ys {
		numCols = append(numCols, yc.col)
	}
	nums := l.numbersAhead(t, numCols)
	defer nums.Close()
	for r := range l.rows(t) {
		row := t.Line(r)
		x, okx := judged(t, r, xi, nums.at(t, r, 0), &sp.X, &errs, &low)
		run := ""
		if si >= 0 {
			run = names.text(t, r, si, nameWhat, &errs, &l.warnings)
		}
		named := si < 0 || run != ""
		drew, some := false, false
		labelled, text := false, ""
		var runNames []string // the series of each y column, for wide data
		if wide && named {
			runNames = wideNames.of(run)
		}
		for k, yc := range ys {
			y, oky := judged(t, r, yc.col, nums.at(t, r, 1+k), &sp.Y, &errs, &low)
			name := run
			if runNames != nil {
				name = runNames[k]
			}
			kept := named // the row belongs to a series
			if gi >= 0 && named {
				name = runKey(name, si >= 0 || wide, t, r, gi)
				kept = name != ""
			}
			some = some || oky
			if !okx || !oky || !kept {
				// A blank cell of wide data is a step at which its column
				// was not logged (a validation loss every 100 steps): the
				// column's line joins its neighbours.
				if wide {
					continue
				}
				left = append(left, row)
				if byX && okx && kept {
					xGaps[name] = append(xGaps[name], Point{X: x, Y: math.NaN(), Row: int32(row)})
					continue
				}
				if g, seen := index[name]; line && okx && seen && kept {
					if _, waiting := gaps[g]; !waiting {
						gaps[g] = Point{X: x, Y: math.NaN(), Row: int32(row)}
					}
				}
				continue
			}
			sk, seen := lastSK, lastSK >= 0 && name == lastName
			if !seen {
				sk, seen = index[name]
			}
			if !seen {
				// A name read from the table shares its text: cloned, it
				// does not keep that megabyte of the table alive.
				name = strings.Clone(name)
				sk = len(out.Series)
				index[name] = sk
				out.Series = append(out.Series, Series{Name: name})
			}
			lastName, lastSK = name, sk
			if g, waiting := gaps[sk]; waiting {
				drawn.add(g, note{}, sk)
				delete(gaps, sk)
			}
			if !labelled {
				var cut bool
				text, cut = label.text(r)
				if cut {
					cutLabels = append(cutLabels, row)
				}
				if text != "" {
					text = labels.label(text, t, r, sp.Label, &errs, &l.warnings)
				}
				labelled = true
			}
			drawn.add(Point{X: x, Y: y, Row: int32(row)}, note{label: text, bounds: iv.bounds(t, r, x, y, &errs)}, sk)
			outY[k].add(t, r, y)
			drew = true
		}
		switch {
		case drew:
			outX.add(t, r, x)
		case wide && some:
			left = append(left, row)
		case wide:
			blank = append(blank, row)
		}
	}
	drawn.deal(out.Series)
	errs = append(errs, low.errors(t)...)
	errs = append(errs, iv.errors(t)...)
	l.warnings = append(l.warnings, iv.warnings(t, at)...)
	if len(errs) > 0 {
		return Panel{}, file, errs
	}
	if byX {
		var unsorted []outOfOrder
		for k := range out.Series {
			if o, ok := sortByX(&out.Series[k], xGaps[out.Series[k].Name]); !ok {
				unsorted = append(unsorted, o)
			}
		}
		if len(unsorted) > 0 && sayOrder {
			l.warnings = append(l.warnings, unsortedWarning(t, at, n, sp.X.Field.Name, many, unsorted))
		}
	}
	if len(cutLabels) > 0 {
		l.warnings = append(l.warnings, labelsCutWarning(t, at, sp.Label, cutLabels))
	}
	if len(left) > 0 {
		l.warnings = append(l.warnings, diag.Warnf(diag.MissingValues, t.LinePos(left[0]),
			"%d %s left out of the chart at %s because of missing values (blank or NA) on %s",
			len(left), diag.Plural(len(left), "row", "rows"), at, t.LinesText(left)))
	}
	for _, o := range append([]*outside{&outX}, pointers(outY)...) {
		if w := o.warning(t); w != nil {
			l.warnings = append(l.warnings, w)
		}
	}
	if len(out.Series) == 0 && t.Len() == 0 {
		return out, file, diag.Errorf(sp.Data.Pos, "%s has a header but no rows: the chart would be empty", tname)
	}
	if len(out.Series) == 0 {
		l.warnings = append(l.warnings, noPoints(sp, at, n, tname, t.Len(), t.LinesText(sortedLines(left, blank))))
	}
	if len(out.Series) == 0 && !sp.Named() {
		out.Series = []Series{{}}
	}
	drawn.sharing = drawn.shared(sp, out.Series)
	if drawn.sharing != nil {
		l.shared = drawn.sharing
	}
	return out, file, nil
}

// noPoints is the warning about a panel that draws no point although its
// table (after where) has rows: every row lacks a value the chart needs.
// The chart is built empty, which a reader would take for a broken page;
// the warning names the panel, the columns, the lines and the where that
// kept those rows.
func noPoints(sp *chartspec.Panel, at diag.Pos, n int, tname string, rows int, lines string) *diag.Error {
	what, pos := "the chart", at
	if n > 0 {
		what, pos = "panel "+strconv.Itoa(n), sp.Pos
	}
	cols := "x " + diag.Quote(sp.X.Field.Name) + " or y " + yQuoted(sp)
	if sp.Series.Name != "" {
		cols = "x " + diag.Quote(sp.X.Field.Name) + ", y " + yQuoted(sp) + " or series " + diag.Quote(sp.Series.Name)
	}
	rowsOf := fmt.Sprintf("all %d %s of %s", rows, diag.Plural(rows, "row", "rows"), tname)
	fix := "fill in the values, or plot other columns"
	if len(sp.Where) > 0 {
		rowsOf = fmt.Sprintf("the %d %s of %s that where keeps (%s, at line %d)", rows, diag.Plural(rows, "row", "rows"), tname, describeWhere(sp.Where), sp.Where[0].Column.Pos.Line)
		fix = "fill in the values, plot other columns, or change the where"
	}
	return diag.Warnf(diag.NoPoints, pos, "%s draws no point: %s %s no value (blank, NA or NaN) for %s, on %s; it is built empty: %s",
		what, rowsOf, diag.Plural(rows, "has", "have"), cols, lines, fix)
}

// Gap reports whether p is a gap in its line rather than a drawn point: a
// row with an x but no y, where the line breaks.
func (p Point) Gap() bool { return math.IsNaN(p.Y) }

// number reads the axis value of row r; ok is false when it is missing or wrong.
// A cell that is not a number is added to errs; a value a log axis cannot
// show is added to low, which reports each column once.
func number(t *table.Table, r, col int, ax *chartspec.Axis, errs *diag.List, low *lowCells) (float64, bool) {
	var c cellNumber
	c.v, c.missing, c.ok = t.NumberAt(r, col)
	return judged(t, r, col, c, ax, errs, low)
}

// notNumber is the error of row r's cell in column col, which is not a
// number.
func notNumber(t *table.Table, r, col int) *diag.Error {
	cell := t.Cell(r, col)
	msg := diag.Quote(cell) + " in column " + diag.Quote(t.Columns[col]) + " is not a number"
	// Hint may restate that the cell is not a number; keep only the advice.
	hint := table.Hint(cell)
	if _, rest, ok := strings.Cut(hint, " is not a number"); ok {
		hint = strings.TrimPrefix(rest, ": ")
	}
	if hint != "" {
		msg += ": " + hint
	}
	return &diag.Error{Pos: t.Pos(r, col), Msg: msg}
}

// lowCells gathers the cells of a panel that are 0 or below on a log axis,
// by column, so that a column of 32 of them is one error, not 32.
type lowCells struct {
	cols []lowColumn // in the order first met
}

type lowColumn struct {
	col  int
	ax   *chartspec.Axis // the first log axis that reads the column
	rows []int           // row indices, ascending
	// first and at are the first bad cell's text and place, kept as it
	// is read: a panel loaded as its file is read lets the rows go.
	first string
	at    diag.Pos
}

func (l *lowCells) add(t *table.Table, r, col int, ax *chartspec.Axis) {
	for i := range l.cols {
		c := &l.cols[i]
		if c.col == col {
			// x and y may read the same column: count its row once.
			if c.rows[len(c.rows)-1] != r {
				c.rows = append(c.rows, r)
			}
			return
		}
	}
	l.cols = append(l.cols, lowColumn{col: col, ax: ax, rows: []int{r}, first: strings.Clone(t.Cell(r, col)), at: t.Pos(r, col)})
}

// errors gives one error per column, at its first bad cell.
func (l *lowCells) errors(t *table.Table) diag.List {
	var out diag.List
	for _, c := range l.cols {
		if len(c.rows) == 1 {
			out.Add(diag.Errorf(c.at, "%s in column %q cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at %s)",
				numberText(c.first), t.Columns[c.col], c.ax.Pos))
			continue
		}
		lines := make([]int, len(c.rows))
		for i, r := range c.rows {
			lines[i] = t.Line(r)
		}
		out.Add(diag.Errorf(c.at, "%d values in column %q are 0 or below (%s) and cannot be drawn on a log axis, which only shows values above 0 (the axis is set to scale: log at %s): use a linear scale, or leave those rows out",
			len(c.rows), t.Columns[c.col], t.LinesText(lines), c.ax.Pos))
	}
	return out
}

// outside gathers the points of a panel that an axis's min or max (as the
// author set them) leaves off the plot.
type outside struct {
	axis  string // "x" or "y"
	ax    *chartspec.Axis
	col   int
	rows  []int    // row indices
	cells []string // the first cells, as many as valuesList shows and one
}

func (o *outside) add(t *table.Table, r int, v float64) {
	if (o.ax.Min != nil && v < *o.ax.Min) || (o.ax.Max != nil && v > *o.ax.Max) {
		o.rows = append(o.rows, t.Line(r))
		if len(o.cells) <= valuesShown {
			// The cells the warning shows, copied: a cell shares its
			// table's text, which a panel loaded as its file is read lets
			// go, row by row, and a million rows past a max would keep.
			o.cells = append(o.cells, strings.Clone(t.Cell(r, o.col)))
		}
	}
}

// warning is the one warning about the axis, at the first point it leaves
// out, or nil.
func (o *outside) warning(t *table.Table) *diag.Error {
	if len(o.rows) == 0 {
		return nil
	}
	var bounds []string
	if o.ax.Min != nil {
		bounds = append(bounds, "min "+shortNumber(*o.ax.Min))
	}
	if o.ax.Max != nil {
		bounds = append(bounds, "max "+shortNumber(*o.ax.Max))
	}
	n := len(o.rows)
	return diag.Warnf(diag.OutsideRange, t.LinePos(o.rows[0]),
		"%d %s outside the %s axis range set at %s (%s) and %s not drawn: %s (column %q: %s); widen min/max or remove %s",
		n, diag.Plural(n, "row lies", "rows lie"), o.axis, o.ax.Pos, strings.Join(bounds, ", "), diag.Plural(n, "is", "are"),
		t.LinesText(o.rows), t.Columns[o.col], valuesList(o.cells), diag.Plural(n, "it", "them"))
}

// shortNumber writes v as an author would: 40, 0.5, 1e9 (not 1e+09).
func shortNumber(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	mant, exp, ok := strings.Cut(s, "e")
	if !ok {
		return s
	}
	sign := ""
	if exp[0] == '-' {
		sign = "-"
	}
	return mant + "e" + sign + strings.TrimLeft(exp[1:], "0")
}

// valuesShown is how many values valuesList shows before "...".
const valuesShown = 8

// valuesList joins cell values for a message as diag.LinesText does their lines:
// the first few, then "...".
func valuesList(vals []string) string {
	var b strings.Builder
	for i, v := range vals {
		if i == valuesShown {
			b.WriteString(", ...")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(numberText(v))
	}
	return b.String()
}

// numberText shows a cell that reads as a number the way it is written,
// cut when long: a number's characters need no quoting or escaping, but a
// cell may be a megabyte of digits.
func numberText(cell string) string {
	const most = 32
	if len(cell) > most {
		return cell[:most] + "…"
	}
	return cell
}

// outOfOrder is a line series whose rows were not in x order: the row
// whose x came after a larger one, and that larger one's.
type outOfOrder struct {
	name       string
	row, after int
	x, prev    float64
}

// sortByX puts a line's points in x order, ties in row order, with the gaps
// (rows with an x but no y) at their own x: a gap before the line's first
// point or after its last is dropped and gaps side by side become one, as
// for a line drawn in row order. ok is false when the drawn points were in
// neither ascending nor descending x order (descending data makes the same
// line once sorted, so it passes quietly); o then names the first row out
// of order.
func sortByX(s *Series, gaps []Point) (o outOfOrder, ok bool) {
	// The rows' direction is that of the first two different x; the row
	// named is the first to go back past the furthest x before it.
	dir := 0.0
	var first outOfOrder
	far, farRow := 0.0, 0
	for i, p := range s.Points {
		if i == 0 {
			far, farRow = p.X, int(p.Row)
			continue
		}
		if dir == 0 && p.X != far {
			dir = math.Copysign(1, p.X-far)
		}
		switch {
		case (p.X-far)*dir < 0:
			first = outOfOrder{name: s.Name, row: int(p.Row), after: farRow, x: p.X, prev: far}
		case p.X != far:
			far, farRow = p.X, int(p.Row)
		}
		if first.row != 0 {
			break
		}
	}
	ok = first.row == 0
	if len(gaps) == 0 && ok && dir >= 0 {
		return first, true
	}
	pts := make([]Point, 0, len(s.Points)+len(gaps))
	pts = append(pts, s.Points...)
	pts = append(pts, gaps...)
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Row < pts[j].Row })
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].X < pts[j].X })
	kept := pts[:0]
	for _, p := range pts {
		if p.Gap() && (len(kept) == 0 || kept[len(kept)-1].Gap()) {
			continue
		}
		kept = append(kept, p)
	}
	for len(kept) > 0 && kept[len(kept)-1].Gap() {
		kept = kept[:len(kept)-1]
	}
	s.Points = kept
	return first, ok
}

// unsortedWarning is the warning about a panel whose line series had rows
// out of x order: the line is drawn in x order, which is what the data
// says of a curve, but an author who appended a row may not expect it, and
// one who meant a path must say so.
func unsortedWarning(t *table.Table, at diag.Pos, n int, x string, named bool, us []outOfOrder) *diag.Error {
	const show = 3
	var b strings.Builder
	for i, u := range us {
		if i == show {
			fmt.Fprintf(&b, " and %d more", len(us)-show)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if named {
			fmt.Fprintf(&b, "%s ", diag.Quote(u.name))
		}
		fmt.Fprintf(&b, "(%s has x %s after %s on %s)", t.LineText(u.row), shortNumber(u.x), shortNumber(u.prev), t.LineText(u.after))
	}
	order := "not in order of x " + diag.Quote(x)
	var what string
	switch {
	case !named:
		what = "the line's rows are " + order + " " + b.String()
	case len(us) == 1:
		what = "the rows of the line " + b.String() + " are " + order
	default:
		what = "the rows of the lines " + b.String() + " are " + order
	}
	chart := "the chart"
	if n > 0 {
		chart = "panel " + strconv.Itoa(n) + " of the chart"
	}
	return diag.Warnf(diag.UnsortedRows, t.LinePos(us[0].row),
		"%s: %s at %s draws each line in x order; if the line is a path through the rows (a training trajectory), write connect: rows to keep their order",
		what, chart, at)
}
