package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// lawBandsJS counts, per chart, the prediction bands of fits by law and the
// graphic elements their views drew.
const lawBandsJS = `return Object.values(window.scalesite.charts).map(c => {
  const o = c.getOption(), m = c.getModel();
  let bands = 0, drawn = 0;
  o.series.forEach((s, i) => {
    if (!String(s.id || '').startsWith('scalesite-fitband-')) return;
    bands++;
    const v = c.getViewOfSeriesModel(m.getSeriesByIndex(i));
    if (v && v.group) v.group.traverse(e => { if (!e.isGroup && !e.ignore && !e.invisible) drawn++; });
  });
  return {Bands: bands, Drawn: drawn};
});`

// lawTablesJS reads the fit tables under the charts: how many, their rows,
// and whether the first is laid out (height above 0).
const lawTablesJS = `const t = [...document.querySelectorAll('.scalesite-fits table')];
return {Tables: t.length, Rows: t.map(x => x.tBodies[0].rows.length), Shown: t.length > 0 && t[0].getBoundingClientRect().height > 0,
  Links: [...document.querySelectorAll('.scalesite-fits a[href$=".fit.json"]')].length};`

type lawTables struct {
	Tables int
	Rows   []int
	Shown  bool
	Links  int
}

// TestScalingLawsInChromium opens the guide's page on scaling laws: the
// Chinchilla law fitted over every run is drawn along each run under one
// legend entry with its constants; Kaplan's law continues each run dashed
// with a drawn prediction band; the tables of constants are under the
// charts, linked to the fit files, laid out in print too, and readable in
// the light and the dark scheme.
func TestScalingLawsInChromium(t *testing.T) {
	browserTest(t)
	files := map[string]string{"scalesite.yaml": "title: T\ndescription: A site.\n"}
	src := filepath.Join("..", "content", "format", "scaling-laws")
	for _, name := range []string{"index.md", "chinchilla.csv", "kaplan.csv"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files["content/format/scaling-laws/"+name] = string(b)
	}
	base := buildSite(t, files)
	b := newBrowser(t)
	tb := b.tab(t)
	tb.open(t, base+"/format/scaling-laws/", 2)
	tb.saveScreenshot(t, "scaling-laws")
	var charts []fitChartInfo
	if err := tb.evalJSON(fitJS, &charts); err != nil {
		t.Fatal(err)
	}
	if len(charts) != 2 {
		t.Fatalf("%d charts, want 2", len(charts))
	}
	count := func(c fitChartInfo, role string) (n int, names []string) {
		for _, s := range c.Series {
			if s.Role != role {
				continue
			}
			n++
			if !strings.Contains(strings.Join(names, "\n"), s.Name) {
				names = append(names, s.Name)
			}
			if s.Drawn == 0 {
				t.Errorf("%s %q: nothing drawn", role, s.Name)
			}
			for k, in := range s.Inside {
				if !in && role == "fit" {
					t.Errorf("%s %q point %d at %v is outside the plot", role, s.Name, k, s.Pixels[k])
				}
			}
		}
		return n, names
	}
	n, names := count(charts[0], "fit")
	if n != 6 || len(names) != 1 || !strings.HasPrefix(names[0], "fit: L = 1.") {
		t.Errorf("Chinchilla: %d fit curves named %q, want one along each of the 6 runs under one name, the law with its constants", n, names)
	} else if !strings.Contains(strings.Join(charts[0].Legend, "\n"), names[0]) {
		t.Errorf("the legend %q lacks the fit %q", charts[0].Legend, names[0])
	}
	if n, _ := count(charts[1], "extrapolation"); n != 5 {
		t.Errorf("Kaplan: %d extrapolations, want one per run (5)", n)
	}
	var bands []struct{ Bands, Drawn int }
	if err := tb.evalJSON(lawBandsJS, &bands); err != nil {
		t.Fatal(err)
	}
	if len(bands) != 2 || bands[1].Bands != 5 || bands[1].Drawn == 0 {
		t.Errorf("prediction bands %+v, want 5 drawn on the Kaplan chart", bands)
	}
	var tables lawTables
	if err := tb.evalJSON(lawTablesJS, &tables); err != nil {
		t.Fatal(err)
	}
	if tables.Tables != 2 || len(tables.Rows) != 2 || tables.Rows[0] != 7 || tables.Rows[1] != 4 || !tables.Shown || tables.Links != 2 {
		t.Errorf("fit tables %+v, want 2 shown (5 constants and 2 derived; 4 constants), each linked to its fit file", tables)
	}
	for _, scheme := range []string{"light", "dark"} {
		var worst *contrast
		if err := chromedp.Run(tb.ctx, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}})); err != nil {
			t.Fatal(err)
		}
		tb.eval(t, "const sel = '.scalesite-fits, .scalesite-fits *';"+contrastJS, &worst)
		if worst == nil || worst.Ratio < 4.5 {
			t.Errorf("%s scheme: the fit tables' least contrast %+v, below WCAG AA's 4.5:1", scheme, worst)
		}
	}
	if err := chromedp.Run(tb.ctx, emulation.SetEmulatedMedia().WithMedia("print")); err != nil {
		t.Fatal(err)
	}
	if err := tb.evalJSON(lawTablesJS, &tables); err != nil {
		t.Fatal(err)
	}
	if !tables.Shown {
		t.Error("the fit tables are not laid out in print")
	}
}
