package fastlayout

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
	"github.com/scalesite/scalesite/render/layout"
	"github.com/scalesite/scalesite/site"
)

// TestFigureMatchesTemplate: Figure writes what the built-in theme's
// "chart-markup" template writes, byte for byte, for the corpus' charts
// and for chart data whose every text is hostile or odd. (render's
// TestChartTemplateTakesFigure: the "chart" template writes the Figure.)
func TestFigureMatchesTemplate(t *testing.T) {
	kinds, _ := builtin(t, "/", nil)
	tmpl := kinds["page"]
	check := func(name string, d layout.Chart) {
		t.Helper()
		var want bytes.Buffer
		if err := tmpl.ExecuteTemplate(&want, "chart-markup", d); err != nil {
			t.Fatal(err)
		}
		if got := string(Figure(&d)); got != want.String() {
			t.Fatalf("%s: Figure differs from the template:\n%s", name, chartcorpus.FirstDiff([]byte(got), want.Bytes()))
		}
	}
	charts := chartcorpus.Charts(t, "../..")
	for _, c := range charts {
		check(c.ID, w0(c))
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
	base := w0(charts[0])
	for i := range 3000 {
		d := base
		d.ID, d.Title, d.Alt, d.CSV = text(), text(), text(), text()
		d.Height, d.Rows, d.Shown = rng.IntN(2000)-100, rng.IntN(500), rng.IntN(500)
		d.LogX, d.LogY = rng.IntN(2) == 0, rng.IntN(2) == 0
		d.Static, d.StaticHeight, d.StaticTabletHeight, d.StaticNarrowHeight = "", 0, 0, 0
		if rng.IntN(2) == 0 { // a static figure (render's static.go)
			d.Static = template.HTML(`<svg class="scalesite-static" aria-hidden="true"><text>` + text() + `</text></svg>`)
			d.StaticHeight, d.StaticTabletHeight, d.StaticNarrowHeight = rng.IntN(2000)-100, rng.IntN(2000), rng.IntN(2000)
		}
		switch rng.IntN(4) {
		case 0:
			d.Source = nil
		case 1:
			d.Source = &layout.Source{Cite: template.HTML(`<a href="#ref-x">X</a>` + text()), Text: text()}
		case 2:
			d.Source = &layout.Source{URL: text(), Text: text()}
		default:
			d.Source = &layout.Source{Text: text()}
		}
		d.Fits = ""
		if rng.IntN(2) == 0 { // a fitted chart's tables (chart.FitTable)
			d.Fits = template.HTML(`<div class="scalesite-fits"><table><caption>` + text() + `</caption></table></div>`)
		}
		d.Tables = nil
		for range rng.IntN(3) {
			d.Tables = append(d.Tables, chart.Table{Caption: text(), Columns: []string{text(), text()}, Body: template.HTML("<tr><td>" + text() + "</td></tr>\n")})
		}
		check(fmt.Sprintf("random %d", i), d)
	}
}

// w0 is a chart's data as render gives it to the template, with a link
// or text for its source (a citation is render's to write, and random
// above).
func w0(c *site.Chart) layout.Chart {
	d := layout.NewChart(c)
	if s := c.Source; s != nil {
		d.Source = &layout.Source{URL: s.URL, Text: s.Text}
	}
	return d
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
	c := s.Body(s.Pages[0]).Charts[0]
	d := w0(c)
	opt := string(d.OptionJSON())
	for _, raw := range []string{"<", ">", "&", "\u2028", "\u2029"} {
		if strings.Contains(opt, raw) {
			t.Errorf("the option holds %q as it is", raw)
		}
	}
	// In the page, the script element holds the option and ends after it.
	html := string(Figure(&d))
	start := strings.Index(html, `class="scalesite-option"`)
	body := html[strings.Index(html[start:], ">")+start+1:]
	if end := strings.Index(body, "</script"); end < 0 || body[:end] != opt {
		t.Errorf("the script element does not hold exactly the option:\n%s", html)
	}
	if strings.Count(html, "<script") != 1 {
		t.Errorf("%d script elements, want 1", strings.Count(html, "<script"))
	}
}
