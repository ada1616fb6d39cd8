package table

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// writeParquet writes rows with parquet-go's writer, as a tracker's export would be.
func writeParquet[T any](t testing.TB, rows []T, opts ...parquet.WriterOption) []byte {
	t.Helper()
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b, opts...)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type historyRow struct {
	Step   int64     `parquet:"_step"`
	Loss   float64   `parquet:"train/loss"`
	Acc    *float32  `parquet:"acc,optional"`
	Run    string    `parquet:"run"`
	Done   bool      `parquet:"done"`
	Tokens uint32    `parquet:"tokens"`
	When   time.Time `parquet:"when,timestamp(millisecond)"`
	Model  struct {
		Params int32 `parquet:"params"`
	} `parquet:"model"`
}

func TestParseParquet(t *testing.T) {
	acc := float32(0.1)
	when := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	rows := []historyRow{
		{Step: 0, Loss: 2.5, Acc: &acc, Run: "a", Done: false, Tokens: 4_000_000_000, When: when},
		{Step: 1, Loss: 1e-300, Run: " b ", Done: true, Tokens: 7, When: when.Add(1500 * time.Millisecond)},
	}
	rows[1].Model.Params = 125
	for _, codec := range []parquet.WriterOption{parquet.Compression(&parquet.Uncompressed), parquet.Compression(&parquet.Zstd), parquet.Compression(&parquet.Snappy)} {
		tab, err := ParseParquet("runs.parquet", writeParquet(t, rows, codec))
		if err != nil {
			t.Fatal(err)
		}
		want := "_step|train/loss|acc|run|done|tokens|when|model.params\n" +
			`1: "0"@1:1 "2.5"@1:2 "0.1"@1:3 "a"@1:4 "false"@1:5 "4000000000"@1:6 "2024-03-01T12:00:00Z"@1:7 "0"@1:8` + "\n" +
			`2: "1"@2:1 "1e-300"@2:2 ""@2:3 "b"@2:4 "true"@2:5 "7"@2:6 "2024-03-01T12:00:01.5Z"@2:7 "125"@2:8`
		if got := dump(tab); got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
		checkTable(t, tab, file("runs.parquet"))
	}
}

func TestParseParquetErrors(t *testing.T) {
	type listRow struct {
		Step   int64     `parquet:"step"`
		Losses []float64 `parquet:"losses,list"`
	}
	type repeatedRow struct {
		Step int64   `parquet:"step"`
		Vals []int32 `parquet:"vals"`
	}
	type mapRow struct {
		Step int64            `parquet:"step"`
		M    map[string]int64 `parquet:"metrics"`
	}
	tests := []struct {
		name string
		src  []byte
		want string
	}{
		{"list", writeParquet(t, []listRow{{1, []float64{1, 2}}}), `runs.parquet: column "losses" is a list: a chart reads flat columns`},
		{"repeated", writeParquet(t, []repeatedRow{{1, []int32{1}}}), `runs.parquet: column "vals" is a list (a repeated field)`},
		{"map", writeParquet(t, []mapRow{{1, map[string]int64{"a": 1}}}), `runs.parquet: column "metrics" is a map: a chart reads flat columns; write one column per key`},
		{"not parquet", []byte("step,loss\n1,2\n"), `runs.parquet: cannot be read as Parquet`},
		{"cut short", writeParquet(t, []listRow{{1, nil}})[:20], `runs.parquet: cannot be read as Parquet`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseParquet("runs.parquet", tt.src)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v, want %s…", err, tt.want)
			}
		})
	}
}

// TestParseDispatchesParquet checks that Parse reads .parquet.
func TestParseDispatchesParquet(t *testing.T) {
	type row struct {
		X int64 `parquet:"x"`
	}
	tab, err := Parse("data/h.PARQUET", writeParquet(t, []row{{3}}))
	if err != nil || dump(tab) != "x\n1: \"3\"@1:1" {
		t.Errorf("Parse = %v, %v", tab, err)
	}
}

func FuzzParquet(f *testing.F) {
	type row struct {
		Step int64    `parquet:"step"`
		Loss *float64 `parquet:"loss,optional"`
		Run  string   `parquet:"run,dict"`
	}
	loss := 2.5
	f.Add(writeParquet(f, []row{{1, &loss, "a"}, {2, nil, "b"}}))
	f.Add(writeParquet(f, []row{{1, &loss, "a"}}, parquet.Compression(&parquet.Zstd)))
	f.Add([]byte("PAR1"))
	// data pages of version 1, and a header that claims 2,000,000,000
	// values (parquetpages.go), for the fuzzer to start from
	v1 := writeParquet(f, []row{{1, &loss, "a"}, {2, nil, "b"}}, parquet.DataPageVersion(1))
	f.Add(v1)
	f.Add(patchPage(f, writeParquet(f, []hostileRow{{"a"}}, parquet.DataPageVersion(1)), 0, 1, func(h *format.PageHeader) { h.DataPageHeader.V.NumValues = 2_000_000_000 }))
	f.Fuzz(func(t *testing.T, src []byte) {
		tab, err := ParseParquet("f.parquet", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.parquet: ") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		checkTable(t, tab, file("f.parquet"))
		for i, r := range rowsOf(tab) {
			if r.Line != i+1 {
				t.Fatalf("row %d has line %d", i, r.Line)
			}
		}
	})
}

// TestParquetColumnNameTwice: a top-level column named "a.b" and a field b
// of a group a would both be column a.b; the file is refused, naming it,
// rather than read with two columns of one name (found by FuzzParquet).
func TestParquetColumnNameTwice(t *testing.T) {
	type group struct {
		B int64 `parquet:"b"`
	}
	type row struct {
		AB int64 `parquet:"a.b"`
		A  group `parquet:"a"`
	}
	_, err := ParseParquet("runs.parquet", writeParquet(t, []row{{1, group{2}}}))
	if err == nil || !strings.Contains(err.Error(), `runs.parquet: column name "a.b" is used twice (columns 1 and 2)`) {
		t.Errorf("ParseParquet = %v, want the name used twice", err)
	}
}
