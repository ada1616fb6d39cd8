package table

import "github.com/scalesite/scalesite/diag"

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
	tooManyRows = "the table has more than " + diag.Thousands(MaxRows) +
		" rows, more than a chart can read: keep every 10th step when logging, or split the log into several files"
	tooManyColumns = "the table has more than " + diag.Thousands(MaxColumns) +
		" columns, more than a chart can read: export only the metrics the charts plot"
	tooManyCells = "the table has more than " + diag.Thousands(MaxCells) +
		" cells (rows × columns), more than a chart can read: export only the metrics the charts plot, or fewer steps"
)
