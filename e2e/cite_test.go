package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// citeSite is a site whose pages cite from a .bib file, in each style, in
// prose and in a chart's source.
var citeSite = map[string]string{
	"scalesite.yaml": "title: Citations\n",
	"content/refs.bib": `@article{kaplan2020,
  author = {Kaplan, Jared and McCandlish, Sam and others},
  title = {Scaling Laws for Neural Language Models},
  year = 2020, eprint = {2001.08361}, archivePrefix = {arXiv},
}
@inproceedings{hoffmann2022,
  author = {Hoffmann, Jordan and Borgeaud, Sebastian and others},
  title = {Training Compute-Optimal Large Language Models},
  booktitle = {Advances in Neural Information Processing Systems 35},
  year = 2022, doi = {10.48550/arXiv.2203.15556},
}
`,
	// Enough prose that the references list starts below the first screen,
	// so that following a citation has to scroll.
	"content/author.md": "---\ntitle: Author-year\nbibliography: refs.bib\n---\n" +
		"Loss falls as a power law [@kaplan2020], and data matters as much as parameters [@kaplan2020; @hoffmann2022, p. 3].\n\n" +
		strings.Repeat("Filler prose that pushes the references down the page. ", 120) + "\n\n" +
		"```chart\ndata: |\n  n,loss\n  1,3\n  2,2\n  4,1.5\nx: n\ny: loss\nsource: \"@hoffmann2022\"\n```\n",
	"content/numeric.md": "---\ntitle: Numeric\nbibliography: refs.bib\ncitations: numeric\n---\n" +
		"Compute-optimal [@hoffmann2022] after [@kaplan2020].\n",
}

// TestCitationsLinkToReferences checks in Chromium that each citation and
// chart source links to an entry of the references list that is on the
// page, that following one scrolls the entry into view and marks it as the
// target, that the list is styled in light and dark, and that the page asks
// no other host for anything (the DOI and arXiv links are only links).
func TestCitationsLinkToReferences(t *testing.T) {
	browserTest(t)
	base := buildSite(t, citeSite)
	b := newBrowser(t)
	tb := b.tab(t)

	type link struct {
		Href, Text string
		Target     bool // an element with the id is on the page, in section.references
	}
	var links []link
	const readLinks = `[...document.querySelectorAll('.citation a, .scalesite-source a')].map(a => {
  const el = document.getElementById(decodeURIComponent(a.hash.slice(1)));
  return {Href: a.getAttribute('href'), Text: a.textContent, Target: !!el && !!el.closest('section.references')};
})`
	err := chromedp.Run(tb.ctx,
		chromedp.Navigate(base+"/author/"),
		tb.waitCharts(1),
		tb.waitSettled(),
		chromedp.Evaluate(readLinks, &links),
	)
	if err != nil {
		t.Fatal(err)
	}
	wantTexts := []string{"Kaplan et al., 2020", "Kaplan et al., 2020", "Hoffmann et al., 2022", "Hoffmann et al., 2022"}
	if len(links) != len(wantTexts) {
		t.Fatalf("links = %+v, want %d (three in the prose, one under the chart)", links, len(wantTexts))
	}
	for i, l := range links {
		if !l.Target || l.Text != wantTexts[i] {
			t.Errorf("link %d = %+v, want the text %q and its target in the references list", i, l, wantTexts[i])
		}
	}

	// Following the chart's source scrolls to the entry, which becomes the
	// :target.
	var before, after struct {
		Top, Height float64
		Target      bool
		Hash        string
	}
	const where = `(() => { const r = document.getElementById('ref-hoffmann2022').getBoundingClientRect();
  return {Top: r.top, Height: innerHeight, Target: document.getElementById('ref-hoffmann2022').matches(':target'), Hash: location.hash}; })()`
	var scrolled bool
	err = chromedp.Run(tb.ctx,
		chromedp.Evaluate(`scrollTo(0, 0)`, nil),
		chromedp.Evaluate(where, &before),
		chromedp.Click(`.scalesite-source a`, chromedp.ByQuery),
		chromedp.Poll(`location.hash === '#ref-hoffmann2022'`, &scrolled, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(where, &after),
	)
	if err != nil {
		t.Fatal(err)
	}
	if before.Top < before.Height {
		t.Fatalf("the entry is on the first screen already (top %v of %v): the test cannot see a scroll", before.Top, before.Height)
	}
	if !after.Target || after.Top < 0 || after.Top > after.Height {
		t.Errorf("after the click: %+v, want the entry as :target within the window (height %v)", after, after.Height)
	}

	// The list is styled, and differently in dark mode.
	var light, dark string
	const style = `(() => { const s = getComputedStyle(document.querySelector('section.references')); return s.borderTopStyle + ' ' + getComputedStyle(document.querySelector('.ref-title')).color; })()`
	err = chromedp.Run(tb.ctx,
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
		chromedp.Evaluate(style, &light),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
		chromedp.Evaluate(style, &dark),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
	)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(light, "solid ") || light == dark {
		t.Errorf("references style: light %q, dark %q; want a rule above the list and colours per scheme", light, dark)
	}
	tb.saveScreenshot(t, "citations-author-year")

	// Numbered citations on the other page.
	var numbers []link
	var marker string
	err = chromedp.Run(tb.ctx,
		chromedp.Navigate(base+"/numeric/"),
		chromedp.WaitReady(`section.references`, chromedp.ByQuery),
		chromedp.Evaluate(readLinks, &numbers),
		chromedp.Evaluate(`getComputedStyle(document.querySelector('.references-list li'), '::before').content`, &marker),
	)
	if err != nil {
		t.Fatal(err)
	}
	if len(numbers) != 2 || numbers[0].Text != "1" || numbers[1].Text != "2" || !numbers[0].Target || !numbers[1].Target {
		t.Errorf("numeric links = %+v, want 1 and 2, each with its entry", numbers)
	}
	if !strings.Contains(marker, "counter(ref)") && !strings.Contains(marker, "[") {
		t.Errorf("the numbered list's marker is %q, want [n]", marker)
	}
	if f := tb.foreignRequests(base); len(f) > 0 {
		t.Errorf("requests to other hosts: %v", f)
	}
}
