package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// texTextsJS gathers every text a reader of the page's charts sees: the
// texts ECharts drew (titles, axis names, ticks, legend entries, labels),
// the legend's entries and the titles as the option holds them (a legend
// entry scrolled out of view is not drawn), and the HTML around each chart
// (its figure: caption, source, buttons, data table) and its aria label.
const texTextsJS = `
const out = [];
document.querySelectorAll('[_echarts_instance_]').forEach(el => {
  const inst = echarts.getInstanceByDom(el); if (!inst) return;
  inst.getZr().storage.getDisplayList(true).forEach(e => {
    if ((e.type === 'text' || e.type === 'tspan') && e.style && e.style.text != null && !e.ignore && !e.invisible) out.push({Where: 'canvas', T: String(e.style.text)});
  });
  const o = inst.getOption();
  (o.series || []).forEach(s => s.name && out.push({Where: 'legend', T: String(s.name)}));
  (o.title || []).forEach(t => { if (t.text) out.push({Where: 'title', T: String(t.text)}); if (t.subtext) out.push({Where: 'subtitle', T: String(t.subtext)}); });
  const fig = el.closest('figure') || el.parentElement;
  out.push({Where: 'figure', T: fig.innerText});
  const aria = el.getAttribute('aria-label') || '';
  if (aria) out.push({Where: 'aria', T: aria});
  el.querySelectorAll(':scope > .scalesite-tex-live .katex').forEach(k => out.push({Where: 'typeset', T: k.querySelector('annotation').textContent}));
});
return out;`

// TestTeXDrawnAsText opens the gallery page whose chart text is written in
// TeX (title, subtitle, axis names, panel titles, legend title, series
// names from the data, fit symbols) and reads what is drawn and written
// around the chart at 1200 and 375 px, light and dark: the title and
// subtitle typeset by KaTeX over the chart (issue 34; the title's plain
// form in the alt text), and elsewhere no $ and no backslash, and the
// Unicode the TeX stands for.
func TestTeXDrawnAsText(t *testing.T) {
	b := newBrowser(t)
	files := map[string]string{
		"scalesite.yaml": "title: TeX\nbibliography: content/refs.bib\n",
	}
	for from, to := range map[string]string{
		"../content/refs.bib":                                     "content/refs.bib",
		"../content/gallery/kaplan-tex-titles/index.md":           "content/tex/index.md",
		"../content/gallery/kaplan-tex-titles/loss_vs_params.csv": "content/tex/loss_vs_params.csv",
		"../content/gallery/kaplan-tex-titles/loss_vs_data.csv":   "content/tex/loss_vs_data.csv",
	} {
		data, err := os.ReadFile(filepath.FromSlash(from))
		if err != nil {
			t.Fatal(err)
		}
		files[to] = string(data)
	}
	base := buildSite(t, files)
	tb := b.tab(t)
	st := &settler{tb: tb}
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(base+"/tex/"), tb.waitCharts(1)); err != nil {
		t.Fatal(err)
	}
	if err := st.settle("loading the page"); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Test loss L against parameters N and dataset size D", // title, in the alt text
		"Non-embedding parameters N",                          // axis name
		"Runs and fits L = a · Xᵇ",                            // legend title
		"L(N) runs, generated from α_N = 0.076",               // series name from the data
		"L(N) fit: L = ",                                      // fit symbols
		" · N⁻⁰·⁰",                                            // ... and superscript exponent
		" · D⁻⁰·⁰",
	}
	for _, v := range readViewports {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(fmt.Sprintf("%d-%s", v.width, scheme), func(t *testing.T) {
				if err := v.set(tb); err != nil {
					t.Fatal(err)
				}
				if err := st.settle("the viewport change"); err != nil {
					t.Fatal(err)
				}
				if err := setColorScheme(tb, scheme); err != nil {
					t.Fatal(err)
				}
				if err := st.settle("the scheme change"); err != nil {
					t.Fatal(err)
				}
				var texts []struct{ Where, T string }
				if err := tb.evalJSON(texTextsJS, &texts); err != nil {
					t.Fatal(err)
				}
				tb.saveScreenshot(t, fmt.Sprintf("tex-%d-%s", v.width, scheme))
				var all strings.Builder
				canvas := 0
				var typeset []string
				for _, x := range texts {
					if x.Where == "canvas" {
						canvas++
					}
					if x.Where == "typeset" {
						typeset = append(typeset, x.T)
						continue
					}
					if strings.ContainsAny(x.T, `$\`) {
						t.Errorf("%s text holds TeX: %q", x.Where, x.T)
					}
					all.WriteString(x.T + "\n")
				}
				if len(typeset) != 2 || !strings.Contains(typeset[0], `\text{Test loss }{L}`) || !strings.Contains(typeset[1], `{L \propto X^{-\alpha}}`) {
					t.Errorf("the typeset title and subtitle are %q", typeset)
				}
				if canvas < 20 {
					t.Errorf("only %d texts drawn: the chart did not draw", canvas)
				}
				for _, w := range want {
					if !strings.Contains(all.String(), w) {
						t.Errorf("no text holds %q; the texts:\n%s", w, all.String())
					}
				}
			})
		}
	}
}
