package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMovedPageInChromium is a save that moves a page in the site's order
// (its date), which the preview patches, seen by two browsers: one showing
// the page and one showing the home page, whose listing it shifts. Both
// end showing the save: the page its new text, the home page the page in
// its new place.
func TestMovedPageInChromium(t *testing.T) {
	b := newBrowser(t)
	dir := copyDemo(t)
	hs := startPreview(t, dir, os.Stderr)

	pageTab, homeTab := b.tab(t), b.tab(t)
	pageTab.open(t, hs.URL+"/audio-models/", 1)
	pageTab.waitLive(t)
	if err := chromedp.Run(homeTab.ctx, chromedp.Navigate(hs.URL+"/")); err != nil {
		t.Fatal(err)
	}
	homeTab.waitLive(t)
	// The home page lists the newest first: the audio page (2025-03-01) comes
	// after the gallery (2026-11-27) until it is dated anew.
	const audioFirst = `(() => { const links = [...document.querySelectorAll('main a')].map(a => new URL(a.href).pathname);
		const audio = links.indexOf('/audio-models/'), gallery = links.indexOf('/gallery/');
		return audio >= 0 && gallery >= 0 && audio < gallery; })()`
	var before bool
	homeTab.eval(t, `return `+audioFirst, &before)
	if before {
		t.Fatal("the home page lists the audio page before the gallery already: the test would prove nothing")
	}

	page := filepath.Join(dir, "content", "audio-models", "index.md")
	orig, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	moved := bytes.Replace(orig, []byte("date: 2025-03-01"), []byte("date: 2027-01-01"), 1)
	if bytes.Equal(moved, orig) {
		t.Fatal("the audio page's date is not 2025-03-01 any more: update the test")
	}
	moved = append(moved, "\nA sentence added with the new date.\n"...)
	if err := os.WriteFile(page, moved, 0o644); err != nil {
		t.Fatal(err)
	}
	pageTab.poll(t, "the moved page never showed its new text", `document.body.innerText.includes('A sentence added with the new date.')`)
	homeTab.poll(t, "the home page never listed the moved page first", audioFirst)
}
