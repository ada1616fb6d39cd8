package table

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// hostileRow is one column (so its chunk is the file's last, and a page
// header may change length) of strings, dictionary-encoded.
type hostileRow struct {
	Run string `parquet:"run,dict"`
}

// patchPage returns src, a Parquet file of one row group, with the header
// of page number page (0 the first: the dictionary's, when it has one) of
// column col changed by patch, and the footer's sizes and offsets moved
// with it.
func patchPage(t testing.TB, src []byte, col, page int, patch func(*format.PageHeader)) []byte {
	t.Helper()
	pf, err := parquet.OpenFile(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		t.Fatal(err)
	}
	md := *pf.Metadata()
	md.RowGroups = append([]format.RowGroup(nil), md.RowGroups...)
	md.RowGroups[0].Columns = append([]format.ColumnChunk(nil), md.RowGroups[0].Columns...)
	cc := &md.RowGroups[0].Columns[col]
	off := cc.MetaData.DataPageOffset
	if cc.MetaData.DictionaryPageOffset != 0 {
		off = cc.MetaData.DictionaryPageOffset
	}
	proto := new(thrift.CompactProtocol)
	var h format.PageHeader
	var n int
	for i := 0; ; i++ {
		r := proto.NewReaderFromBytes(src[off:])
		h = format.PageHeader{}
		if err := thrift.NewDecoder(r).Decode(&h); err != nil {
			t.Fatal(err)
		}
		n = r.BytesRead()
		if i == page {
			break
		}
		off += int64(n) + int64(h.CompressedPageSize)
	}
	patch(&h)
	nh, err := thrift.Marshal(proto, &h)
	if err != nil {
		t.Fatal(err)
	}
	delta := int64(len(nh) - n)
	footerLen := int64(binary.LittleEndian.Uint32(src[len(src)-8:]))
	dataEnd := int64(len(src)) - 8 - footerLen
	cc.MetaData.TotalCompressedSize += delta
	for i := range md.RowGroups[0].Columns {
		m := &md.RowGroups[0].Columns[i]
		if m.MetaData.DataPageOffset > off {
			m.MetaData.DataPageOffset += delta
		}
		if m.MetaData.DictionaryPageOffset > off {
			m.MetaData.DictionaryPageOffset += delta
		}
		m.ColumnIndexOffset, m.ColumnIndexLength, m.OffsetIndexOffset, m.OffsetIndexLength = 0, 0, 0, 0
	}
	footer, err := thrift.Marshal(proto, &md)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(src[:off])
	out.Write(nh)
	out.Write(src[off+int64(n) : dataEnd])
	out.Write(footer)
	binary.Write(&out, binary.LittleEndian, uint32(len(footer)))
	out.WriteString("PAR1")
	return out.Bytes()
}

// TestParquetHostilePages: a small file whose page headers claim sizes or
// counts parquet-go would allocate is refused, with the column and the
// row, before anything is allocated for it; the file unpatched, and with
// a header patched to what it already says, reads.
func TestParquetHostilePages(t *testing.T) {
	rows := []hostileRow{{"a"}, {"b"}, {"a"}}
	for _, version := range []int{1, 2} {
		src := writeParquet(t, rows, parquet.Compression(&parquet.Zstd), parquet.DataPageVersion(version))
		if _, err := ParseParquet("runs.parquet", patchPage(t, src, 0, 1, func(*format.PageHeader) {})); err != nil {
			t.Fatalf("data pages v%d: the file patched to itself: %v", version, err)
		}
		checkHostilePages(t, version, src)
	}
}

// checkHostilePages is TestParquetHostilePages for src, of data pages of
// version version.
func checkHostilePages(t *testing.T, version int, src []byte) {
	tests := []struct {
		name  string
		page  int // 0 the dictionary's, 1 the data page
		patch func(*format.PageHeader)
		want  string
	}{
		{"uncompressed size", 1, func(h *format.PageHeader) { h.UncompressedPageSize = 2_000_000_000 },
			`runs.parquet: column "run", at row 1: a page says it holds 2,000,000,000 bytes once decompressed, more than the 268,435,456 (256 MB) scalesite reads of one page`},
		{"dictionary's uncompressed size", 0, func(h *format.PageHeader) { h.UncompressedPageSize = 1 << 30 },
			`runs.parquet: column "run", at row 1: a page says it holds 1,073,741,824 bytes once decompressed`},
		{"compressed size", 1, func(h *format.PageHeader) { h.CompressedPageSize = 2_000_000_000 },
			`runs.parquet: column "run", at row 1: a page says it is 2,000,000,000 bytes long, and only`},
		{"values", 1, func(h *format.PageHeader) {
			h.DataPageHeader.V.NumValues = 2_000_000_000
			h.DataPageHeaderV2.V.NumValues = 2_000_000_000
		},
			`runs.parquet: column "run", at row 1: a page says it holds 2,000,000,000 values, and the file has 3 rows: the file is damaged; export it again`},
		{"dictionary's values", 0, func(h *format.PageHeader) { h.DictionaryPageHeader.V.NumValues = 2_000_000_000 },
			`runs.parquet: column "run", at row 1: a page says it holds 2,000,000,000 values in its dictionary, and the file has 3 rows`},
		{"negative size", 1, func(h *format.PageHeader) { h.UncompressedPageSize = -1 },
			`runs.parquet: column "run", at row 1: a page states a negative size: the file is damaged or was cut short; export it again`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("v%d %s", version, tt.name), func(t *testing.T) {
			_, err := ParseParquet("runs.parquet", patchPage(t, src, 0, tt.page, tt.patch))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s…", err, tt.want)
			}
		})
	}
}

// TestParquetPagesHeldAtOnce: pages of several columns that each fit, but
// together take more than MaxParquetHeld (parquet-go reads a page of each
// column at once), are refused with their rows.
func TestParquetPagesHeldAtOnce(t *testing.T) {
	type wide struct {
		A, B, C, D, E int64
	}
	src := writeParquet(t, make([]wide, 1000))
	if _, err := ParseParquet("w.parquet", src); err != nil {
		t.Fatalf("ordinary pages: %v", err)
	}
	// each column's page claims a little under MaxParquetPage: five of
	// them are over MaxParquetHeld
	for c := range 5 {
		src = patchPage(t, src, c, 0, func(h *format.PageHeader) { h.UncompressedPageSize = 250_000_000 })
	}
	_, err := ParseParquet("w.parquet", src)
	want := "w.parquet: rows 1 to 1,000 (row group 1) take 1,250,065,000 bytes once decompressed, more than the 1,073,741,824 (1 GB) scalesite holds of one row group: write the file with smaller row groups"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s…", err, want)
	}
}

// TestParquetPageDecompressesPastItsSize: a page whose compressed bytes
// decompress to more than its header states (parquet-go takes what the
// codec gives) is refused, whatever its codec; unpatched, the file reads.
func TestParquetPageDecompressesPastItsSize(t *testing.T) {
	rows := make([]hostileRow, 200)
	for i := range rows {
		rows[i].Run = fmt.Sprint("run ", i)
	}
	for _, codec := range []compress.Codec{&parquet.Snappy, &parquet.Gzip, &parquet.Brotli, &parquet.Zstd, &parquet.Lz4Raw} {
		for _, version := range []int{1, 2} {
			name := fmt.Sprintf("%s, data pages v%d", codec, version)
			src := writeParquet(t, rows, parquet.Compression(codec), parquet.DataPageVersion(version))
			if _, err := ParseParquet("runs.parquet", src); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			// the dictionary, of 200 strings, says it is 10 bytes
			_, err := ParseParquet("runs.parquet", patchPage(t, src, 0, 0, func(h *format.PageHeader) { h.UncompressedPageSize = 10 }))
			want := `runs.parquet: column "run", at row 1: a page says it holds 10 bytes once decompressed, and it decompresses to more bytes than its header states`
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s: got %v\nwant %s…", name, err, want)
			}
		}
	}
}
