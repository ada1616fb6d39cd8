package chart

import (
	"errors"
	"fmt"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/klauspost/compress/gzip"

	"github.com/scalesite/scalesite/chartspec"
	"github.com/scalesite/scalesite/diag"
	"github.com/scalesite/scalesite/internal/htmlesc"
	"github.com/scalesite/scalesite/internal/plaintex"
	"github.com/scalesite/scalesite/site"
)

// Every chart's data leaves the page two ways besides the drawing: as a CSV
// file written beside the page (<chart id>.csv, linked under the chart), and
// as a table in a collapsed <details> under the chart, for readers who
// cannot see the plot (and for everyone without JavaScript).
//
// Both hold the rows the chart is drawn from, at full resolution: every
// point of every series, in the order the chart draws the series, with the
// original values (not log10 of them) and the point's label. A long line
// drawn from fewer points (downsampling) still has every row in the CSV. A
// gap in a line (a row with an x but no y) is a row with an empty y. The
// table shows at most MaxTableRows rows; a longer series is cut, with a row
// saying how many more are in the CSV.

// MaxTableRows is the most data rows a chart's table shows in the page.
const MaxTableRows = 200

// minSeriesRows is the fewest rows a cut series keeps in the table.
const minSeriesRows = 10

// DataFile is the output path of a chart's CSV file: beside its
// page's index.html (slug "" is the home page).
func DataFile(slug string, c *site.Chart) string { return dataPath(slug, DataName(c)) }

// DataName is the CSV file's name, which pages link relative to
// themselves (every page's address ends in a slash): <chart id>.csv, or
// <chart id>.csv.gz when the file is written compressed (CSVGzipRows).
func DataName(c *site.Chart) string { return dataName(c.ID, c.CSVRows()) }

// SummaryDataFile is DataFile of the chart that c summarizes, for a page
// kept from the last build without its body.
func SummaryDataFile(slug string, c site.ChartSummary) string {
	return dataPath(slug, dataName(c.ID, c.CSVRows))
}

func dataPath(slug, name string) string {
	if slug == "" {
		return name
	}
	return slug + "/" + name
}

func dataName(id string, rows int) string {
	if rows > CSVGzipRows {
		return id + ".csv.gz"
	}
	return id + ".csv"
}

// DataType is the media type of the chart's CSV download, which its link
// states: text/csv, or application/gzip when it is written compressed.
func DataType(c *site.Chart) string {
	if gzipCSV(c) {
		return "application/gzip"
	}
	return "text/csv"
}

// IsDataName reports whether a built file's path is named as a chart's
// CSV download is (DataName): .csv, or .csv.gz for a long one.
func IsDataName(path string) bool {
	return strings.HasSuffix(path, ".csv") || strings.HasSuffix(path, ".csv.gz")
}

// CSVGzipRows is the most rows a chart's CSV download holds as plain text:
// past it (some 40 MB of CSV, a few runs of a million steps) the file is
// written gzip-compressed, about a third of the size, which spreadsheets,
// pandas.read_csv and polars read as it is, so that ten runs of a million
// steps (170 MB as text) stay under GitHub Pages' 100 MB a file.
const CSVGzipRows = 2_000_000

// gzipCSV reports whether c's CSV download is written compressed.
func gzipCSV(c *site.Chart) bool { return c.CSVRows() > CSVGzipRows }

// Table is one panel's rows as the page shows them.
type Table struct {
	Caption string // the panel's title, on a chart of several panels
	Columns []string
	Body    template.HTML // the rows, <tr>…</tr>, escaped (Tables)
}

// dataColumns says which columns a chart's data has, and their names.
type dataColumns struct {
	panel, label            bool
	series, x, y, labelName string
	// run names the column of each row's run (its group value, the seed)
	// in the CSV of a chart that groups runs; "" for none.
	run string
}

// columnsOf names the columns. The CSV file's are named after the chart's
// fields when all its panels share them (params, loss), else plainly (x,
// y); the table's (human) after the axes' titles when they are shared.
func columnsOf(c *site.Chart, human bool) dataColumns {
	sc := c.Spec
	col := dataColumns{panel: len(sc.Panels) > 1, series: "series", x: "x", y: "y", labelName: "label"}
	if human {
		col.series, col.labelName = "Series", "Label"
		if sc.Legend.Title != "" {
			col.series = sc.Legend.Title
		}
	}
	shared := func(get func(p chartspec.Panel) string, fallback string) string {
		if len(sc.Panels) == 0 {
			return fallback
		}
		first := get(sc.Panels[0])
		for _, p := range sc.Panels[1:] {
			if get(p) != first {
				return fallback
			}
		}
		if first == "" {
			return fallback
		}
		return first
	}
	if human {
		col.x = shared(func(p chartspec.Panel) string { return axisName(p.X) }, "x")
		col.y = shared(func(p chartspec.Panel) string { return axisName(p.Y) }, "y")
	} else {
		col.x = shared(func(p chartspec.Panel) string { return plainHeader(p.X.Field.Name) }, "x")
		col.y = shared(func(p chartspec.Panel) string { return plainHeader(p.Y.Field.Name) }, "y")
		// A wide panel's series are named by a run and a column, or a
		// column: no one column of the data names them.
		col.series = shared(func(p chartspec.Panel) string {
			if p.Wide() {
				return ""
			}
			return plainHeader(p.Series.Name)
		}, "series")
		if len(sc.Panels) > 0 && sc.Panels[0].Group.Set() {
			col.run = plainHeader(sc.Panels[0].Group.Column.Name)
		}
	}
	// The names must tell the columns apart.
	taken := func(n string, others ...string) bool {
		return n == "panel" || n == "Panel" || n == col.labelName || slices.Contains(others, n)
	}
	if taken(col.series) {
		col.series = "series"
	}
	if taken(col.x, col.series) {
		col.x = "x"
	}
	if taken(col.y, col.series, col.x) {
		col.y = "y"
	}
	if col.run != "" && taken(col.run, col.series, col.x, col.y) {
		col.run = "run"
	}
	for _, p := range c.Panels {
		for _, s := range p.Series {
			for _, pt := range s.Points {
				if s.Notes.Label(pt) != "" {
					col.label = true
				}
			}
		}
	}
	return col
}

func (col dataColumns) header() []string {
	var h []string
	if col.panel {
		h = append(h, "panel")
	}
	h = append(h, col.series)
	if col.run != "" {
		h = append(h, col.run)
	}
	h = append(h, col.x, col.y)
	if col.label {
		h = append(h, col.labelName)
	}
	return h
}

// dataSeries is one series of a chart as its data is exported.
type dataSeries struct {
	panel  string // the panel's title, or "Panel 2"
	name   string
	points []site.Point
	notes  *site.Notes // the points' labels
	runs   []site.Run  // the runs a grouped series is the mean of
}

// exportSeries lists a chart's series in the order the chart draws them.
// A series is named by its value of the series column, or, when the panel
// has none, as the legend names it (the y axis).
func exportSeries(c *site.Chart) []dataSeries {
	nums, numeric := NumericNames(c)
	if !numeric {
		nums = nil
	}
	var out []dataSeries
	for i, p := range c.Spec.Panels {
		if i >= len(c.Panels) {
			break
		}
		panel := p.Title
		if panel == "" {
			panel = fmt.Sprintf("Panel %d", i+1)
		}
		for _, s := range sortedSeries(c.Panels[i], nums) {
			name := s.Name
			if !p.Named() {
				name = seriesName(p, s, nil)
			}
			out = append(out, dataSeries{panel: panel, name: name, points: s.Points, notes: s.Notes, runs: s.Runs})
		}
	}
	return out
}

// CSV is the CSV file of a chart: a header, then every point. It is
// written as encoding/csv writes (RFC 4180, \n line ends), without a
// string per number: a chart can have hundreds of thousands of points.
//
// Past CSVGzipRows rows it is gzip-compressed (DataName ends in .csv.gz),
// compressed as it is written, so that the text is never held whole, by
// klauspost/compress (already a dependency, through parquet-go): its
// fastest level compresses the 170 MB of ten million-step runs about three
// times faster than compress/gzip's, to a file as small. The text of a
// chunk is written while the one before is compressed, on a core of its
// own: the two took 1.3 s one after the other for those runs. The
// compressor is handed the same chunks in the same order, so the file is
// the same.
func CSV(c *site.Chart) []byte {
	if !gzipCSV(c) {
		return appendCSV(nil, c, nil, nil)
	}
	out := &gzipOut{}
	zw, err := gzip.NewWriterLevel(out, gzip.BestSpeed)
	if err != nil {
		panic(err) // BestSpeed is a valid level
	}
	full := make(chan []byte, 1)
	empty := make(chan []byte, 2)
	for range 2 {
		empty <- make([]byte, 0, csvChunk+4096)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range full {
			out.in += len(b)
			zw.Write(b) // writes to a gzipOut do not fail
			empty <- b[:0]
		}
	}()
	appendCSV(<-empty, c, func(b []byte) []byte {
		full <- b
		return <-empty
	}, func(size int) { out.text = size })
	close(full)
	<-done
	zw.Close()
	return out.b
}

// gzipOut is where a long chart's CSV file is compressed to. A bytes.Buffer
// doubles: the 50 MB file of ten 1M-step runs took 120 MB at its last
// doubling, beside the points. gzipOut grows to what the text compressed
// so far promises for the whole file's (text, csvSize's guess), and a
// little more, so that it is moved once or twice, near its size.
type gzipOut struct {
	b    []byte
	text int // the file's text, about
	in   int // the text handed to the compressor so far
}

func (g *gzipOut) Write(p []byte) (int, error) {
	if len(g.b)+len(p) > cap(g.b) {
		room := max(len(g.b)+len(p), 1<<20, len(g.b)+len(g.b)/8)
		if g.in > 0 && len(g.b) > 0 {
			room = max(room, int(float64(len(g.b))/float64(g.in)*float64(g.text)*1.03))
		}
		b := make([]byte, len(g.b), room)
		copy(b, g.b)
		g.b = b
	}
	g.b = append(g.b, p...)
	return len(p), nil
}

// csvChunk is how much CSV text appendCSV gathers before it hands it to
// flush.
const csvChunk = 1 << 20

// appendCSV appends c's CSV file to b and returns it; with flush, it hands
// the text to flush a chunk at a time instead, going on in the empty
// buffer flush returns, and returns nil, having told sized (when set)
// about how much text it will hand over.
func appendCSV(b []byte, c *site.Chart, flush func([]byte) []byte, sized func(int)) []byte {
	col := columnsOf(c, false)
	var header []byte
	for i, h := range col.header() {
		if i > 0 {
			header = append(header, ',')
		}
		header = appendCSVField(header, h)
	}
	header = append(header, '\n')
	series := exportSeries(c)
	leads := make([][]byte, len(series))
	for i, s := range series {
		var lead []byte
		if col.panel {
			lead = append(appendCSVField(lead, s.panel), ',')
		}
		leads[i] = append(appendCSVField(lead, s.name), ',')
	}
	size := csvSize(series, leads, col.label) + len(header)
	if flush == nil {
		b = slices.Grow(b, size)
	} else if sized != nil {
		sized(size)
	}
	b = append(b, header...)
	for i, s := range series {
		if col.run != "" {
			// a grouped chart's CSV holds every run's rows as read, not
			// the means it draws
			for _, r := range s.runs {
				b = appendRuns(b, leads[i], []site.Run{r})
				if flush != nil && len(b) >= csvChunk {
					b = flush(b)
				}
			}
			continue
		}
		for _, pt := range s.points {
			b = appendCSVRow(b, leads[i], pt, s.notes, col.label)
			if flush != nil && len(b) >= csvChunk {
				b = flush(b)
			}
		}
	}
	if flush != nil {
		flush(b)
		return nil
	}
	return b
}

// appendCSVRow appends one point's row of a chart's CSV file: lead (its
// panel and series), x, y (empty for a gap) and, with label, its label
// in notes.
func appendCSVRow(b, lead []byte, pt site.Point, notes *site.Notes, label bool) []byte {
	b = append(b, lead...)
	b = appendCSVNumber(b, pt.X)
	b = append(b, ',')
	if !math.IsNaN(pt.Y) {
		b = appendCSVNumber(b, pt.Y)
	}
	if label {
		b = append(b, ',')
		b = appendCSVField(b, notes.Label(pt))
	}
	return append(b, '\n')
}

// csvSize guesses the size of a chart's CSV rows from a sample of each
// series' rows written out, a little over, so that the file of a long log
// (hundreds of megabytes) is made in one array, neither grown by copying
// nor reserved at twice its size.
func csvSize(series []dataSeries, leads [][]byte, label bool) int {
	const sample = 64
	var scratch []byte
	size := 0.0
	for i, s := range series {
		n := len(s.points)
		if n == 0 {
			continue
		}
		// a short series is sampled a few rows in eight: 64 would be all
		// of them, written twice
		step := max(n/min(sample, max(4, n/8)), 1)
		rows, bytes := 0, 0
		for j := 0; j < n; j += step {
			scratch = appendCSVRow(scratch[:0], leads[i], s.points[j], s.notes, label)
			rows++
			bytes += len(scratch)
		}
		size += float64(bytes) / float64(rows) * float64(n)
	}
	return int(size*1.02) + 64
}

// appendCSVNumber is appendNumber, faster for the whole numbers a long
// log is full of (its steps).
func appendCSVNumber(b []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < 1e6 && (v != 0 || !math.Signbit(v)) {
		return strconv.AppendInt(b, int64(v), 10)
	}
	return appendNumber(b, v)
}

// appendCSVField writes a field as encoding/csv does: quoted (quotes
// doubled) when it holds a comma, a quote or a line break, starts with a
// space, or is \. (which some readers take for the end of the data). A
// field a spreadsheet would run as a formula (formulaLike) is written as
// text instead: with a single quote in front, and quoted.
func appendCSVField(b []byte, f string) []byte {
	quote := f == `\.`
	if f != "" {
		r, _ := utf8.DecodeRuneInString(f)
		quote = quote || unicode.IsSpace(r) || strings.ContainsAny(f, ",\"\r\n")
	}
	if formulaLike(f) {
		f, quote = "'"+f, true
	}
	if !quote {
		return append(b, f...)
	}
	b = append(b, '"')
	for i := 0; i < len(f); i++ {
		if f[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, f[i])
	}
	return append(b, '"')
}

// formulaLike reports whether a spreadsheet (Excel, LibreOffice Calc,
// Google Sheets) opening the chart's CSV file would read the field as a
// formula rather than as text, so that a series name or a label from a
// contributor's data such as =HYPERLINK("https://…", "click") or
// =cmd|'/c calc'!A1 would run on the reader's machine. Following OWASP's
// advice on CSV injection, that is a field that starts with =, +, -, @, a
// tab, a carriage return or a NUL; or with those signs after leading
// spaces, line breaks or invisible characters, which some spreadsheets
// skip; or with their full-width forms (＝ ＋ － ＠), which some read as
// the same signs. A field that is a number (-1.5, +3, -1e-9) is a number
// to the spreadsheet too, and is left as it is.
func formulaLike(f string) bool {
	if f == "" {
		return false
	}
	switch f[0] {
	case '\t', '\r', 0:
		return true
	}
	rest := strings.TrimLeftFunc(f, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
	})
	r, _ := utf8.DecodeRuneInString(rest)
	switch r {
	case '=', '+', '-', '@', '＝', '＋', '－', '＠':
		return !isCSVNumber(f)
	}
	return false
}

// isCSVNumber reports whether f is a decimal number as spreadsheets read
// one: a sign, digits, a point and an exponent, nothing else (no inf, NaN
// or hexadecimal, which strconv.ParseFloat would also take).
func isCSVNumber(f string) bool {
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case '0' <= c && c <= '9', c == '.', c == '+', c == '-', c == 'e', c == 'E':
		default:
			return false
		}
	}
	_, err := strconv.ParseFloat(f, 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// Tables is a chart's data as the page's tables show it, one per
// panel, and how many rows the data has and the tables show.
//
// The rows are written here, escaped as html/template escapes text, rather
// than by the layout: a site of 1,000 pages has some 130,000 of them, and
// a template action per cell made rendering 60% slower.
func Tables(c *site.Chart) (tables []Table, rows, shown int) {
	col := columnsOf(c, true)
	col.panel = false // a panel is a table of its own, captioned
	series := exportSeries(c)
	for _, s := range series {
		rows += len(s.points)
	}
	// Past MaxTableRows, each series shows an equal share of the rows (at
	// least a few).
	cut := rows > MaxTableRows
	share := max(minSeriesRows, MaxTableRows/max(1, len(series)))
	header := col.header()
	var csvLink strings.Builder
	csvLink.WriteString(`<a href="`)
	htmlesc.WriteEscapeString(&csvLink, DataName(c))
	csvLink.WriteString(`" download="`)
	htmlesc.WriteEscapeString(&csvLink, DataName(c))
	csvLink.WriteString(`">CSV file</a>`)
	if gzipCSV(c) {
		csvLink.WriteString(" (gzip-compressed)")
	}
	var body strings.Builder
	started := false // a table is under way (perhaps without rows yet)
	var num [40]byte
	caption := ""
	flush := func() {
		if started {
			tables = append(tables, Table{Caption: caption, Columns: header, Body: template.HTML(body.String())})
		}
		body, started = strings.Builder{}, false
	}
	for _, s := range series {
		if len(c.Spec.Panels) > 1 && s.panel != caption {
			flush()
			caption = s.panel
		}
		if !started {
			body.Grow(64 * min(rows, MaxTableRows+len(series)))
			started = true
		}
		pts := s.points
		if cut && len(pts) > share {
			pts = pts[:share]
		}
		// The cells that are the same on every row of the series.
		var lead strings.Builder
		lead.WriteString("<tr><td>")
		htmlesc.WriteEscapeString(&lead, s.name)
		lead.WriteString("</td><td>")
		for _, pt := range pts {
			body.WriteString(lead.String())
			body.Write(appendTableNumber(num[:0], pt.X))
			body.WriteString("</td><td>")
			body.Write(appendTableNumber(num[:0], pt.Y))
			if col.label {
				body.WriteString("</td><td>")
				htmlesc.WriteEscapeString(&body, s.notes.Label(pt))
			}
			body.WriteString("</td></tr>\n")
		}
		shown += len(pts)
		if left := len(s.points) - len(pts); left > 0 {
			fmt.Fprintf(&body, `<tr class="scalesite-more"><td colspan="%d">`, len(header))
			htmlesc.WriteEscapeString(&body, fmt.Sprintf("… and %s more rows of %s", diag.Thousands(left), s.name))
			body.WriteString(", in the ")
			body.WriteString(csvLink.String())
			body.WriteString(".</td></tr>\n")
		}
	}
	flush()
	return tables, rows, shown
}

// appendTableNumber writes a value for people: 1e18, not 1e+18; a gap's
// missing y is empty.
func appendTableNumber(b []byte, v float64) []byte {
	if math.IsNaN(v) {
		return b
	}
	start := len(b)
	b = appendNumber(b, v)
	for i := start; i+1 < len(b); i++ {
		if b[i] == 'e' && b[i+1] == '+' {
			return append(b[:i+1], b[i+2:]...)
		}
	}
	return b
}

// plainHeader is a column's name for the CSV file's header: as the data
// names it, with TeX in it ($\alpha$) written as plain text as the chart
// writes it, linear forms and all (plaintex.Linear). A name whose TeX
// cannot be (never drawn, or the loader would have said so) stays as
// written.
func plainHeader(name string) string {
	if out, _, err := plaintex.Linear(name); err == nil {
		return out
	}
	return name
}
