package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// morphPage is a page of two charts and prose; its saves below move the
// charts around, change one of them, and change the prose.
const morphPage = `---
title: Two charts
date: 2025-03-01
---

First paragraph, FIRST-MARK.

` + "```chart" + `
type: line
title: Chart A
x: {field: n, scale: log}
y: {field: v}
series: s
data: |
  s,n,v
  one,1,1
  one,10,2
  two,1,3
  two,10,4
` + "```" + `

Between the charts.

` + "```chart" + `
type: scatter
title: Chart B
x: {field: n}
y: {field: v}
data: |
  n,v
  1,5
  2,6
` + "```" + `

Last paragraph.
`

// TestLivePreviewMorph: a save brings the open page to its new version node
// by node. A chart whose option did not change stays the same element, with
// its hidden series; a changed chart is drawn again; the prose shows the new
// text. Charts are known by their place on the page (chart-two-1, its CSV
// file chart-two-1.csv): two charts that trade places are both drawn again.
func TestLivePreviewMorph(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "content", "two.md")
	if err := os.MkdirAll(filepath.Dir(page), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(page, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(morphPage)
	hs := startPreview(t, dir, os.Stderr)
	tb := b.tab(t)
	tb.open(t, hs.URL+"/two/", 2)
	tb.waitLive(t)
	// Hide series "two" of chart A, and mark the elements.
	tb.eval(t, `const figs = document.querySelectorAll('figure.scalesite-chart');
		figs[0].__mark = 'A'; figs[1].__mark = 'B'; document.querySelector('main h1').__mark = 'h1';
		window.scalesite.charts[figs[0].querySelector('.scalesite-option').dataset.chart].dispatchAction({type: 'legendUnSelect', name: 'two'});
		window.__sameDocument = true; return true`, new(bool))
	var got struct {
		Same, HiddenTwo, H1 bool
		Marks, Text         string
	}
	const look = `const figs = Array.from(document.querySelectorAll('figure.scalesite-chart'));
		const a = figs.find(f => f.__mark === 'A');
		const ca = a && window.scalesite.charts[a.querySelector('.scalesite-option').dataset.chart];
		return {Same: window.__sameDocument === true, H1: document.querySelector('main h1').__mark === 'h1',
			Marks: figs.map(f => f.__mark || 'new').join(','),
			Text: Array.from(document.querySelectorAll('main p')).map(p => p.textContent).filter(t => /MARK|charts|paragraph/.test(t)).join('|'),
			HiddenTwo: !!ca && ca.getOption().legend[0].selected.two === false}`

	// The prose: a paragraph changed, one added between the charts, the last one gone.
	prose := strings.Replace(morphPage, "FIRST-MARK", "FIRST-MARK edited", 1)
	prose = strings.Replace(prose, "Between the charts.\n", "Between the charts.\n\nAdded, SECOND-MARK.\n", 1)
	prose = strings.Replace(prose, "\nLast paragraph.\n", "", 1)
	write(prose)
	tb.poll(t, "the prose save never showed", `document.body.textContent.includes('SECOND-MARK')`)
	tb.eval(t, look, &got)
	if want := "First paragraph, FIRST-MARK edited.|Between the charts.|Added, SECOND-MARK."; !got.Same || !got.H1 || got.Marks != "A,B" || !got.HiddenTwo || got.Text != want {
		t.Errorf("after a prose save: same document %v, the same h1 %v, charts %q (want A,B: both kept), A's series two hidden %v, prose %q (want %q)",
			got.Same, got.H1, got.Marks, got.HiddenTwo, got.Text, want)
	}

	// Chart A's data and the prose (a change of the charts alone updates
	// them in place): A is drawn again, a new element; B stays.
	write(strings.Replace(strings.Replace(prose, "two,10,4", "two,10,9", 1), "SECOND-MARK", "THIRD-MARK", 1))
	tb.poll(t, "chart A was never drawn again", `(() => { const f = Array.from(document.querySelectorAll('figure.scalesite-chart'));
		return document.body.textContent.includes('THIRD-MARK') && f.length === 2 && f[0].__mark === undefined && f[0].querySelector('.scalesite-option').textContent.includes(',9') &&
			!!window.scalesite.charts[f[0].querySelector('.scalesite-option').dataset.chart]; })()`)
	tb.eval(t, look, &got)
	if !got.Same || got.Marks != "new,B" || !got.H1 {
		t.Errorf("after changing chart A: same document %v, the same h1 %v, charts %q, want new,B", got.Same, got.H1, got.Marks)
	}

	// The charts trade places: both are drawn again, in the new order.
	chartA := morphPage[strings.Index(morphPage, "```chart\ntype: line"):strings.Index(morphPage, "\nBetween")]
	chartB := morphPage[strings.Index(morphPage, "```chart\ntype: scatter"):strings.Index(morphPage, "\nLast")]
	write(strings.Replace(strings.Replace(strings.Replace(morphPage, chartA, "@A@", 1), chartB, chartA, 1), "@A@", chartB, 1))
	tb.poll(t, "the charts never traded places", `(() => { const f = Array.from(document.querySelectorAll('figure.scalesite-chart'));
		return f.length === 2 && f.map(x => x.querySelector('.scalesite-option').textContent.includes('"scatter"') ? 'B' : 'A').join() === 'B,A' &&
			f.every(x => window.scalesite.charts[x.querySelector('.scalesite-option').dataset.chart] &&
				window.scalesite.charts[x.querySelector('.scalesite-option').dataset.chart].getDom() === x.querySelector('#' + x.querySelector('.scalesite-option').dataset.chart)); })()`)
	if err := chromedp.Run(tb.ctx, tb.waitCharts(2)); err != nil {
		t.Fatal(err)
	}
	tb.eval(t, look, &got)
	if !got.Same || !got.H1 {
		t.Errorf("after the charts traded places: same document %v, the same h1 %v", got.Same, got.H1)
	}

	// The home page, and a new newest page: its entry is added at the top
	// of the listing, and the entry that was there stays the same element.
	if err := chromedp.Run(tb.ctx, chromedp.Navigate(hs.URL+"/")); err != nil {
		t.Fatal(err)
	}
	tb.waitLive(t)
	tb.eval(t, `document.querySelector('.post-item').__mark = 'old'; window.__sameDocument = true; return true`, new(bool))
	if err := os.WriteFile(filepath.Join(dir, "content", "newer.md"), []byte("---\ntitle: A newer page, FOURTH-MARK\ndate: 2025-04-01\n---\nNewer.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.poll(t, "the new page never showed on the home page", `document.body.textContent.includes('FOURTH-MARK')`)
	var entries struct {
		Same  bool
		Marks string
	}
	tb.eval(t, `return {Same: window.__sameDocument === true,
		Marks: Array.from(document.querySelectorAll('.post-item')).map(li => (li.__mark || 'new') + ':' + li.querySelector('a').textContent).join('|')}`, &entries)
	if want := "new:A newer page, FOURTH-MARK|old:Two charts"; !entries.Same || entries.Marks != want {
		t.Errorf("the home page after a new page: same document %v, entries %q, want %q", entries.Same, entries.Marks, want)
	}
}
