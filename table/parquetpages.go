package table

import (
	"errors"
	"fmt"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/scalesite/scalesite/diag"
)

// parquet-go sizes what it allocates for a page by what the page's header
// says, before it reads the page: a buffer of compressed_page_size bytes,
// one of uncompressed_page_size to decompress into, and per value of
// num_values a level byte, an offset and the value itself (a dictionary's
// too); and it reads one page of every column of a row group at once. Each
// of these is an int32 a file states, so a file of a few hundred bytes
// could ask for gigabytes. checkPages reads every page header first, from
// the file's bytes (no allocation sized by a header), and refuses a file
// whose headers claim more than it can hold or a chart can use, or whose
// pages decompress to more than their headers say (parquetcodec.go).

// pageAt says where a page is, for a message: its column and the first row
// it holds.
func pageAt(column string, row int64) string {
	return fmt.Sprintf("column %s, at row %s", quote(column), diag.Thousands(int(min(row, 1<<62))))
}

// checkPages reads the header of every page of every column chunk of the
// file src, whose footer is md, holding rows rows in columns (its leaf
// columns, in order), and refuses one whose sizes parquet-go would
// allocate beyond MaxParquetPage, MaxParquetHeld or the file's rows.
func checkPages(src []byte, md *format.FileMetaData, columns []string, schema *parquet.Schema, rows int64, fail func(format string, args ...any) error) error {
	widths := make([]int64, len(columns))
	for i, leaf := range schema.Columns() {
		if l, ok := schema.Lookup(leaf...); ok {
			widths[i] = valueWidth(l.Node.Type())
		}
	}
	first := int64(1) // the first row of the row group
	for g, rg := range md.RowGroups {
		var held int64 // the largest page of each column, with its dictionary
		for c, cc := range rg.Columns {
			if c >= len(columns) {
				break // parquet-go refuses the file
			}
			most, err := checkChunk(src, &cc.MetaData, columns[c], widths[c], first, rows, fail)
			if err != nil {
				return err
			}
			held = min(held+most, 1<<50) // no overflow, however many columns
		}
		if held > MaxParquetHeld {
			last := first + max(rg.NumRows, 1) - 1
			return fail("rows %s to %s (row group %d) take %s bytes once decompressed, more than the %s (%s) scalesite holds of one row group: write the file with smaller row groups (pyarrow: pq.write_table(table, path, row_group_size=100_000); pandas: df.to_parquet(path, row_group_size=100_000))",
				diag.Thousands(int(first)), diag.Thousands(int(min(last, 1<<62))), g+1, diag.Thousands(int(held)), diag.Thousands(MaxParquetHeld), "1 GB")
		}
		first += max(rg.NumRows, 0)
	}
	return nil
}

// checkChunk checks the pages of one column chunk, whose first row is
// first; it returns what parquet-go holds of it at once: its largest page
// decompressed and decoded, with its dictionary.
func checkChunk(src []byte, meta *format.ColumnMetaData, column string, width, first, rows int64, fail func(format string, args ...any) error) (int64, error) {
	start := meta.DataPageOffset
	if meta.DictionaryPageOffset != 0 {
		start = meta.DictionaryPageOffset // as parquet-go reads the chunk
	}
	if start < 0 || start >= int64(len(src)) || meta.TotalCompressedSize <= 0 {
		return 0, nil // no page to read: parquet-go says the file is damaged
	}
	end := start + min(meta.TotalCompressedSize, int64(len(src))-start)
	damaged := func(what string) error {
		return fail("%s: %s: the file is damaged or was cut short; export it again", pageAt(column, first), what)
	}
	var (
		largest, dict int64
		row           = first
		r             = new(thrift.CompactProtocol).NewReaderFromBytes(nil)
	)
	for off := start; off < end; {
		var h format.PageHeader
		r.ResetBytes(src[off:end])
		if err := thrift.NewDecoder(r).Decode(&h); err != nil {
			return 0, damaged(fmt.Sprintf("a page's header cannot be read (%v)", err))
		}
		off += int64(r.BytesRead())
		at := pageAt(column, row)
		switch {
		case h.CompressedPageSize < 0 || h.UncompressedPageSize < 0:
			return 0, damaged("a page states a negative size")
		case int64(h.CompressedPageSize) > end-off:
			return 0, fail("%s: a page says it is %s bytes long, and only %s bytes of the column are left in the file: the file is damaged or was cut short; export it again",
				at, diag.Thousands(int(h.CompressedPageSize)), diag.Thousands(int(end-off)))
		case int64(h.UncompressedPageSize) > MaxParquetPage:
			return 0, fail("%s: a page says it holds %s bytes once decompressed, more than the %s (%s) scalesite reads of one page: the file is damaged, or its pages are far larger than writers make them (about 1 MB); write it again (pyarrow: pq.write_table(table, path); pandas: df.to_parquet(path))",
				at, diag.Thousands(int(h.UncompressedPageSize)), diag.Thousands(MaxParquetPage), "256 MB")
		}
		var values int64
		switch {
		case h.DataPageHeader.Valid:
			values = int64(h.DataPageHeader.V.NumValues)
		case h.DataPageHeaderV2.Valid:
			v := h.DataPageHeaderV2.V
			values = max(int64(v.NumValues), int64(v.NumRows))
			if v.NumValues < 0 || v.NumRows < 0 || v.NumNulls < 0 || v.RepetitionLevelsByteLength < 0 || v.DefinitionLevelsByteLength < 0 ||
				int64(v.RepetitionLevelsByteLength)+int64(v.DefinitionLevelsByteLength) > int64(h.CompressedPageSize) {
				return 0, damaged("a page states sizes that do not fit in it")
			}
		case h.DictionaryPageHeader.Valid:
			values = int64(h.DictionaryPageHeader.V.NumValues)
		}
		if values < 0 {
			return 0, damaged("a page states a negative count of values")
		}
		// A flat column holds one value a row, and a dictionary no more
		// values than the column: a page cannot hold more than the rows.
		if values > rows {
			what := "values"
			if h.DictionaryPageHeader.Valid {
				what = "values in its dictionary"
			}
			return 0, fail("%s: a page says it holds %s %s, and the file has %s rows: the file is damaged; export it again",
				at, diag.Thousands(int(values)), what, diag.Thousands(int(rows)))
		}
		if meta.Codec != format.Uncompressed {
			data, claim := src[off:off+int64(h.CompressedPageSize)], int64(h.UncompressedPageSize)
			compressed := true
			if v := h.DataPageHeaderV2; v.Valid {
				// the levels first, never compressed
				levels := int64(v.V.RepetitionLevelsByteLength) + int64(v.V.DefinitionLevelsByteLength)
				data, claim = data[levels:], claim-levels
				compressed = !v.V.IsCompressed.Valid || v.V.IsCompressed.V
			}
			if claim < 0 {
				return 0, damaged("a page states a size smaller than its levels")
			}
			if compressed {
				if err := decompressedWithin(meta.Codec, data, claim); errors.Is(err, errTooLong) {
					return 0, fail("%s: a page says it holds %s bytes once decompressed, and %s: the file is damaged; export it again",
						at, diag.Thousands(int(claim)), err)
				} else if err != nil {
					return 0, damaged(fmt.Sprintf("a page cannot be decompressed (%v)", err))
				}
			}
		}
		// decompressed, and decoded: a level byte, an offset and the
		// value itself of each value
		size := min(int64(h.UncompressedPageSize)+values*(5+width), 1<<50)
		if h.DictionaryPageHeader.Valid {
			dict = max(dict, size)
		} else {
			largest = max(largest, size)
			row += values
		}
		off += int64(h.CompressedPageSize)
	}
	return largest + dict, nil
}

// valueWidth is how many bytes parquet-go decodes a value of typ into,
// besides the page's own bytes: a fixed-size value is copied out of the
// page, a string or byte array is read in place.
func valueWidth(typ parquet.Type) int64 {
	switch typ.Kind() {
	case parquet.Boolean:
		return 1
	case parquet.Int32, parquet.Float:
		return 4
	case parquet.Int64, parquet.Double:
		return 8
	case parquet.Int96:
		return 12
	case parquet.FixedLenByteArray:
		return int64(max(typ.Length(), 0))
	}
	return 0
}
