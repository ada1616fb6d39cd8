package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/scalesite/scalesite/internal/sitetest"
	"github.com/scalesite/scalesite/pipeline"
)

// TestSearch types queries into the search page, in Chromium, and follows
// a result to its section.
func TestSearch(t *testing.T) {
	browserTest(t)
	dest := t.TempDir()
	files := map[string]string{
		"scalesite.yaml":   "title: Lab\nbaseURL: /lab/\n",
		"content/index.md": "Welcome.\n",
		"content/audio/index.md": "---\ntitle: Audio models\ndate: 2025-03-01\ndescription: ROC-AUC against parameters.\ntags: [audio]\n---\n" +
			"## Fitting the power law\n\nText.\n\n## Über die Daten\n\nText.\n",
		"content/loss.md":  "---\ntitle: Loss curves\ndate: 2025-02-01\ndescription: Loss falls as a power of compute.\n---\n## Setup\n\nText.\n",
		"content/notes.md": "---\ntitle: Notes on <script>alert(1)</script>\ndate: 2025-01-01\n---\nText.\n",
	}
	if _, err := pipeline.Run(pipeline.Options{Source: sitetest.New(t, files), Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	srv := serveUnder(t, dest, "/lab/")
	base := srv.URL + "/lab"
	b := newBrowser(t)
	tb := b.tab(t)
	ctx := tb.ctx
	var ok bool
	ready := chromedp.Poll(`document.documentElement.getAttribute('data-search-ready') !== null`, &ok, chromedp.WithPollingTimeout(60*time.Second))
	results := func(want int) chromedp.Action {
		return chromedp.Poll(fmt.Sprintf(`document.querySelectorAll('.search-result').length === %d && document.querySelector('.search-status').textContent !== ''`, want),
			&ok, chromedp.WithPollingTimeout(60*time.Second))
	}
	type result struct {
		Title, Href string
		Marks       []string
		Sections    []string
	}
	read := func(out *[]result, status *string) chromedp.Action {
		return chromedp.Tasks{
			chromedp.Evaluate(`Array.from(document.querySelectorAll('.search-result')).map(li => ({
				Title: li.querySelector('.search-title').textContent,
				Href: li.querySelector('.search-title').getAttribute('href'),
				Marks: Array.from(li.querySelectorAll('mark')).map(m => m.textContent),
				Sections: Array.from(li.querySelectorAll('.search-sections a')).map(a => a.getAttribute('href'))}))`, out),
			chromedp.Evaluate(`document.querySelector('.search-status').textContent`, status),
		}
	}

	var got []result
	var status, address string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/search/"),
		ready,
		chromedp.Click(`#search-query`, chromedp.ByQuery),
		chromedp.SendKeys(`#search-query`, "pow", chromedp.ByQuery),
		results(2),
		read(&got, &status),
		chromedp.Evaluate(`location.pathname + location.search`, &address),
	); err != nil {
		t.Fatal(err)
	}
	want := []result{
		{"Audio models", "/lab/audio/", []string{"pow"}, []string{"/lab/audio/#fitting-the-power-law"}},
		{"Loss curves", "/lab/loss/", []string{"pow"}, nil},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || status != "2 pages match “pow”." {
		t.Errorf("results for pow:\n got %v, %q\nwant %v", got, status, want)
	}
	if address != "/lab/search/?q=pow" {
		t.Errorf("the address is %s, want the query in it", address)
	}

	// Every word must match; accents and case do not matter; a title that
	// holds markup is text.
	for _, tc := range []struct {
		query  string
		n      int
		status string
		first  string
	}{
		{"loss compute", 1, "One page matches “loss compute”.", "Loss curves"},
		{"UBER", 1, "One page matches “UBER”.", "Audio models"},
		{"script", 1, "One page matches “script”.", "Notes on <script>alert(1)</script>"},
		{"loss audio", 0, "No page matches “loss audio”.", ""},
		{"wer", 0, "No page matches “wer”.", ""}, // "power" holds it, but no word starts with it
	} {
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`document.getElementById('search-query').value = ''`, nil),
			chromedp.SendKeys(`#search-query`, tc.query, chromedp.ByQuery),
			chromedp.Poll(`document.querySelector('.search-status').textContent === `+jsString(tc.status), &ok, chromedp.WithPollingTimeout(60*time.Second)),
			results(tc.n),
			read(&got, &status),
		); err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		if tc.n > 0 && got[0].Title != tc.first {
			t.Errorf("%s: first result %q, want %q", tc.query, got[0].Title, tc.first)
		}
	}
	if len(tb.dialogs) > 0 {
		t.Errorf("a title ran script: %q", tb.dialogs)
	}

	// A search in the address is run on load; a section link leads to its
	// heading.
	var heading string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(base+"/search/?q=daten"),
		ready,
		results(1),
		read(&got, &status),
	); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].Sections) != 1 {
		t.Fatalf("results for daten: %v", got)
	}
	var link string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('.search-sections a').href`, &link),
		chromedp.ActionFunc(func(ctx context.Context) error { return chromedp.Navigate(link).Do(ctx) }),
		chromedp.Evaluate(`location.pathname + ' ' + (document.getElementById(decodeURIComponent(location.hash.slice(1))) || {}).textContent`, &heading),
	); err != nil {
		t.Fatal(err)
	}
	if heading != "/lab/audio/ Über die Daten" {
		t.Errorf("the section link leads to %q", heading)
	}

	// The header of every page leads to the search page, and pressing
	// Enter keeps the reader on it.
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('.site-search').href`, &link),
		chromedp.ActionFunc(func(ctx context.Context) error { return chromedp.Navigate(link).Do(ctx) }),
		ready,
		chromedp.SendKeys(`#search-query`, "notes"+kb.Enter, chromedp.ByQuery),
		results(1),
		chromedp.Evaluate(`location.pathname + location.search`, &address),
	); err != nil {
		t.Fatal(err)
	}
	if address != "/lab/search/?q=notes" {
		t.Errorf("after Enter the address is %s", address)
	}
	if foreign := tb.foreignRequests(base); len(foreign) > 0 {
		t.Errorf("requests to other hosts: %v", foreign)
	}
	if outside := srv.outside(); len(outside) > 0 {
		t.Errorf("requests outside /lab/: %v", outside)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.errors) > 0 {
		t.Errorf("errors: %v", tb.errors)
	}
}

// jsString quotes s as a JavaScript string.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
