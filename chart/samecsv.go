package chart

import (
	"slices"

	"github.com/scalesite/scalesite/site"
)

// SameCSV reports whether large charts a and b (over CSVGzipRows rows)
// have CSV files of the same bytes, without reading their points: the
// same columns and series, drawn from the same points, not a copy (a log
// and a linear x of one training log share their ten million points,
// site/gathered.go), so that a page compresses their 50 MB download once.
// A chart that groups runs, or a small one, cheap to write again, is the
// same as no other.
func SameCSV(a, b *site.Chart) bool {
	if !gzipCSV(a) || !gzipCSV(b) {
		return false
	}
	ca, cb := columnsOf(a, false), columnsOf(b, false)
	if ca.run != "" || cb.run != "" || ca.panel != cb.panel || ca.label != cb.label || !slices.Equal(ca.header(), cb.header()) {
		return false
	}
	sa, sb := exportSeries(a), exportSeries(b)
	if len(sa) != len(sb) {
		return false
	}
	for i, x := range sa {
		y := sb[i]
		if x.panel != y.panel || x.name != y.name || len(x.points) != len(y.points) ||
			len(x.points) > 0 && &x.points[0] != &y.points[0] {
			return false
		}
	}
	return true
}
