package chart

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/scalesite/scalesite/site"
)

// CSVKey names what a large chart's CSV file is made of without reading
// its points: charts of one key have CSV files of the same bytes, which a
// page then compresses once (a log and a linear x of one training log
// share their ten million points, site/gathered.go, and their 50 MB
// download). It is "" for a chart of at most CSVGzipRows rows, which is
// cheap to write again, and for one that groups runs.
func CSVKey(c *site.Chart) string {
	if !gzipCSV(c) {
		return ""
	}
	col := columnsOf(c, false)
	if col.run != "" {
		return ""
	}
	var b strings.Builder
	b.WriteString(strings.Join(col.header(), "\x00"))
	b.WriteString("\x01" + strconv.FormatBool(col.panel) + strconv.FormatBool(col.label))
	for _, s := range exportSeries(c) {
		b.WriteString("\x01" + s.panel + "\x00" + s.name + "\x00")
		if len(s.points) > 0 {
			// The points themselves, not a copy: the loader never changes
			// a point once the chart is loaded.
			b.WriteString(strconv.FormatUint(uint64(uintptr(unsafe.Pointer(&s.points[0]))), 16))
		}
		b.WriteString("\x00" + strconv.Itoa(len(s.points)))
	}
	return b.String()
}
