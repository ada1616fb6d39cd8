package chart

import (
	"bytes"
	"slices"
	"testing"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// TestSameCSV: charts of the same large points, columns and names are the
// same and have the same CSV bytes; other points (a copy), another column
// name, or a chart under CSVGzipRows rows are not.
func TestSameCSV(t *testing.T) {
	if testing.Short() {
		t.Skip("charts of two million rows")
	}
	chartOf := func(spec string) string { return "```chart\n" + spec + "```\n\n" }
	s, err := site.Load(sitetest.New(t, map[string]string{
		"content/long.md": "---\ntitle: Long\n---\n" +
			chartOf("type: line\ndata: long.csv\nx: {field: step, scale: log}\ny: loss\nseries: run\n") +
			chartOf("type: line\ndata: long.csv\nx: step\ny: loss\nseries: run\n") +
			chartOf("type: line\ndata: long.csv\nx: step\ny: loss\nseries: run\n") +
			chartOf("type: line\ndata: long.csv\nx: step\ny: val\nseries: run\n"),
		"content/long.csv": "run,step,loss,val\na,1,3,3\na,2,2,2\n",
	}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	charts := s.Body(s.Pages[0]).Charts
	small := SameCSV(charts[0], charts[1])
	pts := make([]site.Point, CSVGzipRows+1)
	for i := range pts {
		pts[i] = site.Point{X: float64(i + 1), Y: 1 / float64(i+1), Row: int32(i + 2)}
	}
	for i, c := range charts {
		c.Panels[0].Series[0].Points = pts
		if i == 2 {
			c.Panels[0].Series[0].Points = slices.Clone(pts)
		}
	}
	same := func(i, j int) bool { return SameCSV(charts[i], charts[j]) }
	if small || !same(0, 1) || !same(1, 0) || same(2, 0) || same(3, 0) {
		t.Errorf("small charts the same %v; large: log = linear %v, a copy the same %v, another column the same %v",
			small, same(0, 1), same(2, 0), same(3, 0))
	}
	if !bytes.Equal(CSV(charts[0]), CSV(charts[1])) {
		t.Error("two charts of one key have CSV files of different bytes")
	}
}
