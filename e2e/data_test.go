package e2e

import (
	"slices"
	"strings"
	"testing"
)

// TestWhereAndWrittenNumbersInChromium builds a page whose panels pick their
// rows of one long-format CSV with `where`, from cells written as papers
// write them (70M, 1.4B, "1,024", 3.14E+21), with units on the axes, and
// checks in Chromium that each panel draws exactly its rows, at the values
// the cells mean, and that ticks and tooltips carry the units.
func TestWhereAndWrittenNumbersInChromium(t *testing.T) {
	b := newBrowser(t)
	files := map[string]string{
		"scalesite.yaml": "title: Data\n",
		"content/long/runs.csv": `task,model,params,flops,latency
Mod,A,70M,1e20,12
Mod,B,1.4B,3.14E+21,30
Mod,C,"1,024",7e9,5
WiC,A,70M,1e20,14
WiC,B,1.4B,3.14E+21,31
WiC,C,12B,2.5e22,80
Other,A,70M,1e20,999
`,
		"content/long/index.md": "---\ntitle: Long\n---\nText.\n\n```chart\ntype: scatter\ndata: runs.csv\nseries: model\n" +
			"x: {field: params, title: Parameters, scale: log, format: si}\n" +
			"y: {field: latency, title: Latency, unit: ms}\n" +
			"panels:\n  - {title: Mod, where: {task: Mod}}\n  - {title: WiC big, where: {task: WiC, params: \">= 1B\"}, x: {field: flops, title: Compute, unit: FLOPs, format: auto}}\n```\n",
	}
	base := buildSite(t, files)
	tb := b.tab(t)
	tb.open(t, base+"/long/", 1)
	c := tb.firstChartInfo(t)

	// Each panel's series, in legend order (A, B, C), with their points as
	// the original values: exactly the rows its where keeps.
	type pt struct{ x, y float64 }
	want := [][][]pt{
		{{{7e7, 12}}, {{1.4e9, 30}}, {{1024, 5}}},
		{{{3.14e21, 31}}, {{2.5e22, 80}}},
	}
	k := 0
	for panel, series := range want {
		for _, pts := range series {
			if k >= len(c.Series) {
				t.Fatalf("%d series drawn, want more", len(c.Series))
			}
			s := c.Series[k]
			k++
			if s.XAxis != panel {
				t.Errorf("series %q is on panel %d, want %d", s.Name, s.XAxis, panel)
			}
			var got []pt
			for _, raw := range s.Data {
				d, err := decodePoint(raw, true)
				if err != nil {
					t.Fatalf("series %q: %v", s.Name, err)
				}
				got = append(got, pt{d.x, d.y})
			}
			if !slices.Equal(got, pts) {
				t.Errorf("panel %d series %q: points %v, want %v", panel+1, s.Name, got, pts)
			}
		}
	}
	if k != len(c.Series) {
		t.Errorf("%d series drawn, want %d", len(c.Series), k)
	}

	// Ticks: the short unit on the y ticks, none on x (FLOPs is in the title).
	for i, y := range c.Y {
		if len(y.CustomText) == 0 {
			t.Fatalf("y axis %d has no labelled ticks", i)
		}
		for _, l := range y.CustomText {
			if !strings.HasSuffix(l, "\u00a0ms") {
				t.Errorf("y axis %d tick %q lacks the unit ms", i, l)
			}
		}
	}
	for _, l := range c.X[1].CustomText {
		if strings.Contains(l, "FLOPs") {
			t.Errorf("x tick %q carries the long unit FLOPs", l)
		}
	}

	// Tooltips and titles: the units after the values.
	var tip struct {
		Tip    string
		XTitle string
	}
	tb.eval(t, firstChart+`const o = c.getOption();
		const k = o.series.findIndex(s => s.xAxisIndex === 1 && s.name === 'B');
		c.dispatchAction({type: 'showTip', seriesIndex: k, dataIndex: 0});
		const el = [...c.getDom().querySelectorAll('div')].find(d => d.textContent.includes('Latency:'));
		return {Tip: el ? el.textContent : '', XTitle: o.xAxis[1].name};`, &tip)
	for _, w := range []string{"Compute: 3.14 × 10²¹\u00a0FLOPs", "Latency: 31\u00a0ms"} {
		if !strings.Contains(tip.Tip, w) {
			t.Errorf("tooltip %q lacks %q", tip.Tip, w)
		}
	}
	if tip.XTitle != "Compute (FLOPs)" {
		t.Errorf("x title %q, want %q", tip.XTitle, "Compute (FLOPs)")
	}
	tb.saveScreenshot(t, "where-written-numbers")
}

// writtenName reports whether a series named by a number writes it as papers
// do (70M, 1.4B, 1,024): the legend keeps such a name as written.
func writtenName(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && (strings.ContainsRune("kKMBGT", rune(s[len(s)-1])) || strings.Contains(s, ","))
}
