package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// texTitleSite is a site whose titles and headings hold TeX (issue 34).
var texTitleSite = map[string]string{
	"scalesite.yaml": "title: Lab\n",
	"content/loss.md": "---\ntitle: 'Loss falls as $a + b \\log N$'\ndate: 2025-01-02\ndescription: A law.\ntoc: true\n---\n" +
		"## $L(N) = E + A N^{-\\alpha}$\n\nText.\n\n## Kaplan's $N^{-\\alpha_N}$\n\nMore.\n",
	"content/plain.md": "---\ntitle: Costs $5 and $10\ndate: 2025-01-01\n---\nText.\n",
}

// typesetJS reports, for each selector, how many KaTeX formulas it holds
// that the browser lays out as KaTeX does (the stylesheet applied: the
// formula's MathML, for screen readers, clipped out of sight, and its
// letters in KaTeX's fonts), and the tab's title.
const typesetJS = `
const count = sel => Array.from(document.querySelectorAll(sel + ' .katex')).filter(k => {
  const ml = k.querySelector('.katex-mathml');
  const html = k.querySelector('.katex-html');
  return ml && html && getComputedStyle(ml).position === 'absolute' &&
    html.getBoundingClientRect().width > 0 && getComputedStyle(k).fontFamily.includes('KaTeX');
}).length;
return {H1: count('h1'), TOC: count('nav.toc'), List: count('.post-item-title'), Nav: count('.post-nav'),
  Results: count(".search-title"), Sections: count(".search-sections"), Marks: Array.from(document.querySelectorAll(".search-title mark")).map(m => m.textContent), Title: document.title,
  Scripts: document.querySelectorAll('.search-results script, .search-results [onerror], .search-results [onload]').length};`

// TestTeXInTitles loads a page whose title and headings hold TeX, the home
// page and the search page in Chromium: the h1, the contents, the home
// page's list, the link to the next page and the search results show the
// formulas typeset by KaTeX, and the tab's title the plain form.
func TestTeXInTitles(t *testing.T) {
	browserTest(t)
	base := buildSite(t, texTitleSite)
	b := newBrowser(t)
	tb := b.tab(t)
	type shown struct {
		H1, TOC, List, Nav, Results, Sections, Scripts int
		Title                                          string
		Marks                                          []string
	}
	read := func(address string, wait chromedp.Action) shown {
		t.Helper()
		if err := chromedp.Run(tb.ctx, chromedp.Navigate(base+address), wait); err != nil {
			t.Fatal(err)
		}
		var s shown
		if err := tb.evalJSON(typesetJS, &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	var ok bool
	fonts := chromedp.Poll(`document.readyState === 'complete' && document.fonts.status === 'loaded'`, &ok, chromedp.WithPollingTimeout(60*time.Second))

	page := read("/loss/", fonts)
	tb.saveScreenshot(t, "tex-title-page")
	if page.H1 != 1 || page.TOC != 2 || page.Title != "Loss falls as a + b log N · Lab" {
		t.Errorf("the page: %+v, want its h1 and two contents entries typeset, its tab titled in plain text", page)
	}
	if older := read("/plain/", fonts); older.Nav != 1 || older.H1 != 0 || older.Title != "Costs $5 and $10 · Lab" {
		t.Errorf("the older page: %+v, want the link to the newer typeset, its own title of dollars as written", older)
	}
	home := read("/", fonts)
	tb.saveScreenshot(t, "tex-title-home")
	if home.List != 1 {
		t.Errorf("the home page: %+v, want the page's title typeset in the list", home)
	}
	search := read("/search/?q=loss", chromedp.Tasks{
		chromedp.Poll(`document.documentElement.getAttribute('data-search-ready') === 'ready' && document.querySelectorAll('.search-result').length > 0`, &ok, chromedp.WithPollingTimeout(60*time.Second)),
		fonts,
	})
	tb.saveScreenshot(t, "tex-title-search")
	if search.Results != 1 || search.Scripts != 0 || strings.Join(search.Marks, ",") != "Loss" {
		t.Errorf("search for loss: %+v, want the result's title typeset, its word Loss marked", search)
	}
	sections := read("/search/?q=kaplan", chromedp.Tasks{
		chromedp.Poll(`document.documentElement.getAttribute('data-search-ready') === 'ready' && document.querySelectorAll('.search-sections a').length > 0`, &ok, chromedp.WithPollingTimeout(60*time.Second)),
		fonts,
	})
	if sections.Sections != 1 || sections.Results != 1 {
		t.Errorf("search for kaplan: %+v, want the result and its section typeset", sections)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.errors) > 0 || len(tb.dialogs) > 0 {
		t.Errorf("failed loads %q, dialogs %q", tb.errors, tb.dialogs)
	}
	for _, r := range tb.requests {
		if strings.Contains(r, "katex") && !strings.HasPrefix(r, base) {
			t.Errorf("KaTeX's files from another host: %s", r)
		}
	}
}
