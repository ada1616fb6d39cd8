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

	// MaxParquetPage is the most bytes one page of a Parquet file may
	// decompress to. Writers cut a column into pages of about 1 MB
	// (Arrow, parquet-mr, parquet-go); fastparquet writes one page per
	// column of a row group, 160 MB for MaxRows float64s.
	MaxParquetPage = 256 << 20
	// MaxParquetHeld is the most bytes the pages a Parquet reader holds
	// at once may take, decompressed and decoded: one page of each column
	// of a row group, with its dictionary. A row group of 1,000,000 rows of
	// 100 float64 columns in pages of 1 MB holds about 100 MB.
	MaxParquetHeld = 1 << 30
)

var (
	tooManyRows = "the table has more than " + diag.Thousands(MaxRows) +
		" rows, more than a chart can read: keep every 10th step when logging, or split the log into several files"
	tooManyColumns = "the table has more than " + diag.Thousands(MaxColumns) +
		" columns, more than a chart can read: export only the metrics the charts plot"
	tooManyCells = "the table has more than " + diag.Thousands(MaxCells) +
		" cells (rows × columns), more than a chart can read: export only the metrics the charts plot, or fewer steps"
)
