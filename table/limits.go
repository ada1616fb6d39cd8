package table

import "strconv"

// The readers of training logs (JSONL, Parquet, TensorBoard events) bound
// what one table holds besides the data size limit the site applies to its
// file: a compressed Parquet file or a few megabytes of repeated events can
// stand for far more rows than their size suggests. Ten runs of a
// 1,000,000-step log fit.
const (
	// MaxRows is the most rows one table read from a log holds.
	MaxRows = 20_000_000
	// MaxColumns is the most columns: a tracker's export of every metric
	// has hundreds.
	MaxColumns = 10_000
	// MaxCells bounds rows × columns, what a table costs in memory.
	MaxCells = 100_000_000
)

var (
	tooManyRows = "the table has more than " + countText(MaxRows) +
		" rows, more than a chart can read: keep every 10th step when logging, or split the log into several files"
	tooManyColumns = "the table has more than " + countText(MaxColumns) +
		" columns, more than a chart can read: export only the metrics the charts plot"
	tooManyCells = "the table has more than " + countText(MaxCells) +
		" cells (rows × columns), more than a chart can read: export only the metrics the charts plot, or fewer steps"
)

// countText writes n with commas between groups of three digits, as a
// researcher reads a count: 1,000,000.
func countText(n int) string {
	s := strconv.Itoa(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return neg + string(b)
}
