package chart

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scalesite/scalesite/internal/chartcorpus"
	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/site"
)

// legendLook is what a legend entry shows: ECharts draws it from the first
// series of its name (appendAux keeps that the data's): its colour, its
// marker if the marker is seen, and its dash if it is a line.
type legendLook struct {
	color, symbol, dash string
	line                bool
}

// legendLooks lists the legend's entries and their looks, in order.
func legendLooks(o *echartsOption) ([]string, map[string]legendLook) {
	var names []string
	looks := map[string]legendLook{}
	for k, s := range o.series {
		if _, seen := looks[s.Name]; seen || s.Name == "" || o.ex.series[k].own != nil {
			continue
		}
		lk := legendLook{line: s.Type == "line"}
		if s.ItemStyle != nil {
			lk.color = strings.ToLower(s.ItemStyle.Color)
		}
		// A fit's markers are drawn transparent: its entry shows no marker.
		if s.ItemStyle == nil || s.ItemStyle.Opacity == nil || *s.ItemStyle.Opacity != 0 {
			lk.symbol = s.Symbol
		}
		if lk.line {
			lk.dash = fmt.Sprint(o.ex.series[k].lineStyle["type"])
		}
		names = append(names, s.Name)
		looks[s.Name] = lk
	}
	return names, looks
}

// alike names the first two legend entries that look the same, or "".
func alike(o *echartsOption) string {
	names, looks := legendLooks(o)
	for i, a := range names {
		for _, b := range names[:i] {
			if looks[a] == looks[b] {
				return fmt.Sprintf("%q and %q both look %+v", b, a, looks[a])
			}
		}
	}
	return ""
}

// TestLegendEntriesDiffer: no two entries of a chart's legend look alike
// (colour, marker and dash together), across all the panels that share
// it: over every chart of the demo site and gallery and of the chart
// corpus, and over the case, two panels whose lone series are
// named by their y axes, each with a fit.
func TestLegendEntriesDiffer(t *testing.T) {
	s, err := site.Load(sitetest.New(t, map[string]string{"content/two.md": "---\ntitle: Two\n---\n```chart\n" + twoPanelFits + "```\n"}), site.Options{})
	if err != nil {
		t.Fatal(err)
	}
	charts := append(s.Body(s.Pages[0]).Charts, chartcorpus.Charts(t, "..")...)
	for _, c := range charts {
		if c.Spec.Legend.Hide {
			continue
		}
		o := buildOption(c)
		if o.legend.Show == nil || !*o.legend.Show {
			continue
		}
		if msg := alike(o); msg != "" {
			t.Errorf("%s (%s): %s", c.ID, c.Spec.Title, msg)
		}
	}
}

// twoPanelFits is the chart: Chinchilla's optimal parameters and
// tokens against compute, one panel each, no series column, a fit in each.
const twoPanelFits = `data: |
  flops,params,tokens
  6e18,3.9e8,2.6e9
  1e19,4.8e8,3.5e9
  3e19,8.1e8,6.2e9
  1e20,1.5e9,1.1e10
  3e20,2.5e9,2.0e10
  1e21,4.6e9,3.6e10
  3e21,7.3e9,6.8e10
x: {field: flops, scale: log}
fit: powerlaw
panels:
  - {title: Parameters, y: {field: params, title: Optimal parameters, scale: log}}
  - {title: Tokens, y: {field: tokens, title: Optimal tokens, scale: log}}
`

// TestFitNames: a fit's legend entry says whose fit it is when the legend
// holds more than one, and writes the author's symbols.
func TestFitNames(t *testing.T) {
	tests := []struct {
		name, spec string
		want       []string // the fits' legend entries, in order
	}{
		{"two panels' lone series: the panels", twoPanelFits,
			[]string{"Parameters fit: P = ", "Tokens fit: T = "}},
		{"two panels, symbols named", strings.Replace(twoPanelFits, "fit: powerlaw", "fit: {type: powerlaw, variable: C, response: 'N_{opt}'}", 1),
			[]string{"Parameters fit: Nₒₚₜ = ", "Tokens fit: Nₒₚₜ = "}},
		{"one column, two panels: each panel's title names its variable", scalePanels("Parameters", "Tokens"),
			[]string{"Parameters fit: L = 10.0 · P⁻⁰·³⁰", "Tokens fit: L = 20.0 · T⁻⁰·⁵⁰"}},
		{"one column, two panels: the symbols the titles name", scalePanels("Parameters $N$", "Tokens (D)"),
			[]string{"Parameters N fit: L = 10.0 · N⁻⁰·³⁰", "Tokens (D) fit: L = 20.0 · D⁻⁰·⁵⁰"}},
		{"a title's lone letter over the column's", "data: |\n  c,l\n  1,4\n  10,2\n  100,1\nx: {field: c, scale: log, title: Parameters N}\ny: {field: l, scale: log}\nfit: powerlaw\n",
			[]string{"fit: L = 4.00 · N⁻⁰·³⁰"}},
		{"English a is not a symbol", "data: |\n  c,l\n  1,4\n  10,2\n  100,1\nx: {field: c, scale: log, title: Compute of a run}\ny: {field: l, scale: log}\nfit: powerlaw\n",
			[]string{"fit: L = 4.00 · C⁻⁰·³⁰"}},
		{"one panel, one series: just fit", "data: |\n  c,l\n  1,4\n  10,2\n  100,1\nx: {field: c, scale: log}\ny: {field: l, scale: log}\nfit: powerlaw\n",
			[]string{"fit: L = 4.00 · C⁻⁰·³⁰"}},
		{"several series: the series", "data: |\n  m,c,l\n  a,1,4\n  a,10,2\n  a,100,1\n  b,1,5\n  b,10,3\n  b,100,2\nx: {field: c, scale: log}\ny: {field: l, scale: log}\nseries: m\nfit: {type: powerlaw, variable: '$\\mathrm{C}$'}\n",
			[]string{"a fit: L = 4.00 · C⁻⁰·³⁰", "b fit: L = "}},
		{"a labelled fit of one series names itself", "data: |\n  m,c,l\n  a,1,4\n  a,10,2\n  a,100,1\n  b,1,5\nx: {field: c, scale: log}\ny: {field: l, scale: log}\nseries: m\nfit: {type: powerlaw, series: a, label: Kaplan law}\n",
			[]string{"Kaplan law: L = 4.00 · C⁻⁰·³⁰"}},
		{"series in several panels: series and panel", "data: |\n  m,c,d,l\n  a,1,1,4\n  a,10,20,2\n  a,100,300,1\n  b,1,2,5\n  b,10,30,3\n  b,100,200,2\ny: {field: l, scale: log}\nseries: m\nfit: powerlaw\npanels:\n  - {title: Compute, x: {field: c, scale: log}}\n  - {title: Data, x: {field: d, scale: log}}\n",
			[]string{"a fit (Compute): L = ", "b fit (Compute): L = ", "a fit (Data): L = ", "b fit (Data): L = "}},
		{"each series fitted in one panel: the series tells", "data: |\n  m,c,d,l\n  a,1,1,4\n  a,10,20,2\n  a,100,300,1\n  b,1,2,5\n  b,10,30,3\n  b,100,200,2\ny: {field: l, scale: log}\nseries: m\npanels:\n  - {title: Compute, x: {field: c, scale: log}, fit: {type: powerlaw, series: a}}\n  - {title: Data, x: {field: d, scale: log}, fit: {type: powerlaw, series: b}}\n",
			[]string{"a fit: L = ", "b fit: L = "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, opt := specOption(t, tt.spec)
			_ = c
			var got []string
			for _, s := range derived(opt, "fit") {
				got = append(got, s["name"].(string))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("fits %q, want %d", got, len(tt.want))
			}
			for k := range got {
				if !strings.HasPrefix(got[k], tt.want[k]) {
					t.Errorf("fit %d = %q, want it to start %q", k, got[k], tt.want[k])
				}
			}
		})
	}
}

// scalePanels is the chart: L(N) and L(D) in two panels over one
// column, scale, told apart by a column kind; the x axes are titled
// xn and xd.
func scalePanels(xn, xd string) string {
	return "data: |\n  kind,scale,loss\n" +
		"  N,1,10\n  N,10,5.0119\n  N,100,2.5119\n" +
		"  D,1,20\n  D,10,6.3246\n  D,100,2\n" +
		"y: {field: loss, scale: log}\nfit: powerlaw\npanels:\n" +
		"  - {where: {kind: N}, x: {field: scale, scale: log, title: '" + xn + "'}}\n" +
		"  - {where: {kind: D}, x: {field: scale, scale: log, title: '" + xd + "'}}\n"
}
