package chart

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// TestChartCSVGzip: a chart of more than CSVGzipRows rows has its CSV
// download named .csv.gz and written gzip-compressed, a file that opens to
// the same text a smaller chart's plain CSV holds; one row fewer stays
// plain.
func TestChartCSVGzip(t *testing.T) {
	if testing.Short() {
		t.Skip("a chart of two million rows")
	}
	var data strings.Builder
	data.WriteString("run,step,loss\n")
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&data, "a,%d,%.6g\n", i, 2+10/float64(i))
	}
	s, err := site.Load(sitetest.New(t, map[string]string{
		"content/long.md":  "---\ntitle: Long\n---\n```chart\ndata: long.csv\nx: step\ny: loss\nseries: run\n```\n",
		"content/long.csv": data.String(),
	}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Body(s.Pages[0]).Charts[0]
	read := c.Panels[0].Series[0].Points
	for _, rows := range []int{CSVGzipRows, CSVGzipRows + 1} {
		pts := make([]site.Point, rows)
		for i := range pts {
			pts[i] = read[i%len(read)]
			pts[i].X = float64(i + 1)
		}
		c.Panels[0].Series[0].Points = pts
		plain := appendCSV(nil, c, nil, nil)
		got := CSV(c)
		name := DataName(c)
		if rows == CSVGzipRows {
			if name != c.ID+".csv" || !bytes.Equal(got, plain) {
				t.Errorf("%d rows: %s, %d bytes; want %s.csv, the plain text (%d bytes)", rows, name, len(got), c.ID, len(plain))
			}
			continue
		}
		if name != c.ID+".csv.gz" || DataType(c) != "application/gzip" {
			t.Errorf("%d rows: named %s (%s), want %s.csv.gz (application/gzip)", rows, name, DataType(c), c.ID)
		}
		zr, err := gzip.NewReader(bytes.NewReader(got))
		if err != nil {
			t.Fatalf("%d rows: %v", rows, err)
		}
		text, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%d rows: %v", rows, err)
		}
		if !bytes.Equal(text, plain) {
			t.Errorf("%d rows: the .csv.gz opens to %d bytes, not the %d of the CSV", rows, len(text), len(plain))
		}
		if len(got) > len(plain)/2 {
			t.Errorf("%d rows: compressed to %d bytes of %d", rows, len(got), len(plain))
		}
		if lines := bytes.Count(text, []byte("\n")); lines != rows+1 {
			t.Errorf("%d rows: %d lines, want %d", rows, lines, rows+1)
		}
	}
}

// TestIsDataName: the live preview and the render cache tell a chart's
// CSV download by its name, plain or compressed.
func TestIsDataName(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"runs/chart-runs-1.csv", true},
		{"runs/chart-runs-1.csv.gz", true},
		{"runs/chart-runs-1.svg", false},
		{"runs/index.html", false},
		{"data.gz", false},
	} {
		if got := IsDataName(tc.path); got != tc.want {
			t.Errorf("IsDataName(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
