package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

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

// appendNumberStrconv is appendNumber as it was written first: both forms
// from strconv, the shorter kept.
func appendNumberStrconv(b []byte, v float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, v, 'f', -1, 64)
	if len(b)-start <= 6 {
		return b
	}
	var e [32]byte
	sci := strconv.AppendFloat(e[:0], v, 'e', -1, 64)
	if len(sci) < len(b)-start {
		b = append(b[:start], sci...)
	}
	return b
}

// TestAppendNumberMatchesStrconv: appendNumber writes what strconv's plain
// and scientific forms would, for every kind of float.
func TestAppendNumberMatchesStrconv(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 19, 100000, 999999, 1e6, -99999, -1e5, 123456.5, 0.5, -0.5, 1e-7, 2.5e-10,
		1e20, 1e21, 1e22, 1.2664e19, 39.71, 41.23, 23.4969296481, 1e300, 5e-324, math.MaxFloat64, -math.MaxFloat64, 0.001, 0.0001, 1234567,
		12345.678, 1e-8, 9.999999999999999e-9, 1e36, 9.99999999999999e35, 1e35, 1e23, 1e22, 8.41e21, 123456789012345, 1234567890123456, 12345678901234567,
		99999.9999999999, -99999.99999, 1e-10, -1e-10, 1.5e-10, 0.0000000001, 123.4567890123, 99999.99999999999, 1e5 - 1e-10, 1.5e6, 100, 0.1, 0.30000000000000004, math.NaN(), math.Inf(1), math.Inf(-1), 7e-7, 123456789, -3.5, 84.45, 316}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var v float64
		switch rng.IntN(9) {
		case 0:
			v = math.Float64frombits(rng.Uint64())
		case 1:
			v = math.Round(rng.NormFloat64()*1e4) / math.Pow(10, float64(rng.IntN(12)))
		case 2:
			v = math.Pow(10, rng.Float64()*60-30)
		case 3: // a log coordinate
			v = logCoord(math.Pow(10, rng.Float64()*60-30))
		case 4: // data written with a few decimals, near the 1e5 bound too
			v = float64(rng.Int64N(2e15)-1e15) / math.Pow(10, float64(rng.IntN(16)))
		case 6:
			v = float64(rng.Int64N(1e15)) * math.Pow(10, float64(rng.IntN(60)-30))
		case 7:
			v = math.Nextafter(math.Pow(10, float64(rng.IntN(50)-10)), math.Inf(rng.IntN(2)*2-1))
		case 5:
			v = math.Nextafter(float64(rng.IntN(200000)-100000)/math.Pow(10, float64(rng.IntN(11))), math.Inf(rng.IntN(2)*2-1))
		default:
			v = float64(rng.IntN(3000000) - 1000000)
		}
		vals = append(vals, v)
	}
	for _, v := range vals {
		got, want := appendNumber([]byte("x"), v), appendNumberStrconv([]byte("x"), v)
		if string(got) != string(want) {
			t.Fatalf("appendNumber(%v) = %s, want %s", v, got[1:], want[1:])
		}
	}
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
	charts := corpusCharts(t)
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
			d.Tables = append(d.Tables, dataTable{Caption: text(), Columns: []string{text(), text()}, Body: template.HTML("<tr><td>" + text() + "</td></tr>\n")})
		}
		check(fmt.Sprintf("random %d", i), d)
	}
}

// w0 is a chart's data as the renderer gives it to the template.
func w0(t *testing.T, c *site.Chart) chartData {
	t.Helper()
	return (&pageWriter{citer: newCiter(&site.Page{})}).chartView(c)
}

// TestHostileTextInOptionJSON: a title, a point's label and a series name
// that try to close the script element, with U+2028 and &, are written as
// \u escapes, and read back by encoding/json as they were.
func TestHostileTextInOptionJSON(t *testing.T) {
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
	esc := `\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u2028\u0026`
	if n := strings.Count(opt, esc); n < 4 { // the title, the aria description, the series name, the label
		t.Errorf("the hostile text is written escaped %d times, want at least 4:\n%s", n, opt)
	}
	var got struct {
		Title  []struct{ Text string }
		Series []struct {
			Name string
			Data []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(opt), &got); err != nil {
		t.Fatalf("the option is not JSON: %v", err)
	}
	var label struct{ Name string }
	if len(got.Series) == 0 || len(got.Series[0].Data) == 0 || json.Unmarshal(got.Series[0].Data[0], &label) != nil {
		t.Fatalf("no labelled point in %s", opt)
	}
	if got.Title[0].Text != bad || got.Series[0].Name != bad || label.Name != bad {
		t.Errorf("read back title %q, series %q, label %q; want %q", got.Title[0].Text, got.Series[0].Name, label.Name, bad)
	}
	// The same value as encoding/json gives for the go-echarts option.
	var mine, ref any
	json.Unmarshal([]byte(opt), &mine)
	json.Unmarshal(referenceJSON(t, buildOption(c, altText(c))), &ref)
	if !reflect.DeepEqual(mine, ref) {
		t.Error("the option reads back differently from encoding/json's")
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
