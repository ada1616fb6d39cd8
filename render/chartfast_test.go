package render

import (
	"bytes"
	"fmt"
	"html/template"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/chart"
	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/internal/synth"
	"github.com/scalesite/scalesite/site"
)

// BenchmarkChartHTML renders the charts of synthetic pages (a log-x line
// chart of three series and a labelled scatter each) into their HTML, as
// renderer.content does: chartView, then the theme's "chart" template.
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
	charts := 0
	b.ReportAllocs()
	for b.Loop() {
		charts = 0
		for _, p := range s.Pages {
			w := &pageWriter{charts: make([][]byte, len(p.Charts)), citer: newCiter(p)}
			for i, c := range p.Charts {
				var buf bytes.Buffer
				buf.Grow(512 + 48*c.Points())
				if err := t.ExecuteTemplate(&buf, "chart", w.chartView(c)); err != nil {
					b.Fatal(err)
				}
				w.charts[i] = buf.Bytes()
				charts++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(charts), "ns/chart")
}

// TestFigureMatchesTemplate: Figure writes what the built-in theme's
// "chart-markup" template writes, byte for byte, for the corpus' charts
// and for chart data whose every text is hostile or odd.
func TestFigureMatchesTemplate(t *testing.T) {
	s := loadDemo(t)
	rr, err := NewRenderer(s)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := rr.theme.kinds["page"]
	check := func(name string, d chartData) {
		t.Helper()
		var want bytes.Buffer
		if err := tmpl.ExecuteTemplate(&want, "chart-markup", d); err != nil {
			t.Fatal(err)
		}
		if got := string(d.Figure()); got != want.String() {
			t.Fatalf("%s: Figure differs from the template:\n%s", name, firstDiff([]byte(got), want.Bytes()))
		}
		var viaChart bytes.Buffer // and "chart" takes the Figure
		if err := tmpl.ExecuteTemplate(&viaChart, "chart", d); err != nil {
			t.Fatal(err)
		}
		if viaChart.String() != want.String() {
			t.Fatalf("%s: the chart template differs from chart-markup", name)
		}
	}
	charts := chartcorpus.Charts(t, "..")
	for _, c := range charts {
		w := &pageWriter{citer: newCiter(&site.Page{})}
		check(c.ID, w.chartView(c))
	}
	// Random data from odd pieces: markup, quotes, URL schemes and escapes,
	// NUL, non-characters, invalid UTF-8, line separators.
	pieces := []string{"", "a", "Z9", " ", "<", ">", "&", `"`, "'", "+", "\x00", ":", "/", "#", "%", "%4", "%41", "%zz", "?", "=",
		"javascript:", "JavaScript:", "http:", "HTTPS:", "mailto:", "data:", "//x", "é", "“", "\u2028", "\ufdd0", "\uffff", "\xff", "</script>",
		"<!--", "-->", "{{.}}", "chart-x-1", ".csv", "expression(", "--"}
	rng := rand.New(rand.NewPCG(3, 4))
	text := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	base := w0(t, charts[0])
	for i := range 3000 {
		d := base
		d.ID, d.Title, d.Alt, d.CSV = text(), text(), text(), text()
		d.Height, d.Rows, d.Shown = rng.IntN(2000)-100, rng.IntN(500), rng.IntN(500)
		d.LogX, d.LogY = rng.IntN(2) == 0, rng.IntN(2) == 0
		switch rng.IntN(4) {
		case 0:
			d.Source = nil
		case 1:
			d.Source = &chartSource{Cite: template.HTML(`<a href="#ref-x">X</a>` + text()), Text: text()}
		case 2:
			d.Source = &chartSource{URL: text(), Text: text()}
		default:
			d.Source = &chartSource{Text: text()}
		}
		d.Tables = nil
		for range rng.IntN(3) {
			d.Tables = append(d.Tables, chart.Table{Caption: text(), Columns: []string{text(), text()}, Body: template.HTML("<tr><td>" + text() + "</td></tr>\n")})
		}
		check(fmt.Sprintf("random %d", i), d)
	}
}

// w0 is a chart's data as the renderer gives it to the template.
func w0(t *testing.T, c *site.Chart) chartData {
	t.Helper()
	return (&pageWriter{citer: newCiter(&site.Page{})}).chartView(c)
}

// TestHostileTextInFigure: the page's script element holds exactly the
// option, whose hostile title, label and series name (which try to close the
// element) are written escaped (chart's TestHostileTextInOptionJSON), and
// ends after it.
func TestHostileTextInFigure(t *testing.T) {
	bad := "</script><script>alert(1)</script>\u2028&"
	spec := "type: scatter\ntitle: " + strconv.Quote(bad) + "\ndata: |\n  name,model,x,y\n  " +
		`"` + bad + `","` + bad + `",1,2` + "\n  b,plain,2,3\nx: x\ny: y\nseries: model\nlabel: name\n"
	s, err := site.Load(sitetest.New(t, map[string]string{"content/h.md": "---\ntitle: H\n---\n```chart\n" + spec + "```\n"}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Pages[0].Charts[0]
	d := w0(t, c)
	opt := string(d.OptionJSON())
	for _, raw := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if strings.Contains(opt, raw) {
			t.Errorf("the option holds %q as it is", raw)
		}
	}
	// In the page, the script element holds the option and ends after it.
	html := string(d.Figure())
	start := strings.Index(html, `class="scalesite-option"`)
	body := html[strings.Index(html[start:], ">")+start+1:]
	if end := strings.Index(body, "</script"); end < 0 || body[:end] != opt {
		t.Errorf("the script element does not hold exactly the option:\n%s", html)
	}
	if strings.Count(html, "<script") != 1 {
		t.Errorf("%d script elements, want 1", strings.Count(html, "<script"))
	}
}
