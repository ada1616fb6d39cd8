package chartspec

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/scalesite/scalesite/diag"
)

// Wide data: a table as trackers write it, one column per quantity (step,
// train_loss, val_loss), is drawn by naming several columns on y:
//
//	y: [train_loss, val_loss]
//	y: {field: [train_loss, val_loss], title: Loss, scale: log}
//	names: {train_loss: Train, val_loss: Validation}
//
// Each column is one series, named by the column or by `names`, drawn as if
// the table were long (a series column beside a value column). With a
// series column as well (series: run), each run and column make one
// series, named "run · column" (SeriesJoin).

// SeriesJoin stands between a series column's value and a y column's name
// in the name of a series of wide data with a series column: "run-3 · Train".
const SeriesJoin = " · "

// Wide reports whether the panel's y names several columns (a list of
// fields), each drawn as a series of its own.
func (p Panel) Wide() bool { return len(p.Y.Fields) > 0 }

// Named reports whether the panel's series have names of their own, from a
// series column or a list of y columns: such a panel's series are legend
// entries by name, where a lone series is named after its y axis.
func (p Panel) Named() bool { return p.Series.Name != "" || p.Wide() }

// WideName is the series name of y column col of a wide panel, for the
// row whose series column reads run ("" without a series column).
func (p Panel) WideName(run, col string) string {
	name := col
	if n, ok := p.Names[col]; ok {
		name = n
	}
	if p.Series.Name == "" {
		return name
	}
	return run + SeriesJoin + name
}

// FieldNames lists the columns an axis reads: its list of fields, or its one
// field.
func (a Axis) FieldNames() []string {
	if len(a.Fields) == 0 {
		return []string{a.Field.Name}
	}
	names := make([]string, len(a.Fields))
	for i, f := range a.Fields {
		names[i] = f.Name
	}
	return names
}

// fieldList reads the columns of a y axis written as a list. It reports
// an x axis given a list, an empty list, an entry that is not a column
// name and a column listed twice.
func (p *parser) fieldList(axis string, seq *ast.SequenceNode, pos diag.Pos) ([]Field, bool) {
	if axis != "y" {
		p.errorf(pos, "%s takes one column: a list of columns draws one series per column, and goes on y (y: [train_loss, val_loss])", axis)
		return nil, false
	}
	if len(seq.Values) == 0 {
		p.errorf(pos, "y lists no column: name one or more columns to draw, e.g. y: [train_loss, val_loss]")
		return nil, false
	}
	fields := make([]Field, 0, len(seq.Values))
	ok := true
	for i, v := range seq.Values {
		at := p.nodePos(v)
		n := p.resolve(v)
		if n == nil {
			ok = false
			continue
		}
		s, isText := scalarText(n)
		s = strings.TrimSpace(s)
		switch {
		case !isText:
			p.errorf(at, "entry %d of y must be a column name, %s", i+1, unlike(n))
			ok = false
			continue
		case s == "":
			if i < len(seq.Entries) && seq.Entries[i] != nil && isNull(n) {
				at = p.pos(seq.Entries[i].GetToken())
			}
			p.errorf(at, "entry %d of y is empty: name a column, e.g. y: [train_loss, val_loss]", i+1)
			ok = false
			continue
		}
		if j := fieldIndex(fields, s); j >= 0 {
			p.errorf(at, "column %q is listed twice in y (first on line %d): each column is drawn once, as one series", s, fields[j].Pos.Line)
			ok = false
			continue
		}
		fields = append(fields, Field{Name: s, Pos: at})
	}
	return fields, ok
}

func fieldIndex(fs []Field, name string) int {
	for i, f := range fs {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// namesLayer is `names` as one level of the spec wrote it: a y column's
// series name, by column.
type namesLayer struct {
	cols  []Field // the keys, in order, at their positions
	names []string
	pos   diag.Pos
	set   bool // written, possibly empty (names: ~ drops the chart's)
}

// namesKey reads `names`: a mapping from a y column to its series' name.
func (p *parser) namesKey(e entry) namesLayer {
	l := namesLayer{pos: p.valuePos(e), set: true}
	n := p.resolve(e.val)
	if n == nil || isNull(n) {
		return l
	}
	m, ok := n.(*ast.MappingNode)
	if !ok {
		p.errorf(l.pos, "names must be a mapping from a y column to its series' name, e.g. names: {train_loss: Train, val_loss: Validation}, %s", unlike(n))
		return l
	}
	for _, ne := range p.entries(m) {
		s, pos, ok := p.text(ne, "the series' name, as text")
		if !ok {
			continue
		}
		s = strings.TrimSpace(s)
		if s == "" {
			p.errorf(pos, "names gives column %q no name: write the name its series takes in the legend, or leave the column out of names", ne.key)
			continue
		}
		s = p.plain(s, "names", tokenOf(ne.val), pos)
		l.cols = append(l.cols, Field{Name: strings.TrimSpace(ne.key), Pos: p.pos(ne.tok)})
		l.names = append(l.names, s)
	}
	return l
}

// resolveNames checks the panel's names against its y columns and sets
// pan.Names. Every column named must be listed in y, and two columns
// cannot share a name: their points would make one series.
func (p *parser) resolveNames(pan *Panel, l namesLayer, n int) {
	if !l.set || len(l.cols) == 0 {
		return
	}
	inPanel := ""
	if n > 0 {
		inPanel = " of panel " + strconv.Itoa(n)
	}
	if !pan.Wide() {
		p.errorf(l.pos, "names gives the series of a list of y columns their names (y: [train_loss, val_loss] with names: {train_loss: Train}), but y%s is one column: name its series with y's title, or list the columns", inPanel)
		return
	}
	cols := pan.Y.FieldNames()
	pan.Names = make(map[string]string, len(l.cols))
	byName := make(map[string]string, len(l.cols))
	for i, c := range l.cols {
		if fieldIndex(pan.Y.Fields, c.Name) < 0 {
			p.errorf(c.Pos, "names names column %q, which y%s does not list (y lists %s)%s", c.Name, inPanel, diag.QuoteList(cols, 8), diag.DidYouMean(c.Name, cols))
			continue
		}
		name := l.names[i]
		if other, taken := byName[name]; taken {
			p.errorf(c.Pos, "names gives %q to both column %q and column %q: their points would make one series; give each its own name", name, other, c.Name)
			continue
		}
		byName[name] = c.Name
		pan.Names[c.Name] = name
	}
	// A name that is another column's own would join two series too.
	for _, c := range pan.Y.Fields {
		if _, renamed := pan.Names[c.Name]; renamed {
			continue
		}
		if other, taken := byName[c.Name]; taken {
			p.errorf(l.cols[indexOf(l.cols, other)].Pos, "names gives column %q the name %q, which is the name of column %q's own series: their points would make one series; give it another name", other, c.Name, c.Name)
		}
	}
}

func indexOf(fs []Field, name string) int {
	if i := fieldIndex(fs, name); i >= 0 {
		return i
	}
	return 0
}

// checkWideInterval reports an interval on a y axis of several columns: low,
// high and err name one column's interval, which would be drawn around
// every series.
func (p *parser) checkWideInterval(pan *Panel) {
	if !pan.Wide() {
		return
	}
	for _, f := range []Field{pan.Y.Low, pan.Y.High, pan.Y.Err} {
		if f.Name != "" {
			p.errorf(f.Pos, "y lists several columns, and %q is the interval of one of them: draw the columns in long form (a series column and one value column) to give each series its interval", f.Name)
			return
		}
	}
}
