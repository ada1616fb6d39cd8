package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// legendJS reads, for every chart of the page, the lines of text it drew
// (zrender tspans: a wrapped text is one per line), each with its owner
// text, whether that text is a legend entry's, and whether it is a title's,
// a subtitle's or a legend entry's (the texts the site wraps).
const legendJS = `(() => {
const hidden = e => { for (let p = e; p; p = p.__hostTarget || p.parent) if (p.ignore || p.invisible || (p.style && p.style.opacity === 0)) return true; return false; };
return [...document.querySelectorAll('[_echarts_instance_]')].map((el, ci) => {
  const inst = echarts.getInstanceByDom(el), m = inst.getModel();
  const groups = {legend: [], title: []};
  ['legend', 'title'].forEach(k => m.eachComponent(k, cm => { const v = inst.getViewOfComponentModel(cm); if (v && v.group) groups[k].push(v.group); }));
  const under = (e, gs) => { for (let p = e; p; p = p.__hostTarget || p.parent) if (gs.indexOf(p) >= 0) return true; return false; };
  const owners = new Map();
  const lines = [];
  inst.getZr().storage.getDisplayList(true).forEach(e => {
    if ((e.type !== 'tspan' && e.type !== 'text') || hidden(e) || !e.style || e.style.text == null || String(e.style.text).trim() === '') return;
    const owner = e.parent && e.parent.type === 'text' ? e.parent : e;
    if (!owners.has(owner)) owners.set(owner, owners.size);
    const r = e.getBoundingRect().clone(); const tr = e.getComputedTransform(); if (tr) r.applyTransform(tr);
    // a line's glyphs are as tall as its font, whatever line height ECharts
    // measured (with a CJK glyph, narrow where no CJK font is installed):
    // the box grows to the font's size around its middle
    const fs = parseFloat(((e.style.font || '').match(/(\d+(?:\.\d+)?)px/) || [])[1]) || 0;
    if (r.height < fs) { r.y -= (fs - r.height) / 2; r.height = fs; }
    lines.push({T: String(e.style.text), Owner: owners.get(owner), Legend: under(owner, groups.legend), Title: under(owner, groups.title),
      X: r.x, Y: r.y, W: r.width, H: r.height});
  });
  return {Chart: ci, W: inst.getWidth(), Lines: lines};
});
})()`

type drawnLine struct {
	T             string
	Owner         int
	Legend, Title bool
	X, Y, W, H    float64
}

type drawnLines struct {
	Chart int
	W     float64
	Lines []drawnLine
}

// legendProblems lists the legend lines that overlap another text's line
// (any text of the chart: another entry, an axis title, a tick label) and
// the wrapped texts broken where a reader would not break them: before a
// superscript or subscript (C | ⁰·⁵), or inside a number (0.09 | 92).
func (c drawnLines) legendProblems() []string {
	var out []string
	for i, a := range c.Lines {
		for j, b := range c.Lines {
			if j <= i || (!a.Legend && !b.Legend) {
				continue
			}
			ox := min(a.X+a.W, b.X+b.W) - max(a.X, b.X)
			oy := min(a.Y+a.H, b.Y+b.H) - max(a.Y, b.Y)
			if ox > 0.5 && oy > 0.5 {
				out = append(out, fmt.Sprintf("legend text %q at (%.0f,%.0f) %.0f×%.0f overlaps %q at (%.0f,%.0f) %.0f×%.0f", a.T, a.X, a.Y, a.W, a.H, b.T, b.X, b.Y, b.W, b.H))
			}
		}
	}
	for i := 1; i < len(c.Lines); i++ {
		a, b := c.Lines[i-1], c.Lines[i]
		if a.Owner != b.Owner || !(a.Legend || a.Title) || b.Y <= a.Y+a.H/2 {
			continue // not a wrap: the same line's runs, or another text
		}
		if why := badBreak(a.T, b.T); why != "" {
			out = append(out, fmt.Sprintf("%q | %q: %s", a.T, b.T, why))
		}
	}
	return out
}

// badBreak says why a line break between the texts before and after it
// misreads them, or "".
func badBreak(before, after string) string {
	b := strings.TrimRight(before, " ")
	a := strings.TrimLeft(after, " ")
	if b == "" || a == "" {
		return ""
	}
	first := []rune(a)[0]
	last := []rune(b)[len([]rune(b))-1]
	if strings.ContainsRune(scriptRunes, first) && before == b {
		return "a superscript or subscript split from what it belongs to"
	}
	num := func(r rune) bool { return r >= '0' && r <= '9' || r == '.' || r == ',' }
	if before == b && after == a && num(first) && num(last) && (first != ',' && last != ',') {
		return "a number split"
	}
	return ""
}

// scriptRunes are the superscript and subscript characters TeX in chart
// text becomes (internal/plaintex).
const scriptRunes = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵃᵇᶜᵈᵉᶠᵍʰʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻ₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"

// TestLegendTextsApart opens a test page whose texts are long words of
// scripts at 1200 and 375 px, light and dark (every gallery page is read
// the same way in TestChartsReadRight, which has them open at those views
// already): no line of a legend entry overlaps another text (a wrapped
// entry's second line used to run into the next row), and no title,
// subtitle or legend entry is wrapped before a superscript or subscript
// or inside a number.
func TestLegendTextsApart(t *testing.T) {
	b := newBrowser(t)
	// Texts that must wrap at 375 px inside words of scripts: ECharts
	// breaks before any superscript or subscript of such a word.
	t.Run("scripts", func(t *testing.T) {
		long := "Nₒₚₜ=0.0992·C⁰·⁵·Dₒₚₜ⁻⁰·¹³·Lᵢⱼ²·xᵇyᶜzᵈ"
		url := buildSite(t, map[string]string{
			"content/s/index.md": "---\ntitle: Scripts\ndescription: Scripts in wrapped chart text.\n---\n```chart\n" +
				"title: \"Loss " + long + "\"\nsubtitle: \"a power law a · Cᵇ " + long + long + "\"\n" +
				"data: |\n  s,c,l\n  " + long + long + ",1,4\n  " + long + long + ",10,2\n  b,1,5\n  b,10,3\n" +
				"series: s\nx: {field: c, scale: log}\ny: l\n```\n",
		})
		readLegends(t, b.tab(t), url+"/s/", "scripts", 1)
	})
}

// readLegends opens url at each width, light and dark, and reports the
// legend lines that overlap a text and the titles and legend entries
// broken where a reader would not break them; a screenshot of each is
// kept in e2e/artifacts/.
func readLegends(t *testing.T, tb *tab, url, name string, charts int) {
	t.Helper()
	eachView(t, tb, url, charts, func(width int64, scheme string) {
		checkLegends(t, tb, width, scheme)
		tb.saveScreenshot(t, fmt.Sprintf("legend-%s-%d-%s", name, width, scheme))
	})
}

// checkLegends reads the texts of the page's charts as they are drawn now
// (at width, in scheme) and reports the legend lines that overlap a text
// and the texts broken where a reader would not break them.
func checkLegends(t *testing.T, tb *tab, width int64, scheme string) {
	t.Helper()
	var got []drawnLines
	if err := tb.evalJSON("return "+legendJS+";", &got); err != nil {
		t.Fatalf("reading the texts: %v", err)
	}
	for _, c := range got {
		if pr := c.legendProblems(); len(pr) > 0 {
			t.Errorf("%d px, %s, chart %d:\n  %s", width, scheme, c.Chart, strings.Join(pr, "\n  "))
		}
	}
}

// TestBadBreak: the rule the Chromium test reads wrapped lines by.
func TestBadBreak(t *testing.T) {
	tests := []struct{ before, after, want string }{
		{"a · C", "ᵇ", "a superscript or subscript split from what it belongs to"},
		{"N", "ₒₚₜ = 1", "a superscript or subscript split from what it belongs to"},
		{"Nₒₚₜ = 0.09", "92 · C", "a number split"},
		{"Nₒₚₜ =", "0.0992", ""},
		{"Parameters fit:", "Nₒₚₜ", ""},
	}
	for _, tt := range tests {
		if got := badBreak(tt.before, tt.after); got != tt.want {
			t.Errorf("badBreak(%q, %q) = %q, want %q", tt.before, tt.after, got, tt.want)
		}
	}
}
