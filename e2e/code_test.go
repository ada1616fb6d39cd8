package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// codePage is a page with a table of contents, highlighted and plain code,
// and a figure.
const codePage = "---\ntitle: Code\ntoc: true\n---\n" +
	"## Setup & data\n\nThe training config:\n\n" +
	"```python\nimport torch\nloss = (n_c / n) ** 0.076\n```\n\n" +
	"### The command\n\n```\nscalesite build <src>\n```\n\n" +
	"## Results\n\n![Loss curve](loss.png \"Loss against compute.\")\n\n" +
	"### Fitted law {#law}\n\nIndented code:\n\n    L = (C_c / C) ** 0.05\n"

// cssColor turns #rrggbb into the rgb(r, g, b) a browser computes.
func cssColor(t *testing.T, hex string) string {
	t.Helper()
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if err != nil || len(hex) != 7 {
		t.Fatalf("colour %q in code.css", hex)
	}
	return fmt.Sprintf("rgb(%d, %d, %d)", v>>16, v>>8&0xff, v&0xff)
}

// keywordColors reads the colour code.css gives a keyword of an import
// (class kn) in the light scheme and under prefers-color-scheme: dark.
func keywordColors(t *testing.T) (light, dark string) {
	t.Helper()
	css, err := os.ReadFile("../themes/default/assets/code.css")
	if err != nil {
		t.Fatal(err)
	}
	lightCSS, darkCSS, ok := strings.Cut(string(css), "@media (prefers-color-scheme: dark)")
	if !ok {
		t.Fatal("code.css has no dark scheme")
	}
	rule := regexp.MustCompile(`\.chroma \.kn \{ color: (#[0-9a-f]{6})`)
	l, d := rule.FindStringSubmatch(lightCSS), rule.FindStringSubmatch(darkCSS)
	if l == nil || d == nil {
		t.Fatal("code.css colours no .kn in one of the schemes")
	}
	return cssColor(t, l[1]), cssColor(t, d[1])
}

// TestCode checks, in Chromium, highlighted code in both colour schemes,
// the copy button (through the Clipboard API and through its fallback), the
// table of contents and a figure.
func TestCode(t *testing.T) {
	browserTest(t)
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 640, 360))); err != nil {
		t.Fatal(err)
	}
	base := buildSite(t, map[string]string{
		"scalesite.yaml":         "title: Code test\n",
		"content/code/index.md":  codePage,
		"content/code/loss.png":  img.String(),
		"content/plain/index.md": "---\ntitle: Plain\n---\nNo code here.\n",
	})
	u, _ := url.Parse(base)
	origin := u.Scheme + "://" + u.Host
	b := newBrowser(t)
	tb := b.tab(t)
	ctx := tb.ctx
	poll := func(js string) chromedp.Action {
		var ok bool
		return chromedp.Poll(js, &ok, chromedp.WithPollingTimeout(60*time.Second))
	}
	if err := chromedp.Run(ctx,
		cdpbrowser.SetPermission(&cdpbrowser.PermissionDescriptor{Name: "clipboard-read"}, cdpbrowser.PermissionSettingGranted).WithOrigin(origin),
		cdpbrowser.SetPermission(&cdpbrowser.PermissionDescriptor{Name: "clipboard-write", AllowWithoutSanitization: true}, cdpbrowser.PermissionSettingGranted).WithOrigin(origin),
		chromedp.Navigate(base+"/code/"),
		poll(`document.querySelectorAll('.code-copy').length === 3`),
	); err != nil {
		t.Fatal(err)
	}

	t.Run("highlighted in light and dark", func(t *testing.T) {
		wantLight, wantDark := keywordColors(t)
		if wantLight == wantDark {
			t.Fatalf("code.css gives keywords %s in both schemes", wantLight)
		}
		color := `getComputedStyle(document.querySelector('pre.chroma .kn')).color`
		var light, dark, text string
		if err := chromedp.Run(ctx,
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
			chromedp.Evaluate(color, &light),
			chromedp.Evaluate(`document.querySelector('pre.chroma .kn').textContent`, &text),
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}),
			chromedp.Evaluate(color, &dark),
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
		); err != nil {
			t.Fatal(err)
		}
		if text != "import" {
			t.Errorf("the keyword token is %q, want import", text)
		}
		if light != wantLight || dark != wantDark {
			t.Errorf("keyword colour: light %s, dark %s; code.css says %s and %s", light, dark, wantLight, wantDark)
		}
	})

	t.Run("copy through the Clipboard API", func(t *testing.T) {
		var label, status, copied, button, wrote string
		var copyEvents int
		if err := chromedp.Run(ctx,
			// What the button hands the Clipboard API, and any copy event
			// (which only the fallback makes).
			chromedp.Evaluate(`window.copyEvents = 0;
				document.addEventListener('copy', () => window.copyEvents++);
				const write = navigator.clipboard.writeText.bind(navigator.clipboard);
				navigator.clipboard.writeText = text => { window.wrote = text; return write(text); };
				true`, nil),
			chromedp.AttributeValue(`.code-block .code-copy`, "aria-label", &label, nil),
			chromedp.Click(`.code-block .code-copy`, chromedp.ByQuery),
			poll(`document.querySelector('.code-status') && document.querySelector('.code-status').textContent.startsWith('Code copied')`),
			chromedp.Evaluate(`document.querySelector('.code-status').textContent`, &status),
			chromedp.Evaluate(`document.querySelector('.code-block .code-copy').textContent`, &button),
			chromedp.Evaluate(`navigator.clipboard.readText()`, &copied, awaitPromise),
			chromedp.Evaluate(`window.wrote`, &wrote),
			chromedp.Evaluate(`window.copyEvents`, &copyEvents),
		); err != nil {
			t.Fatal(err)
		}
		if wrote != copied || copyEvents != 0 {
			t.Errorf("the button wrote %q with the Clipboard API and made %d copy events; want the API alone", wrote, copyEvents)
		}
		if label != "Copy code" {
			t.Errorf("the button's label is %q", label)
		}
		var role string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector('.code-status').getAttribute('role')`, &role)); err != nil || role != "status" {
			t.Errorf("the status region has role %q (%v), want status", role, err)
		}
		if button != "Copied" {
			t.Errorf("the button says %q after copying, want Copied", button)
		}
		if want := "import torch\nloss = (n_c / n) ** 0.076\n"; copied != want {
			t.Errorf("the clipboard holds %q, want %q", copied, want)
		}
	})

	t.Run("copy through the fallback", func(t *testing.T) {
		// Without the Clipboard API (a page over plain http on another host
		// than localhost), the button copies a selection with execCommand;
		// the copy event says what was copied.
		var copied, event, status string
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`window.realClipboard = navigator.clipboard;
				Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});
				document.addEventListener('copy', function (e) {
					var el = e.target;
					window.copiedText = el && el.value !== undefined ? el.value.slice(el.selectionStart, el.selectionEnd) : String(getSelection());
				});
				true`, nil),
			// A real click: a browser copies only for a reader's gesture.
			chromedp.ActionFunc(func(ctx context.Context) error {
				var buttons []*cdp.Node
				if err := chromedp.Nodes(`.code-copy`, &buttons, chromedp.ByQueryAll).Do(ctx); err != nil {
					return err
				}
				return chromedp.MouseClickNode(buttons[1]).Do(ctx)
			}),
			poll(`typeof window.copiedText === 'string'`),
			chromedp.Evaluate(`window.copiedText`, &event),
			chromedp.Evaluate(`document.querySelector('.code-status').textContent`, &status),
			chromedp.Evaluate(`window.realClipboard.readText()`, &copied, awaitPromise),
		); err != nil {
			t.Fatal(err)
		}
		if want := "scalesite build <src>\n"; event != want || copied != want {
			t.Errorf("copied %q, the clipboard holds %q; want %q", event, copied, want)
		}
		if !strings.HasPrefix(status, "Code copied") {
			t.Errorf("status %q", status)
		}
	})

	t.Run("indented code gets a button too", func(t *testing.T) {
		var n int
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('.code-block > pre').length`, &n)); err != nil {
			t.Fatal(err)
		}
		if n != 3 {
			t.Errorf("%d wrapped blocks, want 3", n)
		}
	})

	t.Run("contents link to headings", func(t *testing.T) {
		var links []struct{ Href, Text, Target string }
		if err := chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll('nav.toc[aria-label="Contents"] a')).map(a => {
			const el = document.getElementById(decodeURIComponent(a.hash.slice(1)));
			return {Href: a.getAttribute('href'), Text: a.textContent, Target: el ? el.tagName + ' ' + el.textContent : ''};
		})`, &links)); err != nil {
			t.Fatal(err)
		}
		want := []struct{ Href, Text, Target string }{
			{"#setup--data", "Setup & data", "H2 Setup & data"},
			{"#the-command", "The command", "H3 The command"},
			{"#results", "Results", "H2 Results"},
			{"#fitted-law-law", "Fitted law {#law}", "H3 Fitted law {#law}"},
		}
		if fmt.Sprint(links) != fmt.Sprint(want) {
			t.Errorf("contents:\n got %v\nwant %v", links, want)
		}
		var nested int
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll('nav.toc > ul > li > ul > li').length`, &nested)); err != nil || nested != 2 {
			t.Errorf("%d nested entries (%v), want 2", nested, err)
		}
	})

	t.Run("figure", func(t *testing.T) {
		var fig struct {
			Width, Height, NaturalWidth, NaturalHeight string
			Caption, Alt                               string
		}
		if err := chromedp.Run(ctx,
			poll(`document.querySelector('figure img').complete`),
			chromedp.Evaluate(`(() => { const i = document.querySelector('figure > img');
				return {Width: i.getAttribute('width'), Height: i.getAttribute('height'), NaturalWidth: String(i.naturalWidth),
					NaturalHeight: String(i.naturalHeight), Caption: i.parentElement.querySelector('figcaption').textContent, Alt: i.alt}; })()`, &fig),
		); err != nil {
			t.Fatal(err)
		}
		if fig.Width != "640" || fig.Height != "360" || fig.NaturalWidth != "640" || fig.NaturalHeight != "360" {
			t.Errorf("the image is %s×%s in the page and %s×%s loaded, want 640×360", fig.Width, fig.Height, fig.NaturalWidth, fig.NaturalHeight)
		}
		if fig.Caption != "Loss against compute." || fig.Alt != "Loss curve" {
			t.Errorf("caption %q, alt %q", fig.Caption, fig.Alt)
		}
	})

	t.Run("no script where there is no code", func(t *testing.T) {
		var scripts int
		if err := chromedp.Run(ctx,
			chromedp.Navigate(base+"/plain/"),
			chromedp.Evaluate(`document.querySelectorAll('script[src*="code."], link[href*="code."]').length`, &scripts),
		); err != nil {
			t.Fatal(err)
		}
		if scripts != 0 {
			t.Errorf("a page without code loads %d code assets", scripts)
		}
	})

	if foreign := tb.foreignRequests(base); len(foreign) > 0 {
		t.Errorf("requests to other hosts: %v", foreign)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.errors) > 0 {
		t.Errorf("errors: %v", tb.errors)
	}
}
