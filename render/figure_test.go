package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// BenchmarkChartHTML renders the charts of synthetic pages (a log-x line
// chart of three series and a labelled scatter each) into their HTML, as
// renderer.appendContent does: chartView, then pageWriter.WriteChart,
// which writes the figure in Go with the built-in "chart" template
// (template: the theme's "chart" template executed instead).
func BenchmarkChartHTML(b *testing.B) {
	dir := b.TempDir()
	synth.Write(b, dir, 10, 40)
	s, err := site.Load(dir, site.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rr, err := NewRenderer(s)
	if err != nil {
		b.Fatal(err)
	}
	t := rr.theme.kinds["page"]
	for _, bc := range []struct {
		name    string
		figures bool
	}{{"go", true}, {"template", false}} {
		b.Run(bc.name, func(b *testing.B) {
			charts := 0
			w := &appendWriter{}
			b.ReportAllocs()
			for b.Loop() {
				charts = 0
				for _, pg := range s.Pages {
					p := s.Body(pg)
					pw := &pageWriter{appendWriter: w, charts: make([]chartData, len(p.Charts)), layouts: t, figures: bc.figures, citer: newCiter(p)}
					for i, c := range p.Charts {
						pw.charts[i] = pw.chartView(c)
						w.b = w.b[:0]
						if err := pw.WriteChart(i); err != nil {
							b.Fatal(err)
						}
						charts++
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(charts), "ns/chart")
		})
	}
}

// TestChartTemplateTakesFigure: the built-in "chart" template writes
// what "chart-markup" writes, through chartData's Figure (package
// fastlayout's TestFigureMatchesTemplate holds the Figure to
// "chart-markup"), for every chart of the corpus with its source as the
// page cites it.
func TestChartTemplateTakesFigure(t *testing.T) {
	s := loadDemo(t)
	rr, err := NewRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := rr.theme.kinds["page"]
	for _, c := range chartcorpus.Charts(t, "..") {
		d := (&pageWriter{citer: newCiter(&site.Body{Page: &site.Page{}})}).chartView(c)
		var markup, viaChart bytes.Buffer
		if err := tmpl.ExecuteTemplate(&markup, "chart-markup", d); err != nil {
			t.Fatal(err)
		}
		if err := tmpl.ExecuteTemplate(&viaChart, "chart", d); err != nil {
			t.Fatal(err)
		}
		if viaChart.String() != markup.String() {
			t.Fatalf("%s: the chart template differs from chart-markup:\n%s", c.ID, firstDiff(viaChart.Bytes(), markup.Bytes()))
		}
		// And pageWriter.WriteChart, which writes the figure in Go when
		// the "chart" template is the built-in one, writes the same.
		w := &pageWriter{appendWriter: &appendWriter{}, charts: []chartData{d}, layouts: tmpl, figures: rr.theme.figures, citer: newCiter(&site.Body{Page: &site.Page{}})}
		if err := w.WriteChart(0); err != nil {
			t.Fatal(err)
		}
		if string(w.b) != markup.String() {
			t.Fatalf("%s: WriteChart differs from chart-markup:\n%s", c.ID, firstDiff(w.b, markup.Bytes()))
		}
		if !strings.Contains(markup.String(), `class="scalesite-option"`) {
			t.Fatalf("%s: no option in the chart's markup", c.ID)
		}
	}
}
