package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLabelOnlyKeepsNames: with label: {field: model, only: frontier} the
// points of the frontier show their name beside the marker, the others
// none, and every point, labelled or not, names itself in its tooltip.
func TestLabelOnlyKeepsNames(t *testing.T) {
	b := newBrowser(t)
	url := buildSite(t, map[string]string{
		"content/only/runs.csv": "model,year,flop,domain\n" +
			"Perceptron,1957,7e5,Vision\nADALINE,1960,1e4,Vision\nNeocognitron,1980,2.3e8,Vision\n" +
			"AlexNet,2012,4.7e17,Vision\nWord2Vec,2013,3.9e16,Language\nGPT-2,2019,1.9e21,Language\n" +
			"GPT-3,2020,3.1e23,Language\nBERT-Large,2018,2.9e20,Language\n",
		"content/only/index.md": "---\ntitle: Only\ndescription: Labels on the frontier only.\n---\n```chart\n" +
			"type: scatter\ntitle: Record holders labelled\ndata: runs.csv\nseries: domain\n" +
			"label: {field: model, only: frontier}\nx: year\ny: {field: flop, scale: log}\n```\n",
	})
	tb := b.tab(t)
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(url+"/only/"), tb.waitCharts(1), tb.waitSettled()); err != nil {
		t.Fatal(err)
	}
	var got []drawnLabels
	if err := tb.evalJSON("return "+labelsJS+";", &got); err != nil {
		t.Fatal(err)
	}
	var drawn []string
	for _, l := range got[0].Labels {
		drawn = append(drawn, l.T)
	}
	slices.Sort(drawn)
	want := []string{"AlexNet", "BERT-Large", "GPT-2", "GPT-3", "Neocognitron", "Perceptron"}
	if !slices.Equal(drawn, want) {
		t.Errorf("labels drawn %q, want the frontier's %q", drawn, want)
	}

	// Every point's tooltip, shown in turn, names it.
	var tips []struct{ Name, Tip string }
	tb.eval(t, firstChart+`const out = [];
		c.getOption().series.forEach((s, k) => {
			if (s.type !== 'scatter') return;
			(s.data || []).forEach((d, i) => {
				c.dispatchAction({type: 'showTip', seriesIndex: k, dataIndex: i});
				// ECharts' tooltip box: the positioned div on top of the chart
				const el = [...c.getDom().querySelectorAll('div')].find(e => e.style.zIndex === '9999999' && e.style.display !== 'none');
				out.push({Name: d.name || '', Tip: el ? el.textContent : ''});
			});
		});
		return out;`, &tips)
	if len(tips) != 8 {
		t.Fatalf("%d points had a tooltip shown, want 8", len(tips))
	}
	for _, tp := range tips {
		if tp.Name == "" || !strings.Contains(tp.Tip, tp.Name) {
			t.Errorf("the tooltip of point %q reads %q: it must name the point", tp.Name, tp.Tip)
		}
	}
	t.Logf("tooltip of %q: %q", tips[1].Name, tips[1].Tip)
	tb.saveScreenshot(t, "label-only-frontier")
}
